# Folio: the two commands a newcomer needs are `make run` and `make test`.
SWIFT ?= swift
HOME_DIR ?=

.PHONY: run test build release lint format benchmarks clean

## Install what is missing, build, and run Folio on its default container.
run:
	Scripts/setup run
	$(SWIFT) build
	Scripts/tour .build/debug/folio

## Install what is missing and run every test.
test:
	Scripts/setup test
	Scripts/test

build:
	$(SWIFT) build -Xswiftc -warnings-as-errors

release:
	$(SWIFT) build -c release

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

benchmarks:
	Benchmarks/run

clean:
	rm -rf .build
