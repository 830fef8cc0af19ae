//! What a rule edit does to balance: two versions of a game played from the same seeds and openings, the first
//! player's score in each, their difference with its 95% interval (games paired by number), and how the end
//! rules' shares moved.

use serde::Serialize;

use crate::record::GameRecord;

/// Two runs side by side.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// Games in each run.
    pub games: usize,
    /// The first player's mean score in the first version.
    pub score_a: f64,
    /// …and in the second.
    pub score_b: f64,
    /// The second's score less the first's.
    pub difference: f64,
    /// The difference's 95% confidence interval, from the games' paired differences.
    pub confidence_95: (f64, f64),
    /// Whether the interval leaves out zero.
    pub significant: bool,
    /// Each way a game ended (in the words of its rule) with its share of games in each version.
    pub endings: Vec<(String, f64, f64)>,
}

/// Compares the games `b` played against `a` (the same game numbers in both), naming end rules with
/// `rule_a` and `rule_b`.
pub fn compare(
    a: &[GameRecord],
    b: &[GameRecord],
    rule_a: &dyn Fn(usize) -> String,
    rule_b: &dyn Fn(usize) -> String,
) -> Comparison {
    let pairs: Vec<(f64, f64)> = a
        .iter()
        .filter_map(|ga| {
            let gb = b.iter().find(|g| g.index == ga.index)?;
            Some((ga.first_player_score(), gb.first_player_score()))
        })
        .collect();
    let n = pairs.len().max(1) as f64;
    let mean = |f: &dyn Fn(&(f64, f64)) -> f64| pairs.iter().map(f).sum::<f64>() / n;
    let (score_a, score_b) = (mean(&|p| p.0), mean(&|p| p.1));
    let difference = score_b - score_a;
    let var = pairs
        .iter()
        .map(|p| (p.1 - p.0 - difference).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let confidence_95 = (difference - half, difference + half);
    let share = |records: &[GameRecord], rule: &dyn Fn(usize) -> String, words: &str| {
        let hits = records
            .iter()
            .filter(|g| g.end_rule.map_or("move limit".to_string(), rule) == words)
            .count();
        hits as f64 / records.len().max(1) as f64
    };
    let mut words: Vec<String> = a
        .iter()
        .map(|g| g.end_rule.map_or("move limit".to_string(), rule_a))
        .chain(
            b.iter()
                .map(|g| g.end_rule.map_or("move limit".to_string(), rule_b)),
        )
        .collect();
    words.sort();
    words.dedup();
    let endings = words
        .into_iter()
        .map(|w| {
            let (sa, sb) = (share(a, rule_a, &w), share(b, rule_b, &w));
            (w, sa, sb)
        })
        .collect();
    Comparison {
        games: pairs.len(),
        score_a,
        score_b,
        difference,
        confidence_95,
        significant: pairs.len() > 1 && (confidence_95.0 > 0.0 || confidence_95.1 < 0.0),
        endings,
    }
}

/// The comparison as a designer reads it, the versions named `a` and `b`.
pub fn compare_text(a: &str, b: &str, c: &Comparison) -> String {
    let mut out = vec![
        format!(
            "{} games of each version, from the same seeds and openings",
            c.games
        ),
        format!(
            "first player's score: {:.3} in {a}, {:.3} in {b}",
            c.score_a, c.score_b
        ),
        format!(
            "difference ({b} less {a}): {:+.3} (95% confidence {:+.3} to {:+.3}): {}",
            c.difference,
            c.confidence_95.0,
            c.confidence_95.1,
            if c.significant {
                "significant"
            } else {
                "not significant"
            }
        ),
        format!("how games ended (share of games, {a} -> {b}):"),
    ];
    for (words, sa, sb) in &c.endings {
        out.push(format!(
            "  {:>6.1}% -> {:>5.1}%  {words}",
            100.0 * sa,
            100.0 * sb
        ));
    }
    out.join("\n")
}
