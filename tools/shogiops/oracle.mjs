// lishogi's rules (shogiops) answering one JSON request per line, for tools/shogiops_diff.py.
//
//   {"rules": "minishogi", "sfen": "...", "depth": 1}  ->  {"sfen": "...", "moves": ["5e4d", ...], "end": false,
//                                                           "winner": null}
//   Without "sfen" the position is the rules' start; "play": ["7j7h", ...] plays moves first (each must be legal).
//   "winner" says how a game that is over ended: "sente", "gote" or "draw" (null while it goes on).
//   with "depth": 2 it adds "divide": {"5e4d": 14, ...} (the legal replies after each move)
//
// The legal moves are those of legal.mjs: as shogiops' own perft helper walks them (debug.js), with one
// two-leg (lion) move is written `from mid to` and played that way, where the helper swaps the middle and
// final squares. A position whose game is over has no moves. With "withoutSelfChecks": true, moves that
// shogiops' own isCheck finds leave the mover's King attacked are left out (see withoutSelfChecks).
import { answerLines } from "./lines.mjs";
import { initialSfen, parseSfen, makeSfen } from "shogiops/sfen";
import { makeUsi, parseUsi } from "shogiops/util";
import { between } from "shogiops/attacks";
import { isOver, legal } from "./legal.mjs";
import { squareFile } from "shogiops/util";

// Under borrowed moves (annan shogi) shogiops also lists some moves that leave the mover's own King attacked,
// by its own isCheck: its pins are read off the board before the move, so a capture that takes away the piece
// an enemy slider borrows from is not seen to unmask it. With "withoutSelfChecks": true those are left out,
// and "selfChecks" counts them.
let selfChecks = 0;

function withoutSelfChecks(pos, moves) {
  return moves.filter((md) => {
    const child = pos.clone();
    child.play(md);
    const attacked = child.isCheck(pos.turn);
    if (attacked) selfChecks++;
    return !attacked;
  });
}

function answer(request) {
  const parsed = parseSfen(request.rules, request.sfen ?? initialSfen(request.rules), false);
  if (parsed.isErr) return { error: String(parsed.error) };
  const pos = parsed.value;
  for (const usi of request.play || []) {
    const md = parseUsi(usi);
    if (!md || !pos.isLegal(md)) return { error: `illegal move ${usi} in ${makeSfen(pos)}` };
    pos.play(md);
  }
  const list = (p) => (request.withoutSelfChecks ? withoutSelfChecks(p, legal(p)) : legal(p));
  const moves = list(pos);
  const outcome = pos.outcome();
  const winner = outcome ? outcome.winner || "draw" : null;
  const reply = { sfen: makeSfen(pos), moves: moves.map(makeUsi), end: isOver(pos), winner, selfChecks };
  if ((request.depth || 1) >= 2) {
    reply.divide = {};
    for (const md of moves) {
      const child = pos.clone();
      child.play(md);
      reply.divide[makeUsi(md)] = list(child).length;
    }
  }
  return reply;
}

await answerLines(answer);
