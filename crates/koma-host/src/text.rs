//! Text safe to show: positions in a text, user text cut to a bounded length, control characters made visible.

/// The 1-based line and column (in characters) of byte `at` of `text`.
pub fn line_column(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The longest piece of user text a one-line message quotes, in characters.
pub const MAX_QUOTED: usize = 60;

/// User text cut for a message, so output stays bounded.
pub fn shorten(text: &str) -> String {
    cut(text, MAX_QUOTED)
}

/// Text cut to at most `max` characters, with `…` where it was cut.
pub fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(max).collect::<String>())
    }
}

/// Whether a character must not reach a terminal as it is: ASCII controls other than line breaks and tabs.
pub fn is_hidden(c: char) -> bool {
    c.is_ascii_control() && !matches!(c, '\n' | '\r' | '\t')
}

/// The text with hidden characters shown as `?`, byte for byte, so that spans still fit.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    if text.chars().any(is_hidden) {
        std::borrow::Cow::Owned(
            text.chars()
                .map(|c| if is_hidden(c) { '?' } else { c })
                .collect(),
        )
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}
