import AlmanacProgram

// The executable is the program's entry and nothing else: the root command, the parse and the
// exit codes live in AlmanacProgram (docs/architecture.md §1).
Main.main()
