//! `info` lines: what the search reports after each iteration.

use koma_engine::{Report, shown};
use koma_vm::Rules;

/// The `info` lines of a report: one per line searched (`multipv K` named when several are).
pub fn lines(r: &Report, rules: &Rules, multipv: bool) -> Vec<String> {
    let ms = r.elapsed.as_millis();
    let nps = (r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-6)) as u64;
    r.lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let pv: Vec<String> = line.pv.iter().map(|&m| rules.move_name(m)).collect();
            format!(
                "info depth {} seldepth {}{} score {} nodes {} nps {nps} time {ms} pv {}",
                r.depth,
                r.seldepth.max(r.depth),
                if multipv {
                    format!(" multipv {}", i + 1)
                } else {
                    String::new()
                },
                shown(line.score),
                r.nodes,
                pv.join(" ")
            )
        })
        .collect()
}
