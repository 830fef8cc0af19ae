//! The statements in the reference's order, in paragraphs, with their comments.

use std::collections::HashMap;

use koma_syntax::{Outline, OutlineStatement, StatementKind};

use crate::comments::{self, Place};
use crate::pieces;
use crate::tokens::{self, Kind};

/// The comments of a text, sorted by where they go.
#[derive(Default)]
struct Comments {
    prelude: Vec<(String, bool)>,
    epilogue: Vec<(String, bool)>,
    header: Option<String>,
    leading: HashMap<usize, Vec<String>>,
    trailing: HashMap<usize, String>,
    open: HashMap<usize, String>,
    item_leading: HashMap<(usize, usize), Vec<String>>,
    item_trailing: HashMap<(usize, usize), String>,
    closing: HashMap<usize, Vec<String>>,
}

impl Comments {
    fn sort(source: &str, outline: &Outline) -> Comments {
        let mut c = Comments::default();
        for (text, place) in comments::place(source, outline) {
            match place {
                Place::Prelude { blank_before } => c.prelude.push((text, blank_before)),
                Place::Epilogue { blank_before } => c.epilogue.push((text, blank_before)),
                Place::HeaderTrailing => c.header = Some(text),
                Place::Leading(i) => c.leading.entry(i).or_default().push(text),
                Place::Trailing(i) => {
                    c.trailing.insert(i, text);
                }
                Place::Open(i) => {
                    c.open.insert(i, text);
                }
                Place::ItemLeading(i, j) => c.item_leading.entry((i, j)).or_default().push(text),
                Place::ItemTrailing(i, j) => {
                    c.item_trailing.insert((i, j), text);
                }
                Place::Closing(i) => c.closing.entry(i).or_default().push(text),
            }
        }
        c
    }
}

/// Which paragraph a statement goes in: the one-line rules share one.
fn paragraph(kind: StatementKind) -> StatementKind {
    use StatementKind::*;
    match kind {
        PromotionZone | PromotionOnEntry | PromotionByCapture | MandatoryPromotion
        | StrandedMustPromote | StrandedMayPromote | Captures | RoyalsCapturable
        | LastRoyalCounts | NoRoyals | BorrowedMoves | CompulsoryCapture | CannotBare
        | RangeCapture | RangeCaptureTakes | Burning | BurningSpares | PassiveBurning
        | LegsHold | Anywhere => PromotionZone,
        other => other,
    }
}

/// One line of output: its code, and the comment at its end.
#[derive(Default)]
struct Line {
    code: String,
    comment: Option<String>,
}

impl From<String> for Line {
    fn from(code: String) -> Line {
        Line {
            code,
            comment: None,
        }
    }
}

/// The text of `source` in its canonical layout.
pub(crate) fn render(source: &str, outline: &Outline) -> String {
    let comments = Comments::sort(source, outline);
    let mut out: Vec<Line> = Vec::new();
    with_blank_lines(&mut out, &comments.prelude);
    out.push(with_trailing(
        tokens::words(source, outline.header.clone()),
        comments.header.as_ref(),
    ));

    let statements = &outline.statements;
    let mut order: Vec<usize> = (0..statements.len()).collect();
    order.sort_by_key(|&i| statements[i].kind);
    let rows: HashMap<usize, pieces::Row> = order
        .iter()
        .filter(|&&i| statements[i].kind == StatementKind::Piece)
        .map(|&i| (i, pieces::row(source, &statements[i])))
        .collect();
    let pieces: Vec<usize> = order
        .iter()
        .copied()
        .filter(|i| rows.contains_key(i))
        .collect();
    let table: HashMap<usize, String> = pieces
        .iter()
        .copied()
        .zip(pieces::table(
            &pieces.iter().map(|i| &rows[i]).collect::<Vec<_>>(),
        ))
        .collect();

    let mut previous: Option<StatementKind> = None;
    for &i in &order {
        let s = &statements[i];
        let leading = comments.leading.get(&i);
        if previous != Some(paragraph(s.kind)) || leading.is_some() {
            out.push(Line::default());
        }
        previous = Some(paragraph(s.kind));
        out.extend(leading.into_iter().flatten().cloned().map(Line::from));
        let trailing = comments.trailing.get(&i);
        if s.kind.is_block() {
            block(&mut out, source, i, s, &comments);
            if let Some(last) = out.last_mut() {
                last.comment = trailing.cloned();
            }
        } else {
            let line = table
                .get(&i)
                .cloned()
                .unwrap_or_else(|| tokens::words(source, s.span.clone()));
            out.push(with_trailing(line, trailing));
        }
    }
    if !comments.epilogue.is_empty() {
        out.push(Line::default());
        with_blank_lines(&mut out, &comments.epilogue);
    }
    text(&out)
}

/// The lines as text: the comments at the ends of consecutive lines start in one column, two spaces after
/// the longest of those lines.
fn text(lines: &[Line]) -> String {
    let mut text = String::new();
    for run in lines.chunk_by(|a, b| a.comment.is_some() == b.comment.is_some()) {
        let width = run
            .iter()
            .map(|l| l.code.chars().count())
            .max()
            .unwrap_or(0);
        for line in run {
            text.push_str(&line.code);
            if let Some(comment) = &line.comment {
                text.extend(std::iter::repeat_n(
                    ' ',
                    width - line.code.chars().count() + 2,
                ));
                text.push_str(comment);
            }
            text.push('\n');
        }
    }
    text
}

/// Comment lines, a blank line kept where the text had one between two of them.
fn with_blank_lines(out: &mut Vec<Line>, lines: &[(String, bool)]) {
    for (k, (line, blank_before)) in lines.iter().enumerate() {
        if k > 0 && *blank_before {
            out.push(Line::default());
        }
        out.push(line.clone().into());
    }
}

fn with_trailing(code: String, comment: Option<&String>) -> Line {
    Line {
        code,
        comment: comment.cloned(),
    }
}

/// `head {`, one item per line indented two spaces, `}`; `head {}` when empty.
fn block(out: &mut Vec<Line>, source: &str, i: usize, s: &OutlineStatement, c: &Comments) {
    let open_brace = tokens::lex(source, s.span.clone())
        .into_iter()
        .find(|t| t.kind == Kind::Punct && &source[t.span.clone()] == "{")
        .map_or(s.span.end, |t| t.span.start);
    let head = tokens::words(source, s.span.start..open_brace);
    let closing = c.closing.get(&i);
    if s.items.is_empty() && closing.is_none() && !c.open.contains_key(&i) {
        out.push(format!("{head} {{}}").into());
        return;
    }
    out.push(with_trailing(format!("{head} {{"), c.open.get(&i)));
    for (j, item) in s.items.iter().enumerate() {
        for comment in c.item_leading.get(&(i, j)).into_iter().flatten() {
            out.push(format!("  {comment}").into());
        }
        let line = format!("  {}", tokens::words(source, item.clone()));
        out.push(with_trailing(line, c.item_trailing.get(&(i, j))));
    }
    for comment in closing.into_iter().flatten() {
        out.push(format!("  {comment}").into());
    }
    out.push(String::from("}").into());
}
