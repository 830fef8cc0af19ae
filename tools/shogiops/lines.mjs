// One JSON request per line on standard input, one JSON reply per line on standard output: what oracle.mjs
// and notation.mjs answer with. An answer that throws is replied as {"error": ...}.
import readline from "node:readline";

export async function answerLines(answer) {
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
}
