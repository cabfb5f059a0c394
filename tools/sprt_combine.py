#!/usr/bin/env python3
"""One SPRT over several match.py runs of the same two engines.

Usage: python3 tools/sprt_combine.py NEW_NAME PGN... [--sprt ELO0,ELO1]

A test stopped before its verdict (the end of a session) goes on later as a new run with
another --seed; this script reads the PGNs of all the runs, pairs each game with the one
played from the same opening with colours swapped, and prints the combined W-D-L, the Elo
with its 95% interval and the LLR, with ../shared/tools/match.py's own formulas
(pentanomial). NEW_NAME is a part of the first engine's name as the PGNs give it (match.py
names an engine after its binary; ../shared/tools/sprt names them `new` and `base`); a name
found in neither player's name, or in both, is refused. A game whose partner is missing (a
run stopped in the middle of a pair) counts in W-D-L but not in the SPRT. A PGN may be
xz-compressed (.xz, as docs/sprt keeps them). Needs what match.py needs: python-chess
(`python3 -m pip install chess`). A negative lower bound is written `--sprt=-5,0`.
"""
import argparse
import lzma
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../shared/tools"))
from match import elo_interval, sprt_llr  # noqa: E402

SCORES = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("new_name")
    parser.add_argument("pgns", nargs="+")
    parser.add_argument("--sprt", default="0,10")
    args = parser.parse_args()
    elo0, elo1 = (float(x) for x in args.sprt.split(","))

    pairs: list[float] = []
    wdl = [0, 0, 0]
    for path in args.pgns:
        pending: dict[str, float] = {}
        opener = lzma.open if path.endswith(".xz") else open
        with opener(path, "rt", encoding="utf-8") as handle:
            games = handle.read().split("[Event ")[1:]
        for game in games:
            white = re.search(r'\[White "([^"]*)"', game)
            black = re.search(r'\[Black "([^"]*)"', game)
            result = re.search(r'\[Result "([^"]*)"', game)
            fen = re.search(r'\[FEN "([^"]*)"', game)
            if not (white and black and result and fen) or result.group(1) not in SCORES:
                continue
            # A name that matches neither player, or both, would silently count games from
            # the wrong side; refuse it instead.
            new_is_white = args.new_name in white.group(1)
            if new_is_white == (args.new_name in black.group(1)):
                print(
                    f"{path}: '{args.new_name}' must name exactly one of the players "
                    f"'{white.group(1)}' and '{black.group(1)}'",
                    file=sys.stderr,
                )
                return 2
            score = SCORES[result.group(1)]
            if not new_is_white:
                score = 1.0 - score
            wdl[0 if score == 1.0 else 1 if score == 0.5 else 2] += 1
            if fen.group(1) in pending:
                pairs.append((pending.pop(fen.group(1)) + score) / 2)
            else:
                pending[fen.group(1)] = score
    if not pairs:
        print("no complete pairs")
        return 1
    elo, lo, hi = elo_interval(pairs)
    llr = sprt_llr(pairs, elo0, elo1)
    print(f"{len(pairs)} pairs, W-D-L {wdl[0]}-{wdl[1]}-{wdl[2]} ({sum(wdl)} games)")
    print(f"elo {elo:+.1f}  95% [{lo:+.1f}, {hi:+.1f}]")
    print(f"SPRT [{elo0:g}, {elo1:g}]: LLR {llr:+.2f} (bounds -2.94, +2.94 at alpha = beta = 0.05)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
