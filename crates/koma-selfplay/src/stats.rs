//! The statistics of a run: the first player's score with its confidence interval, draws, game lengths, how
//! games ended, how each face was used, and the first moves.

use serde::Serialize;

use crate::record::GameRecord;

/// How often games ended by one end rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ending {
    /// The rule in the language's words, or `move limit` for unfinished games.
    pub rule: String,
    /// Where it is written (`line 37`, or `shogi line 30` when inherited).
    pub line: Option<String>,
    /// Games it ended.
    pub games: usize,
}

/// How a face was used over the run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FaceStats {
    /// The face's name.
    pub name: String,
    /// Board moves.
    pub moved: u64,
    /// Drops.
    pub dropped: u64,
    /// Promotions to it.
    pub promoted: u64,
    /// Times captured.
    pub captured: u64,
    /// Games in which it moved, was dropped, was promoted to or was captured at least once.
    pub games_used: usize,
}

/// A first move and how the first player fared after it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FirstMove {
    /// The move, as USI.
    pub usi: String,
    /// Games that began with it.
    pub games: usize,
    /// The first player's score in them.
    pub first_player_score: f64,
}

/// Everything a designer reads about a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Games whose moves differ from every earlier game's: a repeated game tells nothing new.
    pub distinct_games: usize,
    /// The first player's mean score over the distinct games, 0 to 1 (a draw or an unfinished game counts a
    /// half).
    pub first_player_score: f64,
    /// Its 95% confidence interval (normal approximation over the distinct games).
    pub confidence_95: (f64, f64),
    /// Wins of the first player.
    pub first_wins: usize,
    /// Wins of the second player.
    pub second_wins: usize,
    /// Draws.
    pub draws: usize,
    /// Games stopped at the ply limit.
    pub unfinished: usize,
    /// Draws over games.
    pub draw_rate: f64,
    /// Mean length in plies.
    pub length_mean: f64,
    /// Median length in plies.
    pub length_median: f64,
    /// Lengths in ten bins: `(from, to, games)`.
    pub length_histogram: Vec<(u32, u32, usize)>,
    /// How games ended, most frequent first.
    pub endings: Vec<Ending>,
    /// How each face was used.
    pub faces: Vec<FaceStats>,
    /// First moves, most frequent first.
    pub first_moves: Vec<FirstMove>,
}

/// The summary of a run's games. `names` are the faces' names; `rule` names an end rule by index (its words
/// and where it is written).
pub fn summarize(
    records: &[GameRecord],
    names: &[String],
    rule: &dyn Fn(usize) -> (String, Option<String>),
) -> Summary {
    let n = records.len().max(1) as f64;
    let scores: Vec<f64> = crate::record::distinct(records)
        .into_iter()
        .map(GameRecord::first_player_score)
        .collect();
    let d = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<f64>() / d;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (d - 1.0).max(1.0);
    let half = 1.96 * (var / d).sqrt();
    let count = |r: &str| records.iter().filter(|g| g.result == r).count();
    let mut lengths: Vec<u32> = records.iter().map(|g| g.plies).collect();
    lengths.sort_unstable();
    let median = match lengths.len() {
        0 => 0.0,
        l if l % 2 == 1 => lengths[l / 2] as f64,
        l => (lengths[l / 2 - 1] + lengths[l / 2]) as f64 / 2.0,
    };
    Summary {
        games: records.len(),
        distinct_games: scores.len(),
        first_player_score: mean,
        confidence_95: ((mean - half).max(0.0), (mean + half).min(1.0)),
        first_wins: count("first"),
        second_wins: count("second"),
        draws: count("draw"),
        unfinished: count("unfinished"),
        draw_rate: count("draw") as f64 / n,
        length_mean: lengths.iter().map(|&l| l as f64).sum::<f64>() / n,
        length_median: median,
        length_histogram: histogram(&lengths),
        endings: endings(records, rule),
        faces: faces(records, names),
        first_moves: first_moves(records),
    }
}

fn histogram(sorted: &[u32]) -> Vec<(u32, u32, usize)> {
    let (Some(&lo), Some(&hi)) = (sorted.first(), sorted.last()) else {
        return Vec::new();
    };
    let width = ((hi - lo) / 10 + 1).max(1);
    (0..10)
        .map(|i| {
            let from = lo + i * width;
            let to = from + width - 1;
            (
                from,
                to,
                sorted.iter().filter(|&&l| (from..=to).contains(&l)).count(),
            )
        })
        .filter(|&(from, _, _)| from <= hi)
        .collect()
}

fn endings(
    records: &[GameRecord],
    rule: &dyn Fn(usize) -> (String, Option<String>),
) -> Vec<Ending> {
    let mut out: Vec<Ending> = Vec::new();
    for g in records {
        let (words, line) = match g.end_rule {
            Some(i) => rule(i),
            None => ("move limit".to_string(), None),
        };
        match out.iter_mut().find(|e| e.rule == words) {
            Some(e) => e.games += 1,
            None => out.push(Ending {
                rule: words,
                line,
                games: 1,
            }),
        }
    }
    out.sort_by(|a, b| b.games.cmp(&a.games).then(a.rule.cmp(&b.rule)));
    out
}

fn faces(records: &[GameRecord], names: &[String]) -> Vec<FaceStats> {
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let of = |g: &GameRecord| g.faces.get(i).copied().unwrap_or_default();
            FaceStats {
                name: name.clone(),
                moved: records.iter().map(|g| of(g).moved as u64).sum(),
                dropped: records.iter().map(|g| of(g).dropped as u64).sum(),
                promoted: records.iter().map(|g| of(g).promoted as u64).sum(),
                captured: records.iter().map(|g| of(g).captured as u64).sum(),
                games_used: records
                    .iter()
                    .filter(|g| {
                        let u = of(g);
                        u.moved + u.dropped + u.promoted + u.captured > 0
                    })
                    .count(),
            }
        })
        .collect()
}

fn first_moves(records: &[GameRecord]) -> Vec<FirstMove> {
    let mut out: Vec<FirstMove> = Vec::new();
    for g in records {
        let Some(first) = g.moves.first() else {
            continue;
        };
        match out.iter_mut().find(|m| &m.usi == first) {
            Some(m) => {
                m.first_player_score += g.first_player_score();
                m.games += 1;
            }
            None => out.push(FirstMove {
                usi: first.clone(),
                games: 1,
                first_player_score: g.first_player_score(),
            }),
        }
    }
    for m in &mut out {
        m.first_player_score /= m.games as f64;
    }
    out.sort_by(|a, b| b.games.cmp(&a.games).then(a.usi.cmp(&b.usi)));
    out
}
