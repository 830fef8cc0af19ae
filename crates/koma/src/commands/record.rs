//! `koma record FILE`: a game record read, replayed through the rules, and written in another format.

use std::io::{Read, Write};

use koma_record::Format;

use crate::args::RecordFormat;
use crate::load::load_rules;
use crate::report::Report;

/// The longest record read, in bytes.
const MAX_RECORD_BYTES: u64 = 4 << 20;

/// Reads `file` as a record of `game` and writes it in `to` (in Shift_JIS with `shift_jis`), or says it is
/// sound.
pub fn run(
    file: &str,
    game: &str,
    from: Option<RecordFormat>,
    to: Option<RecordFormat>,
    shift_jis: bool,
) -> Result<(), Vec<Report>> {
    let rules = load_rules(game)?;
    let fail = |message: String| vec![Report::plain("koma::record", message, None)];
    let format = match from {
        Some(f) => f.format(),
        None => Format::of_path(std::path::Path::new(file)).ok_or_else(|| {
            fail(format!(
                "`{file}`: say its format with --from (kif, csa, usi or json): its extension does not"
            ))
        })?,
    };
    let mut bytes = Vec::new();
    let read = if file == "-" {
        std::io::stdin()
            .take(MAX_RECORD_BYTES + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(file).and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| fail(format!("cannot read `{file}`: {e}")))?;
    let text = koma_record::decode(&bytes);
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(fail(format!(
            "`{file}` is longer than {MAX_RECORD_BYTES} bytes"
        )));
    }
    let replay =
        koma_record::read(&rules, format, &text).map_err(|e| fail(format!("{file}: {e}")))?;
    match to {
        Some(to) => {
            let out = koma_record::write(&replay, to.format()).map_err(fail)?;
            let bytes = if shift_jis {
                koma_record::encode_shift_jis(&out).map_err(fail)?
            } else {
                out.into_bytes()
            };
            let _ = std::io::stdout().write_all(&bytes);
        }
        None => {
            let end = replay
                .ending()
                .map_or("the game goes on".to_string(), |e| format!("ended: {e}"));
            crate::say!(
                "{file}: {} moves of {}, each legal; {end}",
                replay.moves().len(),
                rules.name
            );
        }
    }
    Ok(())
}
