#!/usr/bin/env bash
# End-to-end test of the interactive shell: runs the real binary in a detached
# tmux session, types into it with send-keys and asserts on what capture-pane
# shows, as a person at a terminal would see it.
#
#   Tests/e2e/tmux-shell.sh PATH/TO/layoutlab
#
# Prints one line per check and closes with `e2e: N passed, N failed`; exits 1
# if any check failed. Uses its own tmux server socket and a temporary HOME and
# history file, so it touches neither the user's tmux nor their history.
#
# To extend it for the session engine, add a scenario function below and call
# it from main; the helpers (start_shell, type, key, wait_for, screen, check,
# current_line) are meant for reuse.
set -uo pipefail

BIN=${1:?usage: tmux-shell.sh PATH/TO/layoutlab}
[[ -x $BIN ]] || { echo "e2e: not executable: $BIN" >&2; exit 2; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
command -v tmux >/dev/null || { echo "e2e: tmux is not installed (scripts/ensure-deps.sh --tmux)" >&2; exit 2; }

# What the shell prints; the only engine-specific knowledge is in the scenarios.
PROMPT='layoutlab>'
TIMEOUT=${E2E_TIMEOUT:-15}     # seconds per wait; CI machines can be slow
COLS=100 ROWS=30

WORK=$(mktemp -d "${TMPDIR:-/tmp}/layoutlab-e2e.XXXXXX")
SOCKET=layoutlab-e2e-$$
SESSION=e2e
HISTORY_FILE=$WORK/history
passed=0 failed=0

tm() { tmux -L "$SOCKET" -f /dev/null "$@"; }
# E2E_KEEP=1 leaves the tmux server and files for a post-mortem
# (`tmux -L <socket> attach`).
cleanup() {
    if [[ ${E2E_KEEP:-} == 1 ]]; then echo "e2e: kept tmux socket $SOCKET, files in $WORK" >&2; return; fi
    tm kill-server >/dev/null 2>&1; rm -rf "$WORK"
}
trap cleanup EXIT

# --- helpers ---------------------------------------------------------------

# The visible screen, trailing blank lines removed.
screen() { tm capture-pane -p -t "$SESSION" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }

# The last non-blank line on screen: the line being edited.
current_line() { screen | awk 'NF { last = $0 } END { print last }'; }

# Types literal text (no key names are interpreted).
type() { tm send-keys -t "$SESSION" -l -- "$1"; }

# Presses keys by tmux name: Enter, Tab, Up, C-c, C-d, ...
key() { tm send-keys -t "$SESSION" "$@"; }

# wait_for [-x] TEXT [SECONDS]: polls until TEXT appears on screen (fixed
# string), or with -x until the current line is exactly TEXT. Fails on timeout.
wait_for() {
    local exact=0
    [[ $1 == -x ]] && { exact=1; shift; }
    local text=$1 limit=${2:-$TIMEOUT}
    local deadline=$((SECONDS + limit))
    while ((SECONDS <= deadline)); do
        if ((exact)); then
            [[ $(current_line) == "$text" ]] && return 0
        else
            screen | grep -qF -- "$text" && return 0
        fi
        sleep 0.1
    done
    return 1
}

# resize COLS ROWS: resizes the window and waits until the pane's terminal
# reports the new size; tmux applies a resize to the pty a little later, and a
# program started before that would see the old size.
resize() {
    tm resize-window -t "$SESSION" -x "$1" -y "$2"
    local tty deadline=$((SECONDS + TIMEOUT))
    tty=$(tm display-message -p -t "$SESSION" '#{pane_tty}')
    while ((SECONDS <= deadline)); do
        [[ $(stty -F "$tty" size 2>/dev/null) == "$2 $1" ]] && return 0
        sleep 0.1
    done
    return 1
}

# check NAME COMMAND...: runs an assertion and records the result; on failure
# shows the screen so the log says what the person would have seen.
check() {
    local name=$1; shift
    if "$@"; then
        passed=$((passed + 1)); echo "ok   $name"
    else
        failed=$((failed + 1)); echo "FAIL $name"
        echo "---- screen ----"; screen | sed 's/^/| /'; echo "----------------"
    fi
}

# Starts the binary at a clean screen and waits for its prompt. The shell
# around it echoes the exit status once it ends, so scenarios can assert on it.
start_shell() {
    key "clear; '$BIN'; echo EXIT=\$?" Enter
    wait_for -x "$PROMPT"
}

# --- scenarios ---------------------------------------------------------------

scenario_first_session() {
    check "shell starts and shows a prompt" start_shell

    type "hello e2e"; key Enter
    check "a typed line is processed" wait_for "echo: hello e2e"

    type "fra"; key Tab
    check "Tab completes a unique prefix" wait_for -x "$PROMPT frames"
    type "x"; key Enter
    check "completion appends a space" wait_for "echo: frames x"

    type "re"; key Tab
    check "Tab lists several candidates" screen_matches '^remove +reset *$'
    check "Tab keeps the line after listing" wait_for -x "$PROMPT re"
    key C-u

    type "half typed"
    wait_for "half typed"
    key C-c
    check "Ctrl-C leaves an empty prompt" wait_for -x "$PROMPT"
    type "still alive"; key Enter
    check "the shell survives Ctrl-C" wait_for "echo: still alive"

    key C-c C-c
    check "Ctrl-C on an empty line keeps the shell" wait_for -x "$PROMPT"

    check "the window shrinks to 60 columns" resize 60 "$ROWS"
    type "after resize the line still wraps and is read whole 0123456789"; key Enter
    check "a line typed after a resize is read whole" \
        wait_for "after resize the line still wraps and is read whole"
    check "the window grows back to $COLS columns" resize "$COLS" "$ROWS"

    type "# héllo ✓"; key Enter
    check "a UTF-8 line round-trips" wait_for "echo: # héllo ✓"

    key C-d
    check "Ctrl-D on an empty line exits with status 0" wait_for "EXIT=0"
}

scenario_history_across_restarts() {
    check "history file was written" test -s "$HISTORY_FILE"
    check "no temporary history files are left" no_temp_files
    check "shell restarts" start_shell
    key Up
    check "Up recalls the previous session's last line" wait_for -x "$PROMPT # héllo ✓"
    key Up
    check "Up again goes further back" wait_for -x "$PROMPT after resize the line still wraps and is read whole 0123456789"
    key C-u
    type "quit"; key Enter
    check "quit exits with status 0" wait_for "EXIT=0"
}

scenario_piped_input() {
    local out
    out=$(printf 'piped line\n' | LAYOUTLAB_HISTORY=$WORK/piped-history "$BIN" 2>&1)
    check "piped input is processed without a prompt" test "$out" = "echo: piped line"
    check "piped input writes no history" test ! -e "$WORK/piped-history"
}

screen_matches() { local deadline=$((SECONDS + TIMEOUT)); while ((SECONDS <= deadline)); do screen | grep -qE -- "$1" && return 0; sleep 0.1; done; return 1; }
no_temp_files() { ! ls -A "$WORK" | grep -q '^\.layoutlab_history\.'; }

# --- main ----------------------------------------------------------------------

mkdir -p "$WORK/home"
# A UTF-8 locale and a plain, predictable shell; HOME is private so neither a
# ~/.editrc nor the real history file can change what the test sees.
tm new-session -d -s "$SESSION" -x "$COLS" -y "$ROWS" \
    env -i PATH="$PATH" TERM=screen LANG=C.UTF-8 HOME="$WORK/home" \
    LAYOUTLAB_HISTORY="$HISTORY_FILE" PS1='$ ' bash --norc --noprofile
wait_for '$' || { echo "e2e: the tmux session did not start" >&2; exit 1; }

scenario_first_session
scenario_history_across_restarts
scenario_piped_input

echo "e2e: $passed passed, $failed failed"
((failed == 0))
