#!/usr/bin/env python3
"""A match between two engines on any game Fairy-Stockfish knows, refereed by pyffish, or on chu shogi, refereed
by lishogi's rules (shogiops, from npm, through tools/shogiops/oracle.mjs).

Each engine is started once; games alternate colours. Every move an engine sends is checked against the
referee's legal moves (pawn drops that mate are illegal, as in koma); a move that is not legal, a reply that is
not `bestmove`, or an engine that does not answer in time is counted as a protocol error and loses the game.
Games end by the referee's rules (checkmate, a captured king, a king in its zone, repetition; shogiops: checkmate,
a captured or bared king, no legal move) or, drawn, at --max-plies. The result is reported with the first engine's score, its 95% confidence interval and the Elo
difference with its error.

  tools/usi_match.py --game minishogi --engine "koma=target/release/koma usi minishogi" \\
      --engine "fsf=/usr/games/fairy-stockfish" --option "fsf:UCI_Variant=minishogi" --games 20 --movetime 100

An engine named `random` (with no command) plays uniformly random legal moves. An engine named
`xboard:NAME` speaks GNU Shogi's reduced XBoard protocol (`--engine "xboard:gnu=gnuminishogi -x"`; from the
start position only). An engine named `cecp:NAME` speaks the XBoard protocol version 2 as HaChu does
(`--engine "cecp:hachu=/usr/games/hachu"`: `variant chu`, moves in XBoard's coordinates, a lion's two steps as
`e5e6,e6e7`); its clock is set so that it thinks about `--movetime` a move on average, and the time it took is
reported. `--movetime` applies to both
engines; `--movetime2` gives the second engine its own. `--transcript FILE` writes every protocol line of the
first game. Exit status 1 on any protocol error or illegal move; the match stops at once (status 1, no score)
when an engine fails before it has played one legal move in it, as one set up for another game does. For each USI engine it reports how far past
its byoyomi its latest answer came (from `go` sent to `bestmove` read) and how many came more than 20 ms late.
`--fsf-notation NAME` has engine NAME read and write moves as Fairy-Stockfish's USI does where koma's differs: in
Kyoto and micro shogi Fairy-Stockfish writes a forced flip (`4e3d+`, `5e4d-`) and its own piece tokens in drops,
which koma leaves to the rules (`--fsf-notation fsf` beside `--option "fsf:UCI_Variant=kyotoshogi"`).
`--records DIR` writes each game as koma's JSON game record (`DIR/game-0001.json`: the moves, the players, how
it ended), which `koma record FILE --game GAME --to kif` turns into KIF, CSA or USI.
"""

import argparse
import json
import math
import os
import queue
import random
import re
import shlex
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf_diff import GAMES, fsf_move_to_usi, fsf_usi, strict_moves  # noqa: E402
from shogiops_diff import Oracle, install  # noqa: E402

import pyffish as sf  # noqa: E402


class ProtocolError(Exception):
    pass


class RulesDisagree(Exception):
    """An engine refuses a move the referee allows, by a rule of its own that the game's file does not have
    (HaChu forbids repeating a position at all): the game is drawn and says why."""


class Engine:
    """A USI engine in a subprocess, read by a thread so that a silent engine times out."""

    # Writes a referee's move in this engine's notation; None: the USI koma writes (set by --fsf-notation).
    notation = None

    def __init__(self, name, command, options, log):
        self.name, self.log = name, log
        # How far past its byoyomi each answer came (seconds; negative when early), from `go` sent to
        # `bestmove` read.
        self.overruns = []
        self.start(command)
        self.send("usi")
        self.wait_for("usiok", 10)
        for name_value in options:
            name, value = name_value.split("=", 1)
            self.send(f"setoption name {name} value {value}")
        self.ready()

    def start(self, command):
        """Starts the engine's process and the thread that reads its lines."""
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()

    @staticmethod
    def _read(proc, lines):
        """Reads one process's lines into its own queue (a process of an earlier game writes into its own)."""
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    def send(self, line):
        if self.log is not None:
            self.log.append(f"> {self.name}: {line}")
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix, seconds):
        deadline = time.time() + seconds
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise ProtocolError(f"{self.name}: no `{prefix}` within {seconds} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise ProtocolError(f"{self.name}: the engine quit")
            if self.log is not None and not line.startswith("info"):
                self.log.append(f"< {self.name}: {line}")
            if line.startswith(prefix):
                return line

    def ready(self):
        self.send("isready")
        self.wait_for("readyok", 30)

    def bestmove(self, start, moves, movetime):
        self.send("position " + (start if start == "startpos" else f"sfen {start}") +
                  (" moves " + " ".join(moves) if moves else ""))
        sent = time.monotonic()
        self.send(f"go btime 0 wtime 0 byoyomi {movetime}")
        line = self.wait_for("bestmove", movetime / 1000 + 5)
        self.overruns.append(time.monotonic() - sent - movetime / 1000)
        parts = line.split()
        if len(parts) < 2:
            raise ProtocolError(f"{self.name}: `{line}`")
        return parts[1]

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


class XboardEngine(Engine):
    """GNU Shogi's engines (`gnuminishogi -x`): a reduced XBoard protocol. `new` starts a game, a move sent is
    answered with the engine's own (`N. ... MOVE`), `go` makes it move first; moves are written as koma writes
    USI. Its clock is set with `level` to about `--movetime` a move; it keeps to it only roughly, so the time it
    took is reported for an equal-time match."""

    def __init__(self, name, command, log):
        self.name, self.log, self.command = name, log, command
        self.proc = None
        self.seen = 0
        self.thinking = []

    def ready(self):
        pass

    def new_game(self, movetime):
        """A fresh process for every game (after a game it has ended, GNU Shogi may not start another), its
        clock set to about `movetime` a move: `level N 1 0` is N moves in a minute."""
        if self.proc is not None:
            self.quit()
        self.start(self.command)
        self.send("new")
        self.send(f"level {max(1, 60000 // max(movetime, 1))} 1 0")
        self.seen = 0

    def bestmove(self, start, moves, movetime):
        if start != "startpos":
            raise ProtocolError(f"{self.name}: can only start from the start position")
        unseen = moves[self.seen:]
        if len(unseen) > 1:
            raise ProtocolError(f"{self.name}: cannot be given {len(unseen)} moves at once (no opening plies)")
        began = time.time()
        self.send(unseen[0] if unseen else "go")
        while True:
            line = self.wait_for("", 60)
            if "llegal" in line:
                raise ProtocolError(f"{self.name}: `{line}` after it was sent {', '.join(sent) or 'no move'}")
            parts = line.split()
            if len(parts) >= 3 and parts[0].endswith(".") and parts[1] == "...":
                self.thinking.append(time.time() - began)
                self.seen = len(moves) + 1
                return parts[2]

    def quit(self):
        if self.proc is None:
            return
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


class CecpEngine(Engine):
    """An engine of the XBoard protocol version 2 (CECP) as HaChu speaks it, started afresh for every game:
    `new`, `variant V` (chu for chu shogi), `memory 64` (HaChu needs a table before it searches), `force`, the
    moves so far as `usermove`, then `go` for each of its moves and `force` after it. Squares are XBoard's: files
    a, b, ... from the first player's left, ranks 1, 2, ... from the first player's side; a two-step (lion) move is
    `e5e6,e6e7`, a promotion ends in `+`, a move that could promote and does not in `=`. Its clock is
    `level 0 5 0` with the time left set before each move so that it thinks about `movetime` a move on average
    (HaChu divides its time by itself); the time it took is reported. `--option "NAME:Contempt=10"` is sent as
    `option Contempt=10`. HaChu refuses any move that repeats a position (with `Allow repeats` it repeats
    freely, unaware that the fourth repetition loses): such a refusal draws the game (RulesDisagree)."""

    VARIANTS = {"chushogi": "chu"}

    def __init__(self, name, command, options, log, referee):
        self.name, self.log, self.command = name, log, command
        self.options = options
        self.files, self.ranks = referee.files, referee.ranks
        self.variant = self.VARIANTS.get(getattr(referee, "rules", None), getattr(referee, "variant", None))
        self.referee = referee
        self.proc = None
        self.seen = 0
        self.thinking = []
        self.clock = None  # centiseconds of time left, per millisecond of movetime

    def ready(self):
        pass

    def new_game(self, movetime):
        if self.proc is not None:
            self.quit()
        self.start(self.command)
        self.send("xboard")
        self.send("protover 2")
        self.wait_for("feature done=1", 10)
        options = [f"option {o}" for o in self.options]
        for line in ["new", f"variant {self.variant}", "memory 64", *options, "level 0 5 0", "force"]:
            self.send(line)
        self.seen = 0

    def square_to_xboard(self, square):
        file, rank = int(square[:-1]), ord(square[-1]) - ord("a")
        return f"{chr(ord('a') + self.files - file)}{self.ranks - rank}"

    def square_from_xboard(self, square):
        file, rank = ord(square[0]) - ord("a"), int(square[1:])
        return f"{self.files - file}{chr(ord('a') + self.ranks - rank)}"

    def to_xboard(self, moves, i, legal):
        """`moves[i]` in XBoard's words. HaChu takes two legs (`e8f7,f7g6`) only when the first captures: a
        lion's two steps over an empty square are written as the move from where it stood to where it ends, and
        out and back to where it stood (a pass) as a move to its own square."""
        move = moves[i]
        if "*" in move:
            piece, square = move.split("*")
            return f"{piece}@{self.square_to_xboard(square)}"
        squares = re.findall(r"\d+[a-z]", move)
        xb = [self.square_to_xboard(sq) for sq in squares]
        if len(xb) == 3 and squares[1] not in self.referee.occupied(moves[:i]):
            xb = [xb[0], xb[2]]
        text = xb[0] + xb[1] if len(xb) == 2 else f"{xb[0]}{xb[1]},{xb[1]}{xb[2]}"
        if move.endswith("+"):
            return text + "+"
        return text + "=" if move + "+" in legal else text

    def from_xboard(self, move, moves, legal):
        """The engine's `move` in USI: a pass (`@@@@`, or a move to its own square) is a lion's step to an empty
        square and back."""
        if move == "@@@@" or (len(move) >= 4 and move[:len(move) // 2] == move[len(move) // 2:]):
            empty = [m for m in sorted(legal) if len(re.findall(r"\d+[a-z]", m)) == 3]
            occupied = self.referee.occupied(moves)
            for m in empty:
                a, b, c = re.findall(r"\d+[a-z]", m)
                if a == c and b not in occupied and (move == "@@@@" or self.square_to_xboard(a) * 2 == move):
                    return m
            raise ProtocolError(f"{self.name}: `{move}`: no lion can pass here")
        if "@" in move:
            piece, square = move.split("@")
            return f"{piece}*{self.square_from_xboard(square)}"
        promotes = move.endswith("+")
        legs = [re.findall(r"[a-z]\d+", leg) for leg in move.rstrip("+=").split(",")]
        if len(legs) > 1 and legs[1][0] != legs[0][1]:
            raise ProtocolError(f"{self.name}: `{move}`: the second step does not start where the first ended")
        squares = [legs[0][0], legs[0][1]] + ([legs[1][1]] if len(legs) > 1 else [])
        return "".join(self.square_from_xboard(sq) for sq in squares) + ("+" if promotes else "")

    def bestmove(self, moves, movetime, legals):
        """The engine's move after the USI `moves`; `legals[i]` holds the legal moves before `moves[i]` (they tell
        a move that could have promoted), the last those of now."""
        sent = []
        for i in range(self.seen, len(moves)):
            sent.append(f"{moves[i]} as `usermove {self.to_xboard(moves, i, legals[i])}`")
            self.send("usermove " + self.to_xboard(moves, i, legals[i]))
        if self.clock is None:
            self.clock = 12.0  # HaChu thinks about 1/120 of `level 0 5 0`'s time left
        left = max(10, int(self.clock * movetime))
        self.send(f"time {left}")
        self.send(f"otim {left}")
        began = time.time()
        self.send("go")
        move = ""
        while True:
            line = self.wait_for("", movetime / 1000 * 20 + 10)
            if "Repeats earlier position" in line:
                raise RulesDisagree(f"{self.name} refused a repetition, which the game allows until the fourth")
            if "llegal" in line:
                raise ProtocolError(f"{self.name}: `{line}` after it was sent {', '.join(sent) or 'no move'}")
            if line.startswith("move "):
                # HaChu writes a lion's two steps on two lines: `move e5e6,` then `move e6e7`.
                move += line.split()[1]
                if not move.endswith(","):
                    break
        took = time.time() - began
        self.send("force")
        self.thinking.append(took)
        # Steer the clock towards `movetime` a move, gently: one move's time varies by a factor of three.
        ratio = min(max(took * 1000 / movetime, 0.25), 4.0)
        self.clock = min(max(self.clock / ratio ** 0.3, 1.0), 200.0)
        self.seen = len(moves) + 1
        return self.from_xboard(move, moves, legals[-1])


class RandomMover:
    name = "random"

    def __init__(self, rng):
        self.rng = rng

    def ready(self):
        pass

    def quit(self):
        pass


class PyffishReferee:
    """Fairy-Stockfish's rules (pyffish) for the games of fsf_diff.GAMES; its moves are Fairy-Stockfish's."""

    def __init__(self, game):
        self.variant, self.files, self.ranks = GAMES[game]
        self.start = sf.start_fen(self.variant)

    def fsf_usi(self, move):
        """A referee's move as Fairy-Stockfish's USI writes it."""
        return fsf_usi(move, self.files, self.ranks)

    def status(self, played):
        """The legal moves after `played` (the referee's moves) as {USI: the referee's move}, and how the game
        has ended: None, or (the result for the side to move: >0 won, 0 drawn, <0 lost; how)."""
        fen = sf.get_fen(self.variant, self.start, played)
        legal = {fsf_move_to_usi(m, self.files, self.ranks, self.variant): m for m in strict_moves(self.variant, fen)}
        if not legal:
            return legal, (sf.game_result(self.variant, self.start, played), "no legal move")
        end, value = sf.is_immediate_game_end(self.variant, self.start, played)
        if end:
            return legal, (value, "game end rule")
        end, value = sf.is_optional_game_end(self.variant, self.start, played)
        if end:
            return legal, (value, "repetition")
        return legal, None


class ShogiopsReferee:
    """lishogi's rules (shogiops) for the games it has and Fairy-Stockfish has not; its moves are USI as koma
    writes them. shogiops judges no repetition (lishogi's server does): here the player whose move makes a
    position (board, hands, side to move) stand for the fourth time loses, as chu shogi's published rule and
    koma's file for it say."""

    GAMES = {"chushogi": ("chushogi", 12, 12)}

    def __init__(self, game):
        self.rules, self.files, self.ranks = self.GAMES[game]
        install()
        self.oracle = Oracle()
        self.trail = []  # (moves played, the reply after them), for the game under way

    def reply(self, played):
        """The oracle's reply after `played`, with every position before it kept for the repetition count."""
        played = list(played)
        known = 0
        while known < len(self.trail) and known <= len(played) and self.trail[known][0] == played[:known]:
            known += 1
        del self.trail[known:]
        for n in range(len(self.trail), len(played) + 1):
            self.trail.append((played[:n], self.oracle.ask(rules=self.rules, play=played[:n])))
        return self.trail[len(played)][1]

    def occupied(self, played):
        """The squares that hold a piece after `played`, in USI."""
        rows = self.reply(played)["sfen"].split()[0].split("/")
        squares = set()
        for rank, row in enumerate(rows):
            column = 0
            for number, piece in re.findall(r"(\d+)|(\+?[A-Za-z])", row):
                if number:
                    column += int(number)
                else:
                    squares.add(f"{self.files - column}{chr(ord('a') + rank)}")
                    column += 1
        return squares

    def status(self, played):
        reply = self.reply(played)
        legal = {m: m for m in reply["moves"]}
        if reply["end"]:
            winner = reply["winner"]
            mover = "sente" if len(played) % 2 == 0 else "gote"
            value = 0 if winner in (None, "draw") else (1 if winner == mover else -1)
            return legal, (value, "checkmate or a lost king" if value else "no legal move")
        position = " ".join(reply["sfen"].split()[:3])
        seen = sum(1 for _, r in self.trail[: len(played) + 1] if " ".join(r["sfen"].split()[:3]) == position)
        if seen >= 4:
            return legal, (1, "fourfold repetition (the player who made it loses)")
        return legal, None


def referee_for(game):
    return ShogiopsReferee(game) if game in ShogiopsReferee.GAMES else PyffishReferee(game)


def opening(referee, plies, rng):
    """`plies` random legal moves from the start (USI and the referee's notation), stopping early if the
    game would end."""
    usi, theirs = [], []
    for _ in range(plies):
        legal, ended = referee.status(theirs)
        if ended:
            break
        move = rng.choice(sorted(legal))
        if referee.status(theirs + [legal[move]])[1]:
            break
        usi.append(move)
        theirs.append(legal[move])
    return usi, theirs


def play_game(engines, referee, movetimes, max_plies, rng, book=((), ())):
    """Plays one game from the opening `book` (USI moves, the referee's moves); returns (result for
    engines[0], the engine that moves first: 1, 0.5 or 0; plies; how it ended; the moves played, USI)."""
    played_usi, played_ref = list(book[0]), list(book[1])
    if len(played_usi) % 2 == 1:
        engines = engines[::-1]
        movetimes = movetimes[::-1]
    for e, t in zip(engines, movetimes):
        if isinstance(e, (XboardEngine, CecpEngine)):
            e.new_game(t)
        elif isinstance(e, Engine):
            e.send("usinewgame")
            e.ready()
    opened = len(played_usi)
    flipped = opened % 2 == 1
    legals = [referee.status(played_ref[:i])[0] for i in range(opened)]
    for ply in range(opened, max_plies):
        legal, ended = referee.status(played_ref)
        legals.append(legal)
        side = (ply - opened) % 2
        if ended:
            value, how = ended
            return unflip(result_of(value, side), flipped), ply, how, played_usi
        engine = engines[side]
        if isinstance(engine, RandomMover):
            move = rng.choice(sorted(legal))
        elif isinstance(engine, CecpEngine):
            try:
                move = engine.bestmove(played_usi, movetimes[side], legals)
            except RulesDisagree as e:
                return 0.5, ply, f"drawn: {e}", played_usi
        elif engine.notation is not None:
            reply = engine.bestmove("startpos", [engine.notation(m) for m in played_ref], movetimes[side])
            move = next((u for u, m in legal.items() if engine.notation(m) == reply), reply)
        else:
            move = engine.bestmove("startpos", played_usi, movetimes[side])
        if move == "resign":
            return unflip(result_of(-1, side), flipped), ply, f"{engine.name} resigned", played_usi
        if move not in legal:
            raise ProtocolError(f"{engine.name} played `{move}`, not legal after {' '.join(played_usi) or 'the start'}")
        engine.legal_moves_played = getattr(engine, "legal_moves_played", 0) + 1
        played_usi.append(move)
        played_ref.append(legal[move])
    return 0.5, max_plies, "move limit", played_usi


def record_path(folder, g):
    return os.path.join(folder, f"game-{g + 1:04}.json")


def write_record(folder, g, names, seed, moves, result, how):
    """Game `g` as koma's JSON game record (docs/records.md), which `koma record FILE --game GAME` replays and
    converts to KIF, CSA or USI. The referee's end is the record's end where the game's rules did not end it
    (a resignation, the move limit)."""
    record = {
        "moves": moves,
        "end": f"{how} ({ {1.0: '1-0', 0.5: '1/2', 0.0: '0-1'}[result] })",
        "headers": [["first", names[0]], ["second", names[1]], ["event", f"usi_match.py, seed {seed}, game {g + 1}"]],
    }
    with open(record_path(folder, g), "x", encoding="utf-8") as f:
        json.dump(record, f, ensure_ascii=False, indent=1)
        f.write("\n")


def unflip(result, flipped):
    """A result for the engine that moved first in the game, from one for the engine that moved first after
    the opening."""
    return 1 - result if flipped else result


def result_of(value, side_to_move):
    """The result for engines[0] of a referee value given for the side to move (engines[side_to_move])."""
    if value == 0:
        return 0.5
    mover_won = value > 0
    return 1.0 if mover_won == (side_to_move == 0) else 0.0


def summary(name1, name2, scores):
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(n - 1, 1)
    half = 1.96 * math.sqrt(var / n)

    def elo(p):
        p = min(max(p, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / p - 1)

    wins, draws = scores.count(1.0), scores.count(0.5)
    lo, hi = max(mean - half, 0.0), min(mean + half, 1.0)
    return (f"{name1} vs {name2}: {n} games, +{wins} ={draws} -{n - wins - draws}; "
            f"score {mean:.3f} (95% {lo:.3f} to {hi:.3f}); Elo {elo(mean):+.0f} (95% {elo(lo):+.0f} to {elo(hi):+.0f})")


def main():  # noqa: C901
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="shogi", choices=sorted([*GAMES, *ShogiopsReferee.GAMES]))
    ap.add_argument("--engine", action="append", required=True, help="NAME=COMMAND, or `random`")
    ap.add_argument("--option", action="append", default=[], help="NAME:Option=Value")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--movetime", type=int, default=100, help="milliseconds per move (byoyomi)")
    ap.add_argument("--movetime2", type=int, help="the second engine's milliseconds per move")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fsf-notation", action="append", default=[], metavar="NAME",
                    help="engine NAME writes moves as Fairy-Stockfish's USI does (Kyoto and micro shogi differ)")
    ap.add_argument("--transcript", help="write the first game's protocol lines here")
    ap.add_argument("--records", metavar="DIR",
                    help="write each game as a koma JSON game record, DIR/game-0001.json (never over a file)")
    ap.add_argument("--random-plies", type=int, default=0,
                    help="start each pair of games (colours swapped) from this many random plies")
    args = ap.parse_args()
    if len(args.engine) != 2:
        ap.error("name two engines")
    if args.records:
        os.makedirs(args.records, exist_ok=True)
        taken = [record_path(args.records, g) for g in range(args.games) if os.path.exists(record_path(args.records, g))]
        if taken:
            ap.error(f"{taken[0]} is already there: give --records a new folder")
    rng = random.Random(args.seed)
    referee = referee_for(args.game)
    log = [] if args.transcript else None
    engines = []
    for spec in args.engine:
        name, _, command = spec.partition("=")
        if name == "random" and not command:
            engines.append(RandomMover(rng))
            continue
        bare = name.split(":", 1)[1] if name.startswith(("xboard:", "cecp:")) else name
        options = [o.split(":", 1)[1] for o in args.option if o.split(":", 1)[0] == bare]
        if name.startswith("xboard:"):
            engines.append(XboardEngine(name[len("xboard:"):], command, log))
        elif name.startswith("cecp:"):
            engines.append(CecpEngine(name[len("cecp:"):], command, options, log, referee))
        else:
            engines.append(Engine(name, command, options, log))
    for name in args.fsf_notation:
        engine = next((e for e in engines if isinstance(e, Engine) and e.name == name), None)
        if engine is None or isinstance(engine, (XboardEngine, CecpEngine)):
            ap.error(f"--fsf-notation {name}: no USI engine of that name")
        if not isinstance(referee, PyffishReferee):
            ap.error("--fsf-notation needs a game that pyffish referees")
        engine.notation = referee.fsf_usi
    movetimes = [args.movetime, args.movetime2 or args.movetime]
    scores, errors = [], 0
    book = ((), ())
    for g in range(args.games):
        order = engines if g % 2 == 0 else engines[::-1]
        times = movetimes if g % 2 == 0 else movetimes[::-1]
        if g % 2 == 0:
            book = opening(referee, args.random_plies, rng)
        try:
            result, plies, how, moves = play_game(order, referee, times, args.max_plies, rng, book)
        except ProtocolError as e:
            errors += 1
            print(f"game {g + 1}: protocol error: {e}", flush=True)
            if log is not None:
                # The lines that led to the error are what its reader needs: written now, whichever game it was.
                with open(args.transcript, "w") as f:
                    f.write("\n".join(log) + "\n")
            culprit = 0 if str(e).startswith(order[0].name) else 1
            if not getattr(order[culprit], "legal_moves_played", 0):
                # An engine that never played a legal move is set up wrongly (a misspelled UCI_Variant makes
                # Fairy-Stockfish play chess): every further game would be lost the same way, and a score of
                # them would measure nothing.
                for engine in engines:
                    engine.quit()
                sys.exit(f"stopped: {order[culprit].name} has not played one legal move in this match; "
                         f"check its command and options (a variant name it does not know, for one)")
            result, plies, how, moves = (0.0 if culprit == 0 else 1.0), 0, "protocol error", None
        if args.records and moves is not None:
            write_record(args.records, g, [order[0].name, order[1].name], args.seed, moves, result, how)
        first_score = result if g % 2 == 0 else 1 - result
        scores.append(first_score)
        print(f"game {g + 1}: {order[0].name} (first) vs {order[1].name}: "
              f"{ {1.0: '1-0', 0.5: '1/2', 0.0: '0-1'}[result] } after {plies} plies ({how})", flush=True)
        if log is not None and g == 0:
            with open(args.transcript, "w") as f:
                f.write("\n".join(log) + "\n")
            log.clear()
            for e in engines:
                if isinstance(e, Engine):
                    e.log = None
    for e in engines:
        e.quit()
    print(summary(engines[0].name, engines[1].name, scores))
    for e in engines:
        if getattr(e, "overruns", None):
            over = sorted(e.overruns)
            late = sum(1 for o in over if o > 0.020)
            print(f"{e.name}: {len(over)} moves under byoyomi, latest {1000 * over[-1]:+.1f} ms past it, "
                  f"{late} more than 20 ms past")
        if isinstance(e, (XboardEngine, CecpEngine)) and e.thinking:
            print(f"{e.name} took {1000 * sum(e.thinking) / len(e.thinking):.0f} ms a move on average")
    print(f"protocol errors and illegal moves: {errors}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
