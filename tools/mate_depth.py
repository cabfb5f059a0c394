#!/usr/bin/env python3
"""The depth at which a UCI engine finds each mate of a file: what pruning costs in mates.

Usage: python3 tools/mate_depth.py ENGINE FILE [--max-depth 24] [--hash 16] [--worst 5]

FILE holds one position a line: a FEN, or an EPD line (its first four fields; operations
such as `bm` are ignored). Each position is searched with `go depth MAX` after
`ucinewgame`; its mate depth is the first iteration from which on every report scores a
mate for the side to move (so a mate seen once and lost again does not count). The
summary gives the deepest such depth, the sum over the file (lower is better: a change
that hides mates raises it), a histogram by depth, and the slowest positions; a position
whose mate is not found by MAX counts as MAX + 1 and is listed as unsolved.
Plain UCI over pipes: no python-chess needed.
"""
import argparse
import subprocess
import sys


def fen_of(line: str) -> str | None:
    fields = line.split(";")[0].split()
    if len(fields) < 4:
        return None
    if len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit():
        return " ".join(fields[:6])
    return " ".join(fields[:4]) + " 0 1"


class Engine:
    def __init__(self, path: str, hash_mb: int):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def lines(self):
        assert self.process.stdout is not None
        for line in self.process.stdout:
            yield line.split()
        sys.exit("the engine stopped answering")

    def wait_for(self, token: str) -> None:
        for words in self.lines():
            if words and words[0] == token:
                return

    def mate_depth(self, fen: str, max_depth: int) -> int | None:
        """The first depth from which on every report scores a mate for the side to move."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go depth {max_depth}")
        first = None
        for words in self.lines():
            if not words:
                continue
            if words[0] == "bestmove":
                return first
            if words[0] == "info" and "depth" in words and "score" in words:
                depth = int(words[words.index("depth") + 1])
                score = words.index("score")
                mates = words[score + 1] == "mate" and int(words[score + 2]) > 0
                first = (first or depth) if mates else None
        return first

    def quit(self) -> None:
        self.send("quit")
        self.process.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("file")
    parser.add_argument("--max-depth", type=int, default=24)
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--worst", type=int, default=5, help="slowest positions to list")
    args = parser.parse_args()

    with open(args.file) as file:
        fens = [fen for fen in map(fen_of, file) if fen]
    if not fens:
        sys.exit(f"{args.file}: no positions")
    engine = Engine(args.engine, args.hash)
    results = []
    for fen in fens:
        depth = engine.mate_depth(fen, args.max_depth)
        results.append((depth if depth is not None else args.max_depth + 1, fen))
    engine.quit()

    depths = [depth for depth, _ in results]
    unsolved = sum(depth > args.max_depth for depth in depths)
    histogram = " ".join(f"{depth}:{depths.count(depth)}" for depth in sorted(set(depths)))
    print(f"positions {len(depths)} unsolved {unsolved} deepest {max(depths)} sum {sum(depths)}")
    print(f"by depth {histogram}")
    for depth, fen in sorted(results, key=lambda result: result[0])[-args.worst :]:
        print(f"{depth:3} {fen}")


if __name__ == "__main__":
    main()
