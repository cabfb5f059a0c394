#!/usr/bin/env bash
# Runs a command (a match, an SPRT, a timing) with every running `bramble datagen` paused
# (SIGSTOP), and resumes them (SIGCONT) when the command ends, however it ends: a match
# must not share the cores with data generation, and data generation must not stay
# stopped after it. A datagen started after the command (a test's short run) is left alone.
#
#   tools/datagen_paused.sh COMMAND [ARGS...]
#   tools/datagen_paused.sh ../shared/tools/sprt /tmp/new /tmp/base --elo 0,5
#
# With no datagen running it just runs the command. Its exit status is the command's.
set -uo pipefail

if [ $# -eq 0 ] || [ "$1" = "--help" ] || [ "$1" = "-h" ]; then
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
    [ $# -eq 0 ] && exit 2 || exit 0
fi

# The datagen processes of any bramble binary: the program is bramble-something and its
# first argument datagen. Anchored at the start, so that this script and its subshells,
# whose arguments may contain the same words, are never paused.
datagen_pids() {
    pgrep -f '^([^ ]*/)?bramble[^ ]* datagen( |$)' || true
}

# Every datagen paused so far, to resume at the end.
pids=""
# Pauses every datagen running now.
pause_all() {
    local pid
    for pid in $(datagen_pids); do
        kill -STOP "$pid" 2>/dev/null || true
        case " $pids " in
            *" $pid "*) ;;
            *)
                pids="${pids:+$pids }$pid"
                echo "datagen_paused: paused datagen ($pid) while: $*" >&2
                ;;
        esac
    done
}
resume() {
    if [ -n "$pids" ]; then
        # shellcheck disable=SC2086
        kill -CONT $pids 2>/dev/null || true
        echo "datagen_paused: resumed datagen ($pids)" >&2
    fi
}
trap resume EXIT
trap 'exit 130' INT TERM

pause_all "$@"
"$@" &
child=$!
trap 'kill -TERM "$child" 2>/dev/null; exit 130' INT TERM
# The ones paused at the start are paused again every 2 s while the command runs: a
# shell that exits sends SIGCONT to its stopped jobs (a datagen started with `&` in the
# same shell as this script once ran beside a whole match that way). Only those: pausing
# every datagen found later also stopped `cargo test`'s own datagen runs, and the tests
# waited on them for the whole match.
while kill -0 "$child" 2>/dev/null; do
    # shellcheck disable=SC2086
    [ -n "$pids" ] && kill -STOP $pids 2>/dev/null
    sleep 2
done
wait "$child"
