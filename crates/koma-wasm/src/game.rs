//! `Game`: a game loaded once, and stateless calls on it in the spirit of ffish.js and pyffish: a SFEN (or
//! `startpos`) and the moves played from it in, an answer out.

use std::sync::Arc;
use std::time::Duration;

use koma_engine::{Engine, Evaluator, Limits, Shared, Shown};
use koma_host::{Embedded, Host, Loaded, Memory};
use koma_session::Session;
use wasm_bindgen::prelude::*;

use crate::errors::{diagnostic_json, error, game_error};

/// The deepest perft a call may ask for.
const MAX_PERFT_DEPTH: u32 = 10;
/// The longest a search may think, and its depth when no limit is given.
const MAX_MOVETIME_MS: u32 = 60_000;
const DEFAULT_DEPTH: u32 = 6;

/// A game: its rules compiled from a `.game` text, or one of koma's embedded games.
#[wasm_bindgen]
pub struct Game {
    loaded: Loaded,
}

#[wasm_bindgen]
impl Game {
    /// The game of a `.game` text; `sources` is a JSON object from a name to the text of a game it extends
    /// (koma's embedded games are found by name without it). Throws an `Error` with `diagnostics`.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: &str, sources: Option<String>) -> Result<Game, JsValue> {
        let mut memory = Memory::new();
        if let Some(sources) = sources {
            let map: std::collections::BTreeMap<String, String> =
                serde_json::from_str(&sources).map_err(|e| error(format!("the sources: {e}")))?;
            for (name, text) in &map {
                memory.insert(name, text);
            }
        }
        let host = Host::new((memory, Embedded));
        let loaded = host
            .load_text("game.game", text)
            .map_err(|d| game_error(&d))?;
        Ok(Game { loaded })
    }

    /// One of koma's embedded games by name (`minishogi`, `shogi`, `chushogi`, ...).
    pub fn embedded(name: &str) -> Result<Game, JsValue> {
        let loaded = Host::embedded().load(name).map_err(|d| game_error(&d))?;
        Ok(Game { loaded })
    }

    /// The game's name, from its `game "..."` line.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.loaded.rules().name.clone()
    }

    /// The game's own text.
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> String {
        self.loaded.text().to_string()
    }

    /// The SFEN of the game's start.
    #[wasm_bindgen(getter, js_name = startSfen)]
    pub fn start_sfen(&self) -> String {
        koma_vm::Position::start(self.loaded.rules()).to_sfen()
    }

    /// The legal moves (USI) after `moves` from `sfen`.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self, sfen: &str, moves: Vec<String>) -> Result<Vec<String>, JsValue> {
        let session = self.session(sfen, moves)?;
        let rules = session.rules();
        Ok(session
            .game()
            .legal_moves()
            .into_iter()
            .map(|m| rules.move_name(m))
            .collect())
    }

    /// The SFEN after `moves` from `sfen`; an illegal move throws, naming it.
    pub fn play(&self, sfen: &str, moves: Vec<String>) -> Result<String, JsValue> {
        Ok(self.session(sfen, moves)?.game().position().to_sfen())
    }

    /// Why `move` is legal or not after `moves` from `sfen`, as the REPL's `explain` says it.
    pub fn explain(&self, sfen: &str, moves: Vec<String>, r#move: &str) -> Result<String, JsValue> {
        let session = self.session(sfen, moves)?;
        Ok(koma_session::explain::explain(&session, r#move).text)
    }

    /// The result after `moves` from `sfen`, in words with the end rule that decided it, or `undefined`
    /// while the game goes on.
    pub fn result(&self, sfen: &str, moves: Vec<String>) -> Result<Option<String>, JsValue> {
        let session = self.session(sfen, moves)?;
        let rules = session.rules();
        Ok(session.game().outcome().map(|o| {
            format!(
                "{} ({})",
                o.result.words(),
                rules.end_rules[o.rule].words(rules)
            )
        }))
    }

    /// The number of move paths `depth` plies deep from `sfen` (perft).
    pub fn perft(&self, sfen: &str, depth: u32) -> Result<f64, JsValue> {
        if depth > MAX_PERFT_DEPTH {
            return Err(error(format!(
                "perft depth {depth}: at most {MAX_PERFT_DEPTH}"
            )));
        }
        let session = self.session(sfen, Vec::new())?;
        let mut position = session.game().position().clone();
        Ok(position.perft(depth) as f64)
    }

    /// The engine's search after `moves` from `sfen`, for `movetime` milliseconds and/or to `depth` (depth 6
    /// when neither is given). `onInfo`, if given, is called after each finished iteration with a JSON text
    /// like the answer. Answers a JSON text: `{ best, score, mate, pv, depth, nodes, ms }`.
    pub fn search(
        &self,
        sfen: &str,
        moves: Vec<String>,
        movetime: Option<u32>,
        depth: Option<u32>,
        #[wasm_bindgen(js_name = onInfo)] on_info: Option<js_sys::Function>,
    ) -> Result<String, JsValue> {
        if depth.is_some_and(|d| d == 0 || d > 64) {
            return Err(error("depth: from 1 to 64"));
        }
        let session = self.session(sfen, moves)?;
        let rules = session.rules().clone();
        let mut limits = Limits {
            depth,
            nodes: None,
            movetime: movetime.map(|ms| Duration::from_millis(ms.min(MAX_MOVETIME_MS).into())),
            clock: None,
        };
        if limits.is_infinite() {
            limits.depth = Some(DEFAULT_DEPTH);
        }
        let weights = self.loaded.weights().map_err(error)?;
        let eval = Evaluator::for_game(
            &rules,
            weights.as_ref().map(|(o, t)| (o.as_str(), t.as_str())),
        )
        .map_err(error)?;
        let engine = Engine::with_shared(eval, Arc::new(Shared::new(16)));
        let found = engine.search(session.game(), limits, &mut |report| {
            if let (Some(f), Some(line)) = (&on_info, report.lines.first()) {
                let info = answer(&rules, line, report.depth, report.nodes, report.elapsed);
                // A callback that throws does not stop the search.
                let _ = f.call1(&JsValue::NULL, &JsValue::from_str(&info));
            }
        });
        Ok(match found.lines.first() {
            Some(line) => answer(&rules, line, found.depth, found.nodes, found.elapsed),
            None => serde_json::json!({"best": null, "depth": 0, "nodes": found.nodes}).to_string(),
        })
    }
}

impl Game {
    /// A session after `moves` from `sfen` (`startpos` for the game's start).
    fn session(&self, sfen: &str, moves: Vec<String>) -> Result<Session, JsValue> {
        let mut session = Session::on(self.loaded.clone());
        let start =
            (sfen.trim() != "startpos" && !sfen.trim().is_empty()).then(|| sfen.to_string());
        session.set_position(start, moves).map_err(error)?;
        Ok(session)
    }
}

/// A search's line as the JSON text the calls answer.
fn answer(
    rules: &koma_vm::Rules,
    line: &koma_engine::Line,
    depth: u32,
    nodes: u64,
    elapsed: Duration,
) -> String {
    let (score, mate) = match koma_engine::shown(line.score) {
        Shown::Cp(cp) => (Some(cp), None),
        Shown::Mate(plies) => (
            None,
            Some(if plies > 0 {
                (plies + 1) / 2
            } else {
                plies / 2
            }),
        ),
    };
    let pv: Vec<String> = line.pv.iter().map(|&m| rules.move_name(m)).collect();
    serde_json::json!({
        "best": pv.first(),
        "score": score,
        "mate": mate,
        "pv": pv,
        "depth": depth,
        "nodes": nodes,
        "ms": elapsed.as_millis() as u64,
    })
    .to_string()
}

/// Every diagnostic of a `.game` text (a compile and the linter), as a JSON array.
#[wasm_bindgen]
pub fn check(text: &str) -> String {
    let checked = Host::embedded().check_text("game.game", text, &koma_lint::Levels::default());
    let list: Vec<serde_json::Value> = checked.diagnostics.iter().map(diagnostic_json).collect();
    serde_json::Value::from(list).to_string()
}

#[wasm_bindgen]
/// A `.game` text in the canonical layout (`koma fmt`): aligned piece tables, statements in the reference's
/// order, comments kept. A text that does not parse throws, with the error's line.
pub fn format(text: &str) -> Result<String, JsValue> {
    koma_fmt::format(text).map_err(|e| error(e.to_string()))
}

/// The names of koma's embedded games.
#[wasm_bindgen(js_name = embeddedGames)]
pub fn embedded_games() -> Vec<String> {
    Host::embedded().sources().names()
}
