//! KIF, the Japanese text record shogi programs and sites write (Kakinoki's format), for any game of at
//! most 9x9 squares whose pieces have kanji:
//!
//! ```text
//! 先手：Sente
//! 後手：Gote
//! 手数----指手---------消費時間--
//!    1 ７六歩(77)
//!    2 ３四歩(33)
//!    3 同　角成(88)
//!    4 投了
//! まで3手で先手の勝ち
//! ```
//!
//! A move is its destination (`７六`, or `同　` for the last move's square), the kanji of the piece that moves
//! (its first kanji), `成` for a promotion, and the origin in brackets, or `打` for a drop. Reading also takes
//! `不成`, two-character names of promoted pieces (`成香`), the second kanji of a face (`王`), times after the
//! move, `*` comments and the ending words (`投了`, `中断`, `詰み`, ...). Only records from the game's start
//! are read and written: a board diagram is an error.

use std::sync::Arc;

use koma_vm::{FaceId, Game, GameResult, Move, Player, Position, Rules};

use crate::record::{RecordError, Replay};
use crate::squares::{fit, numbers, square};

const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const HEADER: &str = "手数----指手---------消費時間--";
/// Words that end a game record in place of a move.
const ENDINGS: [&str; 8] = [
    "投了",
    "中断",
    "詰み",
    "千日手",
    "持将棋",
    "切れ負け",
    "反則勝ち",
    "反則負け",
];

/// The header names KIF gives the players, the event, the place and the date, and the names the other
/// formats use.
pub(crate) const PLAYER_HEADERS: [(&str, &str); 5] = [
    ("先手", "first"),
    ("後手", "second"),
    ("棋戦", "event"),
    ("場所", "site"),
    ("開始日時", "date"),
];

fn full_width(d: u8) -> char {
    char::from_u32(0xFF10 + u32::from(d)).unwrap_or('?')
}

fn digit(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        '０'..='９' => Some((c as u32 - 0xFF10) as u8),
        _ => None,
    }
}

/// The face whose kanji (first or second) is `c`.
fn face_of_kanji(rules: &Rules, c: char) -> Option<FaceId> {
    FaceId::all(rules.faces.len())
        .find(|&f| rules.face(f).kanji == Some(c) || rules.face(f).kanji_second == Some(c))
}

/// The player's name in KIF.
fn side(player: Player) -> &'static str {
    if player == Player::First {
        "先手"
    } else {
        "後手"
    }
}

/// Reads a KIF record of `rules`' game.
pub fn read(rules: &Arc<Rules>, text: &str) -> Result<Replay, RecordError> {
    fit(rules).map_err(|e| RecordError::at(0, e))?;
    let mut replay = Replay::of(Game::start(rules));
    let mut last_to = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim_start_matches('\u{feff}').trim_end();
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('&') {
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix('*') {
            replay
                .comments
                .push((replay.moves().len(), comment.to_string()));
            continue;
        }
        if trimmed.starts_with("手数") || trimmed.starts_with("まで") || trimmed.starts_with("変化")
        {
            if trimmed.starts_with("変化") {
                // Variations follow the main line: it is complete.
                break;
            }
            continue;
        }
        if trimmed.starts_with('|') || trimmed.contains("持駒") {
            return Err(RecordError::at(
                n,
                "board diagrams are not read: only records from the game's start are",
            ));
        }
        if let Some((name, value)) = trimmed.split_once('：') {
            header(&mut replay, n, name.trim(), value.trim())?;
            continue;
        }
        let Some(first) = trimmed.chars().next() else {
            continue;
        };
        if !first.is_ascii_digit() {
            return Err(RecordError::at(n, format!("not a KIF line: `{trimmed}`")));
        }
        let body = trimmed
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim();
        if let Some(word) = ENDINGS.iter().find(|w| body.starts_with(**w)) {
            let mover = replay.game.position().side_to_move();
            replay.end = Some(format!("{} ({})", word, side(mover)));
            break;
        }
        let mv = read_move(&replay.game, body, last_to).map_err(|e| RecordError::at(n, e))?;
        last_to = Some(mv.to());
        replay.game.play(mv);
    }
    Ok(replay)
}

/// A KIF header: the players' names are kept as `first` and `second`; `手合割` must be an even game.
fn header(replay: &mut Replay, n: usize, name: &str, value: &str) -> Result<(), RecordError> {
    if name == "手合割" {
        if value == "平手" || value.ends_with("将棋") || value.is_empty() {
            return Ok(());
        }
        return Err(RecordError::at(
            n,
            format!("手合割 `{value}`: only records from the game's start (平手) are read"),
        ));
    }
    let key = PLAYER_HEADERS
        .iter()
        .find(|(kif, _)| *kif == name)
        .map_or(name, |(_, key)| *key);
    replay.headers.push((key.to_string(), value.to_string()));
    Ok(())
}

/// The destination of a KIF move text (`７六`, or `同　` for `last_to`) and the text after it.
fn destination<'t>(
    rules: &Rules,
    body: &'t str,
    last_to: Option<koma_vm::Square>,
) -> Result<(koma_vm::Square, &'t str), String> {
    if let Some(rest) = body.strip_prefix('同') {
        let to = last_to.ok_or("`同` with no move before it")?;
        return Ok((to, rest.trim_start_matches(['　', ' '])));
    }
    let mut chars = body.chars();
    let file = chars.next().and_then(digit);
    let rank = chars
        .next()
        .and_then(|c| RANKS.iter().position(|&r| r == c).map(|r| r as u8 + 1));
    let (Some(file), Some(rank)) = (file, rank) else {
        return Err(format!("`{body}`: no destination square (like ７六)"));
    };
    let to =
        square(rules, file, rank).ok_or_else(|| format!("`{body}`: no square {file}{rank}"))?;
    Ok((to, chars.as_str()))
}

/// After the piece of a board move: whether it promotes (`成`, or `不成` for not) and its origin `(77)`.
fn origin(rules: &Rules, tail: &str) -> (bool, Option<koma_vm::Square>) {
    let (promotes, tail) = if let Some(t) = tail.strip_prefix("不成") {
        (false, t)
    } else if let Some(t) = tail.strip_prefix('成') {
        (true, t)
    } else {
        (false, tail)
    };
    let from = tail
        .strip_prefix('(')
        .and_then(|t| {
            let mut d = t.chars().filter_map(digit);
            Some((d.next()?, d.next()?))
        })
        .and_then(|(f, r)| square(rules, f, r));
    (promotes, from)
}

/// The legal move a KIF move text names.
fn read_move(game: &Game, body: &str, last_to: Option<koma_vm::Square>) -> Result<Move, String> {
    let rules = game.position().rules();
    let (to, rest) = destination(rules, body, last_to)?;
    let rest = rest.trim();
    // The piece: one kanji, or 成 and the kanji of the face it promotes from. Faces may share a kanji (Tori
    // shogi's quails): the piece is told by its origin, or for a drop by the faces in hand.
    let mut rc = rest.chars();
    let named = |face: FaceId, c: char| {
        rules.face(face).kanji == Some(c) || rules.face(face).kanji_second == Some(c)
    };
    let promoted_from = |face: FaceId, c: char| {
        FaceId::all(rules.faces.len())
            .any(|base| named(base, c) && rules.face(base).promotes_to == Some(face))
    };
    let (kanji, promoted_name) = match (rc.next(), rc.clone().next()) {
        (Some('成'), Some(c)) if face_of_kanji(rules, c).is_some() => {
            rc.next();
            (c, true)
        }
        (Some(c), _) if face_of_kanji(rules, c).is_some() => (c, false),
        (Some(c), _) => {
            return Err(format!("`{body}`: no piece of this game has the kanji {c}"));
        }
        (None, _) => return Err(format!("`{body}`: no piece")),
    };
    let is_piece = |face: FaceId| {
        if promoted_name {
            promoted_from(face, kanji)
        } else {
            named(face, kanji)
        }
    };
    let tail: String = rc.collect();
    let tail = tail.trim();
    let legal = game.legal_moves();
    let drop = |legal: Vec<Move>| -> Result<Option<Move>, String> {
        let mut drops = legal
            .into_iter()
            .filter(|m| m.is_drop() && m.to() == to && is_piece(m.face_after()));
        let first = drops.next();
        if drops.next().is_some() {
            return Err(format!(
                "`{body}`: more than one piece in hand is a {kanji}"
            ));
        }
        Ok(first)
    };
    let found = if tail.starts_with('打') {
        drop(legal)?
    } else {
        let (promotes, from) = origin(rules, tail);
        match from {
            // A drop written without 打.
            None => drop(legal)?,
            Some(from) => {
                let moving = game.position().piece_at(from).map(|p| p.face);
                if !moving.is_some_and(is_piece) {
                    return Err(format!(
                        "`{body}`: the piece on {} is not a {kanji}",
                        rules.square_name(from)
                    ));
                }
                legal.into_iter().find(|m| {
                    m.from() == Some(from)
                        && m.to() == to
                        && m.mid().is_none()
                        && m.is_promotion() == promotes
                })
            }
        }
    };
    found.ok_or_else(|| format!("`{body}` is not a legal move here"))
}

/// The KIF text of `mv` in `pos`: destination (or `同　`), kanji, `成`, and the origin or `打`.
fn move_text(rules: &Rules, pos: &Position, mv: Move, last_to: Option<koma_vm::Square>) -> String {
    let dest = if last_to == Some(mv.to()) {
        "同　".to_string()
    } else {
        let (file, rank) = numbers(rules, mv.to());
        format!("{}{}", full_width(file), RANKS[rank as usize - 1])
    };
    match mv.from() {
        None => {
            let kanji = rules.face(mv.face_after()).kanji.unwrap_or('?');
            format!("{dest}{kanji}打")
        }
        Some(from) => {
            let face = pos.piece_at(from).map_or(mv.face_after(), |p| p.face);
            let kanji = rules.face(face).kanji.unwrap_or('?');
            let (f, r) = numbers(rules, from);
            let promotes = if mv.is_promotion() { "成" } else { "" };
            format!("{dest}{kanji}{promotes}({f}{r})")
        }
    }
}

/// Whether a header of this name reads back as a header.
fn header_name_fits(name: &str) -> bool {
    !(name.is_empty()
        || name.contains('：')
        || name.starts_with(['|', '#', '*', '&', ' ', '　'])
        || name.starts_with(|c: char| c.is_ascii_digit())
        || ["手合割", "手数", "まで", "変化"]
            .iter()
            .any(|w| name.starts_with(w))
        || name.contains("持駒"))
}

/// Writes a replayed game as KIF.
pub fn write(replay: &Replay) -> Result<String, String> {
    let rules = replay.game.position().rules().clone();
    fit(&rules)?;
    if let Some(f) = FaceId::all(rules.faces.len()).find(|&f| rules.face(f).kanji.is_none()) {
        return Err(format!(
            "the piece {} has no kanji: KIF names pieces by kanji",
            rules.face(f).name
        ));
    }
    if replay.other_start().is_some() {
        return Err("KIF is written only from the game's start: use usi or json".into());
    }
    replay.check_lines("KIF")?;
    let mut out = String::from("# KIF written by koma\n");
    if !replay.headers.iter().any(|(k, _)| k == "event") {
        out.push_str(&format!("棋戦：{}\n", rules.name));
    }
    if rules.files == 9 && rules.ranks == 9 {
        out.push_str("手合割：平手\n");
    }
    for (key, value) in &replay.headers {
        let name = PLAYER_HEADERS
            .iter()
            .find(|(_, k)| k == key)
            .map_or(key.as_str(), |(kif, _)| *kif);
        // A name that would be read back as something else (a board diagram, a comment, a move, the move
        // list, or holding the colon) is kept as a comment instead.
        if header_name_fits(name) {
            out.push_str(&format!("{name}：{value}\n"));
        } else {
            out.push_str(&format!("*{name}：{value}\n"));
        }
    }
    out.push_str(HEADER);
    out.push('\n');
    let mut game = Game::new(Position::start(&rules));
    let mut last_to = None;
    replay.write_comments_after(0, '*', &mut out);
    for (i, &mv) in replay.moves().iter().enumerate() {
        if mv.mid().is_some() {
            return Err("moves in two legs have no KIF form".into());
        }
        let text = move_text(&rules, game.position(), mv, last_to);
        out.push_str(&format!("{:>4} {text}\n", i + 1));
        last_to = Some(mv.to());
        game.play(mv);
        replay.write_comments_after(i + 1, '*', &mut out);
    }
    let plies = replay.moves().len();
    match game.outcome() {
        Some(o) => {
            if let GameResult::Win(p) = o.result {
                out.push_str(&format!("まで{plies}手で{}の勝ち\n", side(p)));
            }
        }
        None => {
            if let Some(end) = &replay.end {
                let word = ENDINGS
                    .iter()
                    .find(|w| end.starts_with(**w))
                    .copied()
                    .unwrap_or("中断");
                out.push_str(&format!("{:>4} {word}\n", plies + 1));
                if word == "投了" {
                    let winner = game.position().side_to_move().opponent();
                    out.push_str(&format!("まで{plies}手で{}の勝ち\n", side(winner)));
                }
            }
        }
    }
    Ok(out)
}
