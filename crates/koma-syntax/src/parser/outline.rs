//! The outline of a `.game` text: where its header, statements and the items of its blocks lie, by byte
//! span, before any meaning is given to them. The formatter and the language server's document symbols read
//! it; the syntax tree ([`crate::parse`]) is for everything that needs meaning.

use pest::Parser;
use pest::iterators::Pair;

use super::errors::syntax_error;
use super::{GameParser, Rule, span, unknown_rule};
use crate::ast::Span;
use crate::parser::SyntaxError;

/// What kind of top-level statement a span holds, in the words of the language reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StatementKind {
    /// `board F x R`.
    Board,
    /// `piece NAME LETTER moves "…" …`.
    Piece,
    /// `value NAME N`.
    Value,
    /// `confine NAME to …`.
    Confine,
    /// `promotion zone …`.
    PromotionZone,
    /// `promotion is mandatory …`.
    MandatoryPromotion,
    /// `stranded pieces must promote`.
    StrandedMustPromote,
    /// `stranded pieces may promote`.
    StrandedMayPromote,
    /// `promotion only on entering the zone or capturing from it`.
    PromotionOnEntry,
    /// `promotion by capture`.
    PromotionByCapture,
    /// `lion rules { … }`.
    LionRules,
    /// `captured pieces …`.
    Captures,
    /// `kings may be captured`.
    RoyalsCapturable,
    /// `royal pieces: the last one counts`.
    LastRoyalCounts,
    /// `no royal pieces`.
    NoRoyals,
    /// `pieces move as the friendly piece behind them`.
    BorrowedMoves,
    /// `captures are compulsory …`.
    CompulsoryCapture,
    /// `pieces that cannot bare a king: …`.
    CannotBare,
    /// `range capture: …`.
    RangeCapture,
    /// `range capture takes every piece it jumps`.
    RangeCaptureTakes,
    /// `range capture { … }`.
    RangeCaptureLists,
    /// `burning: …`.
    Burning,
    /// `burning spares …`.
    BurningSpares,
    /// `pieces that stop next to an enemy burner burn`.
    PassiveBurning,
    /// `moves in two legs hold the square they start from`.
    LegsHold,
    /// `moves anywhere: …`.
    Anywhere,
    /// `without …`.
    Without,
    /// `drop rules { … }`.
    DropRules,
    /// `start "SFEN"`.
    Start,
    /// `end { … }`.
    End,
    /// `options { … }`.
    Options,
    /// `lints { … }`.
    Lints,
}

impl StatementKind {
    /// Whether the statement is a block in braces, whose items are listed in [`OutlineStatement::items`].
    pub fn is_block(self) -> bool {
        matches!(
            self,
            StatementKind::DropRules
                | StatementKind::LionRules
                | StatementKind::RangeCaptureLists
                | StatementKind::Options
                | StatementKind::End
                | StatementKind::Lints
        )
    }
}

/// One top-level statement of an [`Outline`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineStatement {
    /// What it is.
    pub kind: StatementKind,
    /// The whole statement.
    pub span: Span,
    /// Its parts: each item of a block; for any other statement, each part the grammar names (for a piece:
    /// its name, letter, moves string, then each attribute; for a board: its two numbers).
    pub items: Vec<Span>,
}

/// Where the parts of a `.game` text lie.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outline {
    /// `game "NAME" [extends "PARENT"]`.
    pub header: Span,
    /// The statements, in the order of the text.
    pub statements: Vec<OutlineStatement>,
}

/// The outline of a `.game` text, or the syntax error that stops it from being read.
pub fn outline(source: &str) -> Result<Outline, SyntaxError> {
    super::count_parse();
    let mut pairs = GameParser::parse(Rule::file, source).map_err(|e| syntax_error(e, source))?;
    of_file(
        pairs.next().expect("the file rule always yields one pair"),
        source,
    )
}

/// The outline of a parsed `file` pair of `source`.
pub(crate) fn of_file(file: Pair<'_, Rule>, source: &str) -> Result<Outline, SyntaxError> {
    let mut inner = file.into_inner();
    let header = trimmed(
        source,
        span(&inner.next().expect("a file starts with its header")),
    );
    let statements = inner
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| {
            Ok(OutlineStatement {
                kind: kind(p.as_rule()).ok_or_else(|| unknown_rule(p.as_rule(), span(&p)))?,
                span: trimmed(source, span(&p)),
                items: p
                    .into_inner()
                    .map(|item| trimmed(source, span(&item)))
                    .collect(),
            })
        })
        .collect::<Result<_, SyntaxError>>()?;
    Ok(Outline { header, statements })
}

/// A span without the white space and comments that the grammar's optional tails leave at its end (`kanji
/// "歩"` followed by a comment, then the next line).
fn trimmed(source: &str, span: Span) -> Span {
    let mut end = span.end;
    loop {
        end = span.start + source[span.start..end].trim_end().len();
        let line_start = source[span.start..end]
            .rfind('\n')
            .map_or(span.start, |n| span.start + n + 1);
        match comment_start(&source[line_start..end]) {
            Some(at) => end = line_start + at,
            None => return span.start..end,
        }
    }
}

/// Where a `//` comment starts in a line, outside strings.
fn comment_start(line: &str) -> Option<usize> {
    let mut in_string = false;
    let bytes = line.as_bytes();
    (0..bytes.len()).find(|&i| {
        if bytes[i] == b'"' {
            in_string = !in_string;
        }
        !in_string && line[i..].starts_with("//")
    })
}

fn kind(rule: Rule) -> Option<StatementKind> {
    Some(match rule {
        Rule::board => StatementKind::Board,
        Rule::piece => StatementKind::Piece,
        Rule::value => StatementKind::Value,
        Rule::confine => StatementKind::Confine,
        Rule::promotion_zone => StatementKind::PromotionZone,
        Rule::mandatory => StatementKind::MandatoryPromotion,
        Rule::stranded => StatementKind::StrandedMustPromote,
        Rule::stranded_may => StatementKind::StrandedMayPromote,
        Rule::promotion_entry => StatementKind::PromotionOnEntry,
        Rule::promotion_capture => StatementKind::PromotionByCapture,
        Rule::lion_rules => StatementKind::LionRules,
        Rule::captures => StatementKind::Captures,
        Rule::royals_capturable => StatementKind::RoyalsCapturable,
        Rule::last_royal => StatementKind::LastRoyalCounts,
        Rule::no_royals => StatementKind::NoRoyals,
        Rule::borrowed => StatementKind::BorrowedMoves,
        Rule::compulsory => StatementKind::CompulsoryCapture,
        Rule::cannot_bare => StatementKind::CannotBare,
        Rule::range_capture => StatementKind::RangeCapture,
        Rule::range_capture_takes => StatementKind::RangeCaptureTakes,
        Rule::range_capture_lists => StatementKind::RangeCaptureLists,
        Rule::burning => StatementKind::Burning,
        Rule::burning_spares => StatementKind::BurningSpares,
        Rule::passive_burning => StatementKind::PassiveBurning,
        Rule::legs_hold => StatementKind::LegsHold,
        Rule::anywhere => StatementKind::Anywhere,
        Rule::without => StatementKind::Without,
        Rule::drop_rules => StatementKind::DropRules,
        Rule::options => StatementKind::Options,
        Rule::start => StatementKind::Start,
        Rule::end_rules => StatementKind::End,
        Rule::lints => StatementKind::Lints,
        // The grammar's `statement` rule lists exactly the rules above.
        _ => return None,
    })
}
