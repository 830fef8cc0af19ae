//! Text safe to show: user text cut to a bounded length, control characters and escapes made visible.

/// The longest piece of user text a one-line message quotes, in characters.
pub const MAX_QUOTED: usize = 60;

/// User text cut for a message, so output stays bounded, with its hidden characters shown as `?`.
pub fn shorten(text: &str) -> String {
    cut(text, MAX_QUOTED)
}

/// Text cut to at most `max` characters, with `…` where it was cut, and each hidden character (an escape,
/// a control character, a bidirectional-formatting character) and line break or tab shown as `?`: text quoted
/// in a one-line message is made visible where it is quoted, before anything of koma's own (colours) is added
/// around it.
pub fn cut(text: &str, max: usize) -> String {
    let shown = |c: char| {
        if is_hidden(c) || matches!(c, '\r' | '\n' | '\t') {
            '?'
        } else {
            c
        }
    };
    let mut out: String = text.chars().take(max).map(shown).collect();
    if text.chars().nth(max).is_some() {
        out.push('…');
    }
    out
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

/// Text for a terminal or a pipe: every escape sequence and hidden character is shown as `?` (line breaks
/// and tabs stay). koma's CLI never colours what it writes, so nothing that looks like a colour passes either:
/// a file's `ESC[31m` reaches the screen as `?[31m`.
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    filter(text, false)
}

/// Text for the REPL on a terminal with colours on: like [`terminal_safe`], except that colour sequences
/// (`ESC [ digits ; m`) are kept, since the REPL's boards and miette's reports add them. Every text the
/// REPL quotes from a file or a typed line is made visible before it is coloured ([`cut`], [`shorten`], the
/// diagnostics' report), so a colour sequence that reaches this filter is koma's own.
pub fn terminal_safe_coloured(text: &str) -> std::borrow::Cow<'_, str> {
    filter(text, true)
}

fn filter(text: &str, keep_colours: bool) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| is_hidden(c) || c == '\r') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(len) = colour_length(rest).filter(|_| keep_colours) {
            out.push_str(&rest[..len]);
            rest = &rest[len..];
            continue;
        }
        let keep = !is_hidden(c) && (c != '\r' || rest[1..].starts_with('\n'));
        out.push(if keep { c } else { '?' });
        rest = &rest[c.len_utf8()..];
    }
    std::borrow::Cow::Owned(out)
}

/// The length in bytes of the colour sequence (`ESC [ digits and ; m`) that `text` starts with, if it does.
fn colour_length(text: &str) -> Option<usize> {
    let r = text.strip_prefix("\u{1b}[")?;
    let n = r.find(|c: char| !(c.is_ascii_digit() || c == ';'))?;
    r[n..].starts_with('m').then_some(n + 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_stay_only_where_koma_colours() {
        let painted = "\u{1b}[1;31mK\u{1b}[0m";
        assert_eq!(terminal_safe_coloured(painted), painted);
        assert_eq!(terminal_safe(painted), "?[1;31mK?[0m");
        assert_eq!(terminal_safe_coloured("x\u{1b}[2Jy"), "x?[2Jy");
    }

    #[test]
    fn quoted_text_is_made_visible() {
        assert_eq!(shorten("\u{1b}[31mred"), "?[31mred");
        assert_eq!(cut("a\u{202e}bcdef", 3), "a?b…");
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("a\nb\tc", 9), "a?b?c");
    }

    #[test]
    fn escapes_go() {
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
