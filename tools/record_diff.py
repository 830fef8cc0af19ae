#!/usr/bin/env python3
"""Differential check of koma's KIF and CSA records against cshogi's and python-shogi's, both ways, on random
9x9 shogi games.

Random games are played with cshogi's move generator (promotions and drops included, some games to their
mate). For each game:
- cshogi writes it as KIF (Shift_JIS, as most .kif files are) and as CSA; `koma record FILE --to usi` must
  read back exactly cshogi's moves;
- python-shogi writes it as KIF (its exporter writes only resigned games: the side to move resigns);
  `koma record` must read back python-shogi's moves;
- koma writes it as KIF and as CSA from the USI line; cshogi's parsers and python-shogi's must each read back
  exactly the same moves.

With --chu N, N random chu shogi games (12x12, a lion's moves in two legs) are played by lishogi's rules
(shogiops, tools/shogiops/kif.mjs) and checked both ways the same way: shogiops' KIF lines read by koma, and
koma's KIF read by shogiops' KIF reader. One difference is allowed there, and counted: koma names a piece by
the one kanji of the .game file (`4七獅成`), where shogiops writes two (`獅子成`), and shogiops' reader takes
the two characters `獅成` for the name and misses the promotion (lishogi's own importer, scalashogi's
KifParser, reads it); that direction compares the moves with their promotions left out, and the promotions
themselves are checked by the first direction and by koma's own tests.

Usage: tools/record_diff.py [--koma PATH] [--games N] [--chu N] [--seed S]
Exit status 0 when every game agrees.
"""

import argparse
import json
import os
import pathlib
import random
import subprocess
import sys
import tempfile

import cshogi
import cshogi.CSA
import cshogi.KIF
import shogi
import shogi.CSA
import shogi.KIF


def random_game(rng, max_plies):
    board = cshogi.Board()
    moves = []
    for _ in range(rng.randint(1, max_plies)):
        legal = list(board.legal_moves)
        if not legal:
            break
        mv = rng.choice(legal)
        moves.append(cshogi.move_to_usi(mv))
        board.push(mv)
    return moves


def koma(args, *rest, stdin=None):
    out = subprocess.run([args.koma, "record", *rest], input=stdin, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"koma record {' '.join(rest)}: {out.stderr.strip()}")
    return out.stdout


def koma_moves(args, path):
    line = koma(args, path, "--to", "usi").strip()
    words = line.split()
    return words[words.index("moves") + 1:] if "moves" in words else []


def cshogi_writes(moves, folder):
    board = cshogi.Board()
    kif = os.path.join(folder, "game.kif")
    csa = os.path.join(folder, "game.csa")
    k = cshogi.KIF.Exporter(kif)
    k.header(["Sente", "Gote"])
    c = cshogi.CSA.Exporter(csa)
    c.info(board, ["Sente", "Gote"])
    for usi in moves:
        mv = board.move_from_usi(usi)
        k.move(mv)
        c.move(mv)
        board.push(mv)
    k.close()
    c.close()
    return kif, csa


def cshogi_reads(text, parser):
    parsed = parser.parse_str(text)
    if isinstance(parsed, list):  # CSA's parser returns one record per game in the text
        parsed = parsed[0]
    return [cshogi.move_to_usi(m) for m in parsed.moves]


def python_shogi_writes(moves, folder):
    """python-shogi's KIF of the game, the side to move resigning after the last move."""
    path = os.path.join(folder, "python-shogi.kifu")
    win = "w" if len(moves) % 2 == 0 else "b"
    text = shogi.KIF.Exporter.kif({"names": ["Sente", "Gote"], "sfen": shogi.STARTING_SFEN,
                                   "moves": moves, "win": win})
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def python_shogi_reads(text, parser):
    return list(parser.Parser.parse_str(text)[0]["moves"])


SHOGIOPS = pathlib.Path(__file__).resolve().parent / "shogiops"


def kif_text(lines):
    """A KIF record of move lines as shogiops writes them: the two legs of a move share its number."""
    out = ["手数----指手---------消費時間--"]
    number = 0
    for line in lines:
        if not line.startswith("二歩目"):
            number += 1
        out.append(f"{number:>4} {line}")
    return "\n".join(out) + "\n"


def move_lines(kif):
    """The move lines of a KIF record, their numbers left out."""
    lines = []
    for line in kif.splitlines():
        words = line.strip().split(None, 1)
        if len(words) == 2 and words[0].isdigit():
            lines.append(words[1])
    return lines


def chu_checks(args, rng):
    """Random chu shogi games both ways between koma's KIF and shogiops': (checks, failures, plies, two-leg moves)."""
    if not (SHOGIOPS / "node_modules" / "shogiops").is_dir():
        subprocess.run(["npm", "ci", "--silent", "--no-audit", "--no-fund"], cwd=SHOGIOPS, check=True)
    oracle = subprocess.Popen(["node", str(SHOGIOPS / "kif.mjs")], cwd=SHOGIOPS,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(**request):
        oracle.stdin.write(json.dumps(request) + "\n")
        oracle.stdin.flush()
        reply = json.loads(oracle.stdout.readline())
        if "error" in reply:
            raise RuntimeError(f"shogiops: {reply['error']}")
        return reply

    failed = plies = legs = unseen = 0
    for g in range(args.chu):
        game = ask(rules="chushogi", random=args.plies, seed=rng.randrange(1, 1 << 31))
        moves = game["moves"]
        plies += len(moves)
        legs += sum(len(m.rstrip("+")) == 6 for m in moves)
        usi = "position startpos moves " + " ".join(moves) + "\n" if moves else "position startpos\n"
        checks = [
            ("shogiops KIF -> koma",
             lambda: koma_moves_of(args, kif_text(game["kif"]))),
            ("koma KIF -> shogiops",
             lambda: ask(read=move_lines(koma(args, "-", "--from", "usi", "--game", "chushogi", "--to", "kif",
                                              stdin=usi)))["moves"]),
        ]
        for name, check in checks:
            try:
                got = check()
            except Exception as e:  # a refusal is a failure too
                got = [f"error: {e}"]
            expected = moves
            if name.endswith("shogiops") and len(got) == len(moves):
                unseen += sum(a.endswith("+") and not b.endswith("+") for a, b in zip(moves, got))
                expected, got = [m.rstrip("+") for m in moves], [m.rstrip("+") for m in got]
            if got != expected:
                failed += 1
                print(f"chu game {g} {name}: differs\n  expected {' '.join(moves)}\n  got      {' '.join(got)}")
    oracle.stdin.close()
    oracle.wait()
    return 2 * args.chu, failed, plies, legs, unseen


def koma_moves_of(args, kif):
    line = koma(args, "-", "--from", "kif", "--game", "chushogi", "--to", "usi", stdin=kif).strip()
    words = line.split()
    return words[words.index("moves") + 1:] if "moves" in words else []


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--koma", default="target/release/koma")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--plies", type=int, default=160)
    ap.add_argument("--chu", type=int, default=0, help="random chu shogi games checked against shogiops' KIF")
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    print(f"seed {seed}")
    failed = 0
    plies = promotions = drops = 0
    with tempfile.TemporaryDirectory() as folder:
        for g in range(args.games):
            moves = random_game(rng, args.plies)
            plies += len(moves)
            promotions += sum(m.endswith("+") for m in moves)
            drops += sum("*" in m for m in moves)
            usi = "position startpos moves " + " ".join(moves) + "\n"
            checks = []
            kif, csa = cshogi_writes(moves, folder)
            checks.append(("cshogi KIF -> koma", lambda: koma_moves(args, kif)))
            checks.append(("cshogi CSA -> koma", lambda: koma_moves(args, csa)))
            checks.append(("koma KIF -> cshogi",
                           lambda: cshogi_reads(koma(args, "-", "--from", "usi", "--to", "kif", stdin=usi),
                                                cshogi.KIF.Parser)))
            checks.append(("koma CSA -> cshogi",
                           lambda: cshogi_reads(koma(args, "-", "--from", "usi", "--to", "csa", stdin=usi),
                                                cshogi.CSA.Parser)))
            pskif = python_shogi_writes(moves, folder)
            checks.append(("python-shogi KIF -> koma", lambda: koma_moves(args, pskif)))
            checks.append(("koma KIF -> python-shogi",
                           lambda: python_shogi_reads(koma(args, "-", "--from", "usi", "--to", "kif", stdin=usi),
                                                      shogi.KIF)))
            checks.append(("koma CSA -> python-shogi",
                           lambda: python_shogi_reads(koma(args, "-", "--from", "usi", "--to", "csa", stdin=usi),
                                                      shogi.CSA)))
            for name, check in checks:
                try:
                    got = check()
                except Exception as e:  # a refusal is a failure too
                    got = [f"error: {e}"]
                if got != moves:
                    failed += 1
                    print(f"game {g} {name}: differs\n  expected {' '.join(moves)}\n  got      {' '.join(got)}")
    total = 7 * args.games
    print(f"record-diff: {args.games} games, {plies} plies ({promotions} promotions, {drops} drops): "
          f"{total - failed} passed, {failed} failed")
    if args.chu:
        checks, chu_failed, chu_plies, legs, unseen = chu_checks(args, rng)
        print(f"record-diff chu: {args.chu} games, {chu_plies} plies ({legs} moves in two legs): "
              f"{checks - chu_failed} passed, {chu_failed} failed "
              f"({unseen} promotions after a one-kanji name not seen by shogiops' reader)")
        failed += chu_failed
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
