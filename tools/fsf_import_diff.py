#!/usr/bin/env python3
"""Checks `koma import fsf`: every section of tools/fsf_variants.ini (the shogi-family sections of the
variants.ini Fairy-Stockfish ships, and koma's test variants), and a child of each of Fairy-Stockfish's
built-in shogi variants that koma knows as a parent, is imported into a .game file and compared with
Fairy-Stockfish (pyffish) on the same section: legal moves as sets from the start and from random positions
of Fairy-Stockfish's own games, the depth-2 divide at the start and at every tenth position. A section koma
refuses must be listed in REFUSED with the words its diagnostics give.

Usage: tools/fsf_import_diff.py [--koma PATH] [--positions N] [--seed S]
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_diff  # noqa: E402
import pyffish as sf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# Children of the built-in parents koma knows, with nothing changed: koma's facts of each built-in are checked.
BUILT_IN_CHILDREN = "".join(
    f"[kbuiltin{p}:{p}]\n" for p in ["minishogi", "shogi", "checkshogi", "gorogoro", "judkins", "euroshogi", "torishogi"]
)

# Sections koma cannot say, and words their diagnostics must hold. Chennis's Pawn is written with `e` (en
# passant, which cannot arise without double steps) and its section sets chess's `promotionPieceTypes`: koma
# reads neither, so examples/chennis.game is written by hand and checked by tools/fsf_diff.py instead.
REFUSED = {
    "chennis": ["promotionPieceTypes", "`e`, which koma does not read as Fairy-Stockfish does"],
    # Sho shogi under another name, for tools/fsf_diff.py: koma imports no section built on sho shogi.
    "shoshogibefore": ["its parent `shoshogi` is neither an earlier section nor a built-in shogi variant"],
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--koma", default="target/release/koma")
    ap.add_argument("--positions", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    # fsf_diff has loaded tools/fsf_variants.ini into pyffish already.
    text = open(os.path.join(HERE, "fsf_variants.ini")).read() + "\n" + BUILT_IN_CHILDREN
    sf.load_variant_config(BUILT_IN_CHILDREN)
    failures = []
    imported = 0
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "variants.ini")
        open(ini, "w").write(text)
        res = subprocess.run([args.koma, "import", "fsf", ini, "--out", tmp], capture_output=True, text=True)
        flat = " ".join(res.stderr.replace("│", " ").split())
        names = re.findall(r"^\[([^\]:]+)", text, re.M)
        for name in names:
            path = os.path.join(tmp, f"{name}.game")
            if not os.path.exists(path):
                words = REFUSED.get(name)
                if words is None or any(w not in flat for w in words):
                    failures.append(f"[{name}] not imported:\n{res.stderr}")
                else:
                    print(f"[{name}]: refused, as expected")
                continue
            game = open(path).read()
            mate = re.search(r"no (\w+) giving checkmate", game)
            if mate:
                fsf_diff.DROP_MATE_BANNED[name] = re.search(rf"piece {mate.group(1)} (\w)", game).group(1)
            if "flips to" in game:
                fsf_diff.FLIPPING.add(name)
            # (An imported game counts its royal pieces before the move, as Fairy-Stockfish's generator does: no
            # move is added to its list.)
            if "royal pieces: the last one counts" in game and "before the move" not in game:
                fsf_diff.PSEUDO_ROYAL.add(name)
            files, ranks = map(int, re.search(r"board (\d+) x (\d+)", game).groups())
            before = len(failures)
            failures += fsf_diff.compare_from_start(args, path, name, files, ranks, rng, args.positions)
            imported += 1
            print(f"[{name}]: imported, {args.positions + 1} positions compared, {len(failures) - before} differ")
    for f in failures:
        print("MISMATCH", f)
    print(f"fsf-import-diff: {imported} imported, {len(REFUSED)} refused, {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
