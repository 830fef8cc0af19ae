//! The `variants.ini` text: sections `[name]` or `[name:parent]`, `key = value` lines, `#` and `;` comments.

/// One `key = value` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The key, as written.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// Its line, from 1.
    pub line: usize,
}

/// One section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Its name.
    pub name: String,
    /// The section or built-in variant it inherits from.
    pub parent: Option<String>,
    /// The line of its header, from 1.
    pub line: usize,
    /// Its lines, in order.
    pub entries: Vec<Entry>,
}

/// A line that is not a section header, a `key = value` line, a comment or blank: its number and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The sections of a `variants.ini` text, in order.
pub fn sections(text: &str) -> Result<Vec<Section>, SyntaxError> {
    let mut out: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        if let Some(header) = t.strip_prefix('[') {
            let Some(inner) = header.strip_suffix(']') else {
                return Err(SyntaxError {
                    line,
                    message: "a section header ends with `]`".into(),
                });
            };
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim().to_string())),
                None => (inner.trim(), None),
            };
            if name.is_empty() || parent.as_deref() == Some("") {
                return Err(SyntaxError {
                    line,
                    message: "a section header names a variant: `[name]` or `[name:parent]`".into(),
                });
            }
            out.push(Section {
                name: name.to_string(),
                parent,
                line,
                entries: Vec::new(),
            });
            continue;
        }
        let Some((key, value)) = t.split_once('=') else {
            return Err(SyntaxError {
                line,
                message: "expected `key = value`, a `[section]` header or a `#` comment".into(),
            });
        };
        let Some(section) = out.last_mut() else {
            return Err(SyntaxError {
                line,
                message: "a key before any `[section]` header".into(),
            });
        };
        section.entries.push(Entry {
            key: key.trim().to_string(),
            value: value.trim().to_string(),
            line,
        });
    }
    Ok(out)
}
