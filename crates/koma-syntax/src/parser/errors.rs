//! Syntax errors: what the parser expected, in the words of the language.

use super::Rule;
use crate::ast::Span;

/// The text does not follow the grammar.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    /// What is wrong, e.g. "expected a number".
    pub message: String,
    /// Where the parser stopped.
    pub span: Span,
}

/// A grammar rule that the parser has no arm for where it met it: the grammar grew and the parser did not. An
/// error with a position, never a panic.
pub(super) fn unknown_rule(rule: Rule, span: Span) -> SyntaxError {
    SyntaxError {
        message: format!(
            "this version of koma cannot read `{rule:?}` here (the grammar knows it, the parser does not: please report it)"
        ),
        span,
    }
}

fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of file",
        Rule::header => "`game \"NAME\"`",
        Rule::statement | Rule::board | Rule::piece | Rule::promotion_zone | Rule::stranded => {
            "a statement"
        }
        Rule::captures | Rule::drop_rules | Rule::start | Rule::end_rules => "a statement",
        Rule::royal | Rule::promotes | Rule::flips | Rule::kanji | Rule::lion => {
            "a piece attribute (`royal`, `promotes to NAME`, `flips to NAME`, `lion`)"
        }
        Rule::stranded_may | Rule::promotion_entry | Rule::lion_rules => "a statement",
        Rule::promotion_capture => "a statement",
        Rule::before_move => "`before the move`",
        Rule::lion_rule | Rule::lion_protected | Rule::lion_counter_strike => "a lion rule",
        Rule::lion_unless => "`, unless its first leg took a piece other than NAME`",
        Rule::royals_capturable | Rule::options | Rule::lints => "a statement",
        Rule::last_royal | Rule::no_royals | Rule::borrowed | Rule::compulsory => "a statement",
        Rule::cannot_bare | Rule::range_capture | Rule::range_capture_takes => "a statement",
        Rule::range_capture_lists => "a statement",
        Rule::range_capturer => "`NAME may not jump NAME, ...`",
        Rule::burning | Rule::burning_spares | Rule::passive_burning => "a statement",
        Rule::legs_hold => "a statement",
        Rule::anywhere => "a statement",
        Rule::anywhere_not_attacked => "`not attacked`",
        Rule::anywhere_protects => "`and protects`",
        Rule::rank_group => "piece names joined by `,`",
        Rule::bare_king | Rule::both_kings_bare => "an end rule",
        Rule::drops_allowed => "`, drops allowed`",
        Rule::checks | Rule::no_pieces_left => "an end rule",
        Rule::without => "a statement",
        Rule::without_drop => "`drop rule` and a drop rule",
        Rule::without_end => "`end rule` and an end rule",
        Rule::lint_level | Rule::allow | Rule::warn | Rule::deny => {
            "`allow`, `warn` or `deny` and a lint name"
        }
        Rule::lint_name => "a lint name such as `unreachable-face`",
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
        Rule::drop_mate_stalemate => "`or stalemate`",
        Rule::drop_mate_in_front => "`in front of a royal piece`",
        Rule::end_rule | Rule::no_legal_move | Rule::perpetual_check | Rule::repetition => {
            "an end rule"
        }
        Rule::result | Rule::draw | Rule::player => "a result (`draw`, `side to move loses`, ...)",
        Rule::side_to_move | Rule::first_player | Rule::second_player | Rule::checker => "a player",
        Rule::verdict | Rule::wins | Rule::loses => "`wins` or `loses`",
        Rule::name => "a name",
        Rule::letter => "a piece letter such as `P`, `+P` or `N'`",
        Rule::int => "a number",
        Rule::string | Rule::string_body => "a quoted string",
        Rule::file => "end of file",
        Rule::mandatory => "`promotion is mandatory`",
        Rule::capture_dest => "`go to hand` or `leave the game`",
        Rule::condition => "an end condition",
        Rule::drop_rule => "a drop rule",
        Rule::flip_trigger | Rule::on_capture | Rule::on_every_move => {
            "`on capture` or `on every move`"
        }
        Rule::owner => "a player",
        Rule::piece_attr => "a piece attribute (`royal`, `promotes to NAME`, `flips to NAME`)",
        Rule::safely => "`safely`",
        Rule::zone => "a zone (`last N ranks` or `ranks A..B`)",
        Rule::value => "`value PIECE N`",
        Rule::confine => "`confine PIECE to files A..B, ranks C..D`",
        Rule::confine_files => "`files A..B`",
        Rule::decimal => "a value in pawns such as `10` or `8.5`",
        Rule::COMMENT | Rule::WHITESPACE | Rule::gap => "",
    }
}

pub(super) fn syntax_error(e: pest::error::Error<Rule>, source: &str) -> SyntaxError {
    use pest::error::{ErrorVariant, InputLocation};
    let mut start = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut wanted: Vec<String> = Vec::new();
    if let Some(attempts) = e.parse_attempts()
        && attempts.max_position >= start
    {
        start = attempts.max_position;
        for token in attempts.expected_tokens() {
            let token = token.to_string();
            if token != "BUILTIN_RULE"
                && token != "//"
                && token != "\u{feff}"
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
    if wanted.is_empty()
        && let ErrorVariant::ParsingError { positives, .. } = &e.variant
    {
        wanted = positives.iter().map(|r| describe(r).to_string()).collect();
    }
    wanted.sort_unstable();
    wanted.dedup();
    // A keyword already named inside a described statement (`game "NAME"`) is not listed again on its own.
    let described: Vec<String> = wanted.iter().filter(|w| w.contains(' ')).cloned().collect();
    wanted.retain(|w| {
        let bare = w.trim_matches('`');
        w.contains(' ')
            || !described
                .iter()
                .any(|d| d.starts_with(&format!("`{bare} ")))
    });
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
        format!("`{}`", elide(&source[start..end]))
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
        let near = misspelt(&source[start..end], &wanted);
        let wanted: Vec<&str> = wanted.iter().map(String::as_str).collect();
        format!("expected {}, found {found}{near}", join_or(&wanted))
    };
    SyntaxError {
        message: message + &range_hint(source, start),
        span: start..end,
    }
}

/// `; did you mean `KEYWORD`?` when `word` is a misspelling of one of the keywords the parser wanted (a
/// statement's first word too).
fn misspelt(word: &str, wanted: &[String]) -> String {
    let keywords: Vec<&str> = wanted
        .iter()
        .filter(|w| w.starts_with('`'))
        .filter_map(|w| w.trim_matches('`').split(' ').next())
        .filter(|k| k.chars().all(|c| c.is_ascii_alphabetic()))
        .collect();
    if word.is_empty() || !word.chars().all(char::is_alphabetic) || keywords.contains(&word) {
        return String::new();
    }
    crate::suggest::nearest(word, keywords.iter().copied())
        .map(|k| format!("; did you mean `{k}`?"))
        .unwrap_or_default()
}

/// `ranks 1-3` written for `ranks 1..3`: a dash between two numbers.
fn range_hint(source: &str, at: usize) -> String {
    let after = &source[at..];
    let dash = after.starts_with('-') && after[1..].starts_with(|c: char| c.is_ascii_digit());
    let number_before = source[..at]
        .trim_end()
        .ends_with(|c: char| c.is_ascii_digit());
    if dash && number_before {
        let from: String = source[..at]
            .trim_end()
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let to: String = after[1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        format!("; a range of ranks is written with two dots: `{from}..{to}`")
    } else {
        String::new()
    }
}

fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A token cut for a message, so that a huge token does not make a huge message.
fn elide(token: &str) -> String {
    const MAX: usize = 40;
    if token.chars().count() <= MAX {
        token.to_string()
    } else {
        format!("{}…", token.chars().take(MAX).collect::<String>())
    }
}
