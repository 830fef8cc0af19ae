//! koma's driver of the taikyoku shogi engine by yetiowin805 (github.com/yetiowin805/taikyoku_shogi): the oracle
//! of `tools/taikyoku_diff.py`. That script copies this file into a checkout of the engine as
//! `src/bin/koma_oracle.rs` and builds it there; it is not part of koma's workspace.
//!
//! Reads commands on standard input, one a line, and answers each with lines ending in a line `end`:
//! - `pieces`: every piece type, one a line: `NAME royal=BOOL promotes=NAME|- must=RANK,...|-` and the
//!   debug form of its movement, then the two promoted faces whose movement depends on what they promoted from;
//! - `start`: the opening position, as TSFEN1;
//! - `perft DEPTH TSFEN1...`: the number of move sequences of DEPTH plies (a position where a player has
//!   lost every royal piece has none);
//! - `perft-list DEPTH TSFEN1...`: the same over the engine's move lists as they are (a move listed twice
//!   counted twice): the engine's own speed, for comparison, with nothing of the driver's;
//! - `moves TSFEN1...`: every legal move, as TM1, one a line (each once: see [`legal_moves`]);
//! - `divide DEPTH TSFEN1...`: for each legal move, one a line: the move as TM1, the perft of DEPTH - 1 plies
//!   after it, and the position after it as TSFEN1;
//! - `random COUNT SEED PLIES TSFEN1...`: COUNT positions reached by random moves (up to PLIES each) from
//!   the position, as TSFEN1.
use std::collections::HashSet;
use std::io::{BufRead, Write};
use taikyoku_shogi::board_position::BoardPosition;
use taikyoku_shogi::game_state::{GameState, Move};
use taikyoku_shogi::movement::config::MovementConfig;
use taikyoku_shogi::notation::{move_encode, tsfen_decode, tsfen_encode};
use taikyoku_shogi::piece::{Color, Piece, PieceType};
use taikyoku_shogi::position::Position;

fn over(state: &GameState) -> bool {
    state.has_lost(Color::Black) || state.has_lost(Color::White)
}

/// The engine's legal moves, each once: its list may hold a move twice (a limited slide that reaches an enemy
/// piece lists it again when it looks one square further), and koma's perft counts moves, not list entries.
/// Of the Free Eagle's moves, those koma's files write: see [`free_eagle_written`].
fn legal_moves(state: &GameState) -> Vec<Move> {
    let mut seen = HashSet::new();
    let mut moves = state.generate_legal_moves();
    moves.retain(|mv| free_eagle_written(state, mv) && seen.insert(move_encode(mv)));
    moves
}

/// Whether koma's files write this move of the engine's Free Eagle (every other move: true). They write its
/// paths straight along a line, which take every enemy piece they cross (koma's sweeps, `w`), and its
/// captures two squares along a line, or three along a forward diagonal, followed by a step back (`cDabW`,
/// `cbAabF`, `cwfF3abF`). A path that crosses no piece is the same move as its queen's slide to that square,
/// which the engine lists apart: it is counted once. Left out: its captures without moving (the engine offers
/// one next to it and one two squares away along a forward diagonal, each of the first enemy piece it finds).
fn free_eagle_written(state: &GameState, mv: &Move) -> bool {
    let Some(path) = mv.free_eagle_path() else {
        return true;
    };
    if mv.to == mv.from {
        return false;
    }
    let step = |a: &Position, b: &Position| (b.file as i32 - a.file as i32, b.rank as i32 - a.rank as i32);
    let first = step(&path[0], &path[1]);
    if path.windows(2).all(|w| step(&w[0], &w[1]) == first) {
        let board = state.get_board();
        return path[1..path.len() - 1].iter().any(|&p| board.get_piece(p).is_some());
    }
    // Out along a line and one step back: [start, 1, 2, 1] or [start, 1, 2, 3, 2].
    let n = path.len();
    n >= 4 && path[n - 1] == path[n - 3]
}

fn perft(state: &mut GameState, depth: u32, each_once: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if over(state) {
        return 0;
    }
    let moves = if each_once { legal_moves(state) } else { state.generate_legal_moves() };
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for mv in moves {
        let undo = state.make_move_for_search(mv).expect("a generated move applies");
        n += perft(state, depth - 1, each_once);
        state.unmake_move_for_search(undo);
    }
    n
}

fn load(text: &str) -> Result<GameState, String> {
    Ok(tsfen_decode(text)?.to_state())
}

/// A small generator of random numbers (xorshift), so that a seed gives the same positions everywhere.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn pieces(names: &str, out: &mut impl Write) -> std::io::Result<()> {
    for name in names.split(',').filter(|n| !n.is_empty()) {
        let Some(t) = PieceType::from_name(name) else {
            writeln!(out, "error: unknown piece type {name}")?;
            continue;
        };
        let must: Vec<String> = (0..36u8)
            .filter(|&r| t.must_promote_on_rank(r, Color::Black))
            .map(|r| r.to_string())
            .collect();
        let promotes = t.promotes_to().map_or("-".to_string(), |p| format!("{p:?}"));
        let must = if must.is_empty() { "-".to_string() } else { must.join(",") };
        writeln!(out, "{name} royal={} promotes={promotes} must={must}", t.is_royal())?;
        writeln!(out, "  {:?}", MovementConfig::for_piece_type(t).capabilities)?;
    }
    for (name, base) in [("RainDragon", PieceType::EarthDragon), ("Whale", PieceType::ReverseChariot)] {
        let t = PieceType::from_name(name).expect("a piece type of the engine");
        let mut p = Piece::new(t, Color::Black, Position { file: 0, rank: 0 });
        p.is_promoted = true;
        p.base_piece_type = Some(base);
        writeln!(out, "{name}<{base:?}> promoted")?;
        writeln!(out, "  {:?}", MovementConfig::for_piece(&p).capabilities)?;
    }
    Ok(())
}

fn answer(line: &str, out: &mut impl Write) -> std::io::Result<()> {
    let mut words = line.split_whitespace();
    let command = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    match command {
        "pieces" => pieces(rest.first().copied().unwrap_or(""), out)?,
        "start" => {
            let mut state = GameState::new();
            state.setup_initial_position();
            writeln!(out, "{}", tsfen_encode(&BoardPosition::from_state(&state)))?;
        }
        "perft" | "perft-list" => match (rest.first().and_then(|d| d.parse().ok()), load(&rest[1..].join(" "))) {
            (Some(depth), Ok(mut state)) => {
                writeln!(out, "{}", perft(&mut state, depth, command == "perft"))?
            }
            (_, Err(e)) => writeln!(out, "error: {e}")?,
            (None, _) => writeln!(out, "error: perft DEPTH TSFEN1")?,
        },
        "divide" => match (rest.first().and_then(|d| d.parse::<u32>().ok()), load(&rest[1..].join(" "))) {
            (Some(depth), Ok(mut state)) if depth > 0 && !over(&state) => {
                for mv in legal_moves(&state) {
                    let undo = state.make_move_for_search(mv.clone()).expect("a generated move applies");
                    let n = perft(&mut state, depth - 1, true);
                    let after = tsfen_encode(&BoardPosition::from_state(&state));
                    state.unmake_move_for_search(undo);
                    writeln!(out, "{} {n} {after}", move_encode(&mv))?;
                }
            }
            (_, Err(e)) => writeln!(out, "error: {e}")?,
            (Some(_), Ok(_)) => {}
            (None, _) => writeln!(out, "error: divide DEPTH TSFEN1")?,
        },
        "moves" => match load(&rest.join(" ")) {
            Ok(state) if over(&state) => {}
            Ok(state) => {
                for mv in legal_moves(&state) {
                    writeln!(out, "{}", move_encode(&mv))?;
                }
            }
            Err(e) => writeln!(out, "error: {e}")?,
        },
        "random" => {
            let numbers: Vec<u64> = rest.iter().take(3).filter_map(|w| w.parse().ok()).collect();
            match (numbers.as_slice(), load(&rest.get(3..).unwrap_or(&[]).join(" "))) {
                ([count, seed, plies], Ok(start)) => {
                    let mut random = Random(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
                    for _ in 0..*count {
                        let mut state = start.clone();
                        let plies = 1 + random.below(*plies as usize);
                        for _ in 0..plies {
                            if over(&state) {
                                break;
                            }
                            let moves = legal_moves(&state);
                            if moves.is_empty() {
                                break;
                            }
                            let mv = moves[random.below(moves.len())].clone();
                            state.make_move_for_search(mv).expect("a generated move applies");
                        }
                        writeln!(out, "{}", tsfen_encode(&BoardPosition::from_state(&state)))?;
                    }
                }
                (_, Err(e)) => writeln!(out, "error: {e}")?,
                _ => writeln!(out, "error: random COUNT SEED PLIES TSFEN1")?,
            }
        }
        _ => writeln!(out, "error: unknown command {command}")?,
    }
    writeln!(out, "end")?;
    out.flush()
}

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        answer(&line?, &mut out)?;
    }
    Ok(())
}
