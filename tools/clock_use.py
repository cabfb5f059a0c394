#!/usr/bin/env python3
"""How each engine of a fastchess PGN spent its clock (issue 83 section 2).

    tools/clock_use.py GAMES.pgn [GAMES.pgn ...] [--overhead-ms 0]

Replays every side's clock from the PGN's `TimeControl` tag (`40/4`, `60+0`, `5+0.05`,
`40/40+1`: moves/seconds+increment, repeating when moves are given) and the move times
fastchess writes in its comments (`{+0.37/14 0.177s}`), and prints per engine:

- games and moves, and losses on time (a clock below zero, or a `Termination` tag that
  says time, as fastchess's "time forfeit");
- the least time left after a move, and at a repeating control the least it was told
  before the last move before a control;
- the largest share of the time left that one move took while 10 or more moves remained
  before the control (at sudden death: any move), the figure "no move using more than its
  share" is about;
- at a repeating control, the mean time of a move by moves still to go (40-31, 30-21,
  20-11, 10-4, 3-1) as a multiple of the control's even share (seconds / moves).

The replay follows fastchess's clock (`TimeControl::updateTime`): it counts moves to go
from each engine's first move of the game, whatever the opening's move number, and it adds
the next control's time before it charges the last move before the control, so the time
an engine is told before that move (`movestogo 1`) is the least it had. No third-party
module: the PGN is read with regular expressions.
"""

import argparse
import re
import sys
from collections import defaultdict

TAG = re.compile(r'^\[(\w+) "(.*)"\]\s*$')
# A move time in a fastchess comment: the number before "s", which ends the comment or is
# followed by the game's end ("{0.00/22 0.087s, Draw by 3-fold repetition}").
COMMENT_TIME = re.compile(r"\{[^}]*?\s(\d+(?:\.\d+)?)s[,}]")
BANDS = [(31, 40), (21, 30), (11, 20), (4, 10), (1, 3)]


def parse_control(text):
    """(moves or None, seconds, increment) from a TimeControl tag."""
    m = re.fullmatch(r"(?:(\d+)/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?", text.strip())
    if not m:
        raise ValueError(f"a TimeControl this tool does not read: {text!r}")
    moves = int(m.group(1)) if m.group(1) else None
    return moves, float(m.group(2)), float(m.group(3) or 0)


def read_games(path):
    """Yields (tags, move times) per game."""
    def game(tags, body):
        return tags, [float(t) for t in COMMENT_TIME.findall(" ".join(body))]

    tags, body = {}, []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            tag = TAG.match(line)
            if tag:
                if body:
                    yield game(tags, body)
                    tags, body = {}, []
                tags[tag.group(1)] = tag.group(2)
            elif line.strip():
                body.append(line.strip())
    if tags:
        yield game(tags, body)


class Side:
    def __init__(self):
        self.games = self.moves = self.time_losses = 0
        self.least_left = float("inf")
        self.least_before_control = float("inf")
        self.largest_share = 0.0
        self.band_times = defaultdict(list)


def replay(times, control, side, overhead):
    """Replays one side's clock; updates `side`."""
    moves_per, seconds, increment = control
    clock, played = seconds, 0
    for t in times:
        to_go = moves_per - played % moves_per if moves_per else None
        if to_go is None or to_go >= 10:
            side.largest_share = max(side.largest_share, t / clock if clock > 0 else float("inf"))
        if to_go is not None:
            for low, high in BANDS:
                if low <= to_go <= high:
                    side.band_times[(low, high)].append(t / (seconds / moves_per))
        if to_go == 1:
            # The time the engine had for the last move before the control (`movestogo 1`).
            side.least_before_control = min(side.least_before_control, clock)
            # fastchess adds the next control's time before it charges that move.
            clock += seconds
        clock -= t + overhead
        side.least_left = min(side.least_left, clock)
        if clock < 0:
            side.time_losses += 1
            break
        clock += increment
        played += 1
    side.moves += played


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--overhead-ms", type=float, default=0.0,
                        help="time to add to every move (a GUI's own latency), default 0")
    args = parser.parse_args(argv)
    sides = defaultdict(Side)
    control = None
    for path in args.pgn:
        for tags, times in read_games(path):
            control = parse_control(tags.get("TimeControl", ""))
            # The first move is Black's when the opening position has Black to move.
            black_first = tags.get("FEN", "w w").split()[1] == "b"
            for colour, offset in (("White", int(black_first)), ("Black", 1 - int(black_first))):
                side = sides[tags.get(colour, colour)]
                side.games += 1
                losses_before = side.time_losses
                replay(times[offset::2], control, side, args.overhead_ms / 1000)
                lost = "0-1" if colour == "White" else "1-0"
                flagged = "time" in tags.get("Termination", "") and tags.get("Result") == lost
                if flagged and side.time_losses == losses_before:
                    side.time_losses += 1
    if not sides:
        sys.exit("clock_use: no games read")
    for name, side in sorted(sides.items()):
        print(f"{name}: {side.games} games, {side.moves} moves, {side.time_losses} time losses; "
              f"least left {side.least_left:.3f} s; largest share of the clock one move took "
              f"with 10 or more moves to go {side.largest_share:.3f}")
        if control and control[0]:
            bands = ", ".join(f"{high}-{low}: {sum(v) / len(v):.2f}"
                              for (low, high) in BANDS if (v := side.band_times[(low, high)]))
            print(f"  least left before a control {side.least_before_control:.3f} s; "
                  f"mean move time / even share by moves to go: {bands}")


if __name__ == "__main__":
    main()
