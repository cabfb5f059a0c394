#!/usr/bin/env bash
# Measures what Bramble's UCI_Elo settings are worth: at each point, Bramble with
# UCI_LimitStrength and UCI_Elo set to it against Stockfish 15.1 with its own
# UCI_LimitStrength and the same UCI_Elo (the scale the README uses), with fastchess.
# Prints one row of the README's strength table a point: the games, W-D-L, the Elo
# difference with its 95% interval and the Elo that makes (the setting plus the
# difference). Run it again after every new network or search step that is built in,
# then refit src/strength.rs's constants so that each point lands within its setting.
#
#   tools/calibrate_elo.sh BRAMBLE [--games 100] [--tc 10+0.1] [--points 1350,1700,2000,2300,2450]
#                          [--concurrency 2] [--opponent-elo SAME|N] [--out DIR]
#
# --opponent-elo N plays every point against Stockfish at N instead (an anchor; Stockfish
# 15.1 takes 1350-2850). Openings: random 8-move lines of
# ../shared/data/openings/8moves_v3.pgn, game pairs; 1 thread, Hash 16, own books off.
# Needs /usr/games/stockfish (apt-get install -y stockfish). Time: the gauntlet's 10+0.1
# games take about 30 s on 2 cores at concurrency 2, so 100 games a point at most about 25
# minutes (less: a limited Bramble moves fast; not yet measured). Pause datagen for it
# (tools/datagen_paused.sh tools/calibrate_elo.sh ...).
set -uo pipefail

usage() { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; }
if [ $# -lt 1 ] || [ "$1" = "--help" ] || [ "$1" = "-h" ]; then
    usage
    [ $# -lt 1 ] && exit 2 || exit 0
fi
bramble=$1
shift
games=100
tc=10+0.1
points=1350,1700,2000,2300,2450
concurrency=2
opponent=SAME
out=/tmp/calibrate-$(date +%Y%m%d-%H%M%S)
while [ $# -gt 0 ]; do
    case $1 in
        --games) games=$2; shift 2 ;;
        --tc) tc=$2; shift 2 ;;
        --points) points=$2; shift 2 ;;
        --concurrency) concurrency=$2; shift 2 ;;
        --opponent-elo) opponent=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        *) echo "calibrate_elo: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
here=$(cd "$(dirname "$0")" && pwd)
shared=$here/../../shared
stockfish=/usr/games/stockfish
openings=$shared/data/openings/8moves_v3.pgn
[ -x "$bramble" ] || { echo "calibrate_elo: '$bramble' is not an executable" >&2; exit 2; }
[ -x "$stockfish" ] || { echo "calibrate_elo: $stockfish is missing; apt-get install -y stockfish" >&2; exit 2; }
[ -f "$openings" ] || { echo "calibrate_elo: no openings at $openings" >&2; exit 2; }
case $games in '' | *[!0-9]*) echo "calibrate_elo: --games takes a number" >&2; exit 2 ;; esac
rounds=$(( (games + 1) / 2 ))
mkdir -p "$out"
cp "$bramble" "$out/bramble"

echo "calibrate_elo: $("$out/bramble" --version), $tc, $((rounds * 2)) games a point; logs in $out"
echo "| \`UCI_Elo\` set | Against Stockfish at | Games | W-D-L | Elo difference | Measured Elo |"
echo "|---|---|---|---|---|---|"
status=0
for point in ${points//,/ }; do
    against=$point
    [ "$opponent" != SAME ] && against=$opponent
    log=$out/point-$point.log
    "$shared/tools/fastchess" \
        -engine cmd="$out/bramble" name="Bramble-$point" option.UCI_LimitStrength=true option.UCI_Elo="$point" \
        -engine cmd="$stockfish" name="SF15-$against" option.UCI_LimitStrength=true option.UCI_Elo="$against" \
        -each tc="$tc" option.Hash=16 option.Threads=1 \
        -openings file="$openings" format=pgn order=random \
        -rounds "$rounds" -games 2 -repeat -concurrency "$concurrency" -recover -seeds 1 \
        -config outname="$out/config-$point.json" \
        -pgnout file="$out/point-$point.pgn" > "$log" 2>&1 || status=1
    # fastchess's count, from Bramble's side: "Games: 40, Wins: 21, Losses: 17, Draws: 2, ...".
    counts=$(grep -E "^Games:" "$log" | tail -n 1 | sed -E 's/.*Wins: *([0-9]+), *Losses: *([0-9]+), *Draws: *([0-9]+).*/\1 \3 \2/')
    if ! [[ $counts =~ ^[0-9]+\ [0-9]+\ [0-9]+$ ]]; then
        echo "| $point | $against | ? | ? | no result (see $log) | |"
        status=1
        continue
    fi
    # The Elo of the score and its 95% interval from the games' spread (normal
    # approximation), as the README's table gives them; a clean sweep has no finite Elo.
    awk -v p="$point" -v a="$against" -v counts="$counts" 'BEGIN {
        split(counts, c, " "); w = c[1]; d = c[2]; l = c[3]; n = w + d + l
        s = (w + d / 2) / n
        row = sprintf("| %s | %s | %d | %d-%d-%d |", p, a, n, w, d, l)
        if (s <= 0 || s >= 1) { print row " out of range (all won or all lost) | |"; exit }
        var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
        se = sqrt(var / n)
        lo = s - 1.96 * se; hi = s + 1.96 * se
        if (lo < 0.001) lo = 0.001
        if (hi > 0.999) hi = 0.999
        elo = -400 * log(1 / s - 1) / log(10)
        elo_lo = -400 * log(1 / lo - 1) / log(10)
        elo_hi = -400 * log(1 / hi - 1) / log(10)
        printf "%s %+d [%+d, %+d] | %d [%d, %d] |\n", row, elo, elo_lo, elo_hi, a + elo, a + elo_lo, a + elo_hi
    }'
    grep -iE "illegal|loses on time|disconnect|crash" "$log" | head -n 3
done
exit $status
