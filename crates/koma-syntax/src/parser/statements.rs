//! Top-level statements and piece declarations.

use pest::iterators::Pair;

use super::drop_rules::drop_rule;
use super::end_rules::end_rule;
use super::{Rule, SyntaxError, int, span, string, text, unknown_rule, zone};
use crate::ast::*;

/// A value in pawns (`10`, `8.5`) as centipawns: at most two decimals, at most 10,000 pawns.
fn centipawns(pair: &Pair<Rule>) -> Result<Spanned<u32>, SyntaxError> {
    let sp = span(pair);
    let (whole, fraction) = pair.as_str().split_once('.').unwrap_or((pair.as_str(), ""));
    let bad = |why: &str| SyntaxError {
        message: format!("the value `{}` {why}", pair.as_str()),
        span: sp.clone(),
    };
    if fraction.len() > 2 {
        return Err(bad(
            "has more than two decimals (values are counted in hundredths of a pawn)",
        ));
    }
    let whole: u32 = whole
        .parse()
        .ok()
        .filter(|&w| w <= 10_000)
        .ok_or_else(|| bad("is more than 10,000 pawns"))?;
    let hundredths: u32 = format!("{fraction:0<2}").parse().unwrap_or(0);
    Ok(Spanned::new(whole * 100 + hundredths, sp))
}

/// A statement that is a list of piece names: `promotion is mandatory for`, `pieces that cannot bare a king`,
/// `burning`, `burning spares`.
fn named_list(rule: Rule, names: Spanned<Vec<Spanned<String>>>) -> Statement {
    match rule {
        Rule::mandatory => Statement::MandatoryPromotion(names),
        Rule::cannot_bare => Statement::CannotBare(names),
        Rule::burning => Statement::Burning(names),
        _ => Statement::BurningSpares(names),
    }
}

/// `moves anywhere [not attacked | and protects]: NAME, ...`.
fn anywhere(inner: pest::iterators::Pairs<Rule>, sp: Span) -> Statement {
    let (mut not_attacked, mut protects) = (false, false);
    let mut pieces = Vec::new();
    for p in inner {
        match p.as_rule() {
            Rule::anywhere_not_attacked => not_attacked = true,
            Rule::anywhere_protects => protects = true,
            _ => pieces.push(text(p)),
        }
    }
    Statement::Anywhere(Spanned::new(
        Anywhere {
            not_attacked,
            protects,
            pieces,
        },
        sp,
    ))
}

pub(super) fn statement(pair: Pair<Rule>) -> Result<Statement, SyntaxError> {
    // (A statement ending in a repetition, `a > b` or `a, b`, ends after the white space the repetition looked
    // past: its span stops at its last word.)
    let sp = span(&pair);
    let sp = sp.start..sp.start + pair.as_str().trim_end().len();
    let rule = pair.as_rule();
    let mut inner = pair.into_inner();
    Ok(match rule {
        Rule::board => {
            let files = int(inner.next().expect("files"))?;
            let ranks = int(inner.next().expect("ranks"))?;
            Statement::Board {
                files,
                ranks,
                span: sp,
            }
        }
        Rule::piece => piece(sp, inner)?,
        Rule::promotion_zone => Statement::PromotionZone(zone(inner.next().expect("zone"))?),
        Rule::stranded => Statement::StrandedMustPromote(sp),
        Rule::stranded_may => Statement::StrandedMayPromote(sp),
        Rule::promotion_entry => Statement::PromotionOnEntry(sp),
        Rule::promotion_capture => Statement::PromotionByCapture(sp),
        Rule::lion_rules => {
            Statement::LionRules(Spanned::new(inner.map(lion_rule).collect(), sp.clone()))
        }
        Rule::mandatory | Rule::cannot_bare | Rule::burning | Rule::burning_spares => {
            named_list(rule, Spanned::new(inner.map(text).collect(), sp))
        }
        Rule::range_capture => {
            let groups = inner.map(|g| g.into_inner().map(text).collect());
            Statement::RangeCapture(Spanned::new(groups.collect(), sp))
        }
        Rule::passive_burning => Statement::PassiveBurning(sp),
        Rule::legs_hold => Statement::LegsHold(sp),
        Rule::range_capture_takes => Statement::RangeCaptureTakes(sp),
        Rule::range_capture_lists => range_capture_lists(inner, sp),
        Rule::anywhere => anywhere(inner, sp),
        Rule::royals_capturable => Statement::RoyalsCapturable(sp),
        Rule::last_royal => Statement::LastRoyalCounts(Spanned::new(inner.next().is_some(), sp)),
        Rule::no_royals => Statement::NoRoyals(sp),
        Rule::borrowed => Statement::BorrowedMoves(sp),
        Rule::compulsory => Statement::CompulsoryCapture(Spanned::new(
            CompulsoryCapture {
                drops_allowed: inner.next().is_some(),
            },
            sp,
        )),
        Rule::captures => {
            let dest = inner.next().expect("destination");
            let d = match dest.as_rule() {
                Rule::to_hand => Captures::GoToHand,
                Rule::removed => Captures::LeaveTheGame,
                other => return Err(unknown_rule(other, span(&dest))),
            };
            Statement::Captures(Spanned::new(d, span(&dest)))
        }
        Rule::options => Statement::Options(Spanned::new(inner.map(option).collect(), sp.clone())),
        Rule::drop_rules => Statement::DropRules(Spanned::new(
            inner.map(drop_rule).collect::<Result<_, _>>()?,
            sp.clone(),
        )),
        Rule::start => Statement::Start(string(inner.next().expect("sfen"))),
        Rule::end_rules => Statement::End(Spanned::new(
            inner.map(end_rule).collect::<Result<_, _>>()?,
            sp.clone(),
        )),
        Rule::value => {
            let piece = text(inner.next().expect("piece"));
            let number = inner.next().expect("value");
            Statement::Value {
                piece,
                centipawns: centipawns(&number)?,
                span: sp,
            }
        }
        Rule::confine => confine(sp, inner)?,
        Rule::lints => {
            Statement::Lints(Spanned::new(inner.map(lint_setting).collect(), sp.clone()))
        }
        Rule::without => without(sp, inner.next().expect("what is taken away"))?,
        other => return Err(unknown_rule(other, sp)),
    })
}

/// `confine NAME to files A..B, ZONE`, `confine NAME to files A..B`, `confine NAME to ZONE`.
fn confine(sp: Span, mut inner: pest::iterators::Pairs<Rule>) -> Result<Statement, SyntaxError> {
    let piece = text(inner.next().expect("piece"));
    let (mut files, mut ranks) = (None, None);
    for part in inner {
        if part.as_rule() == Rule::confine_files {
            let fsp = span(&part);
            let nums = part.into_inner().map(int).collect::<Result<Vec<_>, _>>()?;
            let (a, b) = match nums.as_slice() {
                [a] => (a.node, a.node),
                [a, b] => (a.node, b.node),
                _ => return Err(unknown_rule(Rule::confine_files, fsp)),
            };
            files = Some(Spanned::new((a, b), fsp));
        } else {
            ranks = Some(zone(part)?);
        }
    }
    Ok(Statement::Confine {
        piece,
        files,
        ranks,
        span: sp,
    })
}

/// `without STATEMENT`, `without drop rule RULE`, `without end rule RULE`.
fn without(sp: Span, what: Pair<Rule>) -> Result<Statement, SyntaxError> {
    let without = match what.as_rule() {
        Rule::without_drop => {
            Without::DropRule(drop_rule(what.into_inner().next().expect("a drop rule"))?)
        }
        Rule::without_end => {
            Without::EndRule(end_rule(what.into_inner().next().expect("an end rule"))?)
        }
        _ => Without::Statement(Box::new(statement(what)?)),
    };
    Ok(Statement::Without(Spanned::new(without, sp)))
}

/// `piece NAME LETTER moves "BETZA" [royal] [promotes to NAME] [flips to NAME] [kanji "K" ["K2"]]`.
fn piece(sp: Span, mut inner: pest::iterators::Pairs<Rule>) -> Result<Statement, SyntaxError> {
    let name = text(inner.next().expect("name"));
    let letter = text(inner.next().expect("letter"));
    let moves = string(inner.next().expect("moves"));
    let mut decl = PieceDecl {
        name,
        letter,
        moves,
        royal: None,
        lion: None,
        promotes_to: None,
        flips_to: None,
        flip_trigger: None,
        kanji: None,
        kanji_second: None,
        span: sp,
    };
    let mut seen: Vec<Rule> = Vec::new();
    for attr in inner {
        if seen.contains(&attr.as_rule()) {
            let what = match attr.as_rule() {
                Rule::royal => "`royal`",
                Rule::promotes => "`promotes to`",
                Rule::flips => "`flips to`",
                Rule::lion => "`lion`",
                _ => "`kanji`",
            };
            return Err(SyntaxError {
                message: format!("{what} is given twice for {}", decl.name.node),
                span: span(&attr),
            });
        }
        seen.push(attr.as_rule());
        match attr.as_rule() {
            Rule::royal => decl.royal = Some(span(&attr)),
            Rule::lion => decl.lion = Some(span(&attr)),
            Rule::promotes => {
                decl.promotes_to = Some(text(attr.into_inner().next().expect("target")))
            }
            Rule::kanji => {
                let mut names = attr.into_inner();
                decl.kanji = Some(string(names.next().expect("name")));
                decl.kanji_second = names.next().map(string);
            }
            Rule::flips => {
                let mut parts = attr.into_inner();
                decl.flips_to = Some(text(parts.next().expect("target")));
                decl.flip_trigger = parts.next().map(|t| {
                    let trigger = match t.as_rule() {
                        Rule::on_every_move => FlipTrigger::OnEveryMove,
                        _ => FlipTrigger::OnCapture,
                    };
                    Spanned::new(trigger, span(&t))
                });
            }
            other => return Err(unknown_rule(other, span(&attr))),
        }
    }
    Ok(Statement::Piece(Box::new(decl)))
}

/// `NAME: on|off` in an `options` block.
fn option(o: Pair<Rule>) -> Spanned<GameOption> {
    let osp = span(&o);
    let mut parts = o.into_inner();
    let name = parts.next().expect("name").as_str();
    let kind = OptionKind::ALL
        .into_iter()
        .find(|k| k.name() == name)
        .expect("the grammar names only known options");
    let on = parts.next().expect("value").as_rule() == Rule::on;
    Spanned::new(GameOption { kind, on }, osp)
}

/// One rule of a `lion rules` block.
fn lion_rule(rule: Pair<Rule>) -> Spanned<LionRule> {
    let sp = span(&rule);
    let node = match rule.as_rule() {
        Rule::lion_protected => LionRule::Protected(
            rule.into_inner()
                .flat_map(|unless| unless.into_inner())
                .map(text)
                .collect(),
        ),
        _ => LionRule::CounterStrike,
    };
    Spanned::new(node, sp)
}

/// `allow NAME`, `warn NAME` or `deny NAME`.
fn lint_setting(setting: Pair<Rule>) -> Spanned<LintSetting> {
    let sp = span(&setting);
    let mut parts = setting.into_inner();
    let level = match parts.next().expect("level").as_rule() {
        Rule::allow => LintLevel::Allow,
        Rule::warn => LintLevel::Warn,
        _ => LintLevel::Deny,
    };
    let name = text(parts.next().expect("name"));
    Spanned::new(LintSetting { level, name }, sp)
}

/// `range capture { NAME may not jump NAME, ... }` from its lines.
fn range_capture_lists(lines: pest::iterators::Pairs<Rule>, sp: Span) -> Statement {
    let lines = lines
        .map(|line| {
            let sp = span(&line);
            let mut names = line.into_inner().map(text);
            let piece = names
                .next()
                .expect("a range capturer starts with its piece");
            Spanned::new(
                RangeCapturer {
                    piece,
                    not_jumped: names.collect(),
                },
                sp,
            )
        })
        .collect();
    Statement::RangeCaptureLists(Spanned::new(lines, sp))
}
