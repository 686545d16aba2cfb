/// The program's version, shown by `--version` and sent as the user agent.
public enum AlmanacVersion {
    public static let current = "0.1.0"
}
