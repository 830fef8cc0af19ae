//! pest grammar to [`GameFile`]: one module per family of statements, and the syntax errors.

mod drop_rules;
mod end_rules;
mod errors;
mod outline;
mod statements;

pub use errors::SyntaxError;
use errors::{syntax_error, unknown_rule};
pub use outline::{Outline, OutlineStatement, StatementKind, outline};
use statements::statement;

use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;

use crate::ast::*;

#[derive(Parser)]
#[grammar = "../../../grammar/game.pest"]
struct GameParser;

/// Parses a `.game` source text into its syntax tree.
///
/// Only the shape of the text is checked here; names, numbers and Betza strings are validated by the compiler.
pub fn parse(source: &str) -> Result<GameFile, SyntaxError> {
    parse_at(source, 0)
}

/// Parses a `.game` source text whose spans start at byte `base` instead of 0, so that the files of one game
/// (a game and the games it extends) share one span space without overlapping; a source map turns such a
/// span back into a file, line and column.
pub fn parse_at(source: &str, base: usize) -> Result<GameFile, SyntaxError> {
    parse_outlined_at(source, base).map(|(tree, _)| tree)
}

/// [`parse_at`], with the [`Outline`] of the same parse (its spans from `base` too): a language server reads
/// both from one parse of each edit.
pub fn parse_outlined_at(source: &str, base: usize) -> Result<(GameFile, Outline), SyntaxError> {
    if base == 0 {
        return parse_spans(source);
    }
    let mut padded = String::with_capacity(base + source.len());
    padded.extend(std::iter::repeat_n(' ', base));
    padded.push_str(source);
    parse_spans(&padded)
}

thread_local! {
    static PARSES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many texts this thread has parsed (into a tree or an outline): how a test sees that a front end
/// parses an edit once.
pub fn parses_on_this_thread() -> usize {
    PARSES.with(|p| p.get())
}

/// Counts one parse on this thread.
pub(crate) fn count_parse() {
    PARSES.with(|p| p.set(p.get() + 1));
}

fn parse_spans(source: &str) -> Result<(GameFile, Outline), SyntaxError> {
    count_parse();
    pest::set_error_detail(true);
    let mut pairs = GameParser::parse(Rule::file, source)
        .map_err(|e| lone_carriage_return(source).unwrap_or_else(|| syntax_error(e, source)))?;
    let file = pairs.next().expect("the file rule always yields one pair");
    let outline = outline::of_file(file.clone(), source)?;
    let mut inner = file.into_inner();
    let mut header = inner
        .next()
        .expect("a file starts with its header")
        .into_inner();
    let name = string(header.next().expect("header has a name"));
    let extends = header
        .next()
        .map(|e| string(e.into_inner().next().expect("parent name")));
    let mut statements = Vec::new();
    for pair in inner {
        if pair.as_rule() == Rule::EOI {
            break;
        }
        statements.push(statement(pair)?);
    }
    Ok((
        GameFile {
            name,
            extends,
            statements,
        },
        outline,
    ))
}

/// A file whose lines end with a carriage return alone (old Mac style) reads as one long line: say so, at
/// the first of them, rather than what the parser found at the end of that line.
fn lone_carriage_return(source: &str) -> Option<SyntaxError> {
    let at = source
        .bytes()
        .enumerate()
        .position(|(i, b)| b == b'\r' && source.as_bytes().get(i + 1) != Some(&b'\n'))?;
    Some(SyntaxError {
        message: "this line ends with a carriage return alone: koma reads lines that end with a line feed \
                  (LF, or CRLF); save the file with LF line endings"
            .into(),
        span: at..at + 1,
    })
}

pub(super) fn span(pair: &Pair<Rule>) -> Span {
    let s = pair.as_span();
    s.start()..s.end()
}

pub(super) fn text(pair: Pair<Rule>) -> Spanned<String> {
    Spanned::new(pair.as_str().to_string(), span(&pair))
}

/// The content of a string literal, spanned without the quotes.
pub(super) fn string(pair: Pair<Rule>) -> Spanned<String> {
    text(pair.into_inner().next().expect("a string has a body"))
}

pub(super) fn int(pair: Pair<Rule>) -> Result<Spanned<u32>, SyntaxError> {
    let sp = span(&pair);
    pair.as_str()
        .parse::<u32>()
        .map(|n| Spanned::new(n, sp.clone()))
        .map_err(|_| SyntaxError {
            message: format!("the number `{}` is too large", pair.as_str()),
            span: sp,
        })
}

pub(super) fn zone(pair: Pair<Rule>) -> Result<Spanned<Zone>, SyntaxError> {
    let zsp = span(&pair);
    let zrule = pair.as_rule();
    let nums = pair.into_inner().map(int).collect::<Result<Vec<_>, _>>()?;
    let z = match (zrule, nums.as_slice()) {
        (Rule::zone_last, [n]) => Zone::Last(n.node),
        (Rule::zone_last, []) => Zone::Last(1),
        (Rule::zone_ranks, [a]) => Zone::Ranks(a.node, a.node),
        (Rule::zone_ranks, [a, b]) => Zone::Ranks(a.node, b.node),
        (rule, _) => return Err(unknown_rule(rule, zsp)),
    };
    Ok(Spanned::new(z, zsp))
}
