//! USI lines from the GUI, read into commands.

use std::time::Duration;

use koma_engine::{Clock, Limits};

/// A line from the GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `usi`: say who we are and our options.
    Usi,
    /// `isready`.
    IsReady,
    /// `setoption name NAME [value VALUE]`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its value.
        value: Option<String>,
    },
    /// `usinewgame`.
    NewGame,
    /// `position startpos|sfen SFEN [moves MOVE...]`.
    Position {
        /// The SFEN, or `None` for the start position.
        sfen: Option<String>,
        /// Moves played from there.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit` (no pondering is offered, so it is taken as `stop`... of nothing).
    PonderHit,
    /// `gameover win|lose|draw`.
    GameOver,
    /// `quit`.
    Quit,
}

/// The arguments of `go`, by the side they belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Go {
    /// `btime`, `binc`: the first player's clock.
    pub black: Clock,
    /// `wtime`, `winc`: the second player's clock.
    pub white: Clock,
    /// Whether any clock was given.
    pub clocked: bool,
    /// `depth`, `nodes`, `movetime`.
    pub limits: Limits,
    /// `infinite`.
    pub infinite: bool,
    /// Whether `depth` or `mate` asked for more than [`MAX_DEPTH`] plies and was limited to it.
    pub clamped: bool,
}

/// The deepest search `go depth` or `go mate` may ask for, in plies.
pub const MAX_DEPTH: u64 = 100;

/// A line that is not a USI command, with what is wrong.
pub type ParseError = String;

/// Reads one line.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Ok(None);
    };
    Ok(Some(match first {
        "usi" => Command::Usi,
        "isready" => Command::IsReady,
        "usinewgame" => Command::NewGame,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "gameover" => Command::GameOver,
        "setoption" => set_option(rest)?,
        "position" => position(rest)?,
        "go" => Command::Go(go(rest)?),
        other => {
            return Err(format!(
                "unknown command `{}`",
                koma_host::text::shorten(other)
            ));
        }
    }))
}

fn set_option(words: &[&str]) -> Result<Command, ParseError> {
    let usage = "write `setoption name NAME value VALUE`";
    if words.first() != Some(&"name") {
        return Err(usage.into());
    }
    let at = words
        .iter()
        .position(|&w| w == "value")
        .unwrap_or(words.len());
    let name = words[1..at].join(" ");
    if name.is_empty() {
        return Err(usage.into());
    }
    let value = (at < words.len()).then(|| words[at + 1..].join(" "));
    Ok(Command::SetOption { name, value })
}

fn position(words: &[&str]) -> Result<Command, ParseError> {
    let at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let moves = words
        .get(at + 1..)
        .unwrap_or_default()
        .iter()
        .map(|s| s.to_string())
        .collect();
    let sfen = match words[..at].split_first() {
        Some((&"startpos", [])) => None,
        Some((&"sfen", rest)) if !rest.is_empty() => Some(rest.join(" ")),
        _ => {
            return Err(
                "write `position startpos [moves ...]` or `position sfen SFEN [moves ...]`".into(),
            );
        }
    };
    Ok(Command::Position { sfen, moves })
}

fn go(words: &[&str]) -> Result<Go, ParseError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let flag = matches!(word, "infinite" | "ponder");
        if flag {
            go.infinite |= word == "infinite";
            i += 1;
            continue;
        }
        let value = words
            .get(i + 1)
            .ok_or_else(|| format!("`go {word}` needs a number"))?;
        let n: u64 = value.parse().map_err(|_| {
            format!(
                "`go {word} {}`: not a number",
                koma_host::text::shorten(value)
            )
        })?;
        let ms = Duration::from_millis(n);
        match word {
            "btime" => (go.black.time, go.clocked) = (ms, true),
            "wtime" => (go.white.time, go.clocked) = (ms, true),
            "binc" => go.black.increment = ms,
            "winc" => go.white.increment = ms,
            "byoyomi" => (go.black.byoyomi, go.white.byoyomi, go.clocked) = (ms, ms, true),
            "movetime" => go.limits.movetime = Some(ms),
            "depth" | "mate" => {
                // `mate N` is a mate in N moves of the side to move: 2N - 1 plies.
                let plies = if word == "mate" {
                    n.saturating_mul(2)
                } else {
                    n
                };
                go.clamped |= plies > MAX_DEPTH;
                go.limits.depth = Some(plies.clamp(1, MAX_DEPTH) as u32);
            }
            "nodes" => go.limits.nodes = Some(n.max(1)),
            other => {
                return Err(format!(
                    "`go` does not know `{}`",
                    koma_host::text::shorten(other)
                ));
            }
        }
        i += 2;
    }
    Ok(go)
}
