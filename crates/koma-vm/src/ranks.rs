//! Sets of ranks, counted from a player's own side: promotion zones, drop zones, goal zones.

/// A set of ranks counted from a player's own side: rank 0 is that player's home rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct RankSet(u64);

impl RankSet {
    /// No rank.
    pub const EMPTY: RankSet = RankSet(0);

    /// The ranks `low..=high` (0-based from the owner's home rank); ranks from 64 on are left out (boards have at most 36).
    pub fn span(low: u8, high: u8) -> RankSet {
        (low..=high)
            .filter(|&r| r < 64)
            .fold(RankSet::EMPTY, |s, r| RankSet(s.0 | 1 << r))
    }

    /// Whether rank `r` (0-based from the owner's home rank) is in the set.
    pub fn contains(self, r: u8) -> bool {
        r < 64 && self.0 >> r & 1 != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The union of two sets.
    pub fn union(self, other: RankSet) -> RankSet {
        RankSet(self.0 | other.0)
    }

    /// The ranks in the set, lowest first (0-based from the owner's home rank).
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..64u8).filter(move |&r| self.contains(r))
    }
}
