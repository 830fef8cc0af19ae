// lishogi's notation (shogiops) of every legal move of a position, one JSON request per line, for
// tools/notation_diff.py:
//
//   {"rules": "standard", "play": ["7g7f", ...]}  ->  {"moves": [{"usi": "3c3d", "japanese": "３四歩",
//                                                     "western": "P-3d"}, ...]}
//
// The position is the rules' start with the moves of "play" made; Japanese notation calls the last move's
// square 同. "western" is shogiops' Western notation with letters for ranks (its western-engine module).
import { answerLines } from "./lines.mjs";
import { initialSfen, parseSfen } from "shogiops/sfen";
import { makeUsi, parseUsi } from "shogiops/util";
import { makeJapaneseMoveOrDrop } from "shogiops/notation/japanese";
import { makeWesternEngineMoveOrDrop } from "shogiops/notation/western-engine";
import { legal } from "./legal.mjs";

function answer(request) {
  const parsed = parseSfen(request.rules, initialSfen(request.rules), false);
  if (parsed.isErr) return { error: String(parsed.error) };
  const pos = parsed.value;
  let lastDest;
  for (const usi of request.play || []) {
    const md = parseUsi(usi);
    if (!md || !pos.isLegal(md)) return { error: `illegal move ${usi}` };
    pos.play(md);
    lastDest = md.to;
  }
  const moves = legal(pos).map((md) => ({
    usi: makeUsi(md),
    japanese: makeJapaneseMoveOrDrop(pos, md, lastDest),
    western: makeWesternEngineMoveOrDrop(pos, md),
  }));
  return { moves };
}

await answerLines(answer);
