// lishogi's rules (shogiops) answering one JSON request per line, for tools/shogiops_diff.py.
//
//   {"rules": "minishogi", "sfen": "...", "depth": 1}  ->  {"sfen": "...", "moves": ["5e4d", ...], "end": false}
//   with "depth": 2 it adds "divide": {"5e4d": 14, ...} (the legal replies after each move)
//
// The legal moves are listed as shogiops' own perft helper walks them (debug.js), with one difference: a
// two-leg (lion) move is written `from mid to` and played that way, where the helper swaps the middle and
// final squares. A position whose game is over has no moves.
import readline from "node:readline";
import { parseSfen, makeSfen } from "shogiops/sfen";
import { makeUsi, parsePieceName, parseUsi } from "shogiops/util";
import { pieceCanPromote, pieceForcePromote, promotableOnDrop, promote } from "shogiops/variant/util";
import { secondLionStepDests } from "shogiops/variant/chushogi";

const LION_POWER = ["lion", "lionpromoted", "eagle", "falcon"];

function legal(pos) {
  if (pos.isEnd()) return [];
  const out = [];
  for (const [from, dests] of pos.allMoveDests()) {
    for (const to of dests) {
      const piece = pos.board.get(from);
      const promotions = [];
      if (pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
        promotions.push(true);
        if (!pieceForcePromote(pos.rules)(piece, to)) promotions.push(false);
      } else promotions.push(false);
      for (const promotion of promotions) out.push({ from, to, promotion });
      if (LION_POWER.includes(piece.role)) {
        for (const second of secondLionStepDests(pos, from, to)) out.push({ from, to: second, midStep: to });
      }
    }
  }
  for (const [name, dests] of pos.allDropDests()) {
    const piece = parsePieceName(name);
    const roles = [piece.role];
    if (promotableOnDrop(pos.rules)(piece)) roles.push(promote(pos.rules)(piece.role));
    for (const role of roles) for (const to of dests) out.push({ role, to });
  }
  return out;
}

function answer(request) {
  const parsed = parseSfen(request.rules, request.sfen, false);
  if (parsed.isErr) return { error: String(parsed.error) };
  const pos = parsed.value;
  for (const usi of request.play || []) {
    const md = parseUsi(usi);
    if (!md || !pos.isLegal(md)) return { error: `illegal move ${usi} in ${makeSfen(pos)}` };
    pos.play(md);
  }
  const moves = legal(pos);
  const reply = { sfen: makeSfen(pos), moves: moves.map(makeUsi), end: pos.isEnd() };
  if ((request.depth || 1) >= 2) {
    reply.divide = {};
    for (const md of moves) {
      const child = pos.clone();
      child.play(md);
      reply.divide[makeUsi(md)] = legal(child).length;
    }
  }
  return reply;
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  let reply;
  try {
    reply = answer(JSON.parse(line));
  } catch (e) {
    reply = { error: String(e) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
