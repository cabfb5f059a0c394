#!/usr/bin/env python3
"""Picks the positions of `bramble bench` from real games.

Usage: python3 tools/bench_positions.py ../shared/data/games/lichess_db_standard_rated_2013-01_first5000.pgn

The games are lichess.org's open database (CC0). From every 40th game that lasts long
enough, the script takes the position at one of a rotating set of plies (11 to 95, odd and even, so both sides are to move), so the
list runs from openings through middlegames to endgames; it prints the FENs for
src/bench.rs. Needs python-chess.
"""
import sys

import chess.pgn

PLIES = [11, 20, 29, 38, 47, 56, 65, 80, 95]
WANTED = 44


def main(path: str) -> None:
    picked = []
    with open(path, encoding="utf-8", errors="replace") as pgn:
        index = 0
        while len(picked) < WANTED:
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            index += 1
            if index % 40:
                continue
            ply = PLIES[(index // 40) % len(PLIES)]
            board = game.board()
            moves = list(game.mainline_moves())
            if len(moves) <= ply + 4:
                continue
            for move in moves[:ply]:
                board.push(move)
            if board.is_game_over() or board.is_check():
                continue
            picked.append(board.fen())
    for fen in picked:
        print(f'    "{fen}",')


if __name__ == "__main__":
    main(sys.argv[1])
