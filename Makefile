# pushsim: `make run` installs what is missing, builds and opens the home screen; `make test` runs every test.

SWIFT ?= swift
APT_PACKAGES := libncurses-dev libchafa-dev libgdk-pixbuf-2.0-dev libjpeg62-turbo-dev webp-pixbuf-loader libsqlite3-dev libcurl4 tmux chafa strace \
	libcairo2-dev libpango1.0-dev libpng-dev libgif-dev libwebp-dev libimagequant-dev fonts-liberation2 fonts-noto-color-emoji fonts-droid-fallback \
	xvfb xterm x11-apps xdotool libjpeg-turbo-progs python3-numpy kitty time webp
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/pushsim
RELEASE_BIN := .build/release/pushsim

.PHONY: all deps build release run test unit e2e bench fuzz clean

all: build

# Installs the Debian packages pushsim needs, only those missing (quick the second time).
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build

# The Swift runtime and Foundation linked in: resolving their symbols at every start cost about 8 ms (of ~40) of
# each launch, measured against chafa in bench/media.sh. The binary grows from 34 to 106 MB.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib

run: build
	@$(BIN)

# Unit and screen tests (Swift Testing), then the end-to-end suite in tmux.
test: build unit e2e

# Every test is Swift Testing: without --disable-xctest, swift test also runs the empty XCTest bundle and prints
# "Executed 0 tests" twice before the real run.
unit:
	$(SWIFT) test --disable-xctest

e2e: build
	bash Tests/EndToEnd/run.sh $(BIN)

bench: release
	bash bench/run.sh $(RELEASE_BIN)

# libFuzzer on the JSON parser, the four payload readers, the script steps and image decoding (docs/reliability.md).
# Its own scratch path: the sanitizer build shares nothing with the ordinary one and never slows `make build`.
# Linked with the toolchain's lld: the system's gold stops with an internal error (format_file_lineno) on the
# sanitizer's objects.
FUZZ_SECONDS ?= 60
FUZZ_BIN := .build-fuzz/x86_64-unknown-linux-gnu/release/pushsim-fuzz
FUZZ_LLD := $(dir $(realpath $(shell command -v $(SWIFT))))ld.lld
fuzz: deps
	@mkdir -p .build-fuzz
	@printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$(FUZZ_LLD)" > .build-fuzz/toolset.json
	PUSHSIM_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz --product pushsim-fuzz \
	  -Xswiftc -sanitize=fuzzer,address --toolset .build-fuzz/toolset.json
	bash Tests/Fuzz/run.sh $(FUZZ_BIN) $(FUZZ_SECONDS)

clean:
	rm -rf .build .build-fuzz
