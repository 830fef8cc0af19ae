//! Which statement or block item each comment belongs to.
//!
//! A comment on the line where a statement (or item) ends trails it; a comment on lines of its own leads the
//! statement (or item) that follows; comments after the last statement close the file, and comments before
//! `game` open it. A comment inside a one-line statement written over several lines is moved above it.

use koma_syntax::{Outline, Span};

use crate::tokens::{self, Token};

/// Where one comment goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// Before the header, or after the last statement (`blank_before`: a blank line came before it).
    Prelude { blank_before: bool },
    /// After everything.
    Epilogue { blank_before: bool },
    /// At the end of the header's line.
    HeaderTrailing,
    /// Above statement `i`.
    Leading(usize),
    /// At the end of statement `i`'s last line.
    Trailing(usize),
    /// At the end of block `i`'s opening line.
    Open(usize),
    /// Above item `j` of block `i`.
    ItemLeading(usize, usize),
    /// At the end of item `j` of block `i`.
    ItemTrailing(usize, usize),
    /// Inside block `i`, after its last item.
    Closing(usize),
}

/// Every comment of `source` with its place, in the order of the text.
pub(crate) fn place(source: &str, outline: &Outline) -> Vec<(String, Place)> {
    let mut previous_end = 0;
    tokens::comments(source, 0..source.len())
        .into_iter()
        .map(|comment| {
            let text = source[comment.span.clone()].trim_end().to_string();
            let blank_before = blank_line_between(source, previous_end, comment.span.start);
            previous_end = comment.span.end;
            (text, place_one(source, outline, &comment, blank_before))
        })
        .collect()
}

fn place_one(source: &str, outline: &Outline, comment: &Token, blank_before: bool) -> Place {
    let at = comment.span.start;
    if at < outline.header.start {
        return Place::Prelude { blank_before };
    }
    let statements = &outline.statements;
    if let Some(i) = statements.iter().position(|s| s.span.contains(&at)) {
        let s = &statements[i];
        if !s.kind.is_block() {
            return Place::Leading(i);
        }
        return place_in_block(source, i, &s.span, &s.items, at);
    }
    let previous = statements.iter().rposition(|s| s.span.end <= at);
    let previous_end = previous.map_or(outline.header.end, |i| statements[i].span.end);
    if same_line(source, previous_end, at) {
        return previous.map_or(Place::HeaderTrailing, Place::Trailing);
    }
    match statements.iter().position(|s| s.span.start >= at) {
        Some(next) => Place::Leading(next),
        None => Place::Epilogue { blank_before },
    }
}

fn place_in_block(source: &str, i: usize, span: &Span, items: &[Span], at: usize) -> Place {
    let previous = items.iter().rposition(|item| item.end <= at);
    match previous {
        Some(j) if same_line(source, items[j].end, at) => return Place::ItemTrailing(i, j),
        None if same_line(source, span.start, at) => return Place::Open(i),
        _ => {}
    }
    match items.iter().position(|item| item.start >= at) {
        Some(j) => Place::ItemLeading(i, j),
        None => Place::Closing(i),
    }
}

fn same_line(source: &str, from: usize, to: usize) -> bool {
    !source[from..to].contains('\n')
}

fn blank_line_between(source: &str, from: usize, to: usize) -> bool {
    let lines: Vec<&str> = source[from..to].split('\n').collect();
    lines.len() > 2
        && lines[1..lines.len() - 1]
            .iter()
            .any(|l| l.trim().is_empty())
}
