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
}
