#!/usr/bin/env python3
"""Lazy SMP time-to-depth: how much sooner a UCI engine reaches a depth with more threads.

Usage: python3 tools/smp_speedup.py ENGINE [--threads 1,2] [--depth 14] [--hash 64]
                                     [--positions FILE] [--count 8]

For each position (the first --count lines of an EPD/FEN file; default: eight middlegame
positions written below), a fresh engine process with each thread count searches
`go depth D` from an empty table, and the script prints the wall time of each, then
per thread count the geometric mean time and the speedup over the first count (the
ratio of geometric means). Run it on an idle machine: the threads need free cores.
Needs python-chess.
"""
import argparse
import math
import time

import chess
import chess.engine

# Varied middlegames (openings, a closed centre, open files, an attack) from Bramble's games.
POSITIONS = [
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8",
    "r2q1rk1/pp1nbppp/2p1pn2/3p4/2PP4/1PN1PN2/P2B1PPP/R2QKB1R w KQ - 1 9",
    "r1b2rk1/pp2qppp/4pn2/8/2PB4/8/PPB2PPP/R2QR1K1 b - - 2 15",
    "2kr3r/pp3p2/2n3p1/5p2/N2P1P1p/P3P3/1PQBq1PK/2R2R2 w - - 1 20",
    "r4rk1/pbqp1ppp/n2b4/2pP4/2B1P3/P1N2N1P/1P4P1/R2QR1K1 b - - 2 15",
    "3r2k1/p1q2pbp/1pp1p1n1/5p2/N1PP4/1N3Q2/PP4PP/5R1K b - - 0 24",
    "r2qk2r/1ppb2b1/p1n1p2p/2P2pp1/3P4/P3P2P/1P1N1PPB/RQ2KB1R b KQkq - 5 15",
]


def read_positions(path: str, count: int) -> list[str]:
    fens = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 4:
                fens.append(" ".join(fields[:4]) + " 0 1")
            if len(fens) == count:
                break
    return fens


def time_to_depth(engine_path: str, fen: str, threads: int, depth: int, hash_mb: int) -> float:
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    try:
        engine.configure({"Threads": threads, "Hash": hash_mb})
        start = time.monotonic()
        engine.play(chess.Board(fen), chess.engine.Limit(depth=depth))
        return time.monotonic() - start
    finally:
        engine.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine")
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("--positions")
    parser.add_argument("--count", type=int, default=8)
    args = parser.parse_args()
    counts = [int(t) for t in args.threads.split(",")]
    fens = read_positions(args.positions, args.count) if args.positions else POSITIONS[: args.count]

    times = {t: [] for t in counts}
    for fen in fens:
        row = []
        for t in counts:
            seconds = time_to_depth(args.engine, fen, t, args.depth, args.hash)
            times[t].append(seconds)
            row.append(f"{t}T {seconds:6.2f}s")
        print(f"{'  '.join(row)}  {fen}", flush=True)
    base = None
    for t in counts:
        mean = math.exp(sum(math.log(max(s, 1e-3)) for s in times[t]) / len(times[t]))
        base = base or mean
        print(f"{t} threads: geometric mean {mean:.2f} s to depth {args.depth}, speedup {base / mean:.2f}x")


if __name__ == "__main__":
    main()
