//! The distinct sets of a table, for the largest set type: a table of one set per (player, face, square) holds
//! an index here instead of the set.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

use super::Bitboard;

/// Distinct sets, each kept once, found again by an index.
#[derive(Clone, Default)]
pub struct Pool {
    sets: Vec<Bitboard>,
    /// While the tables are built ([`Pool::built`] drops them): by a set's hash, the index of the first set
    /// stored with that hash, and the sets whose hash an earlier different set had. A hash, not the set, keys
    /// the map, so that it takes a tenth of the sets' room.
    by_hash: HashMap<u64, u32, BuildHasherDefault<AlreadyHashed>>,
    clashes: HashMap<Bitboard, u32>,
}

/// The hasher of [`Pool`]'s map, whose keys are hashes already ([`Bitboard::words_hash`]): it keeps the key as
/// it is.
#[derive(Default)]
struct AlreadyHashed(u64);

impl Hasher for AlreadyHashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

impl Pool {
    /// The index of `set`, added if it is new.
    pub(crate) fn store(&mut self, set: Bitboard) -> u32 {
        let next = self.sets.len() as u32;
        let index = match self.by_hash.entry(set.words_hash()) {
            Entry::Occupied(first) if self.sets[*first.get() as usize] == set => {
                return *first.get();
            }
            Entry::Occupied(_) => *self.clashes.entry(set).or_insert(next),
            Entry::Vacant(slot) => *slot.insert(next),
        };
        if index == next {
            self.sets.push(set);
        }
        index
    }

    /// The tables are built: no set will be added, so the maps that find a set's index go, and the list is
    /// cut to its length.
    pub(crate) fn built(&mut self) {
        self.by_hash = HashMap::default();
        self.clashes = HashMap::new();
        self.sets.shrink_to_fit();
    }

    /// The set at `index`.
    #[inline(always)]
    pub(crate) fn load(&self, index: u32) -> Bitboard {
        self.sets[index as usize]
    }
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Pool({} sets)", self.sets.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    #[test]
    fn equal_sets_share_an_index_and_different_ones_do_not() {
        let mut pool = Pool::default();
        let a = Bitboard::from_square(Square::new(1200));
        let b = Bitboard::first(700);
        let (ia, ib) = (pool.store(a), pool.store(b));
        assert_ne!(ia, ib);
        assert_eq!(pool.store(a), ia);
        // A clash of hashes: a set stored under another's hash still gets its own index.
        pool.by_hash.insert(Bitboard::EMPTY.words_hash(), ia);
        let empty = pool.store(Bitboard::EMPTY);
        assert_ne!(empty, ia);
        assert_eq!(pool.store(Bitboard::EMPTY), empty);
        pool.built();
        assert_eq!(
            (pool.load(ia), pool.load(ib), pool.load(empty)),
            (a, b, Bitboard::EMPTY)
        );
    }
}
