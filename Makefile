# Folio: the two commands a newcomer needs are `make run` and `make test`.
SWIFT ?= swift
HOME_DIR ?=
# The port `make run` serves the app on (0 picks a free one).
PORT ?= 8080

.PHONY: run tour test browser-tests screenshot build release lint format benchmarks clean

## Install what is missing, build, and start the Folio app on its default container
## ($$FOLIO_HOME, else ~/.local/share/folio): open the address it prints. Ctrl-C stops it.
run:
	Scripts/setup run
	$(SWIFT) build
	.build/debug/folio serve --port $(PORT)

## A short tour of the command line on the default container.
tour:
	Scripts/setup run
	$(SWIFT) build
	Scripts/tour .build/debug/folio

## Install what is missing and run every test.
test:
	Scripts/setup test
	Scripts/test

## Only the browser tests (headless Chromium); screenshots in artifacts/browser/.
browser-tests:
	Scripts/setup test
	$(SWIFT) build
	Scripts/browser-tests

## Retake Docs/screenshot.png, the README's picture of the app.
screenshot:
	Scripts/setup test
	$(SWIFT) build
	Scripts/browser-tests --screenshot Docs/screenshot.png

build:
	$(SWIFT) build -Xswiftc -warnings-as-errors

## An optimised build, with the Swift runtime and Foundation linked into `folio` (a command starts
## in about half the time: no shared Swift libraries to load and bind).
release:
	$(SWIFT) build -c release --static-swift-stdlib

## swift format's lint, and the web app's JavaScript and CSS formatter in check mode.
lint:
	Scripts/setup lint
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests
	Scripts/format-web --check

## Formats the Swift sources and the web app's JavaScript and CSS in place.
format:
	Scripts/setup lint
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests
	Scripts/format-web

benchmarks:
	Benchmarks/run

clean:
	rm -rf .build
