//! A position's contents without its rules: what the start position of compiled rules holds.

use crate::player::Player;
use crate::square::{MAX_SQUARES, Square};

/// Board, hands, side to move, move number and checks given, without rules: what a validated SFEN holds.
#[derive(Debug, Clone)]
pub(crate) struct Setup {
    pub board: [u16; MAX_SQUARES],
    /// Each player's pieces in hand, a count per face.
    pub hands: [Vec<u8>; 2],
    pub side: Player,
    pub move_number: u32,
    /// Checks given by each player, where an `N checks` rule counts them.
    pub checks: [u8; 2],
    /// The counter-strike square, under a counter-strike lion rule.
    pub counter_strike: Option<Square>,
}

impl Setup {
    /// An empty board and empty hands for a game of `faces` faces, first player to move.
    pub fn empty(faces: usize) -> Setup {
        Setup {
            board: [0; MAX_SQUARES],
            hands: [vec![0; faces], vec![0; faces]],
            side: Player::First,
            move_number: 1,
            checks: [0; 2],
            counter_strike: None,
        }
    }
}
