//! `koma diff BEFORE AFTER`: the shortest move sequences where two rule files behave differently.

use crate::load::load_rules;
use crate::report::Report;

/// Prints the differences, or that there are none up to the depth searched. Exit status 0 either way.
pub fn run(before: &str, after: &str, depth: u32, nodes: u64) -> Result<(), Vec<Report>> {
    let (a, b) = (load_rules(before)?, load_rules(after)?);
    let report = koma_diff::diff(&a, &b, depth, nodes);
    crate::say!("{}", koma_diff::render(&report, before, after));
    Ok(())
}
