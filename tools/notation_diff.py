#!/usr/bin/env python3
"""Differential check of koma's human notation against lishogi's (shogiops, from npm).

Random games of 9x9 shogi and mini shogi are played with shogiops' legal moves; in every position on the way
every legal move is written by both programs, in Japanese notation (`７六歩`, `同　銀`, `５八金右`) and in
Western notation with letters for ranks (`P-7f`, `G6i-5h`, `Bx2b+`), and the texts are compared.

What the two write differently by design, and is made alike before comparing:
- koma writes the side to move's mark (`▲`/`△`); lishogi leaves it out.
- koma names pieces by the game file's kanji (`全`, `圭`, `杏` for the promoted Silver, Knight and Lance,
  as boards show them); lishogi writes two kanji (`成銀`, `成桂`, `成香`).
- lishogi writes `行` for a Horse or Dragon going forward where koma writes `上`, as the Japan Shogi
  Association's notation does for every piece.

shogiops is installed into tools/shogiops/node_modules (`npm ci`) the first time; tools/shogiops/notation.mjs
answers one JSON request per line.

Usage: tools/notation_diff.py [--koma PATH] [--games N] [--plies N] [--seed S]
Exit status 0 when every text agrees.
"""

import argparse
import json
import pathlib
import random
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ORACLE = HERE / "shogiops"

# koma's game → shogiops' rules.
GAMES = {"shogi": "standard", "minishogi": "minishogi"}

# lishogi's two-kanji names → the kanji koma's game files give the same faces.
NAMES = {"成銀": "全", "成桂": "圭", "成香": "杏"}


def install():
    if not (ORACLE / "node_modules" / "shogiops").is_dir():
        subprocess.run(["npm", "ci", "--silent", "--no-audit", "--no-fund"], cwd=ORACLE, check=True)


def lishogi_alike(text):
    for two, one in NAMES.items():
        text = text.replace(two, one)
    return text.replace("行", "上")


def koma_alike(text):
    return text.lstrip("▲△")


def koma_moves(args, game, played, notation):
    out = subprocess.run([args.koma, "moves", game, "--moves", " ".join(played), "--notation", notation],
                         capture_output=True, text=True, check=True).stdout
    return out.split("\n")[:-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--koma", default="target/release/koma")
    parser.add_argument("--games", type=int, default=20, help="random games per koma game")
    parser.add_argument("--plies", type=int, default=80, help="at most this many plies a game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    install()
    oracle = subprocess.Popen(["node", str(ORACLE / "notation.mjs")], cwd=ORACLE,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    rng = random.Random(args.seed)
    positions = texts = told = 0
    failures = []
    for game, rules in GAMES.items():
        for _ in range(args.games):
            played = []
            for _ in range(args.plies):
                oracle.stdin.write(json.dumps({"rules": rules, "play": played}) + "\n")
                oracle.stdin.flush()
                reply = json.loads(oracle.stdout.readline())
                if "error" in reply:
                    sys.exit(f"shogiops: {reply['error']}")
                theirs = {m["usi"]: m for m in reply["moves"]}
                if not theirs:
                    break
                usi = koma_moves(args, game, played, "usi")
                ours = {n: dict(zip(usi, koma_moves(args, game, played, n))) for n in ("japanese", "western")}
                if set(usi) != set(theirs):
                    failures.append(f"{game} {' '.join(played)}: the legal moves differ")
                    break
                positions += 1
                for mv, m in theirs.items():
                    for notation in ("japanese", "western"):
                        texts += 1
                        mine = koma_alike(ours[notation][mv])
                        told += any(w in mine for w in "右左中上引寄直打") or (
                            notation == "western" and sum(c.isdigit() for c in mine) == 2)
                        expected = lishogi_alike(m[notation])
                        if mine != expected:
                            failures.append(f"{game} after [{' '.join(played)}] {mv}: koma {notation} "
                                            f"{ours[notation][mv]}, lishogi {m[notation]}")
                played.append(rng.choice(sorted(theirs)))
    for f in failures[:20]:
        print(f)
    print(f"{positions} positions, {texts} texts ({told} telling two pieces apart): "
          f"{texts - len(failures)} agree, {len(failures)} differ")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
