//! The page's game records: the position's game written as KIF, CSA, USI or JSON, and a record's text read
//! back into a start and moves, replayed through the rules (a bad move is an error naming its line).

use koma_record::{Format, Replay};
use serde_json::{Value, json};

use crate::answers::{Failure, PositionRequest, bad, load, replayed};
use crate::served::Games;

/// The format a request names.
fn format_named(name: Option<&str>) -> Result<Option<Format>, Failure> {
    match name {
        None => Ok(None),
        Some(n) => Format::named(n).map(Some).ok_or_else(|| {
            bad(format!(
                "no record format is called `{}`: kif, csa, usi or json",
                n.chars().take(16).collect::<String>()
            ))
        }),
    }
}

/// The format of a record's text, from its first meaningful line: `{` JSON, `position`/`startpos`/`sfen` USI,
/// CSA's `V2`, `N+`, `PI`, `P1` or a `+`/`-` move, else KIF.
fn sniff(text: &str) -> Format {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('\''))
        .unwrap_or("");
    if first.starts_with('{') {
        Format::Json
    } else if ["position", "startpos", "sfen"]
        .iter()
        .any(|w| first.starts_with(w))
    {
        Format::Usi
    } else if ["V2", "N+", "N-", "PI", "P1", "$"]
        .iter()
        .any(|w| first.starts_with(w))
        || (first.len() >= 5 && (first.starts_with('+') || first.starts_with('-')))
    {
        Format::Csa
    } else {
        Format::Kif
    }
}

/// The position's game as a record: `{ text, extension }` (KIF as UTF-8, `.kifu`).
pub fn write(games: &Games, request: &PositionRequest) -> Result<Value, Failure> {
    let format = format_named(request.format.as_deref())?.unwrap_or(Format::Kif);
    let (session, _) = replayed(load(games, request)?, request)?;
    let text = koma_record::write(&Replay::of(session.game().clone()), format).map_err(bad)?;
    let extension = if format == Format::Kif {
        "kifu"
    } else {
        format.name()
    };
    Ok(json!({ "text": text, "extension": extension }))
}

/// A record's game: `{ start, moves, end }`, the start `null` when it is the game's own.
pub fn read(games: &Games, request: &PositionRequest) -> Result<Value, Failure> {
    let text = request.record.clone().unwrap_or_default();
    let format = format_named(request.format.as_deref())?.unwrap_or_else(|| sniff(&text));
    let loaded = load(games, request)?;
    let rules = loaded.rules().clone();
    let replay = koma_record::read(&rules, format, &text)
        .map_err(|e| bad(format!("the {} record: {e}", format.name())))?;
    let start = replay.other_start();
    let moves = replay.move_names();
    Ok(json!({ "start": start, "moves": moves, "end": replay.end }))
}
