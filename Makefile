# make run   — build and run the main job (the 7-day forecast for Moscow on sample data)
# make test  — build and run every test (offline; a loopback server, never the internet)
# make bench — build in release mode and run the benchmarks
SWIFT ?= swift

.PHONY: run test bench deps build clean

deps:
	@ALMANAC_NEED_TMUX=$(NEED_TMUX) ./scripts/install-deps.sh

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run almanac weather forecast Moscow

test: NEED_TMUX=1
test: deps
	$(SWIFT) test

bench: deps
	$(SWIFT) build -c release --product almanac-bench
	.build/release/almanac-bench all

clean:
	rm -rf .build
