//! Games and positions from the command line: games through the host, then `--sfen`, `--option` and `--moves`.

use std::sync::Arc;

use koma_host::{Host, Loaded};
use koma_vm::spec::OptionKind;
use koma_vm::{Game, Position, Rules};

use crate::args::PositionArgs;
use crate::report::Report;

/// The longest `--moves` text, in bytes (some ten thousand moves).
pub const MAX_MOVES_BYTES: usize = 100_000;

/// Reads and compiles a game argument (a `.game` file, else an embedded game) through the host.
pub fn load(game: &str) -> Result<Loaded, Vec<Report>> {
    Host::disk().load(game).map_err(crate::report::reports)
}

/// The evaluator of a loaded game: its tuned weights (`NAME.weights` beside its file, or those an embedded
/// game ships) when there are some, else the weights derived from its rules.
pub fn evaluator(loaded: &Loaded) -> Result<koma_engine::Evaluator, Vec<Report>> {
    let fail = |message: String| {
        vec![Report::plain(
            "koma::weights",
            message,
            Some("`koma tune GAME` writes a weights file the game can read".into()),
        )]
    };
    let weights = loaded.weights().map_err(fail)?;
    koma_engine::Evaluator::for_game(
        loaded.rules(),
        weights.as_ref().map(|(o, t)| (o.as_str(), t.as_str())),
    )
    .map_err(fail)
}

/// The compiled rules of a game argument.
pub fn load_rules(game: &str) -> Result<Arc<Rules>, Vec<Report>> {
    Ok(load(game)?.compiled.rules)
}

/// The game that `--sfen`, `--moves` and `--option` describe: options switched, then moves played.
pub fn load_game(args: &PositionArgs) -> Result<Game, Vec<Report>> {
    let rules = load_rules(&args.game)?;
    let pos = match args.sfen.as_deref() {
        None | Some("startpos") => Position::start(&rules),
        Some(s) => Position::from_sfen(&rules, s)
            .map_err(|e| vec![Report::from(koma_host::convert::sfen(&e, s))])?,
    };
    let mut game = Game::new(pos);
    for text in &args.options {
        let bad = |why: &str| {
            vec![Report::plain(
                "koma::option",
                format!("`--option {text}`: {why}"),
                Some("write `--option pie=on` or `--option designate=off`".into()),
            )]
        };
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| bad("expected NAME=on|off"))?;
        let kind = OptionKind::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| bad("options are `designate` and `pie`"))?;
        let on = match value {
            "on" => true,
            "off" => false,
            _ => return Err(bad("the value is `on` or `off`")),
        };
        if !game.set_option(kind, on) {
            return Err(bad("this game does not declare that option"));
        }
    }
    if let Some(line) = &args.moves {
        if line.len() > MAX_MOVES_BYTES {
            return Err(vec![Report::plain(
                "koma::moves-too-long",
                format!(
                    "--moves is {} bytes long; at most {MAX_MOVES_BYTES} are read",
                    line.len()
                ),
                Some("pass a position with --sfen instead of a very long game".into()),
            )]);
        }
        play_line(&mut game, line)?;
    }
    Ok(game)
}

/// Plays the space-separated actions of `line` (USI moves, `swap`, `designate NAME`) through
/// [`koma_vm::Game::play_text`], the rule every front end shares, reporting the first that may not be played
/// in its place.
fn play_line(game: &mut Game, line: &str) -> Result<(), Vec<Report>> {
    let mut offset = 0;
    let mut words = line.split(' ').peekable();
    while let Some(word) = words.next() {
        let mut len = word.len();
        let text = match (word, words.peek()) {
            ("designate", Some(piece)) => {
                len += 1 + piece.len();
                let text = format!("designate {piece}");
                words.next();
                text
            }
            _ => word.to_string(),
        };
        if !text.is_empty() {
            game.play_text(&text).map_err(|e| {
                vec![Report::from(koma_host::convert::action(
                    &e, line, offset, len,
                ))]
            })?;
        }
        offset += len + 1;
    }
    Ok(())
}
