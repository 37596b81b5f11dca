# Installs layoutlab as command-line tools are installed:
#
#   make install PREFIX=/usr/local      # or PREFIX=$HOME/.local, DESTDIR=… for packagers
#   make uninstall PREFIX=/usr/local
#
# What goes where (all under $(DESTDIR)$(PREFIX)):
#   bin/layoutlab                                   the executable
#   share/layoutlab/lessons/                        the lessons (examples/*.lal, their logs and storyboards);
#                                                   layoutlab finds them from bin/ by itself
#   share/man/man1/layoutlab.1                      the man page (ArgumentParser's generate-manual
#                                                   plugin; skipped, with a note, if it fails)
#   share/bash-completion/completions/layoutlab     shell completion, written by layoutlab itself
#   share/zsh/site-functions/_layoutlab
#   share/fish/vendor_completions.d/layoutlab.fish
#
# CONFIG=debug installs a debug build (quicker to build; the default is release).
# SWIFT_FLAGS=… goes to every swift command (Homebrew's formula passes --disable-sandbox:
# SwiftPM's own sandbox cannot start inside Homebrew's).

PREFIX ?= /usr/local
DESTDIR ?=
CONFIG ?= release
SWIFT ?= swift
SWIFT_FLAGS ?=

BIN_DIR = $(DESTDIR)$(PREFIX)/bin
LESSON_DIR = $(DESTDIR)$(PREFIX)/share/layoutlab/lessons
MAN_DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_DIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_DIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_DIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build man install uninstall

all: build

build:
	[ "$$(uname)" = Darwin ] || scripts/ensure-deps.sh   # macOS has libedit already
	$(SWIFT) build $(SWIFT_FLAGS) -c $(CONFIG) --product layoutlab

# The plugin builds layoutlab and asks it for its help (--experimental-dump-help); it needs
# nothing from the network once the package's dependencies are resolved. It builds in CONFIG,
# so it reuses the build above (left to itself it would build a second, release copy).
man:
	@mkdir -p .build/man
	@if $(SWIFT) package $(SWIFT_FLAGS) --allow-writing-to-directory .build/man generate-manual --configuration $(CONFIG) \
	        --output-directory .build/man >/dev/null 2>.build/man/error.log; then \
	    echo "man page: .build/man/layoutlab.1"; \
	else \
	    echo "note: the man page could not be generated (see .build/man/error.log)"; \
	fi

install: build man
	@bin="$$($(SWIFT) build $(SWIFT_FLAGS) -c $(CONFIG) --product layoutlab --show-bin-path)/layoutlab"; \
	set -e; \
	install -d "$(BIN_DIR)" "$(LESSON_DIR)/logs" "$(BASH_DIR)" "$(ZSH_DIR)" "$(FISH_DIR)"; \
	install -m 755 "$$bin" "$(BIN_DIR)/layoutlab"; \
	install -m 644 examples/*.lal "$(LESSON_DIR)/"; \
	install -m 644 examples/logs/* "$(LESSON_DIR)/logs/"; \
	install -d "$(LESSON_DIR)/storyboards"; install -m 644 examples/storyboards/* "$(LESSON_DIR)/storyboards/"; \
	"$$bin" --generate-completion-script bash >"$(BASH_DIR)/layoutlab"; \
	"$$bin" --generate-completion-script zsh >"$(ZSH_DIR)/_layoutlab"; \
	"$$bin" --generate-completion-script fish >"$(FISH_DIR)/layoutlab.fish"; \
	if [ -f .build/man/layoutlab.1 ]; then install -d "$(MAN_DIR)"; install -m 644 .build/man/layoutlab.1 "$(MAN_DIR)/"; fi; \
	echo "installed layoutlab $$("$(BIN_DIR)/layoutlab" --version) in $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f "$(BIN_DIR)/layoutlab" "$(MAN_DIR)/layoutlab.1" "$(BASH_DIR)/layoutlab" \
	      "$(ZSH_DIR)/_layoutlab" "$(FISH_DIR)/layoutlab.fish"
	rm -rf "$(DESTDIR)$(PREFIX)/share/layoutlab"
