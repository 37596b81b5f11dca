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
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
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

# A row of a frame table: frame_row NAME X Y WIDTH HEIGHT (a `*` or space first).
# Rows are indented by nesting (a subview of root two spaces in), so any indentation matches.
frame_row() { screen_matches "^[* ] +$1 +$2 +$3 +$4 +$5\$"; }

scenario_first_session() {
    check "shell starts and shows a prompt" start_shell
    check "a one-line welcome naming the iOS rules" wait_for "(iOS: |- is the margins; \`platform macos\` for 20 points). Type help."

    type "view a"; key Enter
    check "view a adds a view" wait_for "added view a"
    check "... and reports its ambiguous frame, with why" wait_for "ambiguous: a: no constraints"

    type "a.width == 100"; key Enter
    check "a constraint gets id c1" wait_for "added c1: a.width == 100"
    check "... and sets a's width" frame_row a 0 0 100 0

    type "view button"; key Enter
    wait_for "added view button"
    type "H:|-[a]-[button]-|"; key Enter
    check "a VFL line is expanded into constraints" wait_for "added c2: a.leading == root.leadingMargin"
    check "... with standard spacing between views" wait_for "added c3: button.leading == a.trailing + 8"
    check "... and to the superview's margins (iOS)" wait_for "added c4: root.trailingMargin == button.trailing"
    check "a's frame after the VFL line" frame_row a 8 0 100 0
    check "button's frame after the VFL line" frame_row button 116 0 251 0
    key C-l

    type "bu"; key Tab
    check "Tab completes a view name (with its dot)" wait_for -x "$PROMPT button."
    type "hei"; key Tab
    check "Tab completes an attribute after view." wait_for -x "$PROMPT button.height"
    type "== 44"; key Enter
    check "the completed line runs" wait_for "added c5: button.height == 44"
    check "button's frame after the completed line" frame_row button 116 0 251 44
    key C-l

    type "a.lea"; key Tab
    check "Tab lists several attributes" screen_matches '^leading +leadingMargin *$'
    check "Tab keeps the line after listing" wait_for -x "$PROMPT a.leading"
    key C-u

    type "a.left == 1"; key Enter
    check "a rejected line gets a caret under its column" \
        screen_matches "^ {$((${#PROMPT} + 1 + 10))}\\^\$"
    check "... and one error with the reason and a hint" \
        wait_for "error at column 11: a location cannot equal a constant"
    check "the error is in colour on a terminal" colour_on_screen

    type "frmes"; key Enter
    check "an unknown command suggests the nearest" wait_for "unknown command frmes; did you mean \`frames\`?"
    key C-l

    type "half typed"
    wait_for "half typed"
    key C-c
    check "Ctrl-C leaves an empty prompt" wait_for -x "$PROMPT"
    type "constraints"; key Enter
    check "the shell survives Ctrl-C with its session" wait_for "c5  button.height == 44"

    key C-c C-c
    check "Ctrl-C on an empty line keeps the shell" wait_for -x "$PROMPT"
    key C-l

    check "the window shrinks to 60 columns" resize 60 "$ROWS"
    type "metric resizeCheckWithALongNameThatWrapsAtSixtyColumns = 123456789"; key Enter
    check "a line typed after a resize is read whole" \
        wait_for "metric resizeCheckWithALongNameThatWrapsAtSixtyColumns is"
    check "reports wrap at the new width" wait_for "    now 123456789"
    check "the window grows back to $COLS columns" resize "$COLS" "$ROWS"
    key C-l

    type "help héllo✓"; key Enter
    check "a UTF-8 line round-trips" wait_for "no help topic héllo✓"

    key C-d
    check "Ctrl-D on an empty line exits with status 0" wait_for "EXIT=0"
}

scenario_history_across_restarts() {
    check "history file was written" test -s "$HISTORY_FILE"
    check "no temporary history files are left" no_temp_files
    key "clear" Enter
    check "shell restarts" start_shell
    key Up
    check "Up recalls the previous session's last line" wait_for -x "$PROMPT help héllo✓"
    key Up
    check "Up again goes further back" \
        wait_for -x "$PROMPT metric resizeCheckWithALongNameThatWrapsAtSixtyColumns = 123456789"
    key C-u
    type "help"; key Enter
    check "help fits in $ROWS rows and starts with the tasks" wait_for "make views"
    type "help vfl"; key Enter
    check "help TOPIC shows an example" wait_for "example: H:|-[a]-[b(==a)]-|"
    type "quit"; key Enter
    check "quit exits with status 0" wait_for "EXIT=0"
}

# Ctrl-C during a long `load` stops it and leaves the session as it was.
scenario_interrupted_load() {
    awk 'BEGIN {
        for (i = 0; i < 10000; i++) print "view v" i
        print "v0.leading == root.leading"
        for (i = 0; i < 10000; i++) {
            if (i) print "v" i ".leading == v" (i - 1) ".trailing + 8"
            print "v" i ".width >= 20"; print "v" i ".width == 100 @250"
        }
    }' >"$WORK/big.lal"
    key "clear; cd '$WORK'" Enter
    check "shell starts for the interrupted load" start_shell
    type "view a"; key Enter
    type "a.width == 100"; key Enter
    wait_for "added c1: a.width == 100"
    key C-l
    type "load big.lal"; key Enter
    sleep 1
    key C-c
    check "Ctrl-C interrupts a long load" wait_for "load interrupted at big.lal:" 30
    check "... which loads nothing" wait_for "nothing was loaded"
    key C-l
    type "frames"; key Enter
    check "the session is as before the load" wait_for -x "$PROMPT" 
    check "... the same frames" frames_are_before
    type "undo"; key Enter
    check "... and the same undo history" wait_for "undid a.width == 100"
    key C-d
    check "Ctrl-D after the interrupted load exits with status 0" wait_for "EXIT=0"
}

# A real UIKit log pasted at once (tmux load-buffer/paste-buffer), with the empty lines UIKit
# prints inside it (before "Will attempt to recover…", before "Make a symbolic breakpoint…")
# and its tabs: it arrives whole, the conflict is reported, and no line of it runs as a
# command. Ctrl-C and Ctrl-D while pasting cancel the paste and change nothing.
scenario_paste_log() {
    local log=$ROOT/Tests/ConsoleLogTests/Fixtures/08-colo-12.log
    grep -v '^#' "$log" >"$WORK/colo.log"
    key "clear; cd '$WORK'" Enter
    check "shell starts for paste" start_shell
    type "paste"; key Enter
    # The sentence wraps at the pane's width (reports wrap to the terminal), so its halves are
    # looked for one by one.
    check "paste says how a paste ends" wait_for "an empty line ends it once it is"
    check "... and when two empty lines do" wait_for "two empty lines do unless code has a bracket open"
    check "... and the prompt says it is collecting" wait_for -x "pasting>"
    tm load-buffer "$WORK/colo.log"
    tm paste-buffer -t "$SESSION"
    check "a log with empty lines inside is still being collected after them" wait_for "pasting (Enter again ends)> Will attempt to recover"
    check "... and at its end" wait_for -x "pasting>"
    key C-l
    tm clear-history -t "$SESSION"
    key Enter
    check "Enter after the whole log imports it" wait_for "added c4: contentView.bottom == view1.bottom"
    check "... reports the conflict" wait_for "conflict: Unable to simultaneously satisfy constraints"
    check "... and that the session broke what UIKit broke" wait_for "UIKit broke c4; the session broke c4 too"
    wait_for -x "$PROMPT"
    check "... as one command: no line of the log ran on its own" bash -c 'grep -qF "imported a UIKit console log: 12 commands" <<<"$1" && ! grep -qE "unknown command|error" <<<"$1"' _ "$(tm capture-pane -p -S - -t "$SESSION")"
    check "pasted lines stay out of the history" bash -c '! grep -q "NSLayoutConstraint" "$1"' _ "$HISTORY_FILE"

    key C-l
    type "paste"; key Enter
    wait_for -x "pasting>"
    tm paste-buffer -t "$SESSION"
    wait_for -x "pasting>"
    key C-c
    check "Ctrl-C cancels a paste in one line" wait_for "paste cancelled: nothing imported (11 pasted lines dropped)"
    check "... back at the shell's prompt" wait_for -x "$PROMPT"
    type "paste"; key Enter
    wait_for -x "pasting>"
    type "("; key Enter
    wait_for -x "pasting>"
    key C-d
    check "Ctrl-D cancels a paste, not the shell" wait_for "paste cancelled: nothing imported (1 pasted line dropped)"
    check "... back at the shell's prompt" wait_for -x "$PROMPT"
    key C-l
    type "undo"; key Enter
    check "the cancelled pastes changed nothing: undo takes back the import" wait_for "undid 12 commands"
    key C-d
    check "Ctrl-D at the prompt then exits with status 0" wait_for "EXIT=0"
}

frames_are_before() {
    screen_matches '^ +a +0 +0 +100 +0$' && ! screen | grep -q 'v0 '
}

# A lesson in the shell: Enter runs the next command (shown on the prompt line as if typed),
# the reader's own commands run in the same session in between, and at the end the session
# goes on under the ordinary prompt.
scenario_lesson() {
    key "clear; '$BIN' --lesson 2; echo EXIT=\$?" Enter
    check "--lesson 2 starts with the lesson's title" wait_for "Lesson 2: The constraint equation"
    check "... shows the story and the next command" wait_for "   next ▸ view box other"
    check "... and waits at the lesson's prompt" wait_for -x "lesson 2>"
    key Enter
    check "Enter runs the next command, shown on the prompt line" screen_matches '^lesson 2> view box other$'
    check "... with its report" wait_for "added view other"
    check "... then the next step" wait_for "   next ▸ box.left == root.left + 20"
    key C-l
    type "view extra"; key Enter
    check "the reader's own command runs in the session" wait_for "added view extra"
    check "... and the lesson still waits at the same step" screen_matches '^   next ▸ box\.left == root\.left \+ 20$'
    key C-l
    key Enter
    check "the next step runs in the same session" wait_for "added c1: box.left == root.left + 20"
    check "... which now holds the reader's view" screen_matches '^ +extra '
    check "... and says the transcript differs, and why" wait_for "your own commands changed the session"
    wait_for -x "lesson 2>"
    key C-d
    check "Ctrl-D leaves a lesson with status 0" wait_for "EXIT=0"

    key "clear; '$BIN' --lesson 1; echo EXIT=\$?" Enter
    wait_for -x "lesson 1>"
    local presses=0
    while ((presses < 60)) && ! screen | grep -qF "End of lesson 1."; do
        key Enter; presses=$((presses + 1))
        wait_for -x "lesson 1>" 5 || wait_for -x "$PROMPT" 5 || break
    done
    check "Enter alone plays lesson 1 to its end" wait_for "End of lesson 1."
    check "... names the next lesson" wait_for "Next: layoutlab --lesson 2 (The constraint equation)."
    check "... and the session goes on under the shell's prompt" wait_for -x "$PROMPT"
    type "frames button"; key Enter
    check "... with the lesson's views" frame_row button 75 69 225 44
    wait_for -x "$PROMPT"
    key C-d
    check "Ctrl-D after a lesson exits with status 0" wait_for "EXIT=0"

    key "clear; '$BIN' --lesson 99; echo EXIT=\$?" Enter
    check "an unknown lesson is a usage error" wait_for "there is no lesson 99; the lessons are 1 to"
    check "... with status 2" wait_for "EXIT=2"
}

scenario_no_color() {
    key "clear; NO_COLOR=1 '$BIN'; echo EXIT=\$?" Enter
    check "shell starts with NO_COLOR" wait_for -x "$PROMPT"
    type "a.left == 1"; key Enter
    wait_for "error at column"
    check "NO_COLOR: no colour" colour_off_screen
    key C-d
    wait_for "EXIT=0"
}

scenario_piped_input() {
    local out status
    out=$(printf 'view a\na.width == 10\n' | LAYOUTLAB_HISTORY=$WORK/piped-history "$BIN" 2>&1)
    check "piped input is processed" grep -qF "added c1: a.width == 10" <<<"$out"
    check "piped input prints no prompt" bash -c '! grep -qF "$1" <<<"$2"' _ "$PROMPT" "$out"
    check "piped input writes no history" test ! -e "$WORK/piped-history"
    out=$(printf 'view a\na.left == 1\n' | "$BIN" 2>&1); status=$?
    check "a rejected piped line exits with status 1" test "$status" = 1
    out=$(printf 'view a\n' | "$BIN" --json 2>&1)
    check "--json prints one object per command" test "$(grep -c '^{"version":1,"line":1,"input":"view a","ok":true,"error":null,' <<<"$out")" = 1
}

# Colour: the error label's SGR code is on screen (capture-pane -e keeps it).
colour_on_screen() { tm capture-pane -e -p -t "$SESSION" | grep -q $'\e\\[31m'; }
colour_off_screen() { ! tm capture-pane -e -p -t "$SESSION" | grep -q $'\e\\[31m'; }

screen_matches() { local deadline=$((SECONDS + TIMEOUT)); while ((SECONDS <= deadline)); do screen | grep -qE -- "$1" && return 0; sleep 0.1; done; return 1; }
# TextFile.write's temporary files are `.NAME.tmp-XXXXXXXX` beside the target.
no_temp_files() { ! ls -A "$WORK" | grep -q '^\..*\.tmp-'; }

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
scenario_interrupted_load
scenario_paste_log
scenario_lesson
scenario_no_color
scenario_piped_input

echo "e2e: $passed passed, $failed failed"
((failed == 0))
