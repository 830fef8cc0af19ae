//! Compiles `.game` source text into [`koma_vm::Rules`].
//!
//! The text is parsed by `koma-syntax`, then every statement is checked and lowered into a
//! [`koma_vm::GameSpec`]. Checks do not stop at the first problem: [`compile`] returns every error it
//! finds, each with a stable code and the span of the text it is about, so a tool can show them all.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use koma_syntax::ast::{self, DropRule, GameFile, Spanned, Statement, Zone};
use koma_syntax::betza;
use koma_vm::spec::{self, EndRuleSpec, GameSpec, MoveSpec, PieceSpec};
use koma_vm::{Position, Rules};

mod inherit;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The game cannot be compiled.
    Error,
    /// The game compiles, but this is probably not what was meant.
    Warning,
}

/// A problem found in a `.game` file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A stable, kebab-case code such as `koma::unknown-piece`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// The text it is about.
    pub span: Range<usize>,
    /// A short label for the span.
    pub label: String,
    /// How to fix it.
    pub help: Option<String>,
}

/// A successfully compiled game.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The rule tables.
    pub rules: Arc<Rules>,
    /// The spec they were built from.
    pub spec: GameSpec,
    /// Warnings found on the way.
    pub warnings: Vec<Diagnostic>,
}

/// Compiles a `.game` source that extends no other game. On failure, returns every diagnostic found.
pub fn compile(source: &str) -> Result<Compiled, Vec<Diagnostic>> {
    compile_with(source, &|_| None)
}

/// Compiles a `.game` source; `parents` finds the source of a game named in `extends "NAME"`.
///
/// Statements of the parent apply unless the file gives the same kind of statement itself; pieces are
/// replaced by name. A problem in inherited text is reported at the `extends` clause.
pub fn compile_with(
    source: &str,
    parents: &dyn Fn(&str) -> Option<String>,
) -> Result<Compiled, Vec<Diagnostic>> {
    let syntax = |e: koma_syntax::SyntaxError| Diagnostic {
        severity: Severity::Error,
        code: "koma::syntax",
        message: e.message.clone(),
        span: e.span,
        label: "here".into(),
        help: Some("see grammar/README.md for the statements a game file may contain".into()),
    };
    let file = koma_syntax::parse(source).map_err(|e| vec![syntax(e)])?;
    let extends = file.extends.clone();
    let file = inherit::resolve(file, source.len(), parents, 0).map_err(|d| vec![d])?;
    let mut c = Compiler { diags: Vec::new() };
    let built = c.game(&file);
    if let Some(parent) = &extends {
        for d in &mut c.diags {
            if d.span.start >= source.len() {
                d.message = format!("in the inherited game `{}`: {}", parent.node, d.message);
                d.span = parent.span.clone();
                d.label = "inherited from here".into();
            }
        }
    }
    let has_errors = c.diags.iter().any(|d| d.severity == Severity::Error);
    match built {
        Some((rules, spec)) if !has_errors => Ok(Compiled {
            rules,
            spec,
            warnings: c.diags,
        }),
        _ => Err(c.diags),
    }
}

struct Compiler {
    diags: Vec<Diagnostic>,
}

impl Compiler {
    fn error(
        &mut self,
        code: &'static str,
        span: Range<usize>,
        message: impl Into<String>,
        label: &str,
        help: Option<&str>,
    ) {
        self.diags.push(Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span,
            label: label.into(),
            help: help.map(str::to_string),
        });
    }

    fn warning(
        &mut self,
        code: &'static str,
        span: Range<usize>,
        message: impl Into<String>,
        help: Option<String>,
    ) {
        self.diags.push(Diagnostic {
            severity: Severity::Warning,
            code,
            message: message.into(),
            span,
            label: "here".into(),
            help,
        });
    }

    /// Reports a second occurrence of a statement that may appear once.
    fn once<T: Clone>(
        &mut self,
        slot: &mut Option<(T, Range<usize>)>,
        value: T,
        span: Range<usize>,
        what: &str,
    ) {
        if let Some((_, first)) = slot {
            let first = first.clone();
            self.error(
                "koma::duplicate-statement",
                span,
                format!("{what} is given twice"),
                "second one",
                Some(&format!(
                    "the first one is at bytes {}..{}; keep one",
                    first.start, first.end
                )),
            );
        } else {
            *slot = Some((value, span));
        }
    }

    fn game(&mut self, file: &GameFile) -> Option<(Arc<Rules>, GameSpec)> {
        let mut board: Option<((u32, u32), Range<usize>)> = None;
        let mut zone: Option<(Zone, Range<usize>)> = None;
        let mut stranded: Option<((), Range<usize>)> = None;
        let mut captures: Option<(ast::CaptureDestination, Range<usize>)> = None;
        let mut royals_capturable: Option<((), Range<usize>)> = None;
        let mut options: Option<(Vec<Spanned<ast::OptionSetting>>, Range<usize>)> = None;
        let mut start: Option<(Spanned<String>, Range<usize>)> = None;
        let mut end: Option<(Vec<Spanned<ast::EndRule>>, Range<usize>)> = None;
        let mut pieces: Vec<&ast::PieceDecl> = Vec::new();
        let mut drop_rules: Vec<&Spanned<DropRule>> = Vec::new();
        for st in &file.statements {
            match st {
                Statement::Board { files, ranks, span } => self.once(
                    &mut board,
                    (files.node, ranks.node),
                    span.clone(),
                    "the board size",
                ),
                Statement::Piece(p) => pieces.push(p),
                Statement::PromotionZone(z) => {
                    self.once(&mut zone, z.node, z.span.clone(), "the promotion zone")
                }
                Statement::StrandedMustPromote(span) => self.once(
                    &mut stranded,
                    (),
                    span.clone(),
                    "`stranded pieces must promote`",
                ),
                Statement::Captures(d) => self.once(
                    &mut captures,
                    d.node,
                    d.span.clone(),
                    "where captured pieces go",
                ),
                Statement::RoyalsCapturable(span) => self.once(
                    &mut royals_capturable,
                    (),
                    span.clone(),
                    "`kings may be captured`",
                ),
                Statement::Options(list) => {
                    let span = list.first().map_or(0..0, |o| o.span.clone());
                    self.once(&mut options, list.clone(), span, "the `options` block")
                }
                Statement::DropRules(rules) => drop_rules.extend(rules.iter()),
                Statement::Start(s) => {
                    self.once(&mut start, s.clone(), s.span.clone(), "the start position")
                }
                Statement::End(rules) => {
                    let span = rules.first().map_or(0..0, |r| r.span.clone());
                    self.once(&mut end, rules.clone(), span, "the `end` block")
                }
            }
        }
        let header = file.name.span.clone();
        let Some(((files, ranks), board_span)) = board else {
            self.error(
                "koma::missing-board",
                header,
                "the game has no board",
                "in this game",
                Some("add a line such as `board 5 x 5` (files x ranks)"),
            );
            return None;
        };
        if !(1..=26).contains(&ranks)
            || !(1..=26).contains(&files)
            || files * ranks > koma_vm::MAX_SQUARES as u32
        {
            self.error(
                "koma::board-size",
                board_span.clone(),
                format!("a {files} x {ranks} board is not supported"),
                "board size",
                Some("boards have 1 to 26 files and ranks and at most 128 squares (11 x 11 fits)"),
            );
            return None;
        }

        // Pieces: names and letters, then promotions.
        let mut by_name: HashMap<&str, usize> = HashMap::new();
        let mut by_letter: HashMap<&str, usize> = HashMap::new();
        let mut specs: Vec<PieceSpec> = Vec::new();
        for (i, p) in pieces.iter().enumerate() {
            if let Some(&j) = by_name.get(p.name.node.as_str()) {
                self.error(
                    "koma::duplicate-piece",
                    p.name.span.clone(),
                    format!("piece `{}` is declared twice", p.name.node),
                    "second declaration",
                    Some(&format!(
                        "the first is `piece {} {}`; rename one of them",
                        pieces[j].name.node, pieces[j].letter.node
                    )),
                );
            }
            by_name.entry(&p.name.node).or_insert(i);
            let letter = p.letter.node.trim_start_matches('+');
            if !letter.chars().all(|c| c.is_ascii_uppercase()) {
                self.error(
                    "koma::piece-letter",
                    p.letter.span.clone(),
                    format!("piece letter `{}` must be uppercase", p.letter.node),
                    "letter",
                    Some("SFEN writes the first player's pieces in uppercase and the second player's in lowercase"),
                );
            }
            if let Some(&j) = by_letter.get(p.letter.node.as_str()) {
                self.error(
                    "koma::duplicate-letter",
                    p.letter.span.clone(),
                    format!(
                        "letter `{}` is already used by {}",
                        p.letter.node, pieces[j].name.node
                    ),
                    "used twice",
                    Some("each piece face needs its own SFEN letter"),
                );
            }
            by_letter.entry(&p.letter.node).or_insert(i);
            let moves = self.moves(p);
            specs.push(PieceSpec {
                name: p.name.node.clone(),
                letter: letter.chars().next().unwrap_or('?').to_ascii_uppercase(),
                promoted: p.letter.node.starts_with('+'),
                royal: p.royal.is_some(),
                moves,
                promotes_to: None,
                drop_not_on_file_with: None,
                drop_not_mate: None,
                flips_to: None,
                drop_ranks: None,
                origin: Some(p.span.clone()),
            });
        }
        if pieces.is_empty() {
            self.error(
                "koma::missing-pieces",
                header.clone(),
                "the game declares no pieces",
                "in this game",
                Some("add lines such as `piece King K moves \"K\" royal`"),
            );
        }
        let mut promoted_from: HashMap<usize, usize> = HashMap::new();
        for (i, p) in pieces.iter().enumerate() {
            let Some(target) = &p.promotes_to else {
                continue;
            };
            let Some(&t) = by_name.get(target.node.as_str()) else {
                self.unknown_piece(target, &by_name);
                continue;
            };
            if t == i {
                self.error(
                    "koma::promotion",
                    target.span.clone(),
                    format!("{} cannot promote to itself", p.name.node),
                    "same piece",
                    None,
                );
                continue;
            }
            if let Some(&other) = promoted_from.get(&t) {
                self.error(
                    "koma::promotion",
                    target.span.clone(),
                    format!("{} is already the promotion of {}", target.node, pieces[other].name.node),
                    "promoted twice",
                    Some("each promoted face belongs to exactly one piece, so that it knows what it demotes to"),
                );
                continue;
            }
            if pieces[t].promotes_to.is_some() {
                self.error(
                    "koma::promotion",
                    target.span.clone(),
                    format!(
                        "{} promotes further; promotion chains are not supported",
                        target.node
                    ),
                    "promotes again",
                    None,
                );
                continue;
            }
            let expected = format!("+{}", p.letter.node);
            if pieces[t].letter.node.starts_with('+') && pieces[t].letter.node != expected {
                self.error(
                    "koma::promotion",
                    pieces[t].letter.span.clone(),
                    format!(
                        "the promoted {} is written `{}` in SFEN, but it promotes from `{}`",
                        pieces[t].name.node, pieces[t].letter.node, p.letter.node
                    ),
                    "letter",
                    Some(&format!("write `{expected}`")),
                );
            }
            promoted_from.insert(t, i);
            specs[i].promotes_to = Some(t);
        }
        for (i, p) in pieces.iter().enumerate() {
            if p.letter.node.starts_with('+') && !promoted_from.contains_key(&i) {
                self.error(
                    "koma::promotion",
                    p.letter.span.clone(),
                    format!(
                        "{} is written as a promoted face (`{}`), but no piece promotes to it",
                        p.name.node, p.letter.node
                    ),
                    "promoted face",
                    Some(&format!(
                        "add `promotes to {}` to the piece it comes from",
                        p.name.node
                    )),
                );
            }
        }

        for (i, p) in pieces.iter().enumerate() {
            let Some(target) = &p.flips_to else { continue };
            let Some(&t) = by_name.get(target.node.as_str()) else {
                self.unknown_piece(target, &by_name);
                continue;
            };
            let problem = if t == i {
                Some(format!("{} cannot flip to itself", p.name.node))
            } else if p.promotes_to.is_some() || pieces[t].promotes_to.is_some() {
                Some("a piece either promotes or flips, not both".to_string())
            } else if pieces[t].flips_to.is_some() {
                Some(format!(
                    "{} already flips; write `flips to` on one face of the pair only",
                    target.node
                ))
            } else if promoted_from.contains_key(&t) || specs.iter().any(|s| s.flips_to == Some(t))
            {
                Some(format!(
                    "{} is already the other face of another piece",
                    target.node
                ))
            } else if p.royal.is_some() || pieces[t].royal.is_some() {
                Some("a royal piece cannot flip".to_string())
            } else {
                None
            };
            match problem {
                Some(message) => self.error(
                    "koma::flip",
                    target.span.clone(),
                    message,
                    "flip",
                    Some("`flips to` pairs two faces of one tile: the declaring face is the one held in hand"),
                ),
                None => specs[i].flips_to = Some(t),
            }
        }

        let promotion_ranks = match zone.clone() {
            None => Vec::new(),
            Some((z, span)) => self.zone_ranks(z, ranks, span),
        };
        if zone.is_none() {
            // The first promoting piece in declaration order, so the report does not depend on hash order.
            if let Some(target) = pieces
                .iter()
                .zip(&specs)
                .find(|(_, s)| s.promotes_to.is_some())
                .and_then(|(p, _)| p.promotes_to.as_ref())
            {
                self.error(
                    "koma::zone",
                    target.span.clone(),
                    "pieces promote, but the game has no promotion zone",
                    "promotion",
                    Some("add a line such as `promotion zone last 2 ranks`"),
                );
            }
        }

        let mut no_dead_drops = None;
        let mut drop_either_face = false;
        let mut default_drop_ranks = None;
        for rule in drop_rules {
            match &rule.node {
                DropRule::EitherFace => drop_either_face = true,
                DropRule::Zone { piece, zone } => {
                    let ranks_allowed = match zone {
                        Some(z) => self.zone_ranks(*z, ranks, rule.span.clone()),
                        None => (0..ranks as u8).collect(),
                    };
                    match piece {
                        None => default_drop_ranks = Some(ranks_allowed),
                        Some(name) => {
                            if let Some(p) = self.resolve(name, &by_name) {
                                specs[p].drop_ranks = Some(ranks_allowed);
                            }
                        }
                    }
                }
                DropRule::NoDeadSquares => no_dead_drops = Some(rule.span.clone()),
                DropRule::NotOnFileWith { piece, blocker } => {
                    if let (Some(p), Some(b)) = (
                        self.resolve(piece, &by_name),
                        self.resolve(blocker, &by_name),
                    ) {
                        specs[p].drop_not_on_file_with = Some((b, rule.span.clone()));
                    }
                }
                DropRule::NotGivingCheckmate { piece } => {
                    if let Some(p) = self.resolve(piece, &by_name) {
                        specs[p].drop_not_mate = Some(rule.span.clone());
                    }
                }
            }
        }

        let end_rules = match &end {
            None => {
                self.error(
                    "koma::missing-end",
                    header.clone(),
                    "the game has no end rules",
                    "in this game",
                    Some("add `end { no legal move: side to move loses }` or similar"),
                );
                Vec::new()
            }
            Some((rules, _)) => rules
                .iter()
                .map(|r| self.end_rule(r, ranks, &by_name))
                .collect(),
        };
        let Some((start, _)) = start else {
            self.error(
                "koma::missing-start",
                header,
                "the game has no start position",
                "in this game",
                Some("add `start \"SFEN\"`, e.g. `start \"rbsgk/4p/5/P4/KGSBR b - 1\"`"),
            );
            return None;
        };

        let spec = GameSpec {
            name: file.name.node.clone(),
            files: files as u8,
            ranks: ranks as u8,
            pieces: specs,
            promotion_ranks,
            promotion_origin: zone.map(|(_, s)| s),
            stranded_must_promote: stranded.map(|(_, s)| s),
            no_drop_on_dead_squares: no_dead_drops,
            captures_to_hand: !matches!(captures, Some((ast::CaptureDestination::Removed, _))),
            royals_capturable: royals_capturable.is_some(),
            drop_either_face,
            drop_ranks: default_drop_ranks,
            options: options
                .map(|(list, _)| {
                    list.iter()
                        .map(|o| koma_vm::spec::GameOption {
                            kind: match o.node.name {
                                ast::OptionName::Designate => koma_vm::spec::OptionKind::Designate,
                                ast::OptionName::Pie => koma_vm::spec::OptionKind::Pie,
                            },
                            on: o.node.on,
                        })
                        .collect()
                })
                .unwrap_or_default(),
            start_sfen: start.node.clone(),
            end_rules,
        };
        if self.diags.iter().any(|d| d.severity == Severity::Error) {
            return None;
        }
        let rules = match Rules::build(&spec) {
            Ok(r) => Arc::new(r),
            Err(e) => {
                self.error("koma::rules", board_span, e.to_string(), "here", None);
                return None;
            }
        };
        if let Err(e) = Position::from_sfen(&rules, &start.node) {
            let at = start.span.start;
            self.error(
                "koma::start-position",
                at + e.span.start..at + e.span.end.max(e.span.start + 1).min(start.node.len()),
                format!("bad start position: {}", e.message),
                "here",
                Some("the start is an SFEN: ranks from the second player's side, `b` for the first player to move, the hand, the move number"),
            );
            return None;
        }
        Some((rules, spec))
    }

    fn moves(&mut self, p: &ast::PieceDecl) -> Vec<MoveSpec> {
        let at = p.moves.span.start;
        match betza::parse(&p.moves.node) {
            Ok(b) => {
                for w in &b.warnings {
                    self.warning(
                        "koma::betza",
                        at + w.span.start..at + w.span.end,
                        w.message.clone(),
                        w.hint.clone(),
                    );
                }
                if b.components.iter().any(|c| c.initial) {
                    self.error(
                        "koma::betza-unsupported",
                        p.moves.span.clone(),
                        "initial moves (`i`) are parsed but not yet supported by the rule VM",
                        "initial move",
                        Some("no shogi-family piece needs them; remove the `i` component"),
                    );
                }
                b.components
                    .iter()
                    .map(|c| MoveSpec {
                        vectors: c.vectors().to_vec(),
                        range: c.range,
                        modality: match c.modality {
                            betza::Modality::Both => spec::Modality::Both,
                            betza::Modality::Move => spec::Modality::Move,
                            betza::Modality::Capture => spec::Modality::Capture,
                        },
                        hop: match c.hop {
                            betza::Hop::None => spec::Hop::None,
                            betza::Hop::Cannon => spec::Hop::Cannon,
                            betza::Hop::Grasshopper => spec::Hop::Grasshopper,
                        },
                        lame: c.lame,
                    })
                    .collect()
            }
            Err(e) => {
                let end = (at + e.span.end)
                    .max(at + e.span.start + 1)
                    .min(p.moves.span.end.max(at + 1));
                self.diags.push(Diagnostic {
                    severity: Severity::Error,
                    code: "koma::betza",
                    message: format!("bad Betza string for {}: {}", p.name.node, e.message),
                    span: at + e.span.start..end,
                    label: "here".into(),
                    help: e.hint.clone(),
                });
                Vec::new()
            }
        }
    }

    fn resolve(&mut self, name: &Spanned<String>, by_name: &HashMap<&str, usize>) -> Option<usize> {
        let found = by_name.get(name.node.as_str()).copied();
        if found.is_none() {
            self.unknown_piece(name, by_name);
        }
        found
    }

    fn unknown_piece(&mut self, name: &Spanned<String>, by_name: &HashMap<&str, usize>) {
        let mut known: Vec<&str> = by_name.keys().copied().collect();
        known.sort_unstable();
        let close = known
            .iter()
            .find(|k| k.eq_ignore_ascii_case(&name.node))
            .map(|k| format!("did you mean `{k}`?"));
        let help = close.unwrap_or_else(|| format!("declared pieces: {}", known.join(", ")));
        self.error(
            "koma::unknown-piece",
            name.span.clone(),
            format!("no piece is named `{}`", name.node),
            "unknown piece",
            Some(&help),
        );
    }

    /// The ranks of a zone, counted from the owner's home rank (0-based), or an error if it does not fit.
    fn zone_ranks(&mut self, z: Zone, ranks: u32, span: Range<usize>) -> Vec<u8> {
        let (lo, hi) = match z {
            Zone::Last(n) => (ranks.saturating_sub(n) + 1, ranks),
            Zone::Ranks(a, b) => (a, b),
        };
        let bad = match z {
            Zone::Last(n) => n == 0 || n > ranks,
            Zone::Ranks(a, b) => a == 0 || a > b || b > ranks,
        };
        if bad {
            self.error(
                "koma::zone",
                span,
                format!("this zone does not fit a board of {ranks} ranks"),
                "zone",
                Some(&format!(
                    "ranks count from 1 (the owner's home rank) to {ranks}"
                )),
            );
            return Vec::new();
        }
        (lo..=hi).map(|r| (r - 1) as u8).collect()
    }

    fn end_rule(
        &mut self,
        rule: &Spanned<ast::EndRule>,
        ranks: u32,
        by_name: &HashMap<&str, usize>,
    ) -> EndRuleSpec {
        use koma_vm::spec::{EndCondition as C, EndResult as R, Role};
        let cspan = rule.node.condition.span.clone();
        let condition = match &rule.node.condition.node {
            ast::EndCondition::NoLegalMove => C::NoLegalMove,
            ast::EndCondition::Repetition(n) => C::Repetition(*n),
            ast::EndCondition::PerpetualCheck(n) => C::PerpetualCheck(*n),
            ast::EndCondition::Stalemate => C::Stalemate,
            ast::EndCondition::KingCaptured => C::KingCaptured,
            ast::EndCondition::KingReaches(z) => C::KingReaches(
                self.zone_ranks(*z, ranks, cspan.clone())
                    .iter()
                    .fold(0, |m, r| m | 1 << r),
            ),
            ast::EndCondition::NoProgress { moves, piece } => {
                if *moves == 0 {
                    self.error(
                        "koma::end-rule",
                        cspan.clone(),
                        "the move count must be at least 1",
                        "count",
                        None,
                    );
                }
                C::NoProgress {
                    plies: moves.saturating_mul(2),
                    piece: piece.as_ref().and_then(|p| self.resolve(p, by_name)),
                }
            }
        };
        if let C::Repetition(n) | C::PerpetualCheck(n) = condition {
            if n < 2 {
                self.error(
                    "koma::end-rule",
                    rule.node.condition.span.clone(),
                    format!("a position cannot repeat {n} time(s)"),
                    "count",
                    Some("repetition counts occurrences, the first included: 4 is shogi's sennichite"),
                );
            }
        }
        let role = |p: ast::Player| match p {
            ast::Player::SideToMove => Role::SideToMove,
            ast::Player::FirstPlayer => Role::FirstPlayer,
            ast::Player::SecondPlayer => Role::SecondPlayer,
            ast::Player::Checker => Role::Checker,
            ast::Player::Mover => Role::Mover,
        };
        let result = match rule.node.result.node {
            ast::EndResult::Draw => R::Draw,
            ast::EndResult::Wins(p) => R::Wins(role(p)),
            ast::EndResult::Loses(p) => R::Loses(role(p)),
        };
        let uses_checker = matches!(
            rule.node.result.node,
            ast::EndResult::Wins(ast::Player::Checker)
                | ast::EndResult::Loses(ast::Player::Checker)
        );
        if uses_checker && !matches!(condition, C::PerpetualCheck(_)) {
            self.error(
                "koma::end-rule",
                rule.node.result.span.clone(),
                "`checker` only means something after `repetition N with perpetual check`",
                "no checker here",
                None,
            );
        }
        EndRuleSpec {
            condition,
            result,
            origin: Some((rule.span.start, rule.span.end)),
        }
    }
}
