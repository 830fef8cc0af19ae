//! pest grammar to [`ScenarioFile`].

use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;

use crate::ast::{From, Scenario, ScenarioFile, Spanned, Step, Verdict};
use koma_vm::Span;

#[derive(Parser)]
#[grammar = "../../../grammar/scenario.pest"]
struct ScenarioParser;

/// The text does not follow the scenario grammar.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
}

fn span(p: &Pair<Rule>) -> Span {
    p.as_span().start()..p.as_span().end()
}

fn text(p: Pair<Rule>) -> Spanned<String> {
    Spanned {
        span: span(&p),
        node: p.as_str().to_string(),
    }
}

fn string(p: Pair<Rule>) -> Spanned<String> {
    text(p.into_inner().next().expect("a string has a body"))
}

fn number<T: std::str::FromStr>(p: Pair<Rule>) -> Result<T, SyntaxError> {
    p.as_str().parse().map_err(|_| SyntaxError {
        message: format!("the number `{}` is too large", p.as_str()),
        span: span(&p),
    })
}

/// Reads a scenario file.
pub fn parse(source: &str) -> Result<ScenarioFile, SyntaxError> {
    let mut pairs = ScenarioParser::parse(Rule::file, source).map_err(|e| {
        let (start, end) = match e.location {
            pest::error::InputLocation::Pos(p) => (p, p),
            pest::error::InputLocation::Span(s) => s,
        };
        let end = source[start.min(source.len())..]
            .find(char::is_whitespace)
            .map_or(source.len(), |i| start + i)
            .max(end);
        let span = start.min(source.len())..end.min(source.len());
        SyntaxError {
            message: format!(
                "expected {}{}",
                expected(&e),
                drop_hint(&source[span.clone()])
            ),
            span,
        }
    })?;
    let mut file = ScenarioFile {
        game: None,
        scenarios: Vec::new(),
    };
    for p in pairs.next().expect("one file").into_inner() {
        match p.as_rule() {
            Rule::game => file.game = Some(string(p.into_inner().next().expect("name"))),
            Rule::scenario => file.scenarios.push(scenario(p)?),
            _ => {}
        }
    }
    Ok(file)
}

/// A drop written with a lowercase letter (`e*3d`): drops use the uppercase letter, whoever drops.
fn drop_hint(found: &str) -> String {
    let mut chars = found.chars();
    match (chars.next(), chars.next()) {
        (Some(c), Some('*')) if c.is_ascii_lowercase() => format!(
            "; drops use the uppercase letter, whoever drops: did you mean `{}{}`?",
            c.to_ascii_uppercase(),
            &found[1..]
        ),
        _ => String::new(),
    }
}

/// What the parser wanted, in words.
fn expected(e: &pest::error::Error<Rule>) -> String {
    let pest::error::ErrorVariant::ParsingError { positives, .. } = &e.variant else {
        return "something else".into();
    };
    let mut words: Vec<&str> = positives
        .iter()
        .map(|r| match r {
            Rule::scenario => "`scenario \"NAME\" { ... }`",
            Rule::game => "`game \"NAME\"`",
            Rule::from => "`from start` or `from \"SFEN\"`",
            Rule::play
            | Rule::option
            | Rule::moves_are
            | Rule::moves_of
            | Rule::legal
            | Rule::illegal => "a step",
            Rule::perft | Rule::sfen_is | Rule::result_is => "a step",
            Rule::action | Rule::usi | Rule::swap | Rule::designate => {
                "a move such as `5d5c`, `2e1a+`, `P*3c` or `6f5e6d`"
            }
            Rule::reason => "a reason such as `drop-on-blocked-file`",
            Rule::verdict => "`ongoing`, `draw`, `first player wins` or `second player wins`",
            Rule::string => "a quoted string",
            Rule::int => "a number",
            Rule::square => "a square such as `5d`",
            Rule::EOI => "the end of the file",
            _ => "`}` or a step",
        })
        .collect();
    words.sort_unstable();
    words.dedup();
    words.join(" or ")
}

fn scenario(p: Pair<Rule>) -> Result<Scenario, SyntaxError> {
    let mut inner = p.into_inner();
    let name = string(inner.next().expect("name"));
    let from_pair = inner.next().expect("from");
    let from_span = span(&from_pair);
    let what = from_pair.into_inner().next().expect("start or sfen");
    let from = match what.as_rule() {
        Rule::startpos => From::Start,
        _ => From::Sfen(string(what).node),
    };
    let steps = inner.map(step).collect::<Result<_, _>>()?;
    Ok(Scenario {
        name,
        from: Spanned {
            node: from,
            span: from_span,
        },
        steps,
    })
}

fn actions(p: Pair<Rule>) -> Vec<Spanned<String>> {
    p.into_inner()
        .filter(|a| a.as_rule() == Rule::action)
        .map(|a| {
            let s = text(a);
            Spanned {
                node: s.node.split_whitespace().collect::<Vec<_>>().join(" "),
                span: s.span,
            }
        })
        .collect()
}

fn step(p: Pair<Rule>) -> Result<Spanned<Step>, SyntaxError> {
    // A step's span ends with its last word, not with the blank space the grammar may have read after it.
    let sp = {
        let sp = span(&p);
        sp.start..sp.start + p.as_str().trim_end().len()
    };
    let rule = p.as_rule();
    let mut inner = p.clone().into_inner();
    let node = match rule {
        Rule::play => Step::Play(actions(p)),
        Rule::legal => Step::Legal(actions(p)),
        Rule::option => {
            let name = inner.next().expect("name").as_str().to_string();
            let on = inner.next().expect("on/off").as_rule() == Rule::on;
            Step::Option { name, on }
        }
        Rule::moves_are => Step::MovesAre(names(actions(inner.next().expect("set")))),
        Rule::moves_of => {
            let square = inner.next().expect("square").as_str().to_string();
            Step::MovesOf {
                square,
                moves: names(actions(inner.next().expect("set"))),
            }
        }
        Rule::illegal => {
            let action = actions(p).remove(0).node;
            let reason = text(inner.nth(1).expect("reason"));
            Step::Illegal { action, reason }
        }
        Rule::perft => Step::Perft {
            depth: number(inner.next().expect("depth"))?,
            count: number(inner.next().expect("count"))?,
        },
        Rule::sfen_is => Step::SfenIs(string(inner.next().expect("sfen")).node),
        Rule::result_is => {
            let v = inner.next().expect("verdict");
            let words: Vec<&str> = v.as_str().split_whitespace().collect();
            let verdict = match words.as_slice() {
                ["ongoing"] => Verdict::Ongoing,
                ["draw"] => Verdict::Draw,
                ["first", ..] => Verdict::FirstPlayerWins,
                _ => Verdict::SecondPlayerWins,
            };
            let by = inner.next().map(string);
            if let (Verdict::Ongoing, Some(by)) = (verdict, &by) {
                return Err(SyntaxError {
                    message:
                        "a game that goes on was decided by no end rule: write `result is ongoing` \
                              without `by`"
                            .into(),
                    span: by.span.clone(),
                });
            }
            Step::ResultIs {
                verdict,
                by: by.map(|s| s.node),
            }
        }
        other => unreachable!("step {other:?}"),
    };
    Ok(Spanned { node, span: sp })
}

fn names(list: Vec<Spanned<String>>) -> Vec<String> {
    list.into_iter().map(|s| s.node).collect()
}
