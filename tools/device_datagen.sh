#!/usr/bin/env bash
# Self-play games for a fixed time on the lent 16-core device machine, as data/ keeps them:
# datagen --format games, then xz -9e, under $OUT (one file; d$SEED.games.xz).
#
#   tools/device_datagen.sh SEED SECONDS [BINARY [COMMIT]]
#
# On the device (`run`, carrying target/release/bramble): tools/device_datagen.sh 42 470
# COMMIT (default: the tree's HEAD) is the build's commit, for a binary built elsewhere
# (a match's pack: tools/device_datagen.sh 55 200 target/device-match/base 92f103c).
# The recipe: datagen's default, --nodes 3000 --hard-nodes 6000 (NODES and HARD_NODES in the
# environment change it; give data_add.py the same --nodes and --hard-nodes).
# Back here: `tools/data_add.py PATH/dSEED.games.xz --build COMMIT --threads 16` checks the
# file, copies it into data/ and appends the manifest line printed last (the same line),
# then runs `bramble data verify`. The command it names writes the same
# games again on any machine with that build (a seed's games are the same on any number
# of threads, written in order, and a run stops after the game reaching --positions).
# The device takes a tree of at most 64 MiB, and data/ is larger: move data/*.games.xz out of
# the checkout for the call (mv to /tmp) and back after it, then check that git status is clean.
set -euo pipefail

if [ $# -lt 2 ] || [ "$1" = "--help" ] || [ "$1" = "-h" ]; then
    # The comment block at the top, however long it grows.
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
    case ${1:-} in --help | -h) exit 0 ;; esac
    exit 2
fi
seed=$1
seconds=$2
bramble=${3:-target/release/bramble}
out=${OUT:?"set OUT to the folder the file goes to"}
threads=$(nproc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
file="$work/d$seed.games"

# timeout stops the run between games (each is written whole, in one write).
status=0
nodes=${NODES:-3000}
hard_nodes=${HARD_NODES:-6000}
recipe=(--nodes "$nodes" --hard-nodes "$hard_nodes")
hard=" --hard-nodes $hard_nodes"
timeout "$seconds" "$bramble" datagen --format games --out "$file" --positions 1000000000 \
    --threads "$threads" --seed "$seed" "${recipe[@]}" 2> "$work/datagen.log" || status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 124 ]; then
    tail -n 5 "$work/datagen.log" >&2
    echo "device_datagen: datagen failed with status $status" >&2
    exit 1
fi

# A file cut inside a game would fail here, and `datagen --append` repairs it.
fields=$("$bramble" data describe "$file")
positions=$(echo "$fields" | sed -n 's/.* positions=\([0-9]*\) .*/\1/p')
xz -9e -T0 "$file"
cp "$file.xz" "$out/"
ls -l "$out"
echo "d$seed.games: $positions positions in $seconds s on $threads threads"
# The games depend on the build (its search and default evaluator): name its commit.
commit=${4:-$(git rev-parse --short HEAD 2>/dev/null || echo "unknown")}
hard_field=" hard_nodes=$hard_nodes"
echo "$("$bramble" data describe "$file.xz") build=$commit seed=$seed nodes=$nodes$hard_field command=bramble datagen --format games --out d$seed.games --positions $positions --threads $threads --seed $seed --nodes $nodes$hard && xz -9e d$seed.games"
