#!/usr/bin/env bash
# Runs a command (a match, an SPRT, a timing) with every running `bramble datagen` paused
# (SIGSTOP), and resumes them (SIGCONT) when the command ends, however it ends: a match
# must not share the cores with data generation, and data generation must not stay
# stopped after it.
#
#   tools/datagen_paused.sh COMMAND [ARGS...]
#   tools/datagen_paused.sh ../shared/tools/sprt /tmp/new /tmp/base --elo 0,5
#
# With no datagen running it just runs the command. Its exit status is the command's.
set -uo pipefail

if [ $# -eq 0 ] || [ "$1" = "--help" ] || [ "$1" = "-h" ]; then
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    [ $# -eq 0 ] && exit 2 || exit 0
fi

# The datagen processes of any bramble binary: the command line's second word is datagen.
datagen_pids() {
    pgrep -f '(^|/)bramble[^ ]* datagen( |$)' || true
}

pids=$(datagen_pids)
resume() {
    if [ -n "$pids" ]; then
        # shellcheck disable=SC2086
        kill -CONT $pids 2>/dev/null || true
        echo "datagen_paused: resumed datagen ($pids)" >&2
    fi
}
trap resume EXIT
trap 'exit 130' INT TERM

if [ -n "$pids" ]; then
    # shellcheck disable=SC2086
    kill -STOP $pids
    echo "datagen_paused: paused datagen ($pids) while: $*" >&2
fi
"$@" &
child=$!
trap 'kill -TERM $child 2>/dev/null; exit 130' INT TERM
# Paused again every few seconds while the command runs: a shell that exits sends
# SIGCONT to its stopped jobs (a datagen started with `&` in the same shell as this
# script ran on beside a whole match once), and a datagen started later is paused too.
while kill -0 "$child" 2>/dev/null; do
    again=$(datagen_pids)
    if [ -n "$again" ]; then
        # shellcheck disable=SC2086
        kill -STOP $again 2>/dev/null || true
        pids=$(echo $pids $again | tr ' ' '\n' | sort -u | tr '\n' ' ')
    fi
    sleep 2
done
wait "$child"
