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

/// Whether a character must not reach a terminal as it is: control characters other than line breaks and
/// tabs (C1 controls and a lone carriage return included), and bidirectional-formatting characters.
pub fn is_hidden(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\t' | '\r')) || koma_syntax::hidden::is_bidi(c)
}

/// The text with hidden characters shown as `?` (one per byte, so that spans still fit); a carriage return
/// is kept only before a line feed.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    let lone_cr = |i: usize| text.as_bytes().get(i + 1) != Some(&b'\n');
    let bad = |(i, c): (usize, char)| is_hidden(c) || (c == '\r' && lone_cr(i));
    if !text.char_indices().any(bad) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if bad((i, c)) {
            out.extend(std::iter::repeat_n('?', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Text for a terminal: like [`visible`], except that colour sequences (`ESC [ … m`, which koma's own
/// boards and miette's reports use) are kept. Any other escape sequence is shown as `?`.
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| is_hidden(c) || c == '\r') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\u{1b}' {
            let colour = rest[1..]
                .strip_prefix('[')
                .and_then(|r| {
                    r.find(|c: char| !(c.is_ascii_digit() || c == ';'))
                        .map(|n| (r, n))
                })
                .filter(|(r, n)| r[*n..].starts_with('m'))
                .map(|(_, n)| n + 3);
            if let Some(len) = colour {
                out.push_str(&rest[..len]);
                rest = &rest[len..];
                continue;
            }
        }
        let keep = !is_hidden(c) && (c != '\r' || rest[1..].starts_with('\n'));
        if keep {
            out.push(c);
        } else {
            out.push('?');
        }
        rest = &rest[c.len_utf8()..];
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_stay_and_other_escapes_go() {
        let painted = "\u{1b}[1;31mK\u{1b}[0m";
        assert_eq!(terminal_safe(painted), painted);
        assert_eq!(terminal_safe("a\u{1b}]0;PWNED\u{7}b"), "a?]0;PWNED?b");
        assert_eq!(terminal_safe("x\u{1b}[2Jy"), "x?[2Jy");
        assert_eq!(terminal_safe("a\r\nb\rc"), "a\r\nb?c");
        assert_eq!(terminal_safe("\u{9b}2J"), "?2J");
        assert_eq!(terminal_safe("a\u{202e}b"), "a?b");
    }

    #[test]
    fn visible_keeps_byte_lengths() {
        let text = "a\u{202e}b\u{1b}c\r\nd";
        let shown = visible(text);
        assert_eq!(shown.len(), text.len());
        assert_eq!(shown, "a???b?c\r\nd");
    }
}
