//! Statements gathered by kind; a statement that may appear once and appears twice is reported.

use koma_syntax::Span;
use koma_syntax::ast::{self, DropRule, GameFile, PieceDecl, Spanned, Statement, Zone};

use crate::code::Code;
use crate::diagnostic::Diagnostics;

/// A statement given once, with where it was given.
pub(crate) type Once<T> = Option<(T, Span)>;

/// A `confine PIECE to files A..B, ZONE` statement's parts.
pub(crate) struct Confine<'a> {
    pub piece: &'a Spanned<String>,
    pub files: Option<&'a Spanned<(u32, u32)>>,
    pub ranks: Option<&'a Spanned<Zone>>,
    pub span: &'a Span,
}

/// The two forms of `range capture`, of which a game gives one.
pub(crate) enum RangeCaptureForm<'a> {
    /// `range capture: NAME > NAME, NAME > ...`.
    Ranks(&'a Vec<Vec<Spanned<String>>>),
    /// `range capture { NAME may not jump NAME, ... }`.
    Lists(&'a Vec<Spanned<ast::RangeCapturer>>),
}

/// The statements of a game file, by kind.
#[derive(Default)]
pub(crate) struct Statements<'a> {
    pub board: Once<(u32, u32)>,
    pub pieces: Vec<&'a PieceDecl>,
    pub promotion_zone: Once<Zone>,
    pub stranded: Once<()>,
    pub stranded_may: Once<()>,
    pub promotion_on_entry: Once<()>,
    pub promotion_by_capture: Once<()>,
    pub lion_rules: Once<&'a Vec<Spanned<ast::LionRule>>>,
    pub mandatory: Once<&'a Vec<Spanned<String>>>,
    pub cannot_bare: Once<&'a Vec<Spanned<String>>>,
    pub range_capture: Once<RangeCaptureForm<'a>>,
    pub burning: Once<&'a Vec<Spanned<String>>>,
    pub burning_spares: Once<&'a Vec<Spanned<String>>>,
    pub passive_burning: Once<()>,
    pub legs_hold: Once<()>,
    pub range_capture_takes: Once<()>,
    pub anywhere: Once<&'a ast::Anywhere>,
    pub captures: Once<ast::Captures>,
    pub royals_capturable: Once<()>,
    pub last_royal: Once<bool>,
    pub no_royals: Once<()>,
    pub borrowed: Once<()>,
    pub compulsory: Once<ast::CompulsoryCapture>,
    pub options: Once<&'a Vec<Spanned<ast::GameOption>>>,
    pub drop_rules: Vec<&'a Spanned<DropRule>>,
    drop_block: Once<()>,
    pub start: Once<&'a Spanned<String>>,
    pub end: Once<&'a Vec<Spanned<ast::EndRule>>>,
    pub lints: Once<()>,
    /// `value PIECE N` statements, in order.
    pub values: Vec<&'a Statement>,
    /// `confine PIECE to ...` statements, in order.
    pub confines: Vec<Confine<'a>>,
}

/// Sorts the statements of `file` by kind. A new statement adds one arm here and one in [`what`].
pub(crate) fn collect<'a>(d: &mut Diagnostics, file: &'a GameFile) -> Statements<'a> {
    let mut s = Statements::default();
    for st in &file.statements {
        let w = what(st);
        match st {
            Statement::Board { files, ranks, span } => {
                once(d, &mut s.board, (files.node, ranks.node), span, w)
            }
            Statement::Piece(p) => s.pieces.push(p),
            Statement::PromotionZone(z) => once(d, &mut s.promotion_zone, z.node, &z.span, w),
            Statement::MandatoryPromotion(n) => once(d, &mut s.mandatory, &n.node, &n.span, w),
            Statement::CannotBare(n) => once(d, &mut s.cannot_bare, &n.node, &n.span, w),
            Statement::RangeCapture(r) => {
                let form = RangeCaptureForm::Ranks(&r.node);
                once(d, &mut s.range_capture, form, &r.span, w)
            }
            Statement::RangeCaptureLists(r) => {
                let form = RangeCaptureForm::Lists(&r.node);
                once(d, &mut s.range_capture, form, &r.span, w)
            }
            Statement::Burning(b) => once(d, &mut s.burning, &b.node, &b.span, w),
            Statement::BurningSpares(b) => once(d, &mut s.burning_spares, &b.node, &b.span, w),
            Statement::PassiveBurning(span) => once(d, &mut s.passive_burning, (), span, w),
            Statement::LegsHold(span) => once(d, &mut s.legs_hold, (), span, w),
            Statement::RangeCaptureTakes(span) => once(d, &mut s.range_capture_takes, (), span, w),
            Statement::Anywhere(a) => once(d, &mut s.anywhere, &a.node, &a.span, w),
            Statement::StrandedMustPromote(span) => once(d, &mut s.stranded, (), span, w),
            Statement::StrandedMayPromote(span) => once(d, &mut s.stranded_may, (), span, w),
            Statement::PromotionOnEntry(span) => once(d, &mut s.promotion_on_entry, (), span, w),
            Statement::PromotionByCapture(span) => {
                once(d, &mut s.promotion_by_capture, (), span, w)
            }
            Statement::LionRules(l) => once(d, &mut s.lion_rules, &l.node, &l.span, w),
            Statement::Captures(c) => once(d, &mut s.captures, c.node, &c.span, w),
            Statement::RoyalsCapturable(span) => once(d, &mut s.royals_capturable, (), span, w),
            Statement::LastRoyalCounts(l) => once(d, &mut s.last_royal, l.node, &l.span, w),
            Statement::NoRoyals(span) => once(d, &mut s.no_royals, (), span, w),
            Statement::BorrowedMoves(span) => once(d, &mut s.borrowed, (), span, w),
            Statement::CompulsoryCapture(c) => once(d, &mut s.compulsory, c.node, &c.span, w),
            Statement::Options(l) => once(d, &mut s.options, &l.node, &l.span, w),
            Statement::DropRules(rules) => {
                if s.drop_block.is_none() {
                    s.drop_rules.extend(rules.node.iter());
                }
                once(d, &mut s.drop_block, (), &rules.span, w);
            }
            Statement::Start(sfen) => once(d, &mut s.start, sfen, &sfen.span, w),
            Statement::Lints(l) => once(d, &mut s.lints, (), &l.span, w),
            Statement::End(rules) => once(d, &mut s.end, &rules.node, &rules.span, w),
            Statement::Value { .. } => s.values.push(st),
            Statement::Confine {
                piece,
                files,
                ranks,
                span,
            } => s.confines.push(Confine {
                piece,
                files: files.as_ref(),
                ranks: ranks.as_ref(),
                span,
            }),
            // Applied while the chain of files is merged (`inherit`); one left over was reported there.
            Statement::Without(_) => {}
        }
    }
    s
}

/// What a statement is about, for "given twice".
fn what(st: &Statement) -> &'static str {
    match st {
        Statement::Board { .. } => "the board size",
        Statement::Piece(_) => "a piece",
        Statement::PromotionZone(_) => "the promotion zone",
        Statement::MandatoryPromotion(_) => "`promotion is mandatory`",
        Statement::StrandedMustPromote(_) => "`stranded pieces must promote`",
        Statement::StrandedMayPromote(_) => "`stranded pieces may promote`",
        Statement::PromotionOnEntry(_) => {
            "`promotion only on entering the zone or capturing from it`"
        }
        Statement::PromotionByCapture(_) => "`promotion by capture`",
        Statement::LionRules(_) => "the `lion rules` block",
        Statement::Captures(_) => "where captured pieces go",
        Statement::RoyalsCapturable(_) => "`kings may be captured`",
        Statement::LastRoyalCounts(_) => "`royal pieces: the last one counts`",
        Statement::NoRoyals(_) => "`no royal pieces`",
        Statement::BorrowedMoves(_) => "`pieces move as the friendly piece behind them`",
        Statement::CompulsoryCapture(_) => "`captures are compulsory`",
        Statement::CannotBare(_) => "`pieces that cannot bare a king`",
        Statement::RangeCapture(_) => "`range capture`",
        Statement::Burning(_) => "`burning`",
        Statement::BurningSpares(_) => "`burning spares`",
        Statement::PassiveBurning(_) => "`pieces that stop next to an enemy burner burn`",
        Statement::LegsHold(_) => "`moves in two legs hold the square they start from`",
        Statement::RangeCaptureLists(_) => "`range capture`",
        Statement::RangeCaptureTakes(_) => "`range capture takes every piece it jumps`",
        Statement::Anywhere(_) => "`moves anywhere`",
        Statement::Options(_) => "the `options` block",
        Statement::DropRules(_) => "the `drop rules` block",
        Statement::Start(_) => "the start position",
        Statement::Lints(_) => "the `lints` block",
        Statement::End(_) => "the `end` block",
        Statement::Value { .. } => "a `value` statement",
        Statement::Confine { .. } => "a `confine` statement",
        Statement::Without(_) => "a `without` statement",
    }
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

/// The pieces a statement given once per piece (`value`, `confine`) has named so far, and where.
#[derive(Default)]
pub(crate) struct PerPiece(Vec<(usize, Span)>);

impl PerPiece {
    /// Whether the statement at `span` is the first for the face at index `face`; a second one is reported as
    /// `koma::duplicate-statement` with `message` and `help`.
    pub fn first(
        &mut self,
        d: &mut Diagnostics,
        face: usize,
        span: &Span,
        message: String,
        help: &str,
    ) -> bool {
        if let Some((_, first)) = self.0.iter().find(|(f, _)| *f == face) {
            d.report(Code::DuplicateStatement, span.clone(), message)
                .label("second one")
                .also(first.clone(), "first one")
                .help(help);
            return false;
        }
        self.0.push((face, span.clone()));
        true
    }
}
