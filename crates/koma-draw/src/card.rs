//! Rules cards: a game's compiled rules as a stable, readable document, in text, Markdown or HTML.
//!
//! The card is built once as sections of blocks from the compiled rules alone (not the source text, so comments
//! and line numbers do not move it), then rendered. The text card is what snapshots diff.

use koma_vm::spec::FlipTrigger;
use koma_vm::{FaceId, Player, Position, Rules};
use std::sync::Arc;

use crate::paint::Style;
use crate::section::{Block, Section};
use crate::words;
use crate::{Marks, board, piece_diagram, two_leg_diagram};

/// The output format of a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain text, for terminals and snapshots.
    Text,
    /// Markdown, for READMEs and wikis.
    Markdown,
    /// One self-contained HTML file with SVG boards.
    Html,
}

/// How deep the card's perft table goes.
const PERFT_DEPTH: u32 = 3;

/// The rules card of a game.
pub fn card(rules: &Arc<Rules>, format: Format) -> String {
    let sections = sections(rules);
    match format {
        Format::Text => text(rules, &sections, false),
        Format::Markdown => text(rules, &sections, true),
        Format::Html => crate::html::html(rules, &sections),
    }
}

pub(crate) fn sections(rules: &Arc<Rules>) -> Vec<Section> {
    let mut out = vec![board_section(rules), pieces_section(rules)];
    out.extend(drops_section(rules));
    let mut end = vec![
        Block::Para(
            "The rules are tried in this order after every move; the first that applies decides."
                .into(),
        ),
        Block::Numbered(rules.end_rules.iter().map(|r| r.words(rules)).collect()),
    ];
    if let Some(words) = rules.bare_words() {
        end.push(Block::Para(words));
    }
    out.push(Section {
        title: "End of the game".into(),
        blocks: end,
    });
    if !rules.options.is_empty() {
        let list = rules
            .options
            .iter()
            .map(|o| format!("{}: {}", o.kind.name(), if o.on { "on" } else { "off" }))
            .collect();
        out.push(Section {
            title: "Opening options".into(),
            blocks: vec![Block::List(list)],
        });
    }
    out.push(values_section(rules));
    let pos = Position::start(rules);
    out.push(Section {
        title: "Start position".into(),
        blocks: vec![
            Block::Board,
            Block::Para(format!("SFEN: {}", rules.start_sfen)),
        ],
    });
    out.push(Section {
        title: "Perft from the start".into(),
        blocks: vec![Block::Perft(perft_table(&pos))],
    });
    out
}

/// The card's perft table: depths 1 to [`PERFT_DEPTH`], as far as each walk fits in
/// [`koma_vm::walk_limits::CARD_TABLE`] (measured first, so a game with thousands of moves a position still
/// gets its card at once).
fn perft_table(pos: &Position) -> Vec<(u32, u64)> {
    let watch = koma_vm::Watch::new();
    let limit = Some(koma_vm::walk_limits::CARD_TABLE);
    (1..=PERFT_DEPTH)
        .map_while(|d| {
            let divided = pos.divide_within(d, 1, limit, &watch).ok()?;
            Some((d, divided.iter().map(|(_, n)| n).sum()))
        })
        .collect()
}

/// What the computer counts each piece worth, derived from its moves or given by a `value` statement.
fn values_section(rules: &Rules) -> Section {
    let values = koma_vm::Values::automatic(rules);
    let list = rules
        .faces
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.royal)
        .map(|(i, f)| {
            let pawns = values.board[i] as f64 / 100.0;
            let how = if values.declared[i] {
                " (given by `value`)"
            } else {
                ""
            };
            format!("{}: {pawns:.2}{how}", f.name)
        })
        .collect();
    Section {
        title: "Piece values".into(),
        blocks: vec![
            Block::Para("What the computer counts each piece worth, in pawns: derived from its moves on this board (mobility averaged over the squares it may stand on, a quarter of what a promotion adds), unless the game gives it with `value`.".into()),
            Block::List(list),
        ],
    }
}

fn board_section(rules: &Rules) -> Section {
    let mut blocks = vec![Block::Para(format!(
        "A board of {} files and {} ranks. Files are numbered {}..1 from the first player's left; ranks are lettered a..{} from the second player's side. The first player moves first, from the bottom.",
        rules.files,
        rules.ranks,
        rules.files,
        koma_vm::rank_letters(rules.ranks - 1)
    ))];
    let zone = rules.owner_ranks(rules.promotion_zone(Player::First), Player::First);
    blocks.push(Block::Para(if rules.promotion_by_capture && zone.is_empty() {
        "Promotion by capture: a piece promotes when its move captures, and must; no other move promotes. There is no promotion zone.".into()
    } else if rules.promotion_by_capture {
        format!(
            "Promotion by capture, in the zone: a piece promotes when its move captures and ends in the zone, {} of each player (counted from its own side), and must; no other move promotes.",
            words::zone_prose(zone, rules.ranks)
        )
    } else if zone.is_empty() {
        "There is no promotion zone.".into()
    } else {
        format!(
            "Promotion zone: {} of each player (counted from its own side). {}",
            words::zone_prose(zone, rules.ranks),
            if rules.promotion_on_entry {
                "A move may promote when it enters the zone, or when it captures starting in it; a quiet move inside the zone, or one leaving it without a capture, may not."
            } else {
                "A move that starts or ends there may promote."
            }
        )
    }));
    if rules.origins.stranded.is_some() {
        blocks.push(Block::Para("Stranded pieces must promote: a piece that could never move again from its new square promotes there.".into()));
    }
    if rules.origins.stranded_may_promote.is_some() {
        blocks.push(Block::Para("Stranded pieces may promote: a piece that could never move again from its new square may promote there, wherever it came from, or stay as it is.".into()));
    }
    if let Some(mut words) = lion_words(rules) {
        blocks.push(Block::Para(words.remove(0)));
        blocks.push(Block::List(words));
    }
    blocks.extend(rules.range_capture_words().map(Block::Para));
    blocks.extend(rules.burning_words().map(Block::Para));
    blocks.extend(rules.legs_hold_words().map(|w| Block::Para(w.into())));
    blocks.push(Block::Para(words::captures(rules).into()));
    if rules.royals_capturable {
        blocks.push(Block::Para(
            "Kings may be captured: there is no check rule.".into(),
        ));
    }
    for sentence in rules.royalty_words() {
        blocks.push(Block::Para(sentence.into()));
    }
    Section {
        title: "Board".into(),
        blocks,
    }
}

/// A face's move component in two legs (`(face, component)`), drawn for a text or Markdown card under its
/// heading, with its caption.
fn two_legs_text(
    rules: &Rules,
    (face, component): (FaceId, usize),
    heading: &str,
    style: &Style,
    markdown: bool,
) -> String {
    let (grid, caption) = two_leg_diagram(rules, face, component, style);
    if markdown {
        format!(
            "**{}**\n\n```\n{grid}\n```\n\n{}",
            markdown_text(heading),
            markdown_text(&caption)
        )
    } else {
        format!("{heading}\n\n{}\n\n{caption}", indent(&grid))
    }
}

/// The lion rules in words, when the game has any.
fn lion_words(rules: &Rules) -> Option<Vec<String>> {
    let lions: Vec<&str> = FaceId::all(rules.faces.len())
        .filter(|&f| rules.face(f).lion)
        .map(|f| rules.face(f).name.as_str())
        .collect();
    let l = &rules.lion_rules;
    if lions.is_empty() || l.protected.is_none() && l.counter_strike.is_none() {
        return None;
    }
    let mut out = vec![format!(
        "Lions ({}) are bound by the lion rules:",
        lions.join(", ")
    )];
    if let Some((lifting_not, _)) = &l.protected {
        let mut rule = "a lion may not take a protected lion that is not next to it".to_string();
        if !lifting_not.is_empty() {
            let names: Vec<&str> = lifting_not
                .iter()
                .map(|&f| rules.face(f).name.as_str())
                .collect();
            rule.push_str(&format!(
                ", unless its first leg took a piece other than {}",
                names.join(" or ")
            ));
        }
        out.push(rule);
    }
    if l.counter_strike.is_some() {
        out.push("after a piece that is not a lion takes a lion, the reply may take a lion with a piece that is not a lion only on that square (a counter-strike)".into());
    }
    Some(out)
}

fn pieces_section(rules: &Rules) -> Section {
    let mut blocks = Vec::new();
    for f in FaceId::all(rules.faces.len()) {
        blocks.push(Block::Diagram(f, face_heading(rules, f)));
        let words = crate::component_words(rules, f);
        if !words.is_empty() {
            blocks.push(Block::Para(format!("{}.", upper_first(&words.join("; ")))));
        }
        for (i, m) in rules.face(f).moves.iter().enumerate() {
            if m.second_leg.is_some() && !m.is_walk() {
                blocks.push(Block::TwoLegs(
                    f,
                    i,
                    format!("{}, moves in two legs", rules.face(f).name),
                ));
            }
        }
    }
    blocks.push(Block::Para(format!(
        "Marks: {}. Each diagram shows the piece of the first player, whose forward is up.",
        crate::LEGEND
    )));
    Section {
        title: "Pieces".into(),
        blocks,
    }
}

/// `Pawn (P, 歩): promotes to Tokin; must promote on rank a`.
fn face_heading(rules: &Rules, f: FaceId) -> String {
    let face = rules.face(f);
    let kanji = face
        .kanji_words()
        .map_or(String::new(), |k| format!(", {k}"));
    let mut notes = Vec::new();
    if face.royal {
        notes.push("royal".to_string());
    }
    if let Some((place, of)) = rules.range_rank(f) {
        notes.push(if rules.captures_by_range(f) {
            format!("captures by range; rank {place} of {of}")
        } else {
            format!("rank {place} of {of}: never jumped")
        });
    } else if rules.captures_by_range(f) {
        notes.push("captures by range".to_string());
    }
    if rules.burns(f) {
        notes.push("burns".to_string());
    }
    if rules.anywhere_words(f).is_some() {
        notes.push("moves anywhere".to_string());
    }
    if let Some(p) = face.promotes_to {
        notes.push(format!("promotes to {}", rules.face(p).name));
        let forced = rules.forced_promotion_squares(Player::First, f);
        if face.promotion_mandatory.is_some() {
            notes.push("must promote on every move that starts or ends in the zone".into());
        } else if !forced.is_empty() {
            let ranks = rules.owner_ranks(forced, Player::First);
            notes.push(format!(
                "must promote on {}",
                words::zone_prose(ranks, rules.ranks)
            ));
        }
    }
    if face.tile != f && face.promoted && face.flips_to.is_none() {
        notes.push(format!(
            "promoted {}; demotes when captured",
            rules.face(face.tile).name
        ));
    }
    if let Some(region) = &face.region {
        notes.push(format!(
            "confined to {} (counted from its owner's side)",
            region.words(rules.files, rules.ranks)
        ));
    }
    if let Some(other) = face.flips_to {
        let when = match face.flip_trigger {
            FlipTrigger::OnCapture => "whenever it captures",
            FlipTrigger::OnEveryMove => "on every move",
        };
        notes.push(format!("turns over to {} {when}", rules.face(other).name));
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(": {}", notes.join("; "))
    };
    format!("{} ({}{kanji}){notes}", face.name, rules.face_text(f))
}

fn drops_section(rules: &Rules) -> Option<Section> {
    let list: Vec<String> = FaceId::all(rules.faces.len())
        .filter_map(|f| {
            Some(format!(
                "{}: {}",
                rules.face(f).name,
                words::drop_rules(rules, f)?.join("; ")
            ))
        })
        .collect();
    (!list.is_empty()).then(|| Section {
        title: if rules.captures == koma_vm::spec::Captures::LeaveTheGame {
            "Placing pieces from the stock".into()
        } else {
            "Drops".into()
        },
        blocks: vec![Block::List(list)],
    })
}

/// Text and Markdown cards.
fn text(rules: &Arc<Rules>, sections: &[Section], markdown: bool) -> String {
    let style = Style::default();
    let md = |t: &str| {
        if markdown {
            markdown_text(t)
        } else {
            t.to_string()
        }
    };
    let mut out = if markdown {
        format!("# {}\n\n", md(&rules.name))
    } else {
        format!(
            "{}\n{}\n\n",
            rules.name,
            "=".repeat(rules.name.chars().count())
        )
    };
    let fence = |body: String| {
        if markdown {
            format!("```\n{body}\n```")
        } else {
            indent(&body)
        }
    };
    for s in sections {
        out.push_str(&if markdown {
            format!("## {}\n\n", md(&s.title))
        } else {
            format!("{}\n{}\n\n", s.title, "-".repeat(s.title.chars().count()))
        });
        for b in &s.blocks {
            let text = match b {
                Block::Para(p) => md(p),
                Block::List(items) => items
                    .iter()
                    .map(|i| format!("- {}", md(i)))
                    .collect::<Vec<_>>()
                    .join("\n"),
                Block::Numbered(items) => items
                    .iter()
                    .enumerate()
                    .map(|(n, i)| format!("{}. {}", n + 1, md(i)))
                    .collect::<Vec<_>>()
                    .join("\n"),
                Block::Diagram(f, heading) => {
                    let h = if markdown {
                        format!("**{}**", md(heading))
                    } else {
                        heading.clone()
                    };
                    format!("{h}\n\n{}", fence(piece_diagram(rules, *f, &style)))
                }
                Block::TwoLegs(f, i, heading) => {
                    two_legs_text(rules, (*f, *i), heading, &style, markdown)
                }
                Block::Board => fence(board(&Position::start(rules), &style, &Marks::default())),
                Block::Perft(rows) => {
                    let mut t = if markdown {
                        "| depth | leaves |\n|---|---|\n".to_string()
                    } else {
                        String::new()
                    };
                    for (d, n) in rows {
                        t.push_str(&if markdown {
                            format!("| {d} | {n} |\n")
                        } else {
                            format!("depth {d}: {n}\n")
                        });
                    }
                    t.trim_end().to_string()
                }
            };
            out.push_str(&text);
            out.push_str("\n\n");
        }
    }
    out.trim_end().to_string() + "\n"
}

/// Text from a game file made inert in Markdown: no raw HTML (`<`, `>`, `&` become entities) and no links
/// or images (brackets are escaped). koma's own code spans (backticks) stay.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '[' | ']' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

fn indent(body: &str) -> String {
    body.lines()
        .map(|l| format!("    {l}").trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A sentence with its first letter in upper case.
fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}
