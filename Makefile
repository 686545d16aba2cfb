# make run   — build and run the main job (the 7-day forecast for Moscow: live with no keys, the labelled sample offline)
# make test  — check the format, build warnings-free and run every test (offline; a loopback server, never the internet)
# make test-fast — every test but those of the built binary (Tests/BinaryTests), in parallel
# make bench — build in release mode and run the benchmarks
# make fuzz  — fuzz every reader for FUZZ_SECONDS (60) each and print a table (see Fuzz/README.md)
# make install [PREFIX=/usr/local] [DESTDIR=] — the program, its sample data, the manual and the
#              bash/zsh/fish completions under PREFIX; make uninstall removes exactly those
# make dist  — dist/almanac-VERSION-linux-ARCH.tar.gz (runs without Swift; needs libcurl4) and its SHA-256
# make deb   — dist/almanac_VERSION_ARCH.deb (apt install ./dist/almanac_….deb; depends on libcurl4)
SWIFT ?= swift
# Release builds only: type metadata by direct accessors instead of mangled-name lookups that scan
# every conformance record (not in Package.swift: SwiftPM refuses unsafe flags in a dependency).
RELEASE_FLAGS ?= -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

PREFIX ?= /usr/local
DESTDIR ?=
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/AlmanacCore/Platform/AlmanacVersion.swift)
ARCH := $(shell uname -m)
# The shipped build: release, the Swift runtime linked in, in its own build folder.
STATIC := .build-static
STAGE := $(STATIC)/stage
DEB_STAGE := $(STATIC)/stage-deb
MANUAL := .build/plugins/GenerateManual/outputs/almanac/almanac.1

# make readme — rewrite README's console blocks from a real run (scripts/readme-examples.py)
# make example — build and run Examples/forecast, a package that uses only the public API
.PHONY: readme docs run test test-fast lint bench fuzz deps build clean release stage install uninstall dist deb install-test example

deps:
	@ALMANAC_NEED_TMUX=$(NEED_TMUX) ALMANAC_NEED_WTTR_CLIENT=$(NEED_TMUX) ./scripts/install-deps.sh

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run almanac weather forecast Moscow

test: NEED_TMUX=1
test: deps lint
	@mkdir -p .build
	@bash -o pipefail -c '$(SWIFT) build --build-tests 2>&1 | tee .build/test-build.log'
	@if grep -E '^$(CURDIR)/(Sources|Tests)/.*: warning:' .build/test-build.log; then echo "the build has warnings"; exit 1; fi
	$(SWIFT) test --skip-build

# Every test but Tests/BinaryTests (what only the built binary shows: docs/development.md,
# "Running the program in process"), each test in a process of its own, as many at once as cores:
# what a change is usually checked with.
test-fast: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --skip BinaryTests

readme: build
	python3 scripts/readme-examples.py "$$($(SWIFT) build --show-bin-path)/almanac" --write

# The generated parts of the docs: docs/app.md's screens from the app's own frames
# (AppScreensDocTests), architecture §4's table from the answer machine's rows (AnswerMachineTests).
docs: deps
	$(SWIFT) build --build-tests
	ALMANAC_WRITE_DOCS=1 $(SWIFT) test --skip-build --filter 'AppScreensDocTests|AnswerMachineTests'

# The repository's .swift-format, strictly: a finding fails the build. The project's rules
# (scripts/check-rules.py): text reaches the terminal only through its writers; no function over
# 40 lines, no file over 350; no JSON spliced from strings; every figure in docs/benchmarks.md
# names its commit. What the docs claim (scripts/check-claims.py): §5's threads, locks and
# `@unchecked Sendable` types are the code's; every code name in backticks exists; each page
# says whom it is for; a fuzz target for every provider; no committed file over 1 MB — and it
# prints the largest files and functions. Links between README.md and docs/ lead to a file and
# heading that exist (scripts/check-links.py), and every docs file, section (§N) and heading a
# comment cites exists (scripts/check-citations.py). docs/architecture.md §1's table of modules
# is Package.swift's targets (scripts/check-modules.py). The layers (scripts/check-layers.py): no
# module re-exports another; the shared parts import no provider or feature and name none. Every
# public declaration (the AlmanacKit product's API, `Almanac`) has a doc comment. A Double becomes a
# rounded Int only through Int(rounding:), which a hostile answer's 1e20 cannot trap (scripts/check-numbers.py).
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift Examples
	python3 scripts/check-rules.py
	python3 scripts/check-claims.py
	python3 scripts/check-links.py
	python3 scripts/check-citations.py
	python3 scripts/check-modules.py
	python3 scripts/check-layers.py
	python3 scripts/check-numbers.py
	@rm -rf "$$($(SWIFT) build --show-bin-path)/../symbolgraph"
	@# The test-discovery modules have no graph until the tests are built; the library modules do.
	@$(SWIFT) package dump-symbol-graph --minimum-access-level public > /dev/null 2>&1 || true
	python3 scripts/check-docs.py "$$($(SWIFT) build --show-bin-path)/../symbolgraph" AlmanacCore AlmanacHTTP AlmanacKit

# The library's one consumer: built against the package by path, run offline on the sample data.
example: deps
	cd Examples/forecast && $(SWIFT) build
	ALMANAC_HOME="$$(mktemp -d)" ALMANAC_OFFLINE=1 ALMANAC_FIXTURES="$(CURDIR)/Fixtures" ALMANAC_TODAY=2026-11-26 \
		Examples/forecast/.build/debug/forecast Moscow

bench: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product almanac-bench
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product almanac
	.build/release/almanac-bench all

fuzz: deps
	./scripts/fuzz.sh

release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --static-swift-stdlib --product almanac --scratch-path $(STATIC)
	$(SWIFT) build -c release $(RELEASE_FLAGS) --static-swift-stdlib --product almanac-server --scratch-path $(STATIC)

# The manual comes from the command definitions (swift-argument-parser's generate-manual plugin).
stage: release
	$(SWIFT) package generate-manual --configuration debug
	./scripts/stage.sh $(STATIC)/release/almanac $(MANUAL) $(STAGE) $(PREFIX)

install: stage
	./scripts/install.sh $(STAGE) "$(DESTDIR)$(PREFIX)"

uninstall:
	./scripts/uninstall.sh "$(DESTDIR)$(PREFIX)"

dist: stage
	./scripts/dist.sh $(STAGE) $(VERSION) $(ARCH)

# The Debian package: the same build staged for /usr, then laid out and built by scripts/deb.sh.
deb: release
	@ALMANAC_NEED_DEB=1 ./scripts/install-deps.sh
	$(SWIFT) package generate-manual --configuration debug
	./scripts/stage.sh $(STATIC)/release/almanac $(MANUAL) $(DEB_STAGE) /usr
	./scripts/deb.sh $(DEB_STAGE) $(VERSION)

# What CI checks of install, uninstall and the tarball (scripts/test-install.sh).
install-test:
	./scripts/test-install.sh

clean:
	rm -rf .build .build-fuzz $(STATIC) dist
