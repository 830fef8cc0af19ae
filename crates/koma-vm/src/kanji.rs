//! Kanji names: the one or two characters a shogi board shows for a face (`歩`, or `奔王` where the large
//! games' pieces are written with two).

/// The most characters a kanji name may have.
pub const MAX_KANJI_CHARS: usize = 2;

/// A face's kanji name: one or two characters.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kanji([char; MAX_KANJI_CHARS]);

impl Kanji {
    /// The name `text`, when it has one or two characters.
    pub fn new(text: &str) -> Option<Kanji> {
        let mut chars = text.chars();
        let first = chars.next()?;
        let second = chars.next();
        match (second, chars.next()) {
            // NUL marks the missing second character, so it may not be one of them.
            _ if first == '\0' || second == Some('\0') => None,
            (_, Some(_)) => None,
            (second, None) => Some(Kanji([first, second.unwrap_or('\0')])),
        }
    }

    /// Its characters, in order.
    pub fn chars(self) -> impl Iterator<Item = char> {
        self.0.into_iter().filter(|&c| c != '\0')
    }

    /// How many characters it has: 1 or 2.
    pub fn len(self) -> usize {
        self.chars().count()
    }

    /// Never: a kanji name has at least one character (for clippy's `len_without_is_empty`).
    pub fn is_empty(self) -> bool {
        false
    }

    /// Whether it is the single character `c`.
    pub fn is_char(self, c: char) -> bool {
        self.0 == [c, '\0']
    }
}

impl std::fmt::Display for Kanji {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.chars()
            .try_for_each(|c| std::fmt::Write::write_char(f, c))
    }
}

impl std::fmt::Debug for Kanji {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Kanji({self})")
    }
}

impl From<Kanji> for String {
    fn from(kanji: Kanji) -> String {
        kanji.to_string()
    }
}

impl PartialEq<str> for Kanji {
    fn eq(&self, other: &str) -> bool {
        Kanji::new(other) == Some(*self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_or_two_characters() {
        let pawn = Kanji::new("歩").unwrap();
        assert_eq!((pawn.to_string(), pawn.len()), ("歩".to_string(), 1));
        assert!(pawn.is_char('歩') && pawn == *"歩");
        let free_king = Kanji::new("奔王").unwrap();
        assert_eq!(
            (free_king.to_string(), free_king.len()),
            ("奔王".to_string(), 2)
        );
        assert!(!free_king.is_char('奔'));
        assert_eq!(Kanji::new(""), None);
        assert_eq!(Kanji::new("大大将"), None);
        assert_eq!(Kanji::new("\0"), None);
        assert_eq!(Kanji::new("金\0"), None);
    }
}
