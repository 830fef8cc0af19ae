//! The rules and a piece in words, quoting the game file: what the REPL's `rules` and `piece` print, the web
//! board shows and the language server's hover says.

use koma_draw::{LEGEND, Style, piece_diagram};
use koma_vm::spec::Captures;
use koma_vm::{FaceId, Player};

use crate::quote::{Answer, Quoting};
use crate::session::{Session, unknown_piece};

/// A summary of the compiled rules, quoting the line of every piece, zone and end rule.
pub fn rules(session: &Session) -> Answer {
    let quoting = Quoting::new(session);
    let text = rules_text(&quoting);
    quoting.answer(text)
}

fn rules_text(s: &Quoting) -> String {
    let r = s.rules();
    let quote =
        |span: Option<&koma_vm::Span>| s.quote_words(span).unwrap_or_else(|| "—".to_string());
    let mut out = vec![format!(
        "{}: {} x {} board, {} piece faces",
        r.name,
        r.files,
        r.ranks,
        r.faces.len()
    )];
    out.push("pieces:".into());
    for f in FaceId::all(r.faces.len()) {
        out.push(format!("  {}", quote(r.face(f).origin.as_ref())));
    }
    let regions: Vec<String> = r
        .faces
        .iter()
        .filter_map(|f| f.region.as_ref())
        .map(|g| format!("  {}", quote(Some(&g.origin))))
        .collect();
    if !regions.is_empty() {
        out.push("regions the pieces may not leave (counted from each owner's side):".into());
        out.extend(regions);
    }
    out.push(match s.quote_words(r.origins.promotion_zone.as_ref()) {
        Some(q) => format!("promotion zone: {q}"),
        None if r.promotion_by_capture => {
            "promotion zone: none; a capture promotes (promotion by capture)".to_string()
        }
        None => "promotion zone: none; nothing promotes".to_string(),
    });
    if r.origins.stranded.is_some() {
        out.push(format!(
            "stranded pieces: {}",
            quote(r.origins.stranded.as_ref())
        ));
    }
    out.push(match r.captures {
        Captures::GoToHand => {
            "captured pieces go to the captor's hand, as the tile's starting face".into()
        }
        Captures::LeaveTheGame if !r.drops_arise() => {
            "captured pieces leave the game; there are no drops".into()
        }
        Captures::LeaveTheGame => {
            "captured pieces leave the game; the hand is a stock of pieces to place".into()
        }
    });
    out.extend(chu_lines(s));
    out.extend(r.royalty_words().into_iter().map(lowercase_first));
    if r.drops_arise() {
        out.push("drop rules:".into());
        let drops = drop_rule_lines(s);
        if drops.is_empty() {
            out.push("  none: a piece in hand may be dropped on any empty square".into());
        }
        out.extend(drops.into_iter().map(|l| format!("  {l}")));
    }
    if !s.options().is_empty() {
        let list: Vec<String> = s
            .options()
            .iter()
            .map(|(k, on)| format!("{}: {}", k.name(), if *on { "on" } else { "off" }))
            .collect();
        out.push(format!("options: {}", list.join(", ")));
    }
    out.push("end rules, tried in order:".into());
    for (i, rule) in r.end_rules.iter().enumerate() {
        out.push(format!("  {}. {}", i + 1, quote(rule.origin.as_ref())));
    }
    out.push(format!("start: {}", r.start_sfen));
    out.join("\n")
}

/// The rules of the large games in words, quoting the file: promotion by rule, stranded pieces that may
/// promote, kings that may be captured, the lion rules, and what bares a king.
fn chu_lines(s: &Quoting) -> Vec<String> {
    let r = s.rules();
    let quote =
        |span: Option<&koma_vm::Span>| s.quote_words(span).unwrap_or_else(|| "—".to_string());
    let mut out = Vec::new();
    if r.origins.promotion_on_entry.is_some() {
        out.push(format!(
            "promotion: {}",
            quote(r.origins.promotion_on_entry.as_ref())
        ));
    }
    if r.origins.promotion_by_capture.is_some() {
        out.push(format!(
            "promotion: {}",
            quote(r.origins.promotion_by_capture.as_ref())
        ));
    }
    if r.origins.stranded_may_promote.is_some() {
        out.push(format!(
            "stranded pieces: {}",
            quote(r.origins.stranded_may_promote.as_ref())
        ));
    }
    if r.royals_capturable {
        out.push("kings may be captured: moves are not checked for king safety".into());
    }
    let lion_rules = [
        r.lion_rules.protected.as_ref().map(|(_, span)| span),
        r.lion_rules.counter_strike.as_ref(),
    ];
    if lion_rules.iter().any(Option::is_some) {
        out.push("lion rules:".into());
        out.extend(
            lion_rules
                .into_iter()
                .flatten()
                .map(|span| format!("  {}", quote(Some(span)))),
        );
    }
    if r.origins.range_capture.is_some() {
        out.push(format!(
            "range capture: {}",
            quote(r.origins.range_capture.as_ref())
        ));
    }
    if r.origins.anywhere.is_some() {
        out.push(format!(
            "moves anywhere: {}",
            quote(r.origins.anywhere.as_ref())
        ));
    }
    if let Some(words) = r.burning_words() {
        let words = words.trim_start_matches("Burning. ");
        out.push(format!("burning: {}", lowercase_first(words)));
        let statements = [
            &r.origins.burning,
            &r.origins.burning_spares,
            &r.origins.passive_burning,
        ];
        out.extend(
            statements
                .into_iter()
                .flatten()
                .map(|span| format!("  {}", quote(Some(span)))),
        );
    }
    if let Some(words) = r.legs_hold_words() {
        let words = words.trim_start_matches("Moves in two legs hold the square they start from: ");
        out.push(format!("moves in two legs: {words}"));
        out.push(format!("  {}", quote(r.origins.legs_hold.as_ref())));
    }
    if let Some(words) = r.bare_words() {
        out.push(format!("bare king: {}", lowercase_first(&words)));
        if r.origins.cannot_bare.is_some() {
            out.push(format!("  {}", quote(r.origins.cannot_bare.as_ref())));
        }
    }
    out
}

/// A sentence with its first letter in lower case, to follow a label.
fn lowercase_first(sentence: &str) -> String {
    let mut chars = sentence.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_lowercase().chain(chars).collect())
}

/// The drop rules of the game, each quoted once.
fn drop_rule_lines(s: &Quoting) -> Vec<String> {
    let r = s.rules();
    let mut spans = Vec::new();
    spans.extend(r.origins.dead_drops.clone());
    for f in FaceId::all(r.faces.len()) {
        let face = r.face(f);
        spans.extend(face.drop_file_rule.as_ref().map(|l| l.origin.clone()));
        spans.extend(face.drop_mate_rule.as_ref().map(|ban| ban.origin.clone()));
        spans.extend(face.drop_zone_rule.clone());
    }
    spans.sort_by_key(|span| span.start);
    spans.dedup();
    let mut lines: Vec<String> = spans
        .iter()
        .filter_map(|span| s.quote_words(Some(span)))
        .collect();
    if r.drop_either_face {
        lines.push("either face up: a tile with two faces may be dropped showing either".into());
    }
    lines
}

/// Every face of the piece named `text` (by name or letter): its moves drawn from a central square in
/// `style`, its promotion, flip and drops, and the legend of the marks.
pub fn piece(session: &Session, style: &Style, text: &str) -> Result<Answer, String> {
    let quoting = Quoting::new(session);
    let words = piece_text(&quoting, style, text)?;
    Ok(quoting.answer(words))
}

fn piece_text(s: &Quoting, style: &Style, text: &str) -> Result<String, String> {
    let r = s.rules();
    let face = r.find_face(text).ok_or_else(|| unknown_piece(r, text))?;
    let tile = r.face(face).tile;
    let mut faces = vec![tile];
    faces.extend(r.face(tile).promotes_to);
    faces.extend(r.face(tile).flips_to);
    let mut out = Vec::new();
    for f in faces {
        out.push(face_text(s, style, f));
    }
    out.push(legend_lines());
    Ok(out.join("\n\n"))
}

/// The width the long sentences of `piece` are wrapped at.
const WIDTH: usize = 100;

/// The legend of the marks, wrapped at [`WIDTH`] between its entries (never inside one).
fn legend_lines() -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for entry in LEGEND.split("   ") {
        let line = lines.last_mut().expect("one line at least");
        if line.is_empty() {
            line.push_str(entry);
        } else if line.chars().count() + 3 + entry.chars().count() <= WIDTH {
            line.push_str("   ");
            line.push_str(entry);
        } else {
            lines.push(entry.to_string());
        }
    }
    lines.join("\n")
}

/// A face's rank under `range capture`, in words, quoting the statement, wrapped as the REPL's `piece`
/// wraps; `None` for a face not ranked.
fn range_rank_line(s: &Quoting, f: FaceId) -> Option<String> {
    let r = s.rules();
    let ranks = s
        .quote_words(r.origins.range_capture.as_ref())
        .unwrap_or_default();
    let options = textwrap::Options::new(WIDTH)
        .initial_indent("  ")
        .subsequent_indent("    ");
    let list = r.range_list(f);
    let takes = if r.range_capture_takes() {
        "taking every piece it jumps, and stops on any empty square or enemy piece so reached"
    } else if list.is_some() {
        "to take an enemy it may jump"
    } else {
        "to take an enemy of lower rank"
    };
    if let Some(list) = list {
        let line = format!(
            "captures by range: along its unlimited slides it jumps pieces of either side but {}, {takes} ({ranks})",
            list.join(", ")
        );
        return Some(textwrap::fill(&line, options));
    }
    let (place, of) = r.range_rank(f)?;
    let line = if r.captures_by_range(f) {
        format!(
            "captures by range, rank {place} of {of}: along its slides it jumps pieces of lower rank, of either side, {takes} ({ranks})"
        )
    } else {
        format!("rank {place} of {of}: no range capture jumps it or takes it by a jump ({ranks})")
    };
    Some(textwrap::fill(&line, options))
}

/// What a piece that moves anywhere does, quoting `moves anywhere`, wrapped as the REPL's `piece` wraps;
/// `None` for another face.
fn anywhere_line(s: &Quoting, f: FaceId) -> Option<String> {
    let r = s.rules();
    let words = r.anywhere_words(f)?;
    let rule = s
        .quote_words(r.origins.anywhere.as_ref())
        .unwrap_or_default();
    let options = textwrap::Options::new(WIDTH)
        .initial_indent("  ")
        .subsequent_indent("    ");
    Some(textwrap::fill(
        &format!("moves anywhere: {words} ({rule})"),
        options,
    ))
}

/// What a burner does, quoting `burning`; `None` for a face that does not burn.
fn burns_line(s: &Quoting, f: FaceId) -> Option<String> {
    let r = s.rules();
    if !r.burns(f) {
        return None;
    }
    let rule = s
        .quote_words(r.origins.burning.as_ref())
        .unwrap_or_default();
    Some(format!(
        "  burns: where it stops, the enemy pieces next to it leave the game ({rule})"
    ))
}

fn face_text(s: &Quoting, style: &Style, f: FaceId) -> String {
    let r = s.rules();
    let face = r.face(f);
    let kanji = face
        .kanji_words()
        .map_or(String::new(), |k| format!(", {k}"));
    let mut out = vec![format!("{} ({}{kanji})", face.name, r.face_text(f))];
    if let Some(q) = s.quote_words(face.origin.as_ref()) {
        out.push(format!("  {q}"));
    }
    out.push(piece_diagram(r, f, style));
    for words in koma_draw::component_words(r, f) {
        let options = textwrap::Options::new(WIDTH)
            .initial_indent("  ")
            .subsequent_indent("    ");
        out.push(textwrap::fill(&words, options));
    }
    if face.royal && r.royals_capturable {
        out.push(
            "  royal: kings may be captured, and the end rules say what losing it means".into(),
        );
    } else if face.royal && r.last_royal_counts {
        out.push(
            "  royal: protected by the check rules while it is its owner's only royal piece".into(),
        );
    } else if face.royal {
        out.push("  royal: it may never be left attacked".into());
    }
    out.extend(range_rank_line(s, f));
    out.extend(burns_line(s, f));
    out.extend(anywhere_line(s, f));
    if let Some(p) = face.promotes_to {
        out.push(promotion_text(s, f, p));
        let stranded = r.stranded_promotion_squares(Player::First, f);
        if !stranded.is_empty() {
            let squares: Vec<String> = stranded.map(|sq| r.square_name(sq)).collect();
            out.push(format!(
                "  may also promote on any move to {} (for the first player), where it could move no further ({})",
                squares.join(" "),
                s.quote_words(r.origins.stranded_may_promote.as_ref())
                    .unwrap_or_default()
            ));
        }
        let forced = r.forced_promotion_squares(Player::First, f);
        if let Some(origin) = &face.promotion_mandatory {
            out.push(format!(
                "  must promote on every move that starts or ends in the zone ({})",
                s.quote_words(Some(origin)).unwrap_or_default()
            ));
        } else if !forced.is_empty() {
            let squares: Vec<String> = forced.map(|sq| r.square_name(sq)).collect();
            out.push(format!("  must promote on arriving at {} (for the first player): it could never move from there", squares.join(" ")));
        }
    }
    if let Some(other) = face.flips_to {
        let when = match face.flip_trigger {
            koma_vm::spec::FlipTrigger::OnCapture => "whenever it captures",
            koma_vm::spec::FlipTrigger::OnEveryMove => "on every move",
        };
        out.push(format!("  turns over to {} {when}", r.face(other).name));
    }
    out.extend(region_text(s, f));
    out.push(format!("  {}", drops_text(s, f)));
    out.join("\n")
}

/// When a piece showing `f` promotes to `p`, in words, quoting the rule that says so.
fn promotion_text(s: &Quoting, f: FaceId, p: FaceId) -> String {
    let r = s.rules();
    let name = &r.face(p).name;
    let zone = s
        .quote_words(r.origins.promotion_zone.as_ref())
        .unwrap_or_default();
    let by_capture = s
        .quote_words(r.origins.promotion_by_capture.as_ref())
        .unwrap_or_default();
    if r.origins.promotion_by_capture.is_some() && zone.is_empty() {
        format!("  promotes to {name} when its move captures, and must ({by_capture})")
    } else if r.origins.promotion_by_capture.is_some() {
        format!(
            "  promotes to {name} when its move captures and ends in the promotion zone, and must ({by_capture}; {zone})"
        )
    } else if r.origins.promotion_on_entry.is_some() {
        format!(
            "  promotes to {name} on a move that enters the promotion zone, or a capture by a move that starts in it ({}; {zone})",
            s.quote_words(r.origins.promotion_on_entry.as_ref())
                .unwrap_or_default()
        )
    } else if r.legs_hold_words().is_some()
        && r.face(f)
            .moves
            .iter()
            .any(|m| m.second_leg.is_some() && !m.is_walk())
    {
        format!(
            "  promotes to {name} on a move that starts or ends in the promotion zone, or a move in two legs whose middle square lies in it ({zone}; {})",
            s.quote_words(r.origins.legs_hold.as_ref())
                .unwrap_or_default()
        )
    } else {
        format!("  promotes to {name} on a move that starts or ends in the promotion zone ({zone})")
    }
}

/// What a confined face's region bounds, quoting its `confine` line.
fn region_text(s: &Quoting, f: FaceId) -> Option<String> {
    let r = s.rules();
    let region = r.face(f).region.as_ref()?;
    let drops = if r.drops_arise() && r.droppable(f) {
        ", and is dropped only there"
    } else {
        ""
    };
    Some(format!(
        "  confined to {}, counted from its owner's side: it moves and attacks only there{drops} ({})",
        region.words(r.files, r.ranks),
        s.quote_words(Some(&region.origin)).unwrap_or_default()
    ))
}

/// Whether and where a face can be dropped.
fn drops_text(s: &Quoting, f: FaceId) -> String {
    let r = s.rules();
    let face = r.face(f);
    let droppable = r.droppable(f);
    if !r.drops_arise() {
        return "never dropped: there are no drops in this game".into();
    }
    if r.royal_capture_ends_game(f) {
        return "never dropped: capturing it ends the game".into();
    }
    if !droppable {
        return match (face.promoted, face.royal) {
            (true, _) => "never in hand: a captured piece goes to hand unpromoted".into(),
            (_, true) => "never in hand".into(),
            _ => "never dropped: captured, it goes to hand as its other face".into(),
        };
    }
    let mut rules = Vec::new();
    if let Some(limit) = &face.drop_file_rule {
        rules.extend(s.quote_words(Some(&limit.origin)));
    }
    rules.extend(s.quote_words(face.drop_mate_rule.as_ref().map(|ban| &ban.origin)));
    rules.extend(s.quote_words(face.drop_zone_rule.as_ref()));
    rules.extend(s.quote_words(r.origins.dead_drops.as_ref()));
    if rules.is_empty() {
        "dropped from hand on any empty square".into()
    } else {
        format!(
            "dropped from hand, with these drop rules:\n    {}",
            rules.join("\n    ")
        )
    }
}
