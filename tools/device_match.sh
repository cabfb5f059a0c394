#!/usr/bin/env bash
# A match between two Bramble builds on the lent 16-core device machine: long SPRTs and
# fixed-length acceptance matches that two cores cannot finish in a session (issue 25).
#
#   tools/device_match.sh pack NEW BASE
#       here: copies the two binaries, ../shared/tools/fastchess and the openings into
#       target/device-match/ (ignored by git), the folder the device call carries.
#   tools/device_match.sh play ROUNDS [--tc 10+0.1] [--sprt ELO0,ELO1] [--concurrency N]
#                                     [--new-option NAME=VALUE] [--base-option NAME=VALUE]
#       on the device: ROUNDS game pairs (each side White once) from random openings,
#       1 thread and Hash 16 each, fishtest adjudication, -recover; concurrency nproc - 1
#       unless given. The PGN and fastchess's log go to $OUT; the last lines printed are
#       the result (games, W-D-L, Elo, pentanomial, LLR with --sprt).
#
# A device call: run(command="tools/device_match.sh play 200 --tc 10+0.1",
#                    carry=["target/device-match"], timeout_s=580)
# Several calls' PGNs together: python3 tools/sprt_combine.py new PGN... [--sprt 0,10]
# It plays here too, to finish a match the device started (session 33):
#   OUT=/tmp/rest tools/device_match.sh play 44 --concurrency 2
set -euo pipefail

usage() { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit "${1:-2}"; }
[ $# -ge 1 ] || usage 2
here=$(cd "$(dirname "$0")/.." && pwd)
pack=$here/target/device-match

case $1 in
--help | -h) usage 0 ;;
pack)
    [ $# -eq 3 ] || usage 2
    for engine in "$2" "$3"; do
        [ -x "$engine" ] || { echo "device_match: '$engine' is not an executable" >&2; exit 2; }
    done
    shared=$here/../shared
    [ -x "$shared/tools/fastchess" ] || { echo "device_match: no $shared/tools/fastchess" >&2; exit 2; }
    rm -rf "$pack" && mkdir -p "$pack"
    cp "$2" "$pack/new" && cp "$3" "$pack/base"
    cp "$shared/tools/fastchess" "$pack/fastchess"
    cp "$shared/data/openings/openings.epd" "$pack/openings.epd"
    du -sh "$pack"
    ;;
play)
    shift
    [ $# -ge 1 ] || usage 2
    rounds=$1
    shift
    tc=10+0.1
    sprt=()
    concurrency=$(($(nproc) > 1 ? $(nproc) - 1 : 1))
    new_options=()
    base_options=()
    while [ $# -gt 0 ]; do
        [ $# -ge 2 ] || usage 2
        case $1 in
        --tc) tc=$2 ;;
        --sprt) sprt=(-sprt "elo0=${2%,*}" "elo1=${2#*,}" alpha=0.05 beta=0.05 model=logistic) ;;
        --concurrency) concurrency=$2 ;;
        --new-option) new_options+=("option.$2") ;;
        --base-option) base_options+=("option.$2") ;;
        *) echo "device_match: unknown argument '$1'" >&2; usage 2 ;;
        esac
        shift 2
    done
    out=${OUT:?"set OUT to the folder the PGN and log go to"}
    for file in new base fastchess openings.epd; do
        [ -e "$pack/$file" ] || { echo "device_match: $pack/$file missing: run 'pack' here and carry target/device-match" >&2; exit 2; }
    done
    echo "device_match: $rounds pairs at $tc, concurrency $concurrency on $(nproc) cores"
    status=0
    "$pack/fastchess" \
        -engine cmd="$pack/new" name=new "${new_options[@]}" \
        -engine cmd="$pack/base" name=base "${base_options[@]}" \
        -each "tc=$tc" option.Hash=16 option.Threads=1 \
        -openings file="$pack/openings.epd" format=epd order=random \
        -rounds "$rounds" -games 2 -repeat -concurrency "$concurrency" -recover \
        -resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20 \
        -config outname="$out/config.json" "${sprt[@]}" -ratinginterval 50 -pgnout file="$out/games.pgn" > "$out/fastchess.log" 2>&1 || status=$?
    grep -E "^(Results of|Elo:|LLR|Games|Ptnml|SPRT)" "$out/fastchess.log" | tail -n 6
    grep -Ei "illegal|disconnect|timeout|loses on time|crash" "$out/fastchess.log" | head -n 5 || true
    exit "$status"
    ;;
*) usage 2 ;;
esac
