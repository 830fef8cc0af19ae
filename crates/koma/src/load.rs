//! Loading games by name or path, compiling them, and setting up positions from the command line.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use koma_compile::Compiled;
use koma_vm::spec::OptionKind;
use koma_vm::{Action, Game, Position, Rules};

use crate::args::PositionArgs;
use crate::report::Report;

/// A game's source and where it came from, for messages.
#[derive(Debug, Clone)]
pub struct GameSource {
    /// A display name: the path, or `minishogi` for an embedded game.
    pub name: String,
    /// The source text.
    pub text: String,
    /// The folder whose `.game` files `extends` may name (the file's own folder).
    pub folder: Option<PathBuf>,
}

/// The largest `.game` file read, in bytes: a game is a few kilobytes, so this is far above any real one.
pub const MAX_GAME_BYTES: u64 = 1 << 20;

/// Reads a game argument: a path to a `.game` file, or the name of an embedded game.
pub fn read_game(arg: &str) -> Result<GameSource, Report> {
    let path = Path::new(arg);
    let io =
        |message: String, help: &str| Report::plain("koma::io", message, Some(help.to_string()));
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => {
            return Err(io(
                format!("{arg} is a folder, not a .game file"),
                "name a .game file inside it",
            ));
        }
        Ok(m) if !m.is_file() => {
            return Err(io(
                format!("{arg} is not a regular file"),
                "koma reads .game files from disk, not devices or pipes",
            ));
        }
        Ok(m) if m.len() > MAX_GAME_BYTES => {
            return Err(io(
                format!(
                    "{arg} is {} bytes; a .game file may have at most {MAX_GAME_BYTES}",
                    m.len()
                ),
                "a game fits in a few kilobytes: is this the right file?",
            ));
        }
        Ok(_) => return read_file(arg, path),
        Err(_) => {}
    }
    if let Some(g) = koma_games::find(arg) {
        return Ok(GameSource {
            name: g.name.to_string(),
            text: g.source.to_string(),
            folder: None,
        });
    }
    let names: Vec<&str> = koma_games::GAMES.iter().map(|g| g.name).collect();
    let looks_like_a_path = arg.contains('/') || arg.ends_with(".game");
    Err(Report::plain(
        "koma::unknown-game",
        if looks_like_a_path {
            format!("there is no file {}", crate::report::shorten(arg))
        } else {
            format!(
                "`{}` is neither a .game file nor an embedded game",
                crate::report::shorten(arg)
            )
        },
        Some(format!("embedded games: {}", names.join(", "))),
    ))
}

/// Reads a `.game` file; text that is not UTF-8 is an error at the first bad byte.
fn read_file(arg: &str, path: &Path) -> Result<GameSource, Report> {
    let bytes = std::fs::read(path)
        .map_err(|e| Report::plain("koma::io", format!("cannot read {arg}: {e}"), None))?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(GameSource {
            name: arg.to_string(),
            text,
            folder: path.parent().map(Path::to_path_buf),
        }),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let shown = text[..]
                .char_indices()
                .map(|(i, _)| i)
                .find(|&i| i >= at)
                .unwrap_or(text.len());
            let end = text[shown..]
                .chars()
                .next()
                .map_or(shown, |c| shown + c.len_utf8());
            let (line, column) = crate::report::position(&text, shown);
            Err(Report::spanned(
                "koma::encoding",
                format!("{arg} is not UTF-8 text: byte {at} (line {line}, column {column}) is not part of a UTF-8 character"),
                arg,
                &text,
                shown..end,
                "not UTF-8",
            )
            .with_help("save the file as UTF-8"))
        }
    }
}

/// The longest `--moves` text, in bytes (some ten thousand moves).
pub const MAX_MOVES_BYTES: usize = 100_000;

/// At most this many diagnostics of one file are shown.
pub const MAX_REPORTS: usize = 50;

/// Compiles a game source, whose `extends` may name a `.game` file beside it or an embedded game. Returns
/// the compiled game and its warnings, or one report per diagnostic.
pub fn compile_game(source: &GameSource) -> Result<(Compiled, Vec<Report>), Vec<Report>> {
    let text: std::sync::Arc<str> = std::sync::Arc::from(source.text.as_str());
    let to_reports = |diags: &[koma_compile::Diagnostic]| {
        let mut reports: Vec<Report> = diags
            .iter()
            .take(MAX_REPORTS)
            .map(|d| Report::from_compile(d, &source.name, &text))
            .collect();
        if diags.len() > MAX_REPORTS {
            reports.push(Report::plain(
                "koma::more",
                format!("… and {} more diagnostics", diags.len() - MAX_REPORTS),
                Some("fix these first".into()),
            ));
        }
        reports
    };
    if let Some(report) = unreadable_parent(source) {
        return Err(vec![report]);
    }
    match compile_diagnostics(source) {
        Ok(c) => {
            let warnings = to_reports(&c.warnings);
            Ok((c, warnings))
        }
        Err(diags) => Err(to_reports(&diags)),
    }
}

/// Compiles a game source as [`compile_game`] does, returning the compiler's own diagnostics.
pub fn compile_diagnostics(source: &GameSource) -> Result<Compiled, Vec<koma_compile::Diagnostic>> {
    koma_compile::compile(&source.text, &parents_of(source))
}

/// A report when the game `source` extends is a file beside it that cannot be read as UTF-8 text (the compiler
/// would only be told that no such game exists).
fn unreadable_parent(source: &GameSource) -> Option<Report> {
    let parent = koma_syntax::parse(&source.text).ok()?.extends?;
    let path = source.folder.as_ref()?.join(&parent.node);
    let bytes = std::fs::read(&path).ok()?;
    let bad = std::str::from_utf8(&bytes).err()?;
    Some(
        Report::spanned(
            "koma::encoding",
            format!(
                "the game `{}` that this one extends is not UTF-8 text: byte {} is not part of a UTF-8 character",
                parent.node,
                bad.valid_up_to()
            ),
            &source.name,
            &source.text,
            parent.span,
            "parent game",
        )
        .with_help("save that file as UTF-8"),
    )
}

/// Finds the text of a game named by `extends` in `source`: a `.game` file beside it, else an embedded game.
pub fn parents_of(source: &GameSource) -> impl Fn(&str) -> Option<String> + '_ {
    move |name: &str| -> Option<String> {
        let beside = source
            .folder
            .as_ref()
            .map(|d| d.join(name))
            .filter(|p| p.is_file());
        match beside {
            Some(path) => std::fs::read_to_string(path).ok(),
            None => koma_games::parent_source(name),
        }
    }
}

/// The compiled rules of a game argument.
pub fn load_rules(game: &str) -> Result<Arc<Rules>, Vec<Report>> {
    let source = read_game(game).map_err(|r| vec![r])?;
    let (compiled, _warnings) = compile_game(&source)?;
    Ok(compiled.rules)
}

/// The game that `--sfen`, `--moves` and `--option` describe: options switched, then moves played.
pub fn load_game(args: &PositionArgs) -> Result<Game, Vec<Report>> {
    let rules = load_rules(&args.game)?;
    let pos = match args.sfen.as_deref() {
        None | Some("startpos") => Position::start(&rules),
        Some(s) => Position::from_sfen(&rules, s).map_err(|e| vec![Report::from_sfen(&e, s)])?,
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

/// Plays the space-separated USI moves of `line`, reporting the first that is not legal in its place.
fn play_line(game: &mut Game, line: &str) -> Result<(), Vec<Report>> {
    let mut offset = 0;
    for word in line.split(' ') {
        if !word.is_empty() {
            let mv = game
                .position()
                .parse_usi(word)
                .map_err(|e| vec![Report::from_usi(&e, line, offset, word.len())])?;
            game.play(mv);
        }
        offset += word.len() + 1;
    }
    Ok(())
}

/// An action's name: the USI move, `designate X` or `swap`.
pub fn action_name(rules: &Rules, action: Action) -> String {
    match action {
        Action::Move(mv) => rules.move_name(mv),
        Action::Designate(face) => format!("designate {}", rules.face_text(face)),
        Action::Swap => "swap".to_string(),
    }
}
