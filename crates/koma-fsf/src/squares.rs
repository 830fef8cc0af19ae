//! Sets of squares in variants.ini's words.

use koma_vm::spec::RankSet;
use koma_vm::{Bitboard, Player};

use crate::export::Writer;

impl Writer<'_> {
    /// The squares of a zone counted from `player`'s side.
    pub(crate) fn zone(&self, player: Player, zone: RankSet) -> Bitboard {
        let r = self.rules;
        let mut b = Bitboard::default();
        for y in 0..r.ranks {
            let own = match player {
                Player::First => y,
                Player::Second => r.ranks - 1 - y,
            };
            if zone.contains(own) {
                for x in 0..r.files {
                    if let Some(sq) = r.square(x, y) {
                        b.insert(sq);
                    }
                }
            }
        }
        b
    }

    /// A set of squares in variants.ini's words: whole ranks as `*N`, other squares by name.
    pub(crate) fn squares(&self, set: Bitboard) -> String {
        let r = self.rules;
        let mut words = Vec::new();
        for y in 0..r.ranks {
            let row: Vec<_> = (0..r.files).filter_map(|x| r.square(x, y)).collect();
            if row.iter().all(|&sq| set.has(sq)) {
                words.push(format!("*{}", y + 1));
                continue;
            }
            for x in 0..r.files {
                if r.square(x, y).is_some_and(|sq| set.has(sq)) {
                    words.push(format!("{}{}", char::from(b'a' + x), y + 1));
                }
            }
        }
        if words.is_empty() {
            "-".into()
        } else {
            words.join(" ")
        }
    }
}
