//! The evaluation of a koma game tuned from its own self-play (Texel tuning). Self-play games give
//! positions and results; the quiet ones (not in check, the move played there takes nothing and promotes
//! nothing, and the move before took nothing) are read into the evaluation's terms, and the weights are fitted
//! so that a logistic curve of the evaluation predicts the results, by gradient descent (Adam) with held-out
//! positions deciding which weights are kept.
//!
//! # Where it lives
//!
//! | concept | module |
//! |---|---|
//! | positions with results, read from self-play records ([`Sample`]) | `samples.rs` |
//! | the fit: error, scale, gradient descent ([`Fit`]) | `fit.rs` |

mod fit;
mod samples;

pub use fit::{Fit, Progress, Tuned, error, evaluate, fit_scale};
pub use samples::{Sample, pick, samples};
