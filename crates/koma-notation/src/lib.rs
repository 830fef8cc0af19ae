//! Human notation of moves, for any game, from its rules alone:
//!
//! - **Western** (Hodges): the piece's letter (`+R` for a promoted face), its origin square only when
//!   another piece of the same face could also go there, `-` for a move, `x` for a capture, `*` for a drop,
//!   the destination square as USI names it, then `+` for a promotion or `=` for a promotion declined:
//!   `P-2f`, `Sx4d+`, `B*5e`, `G6i-5h`. A move in two legs names its middle square: `Ln-5fx5g`; taking on
//!   the middle square and coming back is `Lnx!5f`, passing that way `--`.
//! - **Japanese**, for games whose pieces all have kanji: `▲` or `△`, the destination (`２六`, or `同　` on the
//!   last move's square), the piece's kanji, the words that tell it from another piece of the same kanji
//!   that could go there (`右`, `左`, `中`, `上`, `引`, `寄`, `直`; `打` for a drop), and `成` or `不成`:
//!   `▲２六歩`, `△同銀成`, `▲５八金右`.
//! - **Generic**, for any game: the piece's name, then the Western text without its letter and without a
//!   leading `-`: `Pawn 2f`, `Silver x4d+`, `Bishop *5e`, `Gold 6i-5h`.
//! - **USI**, as the protocol writes it: `2g2f`.
//!
//! Reading takes the text of any of the legal moves in the notation (and the USI text of any), so it accepts
//! exactly what writing gives, with the side marks (`▲△☗☖`) and spaces optional.

mod aim;
mod japanese;
mod read;
mod western;

use koma_vm::{Move, Position, Rules, Square};

pub use read::{NotationError, read};

/// A way of writing moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Notation {
    /// The USI text, `2g2f`.
    #[default]
    Usi,
    /// Western (Hodges) notation, `P-2f`.
    Western,
    /// Japanese notation, `▲２六歩`; for games whose pieces all have kanji.
    Japanese,
    /// koma's notation with the pieces' names, `Pawn 2f`.
    Generic,
}

impl Notation {
    /// Every notation, in the order help texts list them.
    pub const ALL: [Notation; 4] = [
        Notation::Usi,
        Notation::Western,
        Notation::Japanese,
        Notation::Generic,
    ];

    /// Its name, as commands take it.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Usi => "usi",
            Notation::Western => "western",
            Notation::Japanese => "japanese",
            Notation::Generic => "generic",
        }
    }

    /// The notation named `name` (any case).
    pub fn named(name: &str) -> Option<Notation> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(name))
    }

    /// Whether the notation can write the moves of `rules`: Japanese needs a kanji for every face (the
    /// others write any game). The error says which face has none.
    pub fn fits(self, rules: &Rules) -> Result<(), String> {
        if self == Notation::Japanese
            && let Some(face) = rules.faces.iter().find(|f| f.kanji.is_none())
        {
            return Err(format!(
                "Japanese notation needs a kanji for every piece, and {} has none (`kanji \"...\"` in the \
                 game file); use generic or western",
                face.name
            ));
        }
        Ok(())
    }

    /// The text of `mv`, a legal move of `pos`. `last_to` is the square the last move went to, which
    /// Japanese notation calls `同`. A notation that does not fit the game ([`Notation::fits`]) writes the
    /// generic text.
    pub fn write(self, pos: &Position, mv: Move, last_to: Option<Square>) -> String {
        self.write_among(pos, &pos.legal_moves(), mv, last_to)
    }

    /// The texts of a line of moves from `pos`, each written in the position it is played in, joined by
    /// spaces (a search's principal variation). Stops at a move that is not legal where it comes.
    pub fn write_line(self, pos: &Position, moves: &[Move], last_to: Option<Square>) -> String {
        let mut pos = pos.clone();
        let mut last_to = last_to;
        let mut out = Vec::with_capacity(moves.len());
        for &mv in moves {
            let legal = pos.legal_moves();
            if !legal.contains(&mv) {
                break;
            }
            out.push(self.write_among(&pos, &legal, mv, last_to));
            pos.make(mv);
            last_to = Some(mv.to());
        }
        out.join(" ")
    }

    /// [`Notation::write`] where the caller has the legal moves of `pos` at hand.
    pub fn write_among(
        self,
        pos: &Position,
        legal: &[Move],
        mv: Move,
        last_to: Option<Square>,
    ) -> String {
        match self {
            Notation::Usi => pos.rules().move_name(mv),
            Notation::Western => western::write(pos, legal, mv, western::Letters::Western),
            Notation::Generic => western::write(pos, legal, mv, western::Letters::Names),
            Notation::Japanese if self.fits(pos.rules()).is_ok() => {
                japanese::write(pos, legal, mv, last_to)
            }
            Notation::Japanese => western::write(pos, legal, mv, western::Letters::Names),
        }
    }
}
