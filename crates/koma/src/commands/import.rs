//! `koma import fsf FILE`: the sections of a Fairy-Stockfish variants.ini as .game files.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use koma_host::{Diagnostic, Label, SourceFile};

use crate::report::Report;

/// The longest variants.ini read, in bytes (Fairy-Stockfish's own is some 100 KB).
const MAX_INI_BYTES: u64 = 4 << 20;

fn fail(message: String) -> Vec<Report> {
    vec![Report::plain("koma::import-fsf", message, None)]
}

/// Reads `file`; prints the section `variant`'s .game text, or writes every section it can say into `out`.
pub fn fsf(file: &str, variant: Option<&str>, out: Option<&str>) -> Result<(), Vec<Report>> {
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| {
            if !f.metadata()?.is_file() {
                return Err(std::io::Error::other("not a regular file"));
            }
            f.take(MAX_INI_BYTES + 1).read_to_end(&mut bytes)
        })
        .map_err(|e| fail(format!("cannot read `{file}`: {e}")))?;
    if bytes.len() as u64 > MAX_INI_BYTES {
        return Err(fail(format!(
            "`{file}` is longer than {MAX_INI_BYTES} bytes"
        )));
    }
    let text = String::from_utf8(bytes).map_err(|_| fail(format!("`{file}` is not UTF-8 text")))?;
    let source = SourceFile::standalone(file, &text);
    let imported = koma_fsf::import(&text, variant).map_err(|e| {
        crate::report::reports(vec![at_line(
            Diagnostic::error("koma::import-fsf", e.message),
            &source,
            Some(e.line),
        )])
    })?;
    if imported.is_empty() {
        return Err(fail(match variant {
            Some(v) => format!("`{file}` has no section `[{v}]`"),
            None => format!("`{file}` has no sections"),
        }));
    }
    let mut refused = Vec::new();
    for section in imported {
        match section.game {
            Ok(game) => match out {
                None => crate::say!("{}", game.trim_end()),
                Some(dir) => {
                    let path = Path::new(dir).join(format!("{}.game", section.name));
                    write_new(&path, &game)
                        .map_err(|e| fail(format!("{}: {e}", path.display())))?;
                    crate::say!("wrote {}", path.display());
                }
            },
            Err(issues) => {
                for issue in issues {
                    let d = Diagnostic::error(
                        "koma::import-fsf",
                        format!("[{}] {}: {}", section.name, issue.key, issue.message),
                    )
                    .with_help("grammar/README.md lists what koma reads (\"Fairy-Stockfish's variants.ini\")");
                    refused.push(at_line(d, &source, issue.line.or(Some(section.line))));
                }
            }
        }
    }
    if refused.is_empty() {
        Ok(())
    } else {
        Err(crate::report::reports(refused))
    }
}

/// The diagnostic pointing at a line of the file.
fn at_line(d: Diagnostic, source: &Arc<SourceFile>, line: Option<usize>) -> Diagnostic {
    let Some(line) = line else { return d };
    let text: &str = &source.text;
    let start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let len = text[start..].find('\n').unwrap_or(text.len() - start);
    d.with_label(Label {
        file: source.clone(),
        span: start..start + len,
        text: "here".into(),
    })
}

/// Writes a file that must not exist yet.
fn write_new(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    f.write_all(text.as_bytes())
}
