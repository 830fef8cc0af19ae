#!/usr/bin/env python3
"""Taikyoku shogi against an independent engine: yetiowin805's taikyoku_shogi (Rust, 36x36, 303 piece types).

The oracle is that engine's own library, driven by `tools/taikyoku/oracle.rs` (copied into a checkout of the
engine and built there; see `oracle_process`). This script reads the engine's piece types from it, writes the
`.game` file of the pieces koma writes so far, draws random positions with the engine's own moves, and freezes
its perft counts into `.perft` suites that CI runs without the engine.

    # a checkout of github.com/yetiowin805/taikyoku_shogi (checked at commit 46d5cd9)
    tools/taikyoku_diff.py --oracle DIR --emit crates/koma-games/tests/games/taikyoku-plain.game
    tools/taikyoku_diff.py --oracle DIR --suite crates/koma-games/tests/games/taikyoku-plain.game OUT.perft \\
        --positions 40 --seed 36 --plies 60 --depth 2
    tools/taikyoku_diff.py --oracle DIR --check OUT.perft      # koma's counts against the oracle's, again

What the engine says and koma takes as it is: its board (file and rank from 0, the first player, Black,
moving toward higher ranks; koma's square of file x and rank y from the first player's side is the engine's
`x,y`), its setup, its pieces' moves, promotion (a move that starts or ends in the last 11 ranks may promote;
a promoted piece promotes no further) and its end (a player who has lost every royal piece, King and Crown
Prince, has lost; no check rule). Its move list may name a move twice; the driver counts each move once.

One reading koma does not take: the engine turns the first player's moves for the second by exchanging
forward and back and the two diagonals of each, but keeps east and west, and turns a leap only forward and
back; for a piece that moves otherwise to its left than to its right (the Left and Right Chariots, the
Mountain Eagles, the Side Wolf, ...) that is not the board turned round, which its setup and koma use (and
which moves the piece's two diagonals turned round). So such pieces stand in the `-plain` game, and its suites
place them for the first player only (they are not in its start).

The engine's moves in two steps (`TwoStep`: the lions, the hook movers) are koma's moves in two legs under
`moves in two legs hold the square they start from`: see `two_step_betza`.

The Free Eagle's moves beside its queen's (`FreeEagleMultiMove`) are koma's sweeps and two moves in two legs:
see `free_eagle_betza`. The driver counts its moves that koma's files write, and leaves out the others (see
`free_eagle_written` in `tools/taikyoku/oracle.rs`).

Pieces left out of the `-plain` game:
- pieces that could never move again from the last rank but that the engine does not make promote there
  (koma's `stranded pieces must promote` covers the others);
- a piece whose moves the tool does not know (none in the engine's setup), and a piece promoting to a face
  left out.
"""

import argparse
import os
import random as _random
import re
import shutil
import subprocess
import sys

from perft_suites import board_sfen

SIDE = 36
DIRECTIONS = {  # the engine's direction bits: (file step, rank step) for the first player
    1: (0, 1), 2: (1, 1), 4: (1, 0), 8: (1, -1), 16: (0, -1), 32: (-1, -1), 64: (-1, 0), 128: (-1, 1),
}
ORTHOGONAL = {(0, 1): "f", (0, -1): "b", (1, 0): "r", (-1, 0): "l"}
DIAGONAL = {(1, 1): "fr", (-1, 1): "fl", (1, -1): "br", (-1, -1): "bl"}
MIRROR_BITS = {1: 1, 2: 128, 4: 64, 8: 32, 16: 16, 32: 8, 64: 4, 128: 2}


# --- the oracle ------------------------------------------------------------------------------------------


def oracle_process(checkout):
    """Builds tools/taikyoku/oracle.rs inside the engine's checkout and starts it."""
    here = os.path.dirname(os.path.abspath(__file__))
    binary_source = os.path.join(checkout, "src", "bin", "koma_oracle.rs")
    os.makedirs(os.path.dirname(binary_source), exist_ok=True)
    shutil.copyfile(os.path.join(here, "taikyoku", "oracle.rs"), binary_source)
    subprocess.run(
        ["cargo", "build", "--quiet", "--release", "--bin", "koma_oracle"],
        cwd=checkout, check=True, stderr=subprocess.DEVNULL,
    )
    return subprocess.Popen(
        [os.path.join(checkout, "target", "release", "koma_oracle")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )


class Oracle:
    def __init__(self, checkout):
        self.process = oracle_process(checkout)

    def ask(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        out = []
        while True:
            answer = self.process.stdout.readline()
            if answer == "":
                raise RuntimeError(f"the oracle stopped answering {line[:80]}")
            answer = answer.rstrip("\n")
            if answer == "end":
                return out
            if answer.startswith("error:"):
                raise RuntimeError(f"oracle: {answer} (asked {line[:120]})")
            out.append(answer)


# --- the engine's piece types --------------------------------------------------------------------------


def parse_debug(text):
    """Reads Rust's debug form of the engine's movement capabilities into lists, dicts and numbers."""
    tokens = re.findall(r"-?\d+|[A-Za-z_]+|[{}\[\](),:]", text)
    pos = 0

    def sequence(close):
        """The values up to `close`, separated by commas (the opening bracket read)."""
        nonlocal pos
        out = []
        while tokens[pos] != close:
            out.append(value())
            if tokens[pos] == ",":
                pos += 1
        pos += 1
        return out

    def value():
        nonlocal pos
        t = tokens[pos]
        if t in "[(":
            pos += 1
            return sequence("]") if t == "[" else tuple(sequence(")"))
        if t == "{":  # a set of names
            pos += 1
            items = []
            while tokens[pos] != "}":
                items.append(tokens[pos])
                pos += 1
                if tokens[pos] == ",":
                    pos += 1
            pos += 1
            return set(items)
        if re.fullmatch(r"-?\d+", t):
            pos += 1
            return int(t)
        pos += 1
        if pos < len(tokens) and tokens[pos] == "{":  # a struct variant
            pos += 1
            fields = {"kind": t}
            while tokens[pos] != "}":
                name = tokens[pos]
                pos += 2  # the name and its colon
                fields[name] = value()
                if tokens[pos] == ",":
                    pos += 1
            pos += 1
            return fields
        return t

    return value()


def piece_types(oracle, names):
    """Every named piece type: {name: {royal, promotes, must, caps}}, and the two promoted faces that move
    otherwise than their type (`RainDragon<EarthDragon>`, `Whale<ReverseChariot>`)."""
    lines = oracle.ask("pieces " + ",".join(names))
    types, specials = {}, {}
    for head, caps in zip(lines[::2], lines[1::2]):
        name = head.split()[0]
        if "<" in name:
            specials[name] = parse_debug(caps.strip())
            continue
        fields = dict(w.split("=", 1) for w in head.split()[1:] if "=" in w)
        types[name] = {
            "royal": fields.get("royal") == "true",
            "promotes": None if fields.get("promotes", "-") == "-" else fields["promotes"],
            "must": [] if fields.get("must", "-") == "-" else [int(r) for r in fields["must"].split(",")],
            "caps": parse_debug(caps.strip()),
        }
    return types, specials


def type_names(oracle):
    """The piece types the engine's setup uses (every type is named by `pieces`; the setup is what a game
    starts from)."""
    start = oracle.ask("start")[0]
    return sorted({token_type(t)[1] for t in start.split()[4:]})


# --- moves as Betza ------------------------------------------------------------------------------------


def vectors(bits):
    return [DIRECTIONS[b] for b in sorted(DIRECTIONS) if bits & b]


def slide_betza(bits, reach, modifier=""):
    """Slides along the directions of `bits`, up to `reach` squares (0: unlimited), each component with
    `modifier` (`jj`: passing over every piece)."""
    steps = vectors(bits)
    out = []
    for table, atom, rider in ((ORTHOGONAL, "W", "R"), (DIAGONAL, "F", "B")):
        mine = [v for v in steps if v in table]
        if not mine:
            continue
        whole = len(mine) == 4
        suffix = "" if reach == 1 else (str(reach) if reach else None)
        for prefix in ([""] if whole else [table[v] for v in mine]):
            out.append(modifier + prefix + (atom + suffix if suffix is not None else rider))
    return "".join(out)


def leap_betza(offsets):
    """Plain leaps: a bare atom where the offsets hold every leap of its shape (`G`), else one component per
    offset (`frG`)."""
    out = []
    left = [tuple(o) for o in offsets]
    shapes = []
    for dx, dy in left:
        shape = (min(abs(dx), abs(dy)), max(abs(dx), abs(dy)))
        if shape not in shapes:
            shapes.append(shape)
    for a, b in shapes:
        every = {(sx * x, sy * y) for x, y in ((a, b), (b, a)) for sx in (1, -1) for sy in (1, -1)}
        atom = {(0, 1): "W", (0, 2): "D", (0, 3): "H", (1, 1): "F", (2, 2): "A", (3, 3): "G",
                (1, 2): "N", (1, 3): "C", (2, 3): "Z"}[(a, b)]
        if every <= set(left):
            out.append(atom)
            left = [o for o in left if o not in every]
    for dx, dy in left:
        ax, ay = abs(dx), abs(dy)
        sx = "r" if dx > 0 else "l"
        sy = "f" if dy > 0 else "b"
        if ax == 0 or ay == 0:
            atom = {1: "W", 2: "D", 3: "H"}[ax + ay]
            out.append((sy if ax == 0 else sx) + atom)
        elif ax == ay:
            atom = {1: "F", 2: "A", 3: "G"}[ax]
            out.append(sy + sx + atom)
        else:
            atom = {(1, 2): "N", (2, 1): "N", (1, 3): "C", (3, 1): "C", (2, 3): "Z", (3, 2): "Z"}[(ax, ay)]
            # koma's one-move oblique token: the short leg's direction first, then the long leg's.
            out.append((sx + sy) if ax < ay else (sy + sx))
            out[-1] += atom
    return "".join(out)


UNWRITTEN = {  # the engine's moves koma does not write yet, by what the engine calls them
}


def free_eagle_betza(c):
    """The Free Eagle's moves beside its queen's (the engine's `FreeEagleMultiMove`): its paths straight along
    a line, up to `max_distance_forward_diagonal` squares on its forward diagonals and `max_distance_other`
    elsewhere, taking every enemy piece they cross and stopped by its own (koma's sweeps: `wfF4wbF3wW3`), and
    its capture two squares along any line, or three along a forward diagonal, followed by a step back
    (`cDabW`, `cbAabF`, and the sweep `cwfF3abF`, which also takes two squares away on a forward diagonal).
    The driver leaves out its captures without moving (see `free_eagle_written` in tools/taikyoku/oracle.rs)."""
    fd, other = c["max_distance_forward_diagonal"], c["max_distance_other"]
    return "cDabWcbAabFcwfF3abF", f"wfF{fd}wbF{other}wW{other}"


def leg_betza(c):
    """One leg of the engine's `TwoStep` as a Betza component: a limited (`Simple`) or unlimited (`Range`,
    stopped by the first piece) slide; `None` for any other."""
    if c["kind"] == "Simple":
        return slide_betza(c["directions"], c["max_distance"])
    if c["kind"] == "Range" and c["blocking"] == "NoJump" and not c["cannot_jump_over"]:
        return slide_betza(c["directions"], 0)
    return None


def two_step_betza(c, caps):
    """The engine's move in two steps (`TwoStep { first, second }`) as koma's moves in two legs, under `moves
    in two legs hold the square they start from`. The engine lists every square the first leg reaches as a
    move of its own, then from each the second leg as the piece's own move from there, every way of its atom
    (not turned by the first): the plain first leg beside `X` + `a` + the second leg's bare atom (the Hook
    Mover's `R` and `RaR`, the Lion's `K` and `KaK`), the plain leg left out where another of the piece's
    moves `caps` is the same. Refuses a second leg that is not the whole of its atom, which koma's relative
    directions would not say. Returns the moves in two legs and the plain leg apart: `betza` writes the
    former first, so that no slide stands before one of its own kind (`BBaB` would read as a doubled `B`)."""
    first, second = leg_betza(c["first"]), leg_betza(c["second"])
    whole = {85: "W", 170: "F", 255: "K"}.get(c["second"].get("directions"))
    if first is None or second is None or whole is None:
        raise RuntimeError(f"a move in two steps koma's tool does not know: {c}")
    reach = c["second"].get("max_distance", 0)
    rider = {"W": "R", "F": "B", "K": "Q"}[whole]
    atom = whole if reach == 1 else rider if reach == 0 else f"{whole}{reach}"
    legs = re.findall(r"[a-z]*[A-Z]\d*", first)
    plain = "" if c["first"] in caps else first
    return "".join(f"{leg}a{atom}" for leg in legs), plain


def legs_of(c):
    """The capability itself, or for a move in two steps its two legs."""
    return [c["first"], c["second"]] if c["kind"] == "TwoStep" else [c]


def dove_betza(c):
    """The Wooden Dove's longer diagonal jumps (the engine's `ConditionalDiagonalJump`) as koma's walks. The
    engine lets it go 4 squares along a diagonal when the 3rd is empty, and 5 when the 3rd and 4th are,
    whatever stands on the 1st and 2nd (its 3-square jump is a plain leap beside). A walk says just that: a
    leap to the 3rd square, which must be empty (`mG`), then steps straight on over empty squares (`mfF`),
    the last of which may take (`afF`): `mGafF` and `mGamfFafF`."""
    if c["base_jump"] != 3 or not set(c["conditional_jumps"]) <= {4, 5}:
        raise RuntimeError(f"a conditional jump koma's tool does not know: {c}")
    diagonals = [DIAGONAL[v] for v in vectors(c["directions"]) if v in DIAGONAL]
    prefixes = [""] if len(diagonals) == 4 else diagonals
    out = []
    for distance in sorted(c["conditional_jumps"]):
        for d in prefixes:
            out.append(f"m{d}G" + "amfF" * (distance - 4) + "afF")
    return "".join(out)


def unwritten(caps):
    """What koma does not write yet of these moves (None: it writes them all: limited and unlimited slides,
    slides that pass over every piece (`jj`), plain leaps)."""
    for c in caps:
        if c["kind"] in ("Simple", "Jumping", "ConditionalDiagonalJump", "TwoStep", "FreeEagleMultiMove"):
            continue
        if c["kind"] == "Range" and c["blocking"] in ("NoJump", "Jump", "Capturing"):
            continue
        kind = c["blocking"] if c["kind"] == "Range" else c["kind"]
        return UNWRITTEN.get(kind, f"the engine's `{kind}` moves")
    return None


def symmetric(caps):
    """Whether the moves are the same to the left and to the right (the engine's second player then moves as
    koma's, the board turned round)."""
    for c in (leg for cap in caps for leg in legs_of(cap)):
        if "directions" in c:
            d = c["directions"]
            if sum(MIRROR_BITS[b] for b in MIRROR_BITS if d & b) != d:
                return False
        if "offsets" in c:
            s = {tuple(o) for o in c["offsets"]}
            if s != {(-a, b) for a, b in s}:
                return False
    return True


def betza(caps):
    legs = []
    parts = []
    for c in caps:
        if c["kind"] == "Simple":
            parts.append(slide_betza(c["directions"], c["max_distance"]))
        elif c["kind"] == "Range":
            parts.append(slide_betza(c["directions"], 0, "jj" if c["blocking"] == "Jump" else ""))
        elif c["kind"] == "Jumping":
            parts.append(leap_betza(c["offsets"]))
        elif c["kind"] == "ConditionalDiagonalJump":
            parts.append(dove_betza(c))
        elif c["kind"] == "TwoStep":
            two, plain = two_step_betza(c, caps)
            legs.append(two)
            parts.append(plain)
        elif c["kind"] == "FreeEagleMultiMove":
            two, sweeps = free_eagle_betza(c)
            legs.append(two)
            parts.append(sweeps)
    return "".join(legs + parts)


def range_capture_lines(faces):
    """The game's `range capture` statements: for each face that captures by range (the engine's `Capturing`
    range), the faces it may not jump, those of the types its `cannot_jump_over` names (whatever their
    promotion); none when no face of the game captures by range."""
    lines = []
    for f in faces:
        blocked = [c["cannot_jump_over"] for c in f.caps if c["kind"] == "Range" and c["blocking"] == "Capturing"]
        if not blocked:
            continue
        if any(b != blocked[0] for b in blocked) or any(
                c["kind"] == "Range" and c["blocking"] != "Capturing" for c in f.caps):
            raise RuntimeError(f"{f.name}: range captures of two kinds, or unlimited slides that do not capture")
        names = [g.name for g in faces if g.engine_type in blocked[0]]
        lines.append(f"  {f.name} may not jump {', '.join(names)}")
    if not lines:
        return []
    return ["range capture {"] + lines + ["}", "range capture takes every piece it jumps"]


def legs_hold_lines(faces):
    """The statement the engine's moves in two steps are read under, where some face has them."""
    if two_step_faces(faces):
        return ["moves in two legs hold the square they start from"]
    return []


def stranded(caps, rank):
    """Whether a piece with these moves on `rank` (counted from its side, 0-35) could never move again."""
    for c in (cap["first"] if cap["kind"] == "TwoStep" else cap for cap in caps):
        steps = vectors(c["directions"]) if "directions" in c else [tuple(o) for o in c.get("offsets", [])]
        if any(0 <= rank + dy < SIDE for _, dy in steps):
            return False
    return True


# --- the game file ------------------------------------------------------------------------------------


class Face:
    def __init__(self, name, engine_type, promoted_from, caps):
        self.name = name
        self.engine_type = engine_type
        self.promoted_from = promoted_from  # the engine type it promoted from (None: unpromoted)
        self.caps = caps
        self.letter = None
        self.promotes_to = None
        # Whether the engine moves it for its second player as koma does (the board turned round): see the
        # module's text. Suites place the others for the first player only.
        self.second_player = symmetric(caps)

    def token(self):
        """The engine's name of the face in TSFEN1: `Type` or `+Type<From>`."""
        if self.promoted_from is None:
            return self.engine_type
        return f"+{self.engine_type}<{self.promoted_from}>"


def promoted_caps(types, specials, source, target):
    key = f"{target}<{source}>"
    return specials.get(key, types[target]["caps"])


def plan(oracle, every=False):
    """The faces of the `-plain` game, with letters, and the setup's pieces among them; with `every`, those of the
    example, which has every kind (what koma does not write of a kind's moves is left out of them, and the
    reason is still listed)."""
    names = type_names(oracle)
    types, specials = piece_types(oracle, names)
    targets = sorted({types[n]["promotes"] for n in names if types[n]["promotes"]} - set(types))
    types.update(piece_types(oracle, targets)[0])

    faces = []
    left_out = []
    for n in names:
        t = types[n]
        promoted = promoted_caps(types, specials, n, t["promotes"]) if t["promotes"] else None
        why = unwritten(t["caps"])
        if why is None and promoted is not None and unwritten(promoted):
            why = f"promotes to {t['promotes']}: {unwritten(promoted)}"
        must = sorted(r for r in range(SIDE) if stranded(t["caps"], r))
        if why is None and t["promotes"] and must != t["must"]:
            why = (f"could never move again from its last rank, where the engine does not make it promote"
                   if not t["must"] else f"the engine makes it promote on ranks {t['must']}")
        if why:
            left_out.append((n, why))
            if not every:
                continue
        faces.append(Face(n, n, None, t["caps"]))
        faces[-1].second_player = symmetric(t["caps"]) and (promoted is None or symmetric(promoted))
    used = {f.name for f in faces}
    for f in list(faces):
        target = types[f.engine_type]["promotes"]
        if not target:
            continue
        name = target if target not in used else "Promoted" + f.engine_type
        used.add(name)
        p = Face(name, target, f.engine_type, promoted_caps(types, specials, f.engine_type, target))
        p.second_player = f.second_player
        f.promotes_to = p
        faces.append(p)
    # Letters: the first letter of the name with the first marks free; when all fifteen are taken, the
    # initials of its other words, then its other letters, the same way.
    marks = ["", "'", "!", "''", "'!", "!'", "!!", "'''", "''!", "'!'", "'!!", "!''", "!'!", "!!'", "!!!"]
    taken = {"K"}
    for f in faces:
        if f.promoted_from is not None:
            continue
        if f.engine_type == "King":
            f.letter = "K"
            continue
        initials = re.findall(r"[A-Z]", f.name)
        candidates = initials + [c.upper() for c in f.name if c.upper() not in initials]
        f.letter = next((c + m for c in candidates for m in marks if c + m not in taken), None)
        if f.letter is None:
            raise RuntimeError(f"no letter left for {f.name}")
        taken.add(f.letter)
    for f in faces:
        if f.promoted_from is not None:
            base = next(g for g in faces if g.promotes_to is f)
            f.letter = "+" + base.letter
    return faces, types, left_out


def sfen_of(faces, tsfen):
    """koma's SFEN of an engine position (first player: the engine's Black)."""
    by_token = {f.token(): f for f in faces}
    words = tsfen.split()
    turn, count = words[1], int(words[3])
    grid = [[None] * SIDE for _ in range(SIDE)]
    for t in words[4:4 + count]:
        colour, token, (x, y) = token_type(t, full=True)
        face = by_token.get(token)
        if face is None:
            raise KeyError(f"the engine's {token} is not a face of this game")
        letter = face.letter
        grid[y][x] = letter if colour == "B" else lower(letter)
    board = board_sfen(SIDE, SIDE, lambda x, y: grid[y][x])
    return board + (" b" if turn == "b" else " w") + " - 1"


def lower(letter):
    return letter.replace(letter.lstrip("+")[0], letter.lstrip("+")[0].lower(), 1)


def token_type(t, full=False):
    """An engine TSFEN1 piece `B:+Type<Base>@f,r`: (colour, type) or with `full` (colour, face token, square)."""
    colour, rest = t.split(":", 1)
    face, square = rest.split("@")
    x, y = (int(v) for v in square.split(","))
    if full:
        return colour, face, (x, y)
    return colour, re.sub(r"<.*", "", face.lstrip("+"))


def tsfen_of(faces, sfen):
    """The engine's TSFEN1 of a koma SFEN of this game."""
    by_letter = {f.letter: f for f in faces}
    board, turn = sfen.split()[0], sfen.split()[1]
    pieces = []
    for row_index, row in enumerate(board.split("/")):
        y = SIDE - 1 - row_index
        x, i = 0, 0
        while i < len(row):
            if row[i].isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                x += int(row[i:j])
                i = j
                continue
            j = i + (1 if row[i] != "+" else 2)
            while j < len(row) and row[j] in "'!":
                j += 1
            letter = row[i:j]
            colour = "W" if letter.lstrip("+")[0].islower() else "B"
            face = by_letter[letter if colour == "B" else upper(letter)]
            pieces.append(f"{colour}:{face.token()}@{x},{y}")
            x += 1
            i = j
    return f"TSFEN1 {turn} 0 {len(pieces)} " + " ".join(pieces)


def upper(letter):
    return letter.replace(letter.lstrip("+")[0], letter.lstrip("+")[0].upper(), 1)


def wrapped(text, width=112):
    """`text` as comment lines of at most `width` characters."""
    out, line = [], "//"
    for word in text.split():
        if len(line) + 1 + len(word) > width:
            out.append(line)
            line = "//"
        line += " " + word
    return out + [line]


def bullet(text):
    """A comment's list item, wrapped, its lines after the first indented under its text."""
    return [w.replace("// ", "// - ", 1) if i == 0 else w.replace("// ", "//   ", 1)
            for i, w in enumerate(wrapped(text, 110))]


def game_lines(name, faces, start_sfen, more_ends):
    """The game from its header to its end rules: the engine's two, then `more_ends`."""
    return (["", f'game "{name}"', "", "board 36 x 36", ""] + piece_lines(faces) + rule_lines(faces) +
            ["", f'start "{start_sfen}"', "", "end {", "  king captured: side to move loses",
             "  no legal move: side to move loses"] + more_ends + ["}"])


def piece_lines(faces):
    """A `piece` line for each face."""
    width = max(len(f.name) for f in faces)
    lwidth = max(len(f.letter) for f in faces)
    mwidth = max(len(betza(f.caps)) for f in faces) + 2
    lines = []
    for f in faces:
        text = f"piece {f.name:<{width}} {f.letter:<{lwidth}} moves {chr(34) + betza(f.caps) + chr(34):<{mwidth}}"
        if f.engine_type in ("King", "CrownPrince"):
            text += " royal"
        if f.promotes_to is not None:
            text += f" promotes to {f.promotes_to.name}"
        lines.append(text.rstrip())
    return lines


def rule_lines(faces):
    """The engine's promotion, captures and royalty, range capture and moves in two steps, as statements."""
    return [
        "",
        "promotion zone last 11 ranks",
        "stranded pieces must promote",
        "captured pieces leave the game",
        "kings may be captured",
        "royal pieces: the last one counts",
    ] + range_capture_lines(faces) + legs_hold_lines(faces)


def game_text(faces, left_out, start_sfen):
    kinds = len([f for f in faces if f.promoted_from is None])
    first_only = ", ".join(f.name for f in faces if f.promoted_from is None and not f.second_player)
    lines = wrapped(
        "Taikyoku shogi's board, setup and rules with the pieces koma writes so far: a test game of the pieces "
        "of yetiowin805's taikyoku_shogi engine whose moves are limited and unlimited slides, slides that pass "
        "over every piece (`jj`), range captures that take every piece they jump (`range capture`), plain "
        "leaps, the Wooden Dove's longer jumps, which are walks (`mGafF`), moves in two steps, which are "
        "moves in two legs (`RaR`), and the Free Eagle's paths, which are sweeps (`wfF4`) "
        f"({kinds} of its setup's kinds). Written by "
        "tools/taikyoku_diff.py --emit from that engine's own tables, and checked against it by the suites the "
        "tool froze (taikyoku-plain*.perft).")
    lines += ["//"] + wrapped(
        "Its readings: a move that starts or ends in the last 11 ranks may promote, and a promoted piece "
        "promotes no further; a player loses when its last royal piece (King, Crown Prince) is taken, and "
        "there is no check rule. The engine moves these pieces otherwise for its second player than with the "
        "board turned round (east and west kept), so they are not in the start and the suites place them for "
        "the first player only:")
    lines += wrapped(first_only)
    lines += ["//", "// Left out, with the reason the tool gives:"]
    for n, why in left_out:
        lines += bullet(f"{n}: {why}")
    lines += game_lines("Taikyoku Shogi (plain pieces)", faces, start_sfen, []) + [
        "",
        "// The pieces the start leaves out stand here for the suites' positions.",
        "lints {",
        "  allow unreachable-face",
        "  allow promotion-changes-nothing",
        "}",
        "",
    ]
    return "\n".join(lines)


def example_text(faces, left_out, start_sfen):
    """examples/taikyokushogi.game: every kind of the engine's setup, in its start, under its rules, and what the
    file reads otherwise than the engine."""
    kinds = len([f for f in faces if f.promoted_from is None])
    per_side = sum(1 for c in start_sfen.split()[0] if c.isalpha()) // 2
    sided = ", ".join(f.name for f in faces if f.promoted_from is None and not f.second_player)
    unwritten_kinds = [n for n, why in left_out if "never move again" not in why]
    text = [
        f"Taikyoku shogi (大局将棋, \"ultimate shogi\"), 36x36: {per_side} pieces a side of {kinds} kinds, and "
        f"{len(faces)} faces with the promoted ones, on 1,296 squares. A player loses when its last royal piece "
        "(King, Crown Prince) is taken; there is no check rule, and captured pieces leave the game.",
        "",
        "Rule set: yetiowin805's taikyoku_shogi engine (github.com/yetiowin805/taikyoku_shogi, commit 46d5cd9), "
        "the one program that plays the game and lists its legal moves. Its setup, its pieces' moves and "
        "promotions are read from the engine itself by tools/taikyoku_diff.py --emit-example, which wrote this "
        "file; the test game crates/koma-games/tests/games/taikyoku-plain.game (the same pieces, less the ones "
        "named below) is checked against the engine move for move by the suites the tool froze. Letters are "
        "koma's own (no other program reads SFEN for this game): the first letter of the name with the first "
        "marks free, then its other letters.",
        "",
        "Shows: range capture that takes every piece it jumps (the generals), slides that pass over every piece "
        "(`jj`), moves in two steps under `moves in two legs hold the square they start from` (the lions, the "
        "hook movers), the Wooden Dove's jumps as walks, the Free Eagle's sweeps (`w`), and a 36x36 board with "
        f"{len(faces)} faces.",
        "",
        "Readings (the engine's, and where this file departs from it):",
        "- A move that starts or ends in the last 11 ranks may promote, and a move in two steps whose middle "
        "square lies there too; a promoted piece promotes no further.",
        "- A piece that could never move again must promote. The engine lets the Ox Chariot and the Wood General "
        "stand on their last rank unpromoted; this file makes them promote there.",
        "- The engine turns its first player's moves for the second by exchanging forward and back, but keeps "
        "east and west. This file turns the board round, as the setup does, so the second player's pieces that "
        f"move otherwise to their left than to their right move as their mirror images: {sided}.",
    ]
    if unwritten_kinds:
        text.append("- Left out, as koma cannot write them yet: " + "; ".join(
            f"{n}: {why}" for n, why in unwritten_kinds) + ".")
    text.append(
        "- The Free Eagle moves as a queen, along paths of up to four squares on its forward diagonals and three "
        "elsewhere that take every enemy piece they cross (sweeps, `w`), and takes two squares away along any "
        "line, or three along a forward diagonal, and steps back, as the engine moves it. The engine also lets "
        "it take without moving: one capture next to it and one two squares away along a forward diagonal, "
        "each of the first enemy piece it finds, not of the player's choice. This file leaves those out: its "
        "moves in two legs hold the square they start from, so none comes back to it.")
    text.append(
        "- Fourfold repetition draws (the engine draws after 500 moves without capture, promotion or a move "
        "that cannot be undone, which koma does not count).")
    lines = []
    for t in text:
        if t.startswith("- "):
            lines += bullet(t[2:])
        else:
            lines += wrapped(t) if t else ["//"]
    lines += game_lines("Taikyoku Shogi", faces, start_sfen, ["  repetition 4: draw"]) + [
        "",
        "lints {",
        "  allow promotion-changes-nothing",
        "}",
        "",
    ]
    return "\n".join(lines)


def range_faces(faces):
    """The faces that capture by range (the engine's `Capturing` ranges) and those that stop a range capture
    (its `cannot_jump_over`), royal ones aside."""
    blocked = set().union(*(c["cannot_jump_over"] for f in faces for c in f.caps
                            if c["kind"] == "Range" and c["blocking"] == "Capturing"))
    return [f for f in faces if f.engine_type not in ("King", "CrownPrince")
            and (f.engine_type in blocked or any(c.get("blocking") == "Capturing" for c in f.caps))]


def two_step_faces(faces):
    """The faces that move in two steps (the engine's `TwoStep`: lions, hook movers)."""
    return [f for f in faces if any(c["kind"] == "TwoStep" for c in f.caps)]


def free_eagle_faces(faces):
    """The faces that move as the Free Eagle (the engine's `FreeEagleMultiMove`)."""
    return [f for f in faces if any(c["kind"] == "FreeEagleMultiMove" for c in f.caps)]


def dove_faces(faces):
    """The faces that move as the Wooden Dove (the engine's `ConditionalDiagonalJump`)."""
    return [f for f in faces if any(c["kind"] == "ConditionalDiagonalJump" for c in f.caps)]


def scattered(faces, count, seed, favoured=()):
    """`count` positions of 40 to 80 pieces thrown onto a window of 8x8 to 14x14 squares somewhere on the
    board (near or in a promotion zone, or not), with a King a side and now and then a Crown Prince: every
    face of the game, promoted ones too, none where it could never move again, and the faces the engine
    moves otherwise for its second player only for the first. With `favoured` faces, each position also holds
    6 to 12 of them."""
    rng = _random.Random(seed)
    royal = {f.engine_type: f for f in faces if f.promoted_from is None}
    out = []
    for _ in range(count):
        size = rng.randint(8, 14)
        x0, y0 = rng.randint(0, SIDE - size), rng.randint(0, SIDE - size)
        squares = [(x, y) for x in range(x0, x0 + size) for y in range(y0, y0 + size)]
        rng.shuffle(squares)
        pieces = []
        for colour in "BW":
            pieces.append((colour, royal["King"], squares.pop()))
            if rng.random() < 0.4:
                pieces.append((colour, royal["CrownPrince"], squares.pop()))
        extra = rng.randint(6, 12) if favoured else 0
        for k in range(min(rng.randint(40, 80) + extra, len(squares))):
            face = rng.choice(favoured) if k < extra else rng.choice(faces)
            colour, (x, y) = rng.choice("BW"), squares.pop()
            if colour == "W" and not face.second_player:
                colour = "B"
            own_rank = y if colour == "B" else SIDE - 1 - y
            if face.engine_type in ("King", "CrownPrince") or stranded(face.caps, own_rank):
                continue
            pieces.append((colour, face, (x, y)))
        turn = rng.choice("bw")
        tokens = [f"{c}:{f.token()}@{x},{y}" for c, f, (x, y) in pieces]
        out.append(f"TSFEN1 {turn} 0 {len(tokens)} " + " ".join(tokens))
    return out


# --- suites ------------------------------------------------------------------------------------------------


def koma_binary():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.environ.get("KOMA", os.path.join(here, "target", "release", "koma"))


def koma_perft(game, sfen, depth):
    out = subprocess.run([koma_binary(), "perft", game, str(depth), "--sfen", sfen],
                         check=True, capture_output=True, text=True).stdout
    return int(re.findall(r"\d+", out.strip().splitlines()[-1])[-1])


def usi_of(tm1):
    """The oracle's move (TM1: `x,y-x,y[-x,y][+]`, the engine's squares) in koma's USI."""
    def square(text):
        x, y = (int(v) for v in text.split(","))
        row = SIDE - 1 - y
        return f"{SIDE - x}{chr(97 + row) if row < 26 else 'a' + chr(97 + row - 26)}"
    promoted = tm1.endswith("+")
    return "".join(square(t) for t in tm1.rstrip("+").split("-")) + ("+" if promoted else "")


def koma_divide(game, sfen, depth):
    """koma's count below each move, by USI."""
    out = subprocess.run([koma_binary(), "perft", game, str(depth), "--sfen", sfen, "--divide"],
                         capture_output=True, text=True, check=True).stdout
    return {m: int(n) for m, _, n in (line.partition(": ") for line in out.splitlines()) if n}


def divide(oracle, faces, game, sfen, depth):
    """Goes down the first move whose subtree koma counts otherwise than the oracle, to depth 1, and prints the
    moves of that position that one program has and the other does not (as USI)."""
    while depth > 1:
        mine = koma_divide(game, sfen, depth)
        for line in oracle.ask(f"divide {depth} {tsfen_of(faces, sfen)}"):
            mv, n, after = line.split(" ", 2)
            usi = usi_of(mv)
            if mine.get(usi) != int(n):
                sfen, depth = sfen_of(faces, after), depth - 1
                print(f"after {usi}: oracle {n}, koma {mine.get(usi)}\n  {sfen}")
                break
        else:
            print(f"every move's count agrees at depth {depth}: the difference is in the moves themselves")
            break
    theirs = {usi_of(m) for m in oracle.ask(f"moves {tsfen_of(faces, sfen)}")}
    mine = set(koma_divide(game, sfen, 1))
    print(f"only the oracle: {sorted(theirs - mine)}\nonly koma: {sorted(mine - theirs)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--oracle", required=True, help="a checkout of yetiowin805/taikyoku_shogi")
    ap.add_argument("--emit", metavar="FILE.game")
    ap.add_argument("--emit-example", metavar="FILE.game",
                    help="write the example: every kind of the engine's setup, in its start")
    ap.add_argument("--suite", nargs=2, metavar=("FILE.game", "OUT.perft"))
    ap.add_argument("--scatter", action="store_true",
                    help="with --suite: positions of pieces thrown together in a window of the board (both Kings,"
                         " every face of the game, promoted ones too), rather than reached by random moves")
    ap.add_argument("--range-capture", action="store_true",
                    help="with --scatter: each position also holds 6 to 12 of the pieces that capture by range or"
                         " stop a range capture")
    ap.add_argument("--doves", action="store_true",
                    help="with --scatter: each position also holds 6 to 12 pieces that move as the Wooden Dove")
    ap.add_argument("--two-step", action="store_true",
                    help="with --scatter: each position also holds 6 to 12 pieces that move in two steps (lions,"
                         " hook movers)")
    ap.add_argument("--free-eagle", action="store_true",
                    help="with --scatter: each position also holds 6 to 12 Free Eagles")
    ap.add_argument("--check", metavar="SUITE.perft")
    ap.add_argument("--divide", nargs=3, metavar=("FILE.game", "SFEN", "DEPTH"),
                    help="where koma and the oracle differ: follows the moves whose counts differ down to the"
                         " position whose moves differ, and prints both lists there")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--start-depth", type=int, default=0, help="also count the start to this depth")
    args = ap.parse_args()
    oracle = Oracle(args.oracle)
    faces, _, left_out = plan(oracle)
    # The start keeps the setup's pieces that both players move as koma does.
    keep = {f.token() for f in faces if f.second_player}

    def plain_start():
        start = oracle.ask("start")[0].split()
        pieces = [t for t in start[4:] if token_type(t, full=True)[1] in keep]
        return f"TSFEN1 {start[1]} 0 {len(pieces)} " + " ".join(pieces)

    if args.emit:
        with open(args.emit, "w") as out:
            out.write(game_text(faces, left_out, sfen_of(faces, plain_start())))
        # In koma's own layout (the piece table's columns), as every shipped game is.
        subprocess.run([koma_binary(), "fmt", args.emit], check=True, capture_output=True)
        print(f"{args.emit}: {len(faces)} faces, {len(left_out)} kinds left out")
    if args.emit_example:
        every, _, unwritten_kinds = plan(oracle, every=True)
        start = oracle.ask("start")[0]
        with open(args.emit_example, "w") as out:
            out.write(example_text(every, unwritten_kinds, sfen_of(every, start)))
        subprocess.run([koma_binary(), "fmt", args.emit_example], check=True, capture_output=True)
        print(f"{args.emit_example}: {len(every)} faces")
    if args.suite:
        game, path = args.suite
        start = plain_start()
        cases = []
        if args.start_depth:
            cases.append(("start", start, args.start_depth))
        if args.scatter:
            favoured = (range_faces(faces) if args.range_capture else
                        dove_faces(faces) if args.doves else
                        two_step_faces(faces) if args.two_step else
                        free_eagle_faces(faces) if args.free_eagle else ())
            for i, t in enumerate(scattered(faces, args.positions, args.seed, favoured)):
                cases.append((f"scatter-{i + 1}", t, args.depth))
        else:
            for i, t in enumerate(oracle.ask(f"random {args.positions} {args.seed} {args.plies} {start}")):
                cases.append((f"random-{i + 1}", t, args.depth))
        with open(path, "w") as out:
            favour = (" --range-capture" if args.range_capture else " --doves" if args.doves else
                      " --two-step" if args.two_step else " --free-eagle" if args.free_eagle else "")
            how = (f"pieces thrown together (--scatter{favour}"
                   f" --seed {args.seed})" if args.scatter else
                   f"positions reached by its own random moves (--seed {args.seed} --plies {args.plies})")
            if not args.positions:
                how = f"the start, to depth {args.start_depth} (--positions 0 --start-depth {args.start_depth})"
            out.write(f"# {os.path.basename(game)}: perft counted by yetiowin805's taikyoku_shogi engine (commit 46d5cd9)\n"
                      f"# through tools/taikyoku_diff.py; {how}.\n")
            for ident, t, depth in cases:
                sfen = sfen_of(faces, t)
                out.write(f"\nid {ident}\ngame {game}\nsfen {sfen}\n")
                for d in range(1, depth + 1):
                    n = int(oracle.ask(f"perft {d} {t}")[0])
                    out.write(f"perft {d} {n}\n")
                    mine = koma_perft(game, sfen, d)
                    mark = "" if mine == n else f"   <-- koma {mine}"
                    print(f"{ident} d{d} {n}{mark}", flush=True)
    if args.divide:
        game, sfen, depth = args.divide
        divide(oracle, faces, game, sfen, int(depth))
    if args.check:
        bad = 0
        game = sfen = None
        for line in open(args.check):
            key, _, value = line.strip().partition(" ")
            if key == "game":
                game = value
            elif key == "sfen":
                sfen = value
            elif key == "perft":
                d, n = (int(v) for v in value.split())
                theirs = int(oracle.ask(f"perft {d} {tsfen_of(faces, sfen)}")[0])
                mine = koma_perft(game, sfen, d)
                if not (theirs == n == mine):
                    bad += 1
                    print(f"{sfen[:60]}... d{d}: suite {n}, oracle {theirs}, koma {mine}")
        print("all equal" if not bad else f"{bad} differ")
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
