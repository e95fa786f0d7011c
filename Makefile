# Cairn: two commands do all the set-up on a fresh Debian machine.
#   make run    install missing packages, build, render the bundled samples into out/, then serve
#               Samples/cairn.yml on http://127.0.0.1:8080 until Ctrl-C
#   make check  build, run the fast tests (unit tests and in-process router tests)
#   make test   install missing packages, build, run every test (and check the docs against the code,
#               and build and run Examples/ against a tagged clone, as a package depending on Cairn)
#   make bench  release build, print medians and ratios against baselines measured in the same run
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/cairn
OUT ?= out

.PHONY: deps venv build run check test bench clean docs fuzz test-asan test-c soak

# DEPS: the kinds of packages (scripts/packages.txt) deps installs; the Dockerfile's build stage takes build alone.
DEPS ?= build test
deps:
	@scripts/install-deps.sh $(DEPS)

# SWIFT_BUILD_FLAGS: more for swift build (the Dockerfile's --static-swift-stdlib).
build: deps
	$(SWIFT) build -c $(CONFIG) --product cairn $(SWIFT_BUILD_FLAGS)

run: build
	@scripts/render-samples.sh $(BIN) $(OUT)
	@scripts/serve-samples.sh $(BIN)

# Every phase timed (scripts/test-phase.sh), the table printed at the end (or at the failing phase).
PHASES = .build/test-phases
PHASE = scripts/test-phase.sh $(PHASES)
test:
	@mkdir -p .build && rm -f $(PHASES)
	@$(PHASE) deps scripts/install-deps.sh build test
	@$(PHASE) venv scripts/test-venv.sh
	$(PHASE) build $(SWIFT) build --build-tests
	$(PHASE) ccodecs scripts/test-ccodecs.sh
	SWIFT=$(SWIFT) $(PHASE) swift-tests scripts/test-swift.sh
	$(PHASE) openapi scripts/test-openapi.sh .build/debug/cairn
	$(PHASE) gis scripts/test-gis.sh .build/debug/cairn
	$(PHASE) cluster scripts/test-cluster.sh .build/debug/cairn
	$(PHASE) browser scripts/test-browser.sh .build/debug/cairn
	$(PHASE) docs scripts/test-docs.sh .build/debug/cairn
	$(PHASE) package scripts/test-package.sh .build/debug/cairn
	@scripts/test-phase.sh --table $(PHASES)

# The fast tier: unit tests and in-process router tests, no process, no
# socket, no sleep. Suites that start a process or a server carry the `.process` trait and wait for
# `make test` (Tests/TestTier); CLITests (the `cairn` executable) and ClustersPostgresTests
# (PostgreSQL) are that tier whole.
CHECK_LIMIT ?= 600
check: deps
	$(SWIFT) build --build-tests
	CAIRN_TEST_TIER=check SWIFT=$(SWIFT) scripts/test-swift.sh $(CHECK_LIMIT) --skip '^(CLITests|ClustersPostgresTests)\.'

# Every test once under AddressSanitizer (Swift and C code), in its own build directory .build-asan;
# the few third-party reports are suppressed in scripts/asan/*.supp, each with its reason.
test-asan: export ASAN_OPTIONS = suppressions=$(CURDIR)/scripts/asan/asan.supp
test-asan: export LSAN_OPTIONS = suppressions=$(CURDIR)/scripts/asan/lsan.supp:print_suppressions=0
# The sanitized build runs about ten times slower: servers get longer to start. Tests that measure
# latencies or timeouts (SlowClientTests, the PostgreSQL timeout tests) can still miss theirs here.
test-asan: export CAIRN_TEST_TIME_SCALE = 4
test-asan: deps venv
	$(SWIFT) build --build-tests --scratch-path .build-asan --sanitize=address
	$(SWIFT) test --skip-build --scratch-path .build-asan --sanitize=address 2>&1 | grep -v '^◇'
	scripts/test-cluster.sh .build-asan/debug/cairn

# libFuzzer targets (Fuzz/, scripts/fuzz.sh) built with ASan in .build-fuzz, each run FUZZ_SECONDS
# from its seeds; FUZZ_TARGET=PNGDecode runs one. Findings land in .build-fuzz/fuzz/artifacts.
FUZZ_SECONDS ?= 60
FUZZ_TARGET ?=
fuzz: deps test-c
	scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGET)

# The C suite of CCodecs (Tests/CCodecsSuite) built with gcc and clang at -O1, -O2 and -O3, plain and
# under ASan + UBSan, under valgrind, and for aarch64 under qemu (scripts/test-ccodecs.sh --matrix,
# about 4 minutes: too long for `make test`, which runs the gcc -O2 builds of both architectures).
test-c: deps
	scripts/test-ccodecs.sh --matrix

# The Python packages the tests decode Cairn's output with, in .venv (quick when already there).
venv: deps
	@scripts/test-venv.sh

# The commit whose cairn the serving benchmark also runs, as the yardstick of issue 21's serving rates
# (scripts/build-baseline.sh: built once, about 15 minutes); `make bench BASELINE=` leaves it out.
BASELINE ?= 1c73cc5
bench: deps venv
	@scripts/install-deps.sh bench
	$(SWIFT) build -c release
	$(if $(BASELINE),scripts/build-baseline.sh $(BASELINE) > .build/baseline-path,rm -f .build/baseline-path)
	.build/release/CairnBench
	CAIRN_BASELINE="$$(cat .build/baseline-path 2>/dev/null)" scripts/bench-serve.sh .build/release/cairn
	scripts/bench-live.sh .build/release/cairn
	scripts/bench-cache.sh .build/release/cairn
	scripts/bench-purge-load.sh .build/release/cairn
	scripts/bench-clusters-memory.sh .build/release/cairn
	scripts/bench-dataset-refresh.sh .build/release/cairn
	scripts/bench-grid.sh .build/release/CairnBench
	scripts/bench-heatmap.sh .build/release/CairnBench

# 10 minutes of mixed load on the release server (scripts/soak.sh): RSS, descriptors and the cache
# stay flat, every answer has its expected status. Not part of `make test`.
SOAK_SECONDS ?= 600
soak: deps
	@scripts/install-deps.sh soak
	$(SWIFT) build -c release --product cairn
	SOAK_SECONDS=$(SOAK_SECONDS) scripts/soak.sh .build/release/cairn

# The pictures of the README and docs/, then the command-line reference in docs/cli.md and the man
# pages in docs/man/ from the commands themselves (`cairn --experimental-dump-help`); commit the result.
# Then the library products' DocC archives (Sources/PRODUCT/Documentation.docc), in
# .build/plugins/Swift-DocC/outputs/PRODUCT.doccarchive.
DOCC_PRODUCTS = Canvas Codecs Markers Tiles RemoteTiles Clusters
docs: build
	@scripts/install-deps.sh docs
	@scripts/render-docs.sh $(BIN)
	@scripts/docs-reference.py $(BIN) docs
	$(SWIFT) package generate-documentation $(addprefix --target ,$(DOCC_PRODUCTS))

clean:
	rm -rf .build $(OUT)
