//! Errors as Python sees them: `koma.GameError` for a game that does not compile (with its diagnostics), and
//! `ValueError` for a bad SFEN, move or argument.

use koma_host::Diagnostic;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

pyo3::create_exception!(
    koma,
    GameError,
    PyException,
    "A game that cannot be loaded: `diagnostics` lists each diagnostic as a dict with `code`, `level`, \
     `message`, `file`, `line`, `column` (from 1; None without a place) and `help`."
);

/// A diagnostic as a Python dict.
fn diagnostic<'py>(py: Python<'py>, d: &Diagnostic) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("code", d.code)?;
    dict.set_item("level", d.level.name())?;
    dict.set_item("message", &d.message)?;
    let place = d.labels.first().map(|l| {
        let (line, column) = l.file.line_column(l.span.start);
        (l.file.name.clone(), line, column)
    });
    dict.set_item("file", place.as_ref().map(|p| p.0.clone()))?;
    dict.set_item("line", place.as_ref().map(|p| p.1))?;
    dict.set_item("column", place.as_ref().map(|p| p.2))?;
    dict.set_item("help", d.help.clone())?;
    Ok(dict)
}

/// `koma.GameError` for `diagnostics`: its message is the first diagnostic, with its place.
pub(crate) fn game_error(py: Python<'_>, diagnostics: &[Diagnostic]) -> PyErr {
    let first = diagnostics.first().map_or_else(
        || "the game cannot be loaded".to_string(),
        |d| match d.labels.first() {
            Some(l) => {
                let (line, column) = l.file.line_column(l.span.start);
                format!(
                    "{}: {} ({} line {line}, column {column})",
                    d.code, d.message, l.file.name
                )
            }
            None => format!("{}: {}", d.code, d.message),
        },
    );
    let err = GameError::new_err(first);
    let list: PyResult<Vec<_>> = diagnostics.iter().map(|d| diagnostic(py, d)).collect();
    if let Ok(list) = list {
        let _ = err.value(py).setattr("diagnostics", list);
    }
    err
}

/// A `ValueError` with `message`.
pub(crate) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
