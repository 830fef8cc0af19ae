//! The JSON writer: one object per diagnostic and line (`--format json`).
//!
//! ```json
//! {"code":"koma::lint::unreachable-face","level":"warning","message":"…","file":"my.game","line":3,"column":7,
//!  "span":{"start":40,"end":46},"labels":[{"file":"my.game","line":3,"column":7,"span":{"start":40,"end":46},
//!  "text":"here"}],"help":"…"}
//! ```
//!
//! `file`, `line`, `column` and `span` are those of the first label, and `null` when the diagnostic points at
//! no text; `span` is in bytes of that file; lines and columns start at 1 and count characters.

use koma_host::{Diagnostic, Label};
use serde_json::{Value, json};

fn label(l: &Label) -> Value {
    let at = l.location();
    json!({
        "file": at.file.name,
        "line": at.line,
        "column": at.column,
        "span": { "start": l.span.start, "end": l.span.end },
        "text": l.text,
    })
}

/// A diagnostic as one JSON object.
pub fn diagnostic(d: &Diagnostic) -> Value {
    let main = d.labels.first().map(label);
    let field = |name: &str| main.as_ref().map_or(Value::Null, |m| m[name].clone());
    json!({
        "code": d.code,
        "level": d.level.name(),
        "message": d.message,
        "file": field("file"),
        "line": field("line"),
        "column": field("column"),
        "span": field("span"),
        "labels": d.labels.iter().map(label).collect::<Vec<_>>(),
        "help": d.help,
    })
}
