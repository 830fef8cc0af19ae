//! Perft: counting the leaves of the legal move tree, the yardstick of move-generator exactness.

use crate::moves::Move;
use crate::position::Position;

impl Position {
    /// Counts the leaf nodes of the legal move tree `depth` plies deep (the last ply counted in bulk).
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(128); depth as usize + 1];
        self.perft_with(depth, &mut buffers)
    }

    fn perft_with(&mut self, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
        self.generate_legal(moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &mv in moves.iter() {
            self.make(mv);
            nodes += self.perft_with(depth - 1, rest);
            self.unmake();
        }
        nodes
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
        use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
        let moves = self.legal_moves();
        // Pieces of work: (root move index, its reply, if the split goes two plies deep).
        let mut pieces: Vec<(usize, Option<Move>)> = Vec::new();
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
        let next = AtomicUsize::new(0);
        let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
        std::thread::scope(|scope| {
            for _ in 0..threads.clamp(1, pieces.len().max(1)) {
                scope.spawn(|| {
                    let mut pos = self.clone();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(i, reply)) = pieces.get(k) else {
                            break;
                        };
                        pos.make(moves[i]);
                        let n = match reply {
                            Some(r) => {
                                pos.make(r);
                                let n = pos.perft(depth - 2);
                                pos.unmake();
                                n
                            }
                            None if depth <= 1 => 1,
                            None => pos.perft(depth - 1),
                        };
                        pos.unmake();
                        counts[i].fetch_add(n, Ordering::Relaxed);
                    }
                });
            }
        });
        moves
            .into_iter()
            .zip(counts)
            .map(|(mv, n)| (mv, n.into_inner()))
            .collect()
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
}
