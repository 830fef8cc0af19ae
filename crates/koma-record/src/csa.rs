//! CSA, the Computer Shogi Association's record, for games of at most 9x9 squares whose pieces are shogi's
//! (each face's kanji has a CSA code: 歩 FU, と TO, 飛 HI, 龍 RY, ...):
//!
//! ```text
//! V2.2
//! N+Sente
//! N-Gote
//! PI
//! +
//! +7776FU
//! -3334FU
//! %TORYO
//! ```
//!
//! A move is the mover's sign, the origin (`00` for a drop), the destination and the code of the piece after
//! the move (so a promotion shows as the promoted code). Reading also takes several moves on a line
//! separated by `,`, times (`T12`), `'` comments and the `%` endings. Only records from the game's start (`PI`)
//! are read and written.

use std::sync::Arc;

use koma_vm::{FaceId, Game, Move, Player, Rules};

use crate::record::{RecordError, Replay};
use crate::squares::{fit, numbers, square};

/// The CSA code of each of shogi's kanji (the CSA standard's piece names).
const CODES: [(char, &str); 16] = [
    ('歩', "FU"),
    ('香', "KY"),
    ('桂', "KE"),
    ('銀', "GI"),
    ('金', "KI"),
    ('角', "KA"),
    ('飛', "HI"),
    ('玉', "OU"),
    ('王', "OU"),
    ('と', "TO"),
    ('杏', "NY"),
    ('圭', "NK"),
    ('全', "NG"),
    ('馬', "UM"),
    ('龍', "RY"),
    ('竜', "RY"),
];

/// CSA's endings and their words.
const ENDINGS: [(&str, &str); 6] = [
    ("%TORYO", "投了"),
    ("%CHUDAN", "中断"),
    ("%SENNICHITE", "千日手"),
    ("%JISHOGI", "持将棋"),
    ("%TSUMI", "詰み"),
    ("%TIME_UP", "切れ負け"),
];

/// The CSA code of `face`.
fn code(rules: &Rules, face: FaceId) -> Option<&'static str> {
    let kanji = rules.face(face).kanji?;
    CODES
        .iter()
        .find(|(k, _)| kanji.is_char(*k))
        .map(|(_, c)| *c)
}

/// Reads a CSA record of `rules`' game.
pub fn read(rules: &Arc<Rules>, text: &str) -> Result<Replay, RecordError> {
    fit(rules).map_err(|e| RecordError::at(0, e))?;
    let mut replay = Replay::of(Game::start(rules));
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        // Comments and headers hold commas of their own; other lines may hold several items.
        let whole = line.starts_with('\'') || line.starts_with('$') || line.starts_with('N');
        let items: Vec<&str> = if whole {
            vec![line]
        } else {
            line.split(',').collect()
        };
        for item in items {
            let item = item.trim();
            if item.is_empty() || item.starts_with('T') || item.starts_with('V') {
                continue;
            }
            if let Some(comment) = item.strip_prefix('\'') {
                replay
                    .comments
                    .push((replay.moves().len(), comment.trim().to_string()));
                break;
            }
            if let Some(name) = item.strip_prefix("N+") {
                replay.headers.push(("first".into(), name.to_string()));
            } else if let Some(name) = item.strip_prefix("N-") {
                replay.headers.push(("second".into(), name.to_string()));
            } else if let Some(info) = item.strip_prefix('$') {
                let (k, v) = info.split_once(':').unwrap_or((info, ""));
                replay.headers.push((k.to_lowercase(), v.to_string()));
            } else if item == "PI" {
                continue;
            } else if item.starts_with('P') {
                return Err(RecordError::at(
                    n,
                    "board lines are not read: only records from the game's start (PI) are",
                ));
            } else if item == "+" || item == "-" {
                let side = if item == "+" {
                    Player::First
                } else {
                    Player::Second
                };
                if side != replay.game.position().side_to_move() {
                    return Err(RecordError::at(
                        n,
                        "the record's first mover is not the game's",
                    ));
                }
            } else if item.starts_with('%') {
                let word = ENDINGS
                    .iter()
                    .find(|(c, _)| item.starts_with(c))
                    .map_or(item, |(_, w)| *w);
                let mover = replay.game.position().side_to_move();
                let who = if mover == Player::First {
                    "先手"
                } else {
                    "後手"
                };
                replay.end = Some(format!("{word} ({who})"));
                return Ok(replay);
            } else if item.starts_with('+') || item.starts_with('-') {
                let mv = read_move(&replay.game, item).map_err(|e| RecordError::at(n, e))?;
                replay.game.play(mv);
            } else {
                return Err(RecordError::at(n, format!("not a CSA line: `{item}`")));
            }
        }
    }
    Ok(replay)
}

/// The legal move a CSA move (`+7776FU`) names.
fn read_move(game: &Game, item: &str) -> Result<Move, String> {
    let rules = game.position().rules();
    let b = item.as_bytes();
    if b.len() != 7 || !b[1..5].iter().all(u8::is_ascii_digit) {
        return Err(format!("`{item}`: a move is like +7776FU"));
    }
    let mover = if b[0] == b'+' {
        Player::First
    } else {
        Player::Second
    };
    if mover != game.position().side_to_move() {
        return Err(format!("`{item}`: not this player's turn"));
    }
    let d = |i: usize| b[i] - b'0';
    let to = square(rules, d(3), d(4)).ok_or_else(|| format!("`{item}`: no such square"))?;
    let piece = &item[5..7];
    let face_code = |m: &Move| code(rules, m.face_after()) == Some(piece);
    let legal = game.legal_moves();
    let found = if d(1) == 0 && d(2) == 0 {
        legal
            .into_iter()
            .find(|m| m.is_drop() && m.to() == to && face_code(m))
    } else {
        let from = square(rules, d(1), d(2)).ok_or_else(|| format!("`{item}`: no such square"))?;
        legal
            .into_iter()
            .find(|m| m.from() == Some(from) && m.to() == to && m.mid().is_none() && face_code(m))
    };
    found.ok_or_else(|| format!("`{item}` is not a legal move here"))
}

/// Writes a replayed game as CSA.
pub fn write(replay: &Replay) -> Result<String, String> {
    let rules = replay.game.position().rules().clone();
    fit(&rules)?;
    if let Some(f) = FaceId::all(rules.faces.len()).find(|&f| code(&rules, f).is_none()) {
        return Err(format!(
            "the piece {} has no CSA code: CSA knows only shogi's pieces",
            rules.face(f).name
        ));
    }
    if replay.other_start().is_some() {
        return Err("CSA is written only from the game's start: use usi or json".into());
    }
    replay.check_lines("CSA")?;
    let mut out = String::from("V2.2\n");
    for (key, value) in &replay.headers {
        match key.as_str() {
            "first" => out.push_str(&format!("N+{value}\n")),
            "second" => out.push_str(&format!("N-{value}\n")),
            // `$KEY:value` holds keys of ASCII letters, digits and underscores (read back in lower case);
            // another header is kept as a comment.
            k if !k.is_empty()
                && k.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_') =>
            {
                out.push_str(&format!("${}:{value}\n", key.to_uppercase()));
            }
            _ => out.push_str(&format!("'{key}：{value}\n")),
        }
    }
    if !replay.headers.iter().any(|(k, _)| k == "event") {
        out.push_str(&format!("$EVENT:{}\n", rules.name));
    }
    out.push_str("PI\n");
    let mut game = Game::start(&rules);
    out.push_str(if game.position().side_to_move() == Player::First {
        "+\n"
    } else {
        "-\n"
    });
    replay.write_comments_after(0, '\'', &mut out);
    for (i, &mv) in replay.moves().iter().enumerate() {
        if mv.mid().is_some() {
            return Err("moves in two legs have no CSA form".into());
        }
        let sign = if game.position().side_to_move() == Player::First {
            '+'
        } else {
            '-'
        };
        let (ff, fr) = mv.from().map_or((0, 0), |f| numbers(&rules, f));
        let (tf, tr) = numbers(&rules, mv.to());
        let piece = code(&rules, mv.face_after()).unwrap_or("??");
        out.push_str(&format!("{sign}{ff}{fr}{tf}{tr}{piece}\n"));
        game.play(mv);
        replay.write_comments_after(i + 1, '\'', &mut out);
    }
    if game.outcome().is_none()
        && let Some(end) = &replay.end
    {
        let code = ENDINGS
            .iter()
            .find(|(_, w)| end.starts_with(w))
            .map_or("%CHUDAN", |(c, _)| *c);
        out.push_str(code);
        out.push('\n');
    }
    Ok(out)
}
