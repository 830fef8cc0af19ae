// shogiops' perft speed: `node perft.mjs RULES "SFEN" DEPTH` counts the leaves to DEPTH with the moves of
// legal.mjs (each played on a clone, as shogiops' own perft helper does) and prints them with the time taken
// and leaves per second, for koma's speed comparison. The last ply is counted, not played.
import { parseSfen } from "shogiops/sfen";
import { legal } from "./legal.mjs";

const [rules, sfen, depthText] = process.argv.slice(2);
const parsed = parseSfen(rules, sfen, false);
if (parsed.isErr) {
  console.error(String(parsed.error));
  process.exit(2);
}

function perft(pos, depth) {
  const moves = legal(pos);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const md of moves) {
    const child = pos.clone();
    child.play(md);
    n += perft(child, depth - 1);
  }
  return n;
}

const depth = Number(depthText);
const start = process.hrtime.bigint();
const leaves = perft(parsed.value, depth);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(`${rules} perft ${depth}: ${leaves} leaves in ${seconds.toFixed(2)} s, ${(leaves / seconds / 1e6).toFixed(3)} M leaves/s`);
