//! How a game stands, as `Game.game_result` and `Position.result` answer: who won, by which end rule, on
//! which line of the game file.

use koma_host::Loaded;
use koma_vm::{GameResult, Player};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// How `game` stands, as `Game.game_result` answers.
pub(crate) fn result<'py>(
    py: Python<'py>,
    loaded: &Loaded,
    game: &koma_vm::Game,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Some(outcome) = game.outcome() else {
        return Ok(None);
    };
    let rules = loaded.rules();
    let rule = &rules.end_rules[outcome.rule];
    let d = PyDict::new(py);
    let winner = match outcome.result {
        GameResult::Win(Player::First) => Some("first"),
        GameResult::Win(Player::Second) => Some("second"),
        GameResult::Draw => None,
    };
    d.set_item("winner", winner)?;
    d.set_item("rule", rule.words(rules))?;
    let line = rule
        .origin
        .as_ref()
        .and_then(|s| loaded.locate(s))
        .map(|l| l.line);
    d.set_item("line", line)?;
    d.set_item("text", game.outcome_words(outcome))?;
    Ok(Some(d))
}
