// The worker of koma.js: koma compiled to WebAssembly answers the calls posted to it, one at a time. It is made
// from text (wasm-bindgen's glue, the module as base64 in KOMA_WASM, and this file) so that it starts from a page
// opened from disk as well as from a server, with nothing fetched.
"use strict";

// The module's bytes from base64 (a plain loop: four times faster than Uint8Array.from with a function).
function komaBytes(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const komaReady = wasm_bindgen({ module_or_path: komaBytes(KOMA_WASM) });
const komaGames = new Map();
let komaSite = null;
let komaNextGame = 1;

function komaGame(id) {
  const game = komaGames.get(id);
  if (!game) throw new Error(`no game ${id}: load it first`);
  return game;
}

function komaCall(id, call, args) {
  const w = wasm_bindgen;
  switch (call) {
    case "site":
      komaSite = new w.Site(args[0], args[1]);
      return null;
    case "answer":
      if (!komaSite) throw new Error("this worker has no site");
      return JSON.parse(komaSite.answer(args[0], args[1]));
    case "load": {
      const [text, sources] = args;
      const game = /^[a-z0-9_-]+$/.test(text.trim()) ? w.Game.embedded(text.trim()) : w.Game.fromText(text, sources);
      const handle = komaNextGame++;
      komaGames.set(handle, game);
      return { handle, name: game.name, startSfen: game.startSfen };
    }
    case "free":
      komaGames.get(args[0])?.free();
      komaGames.delete(args[0]);
      return null;
    case "legalMoves": return komaGame(args[0]).legalMoves(args[1], args[2]);
    case "play": return komaGame(args[0]).play(args[1], args[2]);
    case "explain": return komaGame(args[0]).explain(args[1], args[2], args[3]);
    case "result": return komaGame(args[0]).result(args[1], args[2]) ?? null;
    case "perft": return komaGame(args[0]).perft(args[1], args[2]);
    case "search": {
      const [handle, sfen, moves, movetime, depth] = args;
      const onInfo = (text) => postMessage({ id, info: JSON.parse(text) });
      return JSON.parse(komaGame(handle).search(sfen, moves, movetime ?? undefined, depth ?? undefined, onInfo));
    }
    case "check": return JSON.parse(w.check(args[0]));
    case "format": return w.format(args[0]);
    case "embeddedGames": return w.embeddedGames();
    default: throw new Error(`no call ${call}`);
  }
}

onmessage = async (event) => {
  const { id, call, args } = event.data;
  try {
    await komaReady;
    postMessage({ id, result: komaCall(id, call, args) });
  } catch (e) {
    postMessage({ id, error: { message: String((e && e.message) || e), diagnostics: (e && e.diagnostics) || null } });
  }
};
