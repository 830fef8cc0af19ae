//! Strings of a `.game` file may not hold control characters or bidirectional-formatting characters: names,
//! kanji and the game's title reach terminals, web pages and editors, where such a character could rewrite
//! the terminal (an escape sequence, a carriage return) or show text in another order than it is read.

use koma_syntax::ast::{GameFile, Spanned, Statement};
use koma_syntax::hidden::{describe, is_refused};

use crate::code::Code;
use crate::diagnostic::Diagnostics;

/// Reports the first refused character of every string of the file: the game's name, its parent, each
/// piece's moves and kanji, the start position.
pub(crate) fn refuse(d: &mut Diagnostics, file: &GameFile) {
    let mut strings: Vec<(&Spanned<String>, &str)> = vec![(&file.name, "the game's name")];
    strings.extend(file.extends.iter().map(|e| (e, "the parent's name")));
    for statement in &file.statements {
        match statement {
            Statement::Piece(p) => {
                strings.push((&p.moves, "a Betza string"));
                strings.extend(p.kanji.iter().map(|k| (k, "a kanji name")));
                strings.extend(p.kanji_second.iter().map(|k| (k, "a kanji name")));
            }
            Statement::Start(s) => strings.push((s, "the start position")),
            _ => {}
        }
    }
    for (s, what) in strings {
        if let Some((i, c)) = s.node.char_indices().find(|&(_, c)| is_refused(c)) {
            let at = s.span.start + i;
            d.report(
                Code::ControlCharacter,
                at..at + c.len_utf8(),
                format!("{what} holds {}", describe(c)),
            )
            .label("this character")
            .help(
                "control and bidirectional-formatting characters are refused in a .game file: they could \
                 rewrite a terminal or show the text in another order than it is read",
            );
        }
    }
}
