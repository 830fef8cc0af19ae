//! A move's KIF text, both ways: the destination (or `同`/`仝` for the square of the move before), the piece,
//! `成` for a promotion, and the origin or `打` for a drop. A move in two legs (a lion's) is two lines,
//! `一歩目` for its first leg and `二歩目` for its second, as lishogi writes chu shogi.

use koma_vm::{FaceId, Game, Move, Position, Rules, Square};

use super::square_text::{destination, large, origin, read_origin, read_square};

/// What a KIF move text says.
struct Said<'t> {
    to: Square,
    /// Whether the destination was written `同` or `仝` (the square of the move before).
    same: bool,
    /// The piece as written: one kanji, `成` and a kanji, or a longer name (`獅子`, `龍王`).
    name: &'t str,
    /// `成` (true) or `不成` (false) after the piece.
    promotes: Option<bool>,
    /// The origin; none for a drop.
    from: Option<Square>,
}

/// Whether `name` names `face`: its kanji name (first or second; one or two characters), `成` and the kanji of
/// the face it promotes from,
/// a longer name holding the kanji of it or of a face that moves as it does (lishogi writes chu shogi's
/// pieces in full, `獅子`, `龍馬`, and its promoted pawn as the Gold it moves like, `金将`), or its SFEN letter
/// (`L`, `+P`; lishogi's importer reads letters too), which koma writes for a drop the kanji cannot tell.
fn names(rules: &Rules, face: FaceId, name: &str) -> bool {
    let is = |f: FaceId, text: &str| {
        let named = rules.face(f);
        named.kanji.is_some_and(|k| k == *text) || named.kanji_second.is_some_and(|k| k == *text)
    };
    let moves_alike = |f: FaceId| {
        let (a, b) = (rules.face(f), rules.face(face));
        a.moves == b.moves && a.lion == b.lion
    };
    if let Some((named, _)) = rules.face_by_text(name) {
        return named == face;
    }
    // A face's whole kanji name (one character, or two in the large games) names that face only.
    if FaceId::all(rules.faces.len()).any(|f| is(f, name)) {
        return is(face, name);
    }
    if let Some(base_name) = name.strip_prefix('成') {
        if FaceId::all(rules.faces.len())
            .any(|base| is(base, base_name) && rules.face(base).promotes_to == Some(face))
        {
            return true;
        }
        if base_name.chars().count() == 1 {
            return false;
        }
    }
    let chars: Vec<char> = name.chars().collect();
    match chars.as_slice() {
        [] | [_] => false,
        ['+', c] if c.is_ascii_alphabetic() => false,
        longer => longer.iter().any(|&c| {
            let c = c.to_string();
            is(face, &c) || FaceId::all(rules.faces.len()).any(|f| is(f, &c) && moves_alike(f))
        }),
    }
}

/// Reads a move text (without its number).
fn said<'t>(rules: &Rules, body: &'t str, last_to: Option<Square>) -> Result<Said<'t>, String> {
    let same = body.starts_with(['同', '仝']);
    let (to, rest) = if let Some(rest) = body.strip_prefix(['同', '仝']) {
        let to = last_to.ok_or("`同` with no move before it")?;
        (to, rest.trim_start_matches([' ', '　']))
    } else {
        read_square(rules, body)
            .ok_or_else(|| format!("`{body}`: no destination square (like ７六 or 12十二)"))?
    };
    let end = rest
        .find(['打', '(', '（', ' ', '　'])
        .unwrap_or(rest.len());
    let (mut name, tail) = rest.split_at(end);
    let mut promotes = None;
    if let Some(n) = name.strip_suffix("不成") {
        (name, promotes) = (n, Some(false));
    } else if let Some(n) = name.strip_suffix('成')
        && !n.is_empty()
    {
        (name, promotes) = (n, Some(true));
    }
    if name.is_empty() {
        return Err(format!("`{body}`: no piece"));
    }
    if !FaceId::all(rules.faces.len()).any(|f| names(rules, f, name)) {
        return Err(format!(
            "`{body}`: no piece of this game has the kanji {name}"
        ));
    }
    let mut tail = tail.trim_start_matches([' ', '　']);
    for mark in ["（居食い）", "(居食い)", "（じっと）", "(じっと)"] {
        tail = tail
            .strip_prefix(mark)
            .unwrap_or(tail)
            .trim_start_matches([' ', '　']);
    }
    // A drop is written with 打, or with nothing where the origin would be.
    let from = if tail.starts_with('打') {
        None
    } else {
        read_origin(rules, tail)
    };
    Ok(Said {
        to,
        same,
        name,
        promotes,
        from,
    })
}

/// The legal move a KIF move text names.
pub(crate) fn read_move(game: &Game, body: &str, last_to: Option<Square>) -> Result<Move, String> {
    let rules = game.position().rules();
    let said = said(rules, body, last_to)?;
    let legal = game.legal_moves();
    let found = match said.from {
        None => {
            let mut drops = legal.into_iter().filter(|m| {
                m.is_drop() && m.to() == said.to && names(rules, m.face_after(), said.name)
            });
            let first = drops.next();
            if drops.next().is_some() {
                return Err(format!(
                    "`{body}`: more than one piece in hand is a {}",
                    said.name
                ));
            }
            first
        }
        Some(from) => {
            check_piece(game.position(), from, said.name, body)?;
            legal.into_iter().find(|m| {
                m.from() == Some(from)
                    && m.to() == said.to
                    && m.mid().is_none()
                    && m.is_promotion() == said.promotes.unwrap_or(false)
            })
        }
    };
    found.ok_or_else(|| format!("`{body}` is not a legal move here"))
}

/// `Err` unless the piece on `from` is the one `name` names.
fn check_piece(pos: &Position, from: Square, name: &str, body: &str) -> Result<(), String> {
    let rules = pos.rules();
    if pos
        .piece_at(from)
        .is_some_and(|p| names(rules, p.face, name))
    {
        Ok(())
    } else {
        Err(format!(
            "`{body}`: the piece on {} is not a {name}",
            rules.square_name(from)
        ))
    }
}

/// One leg of a move in two legs (`一歩目 ...` or `二歩目 ...`, the word left out).
pub(crate) struct Leg {
    /// Its origin.
    pub from: Square,
    /// Its destination: `None` when written `同` or `仝`.
    pub to: Option<Square>,
    /// The destination, `同` read as `last_to`.
    pub to_or_last: Square,
    /// `成` after the piece.
    pub promotes: bool,
}

/// Reads one leg of a move in two legs; the piece that moves stands on `mover` (the first leg's origin, or
/// `None` when this is the first leg).
pub(crate) fn read_leg(
    game: &Game,
    body: &str,
    last_to: Option<Square>,
    mover: Option<Square>,
) -> Result<Leg, String> {
    let said = said(game.position().rules(), body, last_to)?;
    let from = said
        .from
        .ok_or_else(|| format!("`{body}`: a leg needs its origin"))?;
    check_piece(game.position(), mover.unwrap_or(from), said.name, body)?;
    Ok(Leg {
        from,
        to: (!said.same).then_some(said.to),
        to_or_last: said.to,
        promotes: said.promotes.unwrap_or(false),
    })
}

/// The legal move in two legs that the lines `一歩目` (`first`) and `二歩目` (`second`) name. As lishogi
/// reads them, the move goes from the first leg's origin through the second leg's origin to the second leg's
/// destination; the first leg's destination, when written as a square, must be the second leg's origin.
pub(crate) fn two_legs(game: &Game, first: &Leg, second: &Leg, body: &str) -> Result<Move, String> {
    let mid = second.from;
    if first.to.is_some_and(|to| to != mid) {
        let rules = game.position().rules();
        return Err(format!(
            "`{body}`: the second leg starts on {}, the first ended on {}",
            rules.square_name(mid),
            rules.square_name(first.to_or_last)
        ));
    }
    let to = second.to_or_last;
    game.legal_moves()
        .into_iter()
        .find(|m| {
            m.from() == Some(first.from)
                && m.mid() == Some(mid)
                && m.to() == to
                && m.is_promotion() == second.promotes
        })
        .ok_or_else(|| format!("`{body}` and the leg before it are not a legal move here"))
}

/// The KIF text of `mv` in `pos`: one line, or two for a move in two legs (each without its number).
pub(crate) fn write_move(pos: &Position, mv: Move, last_to: Option<Square>) -> Vec<String> {
    let rules = pos.rules();
    let dest = |to: Square, last: Option<Square>| {
        if last == Some(to) {
            if large(rules) {
                "仝".to_string()
            } else {
                "同　".to_string()
            }
        } else {
            destination(rules, to)
        }
    };
    let Some(from) = mv.from() else {
        return vec![format!(
            "{}{}打",
            dest(mv.to(), last_to),
            drop_name(pos, mv)
        )];
    };
    let face = pos.piece_at(from).map_or(mv.face_after(), |p| p.face);
    let kanji = rules
        .face(face)
        .kanji
        .map_or("?".to_string(), |k| k.to_string());
    let promotes = if mv.is_promotion() { "成" } else { "" };
    match mv.mid() {
        None => vec![format!(
            "{}{kanji}{promotes}{}",
            dest(mv.to(), last_to),
            origin(rules, from)
        )],
        Some(mid) => vec![
            // Both legs name their squares: `仝` in a leg is read one way by lishogi's server (the middle
            // square) and written another by shogiops (the move before's destination).
            format!(
                "一歩目 {}{kanji}{}",
                destination(rules, mid),
                origin(rules, from)
            ),
            format!(
                "二歩目 {}{kanji}{promotes}{}",
                destination(rules, mv.to()),
                origin(rules, mid)
            ),
        ],
    }
}

/// The name written for the piece of drop `mv`: its kanji, or its SFEN letter when another piece in hand
/// with the same kanji could be dropped there too (Tori shogi's two quails, both `鶉`).
fn drop_name(pos: &Position, mv: Move) -> String {
    let rules = pos.rules();
    let face = rules.face(mv.face_after());
    let kanji = face.kanji.map_or("?".to_string(), |k| k.to_string());
    let twin = pos.legal_moves().into_iter().any(|m| {
        m.is_drop()
            && m.to() == mv.to()
            && m.face_after() != mv.face_after()
            && rules.face(m.face_after()).kanji == face.kanji
    });
    match (twin, face.promoted) {
        (false, _) => kanji.to_string(),
        (true, _) => rules.face_text(mv.face_after()),
    }
}
