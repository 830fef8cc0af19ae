//! `koma diff BEFORE AFTER`: the shortest move sequences where two rule files behave differently.

use std::sync::atomic::AtomicBool;

use crate::load::load_rules;
use crate::report::Report;

/// The exit status of a diff that found no difference but was cut short (by its time or position budget).
pub const INCONCLUSIVE: i32 = 2;

/// Prints the differences, or that there are none as far as the diff looked. Like `diff`, the exit status
/// is 1 when the games differ (an error while loading either game is reported for both), and
/// [`INCONCLUSIVE`] when none was found but the walk was cut short.
pub fn run(before: &str, after: &str, settings: &koma_diff::Settings) -> Result<(), Vec<Report>> {
    let (a, b) = match (load_rules(before), load_rules(after)) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let mut reports = a.err().unwrap_or_default();
            reports.extend(b.err().unwrap_or_default());
            return Err(reports);
        }
    };
    let report = koma_diff::diff(&a, &b, settings, &AtomicBool::new(false)).map_err(|e| {
        vec![Report::plain(
            "koma::diff-from",
            e,
            Some("the SFEN is read under the first game's rules".into()),
        )]
    })?;
    crate::say!("{}", koma_diff::render(&report, before, after));
    if !report.differences.is_empty() {
        return Err(Vec::new());
    }
    if report.cutoff.is_some() {
        // Inconclusive: no difference found, but the walk did not finish. Its own status, 2.
        use std::io::Write;
        let _ = std::io::stdout().flush();
        std::process::exit(INCONCLUSIVE);
    }
    Ok(())
}
