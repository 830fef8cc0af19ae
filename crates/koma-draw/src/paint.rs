//! How text is drawn: colours on or off, letters or kanji.

/// Drawing options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// ANSI colours (for a terminal).
    pub color: bool,
    /// Pieces by their kanji where the game gives them, instead of SFEN letters.
    pub kanji: bool,
}

/// A text effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Paint {
    /// The first player's pieces.
    First,
    /// The second player's pieces.
    Second,
    /// A square of the last move.
    LastMove,
    /// A royal piece in check.
    Check,
    /// Coordinates and other quiet text.
    Dim,
}

impl Style {
    /// `text` with `paint` applied, when colours are on.
    pub(crate) fn paint(&self, paint: Paint, text: &str) -> String {
        if !self.color {
            return text.to_string();
        }
        let code = match paint {
            Paint::First => "1",
            Paint::Second => "1;31",
            Paint::LastMove => "1;43;30",
            Paint::Check => "1;41;97",
            Paint::Dim => "2",
        };
        format!("\x1b[{code}m{text}\x1b[0m")
    }
}

/// Display width of a string in a terminal: wide (East Asian) characters take two columns.
pub(crate) fn width(text: &str) -> usize {
    text.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum()
}

fn is_wide(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6)
}

/// `text` padded on the left to `cells` columns.
pub(crate) fn pad_left(text: &str, cells: usize) -> String {
    format!("{}{text}", " ".repeat(cells.saturating_sub(width(text))))
}
