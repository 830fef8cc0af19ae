// koma.js: koma's rules and engine in the browser, compiled to WebAssembly and run in a Web Worker, with no
// server. A classic script (it works from a page opened from disk); it defines `Koma`.
//
//   const koma = new Koma();                        // starts the worker
//   const game = await koma.load("minishogi");      // an embedded game, or the text of a .game file
//   await game.legalMoves("startpos", ["5e4d"]);    // ["5a4b", ...] (USI)
//   await game.play("startpos", ["5e4d"]);          // the SFEN after the moves
//   await game.explain("startpos", [], "5e5c");     // why a move is legal or not, quoting the rule
//   await game.result(sfen, moves);                 // null while the game goes on, else the result in words
//   await game.perft("startpos", 4);                // move paths 4 plies deep
//   const search = game.search("startpos", [], { movetime: 1000, onInfo: (info) => console.log(info) });
//   search.stop();                                  // the best move of the last finished iteration
//   const { best, score, mate, pv, depth, nodes } = await search.result;
//   await koma.check(text);                         // every diagnostic of a .game text (code, line, message, help)
//   await koma.format(text);                        // the text in the canonical layout (`koma fmt`)
//
// A call that fails rejects with an Error; a game that does not compile carries `error.diagnostics`.
"use strict";

(function () {
  const source = KOMA_WORKER_SOURCE; // set above: wasm-bindgen's glue, the module in base64, and the worker

  // A worker made from the text, as a blob: a page opened from disk may not start a worker from a file.
  function startWorker() {
    return new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
  }

  class Connection {
    constructor() {
      this.worker = startWorker();
      this.pending = new Map();
      this.next = 1;
      this.worker.onmessage = (event) => {
        const { id, result, error, info } = event.data;
        const call = this.pending.get(id);
        if (!call) return;
        if (info !== undefined) {
          call.info(info);
          return;
        }
        this.pending.delete(id);
        if (error) {
          const e = new Error(error.message);
          e.diagnostics = error.diagnostics;
          call.reject(e);
        } else {
          call.resolve(result);
        }
      };
    }

    call(name, args, info) {
      const id = this.next++;
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject, info: info || (() => {}) });
        this.worker.postMessage({ id, call: name, args });
      });
    }

    // Ends the worker; every call still pending settles with `settle` (a search's last report).
    end(settle) {
      this.worker.terminate();
      for (const call of this.pending.values()) settle(call);
      this.pending.clear();
    }
  }

  // A game loaded in the worker, by its handle there.
  class Game {
    constructor(koma, handle, name, startSfen, text, sources) {
      Object.assign(this, { koma, handle, name, startSfen, text, sources });
    }
    legalMoves(sfen = "startpos", moves = []) { return this.koma.conn.call("legalMoves", [this.handle, sfen, moves]); }
    play(sfen = "startpos", moves = []) { return this.koma.conn.call("play", [this.handle, sfen, moves]); }
    explain(sfen, moves, move) { return this.koma.conn.call("explain", [this.handle, sfen, moves, move]); }
    result(sfen = "startpos", moves = []) { return this.koma.conn.call("result", [this.handle, sfen, moves]); }
    perft(sfen, depth) { return this.koma.conn.call("perft", [this.handle, sfen, depth]); }

    // The engine's search, in a worker of its own so that `stop()` can end it at once: the result is then the
    // last finished iteration's (its best move is the first of its line).
    search(sfen = "startpos", moves = [], { movetime = null, depth = null, onInfo = null } = {}) {
      const conn = new Connection();
      let last = null;
      const result = (async () => {
        const loaded = await conn.call("load", [this.text, this.sources]);
        return conn.call("search", [loaded.handle, sfen, moves, movetime, depth], (info) => {
          last = info;
          if (onInfo) onInfo(info);
        });
      })().finally(() => conn.worker.terminate());
      const stop = () => conn.end((call) => call.resolve(last || { best: null, depth: 0 }));
      return { result, stop };
    }
  }

  class Koma {
    constructor() {
      this.conn = new Connection();
    }

    // A game: one of koma's embedded games by name, or the text of a .game file (`sources`: an object from a
    // name to the text of a game it extends).
    async load(textOrName, sources = null) {
      const s = sources ? JSON.stringify(sources) : null;
      const g = await this.conn.call("load", [textOrName, s]);
      return new Game(this, g.handle, g.name, g.startSfen, textOrName, s);
    }

    // Every diagnostic of a .game text: [{ code, level, message, help, line, column }].
    check(text) { return this.conn.call("check", [text]); }

    // A .game text in the canonical layout (`koma fmt`).
    format(text) { return this.conn.call("format", [text]); }

    // The names of koma's embedded games.
    embeddedGames() { return this.conn.call("embeddedGames", []); }

    // The web board's answers (what `koma serve` answers) on a site's games: `given` the names, `files` the
    // texts by file name. Then `answer(path, body)` resolves to [status, answer].
    site(given, files) { return this.conn.call("site", [JSON.stringify(given), JSON.stringify(files)]); }
    answer(path, body) { return this.conn.call("answer", [path, body]); }

    // Ends the worker.
    terminate() { this.conn.end((call) => call.reject(new Error("koma was terminated"))); }
  }

  globalThis.Koma = Koma;
})();
