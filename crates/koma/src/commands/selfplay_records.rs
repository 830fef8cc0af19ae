//! `koma selfplay --record-dir DIR`: every game of a run written as a game record of its own
//! (`game-0007.kif`), in any format of `koma record`, so that a designer opens a self-play game in the REPL,
//! the web board or another program.

use std::path::{Path, PathBuf};

use koma_record::{Format, Replay};
use koma_selfplay::GameRecord;
use koma_vm::{Game, Rules};

use crate::args::RecordFormat;
use crate::report::Report;

fn fail(message: String) -> Vec<Report> {
    vec![Report::plain("koma::selfplay", message, None)]
}

/// Where a run's games go, and in which format.
pub(crate) struct RecordDir {
    dir: PathBuf,
    format: Format,
}

impl RecordDir {
    /// The folder `dir` (made if missing) for records of `rules`' games in `format`, or by default KIF where
    /// KIF holds the game and JSON where it does not; `Err` when the format asked for cannot hold the game.
    pub(crate) fn new(
        rules: &std::sync::Arc<Rules>,
        dir: &str,
        format: Option<RecordFormat>,
    ) -> Result<RecordDir, Vec<Report>> {
        let empty = Replay::of(Game::start(rules));
        let format = match format {
            Some(f) => {
                let f = f.format();
                koma_record::write(&empty, f)
                    .map_err(|e| fail(format!("--record-format {}: {e}", f.name())))?;
                f
            }
            None if koma_record::write(&empty, Format::Kif).is_ok() => Format::Kif,
            None => Format::Json,
        };
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir)
            .map_err(|e| fail(format!("cannot make {}: {e}", dir.display())))?;
        Ok(RecordDir { dir, format })
    }

    /// The file of game `index`.
    fn path(&self, index: u64) -> PathBuf {
        self.dir
            .join(format!("game-{index:04}.{}", self.format.name()))
    }

    /// `Err` naming the first of these games' files that is already there: a run never writes over a file.
    pub(crate) fn check_free(&self, indices: impl Iterator<Item = u64>) -> Result<(), Vec<Report>> {
        for index in indices {
            let path = self.path(index);
            if path.exists() {
                return Err(fail(format!(
                    "{} is already there: give --record-dir a new folder (self-play never writes over a file)",
                    path.display()
                )));
            }
        }
        Ok(())
    }

    /// Writes each game as a record (players `koma`, the run's seed in the event, an unfinished game
    /// ended as `中断`); the number written.
    pub(crate) fn write(
        &self,
        rules: &std::sync::Arc<Rules>,
        seed: u64,
        records: &[GameRecord],
    ) -> Result<usize, Vec<Report>> {
        for record in records {
            let text = record_text(rules, seed, record, self.format)
                .map_err(|e| fail(format!("game {}: {e}", record.index)))?;
            let path = self.path(record.index);
            write_new(&path, &text)?;
        }
        Ok(records.len())
    }
}

/// The text of one self-play game as a record in `format`.
fn record_text(
    rules: &std::sync::Arc<Rules>,
    seed: u64,
    record: &GameRecord,
    format: Format,
) -> Result<String, String> {
    let mut game = Game::start(rules);
    for (ply, mv) in record.moves.iter().enumerate() {
        game.play_text(mv)
            .map_err(|e| format!("move {} `{mv}`: {e}", ply + 1))?;
    }
    let unfinished = game.outcome().is_none();
    let mut replay = Replay::of(game);
    replay.headers = vec![
        ("first".into(), "koma".into()),
        ("second".into(), "koma".into()),
        (
            "event".into(),
            format!("koma selfplay, seed {seed}, game {}", record.index),
        ),
    ];
    if unfinished {
        replay.end = Some(format!("中断 (unfinished after {} plies)", record.plies));
    }
    koma_record::write(&replay, format)
}

/// Writes `text` to a new file at `path`.
fn write_new(path: &Path, text: &str) -> Result<(), Vec<Report>> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| fail(format!("cannot write {}: {e}", path.display())))?;
    file.write_all(text.as_bytes())
        .map_err(|e| fail(format!("cannot write {}: {e}", path.display())))
}
