//! The run as one self-contained HTML page: the statistics, the length histogram, the score by opening move,
//! the engine's score through a sample game and that game's final position. Nothing is fetched: the plots are
//! inline SVG.

use koma_draw::{board_svg, escape};
use koma_vm::{Game, Rules};

use crate::record::GameRecord;
use crate::stats::Summary;

/// Vertical bars: `(label, value)` with values from 0 to `max`.
fn bars(title: &str, items: &[(String, f64)], max: f64, format: &dyn Fn(f64) -> String) -> String {
    let (w, h, pad) = (640.0, 220.0, 36.0);
    let n = items.len().max(1) as f64;
    let bw = (w - 2.0 * pad) / n;
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{}" role="img" aria-label="{t}"><text x="{pad}" y="18" font-size="14">{t}</text>"#,
        h + 40.0,
        t = escape(title)
    );
    for (i, (label, v)) in items.iter().enumerate() {
        let bh = if max > 0.0 {
            (v / max).clamp(0.0, 1.0) * (h - 40.0)
        } else {
            0.0
        };
        let x = pad + i as f64 * bw;
        let y = h - bh;
        svg += &format!(
            r##"<rect x="{:.1}" y="{y:.1}" width="{:.1}" height="{bh:.1}" fill="#4a78b5"/><text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle">{}</text><text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle" transform="rotate(30 {:.1} {:.1})">{}</text>"##,
            x + 2.0,
            bw - 4.0,
            x + bw / 2.0,
            y - 4.0,
            escape(&format(*v)),
            x + bw / 2.0,
            h + 14.0,
            x + bw / 2.0,
            h + 14.0,
            escape(label)
        );
    }
    svg + "</svg>"
}

/// A line of values over plies, around zero.
fn curve(title: &str, values: &[i32]) -> String {
    let (w, h, pad) = (640.0, 220.0, 36.0);
    let max = values.iter().map(|v| v.abs()).max().unwrap_or(1).max(100) as f64;
    let n = values.len().max(2) as f64;
    let point = |i: usize, v: i32| {
        let x = pad + i as f64 / (n - 1.0) * (w - 2.0 * pad);
        let y = h / 2.0 - v as f64 / max * (h / 2.0 - 20.0);
        format!("{x:.1},{y:.1}")
    };
    let points: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| point(i, v))
        .collect();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" aria-label="{t}"><text x="{pad}" y="16" font-size="14">{t}</text><line x1="{pad}" y1="{mid}" x2="{x2}" y2="{mid}" stroke="#999"/><text x="4" y="28" font-size="10">+{max:.0}</text><text x="4" y="{low}" font-size="10">-{max:.0}</text><polyline fill="none" stroke="#b5484a" stroke-width="2" points="{}"/></svg>"##,
        points.join(" "),
        t = escape(title),
        mid = h / 2.0,
        x2 = w - pad,
        low = h - 8.0,
    )
}

/// The page.
pub fn html(rules: &Rules, text: &str, summary: &Summary, records: &[GameRecord]) -> String {
    let lengths: Vec<(String, f64)> = summary
        .length_histogram
        .iter()
        .map(|&(from, to, n)| (format!("{from}-{to}"), n as f64))
        .collect();
    let most = lengths.iter().map(|l| l.1).fold(1.0, f64::max);
    let openings: Vec<(String, f64)> = summary
        .first_moves
        .iter()
        .take(12)
        .map(|m| (format!("{} ({})", m.usi, m.games), m.first_player_score))
        .collect();
    let sample = records
        .iter()
        .max_by_key(|r| (r.plies, std::cmp::Reverse(r.index)));
    let (curve_svg, board) = match sample {
        Some(r) => {
            let mut game = Game::start(&std::sync::Arc::new(rules.clone()));
            for m in &r.moves {
                if let Ok(mv) = game.position().parse_usi(m) {
                    game.play(mv);
                }
            }
            (
                curve(
                    &format!(
                        "the engine's score in game {} (the longest), first player's side, centipawns (clipped at ±3000)",
                        r.index
                    ),
                    &r.evaluation,
                ),
                format!(
                    "<h2>Game {}: the final position</h2><p>{} plies: {}</p>{}",
                    r.index,
                    r.plies,
                    escape(&r.moves.join(" ")),
                    board_svg(game.position())
                ),
            )
        }
        None => (String::new(), String::new()),
    };
    format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title}: self-play</title><style>body{{font-family:sans-serif;max-width:900px;margin:2em auto;color:#222}}pre{{background:#f6f6f6;padding:1em;overflow-x:auto}}svg{{display:block;margin:1em 0}}</style></head><body><h1>{title}: self-play</h1><pre>{text}</pre><h2>Game length</h2>{len}<h2>The first player's score by opening move</h2>{open}<h2>A sample game</h2>{curve_svg}{board}</body></html>"#,
        title = escape(&rules.name),
        text = escape(text),
        len = bars("games by length in plies", &lengths, most, &|v| format!(
            "{v:.0}"
        )),
        open = bars(
            "first player's score after each first move (games)",
            &openings,
            1.0,
            &|v| format!("{v:.2}")
        ),
    )
}
