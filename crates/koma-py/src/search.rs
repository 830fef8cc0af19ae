//! `Game.search` and `Position.search`: koma's engine on one position, the interpreter released meanwhile.

use std::time::Duration;

use koma_engine::{Engine, Evaluator, Limits, Shown};
use koma_host::Loaded;
use koma_vm::Game;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::value_error;

/// The depth searched when no limit is given.
const DEFAULT_DEPTH: u32 = 6;

/// The evaluator of `loaded`: its tuned weights when it has some, else the weights derived from its rules.
fn evaluator(loaded: &Loaded) -> PyResult<Evaluator> {
    let weights = loaded.weights().map_err(value_error)?;
    Evaluator::for_game(
        loaded.rules(),
        weights.as_ref().map(|(o, t)| (o.as_str(), t.as_str())),
    )
    .map_err(value_error)
}

/// Searches `game` within the limits given (depth 6 with none) and answers as a dict.
pub(crate) fn search<'py>(
    py: Python<'py>,
    loaded: &Loaded,
    game: &Game,
    movetime: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    if depth.is_some_and(|d| d == 0 || d > 64) {
        return Err(value_error("depth: from 1 to 64"));
    }
    let mut limits = Limits {
        depth,
        nodes,
        movetime: movetime.map(Duration::from_millis),
        clock: None,
    };
    if limits.is_infinite() {
        limits.depth = Some(DEFAULT_DEPTH);
    }
    let engine = Engine::with_evaluator(evaluator(loaded)?);
    let game = game.clone();
    let found = py.detach(move || engine.search(&game, limits, &mut |_| {}));
    let rules = loaded.rules();
    let line = found.lines.first();
    let d = PyDict::new(py);
    d.set_item("best", found.best.map(|m| rules.move_name(m)))?;
    let (score, mate) = match line.map(|l| koma_engine::shown(l.score)) {
        Some(Shown::Cp(cp)) => (Some(cp), None),
        Some(Shown::Mate(plies)) => (
            None,
            Some(if plies > 0 {
                (plies + 1) / 2
            } else {
                plies / 2
            }),
        ),
        None => (None, None),
    };
    d.set_item("score", score)?;
    d.set_item("mate", mate)?;
    let pv: Vec<String> = line
        .map(|l| l.pv.iter().map(|&m| rules.move_name(m)).collect())
        .unwrap_or_default();
    d.set_item("pv", pv)?;
    d.set_item("depth", found.depth)?;
    d.set_item("nodes", found.nodes)?;
    d.set_item("seconds", found.elapsed.as_secs_f64())?;
    Ok(d)
}
