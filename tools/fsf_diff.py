#!/usr/bin/env python3
"""Differential check of koma's move generator against Fairy-Stockfish (pyffish).

Random games are played with Fairy-Stockfish's own move generator; at random plies the position is
handed to both programs and their legal move lists are compared as sets (not just counted), so a wrong
move hiding behind a missing one is found. For some positions the depth-2 divide is compared as well,
which also exercises koma's make/unmake.

Fairy-Stockfish lists a pawn drop that mates at once as a legal move; the project treats it as illegal
(perft counts legal moves only), so such drops are removed from Fairy-Stockfish's list before comparing.

Usage: tools/fsf_diff.py [--koma PATH] [--games minishogi,...] [--positions N] [--seed S]
Exit status 0 when every position agrees.

With --emit FILE it instead writes a `.perft` suite of random positions with Fairy-Stockfish's strict
counts to depth --depth, for the Rust test suite to freeze without needing pyffish.
"""

import argparse
import functools
import os
import random
import re
import subprocess
import sys

import pyffish as sf

from perft_suites import board_sfen

# Variants of Fairy-Stockfish's variants.ini that it does not build in (anti-mini shogi), and a test variant.
sf.load_variant_config(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fsf_variants.ini")).read())

# koma game name -> (Fairy-Stockfish variant, files, ranks)
GAMES = {
    "minishogi": ("minishogi", 5, 5),
    "microshogi": ("micro", 4, 5),
    "judkins": ("judkins", 6, 6),
    "gorogoro": ("gorogoro", 5, 6),
    "shogi": ("shogi", 9, 9),
    "examples/kyotoshogi.game": ("kyotoshogi", 5, 5),
    "examples/euroshogi.game": ("euroshogi", 8, 8),
    "examples/dobutsu.game": ("dobutsu", 3, 4),
    "examples/torishogi.game": ("torishogi", 7, 7),
    "examples/shoshogi.game": ("shoshogi", 9, 9),
    "examples/checkshogi.game": ("checkshogi", 9, 9),
    "examples/antiminishogi.game": ("antiminishogi", 5, 5),
    "examples/chennis.game": ("chennis", 7, 7),
    "crates/koma-games/tests/games/threecheck-minishogi.game": ("threecheckminishogi", 5, 5),
    "crates/koma-games/tests/games/palace-minishogi.game": ("palaceminishogi", 5, 5),
    "crates/koma-games/tests/games/shoshogi-before.game": ("shoshogibefore", 9, 9),
}

# The piece whose drops may not mate at once, per variant (Fairy-Stockfish lists such drops as legal).
DROP_MATE_BANNED = {
    "minishogi": "P", "judkins": "P", "gorogoro": "P", "shogi": "P", "euroshogi": "P", "torishogi": "S", "checkshogi": "P",
    "threecheckminishogi": "P", "palaceminishogi": "P",
}

# Variants whose tiles turn over without a choice: Fairy-Stockfish marks the flip with `+` or `-`, koma writes
# no suffix.
FLIPPING = {"micro", "kyotoshogi", "chennis"}

# Fairy-Stockfish writes micro shogi's tiles by its base faces L R B P, the other faces promoted;
# koma gives every face its own letter (micro shogi's tiles have two). Hand tiles are written by their starting face.
MICRO_FACES = {"K": "K", "+L": "S", "L": "L", "+R": "G", "R": "R", "B": "B", "+B": "T", "P": "P", "+P": "N"}
MICRO_TILES = {"L": "S", "R": "G", "B": "B", "P": "P"}


# Faces koma writes with letters of their own, per variant: Fairy-Stockfish token (upper case) -> koma's.
FACES = {"micro": MICRO_FACES}

# Variants whose royal pieces are counted as sho shogi's are (see royal_promotions).
PSEUDO_ROYAL = {"shoshogi"}


def face(variant, token):
    """koma's letter for a Fairy-Stockfish piece token such as `+L` or `p`."""
    faces = FACES.get(variant)
    if faces is None:
        return token
    upper = faces.get(token.upper(), token.upper())
    return upper if token[-1].isupper() else upper.lower()


def board_to_koma(variant, board):
    out, i = "", 0
    while i < len(board):
        if board[i] == "+":
            out += face(variant, board[i : i + 2])
            i += 2
        else:
            out += face(variant, board[i]) if board[i].isalpha() else board[i]
            i += 1
    return out


def fsf_square_to_usi(sq, files, ranks):
    x = ord(sq[0]) - ord("a")
    y = int(sq[1:]) - 1
    return f"{files - x}{chr(ord('a') + ranks - 1 - y)}"


def fsf_move_to_usi(move, files, ranks, variant):
    """A pyffish move as koma writes it in USI: drops by koma's letters, no `-` suffix, and no flip suffix
    where the flip is forced (Kyoto and micro shogi)."""
    if "@" in move:
        piece, sq = move.split("@")
        return f"{face(variant, piece)}*{fsf_square_to_usi(sq, files, ranks)}"
    usi = fsf_usi(move, files, ranks)
    if usi[-1] == "-" or (usi[-1] == "+" and variant in FLIPPING):
        usi = usi[:-1]
    return usi


def fsf_usi(move, files, ranks):
    """A pyffish move as Fairy-Stockfish's USI writes it: squares in USI, a drop as `PIECE*SQUARE` with
    Fairy-Stockfish's own piece token, and the promotion or flip suffix (`+`, `-`) kept, where koma leaves out
    a forced flip (Kyoto and micro shogi)."""
    if "@" in move:
        piece, sq = move.split("@")
        return f"{piece}*{fsf_square_to_usi(sq, files, ranks)}"
    suffix = ""
    if move[-1] in "+-":
        suffix, move = move[-1], move[:-1]
    i = 2 if not move[2].isdigit() else 3
    return fsf_square_to_usi(move[:i], files, ranks) + fsf_square_to_usi(move[i:], files, ranks) + suffix


def fen_to_sfen(fen, variant):
    """koma's SFEN of a Fairy-Stockfish FEN: board, side, hand, the checks field where checks are counted
    (`1+1`: the checks each player still has to give, first player first, in both programs), move number 1."""
    fields = fen.split(" ")
    board_and_hand, side = fields[:2]
    checks = next((f + " " for f in fields[2:] if re.fullmatch(r"\d+\+\d+", f)), "")
    board, _, hand = board_and_hand.partition("[")
    board = board_to_koma(variant, board)
    hand = hand.rstrip("]").replace("-", "")
    if variant == "micro":
        hand = "".join(MICRO_TILES[c.upper()] if c.isupper() else MICRO_TILES[c.upper()].lower() for c in hand)
    counts = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    hand_text = "".join((str(n) if n > 1 else "") + c for c, n in sorted(counts.items(), key=lambda kv: (kv[0].islower(), kv[0])))
    return f"{board} {'b' if side == 'w' else 'w'} {hand_text or '-'} {checks}1"


def board_squares(fen):
    """{(file, rank): piece token} of a FEN's board, files and ranks from 0 (a1 is the first player's left)."""
    rows = fen.split(" ")[0].split("[")[0].split("/")
    out = {}
    for r, row in enumerate(rows):
        rank, file, i = len(rows) - 1 - r, 0, 0
        while i < len(row):
            if row[i].isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                file += int(row[i:j])
                i = j
                continue
            token = row[i : i + 2] if row[i] == "+" else row[i]
            out[(file, rank)] = token
            file += 1
            i += len(token)
    return out


def royal_promotions(variant, fen):
    """Sho shogi: the promotions of a Drunk Elephant to a Crown Prince that Fairy-Stockfish's move generator
    leaves out while the side to move is in check. Its own legality test accepts them (a second royal piece
    ends the protection of the first: `Position::legal`, "increase in count leads to loss of
    pseudo-royalty"), but in check it generates only evasions, and such a promotion is none. The rule as
    written, and koma, allow them; this adds them to Fairy-Stockfish's list."""
    if variant not in PSEUDO_ROYAL or not in_check(variant, fen):
        return []
    white = fen.split(" ")[1] == "w"
    board = board_squares(fen)
    own = (lambda t: t[-1].isupper()) if white else (lambda t: t[-1].islower())
    forward = 1 if white else -1
    zone = range(6, 9) if white else range(0, 3)
    out = []
    for (x, y), token in board.items():
        if token != ("E" if white else "e"):
            continue
        steps = [(1, 1), (-1, 1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)]  # FsfW, forward as +y
        for dx, dy in steps:
            tx, ty = x + dx, y + dy * forward
            if not (0 <= tx < 9 and 0 <= ty < 9) or ((tx, ty) in board and own(board[(tx, ty)])):
                continue
            if y in zone or ty in zone:
                out.append(f"{chr(97 + x)}{y + 1}{chr(97 + tx)}{ty + 1}+")
    return out


def play(variant, fen, move):
    """The FEN after `move`: Fairy-Stockfish's, or for a move it does not generate (`royal_promotions`),
    the board with the promoted piece moved, the other side to move."""
    if move not in royal_promotions(variant, fen):
        return sf.get_fen(variant, fen, [move])
    board = board_squares(fen)
    x, y, tx, ty = ord(move[0]) - 97, int(move[1]) - 1, ord(move[2]) - 97, int(move[3]) - 1
    token = board.pop((x, y))
    board[(tx, ty)] = "+" + token
    side = "b" if fen.split(" ")[1] == "w" else "w"
    # sho shogi's board, the only game royal_promotions applies to
    return board_sfen(9, 9, lambda file, rank: board.get((file, rank))) + f" {side} - - 0 1"


@functools.lru_cache(maxsize=1 << 16)
def game_ended(variant, fen):
    """Whether the game has ended at `fen` (pyffish's immediate end test), asked once per position."""
    return sf.is_immediate_game_end(variant, fen, [])[0]


@functools.lru_cache(maxsize=1 << 16)
def in_check(variant, fen):
    """Whether the side to move at `fen` is in check, asked once per position."""
    return bool(sf.gives_check(variant, fen, []))


def kings(fen, side):
    """The squares (file, rank from 0) of `side`'s kings (`K` for the first player, `k` for the second)."""
    return [sq for sq, token in board_squares(fen).items() if token == side]


def next_to_king(royals, square):
    """Whether a drop on `square` (Fairy-Stockfish's `c3`) may give check to a king on one of `royals`: it is
    next to one, or no king is known (then every drop is asked). The pieces whose drops may not mate
    (DROP_MATE_BANNED) step one square, so a drop elsewhere checks nothing, and a drop uncovers no line."""
    x, y = ord(square[0]) - 97, int(square[1:]) - 1
    return not royals or any(abs(kx - x) <= 1 and abs(ky - y) <= 1 for kx, ky in royals)


@functools.lru_cache(maxsize=1 << 16)
def strict_moves(variant, fen):
    """Fairy-Stockfish's legal moves without pawn drops that mate at once; none once the game has ended
    (a king captured, a king safe in its zone, the last check given, a player without pieces).

    Each pyffish call costs some milliseconds whatever it asks (pyffish sets its variant up afresh for each),
    so the answer is kept per position, and only the drops next to the king are asked whether they check."""
    if game_ended(variant, fen):
        return ()
    banned = DROP_MATE_BANNED.get(variant)
    royals = kings(fen, "k" if fen.split(" ")[1] == "w" else "K") if banned else []
    out = []
    for m in sf.legal_moves(variant, fen, []):
        if (
            banned
            and m.startswith(banned + "@")
            and next_to_king(royals, m.split("@")[1])
            and sf.gives_check(variant, fen, [m])
        ):
            # Mate is judged by the replies, whatever else the check does: a counted check that ends the game
            # leaves Fairy-Stockfish no legal move, so its checks field is set high first.
            after = re.sub(r" \d+\+\d+ ", " 9+9 ", play(variant, fen, m))
            if not sf.legal_moves(variant, after, []):
                continue
        out.append(m)
    return tuple(out + [m for m in royal_promotions(variant, fen) if m not in out])


def reply_count(variant, fen, move):
    """How many strict moves answer `move` at `fen`. pyffish is given the move, so that two calls answer (the
    end test and the list), and the position after it is written only where a drop that may mate must be
    judged (a banned piece dropped next to the mover's king) or sho shogi's promotions are added."""
    banned = DROP_MATE_BANNED.get(variant)
    if variant in PSEUDO_ROYAL:
        return len(strict_moves(variant, play(variant, fen, move)))
    if sf.is_immediate_game_end(variant, fen, [move])[0]:
        return 0
    replies = sf.legal_moves(variant, fen, [move])
    if banned:
        side = "K" if fen.split(" ")[1] == "w" else "k"
        royals = kings(fen, side)
        step = re.match(r"([a-z]\d+)([a-z]\d+)", move)
        if step:
            origin = (ord(step.group(1)[0]) - 97, int(step.group(1)[1:]) - 1)
            target = (ord(step.group(2)[0]) - 97, int(step.group(2)[1:]) - 1)
            royals = [target if sq == origin else sq for sq in royals]
        if any(r.startswith(banned + "@") and next_to_king(royals, r.split("@")[1]) for r in replies):
            return len(strict_moves(variant, play(variant, fen, move)))
    return len(replies)


def koma(args, cmd, game, sfen, *extra):
    res = subprocess.run([args.koma, cmd, game, "--sfen", sfen, *extra], capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"koma {cmd} failed on {sfen}:\n{res.stderr}")
    return res.stdout


def check_position(args, game, variant, files, ranks, fen, deep):
    sfen = fen_to_sfen(fen, variant)
    fsf = strict_moves(variant, fen)
    want = {fsf_move_to_usi(m, files, ranks, variant) for m in fsf}
    got = set(koma(args, "moves", game, sfen).split())
    problems = []
    if want != got:
        problems.append(f"{game} {sfen}\n  missing in koma: {sorted(want - got)}\n  extra in koma:   {sorted(got - want)}")
    elif deep:
        lines = koma(args, "perft", game, sfen, "2", "--divide").splitlines()
        koma_div = dict(l.split(": ") for l in lines if ": " in l and not l.startswith("Nodes"))
        for m in fsf:
            n = reply_count(variant, fen, m)
            u = fsf_move_to_usi(m, files, ranks, variant)
            if int(koma_div.get(u, -1)) != n:
                problems.append(f"{game} {sfen} after {u}: koma {koma_div.get(u)} vs Fairy-Stockfish {n}")
    return problems, fsf


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--koma", default="target/release/koma")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--positions", type=int, default=300, help="positions per game")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--emit", help="write a .perft suite here instead of comparing")
    ap.add_argument("--depth", type=int, default=3, help="deepest perft written with --emit")
    ap.add_argument("--royal-promotions", action="store_true",
                    help="with --emit: sho shogi positions built around a Drunk Elephant that may promote to a "
                    "second royal piece while its King is in check or behind it on a line (shoshogibefore)")
    args = ap.parse_args()
    if args.emit and args.royal_promotions:
        return emit_royal_promotions(args)
    if args.emit:
        return emit(args)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    print(f"seed {seed}")
    failures = []
    checked_total = [0]
    for game in args.games.split(","):
        variant, files, ranks = GAMES[game]
        start = sf.start_fen(variant)
        checked = with_hand = checks = promoted = ended = 0
        while checked < args.positions:
            fen = start
            for ply in range(rng.randrange(4, 120)):
                moves = strict_moves(variant, fen)
                # A position where the game is over is checked too: neither program may list a move.
                if ply >= 2 and (not moves or rng.random() < 0.65):
                    deep = checked % 10 == 0
                    problems, _ = check_position(args, game, variant, files, ranks, fen, deep)
                    failures += problems
                    checked += 1
                    board, _, hand = fen.split(" ")[0].partition("[")
                    with_hand += hand.strip("]-") != ""
                    promoted += "+" in board
                    checks += in_check(variant, fen)
                    ended += game_ended(variant, fen)
                    if checked >= args.positions:
                        break
                if not moves:
                    break
                fen = play(variant, fen, rng.choice(moves))
        checked_total[0] += checked
        print(f"{game}: {checked} positions ({with_hand} with pieces in hand, {promoted} with promoted pieces, {checks} in check, {ended} ended at once)")
    for f in failures:
        print("MISMATCH", f)
    total = sum(1 for _ in failures)
    print(f"fsf-diff: {checked_total[0] - total} passed, {total} failed")
    return 1 if failures else 0


def compare_from_start(args, game, variant, files, ranks, rng, positions):
    """The legal moves of `variant`'s start and of `positions` random positions of Fairy-Stockfish's own
    games compared with koma's `game`; the depth-2 divide at the start and every tenth position. The positions
    are taken along random games (each ply from the second kept with probability 1/4, a game ended kept
    always), so that each costs a few plies of play, not a game from the start. Returns the problems found."""
    start = sf.start_fen(variant)
    problems, _ = check_position(args, game, variant, files, ranks, start, True)
    checked = 0
    while checked < positions:
        fen = start
        for ply in range(rng.randrange(2, 100)):
            moves = strict_moves(variant, fen)
            if ply >= 2 and (not moves or rng.random() < 0.25):
                checked += 1
                found, _ = check_position(args, game, variant, files, ranks, fen, checked % 10 == 0)
                problems += found
                if checked >= positions:
                    break
            if not moves:
                break
            fen = play(variant, fen, rng.choice(moves))
    return problems


def fsf_perft(variant, fen, depth):
    moves = strict_moves(variant, fen)
    if depth == 1:
        return len(moves)
    return sum(fsf_perft(variant, play(variant, fen, m), depth - 1) for m in moves)


def random_positions(rng, variant, count):
    """Positions from random games, skipping the first plies."""
    out = []
    while len(out) < count:
        fen = sf.start_fen(variant)
        target = rng.randrange(4, 80)
        for _ in range(target):
            moves = strict_moves(variant, fen)
            if not moves:
                break
            fen = play(variant, fen, rng.choice(moves))
        if strict_moves(variant, fen):
            out.append(fen)
    return out


def pinned_or_checked(fen):
    """Whether the side to move's Drunk Elephant stands between its King and an enemy rook, bishop or lance
    on their line, or its King is in check: the positions where counting royal pieces before or after the move
    differ."""
    white = fen.split(" ")[1] == "w"
    board = board_squares(fen)
    own = (lambda t: t[-1].isupper()) if white else (lambda t: t[-1].islower())
    king = next((sq for sq, t in board.items() if t == ("K" if white else "k")), None)
    if king is None:
        return False
    if in_check("shoshogibefore", fen):
        return True
    for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]:
        x, y = king
        seen = []
        while True:
            x, y = x + dx, y + dy
            if not (0 <= x < 9 and 0 <= y < 9):
                break
            if (x, y) in board:
                seen.append(board[(x, y)])
                if len(seen) == 2:
                    break
        if len(seen) < 2 or not own(seen[0]) or seen[0].upper() != "E" or own(seen[1]):
            continue
        slider = seen[1].upper()
        lance_line = dx == 0 and dy == (-1 if white else 1)  # an enemy lance looks back along the file at it
        if slider in ("R", "+R") and dx * dy == 0 or slider in ("B", "+B") and dx * dy != 0 \
                or slider == "L" and lance_line:
            return True
    return False


def emit_royal_promotions(args):
    """A suite of sho shogi positions built for the count of royal pieces: both Kings, a Drunk Elephant of
    the side to move in or next to its promotion zone, enemy rooks, bishops and lances around, and a few other
    pieces; kept where its King is in check or the Elephant is pinned, with the counts of Fairy-Stockfish's
    move generator (shoshogibefore: no move added)."""
    rng = random.Random(args.seed or 1)
    game = "crates/koma-games/tests/games/shoshogi-before.game"
    variant = GAMES[game][0]
    made = 0
    with open(args.emit, "w") as f:
        f.write("# Sho shogi positions built around a Drunk Elephant that may promote to a Crown Prince while its King\n"
                "# is in check or the Elephant is pinned, with Fairy-Stockfish's counts (royal pieces counted before\n"
                "# the move).\n")
        f.write(f"# Made by: tools/fsf_diff.py --emit {args.emit} --royal-promotions --positions {args.positions} "
                f"--depth {args.depth} --seed {args.seed or 1}\n")
        while made < args.positions:
            white = rng.random() < 0.5
            board = {}
            free = [(x, y) for x in range(9) for y in range(9)]
            rng.shuffle(free)

            def put(token, rows=range(9)):
                for i, sq in enumerate(free):
                    if sq[1] in rows:
                        board[free.pop(i)] = token
                        return

            zone = range(5, 9) if white else range(0, 4)
            mine = str.upper if white else str.lower
            theirs = str.lower if white else str.upper
            put(mine("k"), range(0, 4) if white else range(5, 9))
            put(theirs("k"))
            put(mine("e"), zone)
            for _ in range(rng.randrange(1, 4)):
                put(theirs(rng.choice(["r", "b", "l", "+r", "+b"])))
            for _ in range(rng.randrange(0, 6)):
                put(rng.choice([mine, theirs])(rng.choice(["g", "s", "n", "p", "e", "+p", "+s"])))
            fen = board_sfen(9, 9, lambda x, y: board.get((x, y))) + (" w" if white else " b") + " 0 1"
            other = fen.replace(" w ", " x ").replace(" b ", " w ").replace(" x ", " b ")
            try:
                if not sf.validate_fen(fen, variant) or in_check(variant, other) or not strict_moves(variant, fen):
                    continue
            except Exception:
                continue
            if not pinned_or_checked(fen):
                continue
            made += 1
            f.write(f"\nid royal-promotion-{made}\ngame {game}\nsfen {fen_to_sfen(fen, variant)}\n")
            for d in range(1, args.depth + 1):
                f.write(f"perft {d} {fsf_perft(variant, fen, d)}\n")
    print(f"wrote {args.emit}")
    return 0


def emit(args):
    rng = random.Random(args.seed or 1)
    with open(args.emit, "w") as f:
        f.write(f"# Random positions with Fairy-Stockfish's strict perft counts (pawn-drop mates removed).\n")
        f.write(f"# Made by: tools/fsf_diff.py --emit {args.emit} --games {args.games} --positions {args.positions} --depth {args.depth} --seed {args.seed or 1}\n")
        for game in args.games.split(","):
            variant, _, _ = GAMES[game]
            for i, fen in enumerate(random_positions(rng, variant, args.positions)):
                f.write(f"\nid {game}-random-{i + 1}\ngame {game}\nsfen {fen_to_sfen(fen, variant)}\n")
                for d in range(1, args.depth + 1):
                    f.write(f"perft {d} {fsf_perft(variant, fen, d)}\n")
    print(f"wrote {args.emit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
