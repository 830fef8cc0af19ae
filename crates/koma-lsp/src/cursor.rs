//! What is under the editor's cursor: a word, a string, a statement.

use std::ops::Range;

use koma_syntax::{Outline, OutlineStatement};

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+')
}

/// The word around byte `at` (a name, a letter, a keyword, a lint name).
pub(crate) fn word_at(text: &str, at: usize) -> Option<(Range<usize>, &str)> {
    let at = at.min(text.len());
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_word(*c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = at + text[at..].find(|c| !is_word(c)).unwrap_or(text.len() - at);
    (start < end).then(|| (start..end, &text[start..end]))
}

/// The words of the line before byte `at`, outside comments.
pub(crate) fn words_before(text: &str, at: usize) -> Vec<&str> {
    let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    text[line_start..at].split_whitespace().collect()
}

/// Whether byte `at` is inside a string (between the quotes of its line).
pub(crate) fn in_string(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    text[line_start..at].matches('"').count() % 2 == 1
}

/// The statement holding byte `at` (its end included: the cursor after the last word).
pub(crate) fn statement_at(outline: &Outline, at: usize) -> Option<&OutlineStatement> {
    outline
        .statements
        .iter()
        .find(|s| s.span.start <= at && at <= s.span.end)
}

/// The keyword of the block the cursor is in (`end`, `rules` for `drop rules`, `options`, `lints`): the
/// last brace opened before it and not closed.
pub(crate) fn block_at(text: &str, at: usize) -> Option<String> {
    let before = &text[..at];
    let open = before.rfind('{')?;
    if before[open..].contains('}') {
        return None;
    }
    let mut words = before[..open].split_whitespace().rev();
    let last = words.next()?;
    // `drop rules {` and `lion rules {`: the block is named by both words.
    Some(match (last, words.next()) {
        ("rules", Some(first)) => format!("{first} rules"),
        _ => last.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_under_the_cursor() {
        let text = "piece NariGin +S moves";
        assert_eq!(word_at(text, 8).map(|w| w.1), Some("NariGin"));
        assert_eq!(word_at(text, 13).map(|w| w.1), Some("NariGin"));
        assert_eq!(word_at(text, 15).map(|w| w.1), Some("+S"));
        assert_eq!(word_at("a  b", 2), None);
        assert!(in_string("piece A a moves \"fW", 19));
        assert_eq!(
            block_at("drop rules {\n  no ", 17).as_deref(),
            Some("drop rules")
        );
        assert_eq!(
            block_at("lion  rules {\n  no ", 18).as_deref(),
            Some("lion rules")
        );
        assert_eq!(block_at("end { }\n", 8), None);
    }
}
