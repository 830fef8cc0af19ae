//! `save FILE` and `load FILE`: the game as a record, and a record's game, in the format the extension names.

use std::io::{Read, Write};
use std::path::Path;

use koma_record::{Format, Replay};

use crate::session::Session;

/// The longest record `load` reads, in bytes.
const MAX_RECORD_BYTES: u64 = 4 << 20;

/// The format a file's extension names.
fn format_of(path: &str) -> Result<Format, String> {
    Format::of_path(Path::new(path)).ok_or_else(|| {
        format!("`{path}`: the extension names no record format (.kif, .kifu, .csa, .usi, .json)")
    })
}

/// Whether files of this name are written in Shift_JIS, as programs expect of `.kif` and `.csa`.
fn shift_jis(path: &str) -> bool {
    Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("kif") || e.eq_ignore_ascii_case("csa"))
}

/// Writes the game to a new file `path`.
pub(crate) fn save(session: &Session, path: &str) -> Result<String, String> {
    if !session.files {
        return Err("this session reads and writes no files".into());
    }
    let format = format_of(path)?;
    let replay = Replay::of(session.core.game().clone());
    let text = koma_record::write(&replay, format)?;
    let bytes = if shift_jis(path) {
        koma_record::encode_shift_jis(&text)?
    } else {
        text.into_bytes()
    };
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| format!("cannot write `{path}`: {e}"))?;
    file.write_all(&bytes)
        .map_err(|e| format!("cannot write `{path}`: {e}"))?;
    Ok(format!(
        "saved {} to {path} ({})",
        moves_in_words(replay.moves().len()),
        format.name()
    ))
}

/// Plays the game of the record `path`, from its start; nothing changes if a move is not legal.
pub(crate) fn load(session: &mut Session, path: &str) -> Result<String, String> {
    if !session.files {
        return Err("this session reads and writes no files".into());
    }
    let format = format_of(path)?;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read `{path}`: {e}"))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!("`{path}` is longer than {MAX_RECORD_BYTES} bytes"));
    }
    let rules = session.core.rules().clone();
    let replay = koma_record::read(&rules, format, &koma_record::decode(&bytes))
        .map_err(|e| format!("{path}: {e}"))?;
    let view = session.set_position(replay.other_start(), replay.move_names())?;
    let end = replay
        .end
        .as_ref()
        .map_or(String::new(), |e| format!("; the record ends: {e}"));
    Ok(format!(
        "loaded {} from {path}{end}\n\n{view}",
        moves_in_words(replay.moves().len())
    ))
}

/// `1 move`, `5 moves`.
fn moves_in_words(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}
