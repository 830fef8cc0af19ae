//! The HTML rules card: one self-contained file, boards and piece diagrams drawn as SVG.

use std::fmt::Write;
use std::sync::Arc;

use koma_vm::{FaceId, Player, Position, Rules};

use crate::section::{Block, Section};

const CELL: i32 = 36;

/// The marks of the piece diagrams, drawn as they are drawn on the boards.
const LEGEND_HTML: &str = "<p class=\"legend\"><span><svg width=\"16\" height=\"16\"><circle cx=\"8\" cy=\"8\" r=\"6\" fill=\"#2b6cb0\"/></svg> leap</span>\
<span><svg width=\"16\" height=\"16\"><rect x=\"2\" y=\"2\" width=\"12\" height=\"12\" fill=\"#38a169\"/></svg> slide</span>\
<span><svg width=\"16\" height=\"16\"><circle cx=\"8\" cy=\"8\" r=\"6\" fill=\"none\" stroke=\"#2b6cb0\" stroke-width=\"2\"/></svg> move only</span>\
<span><svg width=\"16\" height=\"16\"><path d=\"M3 3 L13 13 M3 13 L13 3\" stroke=\"#c53030\" stroke-width=\"3\"/></svg> capture only</span>\
<span><svg width=\"16\" height=\"16\"><circle cx=\"8\" cy=\"8\" r=\"6\" fill=\"#805ad5\"/></svg> lame leap</span><span>~ hops over a piece (small, beside another mark: also reached by hopping)</span><br>Each diagram shows the piece of the first player, whose forward is up.</p>\n";
const MARGIN: i32 = 22;

const CSS: &str = "body{font-family:system-ui,'Noto Sans CJK JP',sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222;background:#fdfbf6}\
h1{border-bottom:2px solid #b08d57}h2{color:#6b4f1d;margin-top:2rem}\
.pieces{display:flex;flex-wrap:wrap;gap:1rem}.piece{border:1px solid #ddd;border-radius:6px;padding:.5rem;background:#fff;width:15rem}\
.piece p{margin:.2rem 0 .5rem;font-size:.9rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .8rem;text-align:right}\
.legend span{margin-right:1rem}svg{max-width:100%;height:auto}.piece svg{display:block}p,li{overflow-wrap:anywhere}.zones span{margin-right:1rem}";

/// The paragraphs that say what a diagram's piece does (`Moves or captures: ...`), as (diagram, paragraph)
/// block indexes: those after a diagram (and its two-leg boxes), before the next diagram or list. The card shows them in the
/// diagram's box, not in a run of text after every box.
fn attached_paragraphs(blocks: &[Block]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut owner = None;
    for (i, b) in blocks.iter().enumerate() {
        match b {
            Block::Diagram(..) => owner = Some(i),
            // A two-leg component's boxes follow their piece's diagram, whose words they share.
            Block::TwoLegs(..) => {}
            Block::Para(p) if !p.starts_with("Marks:") => {
                if let Some(d) = owner {
                    out.push((d, i));
                }
            }
            _ => owner = None,
        }
    }
    out
}

/// The boxes of the section's piece diagrams, each with its heading and the words about its piece.
fn piece_boxes(
    out: &mut String,
    rules: &Arc<Rules>,
    blocks: &[Block],
    attached: &[(usize, usize)],
) {
    out.push_str("<div class=\"pieces\">\n");
    for (i, b) in blocks.iter().enumerate() {
        let words: String = attached
            .iter()
            .filter(|&&(d, _)| d == i)
            .map(|&(_, p)| match &blocks[p] {
                Block::Para(text) => format!("<p>{}</p>", escape(text)),
                _ => String::new(),
            })
            .collect();
        match b {
            Block::Diagram(f, heading) => {
                let _ = writeln!(
                    out,
                    "<div class=\"piece\">{}<p>{}</p>{words}</div>",
                    diagram_svg(rules, *f),
                    escape(heading)
                );
            }
            Block::TwoLegs(f, i, heading) => {
                let (svg, caption) = two_legs_svg(rules, *f, *i);
                let _ = writeln!(
                    out,
                    "<div class=\"piece\">{svg}<p>{}</p><p class=\"caption\">{}</p>{words}</div>",
                    escape(heading),
                    escape(&caption)
                );
            }
            _ => {}
        }
    }
    out.push_str("</div>\n");
}

/// The card as HTML.
pub(crate) fn html(rules: &Arc<Rules>, sections: &[Section]) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{CSS}</style></head><body>\n<h1>{}</h1>\n",
        escape(&rules.name),
        escape(&rules.name)
    );
    for s in sections {
        let _ = writeln!(out, "<h2>{}</h2>", escape(&s.title));
        let diagrams: Vec<&Block> = s
            .blocks
            .iter()
            .filter(|b| matches!(b, Block::Diagram(..) | Block::TwoLegs(..)))
            .collect();
        let attached = attached_paragraphs(&s.blocks);
        if !diagrams.is_empty() {
            piece_boxes(&mut out, rules, &s.blocks, &attached);
        }
        for (i, b) in s.blocks.iter().enumerate() {
            if attached.iter().any(|&(_, p)| p == i) {
                continue;
            }
            match b {
                Block::Para(p) if p.starts_with("Marks:") => out.push_str(LEGEND_HTML),
                Block::Para(p) => {
                    let _ = writeln!(out, "<p>{}</p>", escape(p));
                }
                Block::List(items) | Block::Numbered(items) => {
                    let tag = if matches!(b, Block::Numbered(_)) {
                        "ol"
                    } else {
                        "ul"
                    };
                    let _ = writeln!(out, "<{tag}>");
                    for i in items {
                        let _ = writeln!(out, "<li>{}</li>", escape(i));
                    }
                    let _ = writeln!(out, "</{tag}>");
                }
                Block::Board => {
                    out.push_str(&board_svg(&Position::start(rules)));
                    out.push_str(&zones_legend(rules));
                }
                Block::Perft(rows) => {
                    out.push_str("<table><tr><th>depth</th><th>leaves</th></tr>\n");
                    for (d, n) in rows {
                        let _ = writeln!(out, "<tr><td>{d}</td><td>{n}</td></tr>");
                    }
                    out.push_str("</table>\n");
                }
                Block::Diagram(..) | Block::TwoLegs(..) => {}
            }
        }
    }
    out.push_str("</body></html>\n");
    out
}

/// An empty board grid of `files` x `ranks`, with or without coordinates, as the start of an SVG.
/// The picture is at least `min_width` wide (for hands longer than the board).
fn grid(
    files: u8,
    ranks: u8,
    extra_top: i32,
    extra_bottom: i32,
    coordinates: bool,
    min_width: i32,
) -> String {
    let (w, h) = (
        (files as i32 * CELL + 2 * MARGIN).max(min_width),
        ranks as i32 * CELL + 2 * MARGIN + extra_top + extra_bottom,
    );
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"'Noto Sans CJK JP',sans-serif\">"
    );
    let top = MARGIN + extra_top;
    let _ = write!(
        s,
        "<rect x=\"{MARGIN}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"#f3d9a4\" stroke=\"#333\"/>",
        files as i32 * CELL,
        ranks as i32 * CELL
    );
    for i in 1..files as i32 {
        let x = MARGIN + i * CELL;
        let _ = write!(
            s,
            "<line x1=\"{x}\" y1=\"{top}\" x2=\"{x}\" y2=\"{}\" stroke=\"#555\"/>",
            top + ranks as i32 * CELL
        );
    }
    for i in 1..ranks as i32 {
        let y = top + i * CELL;
        let _ = write!(
            s,
            "<line x1=\"{MARGIN}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#555\"/>",
            MARGIN + files as i32 * CELL
        );
    }
    if !coordinates {
        return s;
    }
    for c in 0..files as i32 {
        let x = MARGIN + c * CELL + CELL / 2;
        let _ = write!(
            s,
            "<text x=\"{x}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#666\">{}</text>",
            top - 6,
            files as i32 - c
        );
    }
    for r in 0..ranks as i32 {
        let y = top + r * CELL + CELL / 2 + 4;
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{y}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#666\">{}</text>",
            MARGIN + files as i32 * CELL + 10,
            koma_vm::rank_letters(r as u8)
        );
    }
    s
}

/// The name of `owner`'s piece on a square or in a hand: its kanji, or its SFEN text.
fn label(rules: &Rules, face: FaceId, owner: Player) -> String {
    rules
        .face(face)
        .kanji_of(owner)
        .map_or_else(|| rules.face_text(face), |k| k.to_string())
}

/// A piece drawn on cell `(col, row)` (0 = left, top), turned around for the second player.
fn piece_svg(
    s: &mut String,
    rules: &Rules,
    face: FaceId,
    owner: Player,
    (col, row): (i32, i32),
    top: i32,
) {
    let (cx, cy) = (MARGIN + col * CELL + CELL / 2, top + row * CELL + CELL / 2);
    let rotate = if owner == Player::Second {
        format!(" transform=\"rotate(180 {cx} {cy})\"")
    } else {
        String::new()
    };
    let color = if rules.face(face).promoted {
        "#b3261e"
    } else {
        "#111"
    };
    let _ = write!(
        s,
        "<g{rotate}><path d=\"M{cx} {} L{} {} L{} {} L{} {} L{} {} Z\" fill=\"#fbeccb\" stroke=\"#6b4f1d\"/>{}</g>",
        cy - 15,
        cx + 11,
        cy - 9,
        cx + 14,
        cy + 15,
        cx - 14,
        cy + 15,
        cx - 11,
        cy - 9,
        piece_text(&label(rules, face, owner), (cx, cy), color)
    );
}

/// A piece's name on its shape: one kanji or a letter as large as fits, two kanji one above the other as
/// wooden pieces write them, a letter with marks smaller.
fn piece_text(name: &str, (cx, cy): (i32, i32), color: &str) -> String {
    let text = |y: i32, size: i32, t: &str| {
        format!(
            "<text x=\"{cx}\" y=\"{y}\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"{color}\">{}</text>",
            escape(t)
        )
    };
    let chars: Vec<char> = name.chars().collect();
    match chars.as_slice() {
        [a, b] if !a.is_ascii() && !b.is_ascii() => {
            text(cy + 1, 12, &a.to_string()) + &text(cy + 13, 12, &b.to_string())
        }
        _ if name.len() <= 2 || chars.len() == 1 => text(cy + 9, 17, name),
        _ => text(cy + 8, 12, name),
    }
}

/// The start position as SVG, hands above and below.
/// A position as one SVG picture: the board with its pieces and both hands.
pub fn board_svg(pos: &Position) -> String {
    let r = pos.rules();
    let extra = 32;
    let hands = [
        hand_words(pos, Player::Second),
        hand_words(pos, Player::First),
    ];
    // Hands are written in one line each; the picture widens to hold the longer one.
    let text_width = hands.iter().map(|h| h.chars().count()).max().unwrap_or(0) as i32 * 8;
    let mut s = grid(
        r.files,
        r.ranks,
        extra,
        extra,
        true,
        text_width + 2 * MARGIN,
    );
    let top = MARGIN + extra;
    zones_svg(&mut s, r, top);
    for sq in pos.occupied() {
        let (x, y) = r.coords(sq);
        let p = pos.piece_at(sq).expect("occupied");
        piece_svg(
            &mut s,
            r,
            p.face,
            p.owner,
            (x as i32, (r.ranks - 1 - y) as i32),
            top,
        );
    }
    let bottom = top + r.ranks as i32 * CELL + 20;
    let _ = write!(
        s,
        "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"13\">{}</text>",
        MARGIN + 4,
        escape(&hands[0])
    );
    let _ = write!(
        s,
        "<text x=\"{MARGIN}\" y=\"{bottom}\" font-size=\"13\">{}</text>",
        escape(&hands[1])
    );
    s.push_str("</svg>\n");
    s
}

/// `first player: P×2 G` (or `-`): what a player holds, as one line of the picture.
fn hand_words(pos: &Position, player: Player) -> String {
    let r = pos.rules();
    let held: Vec<String> = r
        .tiles
        .iter()
        .filter(|&&t| pos.hand_count(player, t) > 0)
        .map(|&t| match pos.hand_count(player, t) {
            1 => label(r, t, player),
            n => format!("{}×{n}", label(r, t, player)),
        })
        .collect();
    let held = if held.is_empty() {
        "-".to_string()
    } else {
        held.join(" ")
    };
    format!("{}: {held}", player.words())
}

/// Tints the squares of the promotion zones (red) and the goal zones of `king reaches` rules (blue), of both
/// players, under the pieces; [`zones_legend`] is their legend.
fn zones_svg(s: &mut String, r: &Rules, top: i32) {
    let zones = [
        (Player::BOTH.map(|p| r.promotion_zone(p)), "#c53030"),
        (Player::BOTH.map(|p| r.goal_squares(p)), "#2b6cb0"),
    ];
    for (squares, colour) in zones {
        for sq in squares[0] | squares[1] {
            let (x, y) = r.coords(sq);
            let _ = write!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{colour}\" fill-opacity=\"0.13\"/>",
                MARGIN + x as i32 * CELL,
                top + (r.ranks - 1 - y) as i32 * CELL
            );
        }
    }
    // The drop zone is drawn as a dashed frame inside each square, so that it shows over the tints.
    for sq in drop_zone(r, Player::First) | drop_zone(r, Player::Second) {
        let (x, y) = r.coords(sq);
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#2f855a\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>",
            MARGIN + x as i32 * CELL + 4,
            top + (r.ranks - 1 - y) as i32 * CELL + 4,
            CELL - 8,
            CELL - 8
        );
    }
}

/// Where every piece whose drops a zone rule restricts (`pieces only on rank 1`, `Pawn only on …`) may be
/// dropped by `player`; empty when no zone rule restricts drops.
fn drop_zone(r: &Rules, player: Player) -> koma_vm::Bitboard {
    let mut zone = r.board();
    let mut any = false;
    for face in FaceId::all(r.faces.len()) {
        if r.droppable(face) && r.face(face).drop_zone_rule.is_some() {
            zone &= r.drop_squares(player, face);
            any = true;
        }
    }
    if any && zone != r.board() {
        zone
    } else {
        koma_vm::Bitboard::EMPTY
    }
}

/// The legend of the tints [`zones_svg`] draws, for the zones the game has.
fn zones_legend(r: &Rules) -> String {
    let swatch = |colour: &str, what: &str| {
        format!(
            "<span><svg width=\"14\" height=\"14\"><rect width=\"14\" height=\"14\" fill=\"{colour}\" fill-opacity=\"0.25\"/></svg> {what}</span>"
        )
    };
    let mut out = String::new();
    if !r.promotion_zone(Player::First).is_empty() {
        out.push_str(&swatch("#c53030", "promotion zone"));
    }
    if !r.goal_squares(Player::First).is_empty() {
        out.push_str(&swatch("#2b6cb0", "goal zone (king reaches)"));
    }
    if !drop_zone(r, Player::First).is_empty() {
        out.push_str(
            "<span><svg width=\"14\" height=\"14\"><rect x=\"1\" y=\"1\" width=\"12\" height=\"12\" fill=\"none\" \
             stroke=\"#2f855a\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/></svg> drop zone (where the pieces with a \
             drop zone may all be dropped)</span>",
        );
    }
    if out.is_empty() {
        return out;
    }
    format!("<p class=\"zones\">{out}</p>\n")
}

/// A face's moves from the centre of an empty board, as SVG marks.
fn diagram_svg(rules: &Rules, face: FaceId) -> String {
    let (marks, (cx, cy)) = crate::piece::marks(rules, face);
    let (w, h, own) = crate::piece::diagram_size(rules, face);
    let mut s = grid(w as u8, h as u8, 0, 0, own, 0);
    for (y, row) in marks.iter().enumerate() {
        for (x, cell) in row.iter().enumerate() {
            let col = x as i32;
            let r = h - 1 - y as i32;
            let (px, py) = (MARGIN + col * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2);
            // A hop beside another mark is drawn small in the cell's corner.
            let beside = cell.len() > 1;
            for m in cell.chars() {
                let mark = match m {
                    'o' => format!("<circle cx=\"{px}\" cy=\"{py}\" r=\"8\" fill=\"#2b6cb0\"/>"),
                    '*' => format!(
                        "<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"#38a169\"/>",
                        px - 7,
                        py - 7
                    ),
                    'm' => format!(
                        "<circle cx=\"{px}\" cy=\"{py}\" r=\"8\" fill=\"none\" stroke=\"#2b6cb0\" stroke-width=\"2\"/>"
                    ),
                    'x' => format!(
                        "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#c53030\" stroke-width=\"3\"/>",
                        px - 7,
                        py - 7,
                        px + 7,
                        py + 7,
                        px - 7,
                        py + 7,
                        px + 7,
                        py - 7
                    ),
                    'n' => format!("<circle cx=\"{px}\" cy=\"{py}\" r=\"8\" fill=\"#805ad5\"/>"),
                    '~' if beside => format!(
                        "<text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\" fill=\"#805ad5\">~</text>",
                        px + 12,
                        py - 8
                    ),
                    '~' => format!(
                        "<text x=\"{px}\" y=\"{}\" font-size=\"20\" text-anchor=\"middle\" fill=\"#805ad5\">~</text>",
                        py + 6
                    ),
                    _ => String::new(),
                };
                s.push_str(&mark);
            }
        }
    }
    piece_svg(&mut s, rules, face, Player::First, (cx, h - 1 - cy), MARGIN);
    s.push_str("</svg>");
    s
}

/// A face's move component in two legs from one first step, as SVG: the first steps as rings, the one shown
/// filled, an arrow to it and arrows on to where its second leg goes (a curved one back, when it may come
/// back); and the caption.
fn two_legs_svg(rules: &Rules, face: FaceId, component: usize) -> (String, String) {
    let Some(drawn) = crate::piece::two_leg_marks(rules, face, component) else {
        return (String::new(), String::new());
    };
    let crate::piece::TwoLegMarks {
        marks,
        centre: (cx, cy),
        back,
        ..
    } = &drawn;
    let (cx, cy, back) = (*cx, *cy, *back);
    let size = marks.len() as i32;
    let mut s = grid(size as u8, size as u8, 0, 0, false, 0);
    s.push_str(
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" \
         markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M0 0 L10 5 L0 10 z\" fill=\"#c05621\"/></marker></defs>",
    );
    let centre = |x: i32, y: i32| {
        let r = size - 1 - y;
        (MARGIN + x * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2)
    };
    let mut mid = (cx, cy);
    // A ring on every square a first leg reaches, then the marks over them.
    let first = rules.face(face).moves[component].vectors.iter();
    let steps: Vec<(i32, i32)> = first
        .map(|&(dx, dy)| (cx + dx as i32, cy + dy as i32))
        .collect();
    for (y, row) in marks.iter().enumerate() {
        for (x, &m) in row.iter().enumerate() {
            let (x, y) = (x as i32, y as i32);
            if m == '1' || m == '@' || steps.contains(&(x, y)) {
                let (px, py) = centre(x, y);
                s.push_str(&format!(
                    "<circle cx=\"{px}\" cy=\"{py}\" r=\"10\" fill=\"none\" stroke=\"#2b6cb0\" stroke-width=\"2\"/>"
                ));
            }
        }
    }
    for (y, row) in marks.iter().enumerate() {
        for (x, &m) in row.iter().enumerate() {
            let (px, py) = centre(x as i32, y as i32);
            match m {
                '@' => {
                    mid = (x as i32, y as i32);
                    s.push_str(&format!(
                        "<circle cx=\"{px}\" cy=\"{py}\" r=\"9\" fill=\"#2b6cb0\"/>"
                    ));
                }
                '2' => s.push_str(&format!(
                    "<circle cx=\"{px}\" cy=\"{py}\" r=\"6\" fill=\"#c05621\"/>"
                )),
                _ => {}
            }
        }
    }
    let (ox, oy) = centre(cx, cy);
    let (mx, my) = centre(mid.0, mid.1);
    s.push_str(&arrow((ox, oy), (mx, my), "#2b6cb0"));
    for (y, row) in marks.iter().enumerate() {
        for (x, &m) in row.iter().enumerate() {
            if m == '2' && !further_on(marks, mid, (x as i32, y as i32)) {
                s.push_str(&arrow((mx, my), centre(x as i32, y as i32), "#c05621"));
            }
        }
    }
    if back {
        // A curved arrow from the first step back to the piece's own square.
        let (qx, qy) = ((ox + mx) / 2 + (my - oy) / 2, (oy + my) / 2 - (mx - ox) / 2);
        s.push_str(&format!(
            "<path d=\"M{mx} {my} Q{qx} {qy} {ox} {oy}\" fill=\"none\" stroke=\"#c05621\" stroke-width=\"2\" \
             stroke-dasharray=\"4 3\" marker-end=\"url(#arrow)\"/>"
        ));
    }
    piece_svg(
        &mut s,
        rules,
        face,
        Player::First,
        (cx, size - 1 - cy),
        MARGIN,
    );
    s.push_str("</svg>");
    (s, two_legs_caption(&drawn))
}

/// Whether the square past `(x, y)` on the straight line from `mid` is marked `2` too: a slide's arrow then
/// goes on to the last square of its line, and one arrow stands for the whole line.
fn further_on(marks: &[Vec<char>], mid: (i32, i32), (x, y): (i32, i32)) -> bool {
    let (dx, dy) = (x - mid.0, y - mid.1);
    if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
        return false;
    }
    let (nx, ny) = (x + dx.signum(), y + dy.signum());
    marks
        .get(ny as usize)
        .and_then(|row| row.get(nx as usize))
        .is_some_and(|&m| nx >= 0 && ny >= 0 && m == '2')
}

/// An arrow from `(x1, y1)` to `(x2, y2)` that stops short of both centres, so that the marks stay visible.
fn arrow((x1, y1): (i32, i32), (x2, y2): (i32, i32), colour: &str) -> String {
    let (dx, dy) = ((x2 - x1) as f64, (y2 - y1) as f64);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    format!(
        "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{colour}\" stroke-width=\"2\" marker-end=\"url(#arrow)\"/>",
        x1 as f64 + ux * 12.0,
        y1 as f64 + uy * 12.0,
        x2 as f64 - ux * 12.0,
        y2 as f64 - uy * 12.0
    )
}

/// What [`two_legs_svg`] draws, in words.
fn two_legs_caption(drawn: &crate::piece::TwoLegMarks) -> String {
    use koma_vm::spec::Modality;
    let first = match (drawn.rides, drawn.first) {
        (true, Modality::Both) => {
            "the squares of the first leg, each an empty square or a piece taken"
        }
        (true, Modality::Capture) => "the squares of the first leg, each a piece taken",
        (true, Modality::Move) => "the squares of the first leg, each an empty square",
        (false, Modality::Both) => "the first steps, each to an empty square or taking a piece",
        (false, Modality::Capture) => "the first steps, each taking a piece",
        (false, Modality::Move) => "the first steps, each to an empty square",
    };
    let mut caption = format!(
        "Blue rings: {first}. From the one filled, the second leg goes on to an orange square"
    );
    if drawn.back {
        caption.push_str(
            ", or back along the dashed arrow to the piece's own square (taking on the first step without moving, \
             or passing over an empty one)",
        );
    }
    caption.push_str(&crate::piece::two_leg_caption_end(drawn));
    caption
}

/// Text made safe to put in HTML or SVG.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
