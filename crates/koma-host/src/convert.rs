//! Every crate's errors and findings as [`Diagnostic`]s.

use std::sync::Arc;

use koma_lint::Finding;

use crate::diagnostic::{Diagnostic, Label, Level};
use crate::source_map::{SourceFile, SourceMap};
use crate::sources::{LoadError, Sources};
use crate::text::shorten;

/// The labels of a main span and related spans of a game's span space.
fn labels(
    map: &SourceMap,
    main: (&koma_syntax::Span, &str),
    related: &[(koma_syntax::Span, String)],
) -> Vec<Label> {
    std::iter::once((main.0, main.1))
        .chain(related.iter().map(|(s, l)| (s, l.as_str())))
        .filter_map(|(span, text)| map.locate(span).map(|at| Label::at(at, text)))
        .collect()
}

/// A compiler diagnostic.
pub(crate) fn compile(d: &koma_compile::Diagnostic, map: &SourceMap) -> Diagnostic {
    Diagnostic {
        code: d.code.name(),
        level: match d.severity() {
            koma_compile::Severity::Error => Level::Error,
        },
        message: d.message.clone(),
        labels: labels(map, (&d.span, &d.label), &d.related),
        help: d.help.clone(),
    }
}

/// A lint's finding at its resolved level (`deny` is an error).
pub(crate) fn finding(f: &Finding, map: &SourceMap) -> Diagnostic {
    Diagnostic {
        code: f.lint.code,
        level: match f.level {
            koma_lint::Level::Deny => Level::Error,
            _ => Level::Warning,
        },
        message: f.message.clone(),
        labels: labels(map, (&f.span, &f.label), &f.related),
        help: f.help.clone(),
    }
}

/// A game the user named that cannot be read.
pub fn load_error(e: &LoadError, sources: &dyn Sources) -> Diagnostic {
    match e {
        LoadError::NotFound { name } => {
            let looks_like_a_path = name.contains('/') || name.ends_with(".game");
            let message = if looks_like_a_path {
                format!("there is no file {}", shorten(name))
            } else {
                format!(
                    "`{}` is neither a .game file nor an embedded game",
                    shorten(name)
                )
            };
            let d = Diagnostic::error("koma::unknown-game", message);
            let names = sources.names();
            // A misspelt game's name (or a file's, without its folder and extension) is matched to the nearest
            // embedded game.
            let stem = name
                .rsplit('/')
                .next()
                .unwrap_or(name)
                .trim_end_matches(".game");
            let near = koma_syntax::suggest::nearest(stem, names.iter().map(String::as_str))
                .map(|n| format!("did you mean `{n}`? "))
                .unwrap_or_default();
            if names.is_empty() {
                d
            } else {
                d.with_help(format!("{near}embedded games: {}", names.join(", ")))
            }
        }
        LoadError::Refused { name, why } => Diagnostic::error(
            "koma::io",
            format!("{} cannot be read: {why}", shorten(name)),
        ),
        LoadError::Unreadable { name, why, help } => {
            Diagnostic::error("koma::io", format!("{} {why}", shorten(name)))
                .with_help(help.clone())
        }
        LoadError::NotUtf8 { name, text, at } => {
            let shown = text
                .char_indices()
                .map(|(i, _)| i)
                .find(|&i| i >= *at)
                .unwrap_or(text.len());
            let end = text[shown..]
                .chars()
                .next()
                .map_or(shown, |c| shown + c.len_utf8());
            let file = SourceFile::standalone(name, text);
            let (line, column) = file.line_column(shown);
            Diagnostic::error(
                "koma::encoding",
                format!(
                    "{} is not UTF-8 text: byte {at} (line {line}, column {column}) is not part of a UTF-8 character",
                    shorten(name)
                ),
            )
            .with_span(&file, shown..end, "not UTF-8")
            .with_help("save the file as UTF-8")
        }
    }
}

/// A SFEN that cannot be read.
pub fn sfen(e: &koma_vm::SfenError, sfen: &str) -> Diagnostic {
    let file = SourceFile::standalone("sfen", sfen);
    Diagnostic::error("koma::sfen", format!("bad SFEN: {}", e.message))
        .with_span(&file, e.span.clone(), "here")
        .with_help(e.help.clone().unwrap_or_else(|| {
            "SFEN is `BOARD SIDE HAND [MOVE-NUMBER]`, e.g. `rbsgk/4p/5/P4/KGSBR b - 1`".to_string()
        }))
}

/// A USI move that cannot be read or is not legal; `offset` is where the move starts in `line` and `len` its
/// length.
pub fn usi(e: &koma_vm::UsiError, line: &str, offset: usize, len: usize) -> Diagnostic {
    let file = SourceFile::standalone("moves", line);
    match e {
        koma_vm::UsiError::Syntax { span, .. } => Diagnostic::error("koma::usi", e.to_string())
            .with_span(
                &file,
                offset + span.start..offset + span.end.max(span.start + 1),
                "here",
            )
            .with_help("USI moves look like `5e4d`, `2e1a+` (promote) or `P*3c` (drop)"),
        koma_vm::UsiError::Illegal { .. } => Diagnostic::error("koma::illegal-move", e.to_string())
            .with_span(&file, offset..offset + len, "this move"),
    }
}

/// An action of a `--moves` line (at `offset`, `len` bytes long) that cannot be played now.
pub fn action(e: &koma_vm::ActionError, line: &str, offset: usize, len: usize) -> Diagnostic {
    let file = SourceFile::standalone("moves", line);
    let span = offset..offset + len.max(1);
    match e {
        koma_vm::ActionError::Usi(u) => usi(u, line, offset, len),
        koma_vm::ActionError::GameOver(_) => Diagnostic::error("koma::game-over", e.to_string())
            .with_span(&file, span, "played after the end")
            .with_help("the moves before it ended the game; `koma moves` lists nothing once a game is over"),
        koma_vm::ActionError::UnknownPiece(_) => Diagnostic::error("koma::unknown-piece", e.to_string())
            .with_span(&file, span, "this piece")
            .with_help("name a piece by its name or its SFEN letter: `designate Rook`, `designate R`"),
        koma_vm::ActionError::Option(_)
        | koma_vm::ActionError::NotDesignated(_)
        | koma_vm::ActionError::DesignationFirst => {
            Diagnostic::error("koma::option", e.to_string())
                .with_span(&file, span, "this action")
                .with_help("`koma moves` lists what may be played now, opening options included")
        }
    }
}

/// A scenario file that does not follow the scenario grammar.
pub fn scenario_syntax(e: &koma_scenario::SyntaxError, file: &Arc<SourceFile>) -> Diagnostic {
    Diagnostic::error("koma::scenario-syntax", e.message.clone())
        .with_span(file, e.span.clone(), "here")
        .with_help("see grammar/README.md, section Scenario files")
}

/// A scenario whose step failed.
pub fn scenario_failure(
    result: &koma_scenario::ScenarioResult,
    file: &Arc<SourceFile>,
) -> Option<Diagnostic> {
    let f = result.failure.as_ref()?;
    Some(
        Diagnostic::error(
            "koma::scenario-failed",
            format!("scenario \"{}\" failed: {}", result.name, f.message),
        )
        .with_span(file, f.span.clone(), "this step")
        .with_span(file, result.span.clone(), "in this scenario"),
    )
}
