// koma's board page: it keeps the moves and asks for each position (see crates/koma-web). The answers come
// from the server of `koma serve`, or, on a static site made by `koma site`, from koma compiled to
// WebAssembly in a worker (`window.komaAnswer`, set by koma-site.js): the page is the same.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const CELL = 60;
// The margin for the coordinates: it grows with the board, so that the coordinates stay readable when a large
// board is scaled down to the window (set by `render`).
let MARGIN = 26;

const S = {
  game: 0,
  text: null,        // the edited source, or null for the game's own
  source: "",        // the game's own source
  start: null,       // a start SFEN, or null for the game's start
  moves: [],
  redo: [],
  state: null,
  selected: null,    // { from: "7g" } or { tile: "P" }
  paths: null,       // the moves in two legs offered as paths drawn on the board, while a choice is open
  flipped: false,
  marks: new Set(),
  arrows: [],        // [from, to]
  computer: "off",
  thinking: false,
  notation: localStorage.getItem("koma-notation") || "usi",  // how the move list writes moves
  pieces: localStorage.getItem("koma-pieces") || "kanji",  // how pieces are named: "kanji" or "letters"
};

// Timings the browser tests read: from a click to the redrawn board, and from a keystroke to diagnostics.
window.komaTimings = { move: [], check: [] };

async function api(path, body) {
  if (window.komaAnswer) {
    const [status, data] = await window.komaAnswer(path, body === undefined ? "" : JSON.stringify(body));
    if (status !== 200) {
      const error = new Error(data.error || `${status}`);
      error.data = data;
      throw error;
    }
    return data;
  }
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.data = data;
    throw error;
  }
  return data;
}

function request(extra) {
  return Object.assign({ game: S.game, text: S.text, start: S.start, moves: S.moves }, extra || {});
}

function say(text) {
  $("message").textContent = text || "";
}

// ---- the position ----

async function refresh() {
  const state = await api("/api/position", request());
  if (state.played.length < S.moves.length) {
    say(`${state.error}; the moves from there on were dropped`);
    S.moves = state.played;
    S.redo = [];
  }
  S.state = state;
  render();
  return state;
}

async function play(usi) {
  const started = performance.now();
  S.moves.push(usi);
  S.redo = [];
  S.selected = null;
  try {
    await refresh();
    window.komaTimings.move.push(performance.now() - started);
    say("");
  } catch (e) {
    S.moves.pop();
    say(e.message);
  }
  computerTurn();
}

async function computerTurn() {
  const st = S.state;
  if (S.computer === "off" || S.thinking || !st || st.outcome || String(st.turn) !== S.computer) return;
  await computerMove();
}

async function computerMove() {
  if (S.thinking || !S.state || S.state.outcome) return;
  S.thinking = true;
  say("thinking…");
  try {
    const found = await api("/api/go", request({ movetime: Number($("movetime").value) || 500 }));
    S.thinking = false;
    if (found.best) {
      say(`computer: ${found.best} (depth ${found.depth}, ${found.nodes} nodes)`);
      const status = $("message").textContent;
      await play(found.best);
      say(status);
    } else {
      say("the computer has no move");
    }
  } catch (e) {
    S.thinking = false;
    say(e.message);
  }
}

// ---- drawing ----

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// Where a square is drawn: its row and column on the screen.
function screen(name) {
  const st = S.state;
  for (let r = 0; r < st.ranks; r++) {
    const c = st.names[r].indexOf(name);
    if (c >= 0) return S.flipped ? [st.ranks - 1 - r, st.files - 1 - c] : [r, c];
  }
  return null;
}

function squareAt(row, col) {
  const st = S.state;
  const [r, c] = S.flipped ? [st.ranks - 1 - row, st.files - 1 - col] : [row, col];
  return st.names[r] && st.names[r][c];
}

function centre(name) {
  const [r, c] = screen(name);
  return [MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2];
}

function destinations() {
  const st = S.state;
  const sel = S.selected;
  if (!st || !sel) return [];
  return st.moves.filter((m) => (sel.from ? m.from === sel.from : m.tile === sel.tile && m.from === null));
}

// The kanji a piece is drawn with, or null where the game gives none or letters were chosen.
function pieceKanji(piece) {
  return S.pieces === "kanji" && piece.kanji ? piece.kanji : null;
}

function pieceShape(group, piece, x, y, upsideDown) {
  const s = CELL;
  const pts = [[0.5, 0.08], [0.82, 0.22], [0.9, 0.93], [0.1, 0.93], [0.18, 0.22]]
    .map(([px, py]) => `${x + px * s},${y + py * s}`).join(" ");
  const g = el("g", upsideDown ? { transform: `rotate(180 ${x + s / 2} ${y + s / 2})` } : {}, group);
  el("polygon", { points: pts, fill: "#f3d9a4", stroke: "#6b4f2a", "stroke-width": 1.5 }, g);
  const kanji = pieceKanji(piece);
  const label = kanji || piece.letter.replace("+", "");
  // Two kanji (the large games' pieces) stand one above the other, as on wooden pieces; a letter with
  // marks (N'!) is set smaller.
  const lines = kanji && [...label].length === 2 ? [...label] : [label];
  const size = lines.length === 2 ? s * 0.3 : kanji ? s * 0.46 : label.length > 2 ? s * 0.28 : s * 0.4;
  lines.forEach((line, i) => {
    const text = el("text", {
      x: x + s / 2, y: y + s * (lines.length === 2 ? 0.52 + 0.3 * i : 0.66), "text-anchor": "middle",
      "font-size": size, "font-family": "serif", "font-weight": 700,
      fill: piece.promoted ? "#c0392b" : "#1a1a1a",
    }, g);
    text.textContent = line;
  });
  return g;
}

// The coordinates' size in the board's units: 14 on boards up to 9 files, in proportion above.
function coordinateSize(st) {
  // Grows with the board, so that it reads at the size the board is scaled to; never wider than half a cell,
  // so that two-digit files stay apart.
  return Math.min(14 * Math.max(1, st.files / 9, st.ranks / 9), CELL * 0.45);
}

// The smallest cell, in pixels, a board above 16x16 is scaled down to (dai-dai to taikyoku shogi): it keeps
// cells of this size and scrolls in its frame. Boards up to 16x16 scale to the frame as they always have.
const MIN_CELL_PX = 24;

function render() {
  const st = S.state;
  const svg = $("board");
  const font = coordinateSize(st);
  MARGIN = Math.round(font * 1.86);
  const width = st.files * CELL + 2 * MARGIN;
  const height = st.ranks * CELL + 2 * MARGIN;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  // A board above 16x16 fits the window where it can, but not below MIN_CELL_PX a cell: its column widens to
  // hold it, and past the window it scrolls in its frame.
  const large = st.files > 16 || st.ranks > 16;
  const [minWidth, minHeight] = [width, height].map((n) => Math.round(n * MIN_CELL_PX / CELL));
  svg.style.minWidth = large ? `${minWidth}px` : "";
  svg.style.maxHeight = large ? `max(${minHeight}px, calc(100vh - 13em))` : "";
  $("play").style.flexBasis = large ? `${Math.max(620, minWidth + 8)}px` : "";
  svg.replaceChildren();
  el("rect", { x: 0, y: 0, width, height, fill: "#e9c98f" }, svg);
  const last = st.last ? [st.last.from, st.last.mid, st.last.to].filter(Boolean) : [];
  const dests = destinations();
  for (let row = 0; row < st.ranks; row++) {
    for (let col = 0; col < st.files; col++) {
      const name = squareAt(row, col);
      const x = MARGIN + col * CELL;
      const y = MARGIN + row * CELL;
      let fill = "#f0d9a8";
      if (last.includes(name)) fill = "#cfe08a";
      if (S.selected && S.selected.from === name) fill = "#8fc3f0";
      el("rect", { x, y, width: CELL, height: CELL, fill, stroke: "#5a4630", "stroke-width": 1, "data-square": name }, svg);
      if (S.marks.has(name)) {
        el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, fill: "none", stroke: "#e0542c", "stroke-width": 4, class: "mark" }, svg);
      }
    }
  }
  // Coordinates: files along the top, ranks down the right, as shogi boards write them.
  for (let col = 0; col < st.files; col++) {
    const m = /^(\d+)/.exec(squareAt(0, col));
    const t = el("text", { x: MARGIN + col * CELL + CELL / 2, y: MARGIN - font * 0.57, "text-anchor": "middle", "font-size": font, fill: "#3b3027", class: "coordinate" }, svg);
    t.textContent = m ? m[1] : "";
  }
  for (let row = 0; row < st.ranks; row++) {
    const m = /([a-z]+)$/.exec(squareAt(row, 0));
    const t = el("text", { x: width - MARGIN / 2, y: MARGIN + row * CELL + CELL / 2 + font * 0.36, "text-anchor": "middle", "font-size": font, fill: "#3b3027", class: "coordinate" }, svg);
    t.textContent = m ? m[1] : "";
  }
  for (let row = 0; row < st.ranks; row++) {
    for (let col = 0; col < st.files; col++) {
      const [r, c] = S.flipped ? [st.ranks - 1 - row, st.files - 1 - col] : [row, col];
      const piece = st.board[r][c];
      if (!piece) continue;
      const g = pieceShape(svg, piece, MARGIN + col * CELL, MARGIN + row * CELL, (piece.owner === 1) !== S.flipped);
      g.setAttribute("data-piece", st.names[r][c]);
      g.setAttribute("class", "piece");
    }
  }
  const seen = new Set();
  for (const m of dests) {
    if (seen.has(m.to)) continue;
    seen.add(m.to);
    const [cx, cy] = centre(m.to);
    const [r, c] = screen(m.to);
    const occupied = squareAt(r, c) && pieceOn(m.to);
    el("circle", occupied
      ? { cx, cy, r: CELL * 0.44, fill: "none", stroke: "rgba(20,85,30,0.6)", "stroke-width": 4, class: "dest", "data-square": m.to }
      : { cx, cy, r: CELL * 0.14, fill: "rgba(20,85,30,0.55)", class: "dest", "data-square": m.to }, svg);
  }
  drawPaths(svg);
  drawArrows(svg);
  $("pieces-choice").hidden = !st.written.japanese;  // a game whose pieces have no kanji has letters only
  $("pieces").value = S.pieces;
  renderHands();
  renderStatus();
  renderHistory();
}

function pieceOn(name) {
  const st = S.state;
  for (let r = 0; r < st.ranks; r++) {
    const c = st.names[r].indexOf(name);
    if (c >= 0) return st.board[r][c];
  }
  return null;
}

// A choice between moves in two legs drawn on the board: a dashed path through each middle square, and a ring on
// it to click (the destination again, for the direct move).
function drawPaths(svg) {
  if (!S.paths) return;
  const seen = new Set();
  for (const m of S.paths) {
    if (!m.mid || seen.has(m.mid)) continue;
    seen.add(m.mid);
    const points = [m.from, m.mid, m.to].map((q) => centre(q).join(",")).join(" ");
    el("polyline", { points, fill: "none", stroke: "#2a6fb0", "stroke-width": 3, "stroke-dasharray": "6 5", "stroke-opacity": 0.8 }, svg);
    const [cx, cy] = centre(m.mid);
    el("circle", { cx, cy, r: CELL * 0.3, fill: "rgba(42,111,176,0.25)", stroke: "#2a6fb0", "stroke-width": 4, class: "via", "data-square": m.mid }, svg);
  }
}

// The moves of the open path choice that a click on `square` picks: those through it, or the direct ones to it.
function pathsAt(square) {
  if (!S.paths) return [];
  const through = S.paths.filter((m) => m.mid === square);
  if (through.length > 0) return through;
  return S.paths.filter((m) => !m.mid && m.to === square);
}

function closeChoice() {
  $("choice").hidden = true;
  S.paths = null;
}

function drawArrows(svg) {
  if (!S.arrows.length) return;
  const defs = el("defs", {}, svg);
  const marker = el("marker", { id: "head", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, defs);
  el("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#e0542c" }, marker);
  for (const [from, to] of S.arrows) {
    const [x1, y1] = centre(from);
    const [x2, y2] = centre(to);
    el("line", { x1, y1, x2, y2, stroke: "#e0542c", "stroke-width": 8, "stroke-opacity": 0.8, "marker-end": "url(#head)", class: "arrow" }, svg);
  }
}

function renderHands() {
  const st = S.state;
  const bottom = S.flipped ? 1 : 0;
  for (const [id, player] of [["hand-bottom", bottom], ["hand-top", 1 - bottom]]) {
    const box = $(id);
    box.replaceChildren();
    const owner = document.createElement("span");
    owner.className = "owner";
    owner.textContent = player === 0 ? "first player ☗" : "second player ☖";
    box.appendChild(owner);
    for (const [piece, count] of st.hands[player]) {
      const b = document.createElement("button");
      b.className = "hand-piece" + (player !== bottom ? " second" : "");
      b.dataset.tile = piece.letter;
      b.dataset.player = player;
      b.title = `${piece.name} (${piece.letter}) × ${count}`;
      b.innerHTML = "";
      b.append(pieceKanji(piece) || piece.letter);
      if (count > 1) {
        const sub = document.createElement("sub");
        sub.textContent = count;
        b.append(sub);
      }
      if (S.selected && S.selected.tile === piece.letter && player === st.turn) b.classList.add("selected");
      b.addEventListener("click", () => selectHand(piece.letter, player));
      box.appendChild(b);
    }
  }
}

function renderStatus() {
  const st = S.state;
  $("title").textContent = st.title;
  const who = st.turn === 0 ? "first player (☗)" : "second player (☖)";
  $("status").textContent = st.outcome
    ? `game over: ${st.outcome}`
    : `${who} to move${st.check ? ", in check" : ""} · ${st.moves.length} legal moves`;
  if (document.activeElement !== $("sfen")) $("sfen").value = st.sfen;
}

// The moves played in the notation chosen (the server writes them; a game without kanji has no Japanese), and
// the moves taken back in USI.
function renderHistory() {
  const list = $("history");
  list.replaceChildren();
  const written = S.state.written[S.notation] || null;
  const japanese = $("notation").querySelector('option[value="japanese"]');
  japanese.disabled = !S.state.written.japanese;
  $("notation").value = written || S.notation === "usi" ? S.notation : "usi";
  const all = S.moves.concat(S.redo.slice().reverse());
  all.forEach((usi, i) => {
    const li = document.createElement("li");
    li.textContent = written && i < written.length ? written[i] : usi;
    li.title = usi;
    if (i === S.moves.length - 1) li.className = "current";
    if (i >= S.moves.length) li.className = "undone";
    li.addEventListener("click", () => jump(i + 1));
    list.appendChild(li);
  });
}

// ---- input ----

function selectHand(tile, player) {
  const st = S.state;
  if (player !== st.turn || st.outcome) return;
  S.selected = S.selected && S.selected.tile === tile ? null : { tile };
  render();
}

function squareFromEvent(event) {
  const svg = $("board");
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const p = point.matrixTransform(svg.getScreenCTM().inverse());
  const col = Math.floor((p.x - MARGIN) / CELL);
  const row = Math.floor((p.y - MARGIN) / CELL);
  if (row < 0 || col < 0 || row >= S.state.ranks || col >= S.state.files) return null;
  return squareAt(row, col);
}

let press = null; // { square, button, dragged }

function onPointerDown(event) {
  if (!S.state) return;
  const square = squareFromEvent(event);
  if (!square) return;
  event.preventDefault();
  press = { square, button: event.button, x: event.clientX, y: event.clientY };
  if (event.button !== 0) return;
  const st = S.state;
  const piece = pieceOn(square);
  const own = piece && piece.owner === st.turn && st.moves.some((m) => m.from === square);
  if (S.paths) {
    press.path = true;
    return;
  }
  if (S.selected && !(S.selected.from === square) && destinations().some((m) => m.to === square)) {
    press.target = true;
    return;
  }
  if (own) {
    press.picked = !(S.selected && S.selected.from === square);
    S.selected = { from: square };
    render();
  }
}

function onPointerUp(event) {
  if (!press || !S.state) return;
  const square = squareFromEvent(event);
  const p = press;
  press = null;
  if (p.button === 2) {
    if (!square) return;
    if (square === p.square) {
      S.marks.has(square) ? S.marks.delete(square) : S.marks.add(square);
    } else {
      const i = S.arrows.findIndex(([a, b]) => a === p.square && b === square);
      i >= 0 ? S.arrows.splice(i, 1) : S.arrows.push([p.square, square]);
    }
    render();
    return;
  }
  if (p.button !== 0 || !square) return;
  if (p.path) {
    // A path choice is open: a click on a middle square (or on the destination, for the direct move) picks
    // that path; anywhere else closes the choice.
    const picked = pathsAt(square);
    closeChoice();
    if (picked.length === 1) {
      play(picked[0].usi);
    } else if (picked.length > 1) {
      choose(picked);
    } else {
      S.selected = null;
      render();
    }
    return;
  }
  if (square === p.square && !p.target) {
    // A click on the selected piece again lets it go, or offers the moves in two legs that come back to
    // its square (taking a neighbour without moving, or passing); a click elsewhere is a target below.
    if (S.selected && S.selected.from === square && !p.picked) {
      const back = destinations().filter((m) => m.to === square);
      if (back.length > 0) {
        choose(back);
        return;
      }
      S.selected = null;
      render();
    } else if (!S.selected || S.selected.from !== square) {
      tryTarget(square);
    }
    return;
  }
  tryTarget(square);
}

// The selected piece (or hand tile) to `square`: the move, a choice between moves, or why there is none.
function tryTarget(square) {
  const sel = S.selected;
  if (!sel) return;
  const moves = destinations().filter((m) => m.to === square);
  if (moves.length === 0) {
    const piece = pieceOn(square);
    if (piece && piece.owner === S.state.turn && S.state.moves.some((m) => m.from === square)) {
      S.selected = { from: square };
      render();
      return;
    }
    explain(sel.from ? `${sel.from}${square}` : `${sel.tile}*${square}`);
    S.selected = null;
    render();
    return;
  }
  if (moves.length === 1) {
    play(moves[0].usi);
    return;
  }
  choose(moves);
}

// A choice's words: the path of a move in two legs, a promotion, or a drop.
function label(m, moves) {
  if (!m.from) return `Drop ${m.drop} (${m.usi})`;
  const promotion = m.promotes ? "promote" : "don't promote";
  const both = moves.some((o) => o !== m && o.mid === m.mid && o.promotes !== m.promotes);
  const what = m.mid
    ? (m.to === m.from ? `To ${m.mid} and back` : `Through ${m.mid}`)
    : (moves.some((o) => o.mid) ? "Directly" : null);
  if (!what) return `${m.promotes ? "Promote" : "Don't promote"} (${m.usi})`;
  return both ? `${what}, ${promotion} (${m.usi})` : `${what} (${m.usi})`;
}

// A choice between moves. When some go in two legs, their paths are drawn on the board to be clicked there, and
// the list stays beside the piece's half of the board as well; otherwise the list covers the board.
function choose(moves) {
  const box = $("choice");
  box.replaceChildren();
  const paths = moves.some((m) => m.mid);
  S.paths = paths ? moves : null;
  box.className = "";
  if (paths) {
    const [row] = screen(moves[0].from);
    box.className = row >= S.state.ranks / 2 ? "paths top" : "paths bottom";
    render();
  }
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = label(m, moves);
    b.dataset.usi = m.usi;
    b.addEventListener("click", () => {
      closeChoice();
      play(m.usi);
    });
    box.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = "Cancel";
  cancel.addEventListener("click", () => {
    closeChoice();
    S.selected = null;
    render();
  });
  box.appendChild(cancel);
  box.hidden = false;
}

async function explain(move) {
  $("explain-move").value = move;
  try {
    const answer = await api("/api/explain", request({ explain: move }));
    $("explanation").textContent = answer.text;
    // Each line of the game's own file that the explanation quotes can be shown in the source.
    for (const q of answer.quotes.filter((q) => !q.inherited)) {
      const show = document.createElement("button");
      show.className = "quote";
      show.textContent = `show line ${q.line} in the source`;
      show.addEventListener("click", () => {
        const text = $("source").value.split("\n")[q.line - 1] || "";
        selectText({ line: q.line, column: 1, end_line: q.line, end_column: text.length + 1 });
      });
      $("explanation").append("\n", show);
    }
  } catch (e) {
    $("explanation").textContent = e.message;
  }
}

async function go(moves, redo) {
  const before = [S.moves, S.redo];
  S.moves = moves;
  S.redo = redo;
  S.selected = null;
  closeChoice();
  try {
    await refresh();
  } catch (e) {
    [S.moves, S.redo] = before;
    say(e.message);
  }
}

function undo() {
  if (S.moves.length) go(S.moves.slice(0, -1), S.redo.concat([S.moves[S.moves.length - 1]]));
}

function redo() {
  if (S.redo.length) go(S.moves.concat([S.redo[S.redo.length - 1]]), S.redo.slice(0, -1));
}

function jump(n) {
  const all = S.moves.concat(S.redo.slice().reverse());
  go(all.slice(0, n), all.slice(n).reverse());
}

// ---- the source ----

let checkTimer = null;

function onSourceInput() {
  clearTimeout(checkTimer);
  const started = performance.now();
  checkTimer = setTimeout(() => check(started), 150);
}

async function check(started) {
  const text = $("source").value;
  let answer;
  try {
    answer = await api("/api/check", { game: S.game, text });
  } catch (e) {
    say(e.message);
    return;
  }
  if ($("source").value !== text) return; // a newer keystroke is on its way
  window.komaTimings.check.push(performance.now() - started);
  showDiagnostics(answer.diagnostics);
  if (answer.diagnostics.some((d) => d.level === "error")) return;
  const rules = text === S.source ? null : text;
  if (rules === S.text) return; // the board has these rules already (a game just loaded, an edit undone)
  S.text = rules;
  S.selected = null;
  try {
    await refresh();
    if (S.cardShown) showCard();
  } catch (e) {
    say(e.message);
  }
}

function showDiagnostics(diagnostics) {
  const list = $("diagnostics");
  list.replaceChildren();
  if (!diagnostics.length) {
    const li = document.createElement("li");
    li.className = "ok";
    li.textContent = "no diagnostics: the rules compile cleanly";
    list.appendChild(li);
  }
  for (const d of diagnostics) {
    const li = document.createElement("li");
    li.className = d.level;
    li.dataset.code = d.code;
    const where = d.line ? `line ${d.line}, column ${d.column}: ` : "";
    const code = document.createElement("code");
    code.textContent = d.code;
    li.append(`${where}${d.level} `, code, `\n${d.message}${d.help ? `\nhelp: ${d.help}` : ""}`);
    if (d.line) li.addEventListener("click", () => selectText(d));
    list.appendChild(li);
  }
}

function selectText(d) {
  const area = $("source");
  const lines = area.value.split("\n");
  const offset = (line, column) =>
    lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  area.focus();
  area.setSelectionRange(offset(d.line, d.column), offset(d.end_line || d.line, d.end_column || d.column + 1));
  // The line in view, a few lines from the top (a browser scrolls only as far as the caret's edge).
  area.scrollTop = Math.max(0, ((d.line - 3) * area.scrollHeight) / lines.length);
}

async function showCard() {
  try {
    const answer = await api("/api/card", request());
    $("card").srcdoc = answer.html;
  } catch (e) {
    say(e.message);
  }
}

// ---- export ----

function exportSvg() {
  const svg = $("board").cloneNode(true);
  svg.removeAttribute("id");
  svg.removeAttribute("style");
  for (const dest of svg.querySelectorAll(".dest")) dest.remove();
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(svg);
}

function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function exportPng() {
  return new Promise((resolve, reject) => {
    const svg = exportSvg();
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = image.width * 2;
      canvas.height = image.height * 2;
      const ctx = canvas.getContext("2d");
      ctx.scale(2, 2);
      ctx.drawImage(image, 0, 0);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no PNG"))), "image/png");
    };
    image.onerror = () => reject(new Error("the board could not be drawn"));
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  });
}

// ---- records ----

// The game so far as a record in `format` (kif, csa, usi, json): { text, extension }.
function recordText(format) {
  return api("/api/record", request({ format }));
}

async function saveRecord() {
  try {
    const format = $("record-format").value;
    const record = await recordText(format);
    download(`game.${record.extension}`, new Blob([record.text], { type: "text/plain;charset=utf-8" }));
    say("");
  } catch (e) {
    say(e.message);
  }
}

// Plays a record's game from its start; nothing changes when a move of it is not legal.
async function loadRecord(text) {
  const before = [S.start, S.moves, S.redo];
  try {
    const read = await api("/api/record/read", request({ record: text }));
    S.start = read.start;
    S.moves = read.moves;
    S.redo = [];
    S.selected = null;
    await refresh();
    say(`record loaded: ${read.moves.length} moves${read.end ? `; it ends: ${read.end}` : ""}`);
  } catch (e) {
    [S.start, S.moves, S.redo] = before;
    say(e.message);
  }
}

// A record file's text: UTF-8, or Shift_JIS as KIF and CSA files from shogi programs often are.
async function readRecordFile(file) {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("shift_jis").decode(bytes);
  }
}

// ---- the page ----

async function loadGame(index) {
  S.game = index;
  S.text = null;
  S.start = null;
  S.moves = [];
  S.redo = [];
  S.selected = null;
  S.marks.clear();
  S.arrows = [];
  $("explanation").textContent = "";
  const source = await api(`/api/source/${index}`);
  S.source = source.text;
  $("source").value = source.text;
  showDiagnostics([]);
  check(performance.now());
  await refresh();
  if (S.cardShown) showCard();
}

async function start() {
  const games = await api("/api/games");
  const select = $("game");
  for (const g of games) {
    const option = document.createElement("option");
    option.value = g.game;
    option.textContent = `${g.title} (${g.shown})`;
    select.appendChild(option);
  }
  select.addEventListener("change", () => loadGame(Number(select.value)).catch((e) => say(e.message)));
  const svg = $("board");
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointerup", onPointerUp);
  svg.addEventListener("contextmenu", (e) => e.preventDefault());
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("reset").addEventListener("click", () => jump(0));
  $("flip").addEventListener("click", () => { S.flipped = !S.flipped; render(); });
  $("computer").addEventListener("change", (e) => { S.computer = e.target.value; computerTurn(); });
  $("notation").addEventListener("change", (e) => {
    S.notation = e.target.value;
    localStorage.setItem("koma-notation", S.notation);
    renderHistory();
  });
  $("pieces").addEventListener("change", (e) => {
    S.pieces = e.target.value;
    localStorage.setItem("koma-pieces", S.pieces);
    render();
  });
  $("go").addEventListener("click", computerMove);
  $("clear-marks").addEventListener("click", () => { S.marks.clear(); S.arrows = []; render(); });
  $("export-svg").addEventListener("click", () => download("position.svg", new Blob([exportSvg()], { type: "image/svg+xml" })));
  $("export-png").addEventListener("click", () => exportPng().then((b) => download("position.png", b)).catch((e) => say(e.message)));
  $("load-sfen").addEventListener("click", async () => {
    const before = [S.start, S.moves, S.redo];
    S.start = $("sfen").value.trim() || null;
    S.moves = [];
    S.redo = [];
    S.selected = null;
    try {
      await refresh();
      say("");
    } catch (e) {
      [S.start, S.moves, S.redo] = before;
      say(e.message);
    }
  });
  $("record-save").addEventListener("click", saveRecord);
  $("record-load").addEventListener("click", () => loadRecord($("record-text").value));
  $("record-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    if (file.size > 1 << 20) {
      say(`${file.name} is larger than 1 MB`);
      return;
    }
    const text = await readRecordFile(file);
    $("record-text").value = text;
    await loadRecord(text);
    e.target.value = "";
  });
  $("explain").addEventListener("click", () => explain($("explain-move").value.trim()));
  $("source").addEventListener("input", onSourceInput);
  for (const b of document.querySelectorAll("nav button")) {
    b.addEventListener("click", () => {
      for (const o of document.querySelectorAll("nav button")) o.classList.toggle("active", o === b);
      $("tab-source").hidden = b.dataset.tab !== "source";
      $("tab-card").hidden = b.dataset.tab !== "card";
      S.cardShown = b.dataset.tab === "card";
      if (S.cardShown) showCard();
    });
  }
  document.addEventListener("keydown", (e) => {
    if (["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) return;
    if (e.key === "ArrowLeft") undo();
    if (e.key === "ArrowRight") redo();
  });
  await loadGame(0);
}

window.koma = { exportSvg, exportPng, state: () => S.state, moves: () => S.moves.slice(), play, recordText, loadRecord };
start().catch((e) => say(e.message));
