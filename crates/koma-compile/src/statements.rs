//! Statements gathered by kind; a statement that may appear once and appears twice is reported.

use koma_syntax::Span;
use koma_syntax::ast::{self, DropRule, GameFile, PieceDecl, Spanned, Statement, Zone};

use crate::code::Code;
use crate::diagnostic::Diagnostics;

/// A statement given once, with where it was given.
pub(crate) type Once<T> = Option<(T, Span)>;

/// The statements of a game file, by kind.
#[derive(Default)]
pub(crate) struct Statements<'a> {
    pub board: Once<(u32, u32)>,
    pub pieces: Vec<&'a PieceDecl>,
    pub promotion_zone: Once<Zone>,
    pub stranded: Once<()>,
    pub mandatory: Once<&'a [Spanned<String>]>,
    pub captures: Once<ast::Captures>,
    pub royals_capturable: Once<()>,
    pub options: Once<&'a [Spanned<ast::GameOption>]>,
    pub drop_rules: Vec<&'a Spanned<DropRule>>,
    drop_block: Once<()>,
    pub start: Once<&'a Spanned<String>>,
    pub end: Once<&'a [Spanned<ast::EndRule>]>,
    pub lints: Once<()>,
}

/// Sorts the statements of `file` by kind.
pub(crate) fn collect<'a>(d: &mut Diagnostics, file: &'a GameFile) -> Statements<'a> {
    let mut s = Statements::default();
    for st in &file.statements {
        match st {
            Statement::Board { files, ranks, span } => once(
                d,
                &mut s.board,
                (files.node, ranks.node),
                span,
                "the board size",
            ),
            Statement::Piece(p) => s.pieces.push(p),
            Statement::PromotionZone(z) => once(
                d,
                &mut s.promotion_zone,
                z.node,
                &z.span,
                "the promotion zone",
            ),
            Statement::MandatoryPromotion(names) => once(
                d,
                &mut s.mandatory,
                names.node.as_slice(),
                &names.span,
                "`promotion is mandatory`",
            ),
            Statement::StrandedMustPromote(span) => once(
                d,
                &mut s.stranded,
                (),
                span,
                "`stranded pieces must promote`",
            ),
            Statement::Captures(c) => once(
                d,
                &mut s.captures,
                c.node,
                &c.span,
                "where captured pieces go",
            ),
            Statement::RoyalsCapturable(span) => once(
                d,
                &mut s.royals_capturable,
                (),
                span,
                "`kings may be captured`",
            ),
            Statement::Options(list) => once(
                d,
                &mut s.options,
                list.node.as_slice(),
                &list.span,
                "the `options` block",
            ),
            Statement::DropRules(rules) => {
                if s.drop_block.is_none() {
                    s.drop_rules.extend(rules.node.iter());
                }
                once(
                    d,
                    &mut s.drop_block,
                    (),
                    &rules.span,
                    "the `drop rules` block",
                );
            }
            Statement::Start(sfen) => once(d, &mut s.start, sfen, &sfen.span, "the start position"),
            Statement::Lints(list) => once(d, &mut s.lints, (), &list.span, "the `lints` block"),
            Statement::End(rules) => once(
                d,
                &mut s.end,
                rules.node.as_slice(),
                &rules.span,
                "the `end` block",
            ),
        }
    }
    s
}

/// Keeps the first of a statement that may appear once; reports a second one.
fn once<T>(d: &mut Diagnostics, slot: &mut Once<T>, value: T, span: &Span, what: &str) {
    match slot {
        Some((_, first)) => {
            let first = first.clone();
            d.report(
                Code::DuplicateStatement,
                span.clone(),
                format!("{what} is given twice"),
            )
            .label("second one")
            .also(first, "first one")
            .help("keep one of them");
        }
        None => *slot = Some((value, span.clone())),
    }
}
