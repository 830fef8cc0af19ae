//! Diagnostics and bad arguments as JavaScript errors: an `Error` whose message is one line, and for a game
//! that does not compile, a `diagnostics` array (code, level, message, help, line, column).

use koma_host::Diagnostic;
use wasm_bindgen::JsValue;

/// A diagnostic as plain JSON.
pub(crate) fn diagnostic_json(d: &Diagnostic) -> serde_json::Value {
    let at = d.labels.first().map(|l| l.file.line_column(l.span.start));
    serde_json::json!({
        "code": d.code,
        "level": d.level.name(),
        "message": d.message,
        "help": d.help,
        "line": at.map(|a| a.0),
        "column": at.map(|a| a.1),
    })
}

/// An `Error` carrying the diagnostics of a game that does not compile.
pub(crate) fn game_error(diagnostics: &[Diagnostic]) -> JsValue {
    let first = diagnostics.first().map_or_else(
        || "the game does not compile".to_string(),
        |d| d.message.clone(),
    );
    let error = js_sys::Error::new(&first);
    let list: Vec<serde_json::Value> = diagnostics.iter().map(diagnostic_json).collect();
    let parsed =
        js_sys::JSON::parse(&serde_json::Value::from(list).to_string()).unwrap_or(JsValue::NULL);
    // Setting a property of a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&error, &JsValue::from_str("diagnostics"), &parsed);
    error.into()
}

/// An `Error` with a one-line message.
pub(crate) fn error(message: impl AsRef<str>) -> JsValue {
    js_sys::Error::new(message.as_ref()).into()
}
