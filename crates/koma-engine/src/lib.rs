//! A search engine for any compiled koma game. It knows nothing of any one game: moves come from the VM,
//! the end of the game from the game's own end rules (a win the rules give N plies ahead is a mate score),
//! and piece values from the pieces' moves on the game's board (`koma_vm::Values`).
//!
//! # Where it lives
//!
//! | concept | module |
//! |---|---|
//! | scores, mate scores and how they are shown | `score.rs` |
//! | the evaluation's weights, one table per game ([`Weights`]) | `weights.rs` |
//! | the evaluation's terms read from a position | `features.rs` |
//! | the evaluation ([`Evaluator`]) | `eval.rs` |
//! | search limits: depth, nodes, move time, clocks ([`Limits`]) | `limits.rs` |
//! | the transposition table, lock-free | `tt.rs` |
//! | move ordering: hash move, captures, killers, history | `order.rs` |
//! | what the threads share: table, stop flag, node count | `shared.rs` |
//! | one search thread: iterative deepening, PVS, quiescence | `search.rs` |
//! | the engine: threads (Lazy SMP), MultiPV, the result ([`Engine`]) | `engine.rs` |
//! | moves that reach the same position as another, searched once | `twins.rs` |
//! | an independent AND/OR solver that proves forced wins, for tests | `solver.rs` |

mod engine;
mod eval;
mod features;
mod limits;
mod order;
mod score;
mod search;
mod shared;
pub mod solver;
mod tt;
pub mod twins;
mod weights;

pub use engine::{DEFAULT_HASH_MB, Engine, Found};
pub use eval::{Evaluator, Trace};
pub use limits::{Clock, Limits, MOVE_OVERHEAD};
pub use score::{MATE, Score, Shown, is_mate, shown};
pub use search::{Line, Report};
pub use shared::Shared;
pub use weights::{
    DANGER_MAX, DANGER_SCALE, HAND_COPIES, Layout, MAX_WEIGHT, Term, Weights, WeightsError,
};
