//! Characters a `.game` file may not put in a string: control characters and bidirectional-formatting
//! characters. Names, kanji and the game's title reach terminals, web pages and editors; these characters
//! could rewrite a terminal (escape sequences, a carriage return) or show text in another order than it is
//! read (the "Trojan Source" characters).

/// Whether `c` is a bidirectional-formatting character: the embeddings, overrides and isolates, and the
/// invisible direction marks.
pub fn is_bidi(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` may not appear in a string of a `.game` file: a control character (tab included) or a
/// bidirectional-formatting character.
pub fn is_refused(c: char) -> bool {
    c.is_control() || is_bidi(c)
}

/// The name of a refused character for a message: `U+001B (escape)`, `U+202E (right-to-left override)`.
pub fn describe(c: char) -> String {
    let what = match c {
        '\u{1b}' => "escape",
        '\r' => "carriage return",
        '\t' => "tab",
        '\u{7}' => "bell",
        '\u{0}' => "NUL",
        '\u{202E}' => "right-to-left override",
        '\u{202D}' => "left-to-right override",
        c if is_bidi(c) => "bidirectional formatting",
        _ => "control character",
    };
    format!("U+{:04X} ({what})", c as u32)
}
