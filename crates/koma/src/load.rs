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

/// Reads a game argument: a path to a `.game` file, or the name of an embedded game.
pub fn read_game(arg: &str) -> Result<GameSource, Report> {
    let path = Path::new(arg);
    if path.is_file() {
        return std::fs::read_to_string(path)
            .map(|text| GameSource {
                name: arg.to_string(),
                text,
                folder: path.parent().map(Path::to_path_buf),
            })
            .map_err(|e| Report::plain("koma::io", format!("cannot read {arg}: {e}"), None));
    }
    match koma_games::find(arg) {
        Some(g) => Ok(GameSource {
            name: g.name.to_string(),
            text: g.source.to_string(),
            folder: None,
        }),
        None => {
            let names: Vec<&str> = koma_games::GAMES.iter().map(|g| g.name).collect();
            Err(Report::plain(
                "koma::unknown-game",
                format!("`{arg}` is neither a .game file nor an embedded game"),
                Some(format!("embedded games: {}", names.join(", "))),
            ))
        }
    }
}

/// Compiles a game source, whose `extends` may name a `.game` file beside it or an embedded game. Returns
/// the compiled game and its warnings, or one report per diagnostic.
pub fn compile_game(source: &GameSource) -> Result<(Compiled, Vec<Report>), Vec<Report>> {
    let to_reports = |diags: &[koma_compile::Diagnostic]| {
        diags
            .iter()
            .map(|d| Report::from_compile(d, &source.name, &source.text))
            .collect::<Vec<_>>()
    };
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
    let pos = match &args.sfen {
        None => Position::start(&rules),
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
