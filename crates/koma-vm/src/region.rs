//! Regions a piece may not leave: `confine NAME to files A..B, ranks C..D`.

use crate::ranks::RankSet;
use crate::span::Span;

/// The squares a face is confined to, as its owner sees the board: files counted from the owner's right-hand
/// file (file 0), ranks from the owner's home rank (rank 0). A confined face moves only to squares of its
/// region, is dropped only there, and attacks only squares there (a piece outside it still moves into it).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Region {
    /// The files of the region, 0-based from the owner's right (the bits of a [`RankSet`]).
    pub files: RankSet,
    /// The ranks of the region, 0-based from the owner's home rank.
    pub ranks: RankSet,
    /// Where the `confine` statement was written.
    pub origin: Span,
}

impl Region {
    /// The region in the words of its statement, after `confine NAME to`: `files 3..5, ranks 1..2` (a part
    /// that covers the board, of `files` files and `ranks` ranks, is left out; `file 4` for one).
    pub fn words(&self, files: u8, ranks: u8) -> String {
        let part = |set: RankSet, all: u8, one: &str, many: &str| -> Option<String> {
            let list: Vec<u8> = set.iter().filter(|&i| i < all).collect();
            let (&lo, &hi) = (list.first()?, list.last()?);
            if list.len() == usize::from(all) {
                return None;
            }
            Some(if lo == hi {
                format!("{one} {}", lo + 1)
            } else {
                format!("{many} {}..{}", lo + 1, hi + 1)
            })
        };
        let parts: Vec<String> = [
            part(self.files, files, "file", "files"),
            part(self.ranks, ranks, "rank", "ranks"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if parts.is_empty() {
            "the whole board".into()
        } else {
            parts.join(", ")
        }
    }

    /// Whether the square at file `file` (0-based from the owner's right) and rank `rank` (0-based from the
    /// owner's home rank) lies in the region.
    pub fn contains(&self, file: u8, rank: u8) -> bool {
        self.files.contains(file) && self.ranks.contains(rank)
    }
}
