# Cairn: two commands do all the set-up on a fresh Debian machine.
#   make run    install missing packages, build, render the bundled samples into out/, then serve
#               Samples/cairn.yml on http://127.0.0.1:8080 until Ctrl-C
#   make test   install missing packages, build, run every test
#   make bench  release build, print medians and ratios against baselines measured in the same run
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/cairn
OUT ?= out

.PHONY: deps venv build run test bench clean docs

deps:
	@scripts/install-deps.sh build test

build: deps
	$(SWIFT) build -c $(CONFIG) --product cairn

run: build
	@scripts/render-samples.sh $(BIN) $(OUT)
	@scripts/serve-samples.sh $(BIN)

test: deps venv
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build 2>&1 | grep -v '^◇'
	scripts/test-cluster.sh .build/debug/cairn
	scripts/test-browser.sh .build/debug/cairn

# The Python packages the tests decode Cairn's output with, in .venv (quick when already there).
venv: deps
	@scripts/test-venv.sh

bench: deps
	@scripts/install-deps.sh bench
	$(SWIFT) build -c release
	.build/release/CairnBench
	scripts/bench-serve.sh .build/release/cairn

docs: build
	@scripts/render-docs.sh $(BIN)

clean:
	rm -rf .build $(OUT)
