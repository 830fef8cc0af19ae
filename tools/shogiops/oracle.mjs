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
// final squares. A position whose game is over has no moves. With "komaPawnDrops": true, the pawn-drop rule
// is koma's (see komaPawnDrops), and "adjusted" says how many moves that changed.
import { answerLines } from "./lines.mjs";
import { initialSfen, parseSfen, makeSfen } from "shogiops/sfen";
import { makeUsi, parseUsi } from "shogiops/util";
import { between } from "shogiops/attacks";
import { isOver, legal } from "./legal.mjs";
import { squareFile } from "shogiops/util";

// koma's pawn-drop rule, for games whose file says `no Pawn giving checkmate` (annan shogi): a Pawn drop that
// gives checkmate is illegal wherever it is dropped, and one that only stalemates is legal. shogiops tests
// only the square in front of the King, and refuses a stalemate there too.
//
// Under borrowed moves shogiops also lists some moves that leave the mover's own King attacked, by its own
// isCheck: its pins are read off the board before the move, so a capture that takes away the piece an enemy
// slider borrows from is not seen to unmask it. Those are left out too, and counted.
let selfChecks = 0;

function komaPawnDrops(pos, moves) {
  const ours = [];
  let adjusted = 0;
  for (const md of moves) {
    const child = pos.clone();
    child.play(md);
    if (child.isCheck(pos.turn)) {
      selfChecks++;
      continue;
    }
    if (md.role === "pawn" && !md.from && child.isCheckmate()) {
      adjusted++;
      continue;
    }
    ours.push(md);
  }
  const ctx = pos.ctx();
  const them = ctx.color === "sente" ? "gote" : "sente";
  const king = pos.kingsOf(them).singleSquare();
  const inHand = pos.hands.color(ctx.color).get("pawn") > 0;
  if (king !== undefined && inHand) {
    const front = ctx.color === "sente" ? king + 16 : king - 16;
    const ownPawns = pos.board.role("pawn").intersect(pos.board.color(ctx.color));
    const nifu = Array.from(ownPawns).some((sq) => squareFile(sq) === squareFile(front));
    const checker = ctx.checkers.singleSquare();
    const blocks = ctx.checkers.isEmpty() || (checker !== undefined && between(checker, ctx.king).has(front));
    const listed = moves.some((md) => md.role === "pawn" && !md.from && md.to === front);
    if (!listed && !nifu && blocks && !pos.board.has(front) && pos.board.occupied.complement().has(front)) {
      const drop = { role: "pawn", to: front };
      const child = pos.clone();
      child.play(drop);
      if (!child.isCheckmate() && child.isStalemate()) {
        ours.push(drop);
        adjusted++;
      }
    }
  }
  return [ours, adjusted];
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
  const list = (p) => (request.komaPawnDrops ? komaPawnDrops(p, legal(p)) : [legal(p), 0]);
  const [moves, adjusted] = list(pos);
  const outcome = pos.outcome();
  const winner = outcome ? outcome.winner || "draw" : null;
  const reply = { sfen: makeSfen(pos), moves: moves.map(makeUsi), end: isOver(pos), winner, adjusted, selfChecks };
  if ((request.depth || 1) >= 2) {
    reply.divide = {};
    for (const md of moves) {
      const child = pos.clone();
      child.play(md);
      reply.divide[makeUsi(md)] = list(child)[0].length;
    }
  }
  return reply;
}

await answerLines(answer);
