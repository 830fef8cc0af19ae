#!/usr/bin/env python3
"""Speed of the Python module `koma` (crates/koma-py), for the notes (not a pass/fail check):

- perft from Python (`Game.perft`, one thread, the interpreter released) against the command line's
  `koma perft` on the same game and depth: leaves per second and their ratio;
- a loop of `Game.legal_moves(sfen)` calls (the stateless call a pyffish user writes) against pyffish's
  `legal_moves(variant, fen, [])` on the same positions: calls per second and their ratio.

Usage: tools/python_bench.py [--koma PATH] [--calls N] [--pyffish-calls N]
"""

import argparse
import random
import re
import subprocess
import time

import koma
import pyffish as sf

GAMES = [("minishogi", "minishogi", 6), ("shogi", "shogi", 5)]


def cli_perft(args, game, depth):
    t = time.perf_counter()
    out = subprocess.run([args.koma, "perft", game, str(depth)], capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - t
    leaves = int(re.search(r"Nodes searched: (\d+)", out.stdout).group(1))
    return leaves, seconds


def positions(variant, count, rng):
    """Positions of random games, as (FEN, the same position as koma's SFEN)."""
    import sys
    import os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import fsf_diff
    out = []
    while len(out) < count:
        fen = sf.start_fen(variant)
        for _ in range(rng.randrange(2, 40)):
            moves = sf.legal_moves(variant, fen, [])
            if not moves:
                break
            fen = sf.get_fen(variant, fen, [rng.choice(moves)])
        if sf.legal_moves(variant, fen, []):
            out.append((fen, fsf_diff.fen_to_sfen(fen, variant)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--koma", default="target/release/koma")
    ap.add_argument("--calls", type=int, default=1_000_000, help="legal_moves calls made through koma")
    ap.add_argument("--pyffish-calls", type=int, default=10_000, help="legal_moves calls made through pyffish")
    args = ap.parse_args()
    for name, variant, depth in GAMES:
        game = koma.Game(name)
        t = time.perf_counter()
        leaves = game.perft("startpos", depth)
        py_seconds = time.perf_counter() - t
        cli_leaves, cli_seconds = cli_perft(args, name, depth)
        assert leaves == cli_leaves, (leaves, cli_leaves)
        print(f"{name} perft {depth}: {leaves} leaves; Python {leaves / py_seconds / 1e6:.1f} M/s, "
              f"command line {cli_leaves / cli_seconds / 1e6:.1f} M/s (process start and game load included): "
              f"{cli_seconds / py_seconds:.2f}x")
        rng = random.Random(1)
        pos = positions(variant, 100, rng)
        t = time.perf_counter()
        for i in range(args.calls):
            game.legal_moves(pos[i % len(pos)][1])
        ours = args.calls / (time.perf_counter() - t)
        t = time.perf_counter()
        for i in range(args.pyffish_calls):
            sf.legal_moves(variant, pos[i % len(pos)][0], [])
        theirs = args.pyffish_calls / (time.perf_counter() - t)
        print(f"{name} legal_moves: koma {ours:,.0f} calls/s ({args.calls:,} calls), "
              f"pyffish {theirs:,.0f} calls/s ({args.pyffish_calls:,} calls): {ours / theirs:.0f}x")


if __name__ == "__main__":
    main()
