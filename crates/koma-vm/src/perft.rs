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

    /// Perft split by root move, the root moves shared out among `threads` threads (each takes the next move
    /// not yet counted, so a long subtree does not hold the others up). The counts are those of [`divide`],
    /// in generation order.
    ///
    /// [`divide`]: Position::divide
    pub fn divide_threads(&self, depth: u32, threads: usize) -> Vec<(Move, u64)> {
        let moves = self.legal_moves();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let counts: Vec<std::sync::atomic::AtomicU64> = moves
            .iter()
            .map(|_| std::sync::atomic::AtomicU64::new(0))
            .collect();
        std::thread::scope(|scope| {
            for _ in 0..threads.clamp(1, moves.len().max(1)) {
                scope.spawn(|| {
                    let mut pos = self.clone();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&mv) = moves.get(i) else { break };
                        pos.make(mv);
                        let n = if depth <= 1 { 1 } else { pos.perft(depth - 1) };
                        pos.unmake();
                        counts[i].store(n, std::sync::atomic::Ordering::Relaxed);
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
