//! The two players.

/// A player. The first player (sente, uppercase in SFEN) starts at the bottom and moves up the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// The first player (sente, `b` in SFEN).
    First = 0,
    /// The second player (gote, `w` in SFEN).
    Second = 1,
}

impl Player {
    /// Both players, first player first.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// The other player.
    #[inline(always)]
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The player whose pieces SFEN writes in this case: uppercase for the first player.
    pub fn of_letter(letter: char) -> Player {
        if letter.is_ascii_uppercase() {
            Player::First
        } else {
            Player::Second
        }
    }

    /// A letter in this player's SFEN case.
    pub fn letter_case(self, letter: char) -> char {
        match self {
            Player::First => letter.to_ascii_uppercase(),
            Player::Second => letter.to_ascii_lowercase(),
        }
    }
}
