//! A plain-text picture of a position.

use crate::bitboard::BitSet;
use crate::player::Player;
use crate::pos::Pos;

impl<B: BitSet> Pos<B> {
    /// A text picture of the board, ranks top to bottom from the second player's side.
    pub fn diagram(&self) -> String {
        let r = &self.rules;
        let cell = 1 + r.face_text_width();
        let mut out = String::from(" ");
        for f in (1..=r.files).rev() {
            out.push_str(&format!("{f:>cell$}"));
        }
        out.push('\n');
        for row in 0..r.ranks {
            let y = r.ranks - 1 - row;
            out.push(' ');
            for x in 0..r.files {
                let s = match self.piece_at(r.square(x, y).expect("on board")) {
                    None => ".".to_string(),
                    Some(p) => {
                        let t = r.face_text(p.face);
                        if p.owner == Player::First {
                            t
                        } else {
                            t.to_ascii_lowercase()
                        }
                    }
                };
                out.push_str(&format!("{s:>cell$}"));
            }
            out.push_str(&format!("  {}\n", crate::square::rank_letters(row)));
        }
        for side in [Player::Second, Player::First] {
            let held: Vec<String> = r
                .tiles
                .iter()
                .filter(|&&id| self.hand_count(side, id) > 0)
                .map(|&id| {
                    format!(
                        "{}{}",
                        r.face(id).letter,
                        match self.hand_count(side, id) {
                            1 => String::new(),
                            n => format!("x{n}"),
                        }
                    )
                })
                .collect();
            let who = if side == Player::First {
                "first "
            } else {
                "second"
            };
            out.push_str(&format!(
                " hand {who}: {}\n",
                if held.is_empty() {
                    "-".into()
                } else {
                    held.join(" ")
                }
            ));
        }
        out.push_str(&format!(
            " {} to move",
            if self.side == Player::First {
                "first player"
            } else {
                "second player"
            }
        ));
        out
    }
}
