#!/usr/bin/env python3
"""Fits Bramble's win/draw/loss model (the `UCI_ShowWDL` output) to its own games.

usage: python3 tools/fit_wdl.py [--every N] FILE.pgn|FILE.txt [MORE ...]

A .pgn file holds match.py games: each move carries the mover's reported score as a
comment (`{ +0.35 }`, pawns, from the side that moved). A .txt file holds
`FEN | score | result` lines as `bramble convert --to text` writes them from data/'s
games (the search's score in centipawns and the result, both from White's side; the
self-play of datagen, so the network's scores):

    bramble convert --to text data/d80.games.xz /tmp/d80.txt
    python3 tools/fit_wdl.py --every 4 /tmp/d80.txt

Every scored move (with --every N, every Nth) gives one sample: the score and result
for the side to move, and the material on the board (P=1, N=B=3, R=5, Q=9, both sides,
clamped to 17..78). Mate scores are left out.

The model, as in Stockfish's: with v the score in centipawns and m the material,

    win  = 1 / (1 + exp((a(m) - v) / b(m)))
    loss = 1 / (1 + exp((a(m) + v) / b(m)))
    draw = 1 - win - loss

a(m) is the score that wins half the games, b(m) how fast the win rate grows around it.
The fit: for each material bin, a and b by maximum likelihood (Nelder-Mead); then a(m)
and b(m) as quadratics in m / 58, least squares weighted by the samples in each bin. It
prints the per-bin figures, the fit's log-loss against a constant model, and the Rust
constants for src/wdl.rs.

Needs python-chess for PGN only (no numpy), so it runs wherever match.py runs.
"""

import math
import sys

MATERIAL_MIN, MATERIAL_MAX = 17, 78
MATERIAL_NORM = 58
BIN_WIDTH = 4
MIN_BIN_SAMPLES = 500
LETTER_VALUES = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9}


def clamped(count):
    return min(max(count, MATERIAL_MIN), MATERIAL_MAX)


def material(board):
    return clamped(sum(LETTER_VALUES.get(p.symbol().lower(), 0) for p in board.piece_map().values()))


def text_samples(path):
    """(score, material, outcome) for the side to move of each `FEN | score | result` line."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split("|")
            if len(fields) != 3:
                continue
            fen = fields[0].split()
            try:
                cp, white_points = int(fields[1]), float(fields[2])
            except ValueError:
                continue
            if len(fen) < 2 or abs(cp) >= 10_000:
                continue
            count = clamped(sum(LETTER_VALUES.get(c.lower(), 0) for c in fen[0]))
            if fen[1] == "b":
                cp, white_points = -cp, 1.0 - white_points
            yield cp, count, white_points


def samples(paths):
    """(score, material, outcome for the mover: 1, 0.5, 0) for every scored move."""
    for path in paths:
        if path.endswith(".txt"):
            yield from text_samples(path)
            continue
        import chess.pgn  # only PGN needs python-chess

        with open(path, encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                white_points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(game.headers.get("Result"))
                if white_points is None:
                    continue
                board = game.board()
                for node in game.mainline():
                    comment = node.comment.strip()
                    mover = board.turn == chess.WHITE
                    if comment:
                        try:
                            cp = round(float(comment) * 100)
                        except ValueError:
                            cp = None
                        if cp is not None and abs(cp) < 10_000:
                            points = white_points if mover else 1.0 - white_points
                            yield cp, material(board), points
                    board.push(node.move)


def probabilities(v, a, b):
    win = 1.0 / (1.0 + math.exp(min(50.0, (a - v) / b)))
    loss = 1.0 / (1.0 + math.exp(min(50.0, (a + v) / b)))
    return win, max(1e-9, 1.0 - win - loss), loss


def log_loss(data, a, b):
    if b <= 1.0:
        return float("inf")
    total = 0.0
    for v, points in data:
        win, draw, loss = probabilities(v, a, b)
        p = win if points == 1.0 else loss if points == 0.0 else draw
        total -= math.log(max(p, 1e-12))
    return total / len(data)


def nelder_mead(f, start, step=20.0, iterations=300):
    simplex = [list(start), [start[0] + step, start[1]], [start[0], start[1] + step]]
    values = [f(*p) for p in simplex]
    for _ in range(iterations):
        order = sorted(range(3), key=lambda i: values[i])
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        if values[2] - values[0] < 1e-9:
            break
        centre = [(simplex[0][k] + simplex[1][k]) / 2 for k in range(2)]
        worst = simplex[2]
        reflected = [centre[k] + (centre[k] - worst[k]) for k in range(2)]
        fr = f(*reflected)
        if fr < values[0]:
            expanded = [centre[k] + 2 * (centre[k] - worst[k]) for k in range(2)]
            fe = f(*expanded)
            simplex[2], values[2] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[1]:
            simplex[2], values[2] = reflected, fr
        else:
            contracted = [centre[k] + 0.5 * (worst[k] - centre[k]) for k in range(2)]
            fc = f(*contracted)
            if fc < values[2]:
                simplex[2], values[2] = contracted, fc
            else:
                for i in (1, 2):
                    simplex[i] = [simplex[0][k] + 0.5 * (simplex[i][k] - simplex[0][k]) for k in range(2)]
                    values[i] = f(*simplex[i])
    best = min(range(3), key=lambda i: values[i])
    return simplex[best], values[best]


def quadratic_fit(xs, ys, weights):
    """Weighted least squares for y = c0 x^2 + c1 x + c2 (normal equations, 3x3)."""
    rows = [[x * x, x, 1.0] for x in xs]
    ata = [[sum(w * r[i] * r[j] for r, w in zip(rows, weights)) for j in range(3)] for i in range(3)]
    aty = [sum(w * r[i] * y for r, y, w in zip(rows, ys, weights)) for i in range(3)]
    # Gaussian elimination.
    for col in range(3):
        pivot = max(range(col, 3), key=lambda r: abs(ata[r][col]))
        ata[col], ata[pivot] = ata[pivot], ata[col]
        aty[col], aty[pivot] = aty[pivot], aty[col]
        for r in range(col + 1, 3):
            factor = ata[r][col] / ata[col][col]
            ata[r] = [ata[r][k] - factor * ata[col][k] for k in range(3)]
            aty[r] -= factor * aty[col]
    coefficients = [0.0] * 3
    for r in (2, 1, 0):
        coefficients[r] = (aty[r] - sum(ata[r][k] * coefficients[k] for k in range(r + 1, 3))) / ata[r][r]
    return coefficients


def main():
    args = sys.argv[1:]
    every = 1
    if args[:1] == ["--every"] and len(args) >= 2 and args[1].isdigit() and int(args[1]) > 0:
        every, args = int(args[1]), args[2:]
    paths = args
    if not paths or any(p.startswith("-") for p in paths):
        sys.exit(__doc__)
    bins = {}
    for index, (v, m, points) in enumerate(samples(paths)):
        if index % every == 0:
            bins.setdefault((m - MATERIAL_MIN) // BIN_WIDTH, []).append((v, points))
    total = sum(len(d) for d in bins.values())
    print(f"{total} samples from {len(paths)} files")
    xs, a_values, b_values, weights = [], [], [], []
    print("material   samples      a      b")
    for key in sorted(bins):
        data = bins[key]
        if len(data) < MIN_BIN_SAMPLES:
            continue
        mean_material = MATERIAL_MIN + key * BIN_WIDTH + (BIN_WIDTH - 1) / 2
        (a, b), _ = nelder_mead(lambda a, b: log_loss(data, a, b), (150.0, 60.0))
        print(f"{mean_material:8.1f} {len(data):9d} {a:6.1f} {b:6.1f}")
        xs.append(mean_material / MATERIAL_NORM)
        a_values.append(a)
        b_values.append(b)
        weights.append(len(data))
    a_poly = quadratic_fit(xs, a_values, weights)
    b_poly = quadratic_fit(xs, b_values, weights)

    def model_loss():
        loss = 0.0
        for key, data in bins.items():
            m = MATERIAL_MIN + key * BIN_WIDTH + (BIN_WIDTH - 1) / 2
            x = min(max(m, MATERIAL_MIN), MATERIAL_MAX) / MATERIAL_NORM
            a = sum(c * x ** (2 - i) for i, c in enumerate(a_poly))
            b = sum(c * x ** (2 - i) for i, c in enumerate(b_poly))
            loss += log_loss(data, a, b) * len(data)
        return loss / total

    outcomes = [points for data in bins.values() for _, points in data]
    rates = [sum(1 for p in outcomes if p == o) / total for o in (1.0, 0.5, 0.0)]
    constant = -sum(r * math.log(r) for r in rates if r > 0)
    print(f"log-loss: model {model_loss():.4f}, outcome rates alone {constant:.4f}")
    print("// a(m) and b(m), quadratics in m / 58 (highest power first)")
    print(f"const A: [f64; 3] = [{a_poly[0]:.3f}, {a_poly[1]:.3f}, {a_poly[2]:.3f}];")
    print(f"const B: [f64; 3] = [{b_poly[0]:.3f}, {b_poly[1]:.3f}, {b_poly[2]:.3f}];")


if __name__ == "__main__":
    main()
