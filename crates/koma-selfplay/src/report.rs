//! The run's statistics as text.

use crate::stats::Summary;

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// The summary as a designer reads it.
pub fn text(game: &str, s: &Summary) -> String {
    let repeated = s.games - s.distinct_games;
    let mut out = vec![format!(
        "{game}: {} games of self-play, {} distinct",
        s.games, s.distinct_games
    )];
    if repeated > 0 {
        out.push(format!(
            "warning: {repeated} of the {} games repeat an earlier game move for move; the score and its interval \
             count the {} distinct games (more --random-plies varies the openings more)",
            s.games, s.distinct_games
        ));
    }
    out.extend([
        format!(
            "first player's score over the distinct games: {:.3} (95% confidence {:.3} to {:.3}); \
             in all games {} wins, {} losses, {} draws{}",
            s.first_player_score,
            s.confidence_95.0,
            s.confidence_95.1,
            s.first_wins,
            s.second_wins,
            s.draws,
            if s.unfinished > 0 {
                format!(", {} stopped at the move limit", s.unfinished)
            } else {
                String::new()
            }
        ),
        format!("draw rate: {}", percent(s.draw_rate)),
        format!(
            "game length: mean {:.1} plies, median {:.1}",
            s.length_mean, s.length_median
        ),
    ]);
    let most = s
        .length_histogram
        .iter()
        .map(|h| h.2)
        .max()
        .unwrap_or(1)
        .max(1);
    for &(from, to, n) in &s.length_histogram {
        out.push(format!(
            "  {from:>4}-{to:<4} {:<30} {n}",
            "#".repeat((30 * n).div_ceil(most))
        ));
    }
    out.push("how games ended:".into());
    for e in &s.endings {
        let at = e.line.as_ref().map_or(String::new(), |l| format!(" ({l})"));
        out.push(format!("  {:>5} {}{at}", e.games, e.rule));
    }
    out.push("pieces (moves, drops, promotions to it, captures; games it took part in):".into());
    // The names' column is as wide as the longest name (chu shogi's `VerticalMoverPromoted`), at least 12.
    let width = s
        .faces
        .iter()
        .map(|f| f.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(12);
    for f in &s.faces {
        let note = if f.games_used == 0 && f.promoted == 0 {
            "  never used"
        } else {
            ""
        };
        out.push(format!(
            "  {:<width$} {:>7} {:>6} {:>6} {:>6}   {:>5} games{note}",
            f.name, f.moved, f.dropped, f.promoted, f.captured, f.games_used
        ));
    }
    out.push("most frequent first moves (games, first player's score):".into());
    for m in s.first_moves.iter().take(8) {
        out.push(format!(
            "  {:<8} {:>5}  {:.3}",
            m.usi, m.games, m.first_player_score
        ));
    }
    out.join("\n")
}
