//! The fit: the mean squared error between the games' results and a logistic curve of the evaluation,
//! the curve's scale fitted first to the weights the tuning starts from, then the weights moved down the
//! error's gradient (Adam), a little pulled back towards where they started; the held-out positions' error
//! decides which weights are kept.

use koma_engine::{DANGER_MAX, DANGER_SCALE, MAX_WEIGHT, Weights};

use crate::samples::Sample;

/// How the fit goes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    /// Steps of gradient descent.
    pub iterations: u32,
    /// Adam's step, in centipawns.
    pub rate: f64,
    /// How strongly the weights are pulled back to where they started (L2, per squared centipawn).
    pub regularisation: f64,
    /// Threads that share the work of each step.
    pub jobs: usize,
    /// The fit ends after this many steps without a better held-out error.
    pub patience: u32,
    /// How much of each position's target is the self-play search's score rather than the game's result
    /// (0: the result alone; 1: the score alone, through the same logistic curve).
    pub lambda: f64,
}

impl Default for Fit {
    fn default() -> Fit {
        Fit {
            iterations: 1000,
            rate: 2.0,
            regularisation: 1e-8,
            jobs: 1,
            patience: 200,
            lambda: 0.0,
        }
    }
}

/// What a step reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// The step, from 1.
    pub iteration: u32,
    /// The training positions' error.
    pub training: f64,
    /// The held-out positions' error.
    pub held_out: f64,
}

/// What the fit found.
#[derive(Debug, Clone, PartialEq)]
pub struct Tuned {
    /// The weights with the least held-out error.
    pub weights: Weights,
    /// The scale of the logistic curve: a score of `s` centipawns predicts `1 / (1 + 10^(-scale s / 400))`.
    pub scale: f64,
    /// The held-out error of the weights the fit started from.
    pub before: f64,
    /// The held-out error of the weights kept.
    pub after: f64,
    /// The step they come from (0: the starting weights were best).
    pub best_iteration: u32,
}

/// The evaluation of a sample under real-valued weights, from the first player's side (what the engine's
/// evaluation gives for whole-numbered weights, before its bound), and the slope of each king's danger
/// penalty in its units.
pub fn evaluate(sample: &Sample, w: &[f64]) -> (f64, [f64; 2]) {
    let mut e: f64 = sample
        .trace
        .terms
        .iter()
        .map(|&(i, c)| w[i as usize] * c as f64)
        .sum();
    let mut slopes = [0.0; 2];
    for (p, list) in sample.trace.danger.iter().enumerate() {
        let units: f64 = list.iter().map(|&(i, c)| w[i as usize] * c as f64).sum();
        let scale = DANGER_SCALE as f64;
        let (penalty, slope) = if units <= 0.0 {
            (0.0, 0.0)
        } else if units * units / scale >= DANGER_MAX as f64 {
            (DANGER_MAX as f64, 0.0)
        } else {
            (units * units / scale, 2.0 * units / scale)
        };
        // The first player's king's danger counts against the first player.
        let sign = if p == 0 { -1.0 } else { 1.0 };
        e += sign * penalty;
        slopes[p] = sign * slope;
    }
    (e, slopes)
}

/// The logistic curve of a score, with `k` = scale × ln 10 / 400.
fn sigmoid(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * score).exp())
}

fn k_of(scale: f64) -> f64 {
    scale * std::f64::consts::LN_10 / 400.0
}

/// The mean squared error of the samples' predictions under `w`.
pub fn error(samples: &[Sample], w: &[f64], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let k = k_of(scale);
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(evaluate(s, w).0, k);
            (s.result - p) * (s.result - p)
        })
        .sum();
    total / samples.len() as f64
}

/// The scale that makes the starting weights predict best (golden-section search).
pub fn fit_scale(samples: &[Sample], w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The samples with their targets blended: `lambda` of the search's score (through the logistic curve of
/// slope `k`) and the rest of the game's result. A sample without a score keeps its result.
fn blend(samples: &[Sample], lambda: f64, k: f64) -> Vec<Sample> {
    samples
        .iter()
        .map(|s| Sample {
            result: match s.score {
                Some(score) => (1.0 - lambda) * s.result + lambda * sigmoid(score as f64, k),
                None => s.result,
            },
            ..s.clone()
        })
        .collect()
}

/// The sum over `samples` of the training error's gradient at `w`, added into `grad`.
fn gradient_sum(samples: &[Sample], w: &[f64], k: f64, grad: &mut [f64]) {
    for s in samples {
        let (e, slopes) = evaluate(s, w);
        let p = sigmoid(e, k);
        let d = -2.0 * (s.result - p) * p * (1.0 - p) * k;
        for &(i, c) in &s.trace.terms {
            grad[i as usize] += d * c as f64;
        }
        for (side, list) in s.trace.danger.iter().enumerate() {
            if slopes[side] != 0.0 {
                for &(i, c) in list {
                    grad[i as usize] += d * slopes[side] * c as f64;
                }
            }
        }
    }
}

/// Samples per block of the gradient: each block is summed alone and the blocks are added in order, so
/// that the sum, and so the weights, are the same however many threads share the work.
const BLOCK: usize = 4096;

/// The mean gradient of the training error at `w` over `samples`, into `grad`, with the blocks shared
/// among `jobs` threads.
fn gradient(samples: &[Sample], w: &[f64], k: f64, jobs: usize, grad: &mut [f64]) {
    let blocks: Vec<&[Sample]> = samples.chunks(BLOCK).collect();
    let jobs = jobs.clamp(1, 64).min(blocks.len().max(1));
    let mut sums = vec![vec![0.0; w.len()]; blocks.len()];
    if jobs == 1 {
        for (block, sum) in blocks.iter().zip(sums.iter_mut()) {
            gradient_sum(block, w, k, sum);
        }
    } else {
        // Thread t sums the blocks t, t + jobs, t + 2 jobs, ...
        let mut shares: Vec<Vec<(usize, &mut Vec<f64>)>> = (0..jobs).map(|_| Vec::new()).collect();
        for (b, sum) in sums.iter_mut().enumerate() {
            shares[b % jobs].push((b, sum));
        }
        std::thread::scope(|scope| {
            for share in shares {
                let blocks = &blocks;
                scope.spawn(move || {
                    for (b, sum) in share {
                        gradient_sum(blocks[b], w, k, sum);
                    }
                });
            }
        });
    }
    grad.fill(0.0);
    for sum in &sums {
        for (a, b) in grad.iter_mut().zip(sum) {
            *a += b;
        }
    }
    let n = samples.len().max(1) as f64;
    for g in grad.iter_mut() {
        *g /= n;
    }
}

impl Fit {
    /// Fits `start` to the `training` samples, keeping the weights with the least error on `held_out`;
    /// `progress` hears of every step and may stop the fit by returning false. The fit also stops once the
    /// held-out error has not improved for [`Fit::patience`] steps.
    pub fn run(
        &self,
        start: &Weights,
        training: &[Sample],
        held_out: &[Sample],
        progress: &mut dyn FnMut(Progress) -> bool,
    ) -> Tuned {
        let w0: Vec<f64> = start.values.iter().map(|&v| v as f64).collect();
        let scale = fit_scale(training, &w0);
        let k = k_of(scale);
        let (training, held_out) = if self.lambda > 0.0 {
            (
                &blend(training, self.lambda, k)[..],
                &blend(held_out, self.lambda, k)[..],
            )
        } else {
            (training, held_out)
        };
        let before = error(held_out, &w0, scale);
        let mut w = w0.clone();
        let mut best = (before, w0.clone(), 0);
        let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
        let mut grad = vec![0.0; w.len()];
        let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12);
        for t in 1..=self.iterations {
            gradient(training, &w, k, self.jobs, &mut grad);
            for i in 0..w.len() {
                let g = grad[i] + 2.0 * self.regularisation * (w[i] - w0[i]);
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                let mh = m[i] / (1.0 - b1.powi(t as i32));
                let vh = v[i] / (1.0 - b2.powi(t as i32));
                w[i] -= self.rate * mh / (vh.sqrt() + eps);
                w[i] = w[i].clamp(-(MAX_WEIGHT as f64), MAX_WEIGHT as f64);
            }
            let held = error(held_out, &w, scale);
            if held < best.0 {
                best = (held, w.clone(), t);
            }
            let report = Progress {
                iteration: t,
                training: if t % 10 == 0 || t == self.iterations {
                    error(training, &w, scale)
                } else {
                    f64::NAN
                },
                held_out: held,
            };
            if !progress(report) || t - best.2 >= self.patience {
                break;
            }
        }
        let mut weights = start.clone();
        for (out, &x) in weights.values.iter_mut().zip(&best.1) {
            *out = x.round() as i32;
        }
        Tuned {
            weights,
            scale,
            before,
            after: best.0,
            best_iteration: best.2,
        }
    }
}
