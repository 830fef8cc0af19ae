#!/usr/bin/env python3
"""A match between two USI engines on any game Fairy-Stockfish knows, refereed by pyffish.

Each engine is started once; games alternate colours. Every move an engine sends is checked against the
referee's legal moves (pawn drops that mate are illegal, as in koma); a move that is not legal, a reply that is
not `bestmove`, or an engine that does not answer in time is counted as a protocol error and loses the game.
Games end by the referee's rules (checkmate, a captured king, a king in its zone, repetition) or, drawn, at
--max-plies. The result is reported with the first engine's score, its 95% confidence interval and the Elo
difference with its error.

  tools/usi_match.py --game minishogi --engine "koma=target/release/koma usi minishogi" \\
      --engine "fsf=/usr/games/fairy-stockfish" --option "fsf:UCI_Variant=minishogi" --games 20 --movetime 100

An engine named `random` (with no command) plays uniformly random legal moves. An engine named
`xboard:NAME` speaks GNU Shogi's reduced XBoard protocol (`--engine "xboard:gnu=gnuminishogi -x"`; from the
start position only). `--movetime` applies to both
engines; `--movetime2` gives the second engine its own. `--transcript FILE` writes every protocol line of the
first game. Exit status 1 on any protocol error or illegal move. For each USI engine it reports how far past
its byoyomi its latest answer came (from `go` sent to `bestmove` read) and how many came more than 20 ms late.
"""

import argparse
import math
import os
import queue
import random
import shlex
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf_diff import GAMES, fsf_move_to_usi, strict_moves  # noqa: E402

import pyffish as sf  # noqa: E402


class ProtocolError(Exception):
    pass


class Engine:
    """A USI engine in a subprocess, read by a thread so that a silent engine times out."""

    def __init__(self, name, command, options, log):
        self.name, self.log = name, log
        # How far past its byoyomi each answer came (seconds; negative when early), from `go` sent to
        # `bestmove` read.
        self.overruns = []
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("usi")
        self.wait_for("usiok", 10)
        for name_value in options:
            name, value = name_value.split("=", 1)
            self.send(f"setoption name {name} value {value}")
        self.ready()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

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
        self.proc = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
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
                raise ProtocolError(f"{self.name}: `{line}`")
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


class RandomMover:
    name = "random"

    def __init__(self, rng):
        self.rng = rng

    def ready(self):
        pass

    def quit(self):
        pass


def opening(game, plies, rng):
    """`plies` random legal moves from the start (USI and Fairy-Stockfish notation), stopping early if the
    game would end."""
    variant, files, ranks = GAMES[game]
    start = sf.start_fen(variant)
    usi, fsf = [], []
    for _ in range(plies):
        fen = sf.get_fen(variant, start, fsf)
        legal = {fsf_move_to_usi(m, files, ranks, variant): m for m in strict_moves(variant, fen)}
        if not legal:
            break
        move = rng.choice(sorted(legal))
        after = fsf + [legal[move]]
        if not strict_moves(variant, sf.get_fen(variant, start, after)):
            break
        usi.append(move)
        fsf.append(legal[move])
    return usi, fsf


def play_game(engines, game, movetimes, max_plies, rng, book=((), ())):
    """Plays one game from the opening `book` (USI moves, Fairy-Stockfish moves); returns (result for
    engines[0], the engine that moves first: 1, 0.5 or 0; plies; how it ended)."""
    variant, files, ranks = GAMES[game]
    start = sf.start_fen(variant)
    played_usi, played_fsf = list(book[0]), list(book[1])
    if len(played_usi) % 2 == 1:
        engines = engines[::-1]
        movetimes = movetimes[::-1]
    for e, t in zip(engines, movetimes):
        if isinstance(e, XboardEngine):
            e.new_game(t)
        elif isinstance(e, Engine):
            e.send("usinewgame")
            e.ready()
    opened = len(played_usi)
    flipped = opened % 2 == 1
    for ply in range(opened, max_plies):
        fen = sf.get_fen(variant, start, played_fsf)
        legal = {fsf_move_to_usi(m, files, ranks, variant): m for m in strict_moves(variant, fen)}
        side = (ply - opened) % 2
        if not legal:
            value = sf.game_result(variant, start, played_fsf)
            return unflip(result_of(value, side), flipped), ply, "no legal move"
        end, value = sf.is_immediate_game_end(variant, start, played_fsf)
        if end:
            return unflip(result_of(value, side), flipped), ply, "game end rule"
        end, value = sf.is_optional_game_end(variant, start, played_fsf)
        if end:
            return unflip(result_of(value, side), flipped), ply, "repetition"
        engine = engines[side]
        if isinstance(engine, RandomMover):
            move = rng.choice(sorted(legal))
        else:
            move = engine.bestmove("startpos", played_usi, movetimes[side])
        if move not in legal:
            raise ProtocolError(f"{engine.name} played `{move}`, not legal after {' '.join(played_usi) or 'the start'}")
        played_usi.append(move)
        played_fsf.append(legal[move])
    return 0.5, max_plies, "move limit"


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
    ap.add_argument("--game", default="shogi", choices=sorted(GAMES))
    ap.add_argument("--engine", action="append", required=True, help="NAME=COMMAND, or `random`")
    ap.add_argument("--option", action="append", default=[], help="NAME:Option=Value")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--movetime", type=int, default=100, help="milliseconds per move (byoyomi)")
    ap.add_argument("--movetime2", type=int, help="the second engine's milliseconds per move")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--transcript", help="write the first game's protocol lines here")
    ap.add_argument("--random-plies", type=int, default=0,
                    help="start each pair of games (colours swapped) from this many random plies")
    args = ap.parse_args()
    if len(args.engine) != 2:
        ap.error("name two engines")
    rng = random.Random(args.seed)
    log = [] if args.transcript else None
    engines = []
    for spec in args.engine:
        name, _, command = spec.partition("=")
        if name == "random" and not command:
            engines.append(RandomMover(rng))
            continue
        options = [o.split(":", 1)[1] for o in args.option if o.split(":", 1)[0] == name]
        if name.startswith("xboard:"):
            engines.append(XboardEngine(name[len("xboard:"):], command, log))
        else:
            engines.append(Engine(name, command, options, log))
    movetimes = [args.movetime, args.movetime2 or args.movetime]
    scores, errors = [], 0
    book = ((), ())
    for g in range(args.games):
        order = engines if g % 2 == 0 else engines[::-1]
        times = movetimes if g % 2 == 0 else movetimes[::-1]
        if g % 2 == 0:
            book = opening(args.game, args.random_plies, rng)
        try:
            result, plies, how = play_game(order, args.game, times, args.max_plies, rng, book)
        except ProtocolError as e:
            errors += 1
            print(f"game {g + 1}: protocol error: {e}", flush=True)
            culprit = 0 if str(e).startswith(order[0].name) else 1
            result, plies, how = (0.0 if culprit == 0 else 1.0), 0, "protocol error"
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
        if isinstance(e, XboardEngine) and e.thinking:
            print(f"{e.name} took {1000 * sum(e.thinking) / len(e.thinking):.0f} ms a move on average")
    print(f"protocol errors and illegal moves: {errors}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
