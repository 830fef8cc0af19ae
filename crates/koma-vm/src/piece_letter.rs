//! Piece letters: how SFEN, USI drops and the boards write a piece face.
//!
//! A piece letter is one ASCII letter followed by up to [`MAX_MARKS`] marks, each `'` or `!`: `N`, `N'`,
//! `N!`, `N'!`. The letter's case tells the owner (uppercase for the first player); the marks are the same for
//! both. These are XBoard's "dressed letters", which HaChu writes for wa, dai and tenjiku shogi, so a game
//! of up to 78 kinds reads as those programs write it; more marks give the kinds of the largest games
//! (26 letters with up to three marks name 390). A promoted face is written with a `+` before its letter.

use crate::player::Player;

/// The most marks a piece letter may carry.
pub const MAX_MARKS: usize = 3;

/// How many piece letters there are: 26 letters, each bare or with one to [`MAX_MARKS`] marks of two kinds
/// (26 x (1 + 2 + 4 + 8) = 390).
pub const PIECE_LETTERS: usize = 26 * ((1 << (MAX_MARKS + 1)) - 1);

/// A piece letter and its marks in the first player's form (uppercase), without the `+` of a promoted face.
/// The default is no letter at all (NUL), for specs built in code before their faces are named.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct PieceLetter {
    letter: u8,
    /// The marks in order; 0 past the last.
    marks: [u8; MAX_MARKS],
}

/// Whether `c` is a mark that may follow a piece letter.
pub fn is_mark(c: char) -> bool {
    c == '\'' || c == '!'
}

impl PieceLetter {
    /// A letter without marks (either case); `None` for anything but an ASCII letter.
    pub fn letter_only(letter: char) -> Option<PieceLetter> {
        letter.is_ascii_alphabetic().then(|| PieceLetter {
            letter: letter.to_ascii_uppercase() as u8,
            marks: [0; MAX_MARKS],
        })
    }

    /// Reads a piece letter and its marks at the start of `text`: the piece letter, the player its case
    /// names, and the bytes it takes. `None` when `text` does not start with a letter or the letter carries more than
    /// [`MAX_MARKS`] marks.
    pub fn read(text: &str) -> Option<(PieceLetter, Player, usize)> {
        let mut chars = text.chars();
        let letter = chars.next().filter(char::is_ascii_alphabetic)?;
        let mut read = PieceLetter::letter_only(letter)?;
        let count = chars.take_while(|&c| is_mark(c)).count();
        if count > MAX_MARKS {
            return None;
        }
        for (slot, mark) in read.marks.iter_mut().zip(text[1..].bytes().take(count)) {
            *slot = mark;
        }
        Some((read, Player::of_letter(letter), 1 + count))
    }

    /// The piece letter that is the whole of `text` (either case), or `None` when `text` is anything more or less.
    pub fn parse(text: &str) -> Option<(PieceLetter, Player)> {
        PieceLetter::read(text)
            .and_then(|(read, owner, len)| (len == text.len()).then_some((read, owner)))
    }

    /// The letter without its marks, uppercase.
    pub fn plain_letter(self) -> char {
        self.letter as char
    }

    /// How many marks follow the letter.
    pub fn mark_count(self) -> usize {
        self.marks.iter().take_while(|&&m| m != 0).count()
    }

    /// How many characters it takes (the letter and its marks).
    pub fn width(self) -> usize {
        1 + self.mark_count()
    }

    /// As `owner` writes it: the letter in the owner's case, then the marks.
    pub fn text(self, owner: Player) -> String {
        let mut out = String::with_capacity(self.width());
        out.push(owner.letter_case(self.plain_letter()));
        out.extend(self.marks[..self.mark_count()].iter().map(|&m| m as char));
        out
    }
}

impl std::fmt::Display for PieceLetter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Player::First))
    }
}

impl std::fmt::Debug for PieceLetter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PieceLetter({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_letters_and_their_marks() {
        let (read, owner, len) = PieceLetter::read("n'!3").unwrap();
        assert_eq!(
            (read.to_string(), owner, len),
            ("N'!".to_string(), Player::Second, 3)
        );
        assert_eq!(read.text(Player::Second), "n'!");
        let (plain, owner, len) = PieceLetter::read("P/").unwrap();
        assert_eq!(
            (plain.to_string(), owner, len, plain.width()),
            ("P".into(), Player::First, 1, 1)
        );
        assert_eq!(PieceLetter::letter_only('p'), Some(plain));
    }

    #[test]
    fn refuses_what_is_not_a_piece_letter() {
        assert_eq!(PieceLetter::read("'N"), None);
        assert_eq!(PieceLetter::read("3p"), None);
        assert_eq!(PieceLetter::read(""), None);
        assert_eq!(
            PieceLetter::read("N''''"),
            None,
            "four marks are one too many"
        );
        assert!(PieceLetter::read("N'''").is_some());
        assert_eq!(PieceLetter::parse("N'x"), None);
        assert_eq!(PieceLetter::parse("é"), None);
    }

    #[test]
    fn letters_that_differ_only_in_marks_differ() {
        let a = PieceLetter::parse("N'").unwrap().0;
        let b = PieceLetter::parse("N!").unwrap().0;
        let c = PieceLetter::parse("N").unwrap().0;
        assert!(a != b && a != c && b != c);
    }
}
