//! pest grammar to [`GameFile`].

use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

use crate::ast::*;

#[derive(Parser)]
#[grammar = "../../../grammar/game.pest"]
struct GameParser;

/// The text does not follow the grammar.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    /// What is wrong, e.g. "expected a number".
    pub message: String,
    /// Where the parser stopped.
    pub span: Span,
}

/// Parses a `.game` source text into its syntax tree.
///
/// Only the shape of the text is checked here; names, numbers and Betza strings are validated by the compiler.
pub fn parse(source: &str) -> Result<GameFile, SyntaxError> {
    pest::set_error_detail(true);
    let mut pairs = GameParser::parse(Rule::file, source).map_err(|e| syntax_error(e, source))?;
    let file = pairs.next().expect("the file rule always yields one pair");
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
    Ok(GameFile {
        name,
        extends,
        statements,
    })
}

fn span(pair: &Pair<Rule>) -> Span {
    let s = pair.as_span();
    s.start()..s.end()
}

fn text(pair: Pair<Rule>) -> Spanned<String> {
    Spanned::new(pair.as_str().to_string(), span(&pair))
}

/// The content of a string literal, spanned without the quotes.
fn string(pair: Pair<Rule>) -> Spanned<String> {
    text(pair.into_inner().next().expect("a string has a body"))
}

fn int(pair: Pair<Rule>) -> Result<Spanned<u32>, SyntaxError> {
    let sp = span(&pair);
    pair.as_str()
        .parse::<u32>()
        .map(|n| Spanned::new(n, sp.clone()))
        .map_err(|_| SyntaxError {
            message: format!("the number `{}` is too large", pair.as_str()),
            span: sp,
        })
}

fn statement(pair: Pair<Rule>) -> Result<Statement, SyntaxError> {
    let sp = span(&pair);
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
        Rule::piece => {
            let name = text(inner.next().expect("name"));
            let letter = text(inner.next().expect("letter"));
            let moves = string(inner.next().expect("moves"));
            let mut decl = PieceDecl {
                name,
                letter,
                moves,
                royal: None,
                promotes_to: None,
                flips_to: None,
                span: sp,
            };
            for attr in inner {
                match attr.as_rule() {
                    Rule::royal => decl.royal = Some(span(&attr)),
                    Rule::promotes => {
                        decl.promotes_to = Some(text(attr.into_inner().next().expect("target")))
                    }
                    Rule::flips => {
                        decl.flips_to = Some(text(attr.into_inner().next().expect("target")))
                    }
                    other => unreachable!("piece attribute {other:?}"),
                }
            }
            Statement::Piece(decl)
        }
        Rule::promotion_zone => Statement::PromotionZone(zone(inner.next().expect("zone"))?),
        Rule::stranded => Statement::StrandedMustPromote(sp),
        Rule::royals_capturable => Statement::RoyalsCapturable(sp),
        Rule::captures => {
            let dest = inner.next().expect("destination");
            let d = match dest.as_rule() {
                Rule::to_hand => CaptureDestination::Hand,
                Rule::removed => CaptureDestination::Removed,
                other => unreachable!("capture destination {other:?}"),
            };
            Statement::Captures(Spanned::new(d, span(&dest)))
        }
        Rule::options => Statement::Options(
            inner
                .map(|o| {
                    let osp = span(&o);
                    let mut parts = o.into_inner();
                    let name = match parts.next().expect("name").as_str() {
                        "designate" => OptionName::Designate,
                        _ => OptionName::Pie,
                    };
                    let on = parts.next().expect("value").as_rule() == Rule::on;
                    Spanned::new(OptionSetting { name, on }, osp)
                })
                .collect(),
        ),
        Rule::drop_rules => Statement::DropRules(inner.map(drop_rule).collect::<Result<_, _>>()?),
        Rule::start => Statement::Start(string(inner.next().expect("sfen"))),
        Rule::end_rules => Statement::End(inner.map(end_rule).collect::<Result<_, _>>()?),
        other => unreachable!("statement {other:?}"),
    })
}

fn drop_rule(pair: Pair<Rule>) -> Result<Spanned<DropRule>, SyntaxError> {
    let sp = span(&pair);
    let rule = pair.as_rule();
    if rule == Rule::drop_zone {
        let mut parts = pair.into_inner();
        let who = parts.next().expect("piece");
        let piece = (who.as_rule() == Rule::name).then(|| text(who));
        let z = zone(parts.next().expect("zone"))?;
        return Ok(Spanned::new(
            DropRule::Zone {
                piece,
                zone: Some(z.node),
            },
            sp,
        ));
    }
    let mut names = pair.into_inner().map(text);
    let rule = match rule {
        Rule::drop_dead => DropRule::NoDeadSquares,
        Rule::drop_file => DropRule::NotOnFileWith {
            piece: names.next().expect("piece"),
            blocker: names.next().expect("blocker"),
        },
        Rule::drop_mate => DropRule::NotGivingCheckmate {
            piece: names.next().expect("piece"),
        },
        Rule::drop_anywhere => DropRule::Zone {
            piece: names.next(),
            zone: None,
        },
        Rule::drop_either => DropRule::EitherFace,
        other => unreachable!("drop rule {other:?}"),
    };
    Ok(Spanned::new(rule, sp))
}

fn zone(pair: Pair<Rule>) -> Result<Spanned<Zone>, SyntaxError> {
    let zsp = span(&pair);
    let zrule = pair.as_rule();
    let nums = pair.into_inner().map(int).collect::<Result<Vec<_>, _>>()?;
    let z = match (zrule, nums.as_slice()) {
        (Rule::zone_last, [n]) => Zone::Last(n.node),
        (Rule::zone_ranks, [a]) => Zone::Ranks(a.node, a.node),
        (Rule::zone_ranks, [a, b]) => Zone::Ranks(a.node, b.node),
        other => unreachable!("zone {other:?}"),
    };
    Ok(Spanned::new(z, zsp))
}

fn end_rule(pair: Pair<Rule>) -> Result<Spanned<EndRule>, SyntaxError> {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let cond = inner.next().expect("condition");
    let csp = span(&cond);
    let condition = match cond.as_rule() {
        Rule::no_legal_move => EndCondition::NoLegalMove,
        Rule::repetition => {
            EndCondition::Repetition(int(cond.into_inner().next().expect("n"))?.node)
        }
        Rule::perpetual_check => {
            EndCondition::PerpetualCheck(int(cond.into_inner().next().expect("n"))?.node)
        }
        Rule::stalemate => EndCondition::Stalemate,
        Rule::king_captured => EndCondition::KingCaptured,
        Rule::king_reaches => {
            EndCondition::KingReaches(zone(cond.into_inner().next().expect("zone"))?.node)
        }
        Rule::no_progress => {
            let mut parts = cond.into_inner();
            let moves = int(parts.next().expect("moves"))?.node;
            EndCondition::NoProgress {
                moves,
                piece: parts.next().map(text),
            }
        }
        other => unreachable!("condition {other:?}"),
    };
    let res = inner.next().expect("result");
    let rsp = span(&res);
    let mut parts = res.into_inner();
    let first = parts.next().expect("result body");
    let result = if first.as_rule() == Rule::draw {
        EndResult::Draw
    } else {
        let player = match first.into_inner().next().expect("player").as_rule() {
            Rule::side_to_move => Player::SideToMove,
            Rule::first_player => Player::FirstPlayer,
            Rule::second_player => Player::SecondPlayer,
            Rule::checker => Player::Checker,
            Rule::mover => Player::Mover,
            other => unreachable!("player {other:?}"),
        };
        match parts
            .next()
            .and_then(|v| v.into_inner().next())
            .map(|v| v.as_rule())
        {
            Some(Rule::wins) => EndResult::Wins(player),
            _ => EndResult::Loses(player),
        }
    };
    Ok(Spanned::new(
        EndRule {
            condition: Spanned::new(condition, csp),
            result: Spanned::new(result, rsp),
        },
        sp,
    ))
}

fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of file",
        Rule::header => "`game \"NAME\"`",
        Rule::statement | Rule::board | Rule::piece | Rule::promotion_zone | Rule::stranded => {
            "a statement"
        }
        Rule::captures | Rule::drop_rules | Rule::start | Rule::end_rules => "a statement",
        Rule::royal | Rule::promotes | Rule::flips => {
            "a piece attribute (`royal`, `promotes to NAME`, `flips to NAME`)"
        }
        Rule::royals_capturable | Rule::options => "a statement",
        Rule::option | Rule::option_name => "an option (`designate` or `pie`)",
        Rule::on | Rule::off => "`on` or `off`",
        Rule::removed => "`leave the game`",
        Rule::drop_zone | Rule::drop_anywhere | Rule::drop_either | Rule::all_pieces => {
            "a drop rule"
        }
        Rule::stalemate | Rule::king_captured | Rule::king_reaches | Rule::no_progress => {
            "an end rule"
        }
        Rule::mover => "a player",
        Rule::extends => "`extends \"GAME\"`",
        Rule::zone_last | Rule::zone_ranks => "a zone (`last N ranks` or `ranks A..B`)",
        Rule::to_hand => "`go to hand`",
        Rule::drop_dead | Rule::drop_file | Rule::drop_mate => "a drop rule",
        Rule::end_rule | Rule::no_legal_move | Rule::perpetual_check | Rule::repetition => {
            "an end rule"
        }
        Rule::result | Rule::draw | Rule::player => "a result (`draw`, `side to move loses`, ...)",
        Rule::side_to_move | Rule::first_player | Rule::second_player | Rule::checker => "a player",
        Rule::verdict | Rule::wins | Rule::loses => "`wins` or `loses`",
        Rule::name => "a name",
        Rule::letter => "a piece letter such as `P` or `+P`",
        Rule::int => "a number",
        Rule::string | Rule::string_body => "a quoted string",
        Rule::file => "end of file",
        _ => "",
    }
}

fn syntax_error(e: pest::error::Error<Rule>, source: &str) -> SyntaxError {
    use pest::error::{ErrorVariant, InputLocation};
    let mut start = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut wanted: Vec<String> = Vec::new();
    if let Some(attempts) = e.parse_attempts() {
        if attempts.max_position >= start {
            start = attempts.max_position;
            for token in attempts.expected_tokens() {
                let token = token.to_string();
                if token != "BUILTIN_RULE"
                    && token != "//"
                    && !token.contains("..")
                    && !token.trim().is_empty()
                {
                    wanted.push(format!("`{token}`"));
                }
            }
            for stack in attempts.call_stacks() {
                if let Some(rule) = stack
                    .deepest
                    .get_rule()
                    .filter(|r| !matches!(r, Rule::WHITESPACE | Rule::COMMENT))
                {
                    wanted.push(describe(rule).to_string());
                    wanted.retain(|w| !w.is_empty());
                }
            }
        }
    }
    if wanted.is_empty() {
        if let ErrorVariant::ParsingError { positives, .. } = &e.variant {
            wanted = positives.iter().map(|r| describe(r).to_string()).collect();
        }
    }
    wanted.sort_unstable();
    wanted.dedup();
    let start = start.min(source.len());
    let end = source[start..]
        .char_indices()
        .find(|(_, c)| c.is_whitespace())
        .map_or(source.len(), |(i, _)| start + i)
        .max(start + source[start..].chars().next().map_or(0, char::len_utf8));
    let at_line_end = source[start..].starts_with(['\n', '\r']);
    let found = if start >= source.len() {
        "the end of the file".to_string()
    } else if at_line_end {
        "the end of the line".to_string()
    } else {
        format!("`{}`", &source[start..end])
    };
    let in_string = source[..start]
        .rsplit('\n')
        .next()
        .is_some_and(|line| line.matches('"').count() % 2 == 1);
    let message = if in_string && (at_line_end || start >= source.len()) {
        "this string has no closing quote on its line".to_string()
    } else if wanted.is_empty() {
        format!("unexpected {found}")
    } else {
        let wanted: Vec<&str> = wanted.iter().map(String::as_str).collect();
        format!("expected {}, found {found}", join_or(&wanted))
    };
    SyntaxError {
        message,
        span: start..end,
    }
}

fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
