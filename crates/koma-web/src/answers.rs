//! The page's requests answered, with no transport: JSON in, JSON out. Every request names a game by its
//! number; a position is a start and the moves from it, replayed on each request. The server (`api.rs`)
//! and the browser build (crate `koma-wasm`) both answer through these functions, so the page is the same.

use std::sync::Arc;
use std::time::Duration;

use koma_host::{Diagnostic, Loaded};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::served::Games;
use crate::state::{self, MAX_MOVES};
use koma_session::Session;

/// The longest text a page may send as an `explain` argument.
const MAX_WORD: usize = 64;
/// The longest the computer may think on a request.
const MAX_MOVETIME_MS: u64 = 10_000;

/// A position of a game, as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The game's number.
    pub game: usize,
    /// The game's text as edited on the page; its own text when absent.
    pub text: Option<String>,
    /// The start, as SFEN; the game's start when absent.
    pub start: Option<String>,
    /// The moves from the start, in USI.
    #[serde(default)]
    pub moves: Vec<String>,
    /// For `explain`: the move (USI) to explain.
    pub explain: Option<String>,
    /// For `go`: how long the computer thinks, in milliseconds.
    pub movetime: Option<u64>,
    /// For `record`: the record format to write or read (`kif`, `csa`, `usi`, `json`); for reading, found
    /// from the text when absent.
    pub format: Option<String>,
    /// For `record/read`: the record's text.
    pub record: Option<String>,
}

/// A text to check.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The game's number.
    pub game: usize,
    /// The text.
    pub text: String,
}

/// A diagnostic as the page shows it: where it starts and ends in the game's own text (1-based lines and
/// columns in characters), when it points there.
#[derive(Debug, Serialize)]
pub struct DiagnosticView {
    code: &'static str,
    level: &'static str,
    message: String,
    help: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    end_line: Option<usize>,
    end_column: Option<usize>,
}

fn diagnostic_view(d: &Diagnostic) -> DiagnosticView {
    let own = d.labels.first().filter(|l| l.file.base == 0);
    let start = own.map(|l| l.file.line_column(l.span.start));
    let end = own.map(|l| l.file.line_column(l.span.end));
    DiagnosticView {
        code: d.code,
        level: d.level.name(),
        message: d.message.clone(),
        help: d.help.clone(),
        line: start.map(|s| s.0),
        column: start.map(|s| s.1),
        end_line: end.map(|e| e.0),
        end_column: end.map(|e| e.1),
    }
}

/// HTTP's words for the statuses the answers give.
pub(crate) const BAD_REQUEST: u16 = 400;
pub(crate) const NOT_FOUND: u16 = 404;
pub(crate) const UNPROCESSABLE: u16 = 422;
pub(crate) const INTERNAL: u16 = 500;

/// An answer that is an error: a status (as HTTP numbers it), a one-line message, and the diagnostics behind
/// it.
#[derive(Debug)]
pub struct Failure(
    pub(crate) u16,
    pub(crate) String,
    pub(crate) Vec<Diagnostic>,
);

impl Failure {
    /// The status.
    pub fn status(&self) -> u16 {
        self.0
    }

    /// The body the page reads: `{ error, diagnostics }`.
    pub fn body(&self) -> Value {
        let diagnostics: Vec<DiagnosticView> = self.2.iter().map(diagnostic_view).collect();
        json!({"error": self.1, "diagnostics": diagnostics})
    }
}

pub(crate) fn bad(message: impl Into<String>) -> Failure {
    Failure(BAD_REQUEST, message.into(), Vec::new())
}

/// The games, each as the page lists it.
pub fn games(games: &Games) -> Value {
    let list: Vec<_> = games
        .list()
        .iter()
        .enumerate()
        .map(|(i, g)| {
            // A file is shown by its name alone: the page need not know (nor show) where it lives.
            let shown = match &g.path {
                Some(path) => path
                    .file_name()
                    .map_or(g.given.clone(), |n| n.to_string_lossy().to_string()),
                None => g.given.clone(),
            };
            json!({"game": i, "title": g.title, "shown": shown, "file": g.path.is_some()})
        })
        .collect();
    json!(list)
}

/// A game's own text.
pub fn source(games: &Games, game: usize) -> Result<Value, Failure> {
    let text = games
        .source(game)
        .map_err(|d| Failure(NOT_FOUND, first(&d), d))?;
    Ok(json!({ "text": text }))
}

fn first(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .first()
        .map_or_else(String::new, |d| d.message.clone())
}

/// Every diagnostic of an edited text.
pub fn check(games: &Games, request: &CheckRequest) -> Result<Value, Failure> {
    let diagnostics = games
        .check(request.game, &request.text)
        .map_err(|d| Failure(NOT_FOUND, first(&d), d))?;
    let views: Vec<DiagnosticView> = diagnostics.iter().map(diagnostic_view).collect();
    Ok(json!({ "diagnostics": views }))
}

/// The game of a request, compiled.
pub(crate) fn load(games: &Games, request: &PositionRequest) -> Result<Loaded, Failure> {
    if games.get(request.game).is_none() {
        return Err(Failure(
            NOT_FOUND,
            format!("there is no game number {} on this server", request.game),
            Vec::new(),
        ));
    }
    if request.moves.len() > MAX_MOVES {
        return Err(bad(format!("at most {MAX_MOVES} moves")));
    }
    games
        .load(request.game, request.text.as_deref())
        .map_err(|d| {
            Failure(
                UNPROCESSABLE,
                format!("the game does not compile: {}", first(&d)),
                d,
            )
        })
}

/// A session on the request's game, its moves replayed once.
pub(crate) fn replayed(
    loaded: Loaded,
    request: &PositionRequest,
) -> Result<(Session, state::Replayed), Failure> {
    let mut session = Session::on(loaded);
    let replayed =
        state::replay(&mut session, request.start.as_deref(), &request.moves).map_err(bad)?;
    Ok((session, replayed))
}

/// The result of a finished game in words, quoting the rule that decided it.
fn outcome(loaded: &Loaded, game: &koma_vm::Game) -> Option<String> {
    let o = game.outcome()?;
    let rules = loaded.rules();
    let rule = &rules.end_rules[o.rule];
    let line = rule
        .origin
        .as_ref()
        .and_then(|s| loaded.locate(s))
        .map(|at| format!(", line {}", at.line))
        .unwrap_or_default();
    Some(format!(
        "{} ({}{line})",
        o.result.words(),
        rule.words(rules)
    ))
}

/// The position after the moves, with its legal moves.
pub fn position(games: &Games, request: &PositionRequest) -> Result<Value, Failure> {
    let (session, replayed) = replayed(load(games, request)?, request)?;
    let outcome = outcome(session.loaded(), session.game());
    serde_json::to_value(state::view(session.game(), replayed, outcome))
        .map_err(|e| Failure(INTERNAL, e.to_string(), Vec::new()))
}

/// Why a move is legal or not, as the REPL's `explain` says it, quoting the rule: the game loaded and
/// replayed once, the move explained in that session, with the lines of the game file it quotes.
pub fn explain(games: &Games, request: &PositionRequest) -> Result<Value, Failure> {
    let word = request.explain.clone().unwrap_or_default();
    if word.is_empty() || word.len() > MAX_WORD || word.contains(char::is_whitespace) {
        return Err(bad("`explain` takes one move, such as 7g7f"));
    }
    let (session, _) = replayed(load(games, request)?, request)?;
    let explained = koma_session::explain::explain(&session, &word);
    let quotes: Vec<Value> = explained
        .quotes
        .iter()
        .map(|q| {
            json!({
                "file": q.file,
                "inherited": q.inherited,
                "line": q.line,
                "column": q.column,
                "text": q.text,
            })
        })
        .collect();
    Ok(json!({ "text": explained.text, "quotes": quotes }))
}

/// The rules card of the game, as one HTML page.
pub fn card(games: &Games, request: &PositionRequest) -> Result<Value, Failure> {
    let loaded = load(games, request)?;
    let html = koma_draw::card(loaded.rules(), koma_draw::Format::Html);
    Ok(json!({ "html": html }))
}

/// The computer's move in the position.
pub fn go(games: &Games, request: &PositionRequest) -> Result<Value, Failure> {
    let (session, _) = replayed(load(games, request)?, request)?;
    let (loaded, rules) = (session.loaded(), session.rules());
    let time = Duration::from_millis(request.movetime.unwrap_or(1000).clamp(10, MAX_MOVETIME_MS));
    // The game's tuned weights when it has some; a weights file that cannot be read fails the request.
    let eval = loaded
        .weights()
        .and_then(|w| {
            koma_engine::Evaluator::for_game(
                rules,
                w.as_ref().map(|(o, t)| (o.as_str(), t.as_str())),
            )
        })
        .map_err(|e| Failure(INTERNAL, e, Vec::new()))?;
    let engine = koma_engine::Engine::with_shared(eval, Arc::new(koma_engine::Shared::new(16)));
    let found = engine.search(
        session.game(),
        koma_engine::Limits::movetime(time),
        &mut |_| {},
    );
    Ok(json!({
        "best": found.best.map(|m| rules.move_name(m)),
        "depth": found.depth,
        "nodes": found.nodes,
        "ms": found.elapsed.as_millis() as u64,
    }))
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explain_reads_the_game_once_and_replays_it_once() {
        let games = Games::new(&["minishogi".to_string()]).expect("an embedded game");
        let request = PositionRequest {
            game: 0,
            text: None,
            start: None,
            moves: vec!["5d5c".into(), "1b1c".into()],
            explain: Some("5c5b+".into()),
            movetime: None,
            format: None,
            record: None,
        };
        let (parses, replays) = (
            koma_syntax::parses_on_this_thread(),
            koma_session::replays_on_this_thread(),
        );
        let Ok(answer) = explain(&games, &request) else {
            panic!("no answer")
        };
        assert_eq!(
            koma_syntax::parses_on_this_thread() - parses,
            1,
            "one parse"
        );
        assert_eq!(
            koma_session::replays_on_this_thread() - replays,
            1,
            "one replay"
        );
        let text = answer["text"].as_str().expect("a text");
        assert!(
            text.starts_with("5c5b+ is illegal: the Pawn cannot promote"),
            "{text}"
        );
        // The rule it quotes, with its place.
        assert_eq!(answer["quotes"][0]["line"], 19, "{answer}");
        assert_eq!(
            answer["quotes"][0]["text"], "promotion zone last 1 rank",
            "{answer}"
        );
    }
}
