//! `koma.Game`: a game loaded once, and the stateless calls on it, in the spirit of pyffish (a SFEN and the
//! moves played from it in, an answer out).

use std::collections::HashMap;

use koma_host::{Disk, Embedded, Host, Loaded, Memory};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{game_error, value_error};
use crate::position::Position;
use crate::result::result;
use crate::state;

/// The deepest perft a call may ask for.
const MAX_PERFT_DEPTH: u32 = 12;

/// A game: its rules compiled from a `.game` file (on disk, or embedded in koma by name: `"minishogi"`,
/// `"shogi"`, `"chushogi"`, ...).
///
/// Positions are SFEN strings (`"startpos"` is the game's start); moves are USI strings (`"7g7f"`, `"P*5e"`,
/// `"2b8h+"`, a lion's two legs `"6f5e6d"`), and the opening options some games have are played as `"swap"` and
/// `"designate NAME"`.
#[pyclass(module = "koma", frozen)]
pub struct Game {
    pub(crate) loaded: Loaded,
}

impl Game {
    fn rules(&self) -> &std::sync::Arc<koma_vm::Rules> {
        self.loaded.rules()
    }
}

#[pymethods]
impl Game {
    /// Loads the game `name`: a `.game` file, else a game embedded in koma.
    #[new]
    fn new(py: Python<'_>, name: &str) -> PyResult<Game> {
        let loaded = Host::disk().load(name).map_err(|d| game_error(py, &d))?;
        Ok(Game { loaded })
    }

    /// A game from the text of a `.game` file; `sources` maps names to the texts of the games it extends
    /// (others are read from disk, else from koma's embedded games). `name` is the file's name in messages.
    #[staticmethod]
    #[pyo3(signature = (text, sources = None, name = "game.game"))]
    fn from_text(
        py: Python<'_>,
        text: &str,
        sources: Option<HashMap<String, String>>,
        name: &str,
    ) -> PyResult<Game> {
        let mut memory = Memory::new();
        for (n, t) in sources.unwrap_or_default() {
            memory.insert(&n, &t);
        }
        let host = Host::new((memory, (Disk, Embedded)));
        let loaded = host.load_text(name, text).map_err(|d| game_error(py, &d))?;
        Ok(Game { loaded })
    }

    /// The game's name, from its `game "..."` line.
    #[getter]
    fn name(&self) -> String {
        self.rules().name.clone()
    }

    /// The SFEN of the game's start.
    #[getter]
    fn start_sfen(&self) -> String {
        koma_vm::Position::start(self.rules()).to_sfen()
    }

    /// The board's files (columns).
    #[getter]
    fn files(&self) -> u8 {
        self.rules().files
    }

    /// The board's ranks (rows).
    #[getter]
    fn ranks(&self) -> u8 {
        self.rules().ranks
    }

    /// The pieces' faces, in the game's order (the order of `Position.planes`): each a dict with `name`,
    /// `letter` (SFEN, `+P` for a promoted face), `kanji`, `royal` and `promotes_to`.
    fn faces<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let rules = self.rules();
        koma_vm::FaceId::all(rules.faces.len())
            .map(|f| {
                let face = rules.face(f);
                let d = PyDict::new(py);
                let prefix = if face.promoted { "+" } else { "" };
                d.set_item("name", &face.name)?;
                d.set_item("letter", format!("{prefix}{}", face.letter))?;
                d.set_item("kanji", face.kanji.map(String::from))?;
                d.set_item("royal", face.royal)?;
                d.set_item(
                    "promotes_to",
                    face.promotes_to.map(|p| rules.face(p).name.clone()),
                )?;
                Ok(d)
            })
            .collect()
    }

    /// The legal moves (USI) after `moves` from `sfen`; none once an end rule has ended the game.
    #[pyo3(signature = (sfen, moves = Vec::new()), text_signature = "(self, sfen, moves=[])")]
    fn legal_moves(&self, sfen: &str, moves: Vec<String>) -> PyResult<Vec<String>> {
        let game = state::game(self.rules(), sfen, &moves)?;
        if game.outcome().is_some() {
            return Ok(Vec::new());
        }
        let rules = self.rules();
        Ok(game
            .legal_moves()
            .into_iter()
            .map(|m| rules.move_name(m))
            .collect())
    }

    /// The SFEN after `move` is played at `sfen`.
    fn push(&self, sfen: &str, r#move: &str) -> PyResult<String> {
        self.play(sfen, vec![r#move.to_string()])
    }

    /// The SFEN after `moves` are played from `sfen`.
    fn play(&self, sfen: &str, moves: Vec<String>) -> PyResult<String> {
        Ok(state::game(self.rules(), sfen, &moves)?
            .position()
            .to_sfen())
    }

    /// Whether the side to move is in check after `moves` from `sfen` (pyffish's `gives_check`: the last move
    /// gave check).
    #[pyo3(signature = (sfen, moves = Vec::new()), text_signature = "(self, sfen, moves=[])")]
    fn gives_check(&self, sfen: &str, moves: Vec<String>) -> PyResult<bool> {
        Ok(state::game(self.rules(), sfen, &moves)?.in_check())
    }

    /// Whether `move` captures, after `moves` from `sfen` (a lion's two legs count any capture on the way).
    #[pyo3(signature = (sfen, moves, r#move))]
    fn is_capture(&self, sfen: &str, moves: Vec<String>, r#move: &str) -> PyResult<bool> {
        let game = state::game(self.rules(), sfen, &moves)?;
        let mv = state::legal_move(&game, r#move)?;
        Ok(game.position().is_capture(mv))
    }

    /// How the game stands after `moves` from `sfen`: `None` while it goes on, else a dict with `winner`
    /// (`"first"`, `"second"`, or `None` for a draw), `rule` (the end rule that decided, in words), `line`
    /// (the rule's line in its file, or `None`) and `text` (the outcome in a sentence).
    #[pyo3(signature = (sfen, moves = Vec::new()), text_signature = "(self, sfen, moves=[])")]
    fn game_result<'py>(
        &self,
        py: Python<'py>,
        sfen: &str,
        moves: Vec<String>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        result(py, &self.loaded, &state::game(self.rules(), sfen, &moves)?)
    }

    /// The number of leaves of the legal move tree `depth` plies deep after `moves` from `sfen` (the
    /// interpreter is released while it counts).
    #[pyo3(signature = (sfen, depth, moves = Vec::new()), text_signature = "(self, sfen, depth, moves=[])")]
    fn perft(&self, py: Python<'_>, sfen: &str, depth: u32, moves: Vec<String>) -> PyResult<u64> {
        if depth > MAX_PERFT_DEPTH {
            return Err(value_error(format!(
                "perft depth {depth}: at most {MAX_PERFT_DEPTH}"
            )));
        }
        let game = state::game(self.rules(), sfen, &moves)?;
        let mut position = game.position().clone();
        Ok(py.detach(move || position.perft(depth)))
    }

    /// Why `move` is illegal after `moves` from `sfen`, or what it does, quoting the rules of the game file
    /// it rests on (the REPL's `explain`).
    #[pyo3(signature = (sfen, r#move, moves = Vec::new()), text_signature = "(self, sfen, move, moves=[])")]
    fn explain(&self, sfen: &str, r#move: &str, moves: Vec<String>) -> PyResult<String> {
        state::game(self.rules(), sfen, &moves)?;
        let mut session = koma_session::Session::on(self.loaded.clone());
        let start = (sfen.trim() != "startpos").then(|| sfen.to_string());
        session.set_position(start, moves).map_err(value_error)?;
        Ok(koma_session::explain::explain(&session, r#move).text)
    }

    /// `None` when `sfen` is a position of this game, else what is wrong with it.
    fn validate_sfen(&self, sfen: &str) -> Option<String> {
        state::position(self.rules(), sfen)
            .err()
            .map(|e| e.to_string())
    }

    /// A position to play on: the game at `sfen` with `moves` played.
    #[pyo3(signature = (sfen = "startpos", moves = Vec::new()), text_signature = "(self, sfen='startpos', moves=[])")]
    fn position(&self, sfen: &str, moves: Vec<String>) -> PyResult<Position> {
        let game = state::game(self.rules(), sfen, &moves)?;
        Ok(Position::new(self.loaded.clone(), game))
    }

    /// Searches the position after `moves` from `sfen` with koma's engine (the game's tuned weights when it
    /// has some) and returns a dict: `best` (USI, `None` with no legal move), `score` (centipawns for the side
    /// to move, `None` for a mate), `mate` (moves to mate, negative when mated, else `None`), `pv`, `depth`,
    /// `nodes` and `seconds`. Give `movetime` (milliseconds), `depth` or `nodes`; with none, depth 6. The
    /// interpreter is released while it searches.
    #[pyo3(signature = (sfen, moves = Vec::new(), movetime = None, depth = None, nodes = None), text_signature = "(self, sfen, moves=[], movetime=None, depth=None, nodes=None)")]
    fn search<'py>(
        &self,
        py: Python<'py>,
        sfen: &str,
        moves: Vec<String>,
        movetime: Option<u64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let game = state::game(self.rules(), sfen, &moves)?;
        crate::search::search(py, &self.loaded, &game, movetime, depth, nodes)
    }

    fn __repr__(&self) -> String {
        format!("koma.Game({:?})", self.rules().name)
    }
}
