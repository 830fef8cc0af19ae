#!/usr/bin/env python3
"""Round trips of koma's game records on self-play games of every shipped game, in every format that game has.

For each game `koma games` lists, `koma selfplay GAME --games N --nodes K` plays N games (kept as JSON lines
with --records, and written one record per game with --record-dir). Then every game is written by `koma record`
in each format (KIF, CSA, USI, JSON) and read back: the moves read back must be the game's, move for move. A
format that cannot hold a game (CSA past 9x9 or for pieces without a CSA code, KIF for pieces without kanji)
must refuse it from the start position as well, and is counted as not held; the record --record-dir wrote must
read back too.

Usage: tools/record_roundtrip.py [--koma PATH] [--games N] [--nodes K] [--only GAME,...]
Exit status 0 when every record reads back.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

FORMATS = ["kif", "csa", "usi", "json"]


def run(args, *words, stdin=None):
    return subprocess.run([args.koma, *words], input=stdin, capture_output=True, text=True)


def moves_of(text):
    words = text.split()
    return words[words.index("moves") + 1:] if "moves" in words else []


def shipped(args):
    out = run(args, "games")
    return [line.split()[0] for line in out.stdout.splitlines() if line.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--koma", default="target/release/koma")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--nodes", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="comma-separated games (default: every shipped game)")
    args = ap.parse_args()
    games = args.only.split(",") if args.only else shipped(args)
    failed = 0
    total_checked = 0
    with tempfile.TemporaryDirectory() as folder:
        for game in games:
            lines = os.path.join(folder, f"{game}.jsonl")
            dir_ = os.path.join(folder, game)
            out = run(args, "selfplay", game, "--games", str(args.games), "--nodes", str(args.nodes),
                      "--jobs", str(args.jobs), "--records", lines, "--record-dir", dir_)
            if out.returncode != 0:
                print(f"{game}: selfplay failed: {out.stderr.strip()}")
                failed += 1
                continue
            held, refused = [], []
            for f in FORMATS:
                probe = run(args, "record", "-", "--from", "usi", "--game", game, "--to", f,
                            stdin="position startpos\n")
                (held if probe.returncode == 0 else refused).append(f)
            checked = plies = 0
            with open(lines, encoding="utf-8") as fh:
                records = [json.loads(line)["record"] for line in fh if line.strip()]
            for rec in records:
                moves = rec["moves"]
                plies += len(moves)
                usi = "position startpos" + (" moves " + " ".join(moves) if moves else "") + "\n"
                for f in held:
                    written = run(args, "record", "-", "--from", "usi", "--game", game, "--to", f, stdin=usi)
                    back = run(args, "record", "-", "--from", f, "--game", game, "--to", "usi",
                               stdin=written.stdout) if written.returncode == 0 else written
                    got = moves_of(back.stdout) if back.returncode == 0 else [f"error: {back.stderr.strip()}"]
                    checked += 1
                    if got != moves:
                        failed += 1
                        print(f"{game} game {rec['index']} {f}: differs\n  expected {' '.join(moves)}\n"
                              f"  got      {' '.join(got)}")
                files = [n for n in os.listdir(dir_) if n.startswith(f"game-{rec['index']:04}.")]
                for name in files:
                    back = run(args, "record", os.path.join(dir_, name), "--game", game, "--to", "usi")
                    checked += 1
                    if back.returncode != 0 or moves_of(back.stdout) != moves:
                        failed += 1
                        print(f"{game} {name} (--record-dir): does not read back: {back.stderr.strip()}")
            total_checked += checked
            print(f"{game}: {len(records)} games, {plies} plies; formats {', '.join(held)}"
                  f"{' (not held: ' + ', '.join(refused) + ')' if refused else ''}; {checked} records read back",
                  flush=True)
    print(f"record-roundtrip: {len(games)} games, {total_checked} records, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
