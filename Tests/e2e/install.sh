#!/usr/bin/env bash
# `make install` into a temporary PREFIX, then each installed file is tried as a user would:
# the binary's version, its lessons (found beside it in share/, not in the source tree), the
# man page, and the bash, zsh and fish completions. Prints one line per check and, last,
# `install: N passed, M failed`. CONFIG=debug by default (the release build takes minutes);
# MAKE_CONFIG=release checks what users get.
set -u
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
passed=0 failed=0
check() {  # check DESCRIPTION COMMAND...
    local what=$1; shift
    if "$@" >/dev/null 2>&1; then
        echo "ok   $what"; passed=$((passed + 1))
    else
        echo "FAIL $what"; failed=$((failed + 1))
    fi
}

log=$(mktemp)
if make install PREFIX="$prefix" CONFIG="${MAKE_CONFIG:-debug}" >"$log" 2>&1; then
    echo "ok   make install PREFIX=$prefix"; passed=$((passed + 1))
else
    cat "$log"; echo "FAIL make install"; failed=$((failed + 1))
fi
rm -f "$log"

bin=$prefix/bin/layoutlab
lessons=$prefix/share/layoutlab/lessons
version_matches() { [[ $("$bin" --version) == "$(sed -n 's/^let layoutlabVersion = "\(.*\)"$/\1/p' Sources/layoutlab/LayoutLab.swift)" ]]; }
check "bin/layoutlab --version prints the source's version" version_matches

# Every lesson, log and storyboard is installed, and the installed lessons pass --check there.
same_lessons() { diff <(cd examples && ls *.lal logs storyboards) <(cd "$lessons" && ls *.lal logs storyboards); }
check "share/layoutlab/lessons holds every lesson, log and storyboard" same_lessons
all_pass() { (cd "$lessons" && for f in *.lal; do "$bin" --check "$f" || exit 1; done); }
check "the installed lessons pass --check" all_pass

# The installed binary reads the installed lessons: a title changed in the installed copy (and
# only there) is what `--lesson 1` and `help lessons` show.
sed -i.orig '1s/^# Lesson 1: .*/# Lesson 1: Installed copy/' "$lessons/01-first-steps.lal"
plays_installed() { printf '\n' | env -u LAYOUTLAB_LESSONS "$bin" --lesson 1 | head -1 | grep -qx 'Lesson 1: Installed copy'; }
check "--lesson 1 plays the installed lesson" plays_installed
lists_installed() { printf 'help lessons\n' | env -u LAYOUTLAB_LESSONS "$bin" | grep -q 'Installed copy'; }
check "help lessons lists the installed lessons" lists_installed
mv "$lessons/01-first-steps.lal.orig" "$lessons/01-first-steps.lal"

man_page=$prefix/share/man/man1/layoutlab.1
man_renders() { [[ -f $man_page ]] && MANWIDTH=80 man -l "$man_page" 2>/dev/null | grep -q -- '--lesson'; }
if command -v man >/dev/null; then
    check "share/man/man1/layoutlab.1 renders and documents --lesson" man_renders
else
    check "share/man/man1/layoutlab.1 is a man page" grep -q '^\.Sh NAME' "$man_page"
fi

# bash: the script loads, and completing `layoutlab --ch` offers --check.
bash_completes() {
    bash -c 'source "$1"; COMP_WORDS=(layoutlab --ch); COMP_CWORD=1; COMP_LINE="layoutlab --ch"; COMP_POINT=${#COMP_LINE}
             _layoutlab layoutlab --ch layoutlab; printf "%s\n" "${COMPREPLY[@]}"' _ "$prefix/share/bash-completion/completions/layoutlab" \
        | grep -qx -- '--check'
}
check "bash completion offers --check for --ch" bash_completes
zsh_file=$prefix/share/zsh/site-functions/_layoutlab
fish_file=$prefix/share/fish/vendor_completions.d/layoutlab.fish
check "zsh completion is a #compdef script" grep -q '^#compdef layoutlab' "$zsh_file"
if command -v zsh >/dev/null; then check "zsh completion parses" zsh -n "$zsh_file"; fi
check "fish completion completes layoutlab" grep -q "^complete -c 'layoutlab'" "$fish_file"
if command -v fish >/dev/null; then check "fish completion parses" fish -n "$fish_file"; fi

# uninstall takes every file away.
make uninstall PREFIX="$prefix" >/dev/null 2>&1
nothing_left() { [[ -z $(find "$prefix" -type f) ]]; }
check "make uninstall leaves no file" nothing_left

echo "install: $passed passed, $failed failed"
((failed == 0))
