//! The transposition table, shared by every search thread without locks: each entry is two atomic words, a
//! check word XOR the data and the data, so a torn write is seen as a miss instead of a wrong entry. The data
//! word holds the move's low 32 bits, the score, depth, bound and age; the check word the key's high 45 bits
//! (which a probe compares, the low ones having chosen the bucket) and the move's high 19 bits. Entries sit in
//! buckets of four, and age by the searches since they were stored.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

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

/// Entries per bucket: one probe reads a bucket, 64 bytes, one cache line.
const BUCKET: usize = 4;
/// Generations wrap at this (five bits of an entry).
const GENERATIONS: u8 = 32;

/// [`BUCKET`] entries, aligned on a cache line so that a probe touches one line, not two.
#[derive(Debug)]
#[repr(align(64))]
struct Bucket([[AtomicU64; 2]; BUCKET]);

/// A table of buckets of [`BUCKET`] entries. A key may sit in any entry of its bucket; a new key replaces the
/// entry of least worth, its depth less eight plies for every search since it was stored.
#[derive(Debug)]
pub struct Table {
    buckets: Vec<Bucket>,
    /// Buckets less one (their count is a power of two).
    mask: usize,
    /// The current search's generation.
    generation: AtomicU8,
}

/// The move bits stored for no move: no move has them (its target square would be 4,095).
const NO_MOVE: u64 = (1 << MOVE_BITS) - 1;
/// How many of [`Move::bits`] a move uses.
const MOVE_BITS: u32 = Move::BITS;
/// The move's bits below this sit in the data word, the rest in the check word under the key's high bits.
const MOVE_LOW_BITS: u32 = 32;
/// The check word's bits above the move's high bits: the key's bits that a probe compares.
const KEY_MASK: u64 = !((1 << (MOVE_BITS - MOVE_LOW_BITS)) - 1);
const VALID: u64 = 1 << 63;
const GENERATION_SHIFT: u32 = 58;

impl Table {
    /// A table of about `megabytes` MiB (at least 1,024 entries).
    pub fn new(megabytes: usize) -> Table {
        let entries = ((megabytes.max(1) << 20) / 16)
            .next_power_of_two()
            .max(1024)
            / 2;
        Table {
            buckets: (0..entries / BUCKET)
                .map(|_| {
                    Bucket(std::array::from_fn(|_| {
                        [AtomicU64::new(0), AtomicU64::new(0)]
                    }))
                })
                .collect(),
            mask: entries / BUCKET - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for s in self.buckets.iter().flat_map(|b| &b.0) {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    /// A new search begins: what earlier ones stored ages.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store((g + 1) % GENERATIONS, Ordering::Relaxed);
    }

    /// The entries of `key`'s bucket.
    fn bucket(&self, key: u64) -> &[[AtomicU64; 2]] {
        &self.buckets[key as usize & self.mask].0
    }

    /// The entry stored for `key`.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|slot| {
            let data = slot[1].load(Ordering::Relaxed);
            let check = slot[0].load(Ordering::Relaxed) ^ data;
            (data != 0 && check & KEY_MASK == key & KEY_MASK).then(|| decode(check, data))
        })
    }

    /// Stores an entry for `key`: over the same key's entry (unless that one is deeper and the new one not
    /// exact), else over the bucket's entry of least worth.
    pub fn store(&self, key: u64, entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut target = &bucket[0];
        let mut least = i32::MAX;
        for slot in bucket {
            let data = slot[1].load(Ordering::Relaxed);
            let check = slot[0].load(Ordering::Relaxed) ^ data;
            if data != 0 && check & KEY_MASK == key & KEY_MASK {
                let old = decode(check, data);
                if old.depth > entry.depth && entry.bound != Bound::Exact {
                    return;
                }
                target = slot;
                break;
            }
            let worth = if data == 0 {
                i32::MIN
            } else {
                let age = (generation + GENERATIONS - ((data >> GENERATION_SHIFT) as u8 & 31))
                    % GENERATIONS;
                depth(data) - 8 * age as i32
            };
            if worth < least {
                least = worth;
                target = slot;
            }
        }
        let bound = match entry.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let mv = entry.best.map_or(NO_MOVE, Move::bits);
        let data = mv & u32::MAX as u64
            | (entry.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64) << 32
            | ((entry.depth + 1).clamp(0, 255) as u64) << 48
            | bound << 56
            | (generation as u64) << GENERATION_SHIFT
            | VALID;
        let check = key & KEY_MASK | mv >> MOVE_LOW_BITS;
        target[0].store(check ^ data, Ordering::Relaxed);
        target[1].store(data, Ordering::Relaxed);
    }
}

/// The depth stored in a data word.
fn depth(data: u64) -> i32 {
    ((data >> 48) as u8) as i32 - 1
}

/// An entry from its check and data words.
fn decode(check: u64, data: u64) -> Entry {
    let mv = (check & !KEY_MASK) << MOVE_LOW_BITS | data & u32::MAX as u64;
    let bound = match (data >> 56) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        best: (mv != NO_MOVE).then(|| Move::from_bits(mv)),
        score: (data >> 32) as u16 as i16 as Score,
        depth: depth(data),
        bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: i32) -> Entry {
        Entry {
            best: None,
            score: depth,
            depth,
            bound: Bound::Lower,
        }
    }

    #[test]
    fn a_bucket_keeps_four_keys_and_replaces_the_shallowest() {
        let t = Table::new(1);
        // Five keys of one bucket.
        let keys: Vec<u64> = (1..=5).map(|i| 7 | i << 40).collect();
        for (i, &k) in keys.iter().take(4).enumerate() {
            t.store(k, entry(10 - i as i32));
        }
        for (i, &k) in keys.iter().take(4).enumerate() {
            assert_eq!(t.probe(k).map(|e| e.depth), Some(10 - i as i32));
        }
        t.store(keys[4], entry(20));
        assert_eq!(t.probe(keys[3]), None, "the shallowest entry gave way");
        assert_eq!(t.probe(keys[4]).map(|e| e.depth), Some(20));
        assert!(t.probe(keys[0]).is_some());
    }

    #[test]
    fn entries_of_earlier_searches_give_way_first() {
        let t = Table::new(1);
        let keys: Vec<u64> = (1..=5).map(|i| 3 | i << 40).collect();
        t.store(keys[0], entry(12));
        t.new_search();
        t.new_search();
        for &k in &keys[1..4] {
            t.store(k, entry(5));
        }
        // Two searches old, depth 12 is worth 12 - 16 < 5.
        t.store(keys[4], entry(5));
        assert_eq!(t.probe(keys[0]), None);
        assert!(keys[1..].iter().all(|&k| t.probe(k).is_some()));
    }

    #[test]
    fn a_shallower_bound_does_not_replace_a_deeper_entry_of_the_same_key() {
        let t = Table::new(1);
        t.store(42, entry(9));
        t.store(42, entry(3));
        assert_eq!(t.probe(42).map(|e| e.depth), Some(9));
        t.store(
            42,
            Entry {
                bound: Bound::Exact,
                ..entry(3)
            },
        );
        assert_eq!(t.probe(42).map(|e| e.depth), Some(3));
    }

    #[test]
    fn a_move_of_every_width_comes_back_whole() {
        use koma_vm::{FaceId, Square};
        let t = Table::new(1);
        let moves = [
            Move::two_leg(
                Square::new(200),
                Square::new(201),
                Square::new(185),
                FaceId::new(779),
                true,
            ),
            Move::drop(Square::new(255), FaceId::new(700)),
            Move::board(Square::new(0), Square::new(1), FaceId::new(0), false),
        ];
        for (i, &mv) in moves.iter().enumerate() {
            let key = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1);
            t.store(
                key,
                Entry {
                    best: Some(mv),
                    score: -123,
                    depth: 7,
                    bound: Bound::Upper,
                },
            );
            let e = t.probe(key).expect("stored");
            assert_eq!(
                (e.best, e.score, e.depth, e.bound),
                (Some(mv), -123, 7, Bound::Upper)
            );
        }
    }
}
