//! A position's contents without its rules: what the start position of compiled rules holds.

use crate::face::MAX_FACES;
use crate::player::Player;
use crate::square::{MAX_SQUARES, Square};

/// Board, hands, side to move, move number and checks given, without rules: what a validated SFEN holds.
#[derive(Debug, Clone)]
pub(crate) struct Setup {
    pub board: [u8; MAX_SQUARES],
    pub hands: [[u8; MAX_FACES]; 2],
    pub side: Player,
    pub move_number: u32,
    /// Checks given by each player, where an `N checks` rule counts them.
    pub checks: [u8; 2],
    /// The counter-strike square, under a counter-strike lion rule.
    pub counter_strike: Option<Square>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            board: [0; MAX_SQUARES],
            hands: [[0; MAX_FACES]; 2],
            side: Player::First,
            move_number: 1,
            checks: [0; 2],
            counter_strike: None,
        }
    }
}
