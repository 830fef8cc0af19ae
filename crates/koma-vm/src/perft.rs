//! Perft: counting the leaves of the legal move tree, the yardstick of move-generator exactness.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;
use web_time::Instant;

use crate::bitboard::BitSet;
use crate::moves::Move;
use crate::pos::Pos;
use crate::walk::{Progress, Stopped, Watch};

/// One thread's walk: the watch, and a tick that spaces out reading the clock. The move buffers, one per ply,
/// are passed down the recursion as slices.
struct Walker<'w, 'a> {
    watch: &'w Watch<'a>,
    ticks: u32,
}

impl<'w, 'a> Walker<'w, 'a> {
    fn new(watch: &'w Watch<'a>) -> Walker<'w, 'a> {
        Walker { watch, ticks: 0 }
    }

    /// One move buffer per ply of a walk `depth` plies deep.
    fn buffers(depth: u32) -> Vec<Vec<Move>> {
        vec![Vec::with_capacity(128); depth as usize + 1]
    }

    /// Whether to stop: the flag is read at every node three plies or more from the leaves, the clock at one in
    /// sixteen of them.
    #[inline]
    fn halted(&mut self) -> bool {
        self.ticks = self.ticks.wrapping_add(1);
        self.watch.halted(self.ticks.is_multiple_of(16))
    }

    fn perft<B: BitSet>(&mut self, pos: &mut Pos<B>, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth >= 3 && self.halted() {
            return 0;
        }
        let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
        pos.generate_legal(moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &mv in moves.iter() {
            pos.make(mv);
            nodes += self.perft(pos, depth - 1, rest);
            pos.unmake();
        }
        nodes
    }
}

impl<B: BitSet> Pos<B> {
    /// Counts the leaf nodes of the legal move tree `depth` plies deep (the last ply counted in bulk).
    pub fn perft(&mut self, depth: u32) -> u64 {
        Walker::new(&Watch::new()).perft(self, depth, &mut Walker::buffers(depth))
    }

    /// [`Position::perft`] under a watch: `Err` when it was stopped before the end.
    pub fn perft_watched(&mut self, depth: u32, watch: &Watch) -> Result<u64, Stopped> {
        let n = Walker::new(watch).perft(self, depth, &mut Walker::buffers(depth));
        watch.stopped().map_or(Ok(n), Err)
    }

    /// Perft split by root move, in generation order.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let moves = self.legal_moves();
        moves
            .into_iter()
            .map(|mv| {
                self.make(mv);
                let n = if depth <= 1 { 1 } else { self.perft(depth - 1) };
                self.unmake();
                (mv, n)
            })
            .collect()
    }

    /// Perft split by root move, counted on `threads` threads. The work is shared out in small pieces (each
    /// pair of a root move and a reply, from depth 3 on), each thread taking the next piece not yet counted, so
    /// that a long subtree does not hold the others up. The counts are those of [`divide`], in generation
    /// order.
    ///
    /// [`divide`]: Position::divide
    pub fn divide_threads(&self, depth: u32, threads: usize) -> Vec<(Move, u64)> {
        self.divide_watched(depth, threads, &Watch::new())
            .expect("an unwatched walk runs to its end")
    }

    /// [`Position::divide_threads`] under a watch, which hears of each piece of work counted.
    pub fn divide_watched(
        &self,
        depth: u32,
        threads: usize,
        watch: &Watch,
    ) -> Result<Vec<(Move, u64)>, Stopped> {
        let started = Instant::now();
        let moves = self.legal_moves();
        let pieces = self.work_pieces(&moves, depth);
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let leaves = AtomicU64::new(0);
        let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
        // One worker's loop: it takes the next piece of work until none is left.
        let work = || {
            let mut pos = self.clone();
            let mut walker = Walker::new(watch);
            let mut buffers = Walker::buffers(depth);
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(i, reply)) = pieces.get(k) else {
                    break;
                };
                if watch.halted(true) {
                    break;
                }
                pos.make(moves[i]);
                let n = match reply {
                    Some(r) => {
                        pos.make(r);
                        let n = walker.perft(&mut pos, depth - 2, &mut buffers);
                        pos.unmake();
                        n
                    }
                    None if depth <= 1 => 1,
                    None => walker.perft(&mut pos, depth - 1, &mut buffers),
                };
                pos.unmake();
                counts[i].fetch_add(n, Ordering::Relaxed);
                watch.tell(Progress {
                    done: done.fetch_add(1, Ordering::Relaxed) + 1,
                    pieces: pieces.len(),
                    leaves: leaves.fetch_add(n, Ordering::Relaxed) + n,
                    elapsed: started.elapsed(),
                });
            }
        };
        // One thread works on the caller's own (where no thread may be started, as in WebAssembly).
        let threads = threads.clamp(1, pieces.len().max(1));
        if threads == 1 {
            work();
        } else {
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(work);
                }
            });
        }
        if let Some(stopped) = watch.stopped() {
            return Err(stopped);
        }
        Ok(moves
            .into_iter()
            .zip(counts)
            .map(|(mv, n)| (mv, n.into_inner()))
            .collect())
    }

    /// The pieces of work of a split walk: (root move index, its reply, if the split goes two plies deep).
    fn work_pieces(&self, moves: &[Move], depth: u32) -> Vec<(usize, Option<Move>)> {
        let mut pieces = Vec::new();
        let mut pos = self.clone();
        for (i, &mv) in moves.iter().enumerate() {
            if depth >= 3 {
                pos.make(mv);
                pieces.extend(pos.legal_moves().into_iter().map(|r| (i, Some(r))));
                pos.unmake();
            } else {
                pieces.push((i, None));
            }
        }
        pieces
    }

    /// Perft on `threads` threads: the same count as [`Position::perft`].
    pub fn perft_threads(&self, depth: u32, threads: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.divide_threads(depth, threads)
            .iter()
            .map(|(_, n)| n)
            .sum()
    }

    /// Perft split by root move on `threads` threads, under the time guard: when `limit` is given, the walk
    /// is first measured ([`Position::guard`]) and refused with [`Stopped::TooLong`] if it would take longer,
    /// and then stopped at the limit if the estimate was wrong.
    pub fn divide_within(
        &self,
        depth: u32,
        threads: usize,
        limit: Option<Duration>,
        watch: &Watch,
    ) -> Result<Vec<(Move, u64)>, Stopped> {
        crate::walk::guarded(
            depth,
            threads,
            limit,
            watch,
            |k, l| self.sample(k, threads, l, watch),
            |w| self.divide_watched(depth, threads, w),
        )
    }

    /// The leaves of a walk `k` plies deep, stopped at `limit`: one sample of the time guard.
    fn sample(
        &self,
        k: u32,
        threads: usize,
        limit: Duration,
        watch: &Watch,
    ) -> Result<u64, Stopped> {
        let divided = self.divide_watched(k, threads, &watch.quiet(limit))?;
        Ok(divided.iter().map(|(_, n)| n).sum())
    }

    /// The time guard of a walk `depth` plies deep on `threads` threads: shallower walks are timed on this
    /// machine and carried on (see [`crate::walk`]); [`Stopped::TooLong`] if the walk would take longer than
    /// `limit`. `watch`'s flag stops the measuring.
    pub fn guard(
        &self,
        depth: u32,
        threads: usize,
        limit: Duration,
        watch: &Watch,
    ) -> Result<(), Stopped> {
        crate::walk::guard(depth, threads, limit, |k, l| {
            self.sample(k, threads, l, watch)
        })
    }
}
