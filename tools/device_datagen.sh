#!/usr/bin/env bash
# Self-play data for a fixed time, gzipped and split into shards of at most 15 MB under
# $OUT: the way data comes back from the lent 16-core device machine (issue 24).
#
#   tools/device_datagen.sh SEED SECONDS [BINARY]
#
# On the device (`run`, carrying target/release/bramble): tools/device_datagen.sh 32 470
# Back here: cat dSEED.txt.gz.* | gunzip > ~/bramble-data/dSEED.txt
# The last line printed is the command that writes the same file again on any machine
# with the same build, whose commit it names (a seed's games are the same on any number
# of threads, and written in order).
set -euo pipefail

if [ $# -lt 2 ] || [ "$1" = "--help" ]; then
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    [ "${1:-}" = "--help" ] && exit 0
    exit 2
fi
seed=$1
seconds=$2
bramble=${3:-target/release/bramble}
out=${OUT:?"set OUT to the folder the shards go to"}
threads=$(nproc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# timeout stops the run between or inside a game; both are handled below.
status=0
timeout "$seconds" "$bramble" datagen --out "$work/d$seed.txt" --positions 100000000 \
    --threads "$threads" --seed "$seed" 2> "$work/datagen.log" || status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 124 ]; then
    tail -n 5 "$work/datagen.log" >&2
    echo "device_datagen: datagen failed with status $status" >&2
    exit 1
fi

# Whole lines only: a line cut by the timeout has no newline.
positions=$(wc -l < "$work/d$seed.txt")
head -n "$positions" "$work/d$seed.txt" | gzip -c | split -b 15M - "$out/d$seed.txt.gz."
ls -l "$out"
echo "d$seed.txt: $positions positions in $seconds s on $threads threads"
# The games depend on the build (its search and default evaluator): name its commit.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo "unknown (no git here)")
echo "bramble datagen --out d$seed.txt --positions $positions --threads $threads --seed $seed   # build of commit $commit"
