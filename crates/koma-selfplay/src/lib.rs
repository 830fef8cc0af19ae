//! A variant measured by self-play: the engine plays a game against itself many times, from openings varied
//! by a seed, and the run says what a designer wants to know: whether the first player is favoured (with a
//! confidence interval), how often games are drawn, how long they last, which end rules end them, which
//! pieces are used and which never are.
//!
//! A run scales out without a cluster of its own: game `i` depends only on the run's seed and `i`, so shard
//! `k` of `n` plays the games `i ≡ k (mod n)`, writes them as JSON lines, and [`merge`] adds the shards up to
//! exactly the run the same seed gives on one machine.
//!
//! | concept | module |
//! |---|---|
//! | one game's record, the JSON lines | `record.rs` |
//! | a record read from a shard, checked against its game | `check.rs` |
//! | playing one game | `play.rs` |
//! | a run's games on threads, in shards | `run.rs` |
//! | the statistics | `stats.rs` |
//! | the statistics as text | `report.rs` |
//! | the run as one HTML page with plots | `html.rs` |
//! | two versions of a game compared from the same openings | `compare.rs` |

mod check;
mod compare;
mod html;
mod play;
mod record;
mod report;
mod run;
mod stats;

use koma_host::Loaded;

pub use compare::{Comparison, compare, compare_text};
pub use html::html;
pub use play::{DEFAULT_NODES, Plan, play};
pub use record::{FaceUse, GameRecord, Line, Settings, distinct};
pub use report::text;
pub use run::{RunProgress, Shard, run, run_following, run_watched};
pub use stats::{Ending, FaceStats, FirstMove, Summary, summarize};

/// The summary of a run's games of a loaded game, naming end rules by their words and their line.
pub fn summary(loaded: &Loaded, records: &[GameRecord]) -> Summary {
    let rules = loaded.rules();
    let names: Vec<String> = rules.faces.iter().map(|f| f.name.clone()).collect();
    let rule = |i: usize| {
        let r = &rules.end_rules[i];
        let line = r.origin.as_ref().and_then(|span| {
            let at = loaded.locate(span)?;
            Some(if loaded.sources.is_inherited(span) {
                format!("{} line {}", at.file.name, at.line)
            } else {
                format!("line {}", at.line)
            })
        });
        (r.words(rules), line)
    };
    summarize(records, &names, &rule)
}

/// A run's records as JSON lines, each with the run's settings.
pub fn json_lines(settings: &Settings, records: &[GameRecord]) -> String {
    records
        .iter()
        .map(|r| {
            serde_json::to_string(&Line {
                settings: settings.clone(),
                record: r.clone(),
            })
            .expect("records serialize")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The settings of the run a shard's JSON lines belong to (those of its first line).
pub fn settings_of(name: &str, text: &str) -> Result<Settings, String> {
    let (n, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty())
        .ok_or_else(|| format!("{name}: no self-play line"))?;
    let parsed: Line = serde_json::from_str(line)
        .map_err(|e| format!("{name}:{}: not a self-play line: {e}", n + 1))?;
    Ok(parsed.settings)
}

/// Reads the JSON lines of several shards of a run of `rules` into one run: every line must have the same
/// settings, name this game, and hold a record its moves give (see [`check::check`]); a game given twice must
/// be the same game. The records come back in game order. An error names the file and line.
pub fn merge(
    rules: &std::sync::Arc<koma_vm::Rules>,
    texts: &[(String, String)],
) -> Result<(Settings, Vec<GameRecord>), String> {
    let mut settings: Option<Settings> = None;
    let mut records: Vec<GameRecord> = Vec::new();
    for (name, text) in texts {
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let parsed: Line = serde_json::from_str(line)
                .map_err(|e| format!("{name}:{}: not a self-play line: {e}", n + 1))?;
            match &settings {
                None => settings = Some(parsed.settings.clone()),
                Some(s) if *s != parsed.settings => {
                    return Err(format!(
                        "{name}:{}: a line of another run (its settings differ)",
                        n + 1
                    ));
                }
                Some(_) => {}
            }
            if parsed.settings.game != rules.name {
                return Err(format!(
                    "{name}:{}: a game of `{}`, not of `{}`",
                    n + 1,
                    koma_host::text::shorten(&parsed.settings.game),
                    rules.name
                ));
            }
            check::check(&parsed.record, rules, &parsed.settings)
                .map_err(|e| format!("{name}:{}: game {}: {e}", n + 1, parsed.record.index))?;
            match records.iter().find(|r| r.index == parsed.record.index) {
                Some(r) if *r != parsed.record => {
                    return Err(format!(
                        "{name}:{}: game {} is given twice, differently",
                        n + 1,
                        r.index
                    ));
                }
                Some(_) => {}
                None => records.push(parsed.record),
            }
        }
    }
    let settings = settings.ok_or("no self-play lines to merge")?;
    records.sort_by_key(|r| r.index);
    Ok((settings, records))
}
