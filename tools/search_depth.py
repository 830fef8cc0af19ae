#!/usr/bin/env python3
"""Completed depth and nodes/s of USI engines at `go movetime MS` on a file of positions, side by side.

    tools/search_depth.py --game minishogi --positions tools/positions/minishogi.txt --movetime 1000 \
        --engine "koma=target/release/koma usi minishogi" \
        --engine "fsf=/path/to/stockfish" --option "fsf:UCI_Variant=minishogi" --option "fsf:Use NNUE=false"

Each line of the positions file is what follows `position ` (`startpos`, `startpos moves ...`, `sfen ...`);
lines starting with `#` are comments. For every engine it prints the depth and nodes/s of the last `info`
line before `bestmove` in each position, then the medians and the ratio of nodes/s to the first engine's.
The engines take turns position by position, so that a machine whose speed drifts during the run slows them
alike; `paired ratio` is the median over positions of each engine's nodes/s over the first engine's in the
same position, the figure least moved by such drift. `--rounds N` goes over the positions N times.
"""
import argparse
import shlex
import statistics
import subprocess


def last_info(command, options, position, movetime):
    """The last `info` line's depth and nps for one search in a fresh process."""
    p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    setup = "".join(f"setoption name {k} value {v}\n" for k, v in options)
    p.stdin.write(f"usi\n{setup}isready\nposition {position}\ngo movetime {movetime}\n")
    p.stdin.flush()
    depth, nps = None, None
    for out in p.stdout:
        words = out.split()
        if words[:1] == ["info"] and "depth" in words and "nps" in words:
            depth = int(words[words.index("depth") + 1])
            nps = int(words[words.index("nps") + 1])
        if words[:1] == ["bestmove"]:
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait(timeout=10)
    if depth is None:
        raise SystemExit(f"{command}: no info line with depth and nps for `{position}`")
    return depth, nps


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", required=True)
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--engine", action="append", required=True, help="NAME=COMMAND")
    ap.add_argument("--option", action="append", default=[], help="NAME:OPTION=VALUE")
    ap.add_argument("--game", help="only printed, for the record")
    ap.add_argument("--rounds", type=int, default=1, help="times to go over the positions")
    args = ap.parse_args()
    positions = [l.strip() for l in open(args.positions) if l.strip() and not l.startswith("#")]
    engines = [e.split("=", 1) for e in args.engine]
    options = {}
    for o in args.option:
        name, rest = o.split(":", 1)
        key, value = rest.split("=", 1)
        options.setdefault(name, []).append((key, value))
    results = {name: [] for name, _ in engines}
    for _ in range(args.rounds):
        for p in positions:
            for name, command in engines:
                results[name].append(last_info(command, options.get(name, []), p, args.movetime))
    first = engines[0][0]
    base_nps = statistics.median(n for _, n in results[first])
    print(f"{args.game or ''} {len(positions)} positions x {args.rounds}, go movetime {args.movetime}")
    print(f"{'engine':<10} {'start':>5} {'median depth':>12} {'median nps':>11} {'nps ratio':>9} "
          f"{'paired ratio':>12}  depths")
    for name, _ in engines:
        depths = [d for d, _ in results[name]]
        nps = statistics.median(n for _, n in results[name])
        paired = statistics.median(n / b for (_, n), (_, b) in zip(results[name], results[first]))
        print(f"{name:<10} {depths[0]:>5} {statistics.median(depths):>12} {nps:>11.0f} {nps / base_nps:>9.2f} "
              f"{paired:>12.2f}  " + " ".join(map(str, depths)))


if __name__ == "__main__":
    main()
