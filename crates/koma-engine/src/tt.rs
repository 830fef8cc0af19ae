//! The transposition table, shared by every search thread without locks: each entry is two atomic words,
//! the key XOR the data and the data, so a torn write is seen as a miss instead of a wrong entry.

use std::sync::atomic::{AtomicU64, Ordering};

use koma_vm::Move;

use crate::score::Score;

/// What a stored score says about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// At least this (a beta cutoff).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

/// One probe's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The best move found, if any (compare with the legal moves before playing it).
    pub best: Option<Move>,
    /// The score, relative to the node (see [`crate::score::from_table`]).
    pub score: Score,
    /// The depth searched.
    pub depth: i32,
    /// What the score says.
    pub bound: Bound,
}

/// A table of `2^bits` entries.
#[derive(Debug)]
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

const NO_MOVE: u32 = u32::MAX;

impl Table {
    /// A table of about `megabytes` MiB (at least 1,024 entries).
    pub fn new(megabytes: usize) -> Table {
        let entries = (megabytes.max(1) << 20) / 16;
        let size = entries.next_power_of_two().max(1024) / 2;
        Table {
            slots: (0..size)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: size - 1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    /// The entry stored for `key`.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        if slot[0].load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
        let mv = data as u32;
        let bound = match (data >> 56) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            best: (mv != NO_MOVE).then(|| Move::from_bits(mv)),
            score: (data >> 32) as u16 as i16 as Score,
            depth: ((data >> 48) as u8) as i32 - 1,
            bound,
        })
    }

    /// Stores an entry for `key`, replacing what was there unless that was deeper and for the same key.
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        if let Some(old) = self.probe(key)
            && old.depth > entry.depth
            && entry.bound != Bound::Exact
        {
            return;
        }
        let bound = match entry.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let data = entry.best.map_or(NO_MOVE, Move::bits) as u64
            | (entry.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64) << 32
            | ((entry.depth + 1).clamp(0, 255) as u64) << 48
            | bound << 56
            | 1 << 63;
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}
