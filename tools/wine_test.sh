#!/usr/bin/env bash
# wine_test.sh: the Windows build (bramble.exe) under Wine, checked against the Linux build.
#
#   tools/wine_test.sh [--quick] [--no-build] [--games N]
#
# a. `bench` gives the Linux build's node count;
# b. a UCI session (uci, Hash, isready, position, go with a clock, stop, quit) answers
#    uciok, readyok and a legal bestmove;
# c. EvalFile, BookFile and SyzygyPath take Windows paths (drive letters C: and Z:, `\`, a
#    space, two Syzygy directories joined by `;`) and say they loaded;
# d. (not with --quick) a fastchess match of N games (20) at 10+0.1 against the Linux build,
#    with no time losses, disconnects, stalls, crashes or illegal moves; prints the score.
#
# Needs what tools/windows_setup.sh installs and, for d, ../shared/tools/fastchess and
# ../shared/data/openings/openings.epd; the tablebases of ../shared/data/syzygy. Builds both
# binaries first (nice'd; --no-build uses target/'s as they are). Works in /tmp/bramble-wine
# with its own WINEPREFIX; Wine 8 lacks bcryptprimitives.dll, so a stand-in
# (tools/wine/bcryptprimitives.c) is built beside the exe there, never shipped. About a
# minute with --quick (once the prefix exists), 11 more for the match. Exit status 0 when
# every check passed, 1 with a line saying which failed, 2 for a bad command line or setup.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "$root/.." && pwd)/shared
quick=0 build=1 games=20
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --no-build) build=0; shift ;;
    --games) games=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "wine_test: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

WINE=${WINE:-/usr/lib/wine/wine64}
target=x86_64-pc-windows-gnu
work=/tmp/bramble-wine
run=$work/run
export WINEPREFIX=$work/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
fastchess=$shared/tools/fastchess
openings=$shared/data/openings/openings.epd
syzygy=$shared/data/syzygy
failures=0

say() { printf '%s\n' "$*"; }
fail() { say "FAIL: $*"; failures=$((failures + 1)); }
setup_error() { say "wine_test: $*" >&2; exit 2; }
# /a/b -> Z:\a\b (Wine maps Z: to /).
winpath() { printf 'Z:%s' "${1//\//\\}"; }

[ -x "$WINE" ] || setup_error "no $WINE (tools/windows_setup.sh installs Wine)"
command -v x86_64-w64-mingw32-gcc >/dev/null || setup_error "no x86_64-w64-mingw32-gcc (tools/windows_setup.sh)"
[ -d "$syzygy" ] || setup_error "no tablebases at $syzygy"
if [ $quick = 0 ]; then
  [ -x "$fastchess" ] || setup_error "no $fastchess (--quick skips the match)"
  [ -f "$openings" ] || setup_error "no $openings (--quick skips the match)"
fi

cd "$root"
if [ $build = 1 ]; then
  say "== build (nice -n 10)"
  start=$SECONDS
  nice -n 10 cargo build --release --quiet
  nice -n 10 cargo build --release --quiet --target $target
  say "both builds: $((SECONDS - start)) s"
fi
linux_src=$root/target/release/bramble
exe_src=$root/target/$target/release/bramble.exe
[ -x "$linux_src" ] && [ -f "$exe_src" ] || setup_error "no $linux_src or $exe_src (run without --no-build)"

# A fresh test folder: the binaries under test stay fixed while the script runs.
rm -rf "$run"
mkdir -p "$run"
cp "$linux_src" "$run/bramble"
cp "$exe_src" "$run/bramble.exe"
linux=$run/bramble
x86_64-w64-mingw32-gcc -O2 -Wall -Wextra -Werror -shared -o "$run/bcryptprimitives.dll" \
  "$root/tools/wine/bcryptprimitives.c" "$root/tools/wine/bcryptprimitives.def" -ladvapi32
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  say "== a new Wine prefix at $WINEPREFIX"
  timeout 300 "$WINE" wineboot -i >/dev/null 2>&1 || true
  timeout 60 "$(dirname "$WINE")/wineserver" -w || true
  [ -f "$WINEPREFIX/system.reg" ] || setup_error "wineboot made no prefix at $WINEPREFIX"
fi
# One Wine server for the whole run (each start costs a second); ended on exit.
"$(dirname "$WINE")/wineserver" -p 120
trap '"$(dirname "$WINE")/wineserver" -k 2>/dev/null || true' EXIT
wine_exe() { "$WINE" "$run/bramble.exe" "$@"; }

say "== $("$linux" --version) (Linux), $(wine_exe --version 2>/dev/null | tr -d '\r') (Wine: $("$WINE" --version))"

say "== a. bench"
linux_bench=$("$linux" bench 2>/dev/null | tail -n 1)
wine_bench=$(wine_exe bench 2>/dev/null | tr -d '\r' | tail -n 1)
say "Linux: $linux_bench"
say "Wine:  $wine_bench"
if [ -n "$wine_bench" ] && [ "${linux_bench%% *}" = "${wine_bench%% *}" ]; then
  say "ok: the same node count, ${wine_bench%% *}"
else
  fail "bench: Wine's node count '${wine_bench%% *}' is not Linux's '${linux_bench%% *}'"
fi

# Runs the UCI lines of stdin (a line `sleep N` waits N seconds) through the Wine exe.
uci_session() {
  while IFS= read -r line; do
    case $line in
      sleep\ *) sleep "${line#sleep }" ;;
      *) printf '%s\n' "$line" ;;
    esac
  done | timeout 60 "$WINE" "$run/bramble.exe" 2>&1 | tr -d '\r'
}
# Whether MOVE is legal in FEN: the Linux build lists the legal moves (perft 1 --divide).
legal() { "$linux" perft 1 "$1" --divide | grep -q "^$2: "; }

say "== b. a UCI session"
out=$(uci_session <<'EOF'
uci
setoption name Hash value 32
isready
position startpos moves e2e4 e7e5
go wtime 10000 btime 10000 winc 100 binc 100
sleep 3
stop
sleep 1
quit
EOF
)
printf '%s\n' "$out" | grep -E "^(id name|uciok|readyok)"
printf '%s\n' "$out" | grep -E "^info depth " | tail -n 1 || true
printf '%s\n' "$out" | grep -E "^bestmove" || true
best=$(printf '%s\n' "$out" | awk '$1 == "bestmove" { print $2 }' | tail -n 1)
after_e4_e5="rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
grep -qx uciok <<<"$out" || fail "UCI: no uciok"
grep -qx readyok <<<"$out" || fail "UCI: no readyok"
if [ -z "$best" ]; then
  fail "UCI: no bestmove"
elif ! legal "$after_e4_e5" "$best"; then
  fail "UCI: bestmove $best is not legal after 1. e4 e5"
else
  say "ok: uciok, readyok, bestmove $best (legal)"
fi
if grep -q "^info string" <<<"$out"; then fail "UCI: unexpected info string: $(grep '^info string' <<<"$out")"; fi

say "== c. Windows paths"
# The network under C:\Program Files (a space), the book by its Z: path, the 3-piece tables
# on C: and the 4-piece ones on Z:, joined by `;`.
c_drive=$WINEPREFIX/drive_c
rm -rf "$c_drive/Program Files/Bramble" "$c_drive/bramble-tb3"
mkdir -p "$c_drive/Program Files/Bramble" "$c_drive/bramble-tb3" "$run/tb4"
cp "$root/nets/bramble-8.nnue" "$c_drive/Program Files/Bramble/"
for table in "$syzygy"/*.rtb[wz]; do
  name=$(basename "$table")
  pieces=${name%%.*}
  if [ ${#pieces} -le 4 ]; then cp "$table" "$c_drive/bramble-tb3/"; else cp "$table" "$run/tb4/"; fi
done
net='C:\Program Files\Bramble\bramble-8.nnue'
book=$(winpath "$root/book/bramble.bin")
tables="C:\\bramble-tb3;$(winpath "$run/tb4")"
linux_tables=$("$linux" "setoption name SyzygyPath value $syzygy" quit | grep "^info string Syzygy")
out=$(uci_session <<EOF
setoption name EvalFile value $net
setoption name OwnBook value true
setoption name BookFile value $book
setoption name SyzygyPath value $tables
isready
position startpos
go wtime 10000 btime 10000
position fen 8/8/8/4k3/8/8/8/4K2Q w - - 0 1
go depth 4
sleep 2
quit
EOF
)
printf '%s\n' "$out" | grep -E "^info string|^bestmove"
say "(Linux, $syzygy: $linux_tables)"
# The network's shape in words, as the Linux build describes the same file.
shape=$("$linux" "setoption name EvalFile value $root/nets/bramble-8.nnue" quit | sed -n 's/.*: network of \(.*\) loaded$/\1/p')
grep -qF "info string EvalFile $net: network of $shape loaded" <<<"$out" || fail "EvalFile $net did not load"
grep -qE "^info string book .*: [0-9]+ positions" <<<"$out" || fail "BookFile $book did not load"
grep -q "^info string book move " <<<"$out" || fail "no book move from $book"
grep -qxF "$linux_tables" <<<"$out" ||
  fail "SyzygyPath $tables: not the tables Linux finds in $syzygy"
grep -qiE "not usable|skipped|cannot|error" <<<"$out" && fail "a path gave an error"
kqk=$(printf '%s\n' "$out" | grep "^info depth " | tail -n 1 || true)
if [[ $kqk =~ score\ (cp\ 31[0-9]{3}|mate\ [0-9]+).*tbhits ]]; then
  say "ok: the tables score KQ v K as a win ($(grep -oE 'score (cp|mate) [0-9]+' <<<"$kqk"))"
else
  fail "the tables did not score KQ v K as a win: $kqk"
fi
[ $failures = 0 ] && say "ok: EvalFile, BookFile and SyzygyPath loaded from Windows paths"

if [ $quick = 0 ]; then
  say "== d. $games games at 10+0.1 against the Linux build (fastchess, concurrency 1)"
  cat >"$run/bramble-wine" <<EOF
#!/bin/sh
export WINEPREFIX='$WINEPREFIX' WINEDEBUG=-all
exec '$WINE' '$run/bramble.exe' "\$@"
EOF
  chmod +x "$run/bramble-wine"
  rounds=$(((games + 1) / 2))
  start=$SECONDS
  set +e
  "$fastchess" -engine cmd="$run/bramble-wine" name=wine -engine cmd="$linux" name=linux \
    -each tc=10+0.1 option.Hash=16 option.Threads=1 \
    -openings file="$openings" format=epd order=random -rounds $rounds -games 2 -repeat \
    -concurrency 1 -pgnout file="$run/match.pgn" -config outname="$run/config.json" \
    >"$run/fastchess.log" 2>&1
  rc=$?
  set -e
  say "$((SECONDS - start)) s; log $run/fastchess.log, games $run/match.pgn"
  grep -E "^(Results of|Elo:|Games:|Ptnml)" "$run/fastchess.log" | tail -n 4
  [ $rc = 0 ] || fail "fastchess ended with status $rc"
  played=$(grep -c '^\[Result ' "$run/match.pgn" 2>/dev/null || true)
  [ "$played" = $((rounds * 2)) ] || fail "$played games in the PGN, not $((rounds * 2))"
  faults=$(grep -hiE "loses on time|time forfeit|disconnect|stall|crash|illegal|abandoned" \
    "$run/fastchess.log" "$run/match.pgn" 2>/dev/null || true)
  if [ -n "$faults" ]; then
    fail "faults in the match: $(head -n 5 <<<"$faults")"
  else
    say "ok: no time losses, disconnects, stalls, crashes or illegal moves"
  fi
fi

if [ $failures = 0 ]; then
  say "wine_test: all checks passed"
else
  say "wine_test: $failures check(s) FAILED"
  exit 1
fi
