//! `koma.Position`: a game in progress for loops that should not parse SFEN again at each step: push, pop,
//! legal moves as USI strings or as small integers, its hash key, and its planes for learning.

use koma_vm::{Game as VmGame, Move, Player};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use koma_host::Loaded;

use crate::errors::value_error;
use crate::state;

/// A position of a game with the moves that led to it (for `pop` and for repetitions). Make one with
/// `Game.position(sfen, moves)`.
#[pyclass(module = "koma")]
pub struct Position {
    loaded: Loaded,
    state: VmGame,
}

impl Position {
    /// A position of the game `loaded` in the state `state`.
    pub(crate) fn new(loaded: Loaded, state: VmGame) -> Position {
        Position { loaded, state }
    }

    fn rules(&self) -> &std::sync::Arc<koma_vm::Rules> {
        self.state.position().rules()
    }

    /// The legal moves now (none once an end rule has ended the game).
    fn moves(&self) -> Vec<Move> {
        if self.state.outcome().is_some() {
            return Vec::new();
        }
        self.state.legal_moves()
    }
}

#[pymethods]
impl Position {
    /// Its SFEN.
    #[getter]
    fn sfen(&self) -> String {
        self.state.position().to_sfen()
    }

    /// `"first"` or `"second"`: the side to move.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        match self.state.position().side_to_move() {
            Player::First => "first",
            Player::Second => "second",
        }
    }

    /// The moves played since the position it was made from (USI).
    #[getter]
    fn history(&self) -> Vec<String> {
        let rules = self.rules();
        self.state
            .moves()
            .iter()
            .map(|&m| rules.move_name(m))
            .collect()
    }

    /// A copy that plays on by itself.
    fn copy(&self) -> Position {
        Position::new(self.loaded.clone(), self.state.clone())
    }

    /// Plays `move` (USI, or an opening option: `swap`, `designate NAME`); a move that is not legal is a
    /// `ValueError` and the position is unchanged.
    fn push(&mut self, r#move: &str) -> PyResult<()> {
        state::play(&mut self.state, r#move).map_err(value_error)
    }

    /// Plays the legal move numbered `index` in `legal_move_ids()`' order.
    fn push_id(&mut self, index: usize) -> PyResult<()> {
        let moves = self.moves();
        let mv = moves.get(index).copied().ok_or_else(|| {
            value_error(format!(
                "move {index}: there are {} legal moves",
                moves.len()
            ))
        })?;
        self.state.play(mv);
        Ok(())
    }

    /// Takes back the last move and returns it (USI); `IndexError` at the position it was made from.
    fn pop(&mut self) -> PyResult<String> {
        let last = self.state.moves().last().copied();
        match last {
            Some(mv) if self.state.undo() => Ok(self.rules().move_name(mv)),
            _ => Err(pyo3::exceptions::PyIndexError::new_err(
                "no move to take back",
            )),
        }
    }

    /// The legal moves (USI); none once an end rule has ended the game.
    fn legal_moves(&self) -> Vec<String> {
        let rules = self.rules();
        self.moves()
            .into_iter()
            .map(|m| rules.move_name(m))
            .collect()
    }

    /// The legal moves as small integers: each move's number in `legal_moves()`' order, `0..n`. With
    /// `encoded=True`, instead a number that names the move in any position of the game (its origin, middle
    /// square, destination, face and promotion packed in 64 bits), for a policy over all moves.
    #[pyo3(signature = (encoded = false))]
    fn legal_move_ids(&self, encoded: bool) -> Vec<u64> {
        let moves = self.moves();
        if encoded {
            moves.iter().map(|m| m.bits()).collect()
        } else {
            (0..moves.len() as u64).collect()
        }
    }

    /// The USI text of a move number from `legal_move_ids(encoded=True)`.
    fn move_name(&self, encoded: u64) -> PyResult<String> {
        let mv = Move::from_bits(encoded);
        if !self.moves().contains(&mv) {
            return Err(value_error(format!("{encoded} is not a legal move here")));
        }
        Ok(self.rules().move_name(mv))
    }

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool {
        self.state.in_check()
    }

    /// Whether `move` (legal, USI) captures.
    fn is_capture(&self, r#move: &str) -> PyResult<bool> {
        let mv = state::legal_move(&self.state, r#move)?;
        Ok(self.state.position().is_capture(mv))
    }

    /// Its 64-bit Zobrist key (equal positions, equal keys).
    fn zobrist(&self) -> u64 {
        self.state.position().key()
    }

    /// How the game stands: `None` while it goes on, else a dict as `Game.game_result` gives it.
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        crate::result::result(py, &self.loaded, &self.state)
    }

    /// The board as planes for learning: `bytes` of `(2 * faces) x ranks x files` values 0 or 1 in C order,
    /// plane `face` for the side to move's pieces of that face and `faces + face` for the other side's, row 0
    /// the top rank as SFEN writes it; with NumPy,
    /// `np.frombuffer(p.planes(), np.uint8).reshape(p.plane_shape)`.
    fn planes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &crate::planes::board(self.state.position()))
    }

    /// The shape of `planes()`: `(2 * faces, ranks, files)`.
    #[getter]
    fn plane_shape(&self) -> (usize, usize, usize) {
        crate::planes::shape(self.rules())
    }

    /// The pieces in hand: a list of `2 * faces` counts, the side to move's first, in the faces' order.
    fn hand_counts(&self) -> Vec<u32> {
        crate::planes::hands(self.state.position())
    }

    /// Searches this position with koma's engine: the arguments and the answer of `Game.search`.
    #[pyo3(signature = (movetime = None, depth = None, nodes = None))]
    fn search<'py>(
        &self,
        py: Python<'py>,
        movetime: Option<u64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        crate::search::search(py, &self.loaded, &self.state, movetime, depth, nodes)
    }

    fn __repr__(&self) -> String {
        format!("koma.Position({:?})", self.state.position().to_sfen())
    }
}
