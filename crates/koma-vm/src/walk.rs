//! Long walks of the move tree under watch: what may stop them (a flag that Ctrl-C or a client's `stop` sets, a
//! deadline), how they report progress, and the time guard that measures a walk before it is started.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// How far a watched walk has come: pieces of work done out of all of them, and the leaves counted so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Pieces of work counted (a root move, or a root move and one reply).
    pub done: usize,
    /// All the pieces of work.
    pub pieces: usize,
    /// Leaves counted so far.
    pub leaves: u64,
    /// Time since the walk began.
    pub elapsed: Duration,
}

/// Why a watched walk did not finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The stop flag was set (Ctrl-C, a client's `stop`).
    Interrupted,
    /// The walk ran past its time limit.
    OutOfTime {
        /// The limit it ran past.
        limit: Duration,
    },
    /// A measured sample of the walk says it would take longer than its limit; it was not started.
    TooLong {
        /// The time the walk was estimated to take.
        estimate: Duration,
        /// The limit.
        limit: Duration,
    },
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::Interrupted => write!(f, "stopped"),
            Stopped::OutOfTime { limit } => {
                write!(
                    f,
                    "stopped after {}, its time limit",
                    duration_words(*limit)
                )
            }
            Stopped::TooLong { estimate, limit } => write!(
                f,
                "it would take about {} on this machine (measured), over its limit of {}",
                duration_words(*estimate),
                duration_words(*limit)
            ),
        }
    }
}

/// A duration in words, rounded: `350 ms`, `12 s`, `4 min`, `3 hours`, `12 days`, `2e5 years`.
pub fn duration_words(d: Duration) -> String {
    let s = d.as_secs_f64();
    match s {
        s if s < 1.0 => format!("{:.0} ms", s * 1e3),
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 86400.0 * 2.0 => format!("{:.0} hours", s / 3600.0),
        s if s < 86400.0 * 365.0 * 2.0 => format!("{:.0} days", s / 86400.0),
        s => format!("{:.0e} years", s / (86400.0 * 365.0)),
    }
}

/// What watches a long walk: an optional stop flag, an optional deadline and an optional progress report.
/// Once the walk has been told to stop, it stays stopped.
pub struct Watch<'a> {
    stop: Option<&'a AtomicBool>,
    deadline: Option<(Instant, Duration)>,
    progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    halted: AtomicBool,
}

impl Default for Watch<'_> {
    fn default() -> Self {
        Watch::new()
    }
}

impl<'a> Watch<'a> {
    /// A watch that never stops a walk and reports nothing.
    pub fn new() -> Self {
        Watch {
            stop: None,
            deadline: None,
            progress: None,
            halted: AtomicBool::new(false),
        }
    }

    /// Stops the walk when `flag` is set.
    pub fn stop_on(mut self, flag: &'a AtomicBool) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Stops the walk `limit` from now.
    pub fn limit(mut self, limit: Duration) -> Self {
        self.deadline = Some((Instant::now() + limit, limit));
        self
    }

    /// Reports progress to `report` after each piece of work.
    pub fn report(mut self, report: &'a (dyn Fn(Progress) + Sync)) -> Self {
        self.progress = Some(report);
        self
    }

    /// The same flag and report, with a deadline `limit` from now (or none).
    pub(crate) fn renewed(&self, limit: Option<Duration>) -> Watch<'a> {
        Watch {
            stop: self.stop,
            deadline: limit.map(|l| (Instant::now() + l, l)),
            progress: self.progress,
            halted: AtomicBool::new(false),
        }
    }

    /// The same flag, with no deadline and no report: for a sample of a walk.
    pub(crate) fn quiet(&self, limit: Duration) -> Watch<'a> {
        Watch {
            stop: self.stop,
            deadline: Some((Instant::now() + limit, limit)),
            progress: None,
            halted: AtomicBool::new(false),
        }
    }

    /// Whether the walk must stop now; `clock` says whether to read the clock this time.
    #[inline]
    pub(crate) fn halted(&self, clock: bool) -> bool {
        if self.halted.load(Ordering::Relaxed) {
            return true;
        }
        let flag = self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        let late = clock && self.deadline.is_some_and(|(d, _)| Instant::now() >= d);
        if flag || late {
            self.halted.store(true, Ordering::Relaxed);
        }
        flag || late
    }

    /// Why the walk stopped, if it did.
    pub fn stopped(&self) -> Option<Stopped> {
        if !self.halted.load(Ordering::Relaxed) && !self.halted(true) {
            return None;
        }
        match self.deadline {
            Some((d, limit)) if Instant::now() >= d => Some(Stopped::OutOfTime { limit }),
            _ => Some(Stopped::Interrupted),
        }
    }

    /// Reports progress, if anyone listens.
    pub(crate) fn tell(&self, progress: Progress) {
        if let Some(report) = self.progress {
            report(progress);
        }
    }
}

/// The time guard: how long a walk of `depth` plies on `threads` threads would take, measured on this
/// machine. `sample(k, limit)` walks `k` plies and returns its leaf count, or why it stopped. Shallower walks
/// are measured, one ply deeper each time, in the CPU time of the process (a machine busy with other work
/// slows the clock on the wall, not the work), until one takes at least [`SAMPLE`]; its time, divided among
/// the threads, times the growth of the leaf count carried to `depth`, is the estimate. The growth is the
/// geometric mean of the last (up to) three plies' growth, so that one ply of unusual branching does not
/// decide. Forced plies (one legal move) do not fool it: the growth is measured where the tree has grown (the
/// last sample, one ply short of `depth`, is carried on however short it was). Returns `Ok(())` when the walk
/// fits in `limit` (or is shallow enough to be measured whole), the estimate otherwise.
///
/// A sample is itself bounded: once the growth is known, a sample that runs past [`SAMPLE_MARGIN`] times the
/// time at which its estimate would reach `limit` (and past [`SAMPLE_FLOOR`]) is stopped, and the walk is
/// refused when that bound times the growth still to come is over `limit`. So the measuring of a walk far too
/// deep costs a small part of `limit`, not all of it (a quick sample one ply short of [`SAMPLE`] is followed by
/// one a thousand times longer in a game of a thousand moves).
pub(crate) fn guard(
    depth: u32,
    threads: usize,
    limit: Duration,
    mut sample: impl FnMut(u32, Duration) -> Result<u64, Stopped>,
) -> Result<(), Stopped> {
    let threads = threads.max(1) as f64;
    let mut counts = vec![1u64];
    for k in 1..depth {
        // How many times longer than this sample the whole walk is, by the growth measured so far.
        let carried = if k >= 2 {
            growth(&counts).powi((depth - k) as i32)
        } else {
            1.0
        };
        // The time this sample may take: a margin over the time at which the walk's estimate reaches the limit,
        // and not less than SAMPLE_FLOOR (a busy machine's clock must not decide).
        let sample_limit = limit
            .mul_f64((SAMPLE_MARGIN / carried).min(1.0))
            .max(SAMPLE_FLOOR.min(limit));
        let clock = CpuClock::start();
        let leaves = match sample(k, sample_limit) {
            Ok(n) => n,
            // A sample that alone runs past the limit: the whole walk would too, by at least its growth.
            Err(Stopped::OutOfTime { .. }) if sample_limit >= limit => {
                return Err(Stopped::TooLong {
                    estimate: limit.mul_f64(2.0),
                    limit,
                });
            }
            // A sample that runs past its bound: the walk takes at least the bound times the growth still to
            // come, which is SAMPLE_MARGIN times the limit or more.
            Err(Stopped::OutOfTime { .. }) => {
                return Err(Stopped::TooLong {
                    estimate: sample_limit.mul_f64(carried.min(1e12)),
                    limit,
                });
            }
            Err(e) => return Err(e),
        };
        let took = clock.elapsed();
        if leaves == 0 {
            return Ok(());
        }
        counts.push(leaves);
        if took >= SAMPLE || k + 1 == depth {
            let growth = growth(&counts);
            let estimate = took.as_secs_f64() / threads * growth.powi((depth - k) as i32);
            let estimate = Duration::from_secs_f64(estimate.min(1e15));
            return if estimate > limit {
                Err(Stopped::TooLong { estimate, limit })
            } else {
                Ok(())
            };
        }
    }
    Ok(())
}

/// The shortest bound a sample gets.
pub const SAMPLE_FLOOR: Duration = Duration::from_secs(1);

/// How far past the time at which its estimate reaches the limit a sample may run before it is stopped (the
/// growth of the next plies may be smaller than that of the last ones).
pub const SAMPLE_MARGIN: f64 = 4.0;

/// The growth of the leaf count per ply: the geometric mean over the last three plies counted (at least 1).
fn growth(counts: &[u64]) -> f64 {
    let last = counts.len() - 1;
    let first = last.saturating_sub(3);
    let plies = (last - first).max(1) as f64;
    let ratio = counts[last] as f64 / counts[first].max(1) as f64;
    ratio.powf(1.0 / plies).max(1.0)
}

/// A walk under the time guard: measured first, refused when the estimate is over `limit`, stopped at the
/// limit when the estimate was wrong. A walk refused by its estimate is still tried for as long as the
/// measuring took (at least [`TRY_ANYWAY`]): the guard never refuses a walk it could have finished in the time
/// it spent deciding. Without a limit, the walk simply runs under `watch`.
pub(crate) fn guarded<T>(
    depth: u32,
    threads: usize,
    limit: Option<Duration>,
    watch: &Watch,
    sample: impl FnMut(u32, Duration) -> Result<u64, Stopped>,
    mut walk: impl FnMut(&Watch) -> Result<T, Stopped>,
) -> Result<T, Stopped> {
    let Some(limit) = limit else {
        return walk(&watch.renewed(None));
    };
    let started = Instant::now();
    match guard(depth, threads, limit, sample) {
        Ok(()) => walk(&watch.renewed(Some(limit))),
        Err(Stopped::TooLong { estimate, limit }) => {
            let budget = started.elapsed().max(TRY_ANYWAY).min(limit);
            match walk(&watch.renewed(Some(budget))) {
                Err(Stopped::OutOfTime { .. }) => Err(Stopped::TooLong { estimate, limit }),
                other => other,
            }
        }
        Err(e) => Err(e),
    }
}

/// The shortest try of a walk that its estimate refused.
pub const TRY_ANYWAY: Duration = Duration::from_millis(250);

/// The CPU time of the process since it was started (the wall clock where the platform has no CPU clock).
struct CpuClock {
    #[cfg(any(unix, windows))]
    cpu: cpu_time::ProcessTime,
    #[cfg(not(any(unix, windows)))]
    wall: Instant,
}

impl CpuClock {
    fn start() -> CpuClock {
        CpuClock {
            #[cfg(any(unix, windows))]
            cpu: cpu_time::ProcessTime::now(),
            #[cfg(not(any(unix, windows)))]
            wall: Instant::now(),
        }
    }

    fn elapsed(&self) -> Duration {
        #[cfg(any(unix, windows))]
        return self.cpu.elapsed();
        #[cfg(not(any(unix, windows)))]
        return self.wall.elapsed();
    }
}

/// How long a sample must take before its time is trusted.
pub const SAMPLE: Duration = Duration::from_millis(20);

/// How long a walk of the move tree may take in each front end before it is refused (the same limits
/// everywhere a walk is asked for).
pub mod walk_limits {
    use std::time::Duration;

    /// A walk asked for on the command line (`koma perft`, `koma bench`): ten minutes, `--force` lifts it.
    pub const COMMAND: Duration = Duration::from_secs(600);

    /// A walk asked for in a conversation or a file (the REPL's `perft`, a scenario's `perft` step, a rules
    /// card's perft table, one depth of a rule diff): one minute.
    pub const INTERACTIVE: Duration = Duration::from_secs(60);

    /// A rules card's perft table stops at the first depth whose walk would take longer than this.
    pub const CARD_TABLE: Duration = Duration::from_secs(2);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample that counts `branching^k` leaves and burns no CPU, after a sleep: a machine so busy that the
    /// wall clock says a sample took `slept` while the walk itself costs nothing.
    fn sleepy(
        branching: u64,
        slept: Duration,
    ) -> impl FnMut(u32, Duration) -> Result<u64, Stopped> {
        move |k, _| {
            std::thread::sleep(slept);
            Ok(branching.pow(k))
        }
    }

    #[test]
    fn time_spent_waiting_for_the_processor_is_not_counted() {
        // Wall-clock samples of 30 ms at every ply of a tree of branching 30 would estimate 30 ms × 30⁴ = 7 hours
        // for depth 5; the work itself takes no CPU time, so the walk fits.
        assert_eq!(
            guard(
                5,
                1,
                Duration::from_secs(600),
                sleepy(30, Duration::from_millis(30))
            ),
            Ok(())
        );
    }

    #[test]
    fn a_sample_is_stopped_once_its_estimate_is_far_over_the_limit() {
        // A tree of a thousand moves a ply whose second sample is just short of SAMPLE: the third would take
        // a thousand times longer, the walk a thousand times more again. The third may take only a margin over
        // limit / 1000, and the walk is refused.
        let limit = Duration::from_secs(60);
        let mut given = Vec::new();
        let verdict = guard(4, 1, limit, |k, l| {
            given.push(l);
            match k {
                3 => Err(Stopped::OutOfTime { limit: l }),
                _ => Ok(1000u64.pow(k)),
            }
        });
        assert_eq!(given[0], limit, "the first sample knows no growth yet");
        assert_eq!(
            given[2],
            limit.mul_f64(SAMPLE_MARGIN / 1000.0).max(SAMPLE_FLOOR),
            "{given:?}"
        );
        match verdict {
            Err(Stopped::TooLong { estimate, .. }) => {
                assert!(estimate >= SAMPLE_FLOOR.mul_f64(999.0), "{estimate:?}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn growth_is_the_mean_of_the_last_plies() {
        assert_eq!(growth(&[1, 30]), 30.0);
        assert!((growth(&[1, 10, 100, 1000, 10_000]) - 10.0).abs() < 1e-9);
        // One forced ply among them does not make the tree look flat.
        assert!((growth(&[1, 30, 30, 900]) - 900f64.powf(1.0 / 3.0)).abs() < 1e-9);
        assert_eq!(growth(&[1, 1]), 1.0);
    }

    #[test]
    fn a_walk_refused_by_its_estimate_is_still_tried_for_as_long_as_the_measuring_took() {
        let watch = Watch::new();
        // The estimate says far over the limit (a sample that "ran past the limit"), but the walk is quick.
        let refuse = |_, _| -> Result<u64, Stopped> {
            Err(Stopped::OutOfTime {
                limit: Duration::ZERO,
            })
        };
        let quick = guarded(9, 1, Some(Duration::from_secs(1)), &watch, refuse, |_| {
            Ok(42)
        });
        assert_eq!(quick, Ok(42));
        // A walk that does not finish in its try is refused with the estimate, not stopped.
        let slow = guarded(
            9,
            1,
            Some(Duration::from_secs(1)),
            &watch,
            refuse,
            |w: &Watch| {
                while !w.halted(true) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err::<u64, _>(w.stopped().unwrap())
            },
        );
        assert!(matches!(slow, Err(Stopped::TooLong { .. })), "{slow:?}");
    }
}
