//! Game records: a game's moves kept in a file and read back.
//!
//! | format | module | games |
//! |---|---|---|
//! | KIF (`.kif`, `.kifu`) | [`kif`] | any game whose pieces have kanji (boards past 9x9 as lishogi writes chu shogi) |
//! | CSA (`.csa`) | [`csa`] | any game of at most 9x9 squares whose pieces have CSA codes (the pieces of shogi) |
//! | USI (`.usi`) | [`usi`] | any game: `position sfen ... moves ...` |
//! | JSON (`.json`) | [`json`] | any game: game, start, moves, end, comments |
//!
//! Every record read is replayed through the rules ([`koma_vm::Game`]), so a move that is not legal, or that
//! names no move, is an error at its line; a record is written from a replayed game.

pub mod csa;
pub mod json;
pub mod kif;
mod record;
mod squares;
pub mod usi;

pub use record::{RecordError, Replay};

use std::sync::Arc;

use koma_vm::Rules;

/// A record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// KIF, the Japanese text record (`.kif`).
    Kif,
    /// CSA, the Computer Shogi Association's record (`.csa`).
    Csa,
    /// The USI `position` line (`.usi`).
    Usi,
    /// koma's JSON record (`.json`).
    Json,
}

impl Format {
    /// Every format, in the order `--to` lists them.
    pub const ALL: [Format; 4] = [Format::Kif, Format::Csa, Format::Usi, Format::Json];

    /// The format's name, as `--to` takes it and as a file's extension.
    pub fn name(self) -> &'static str {
        match self {
            Format::Kif => "kif",
            Format::Csa => "csa",
            Format::Usi => "usi",
            Format::Json => "json",
        }
    }

    /// The format named `name` (`kif`, `csa`, `usi`, `json`; any case).
    pub fn named(name: &str) -> Option<Format> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// The format of a file, from its extension (`.kifu` is KIF in UTF-8, as Kakinoki named it).
    pub fn of_path(path: &std::path::Path) -> Option<Format> {
        match path.extension()?.to_str()? {
            e if e.eq_ignore_ascii_case("kifu") => Some(Format::Kif),
            e => Format::named(e),
        }
    }
}

/// The text of a record file: UTF-8 (a byte order mark left out), or else Shift_JIS, the encoding of most
/// `.kif` and `.csa` files that Japanese programs write.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => encoding_rs::SHIFT_JIS.decode(bytes).0.into_owned(),
    }
}

/// `text` in Shift_JIS; `Err` names a character it cannot hold.
pub fn encode_shift_jis(text: &str) -> Result<Vec<u8>, String> {
    let (bytes, _, lossy) = encoding_rs::SHIFT_JIS.encode(text);
    if lossy {
        let c = text
            .chars()
            .find(|c| encoding_rs::SHIFT_JIS.encode(&c.to_string()).2)
            .unwrap_or('?');
        return Err(format!(
            "Shift_JIS has no `{c}`: write UTF-8 (a .kifu file)"
        ));
    }
    Ok(bytes.into_owned())
}

/// Reads a record of `rules`' game in `format`, replaying every move.
pub fn read(rules: &Arc<Rules>, format: Format, text: &str) -> Result<Replay, RecordError> {
    match format {
        Format::Kif => kif::read(rules, text),
        Format::Csa => csa::read(rules, text),
        Format::Usi => usi::read(rules, text),
        Format::Json => json::read(rules, text),
    }
}

/// Writes a replayed game in `format`; `Err` says why the format cannot hold it.
pub fn write(replay: &Replay, format: Format) -> Result<String, String> {
    match format {
        Format::Kif => kif::write(replay),
        Format::Csa => csa::write(replay),
        Format::Usi => Ok(usi::write(replay)),
        Format::Json => Ok(json::write(replay)),
    }
}
