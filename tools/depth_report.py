#!/usr/bin/env python3
"""Depth reached and effective branching factor of a UCI engine from one position.

Usage: python3 tools/depth_report.py ENGINE [--movetime MS ...] [--fen FEN] [--hash MB]

For each movetime (default 1000 and 10000 ms) a fresh engine process searches the position
(default: the start position) and the script prints the last depth completed, the
nodes and time of each completed iteration, and the effective branching factor (EBF): the
nodes of an iteration divided by the nodes of the one before. The summary line gives the
geometric mean EBF over the iterations from depth 12 on (or over all, in a shorter search).
Needs python-chess.
"""
import argparse
import math

import chess
import chess.engine


def iterations(engine: chess.engine.SimpleEngine, board: chess.Board, movetime_ms: int) -> list[dict]:
    """The report of every completed iteration: depth, nodes, time. Bramble repeats its best
    line once more when the search ends, possibly from an unfinished iteration, so the last
    report is left out and each depth keeps its first."""
    reports = []
    with engine.analysis(board, chess.engine.Limit(time=movetime_ms / 1000)) as analysis:
        for info in analysis:
            if "depth" in info and "nodes" in info and "pv" in info and "lowerbound" not in info and "upperbound" not in info:
                reports.append({"depth": info["depth"], "nodes": info["nodes"], "time": info.get("time", 0.0)})
    by_depth: dict[int, dict] = {}
    for report in reports[:-1]:
        by_depth.setdefault(report["depth"], report)
    return [by_depth[d] for d in sorted(by_depth)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine")
    parser.add_argument("--movetime", type=int, action="append", help="milliseconds (repeatable)")
    parser.add_argument("--fen", default=chess.STARTING_FEN)
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--from-depth", type=int, default=12, help="first depth of the summary EBF")
    args = parser.parse_args()
    board = chess.Board(args.fen)
    for movetime in args.movetime or [1000, 10000]:
        engine = chess.engine.SimpleEngine.popen_uci(args.engine)
        try:
            engine.configure({"Hash": args.hash})
            rows = iterations(engine, board, movetime)
        finally:
            engine.quit()
        print(f"movetime {movetime} ms: depth {rows[-1]['depth'] if rows else 0}")
        ratios = []
        for previous, row in zip([None] + rows, rows):
            ebf = row["nodes"] / previous["nodes"] if previous and previous["nodes"] else None
            if ebf and row["depth"] >= args.from_depth:
                ratios.append(ebf)
            shown = f"{ebf:5.2f}" if ebf else "    -"
            print(f"  depth {row['depth']:3}  nodes {row['nodes']:12}  time {row['time']:7.3f} s  ebf {shown}")
        if not ratios:
            ratios = [r["nodes"] / p["nodes"] for p, r in zip(rows, rows[1:]) if p["nodes"]]
        if ratios:
            mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
            print(f"  mean ebf (depth >= {args.from_depth} where reached): {mean:.2f}")


if __name__ == "__main__":
    main()
