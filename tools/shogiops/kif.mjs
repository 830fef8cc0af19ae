// lishogi's KIF moves (shogiops' notation/kif module), one JSON request per line, for tools/record_diff.py:
//
//   {"rules": "chushogi", "random": 150, "seed": 7}  ->  {"moves": ["7i7h", ...], "kif": ["7八歩兵 （←7九）", ...]}
//   {"rules": "chushogi", "read": ["7八歩兵 （←7九）", ...]}  ->  {"moves": ["7i7h", ...]}
//
// "random" plays a random game of at most that many plies from the start (legal moves as legal.mjs lists
// them, a lion's moves in two legs included) and writes each move as shogiops writes KIF; a move in two legs
// is two lines, "一歩目 ..." and "二歩目 ...". "read" is shogiops' reading of KIF move lines (their numbers
// left out), each move given as USI.
import { answerLines } from "./lines.mjs";
import { initialSfen, parseSfen } from "shogiops/sfen";
import { makeUsi } from "shogiops/util";
import { makeKifMoveOrDrop, parseKifMovesOrDrops } from "shogiops/notation/kif";
import { legal } from "./legal.mjs";

// A small seeded generator (xorshift32), so that a seed gives the same games on every machine.
function generator(seed) {
  let x = (seed >>> 0) || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

function answer(request) {
  if (request.read) {
    return { moves: parseKifMovesOrDrops(request.read).map(makeUsi) };
  }
  const parsed = parseSfen(request.rules, initialSfen(request.rules), false);
  if (parsed.isErr) return { error: String(parsed.error) };
  const pos = parsed.value;
  const next = generator(request.seed || 1);
  const moves = [];
  const kif = [];
  let lastDest;
  for (let i = 0; i < request.random; i++) {
    const all = legal(pos);
    if (all.length === 0) break;
    const md = all[Math.floor(next() * all.length)];
    for (const line of makeKifMoveOrDrop(pos, md, lastDest).split("\n")) kif.push(line);
    moves.push(makeUsi(md));
    pos.play(md);
    lastDest = md.to;
  }
  return { moves, kif };
}

await answerLines(answer);
