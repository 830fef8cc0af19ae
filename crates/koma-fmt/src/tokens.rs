//! The words of a `.game` text as the formatter sees them: words, strings, punctuation and comments, each
//! with its byte span. The grammar decides what a statement is; this only decides how its words are spaced.

use koma_syntax::Span;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A keyword, name, letter or number.
    Word,
    /// A string literal, quotes included.
    Str,
    /// `:`, `,`, `{`, `}`, `>` or `..`.
    Punct,
    /// `// …` to the end of its line.
    Comment,
}

/// One token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    pub kind: Kind,
    pub span: Span,
}

/// The tokens of `source[span]`, with spans into `source`.
pub(crate) fn lex(source: &str, span: Span) -> Vec<Token> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::new();
    let mut i = span.start;
    while i < span.end {
        let b = bytes[i];
        let start = i;
        let kind = if b.is_ascii_whitespace() || source[i..].starts_with('\u{FEFF}') {
            i += if b.is_ascii_whitespace() { 1 } else { 3 };
            continue;
        } else if source[i..].starts_with("//") {
            i = line_end(source, i).min(span.end);
            Kind::Comment
        } else if b == b'"' {
            i += 1;
            while i < span.end && bytes[i] != b'"' && bytes[i] != b'\n' {
                i += 1;
            }
            i = (i + 1).min(span.end);
            Kind::Str
        } else if source[i..].starts_with("..") {
            i += 2;
            Kind::Punct
        } else if matches!(b, b':' | b',' | b'{' | b'}' | b'>') {
            i += 1;
            Kind::Punct
        } else {
            i = word_end(source, i, span.end);
            Kind::Word
        };
        tokens.push(Token {
            kind,
            span: start..i,
        });
    }
    tokens
}

/// Where a word starting at `i` ends: at white space, a quote, punctuation or a comment. A word that starts
/// with digits ends with them unless a decimal point follows (`2ranks` is `2` `ranks`; `8.5` stays whole), and
/// the `x` of a board size written close (`9x9`) is a word alone.
fn word_end(source: &str, mut i: usize, end: usize) -> usize {
    let bytes = source.as_bytes();
    if bytes[i] == b'x' && i + 1 < end && bytes[i + 1].is_ascii_digit() {
        return i + 1;
    }
    let leading_digits = bytes[i].is_ascii_digit();
    while i < end {
        let b = bytes[i];
        let rest = &source[i..];
        if b.is_ascii_whitespace()
            || matches!(b, b'"' | b':' | b',' | b'{' | b'}' | b'>')
            || rest.starts_with("..")
            || rest.starts_with("//")
            || rest.starts_with('\u{FEFF}')
        {
            break;
        }
        if leading_digits && !b.is_ascii_digit() && b != b'.' {
            break;
        }
        i += rest.chars().next().map_or(1, char::len_utf8);
    }
    i
}

/// The end of the line holding byte `i` (the index of its `\n`, or the text's end).
pub(crate) fn line_end(source: &str, i: usize) -> usize {
    source[i..].find('\n').map_or(source.len(), |n| i + n)
}

/// The words of `source[span]` on one line, spaced as the reference writes them: one space between words, none
/// before `:` or `,`, none around `..`. Comments are left out (the caller places them).
pub(crate) fn words(source: &str, span: Span) -> String {
    let mut out = String::new();
    let mut glue = true;
    for token in lex(source, span) {
        let text = source[token.span.clone()].trim_end();
        match (token.kind, text) {
            (Kind::Comment, _) => continue,
            (Kind::Punct, ":" | ",") => {}
            (Kind::Punct, "..") => {}
            _ if !glue => out.push(' '),
            _ => {}
        }
        out.push_str(text);
        glue = text == "..";
    }
    out
}

/// The comments in `source[span]`, without trailing white space.
pub(crate) fn comments(source: &str, span: Span) -> Vec<Token> {
    lex(source, span)
        .into_iter()
        .filter(|t| t.kind == Kind::Comment)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> String {
        words(s, 0..s.len())
    }

    #[test]
    fn words_are_spaced_as_the_reference_writes_them() {
        assert_eq!(w("board 9x9"), "board 9 x 9");
        assert_eq!(
            w("range capture:King>Great ,Rook  >  Pawn"),
            "range capture: King > Great, Rook > Pawn"
        );
        assert_eq!(
            w("promotion   zone\n ranks 5 .. 6"),
            "promotion zone ranks 5..6"
        );
        assert_eq!(
            w("no legal move :side to move loses"),
            "no legal move: side to move loses"
        );
        assert_eq!(
            w("captures are compulsory ,drops allowed"),
            "captures are compulsory, drops allowed"
        );
        assert_eq!(
            w("promotion zone last 2ranks"),
            "promotion zone last 2 ranks"
        );
        assert_eq!(w("value Rook 8.5"), "value Rook 8.5");
        assert_eq!(
            w("piece A +R moves \"a  b\" // c"),
            "piece A +R moves \"a  b\""
        );
        assert_eq!(w("game \"a//b\""), "game \"a//b\"");
    }

    #[test]
    fn comments_are_found_outside_strings_only() {
        let s = "game \"a//b\" // one\n// two\n";
        let found: Vec<_> = comments(s, 0..s.len())
            .into_iter()
            .map(|t| &s[t.span])
            .collect();
        assert_eq!(found, ["// one", "// two"]);
    }
}
