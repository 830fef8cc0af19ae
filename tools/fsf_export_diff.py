#!/usr/bin/env python3
"""Checks `koma export fsf`: each game's exported variants.ini section is loaded into Fairy-Stockfish
(pyffish), and the two programs' legal moves are compared as sets from the start and from random positions
reached by Fairy-Stockfish's own move generator in the exported variant, with the depth-2 divide compared
at the start and at every tenth position. A game that `koma export fsf` refuses must be one of the refused
games named below, refused for the reasons its diagnostics give; any other refusal fails.

Usage: tools/fsf_export_diff.py [--koma PATH] [--positions N] [--seed S]
Exit status 0 when every exported game agrees with koma.
"""

import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_diff  # noqa: E402
import pyffish as sf  # noqa: E402

# Every shipped game and example: exported, or refused for a rule variants.ini cannot say.
EXPORTED = [
    "minishogi", "judkins", "gorogoro", "shogi", "microshogi",
    "examples/torishogi.game", "examples/kyotoshogi.game", "examples/euroshogi.game", "examples/dobutsu.game",
    "examples/shoshogi.game", "examples/checkshogi.game", "examples/antiminishogi.game",
    "examples/gorogoro-seed-endings.game", "examples/chennis.game",
    # A test game: its `confine` statements become mobility regions.
    "crates/koma-games/tests/games/palace-minishogi.game",
]
REFUSED = {
    "micromini": ["dropped on different squares"],
    "examples/micromini-pie.game": ["opening options", "dropped on different squares"],
    "examples/chushogi.game": ["a board of 12 x 12", "lion rules", "promotion only on entering"],
    "examples/annanshogi.game": ["borrowed moves"],
}


def export(args, game, name):
    res = subprocess.run([args.koma, "export", "fsf", game, "--name", name], capture_output=True, text=True)
    return res.returncode, res.stdout, res.stderr


def register(name, section):
    """Tells fsf_diff how to read the exported variant: its shogi pawn, flips, renamed faces."""
    keys = dict(re.findall(r"^(\w+) = (.*)$", section, re.M))
    if keys.get("shogiPawnDropMateIllegal") == "true":
        fsf_diff.DROP_MATE_BANNED[name] = keys["shogiPawn"].upper()
    if keys.get("pieceDemotion") == "true":
        fsf_diff.FLIPPING.add(name)
    if keys.get("extinctionPseudoRoyal") == "true":
        fsf_diff.PSEUDO_ROYAL.add(name)
    renamed = re.search(r"^# .*koma's letters: (.*)$", section, re.M)
    if renamed:
        fsf_diff.FACES[name] = dict(pair.split("=") for pair in renamed.group(1).split())
    return int(keys["maxFile"]), int(keys["maxRank"])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--koma", default="target/release/koma")
    ap.add_argument("--positions", type=int, default=50, help="random positions per game, besides the start")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    failures = []
    for game, reasons in REFUSED.items():
        code, _, err = export(args, game, "refused")
        flat = " ".join(err.replace("│", " ").split())
        missing = [r for r in reasons if r not in flat]
        if code == 0 or missing:
            failures.append(f"{game}: expected a refusal naming {missing or reasons}, got status {code}:\n{err}")
        else:
            print(f"{game}: refused ({len(re.findall('koma::export-fsf', err))} rules variants.ini cannot say)")
    for i, game in enumerate(EXPORTED):
        name = f"kexport{i}"
        code, section, err = export(args, game, name)
        if code != 0:
            failures.append(f"{game}: koma export fsf failed:\n{err}")
            continue
        before = len(failures)
        sf.load_variant_config(section)
        files, ranks = register(name, section)
        failures += fsf_diff.compare_from_start(args, game, name, files, ranks, rng, args.positions)
        bad = len(failures) - before
        print(f"{game}: exported, {args.positions + 1} positions compared, {bad} differ")
    for f in failures:
        print("MISMATCH", f)
    print(f"fsf-export-diff: {len(EXPORTED)} exported, {len(REFUSED)} refused, {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
