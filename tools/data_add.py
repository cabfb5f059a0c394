#!/usr/bin/env python3
"""Adds a finished `bramble datagen --format games` file to data/: checks it, compresses it,
appends its manifest line and verifies the whole folder.

    tools/data_add.py ~/bramble-data/d66.games --build 836a8de [--threads 2] [--nodes 3000] [--hard-nodes 6000]
    tools/data_add.py /path/from/device/d68.games.xz --build 836a8de --threads 16

A file already compressed (dN.games.xz, as tools/device_datagen.sh brings it back) is
checked the same way and copied as it is.

Stop the file's datagen first (`pkill -TERM -f "datagen --out d66.games"`): a file that ends
inside a game is refused. The seed is the file's number (dN.games: seed N). A run stopped
early holds the first K whole games of its command, so the manifest's command gets
`--positions P`, the file's own count: a run stops after the game that reaches its count,
and the check below (the first K - 1 games hold fewer than P) shows that the command writes
these K games again. Prints the manifest line and a commit-message summary; commits nothing.
"""

import argparse
import lzma
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

HEADER = 36  # bytes of a game's header; its ply count is a u16 at offset 34
WIDE_PLY = 4  # bytes a ply of the first form, BRG1


def game_end(data, offset):
    """The byte offset after the game at `offset` (src/train/gamefile.rs), or None when
    the data ends inside it. BRG1: 4 bytes a ply; BRG2: a move index byte, then a score
    difference of 1 to 3 bytes, the high bit set on every byte but its last."""
    if offset + HEADER > len(data):
        return None
    plies = struct.unpack_from("<H", data, offset + 34)[0]
    end = offset + HEADER
    if data[offset : offset + 4] == b"BRG1":
        end += WIDE_PLY * plies
    else:
        for _ in range(plies):
            end += 1  # the move's index
            while end < len(data) and data[end] & 0x80:
                end += 1
            end += 1  # the score difference's last byte
    return end if end <= len(data) else None


def game_ends(data):
    """The byte offset after each whole game, and whether the file ends on one."""
    ends, offset = [], 0
    while (end := game_end(data, offset)) is not None:
        ends.append(end)
        offset = end
    return ends, offset == len(data)


def describe(bramble, path):
    """`bramble data describe` of one file, as a dict and as its line."""
    out = subprocess.run([bramble, "data", "describe", path], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"data_add: bramble data describe {path} failed: {out.stderr.strip()}")
    line = out.stdout.strip()
    return dict(field.split("=", 1) for field in line.split()), line


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", help="the datagen output, dN.games or dN.games.xz")
    parser.add_argument("--build", required=True, help="the commit whose build played the games")
    parser.add_argument("--threads", type=int, default=2, help="datagen's --threads (default 2)")
    parser.add_argument("--nodes", type=int, default=3000, help="datagen's --nodes (default 3000)")
    parser.add_argument(
        "--hard-nodes", type=int, default=6000, help="datagen's --hard-nodes (default 6000, the default recipe's)"
    )
    parser.add_argument("--bramble", default="target/release/bramble", help="the bramble binary for describe/verify")
    args = parser.parse_args()
    # One clear line rather than a traceback when a path is wrong.
    if shutil.which(args.bramble) is None:  # a path, or a name on PATH as subprocess finds it
        sys.exit(f"data_add: no bramble binary at {args.bramble} (build it, or pass --bramble PATH)")
    if not os.path.isfile(args.games):
        sys.exit(f"data_add: {args.games}: no such file")
    if not os.path.isfile("data/manifest.txt"):
        sys.exit("data_add: run it from the repository's root (no data/manifest.txt here)")

    name = os.path.basename(args.games)
    match = re.fullmatch(r"d(\d+)\.games(\.xz)?", name)
    if not match:
        sys.exit(f"data_add: {name}: expected a name dN.games or dN.games.xz (N the seed)")
    seed = int(match.group(1))
    compressed_already = match.group(2) is not None
    name = f"d{seed}.games"
    target = os.path.join("data", name + ".xz")
    with open("data/manifest.txt") as manifest:
        if os.path.exists(target) or f"file={name}.xz " in manifest.read():
            sys.exit(f"data_add: {target} is already in data/ (committed files are never rewritten)")

    with open(args.games, "rb") as games_file:
        data = games_file.read()
    if compressed_already:
        try:
            data = lzma.decompress(data)
        except lzma.LZMAError as error:
            sys.exit(f"data_add: {args.games}: not a whole xz file ({error})")
    ends, whole = game_ends(data)
    if not whole:
        sys.exit(f"data_add: {args.games} ends inside game {len(ends) + 1}: stop its datagen first")
    if len(ends) < 2:
        sys.exit(f"data_add: {args.games} holds {len(ends)} games; too few to add")

    fields, _ = describe(args.bramble, args.games)
    positions = int(fields["positions"])
    with tempfile.NamedTemporaryFile(suffix=".games") as minus_one:
        minus_one.write(data[: ends[-2]])
        minus_one.flush()
        before_last = int(describe(args.bramble, minus_one.name)[0]["positions"])
    if before_last >= positions:
        sys.exit(f"data_add: the first {len(ends) - 1} games already hold {before_last} positions: --positions would not repeat the file")

    if compressed_already:
        shutil.copyfile(args.games, target)
    else:
        with open(target, "wb") as compressed:
            subprocess.run(["xz", "-9e", "-c", args.games], stdout=compressed, check=True)
    _, line = describe(args.bramble, target)
    hard_flag = f" --hard-nodes {args.hard_nodes}" if args.hard_nodes else ""
    hard_field = f" hard_nodes={args.hard_nodes}" if args.hard_nodes else ""
    command = (
        f"bramble datagen --format games --out {name} --positions {positions} --threads {args.threads} "
        f"--seed {seed} --nodes {args.nodes}{hard_flag} && xz -9e {name}"
    )
    line += f" build={args.build} seed={seed} nodes={args.nodes}{hard_field} command={command}"
    with open("data/manifest.txt", "a") as manifest:
        manifest.write(line + "\n")
    verify = subprocess.run([args.bramble, "data", "verify"], capture_output=True, text=True)
    print(line)
    print(verify.stdout.strip() or verify.stderr.strip())
    if verify.returncode != 0:
        sys.exit("data_add: bramble data verify failed")
    print(
        f"Data: d{seed}, {positions:,} positions ({len(ends):,} games, {int(fields['plies']):,} plies), "
        f"build {args.build}, seed {seed}; ends on a whole game (its first {len(ends) - 1:,} games hold {before_last:,})"
    )


if __name__ == "__main__":
    main()
