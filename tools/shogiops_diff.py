#!/usr/bin/env python3
"""Differential check of koma's move generator against lishogi's rules (shogiops, from npm).

Random games are played with shogiops' own move lists; every position on the way is handed to both programs
and their legal move lists are compared as sets. For every tenth position the depth-2 divide is compared as
well, which also exercises koma's make/unmake.

shogiops is installed into tools/shogiops/node_modules (`npm ci`, pinned by its package-lock.json) the first
time; tools/shogiops/oracle.mjs answers one JSON request per line.

Usage: tools/shogiops_diff.py [--koma PATH] [--games minishogi,...] [--positions N] [--seed S]
                               [--scatter N] [--bare N]
Every position's end is compared as well: whether the game is over, and who won. Exit status 0 when every
position agrees.

With --emit FILE it instead writes a `.perft` suite of random positions with shogiops' counts to depth 2.
"""

import argparse
import json
import os
import pathlib
import random
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ORACLE = HERE / "shogiops"

# koma's game → shogiops' rules.
GAMES = {
    "minishogi": "minishogi",
    "shogi": "standard",
    "kyotoshogi": "kyotoshogi",
    "checkshogi": "checkshogi",
    "annanshogi": "annanshogi",
    "chushogi": "chushogi",
}


# Kyoto shogi: shogiops names each face of a tile by a letter of its own (T for the Lance tile's Tokin face),
# where koma writes the flip face as `+` and the tile's letter (`+L`); shogiops writes a `+` on every move
# that turns a tile over, which in koma every move of a tile does without saying so.
FACES = {
    "kyotoshogi": {"T": "+L", "B": "+S", "G": "+N", "R": "+P"},
}


# Games under borrowed moves, where shogiops lists some moves after which its own isCheck finds the mover's
# King attacked: the oracle leaves those out (see oracle.mjs). (Annan's pawn-drop rule is lishogi's in the
# file, `no Pawn giving checkmate or stalemate in front of a royal piece`, and needs no adjusting.)
SELF_CHECKS = {"annanshogi"}


def to_koma_sfen(game, sfen):
    faces = FACES.get(game)
    if not faces:
        return sfen
    board, side, hand, *rest = sfen.split(" ")
    for theirs, ours in faces.items():
        board = board.replace(theirs, ours).replace(theirs.lower(), ours.lower())
    # A hand holds tiles: koma writes a tile by the letter of its first face.
    counts = {}
    for number, letter in re.findall(r"(\d*)([A-Za-z])", hand):
        tile = faces.get(letter.upper(), letter.upper()).lstrip("+")
        tile = tile if letter.isupper() else tile.lower()
        counts[tile] = counts.get(tile, 0) + int(number or 1)
    hand = "".join(f"{n if n > 1 else ''}{t}" for t, n in counts.items()) or "-"
    return " ".join([board, side, hand, *rest])


def to_shogiops_sfen(game, sfen):
    # shogiops counts no checks: check shogi ends at the first, so koma's checks field is left out.
    sfen = re.sub(r" \d+\+\d+ ", " ", sfen)
    faces = FACES.get(game)
    if not faces:
        return sfen
    board, rest = sfen.split(" ", 1)
    for theirs, ours in faces.items():
        board = board.replace(ours, theirs).replace(ours.lower(), theirs.lower())
    return f"{board} {rest}"


def to_koma_move(game, usi):
    faces = FACES.get(game)
    if not faces:
        return usi
    if "*" in usi:
        piece, square = usi.split("*")
        return f"{faces.get(piece, piece)}*{square}"
    return usi.rstrip("+")


def install():
    if not (ORACLE / "node_modules" / "shogiops").is_dir():
        subprocess.run(["npm", "ci", "--silent", "--no-audit", "--no-fund"], cwd=ORACLE, check=True)


class Oracle:
    def __init__(self):
        self.process = subprocess.Popen(["node", str(ORACLE / "oracle.mjs")], cwd=ORACLE,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, **request):
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        if "error" in reply:
            raise RuntimeError(f"shogiops: {reply['error']} ({request})")
        return reply


def koma(args, *argv, stderr=False):
    res = subprocess.run([args.koma, *argv], capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"koma {' '.join(argv)} failed:\n{res.stderr}")
    return (res.stdout, res.stderr) if stderr else res.stdout


# How `koma moves` says a game is over, on standard error: the winner in shogiops' words.
KOMA_WINNERS = {"first player wins": "sente", "second player wins": "gote", "draw": "draw"}


def koma_winner(stderr):
    match = re.search(r"the game is over: (first player wins|second player wins|draw) by", stderr)
    return KOMA_WINNERS[match.group(1)] if match else None


def start_sfen(args, game):
    out = subprocess.run([args.koma, "repl", game], input="sfen\n", capture_output=True, text=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip()][-1]


def check_position(args, oracle, game, sfen, deep):
    reply = oracle.ask(rules=GAMES[game], sfen=sfen, depth=2 if deep else 1,
                       withoutSelfChecks=game in SELF_CHECKS)
    sfen = to_koma_sfen(game, sfen)
    if game == "checkshogi" and reply["end"]:
        # The check that ended the game was given by the player not to move: koma counts it in the SFEN.
        board, side, hand, *rest = sfen.split(" ")
        sfen = " ".join([board, side, hand, "1+0" if side == "b" else "0+1", *rest])
    want = {to_koma_move(game, m) for m in reply["moves"]}
    out, err = koma(args, "moves", game, "--sfen", sfen, stderr=True)
    got = set(out.split())
    problems = []
    if want != got:
        problems.append(f"{game} {sfen}\n  missing in koma: {sorted(want - got)}\n  extra in koma:   {sorted(got - want)}")
    elif koma_winner(err) != reply["winner"]:
        problems.append(f"{game} {sfen}: the game is over with {reply['winner']} for shogiops, "
                        f"{koma_winner(err)} for koma ({err.strip()})")
    elif deep and want:
        lines = koma(args, "perft", game, "--sfen", sfen, "2", "--divide").splitlines()
        divide = dict(line.split(": ") for line in lines if ": " in line and not line.startswith("Nodes"))
        for move, n in reply["divide"].items():
            move = to_koma_move(game, move)
            if int(divide.get(move, -1)) != n:
                problems.append(f"{game} {sfen} after {move}: koma {divide.get(move)} vs shogiops {n}")
    return problems, reply


def random_walks(args, oracle, rng, game, count):
    """(sfen, reply) for `count` positions along random games from the start."""
    start = oracle.ask(rules=GAMES[game], sfen=to_shogiops_sfen(game, start_sfen(args, game)))
    seen = 0
    while seen < count:
        reply = start
        for _ in range(rng.randrange(4, 120)):
            if not reply["moves"] or seen >= count:
                break
            reply = oracle.ask(rules=GAMES[game], sfen=reply["sfen"], play=[rng.choice(reply["moves"])])
            seen += 1
            yield reply["sfen"]


# Chu shogi's letters (koma's and shogiops' alike), for scattered positions: lions and the pieces with a
# lion's power are drawn more often than the rest, so that lions meet.
CHU_LIONS = ["N", "+O"]
CHU_POWERS = ["+H", "+D", "O"]
CHU_OTHERS = ["L", "+L", "F", "+F", "C", "+C", "S", "+S", "G", "+G", "E", "A", "+A", "B", "+B", "T", "+T",
              "X", "+X", "M", "+M", "V", "+V", "R", "+R", "H", "D", "Q", "P", "+P", "I", "+I"]


def scatter_sfen(rng):
    """A chu shogi position with lions close together: a King each (sometimes a Prince too), two to four
    lions a side, pieces with a lion's power, and others, on a 6x6 middle area and around it; a
    counter-strike square on a third of them."""
    board = [[None] * 12 for _ in range(12)]
    empty = [(x, y) for x in range(12) for y in range(12)]
    rng.shuffle(empty)
    middle = [sq for sq in empty if 3 <= sq[0] <= 8 and 3 <= sq[1] <= 8]
    rest = [sq for sq in empty if sq not in middle]
    placed = {"b": [], "w": []}

    def put(letter, side, pool):
        x, y = pool.pop()
        if pool is middle:
            rest.remove((x, y)) if (x, y) in rest else None
        board[y][x] = letter if side == "b" else letter.lower()
        placed[side].append((letter, x, y))

    for side in "bw":
        put("K", side, rest)
        if rng.random() < 0.3:
            put("+E", side, rest)
        for _ in range(rng.randint(2, 4)):
            put(rng.choice(CHU_LIONS), side, middle)
        for _ in range(rng.randint(1, 3)):
            put(rng.choice(CHU_POWERS), side, middle)
        for _ in range(rng.randint(4, 10)):
            put(rng.choice(CHU_OTHERS), side, middle if rng.random() < 0.5 else rest)
    side = rng.choice("bw")
    mover = "w" if side == "b" else "b"
    third = "-"
    candidates = [(x, y) for letter, x, y in placed[mover] if letter not in CHU_LIONS]
    if rng.random() < 0.33 and candidates:
        x, y = rng.choice(candidates)
        third = f"{12 - x}{'abcdefghijkl'[y]}"
    return f"{sfen_rows(board)} {side} {third} 1"


def sfen_rows(board):
    rows = []
    for row in board:
        out, run = "", 0
        for cell in row:
            if cell is None:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += cell
        rows.append(out + (str(run) if run else ""))
    return "/".join(rows)


def bare_sfen(rng):
    """A chu shogi ending near a bare king: one side keeps its royal piece with nothing, or with Pawns and
    Lances stranded on its last rank; the other keeps nothing, stranded pieces, Pawns and Go-Betweens, one or
    two pieces that count (often next to the lone king), or more. Kings sometimes stand next to each other,
    a side sometimes has a Prince too."""
    board = [[None] * 12 for _ in range(12)]
    free = {(x, y) for x in range(12) for y in range(12)}

    def put(letter, side, square=None):
        if square is None or square not in free:
            square = rng.choice(sorted(free))
        free.discard(square)
        x, y = square
        board[y][x] = letter if side == "b" else letter.lower()
        return square

    def near(square):
        x, y = square
        around = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
        around = [sq for sq in around if sq in free]
        return rng.choice(around) if around else None

    sides = ["b", "w"]
    rng.shuffle(sides)
    lone, other = sides
    kings = {side: put(rng.choice(["K", "K", "K", "+E"]), side) for side in sides}
    if rng.random() < 0.2:
        free.add(kings[other])
        board[kings[other][1]][kings[other][0]] = None
        kings[other] = put("K" if other == "b" else "K", other, near(kings[lone]))
    if rng.random() < 0.1:
        put("+E", rng.choice(sides))
    for side, kind in ((lone, rng.choice(["lone", "lone", "dead", "weak", "one"])),
                       (other, rng.choice(["lone", "dead", "weak", "one", "one", "two", "two", "many"]))):
        last = 0 if side == "b" else 11
        if kind in ("dead", "weak") or rng.random() < 0.3:
            for _ in range(rng.randint(1, 3)):
                put(rng.choice("PL"), side, (rng.randrange(12), last))
        if kind == "weak":
            for _ in range(rng.randint(1, 2)):
                y = rng.randrange(1, 11)
                put(rng.choice("PI"), side, (rng.randrange(12), y))
        count = {"one": 1, "two": 2, "many": rng.randint(3, 5)}.get(kind, 0)
        for _ in range(count):
            enemy = kings[lone if side == other else other]
            square = near(enemy) if rng.random() < 0.5 else None
            letter = rng.choice(CHU_OTHERS + CHU_LIONS + CHU_POWERS)
            if letter in ("P", "L") and square and square[1] == last:
                letter = "G"
            put(letter, side, square)
    return f"{sfen_rows(board)} {rng.choice('bw')} - 1"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--koma", default="target/release/koma")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--positions", type=int, default=300, help="positions per game")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--emit", help="write a .perft suite here instead of comparing")
    ap.add_argument("--start-perft", type=int, default=0, metavar="D",
                    help="print shogiops' perft counts of each game's start to depth D (at least 2), walking the "
                         "tree with moves played as their USI says, and exit")
    ap.add_argument("--suite", action="append", default=[], metavar="FILE",
                    help="recompute with shogiops every perft line of this .perft suite (up to --cap leaves) and "
                         "exit; may be given more than once")
    ap.add_argument("--cap", type=int, default=3_000_000, help="the largest count --suite recomputes")
    ap.add_argument("--scatter", type=int, default=0,
                    help="chu shogi: also compare this many scattered positions where lions meet, to depth 2")
    ap.add_argument("--bare", type=int, default=0,
                    help="chu shogi: also compare this many endings near a bare king, to depth 2, with how the "
                         "game ends")
    args = ap.parse_args()
    install()
    oracle = Oracle()
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    rng = random.Random(seed)
    if args.emit:
        return emit(args, oracle, rng, seed)
    if args.suite:
        return check_suites(args, oracle)
    if args.start_perft:
        for game in args.games.split(","):
            sfen = to_shogiops_sfen(game, start_sfen(args, game))
            for depth in range(1, args.start_perft + 1):
                print(f"{game} perft {depth} {oracle_perft(oracle, game, sfen, [], depth)}", flush=True)
        return 0
    failures, checked, ended, self_checks = [], 0, 0, 0
    bare_ends = {}
    for _ in range(args.bare):
        problems, reply = check_position(args, oracle, "chushogi", bare_sfen(rng), deep=True)
        failures += problems
        checked += 1
        ended += reply["end"]
        bare_ends[reply["winner"]] = bare_ends.get(reply["winner"], 0) + 1
    if args.bare:
        tally = ", ".join(f"{n} {w or 'going on'}" for w, n in sorted(bare_ends.items(), key=str))
        print(f"bare-king endings: {tally}")
    for _ in range(args.scatter):
        problems, reply = check_position(args, oracle, "chushogi", scatter_sfen(rng), deep=True)
        failures += problems
        checked += 1
        ended += reply["end"]
    for game in args.games.split(","):
        for i, sfen in enumerate(random_walks(args, oracle, rng, game, args.positions)):
            problems, reply = check_position(args, oracle, game, sfen, deep=i % 10 == 0)
            failures += problems
            checked += 1
            ended += reply["end"]
            self_checks = reply["selfChecks"]
    print(f"shogiops diff (seed {seed}): {checked} positions, {checked - len(failures)} passed, "
          f"{len(failures)} failed ({ended} with the game over; "
          f"{self_checks} shogiops moves left out that leave the mover's King attacked by shogiops' own isCheck)")
    for f in failures[:20]:
        print(f)
    return 1 if failures else 0


def oracle_perft(oracle, game, sfen, played, depth):
    """shogiops' leaf count `depth` plies below the position after `played`: depth-2 replies at the bottom,
    each move played as its USI string says (`from mid to` for a move in two legs)."""
    if depth <= 2:
        reply = oracle.ask(rules=GAMES[game], sfen=sfen, play=played, depth=2,
                           withoutSelfChecks=game in SELF_CHECKS)
        return len(reply["moves"]) if depth == 1 else sum(reply["divide"].values())
    moves = oracle.ask(rules=GAMES[game], sfen=sfen, play=played, withoutSelfChecks=game in SELF_CHECKS)["moves"]
    return sum(oracle_perft(oracle, game, sfen, played + [m], depth - 1) for m in moves)


def check_suites(args, oracle):
    """Every perft line of the suites, recomputed by shogiops; exit status 1 on any difference."""
    checked, failed = 0, []
    for path in args.suite:
        game = sfen = None
        for line in pathlib.Path(path).read_text().splitlines():
            key, _, value = line.partition(" ")
            if key == "game":
                game = pathlib.Path(value).stem
            elif key == "sfen":
                sfen = value
            elif key == "perft":
                depth, count = map(int, value.split())
                if count > args.cap:
                    continue
                got = oracle_perft(oracle, game, to_shogiops_sfen(game, sfen), [], depth)
                checked += 1
                if got != count:
                    failed.append(f"{path}: {sfen} perft {depth}: suite {count}, shogiops {got}")
    print(f"shogiops suite check: {checked} perft lines, {checked - len(failed)} agree, {len(failed)} differ")
    for f in failed[:20]:
        print(f)
    return 1 if failed else 0


def emit(args, oracle, rng, seed):
    with open(args.emit, "w") as f:
        f.write("# Random positions with shogiops' perft counts (lishogi's rules).\n")
        f.write(f"# Made by: tools/shogiops_diff.py --emit {args.emit} --games {args.games} "
                f"--positions {args.positions} --scatter {args.scatter} --bare {args.bare} --seed {seed}\n")
        for i in range(args.bare):
            sfen = bare_sfen(rng)
            reply = oracle.ask(rules="chushogi", sfen=sfen, depth=2)
            f.write(f"\nid chushogi-bare-{i + 1}\ngame chushogi\nsfen {sfen}\n")
            f.write(f"# {'the game is over: ' + reply['winner'] if reply['end'] else 'the game goes on'}\n")
            f.write(f"perft 1 {len(reply['moves'])}\nperft 2 {sum(reply['divide'].values())}\n")
            f.write(f"perft 3 {oracle_perft(oracle, 'chushogi', sfen, [], 3)}\n")
        for i in range(args.scatter):
            sfen = scatter_sfen(rng)
            reply = oracle.ask(rules="chushogi", sfen=sfen, depth=2)
            f.write(f"\nid chushogi-lions-{i + 1}\ngame chushogi\nsfen {sfen}\n")
            f.write(f"perft 1 {len(reply['moves'])}\nperft 2 {sum(reply['divide'].values())}\n")
        for game in args.games.split(","):
            for i, sfen in enumerate(random_walks(args, oracle, rng, game, args.positions)):
                reply = oracle.ask(rules=GAMES[game], sfen=sfen, depth=2, withoutSelfChecks=game in SELF_CHECKS)
                if reply["end"]:
                    continue
                f.write(f"\nid {game}-shogiops-{i + 1}\ngame {game}\nsfen {to_koma_sfen(game, sfen)}\n")
                f.write(f"perft 1 {len(reply['moves'])}\nperft 2 {sum(reply['divide'].values())}\n")
    print(f"wrote {args.emit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
