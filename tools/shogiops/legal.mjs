// The legal moves of a shogiops position, as shogiops' own perft helper walks them (debug.js), with one
// difference: a two-leg (lion) move is written `from mid to` and played that way, where the helper swaps the
// middle and final squares. A position whose game is over has no moves. Shared by oracle.mjs and perft.mjs.
//
// Whether a game is over is asked as shogiops' repository now asks it (isEnd is "outcome() says so"): in the
// 0.18.0 release, chu shogi's isEnd looks for a bare king only on the side to move, so that a player who has
// just bared its own king would play on; its outcome() looks at both sides, as the repository's does.
import { parsePieceName } from "shogiops/util";
import { pieceCanPromote, pieceForcePromote, promotableOnDrop, promote } from "shogiops/variant/util";
import { secondLionStepDests } from "shogiops/variant/chushogi";

const LION_POWER = ["lion", "lionpromoted", "eagle", "falcon"];

export function isOver(pos) {
  return pos.isEnd() || (pos.rules === "chushogi" && pos.outcome() !== undefined);
}

export function legal(pos) {
  if (isOver(pos)) return [];
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

