//! KIF, the Japanese text record shogi programs and sites write (Kakinoki's format), for any game whose pieces
//! have kanji:
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
//! (its first kanji), `成` for a promotion, and the origin in brackets, or `打` for a drop. Boards of more than
//! nine files or ranks are written as lishogi writes chu shogi: `5八獅 （←6九）`, a file in ASCII digits and
//! the rank as a kanji number (`12十二`), `仝` for the last move's square, and a move in two legs as two lines,
//! `一歩目` and `二歩目`. Reading takes both forms on any board, and also `不成`, two-character names of
//! promoted pieces (`成香`), the second kanji of a face (`王`), the full names lishogi writes (`獅子`, `龍王`:
//! a name holding the piece's kanji), times after the move, `*` comments and the ending words (`投了`, `中断`,
//! `詰み`, ...). Only records from the game's start are read and written: a board diagram is an error.

use std::sync::Arc;

use koma_vm::{FaceId, Game, GameResult, Player, Position, Rules, Square};

use crate::record::{RecordError, Replay};

mod move_text;
mod square_text;

use move_text::{Leg, read_leg, read_move, two_legs, write_move};
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
    fits(rules).map_err(|e| RecordError::at(0, e))?;
    let mut replay = Replay::of(Game::start(rules));
    let mut last_to: Option<Square> = None;
    // The first leg of a move in two legs and its line, until its second leg.
    let mut first_leg: Option<(Leg, usize)> = None;
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
        let at = |e| RecordError::at(n, e);
        let mv = if let Some(leg) = body.strip_prefix("一歩目") {
            if let Some((_, line)) = first_leg {
                return Err(RecordError::at(line, "`一歩目` with no `二歩目` after it"));
            }
            first_leg = Some((
                read_leg(&replay.game, leg.trim(), last_to, None).map_err(at)?,
                n,
            ));
            continue;
        } else if let Some(leg) = body.strip_prefix("二歩目") {
            let (first, _) = first_leg
                .take()
                .ok_or_else(|| at("`二歩目` with no `一歩目` before it".into()))?;
            let second =
                read_leg(&replay.game, leg.trim(), last_to, Some(first.from)).map_err(at)?;
            two_legs(&replay.game, &first, &second, body).map_err(at)?
        } else {
            if let Some((_, line)) = first_leg {
                return Err(RecordError::at(line, "`一歩目` with no `二歩目` after it"));
            }
            read_move(&replay.game, body, last_to).map_err(at)?
        };
        last_to = Some(mv.to());
        replay.game.play(mv);
    }
    if let Some((_, line)) = first_leg {
        return Err(RecordError::at(line, "`一歩目` with no `二歩目` after it"));
    }
    Ok(replay)
}

/// Whether KIF can number `rules`' squares: files and ranks up to 99 (written `12十二` past 9).
fn fits(rules: &Rules) -> Result<(), String> {
    if rules.files > 99 || rules.ranks > 99 {
        return Err(format!(
            "a {}x{} board does not fit: KIF numbers files and ranks up to 99",
            rules.files, rules.ranks
        ));
    }
    Ok(())
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
    fits(&rules)?;
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
        for text in write_move(game.position(), mv, last_to) {
            out.push_str(&format!("{:>4} {text}\n", i + 1));
        }
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
