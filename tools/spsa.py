#!/usr/bin/env python3
"""SPSA tuning of the search's parameters with fastchess (issue 83 section 3).

    cargo build --release --features tune --target-dir target/tune
    tools/spsa.py --engine target/tune/release/bramble --state spsa.json --steps 2500
    tools/spsa.py --state spsa.json --minutes 100      # go on: the state file holds the rest
    tools/spsa.py --state spsa.json --show             # the values now, against the defaults
    tools/spsa.py --state spsa.json --apply src/search/params.rs   # them as the defaults

The parameters, their ranges and steps are the engine's (`bramble params`, OpenBench's
format: NAME, int, default, min, max, c_end, r_end), read when the state file is made.
Each step plays --pairs game pairs (default: --concurrency) between the engine with every
parameter at theta + c_k * flip and at theta - c_k * flip (flip a random +1 or -1 a
parameter, values rounded to whole numbers), then moves theta by
a_k * (wins - losses of the + side) * flip / c_k, clamped to the range: the schedule of
fishtest and OpenBench, c_k = c_end * (N / k)^0.101 and a_k = r_end * c_end^2 *
((A + N) / (A + k))^0.602 with A = N / 10, N the planned steps. The state (theta, the step,
the games) is written after every step, so a run stopped at any point goes on from there.

Run it with nothing else on the cores (datagen paused: tools/datagen_paused.sh), as any
match. Prints one line every --report steps, and the games and time losses at the end.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, "..", "..", "shared")
ALPHA, GAMMA = 0.602, 0.101  # the decay exponents of a_k and c_k (Spall's, fishtest's)


def read_params(engine):
    """The engine's parameters from `ENGINE params`, as dicts."""
    out = subprocess.run([engine, "params"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"spsa: {engine} params failed: {out.stderr.strip()}")
    params = []
    for line in out.stdout.splitlines():
        fields = [field.strip() for field in line.split(",")]
        if len(fields) != 7 or fields[1] != "int":
            sys.exit(f"spsa: not a parameter line of {engine} params: {line!r}")
        name, _, default, low, high, c_end, r_end = fields
        default, low, high = int(default), int(low), int(high)
        params.append(
            {"name": name, "default": default, "min": low, "max": high, "c_end": float(c_end),
             "r_end": float(r_end), "theta": float(default)}
        )
    if not params:
        sys.exit(f"spsa: {engine} params printed no parameter")
    return params


def gains(param, k, steps):
    """c_k and a_k of `param` at step k (from 1) of `steps`."""
    big_a = steps / 10
    c_k = param["c_end"] * (steps / k) ** GAMMA
    a_k = param["r_end"] * param["c_end"] ** 2 * ((big_a + steps) / (big_a + k)) ** ALPHA
    return c_k, a_k


def clamp(param, value):
    return min(max(value, param["min"]), param["max"])


def play(state, plus, minus, seed):
    """One step's games: (wins, losses, draws) of the + side, and its time losses."""
    def engine(name, values):
        options = [f"option.{p['name']}={v}" for p, v in zip(state["params"], values)]
        return ["-engine", f"cmd={state['engine']}", f"name={name}", *options]

    pgn = state["state_file"] + ".pgn"
    command = [
        state["fastchess"], *engine("plus", plus), *engine("minus", minus),
        "-each", f"tc={state['tc']}", "option.Hash=16", "option.Threads=1",
        "-openings", f"file={state['openings']}", "format=epd", "order=random",
        "-srand", str(seed), "-rounds", str(state["pairs"]), "-games", "2", "-repeat",
        "-concurrency", str(state["concurrency"]),
        "-resign", "movecount=3", "score=600", "-draw", "movenumber=34", "movecount=8", "score=20",
        "-pgnout", f"file={pgn}",
    ]
    out = subprocess.run(command, capture_output=True, text=True)
    text = out.stdout + out.stderr
    found = re.findall(r"Wins: (\d+), Losses: (\d+), Draws: (\d+)", text)
    if out.returncode != 0 or not found:
        sys.exit(f"spsa: fastchess failed (exit {out.returncode}):\n{text[-2000:]}")
    wins, losses, draws = map(int, found[-1])
    return (wins, losses, draws), len(re.findall(r"loses on time", text))


def step(state, rng):
    """Plays step k = state['k'] + 1 and moves theta."""
    k, steps = state["k"] + 1, state["steps"]
    flips = [rng.choice((-1, 1)) for _ in state["params"]]
    plus, minus, scales = [], [], []
    for param, flip in zip(state["params"], flips):
        c_k, a_k = gains(param, k, steps)
        plus.append(round(clamp(param, param["theta"] + c_k * flip)))
        minus.append(round(clamp(param, param["theta"] - c_k * flip)))
        scales.append(a_k / c_k)
    (wins, losses, draws), time_losses = play(state, plus, minus, state["seed"] + k)
    for param, flip, scale in zip(state["params"], flips, scales):
        param["theta"] = clamp(param, param["theta"] + scale * (wins - losses) * flip)
    state["k"] = k
    state["games"] = [a + b for a, b in zip(state["games"], (wins, losses, draws))]
    state["time_losses"] += time_losses


def save(state):
    """Writes the state whole or not at all (a stop mid-write keeps the last one)."""
    temporary = state["state_file"] + ".tmp"
    with open(temporary, "w") as out:
        json.dump({key: value for key, value in state.items() if key != "state_file"}, out, indent=1)
    os.replace(temporary, state["state_file"])


def tuned_value(param):
    """The whole number a tuned parameter is used as: theta rounded."""
    return round(param["theta"])


def show(state):
    for param in state["params"]:
        value = tuned_value(param)
        mark = "" if value == param["default"] else f"  (default {param['default']})"
        print(f"{param['name']} = {value}{mark}")
    wins, losses, draws = state["games"]
    print(f"step {state['k']} of {state['steps']}; games {wins + losses + draws} "
          f"(+ side W-L-D {wins}-{losses}-{draws}); time losses {state['time_losses']}")


def apply(state, source):
    """Writes each parameter's tuned value (theta rounded, as --show prints it) as its
    default in `source` (src/search/params.rs), for the SPRT of the tuned values against
    the old defaults. Every parameter must be declared there exactly once."""
    with open(source) as file:
        text = file.read()
    changed = 0
    for param in state["params"]:
        pattern = re.compile(rf"^([ \t]*{param['name']} = )(-?\d+)(,)", re.MULTILINE)
        found = pattern.findall(text)
        if len(found) != 1:
            sys.exit(f"spsa: {source}: {param['name']} is declared {len(found)} times, not once")
        value = tuned_value(param)
        if int(found[0][1]) != value:
            changed += 1
        text = pattern.sub(lambda match: f"{match.group(1)}{value}{match.group(3)}", text)
    with open(source, "w") as out:
        out.write(text)
    print(f"spsa: wrote {len(state['params'])} values into {source}, {changed} of them new defaults")


def self_test(engine):
    """Runs the tool against a stand-in for fastchess whose + side scores 3-1 a step (two
    pairs), and checks what it must do: every parameter moves by the sum of the two
    steps' sizes, or by their difference where its two flips differed, within its range;
    a stopped run goes on from its state file, and a seed repeats its run. Exits non-zero
    on any failure."""
    import math
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        fake = os.path.join(folder, "fastchess")
        with open(fake, "w") as out:
            out.write('#!/bin/sh\necho "Games: 4, Wins: 3, Losses: 1, Draws: 0, Points: 3.0 (75.00 %)"\n')
        os.chmod(fake, 0o755)
        openings = os.path.join(folder, "openings.epd")
        with open(openings, "w") as out:
            out.write("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n")

        def run(name, *extra):
            state = os.path.join(folder, name)
            command = [sys.executable, os.path.abspath(__file__), "--state", state, *extra]
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"spsa: self-test: {' '.join(command)} failed:\n{done.stdout}{done.stderr}")
            with open(state) as file:
                return json.load(file)

        first_run = ["--engine", engine, "--steps", "50", "--fastchess", fake, "--openings", openings, "--max-steps", "2"]
        first, again = run("a.json", *first_run), run("b.json", *first_run)
        checks = [
            (first["k"] == 2 and first["games"] == [6, 2, 0], f"two steps of 4 games: {first['k']} {first['games']}"),
            (first["params"] == again["params"], "a seed repeats its run"),
        ]
        for param in first["params"]:
            sizes = [gains(param, k, 50)[1] / gains(param, k, 50)[0] * 2 for k in (1, 2)]
            moved = abs(param["theta"] - param["default"])
            clamped = param["theta"] in (param["min"], param["max"])
            ok = math.isclose(moved, sizes[0] + sizes[1]) or math.isclose(moved, abs(sizes[0] - sizes[1])) or clamped
            checks.append((ok and param["min"] <= param["theta"] <= param["max"], f"{param['name']}: {param}"))
        checks.append((any(p["theta"] != p["default"] for p in first["params"]), "some parameter moved"))
        resumed = run("a.json", "--max-steps", "1")
        checks.append((resumed["k"] == 3 and resumed["games"] == [9, 3, 0], "a stopped run goes on"))
        source = os.path.join(folder, "params.rs")
        with open(os.path.join(HERE, "..", "src", "search", "params.rs")) as file, open(source, "w") as out:
            out.write(file.read())
        run("a.json", "--apply", source)
        with open(source) as file:
            written = file.read()
        for param in resumed["params"]:
            line = f"{param['name']} = {tuned_value(param)}, {param['min']}..={param['max']}, step"
            checks.append((written.count(line) == 1, f"--apply wrote {line}"))
        failed = [why for ok, why in checks if not ok]
        if failed:
            sys.exit("spsa: self-test failed: " + "; ".join(failed))
        print(f"spsa: self-test passed ({len(first['params'])} parameters)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--state", help="the state file (made on the first run, then read)")
    parser.add_argument("--engine", help="a --features tune build of bramble (first run only)")
    parser.add_argument("--steps", type=int, help="the steps planned, N of the schedule (first run only)")
    parser.add_argument("--tc", default="2+0.02", help="the time control (first run only; default 2+0.02)")
    parser.add_argument("--concurrency", type=int, default=2, help="games at once (first run only; default 2)")
    parser.add_argument("--pairs", type=int, help="game pairs a step (first run only; default --concurrency)")
    parser.add_argument("--openings", default=os.path.join(SHARED, "data", "openings", "openings.epd"),
                        help="EPD openings (first run only; default ../shared/data/openings/openings.epd)")
    parser.add_argument("--fastchess", default=os.path.join(SHARED, "tools", "fastchess"),
                        help="the fastchess binary (first run only)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the flips and openings (first run only)")
    parser.add_argument("--skip", default="", help="NAME,NAME...: parameters left at their defaults, such as those of "
                        "a switch that is off (first run only)")
    parser.add_argument("--minutes", type=float, help="stop after the step that passes this many minutes")
    parser.add_argument("--max-steps", type=int, help="stop after this many steps of this run")
    parser.add_argument("--report", type=int, default=10, help="a line every this many steps (default 10)")
    parser.add_argument("--show", action="store_true", help="print the values now and stop")
    parser.add_argument("--apply", metavar="PARAMS_RS", help="write the values now as the defaults in this file "
                        "(src/search/params.rs) and stop")
    parser.add_argument("--self-test", action="store_true", help="check the tool with a stand-in for fastchess (needs --engine)")
    args = parser.parse_args()
    if args.self_test:
        if not args.engine:
            sys.exit("spsa: --self-test needs --engine (any bramble build: it reads its parameters)")
        self_test(args.engine)
        return
    if not args.state:
        sys.exit("spsa: --state FILE is needed")

    if os.path.exists(args.state):
        with open(args.state) as file:
            state = json.load(file)
    else:
        if args.show or args.apply:
            sys.exit(f"spsa: no state file {args.state}")
        if not args.engine or not args.steps or args.steps < 1:
            sys.exit("spsa: a new run needs --engine (a --features tune build) and --steps N")
        for path in (args.engine, args.fastchess, args.openings):
            if not os.path.isfile(path):
                sys.exit(f"spsa: {path}: no such file")
        state = {
            "engine": os.path.abspath(args.engine), "fastchess": os.path.abspath(args.fastchess),
            "openings": os.path.abspath(args.openings), "tc": args.tc, "concurrency": args.concurrency,
            "pairs": args.pairs or args.concurrency, "steps": args.steps, "seed": args.seed, "k": 0,
            "games": [0, 0, 0], "time_losses": 0, "params": read_params(args.engine),
        }
        skipped = {name for name in args.skip.split(",") if name}
        unknown = skipped - {param["name"] for param in state["params"]}
        if unknown:
            sys.exit(f"spsa: --skip names no parameter of the engine: {', '.join(sorted(unknown))}")
        state["params"] = [param for param in state["params"] if param["name"] not in skipped]
    state["state_file"] = args.state
    if args.show:
        show(state)
        return
    if args.apply:
        apply(state, args.apply)
        return
    # The flips of step k depend on the seed and k alone, so a resumed run makes the same.
    start, done = time.time(), 0
    while state["k"] < state["steps"]:
        step(state, random.Random(state["seed"] * 1_000_003 + state["k"]))
        save(state)
        done += 1
        if done % args.report == 0:
            wins, losses, draws = state["games"]
            print(f"spsa: step {state['k']}/{state['steps']}, games {wins + losses + draws}, "
                  f"{(time.time() - start) / 60:.1f} min", flush=True)
        if (args.minutes and time.time() - start >= 60 * args.minutes) or (args.max_steps and done >= args.max_steps):
            break
    show(state)


if __name__ == "__main__":
    main()
