#!/usr/bin/env python3
"""Start positions for matches that test the endgame knowledge (src/eval/endgame.rs).

Usage: python3 tools/endgame_openings.py ENGINE OUT.epd DATA.txt [DATA.txt ...]
           [--count 3000] [--max-score 500] [--seed 17]

Reads `datagen` text files (`FEN | score | result`), keeps the positions with |score| at
most --max-score where a side without pawns has pieces or only opposite-coloured bishops
and pawns are left, asks ENGINE (`eval`) which of them the knowledge changes (an endgame
scale below 64 or a mop-up bonus), and writes --count of those, shuffled with --seed, as
EPD lines for `../shared/tools/sprt --openings OUT.epd`. Session 17 used d13-d17: 59,917
candidates, 24,898 changed, 3,000 kept.
"""
import argparse
import random
import re
import subprocess


def candidates(paths: list[str], max_score: int) -> list[str]:
    seen, out = set(), []
    for path in paths:
        with open(path) as data:
            for line in data:
                parts = line.split("|")
                if len(parts) != 3:
                    continue  # a line cut short at the end of a file
                try:
                    score = int(parts[1])
                except ValueError:
                    continue
                fen = parts[0].strip()
                board = fen.split()[0]
                n = {c: board.count(c) for c in "PNBRQpnbrq"}
                white_pieces = n["N"] + n["B"] + n["R"] + n["Q"]
                black_pieces = n["n"] + n["b"] + n["r"] + n["q"]
                no_pawn_side = (n["P"] == 0 and white_pieces > 0) or (n["p"] == 0 and black_pieces > 0)
                only_bishops = white_pieces == n["B"] == 1 and black_pieces == n["b"] == 1
                key = " ".join(fen.split()[:4])
                if abs(score) <= max_score and (no_pawn_side or only_bishops) and key not in seen:
                    seen.add(key)
                    out.append(key)
    return out


def changed_by_knowledge(engine: str, fens: list[str]) -> list[str]:
    commands = "".join(f"position fen {fen} 0 1\neval\n" for fen in fens) + "quit\n"
    text = subprocess.run([engine], input=commands, capture_output=True, text=True, check=True).stdout
    found = re.findall(r"Endgame: (-?\d+) of 64 of the sum kept, (-?\d+) cp", text)
    if len(found) != len(fens):
        raise SystemExit(f"{engine} answered {len(found)} evals for {len(fens)} positions")
    return [fen for fen, (scale, mop_up) in zip(fens, found) if int(scale) < 64 or int(mop_up) != 0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("out")
    parser.add_argument("data", nargs="+")
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--max-score", type=int, default=500)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    fens = candidates(args.data, args.max_score)
    changed = changed_by_knowledge(args.engine, fens)
    random.Random(args.seed).shuffle(changed)
    with open(args.out, "w") as out:
        out.writelines(fen + "\n" for fen in changed[: args.count])
    print(f"{len(fens)} candidates, {len(changed)} changed by the knowledge, {min(len(changed), args.count)} written")


if __name__ == "__main__":
    main()
