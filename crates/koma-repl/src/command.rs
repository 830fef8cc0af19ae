//! REPL command lines: the table of commands with their help, and the parser from a line to a [`Command`].

/// A parsed command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `help [COMMAND]`.
    Help(Option<String>),
    /// `board`: draw the position again.
    Board,
    /// `moves [SQUARE]`: the legal moves, grouped by piece; with a square, those of the piece on it.
    Moves(Option<String>),
    /// `play MOVE...`.
    Play(Vec<String>),
    /// `undo [N]`.
    Undo(usize),
    /// `redo`.
    Redo,
    /// `reset`: back to the start position.
    Reset,
    /// `position startpos|sfen SFEN [moves MOVE...]`.
    Position {
        /// The SFEN, or `None` for the game's start position.
        sfen: Option<String>,
        /// Moves to play from there.
        moves: Vec<String>,
    },
    /// `sfen`.
    Sfen,
    /// `history`.
    History,
    /// `perft N`.
    Perft(u32),
    /// `divide N`.
    Divide(u32),
    /// `result`.
    Result,
    /// `rules`.
    Rules,
    /// `piece NAME|LETTER`.
    Piece(String),
    /// `explain MOVE`.
    Explain(String),
    /// `reload`.
    Reload,
    /// `save FILE`: the game as a record.
    Save(String),
    /// `load FILE`: a record's game.
    Load(String),
    /// `put PIECE SQUARE`.
    Put {
        /// SFEN piece text: the case says whose (`P`, `p`, `+R`).
        piece: String,
        /// The square.
        square: String,
    },
    /// `remove SQUARE`.
    Remove(String),
    /// `hand [+|-]PIECE`.
    Hand {
        /// Add (`+`, the default) or take away (`-`).
        add: bool,
        /// SFEN letter: the case says whose hand.
        piece: String,
    },
    /// `turn`: the other player is to move.
    Turn,
    /// `clear`: an empty board and empty hands.
    Clear,
    /// `option NAME on|off`.
    Option {
        /// The option's name.
        name: String,
        /// On or off.
        on: bool,
    },
    /// `designate PIECE`.
    Designate(String),
    /// `swap`.
    Swap,
    /// `set names kanji|letters`, `set color on|off`.
    Set {
        /// What to set.
        key: String,
        /// Its value.
        value: String,
    },
    /// `go [depth N | movetime MS | nodes N]`: think and show the best line, without playing it.
    Go(Think),
    /// `hint`: a quick best move.
    Hint,
    /// `analyse [N]`: the best N lines.
    Analyse(usize),
    /// `stop`: Ctrl-C stops a search; the command says so.
    Stop,
    /// `computer plays first|second|both|off [depth N | movetime MS | nodes N]`.
    Computer {
        /// Which side the computer plays.
        plays: Plays,
        /// How long it thinks for each move.
        think: Think,
    },
    /// `values`: the piece values the engine uses, and how they are derived.
    Values,
    /// `quit`.
    Quit,
}

/// How long the computer thinks: a depth, a time or a node count (the default is a second).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Think {
    /// Iterations to this depth.
    Depth(u32),
    /// This many milliseconds.
    Movetime(u64),
    /// This many nodes.
    Nodes(u64),
}

/// Which side the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Plays {
    /// Neither.
    #[default]
    Off,
    /// The first player.
    First,
    /// The second player.
    Second,
    /// Both: it plays the game to its end.
    Both,
}

/// Which command a line names: one variant per command, so that parsing a line is a `match` the compiler
/// checks for every command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Name {
    Help,
    Board,
    Moves,
    Play,
    Undo,
    Redo,
    Reset,
    Position,
    Sfen,
    History,
    Perft,
    Divide,
    Result,
    Rules,
    Piece,
    Explain,
    Reload,
    Save,
    Load,
    Put,
    Remove,
    Hand,
    Turn,
    Clear,
    Option,
    Designate,
    Swap,
    Set,
    Go,
    Hint,
    Analyse,
    Stop,
    Computer,
    Values,
    Quit,
}

/// A command of the REPL, for `help` and completion.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// Which command.
    pub command: Name,
    /// The command's name.
    pub name: &'static str,
    /// Its arguments.
    pub usage: &'static str,
    /// What it does, in one line.
    pub summary: &'static str,
    /// More about it.
    pub detail: &'static str,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[Spec] = &[
    Spec {
        command: Name::Help,
        name: "help",
        usage: "help [COMMAND]",
        summary: "list the commands, or explain one",
        detail: "",
    },
    Spec {
        command: Name::Board,
        name: "board",
        usage: "board",
        summary: "draw the position",
        detail: "Coordinates are the game's own: files numbered from the first player's right, ranks lettered from the second player's side.",
    },
    Spec {
        command: Name::Moves,
        name: "moves",
        usage: "moves [SQUARE]",
        summary: "the legal moves, grouped by piece; with a square, those of the piece on it",
        detail: "`moves 5e` lists only the moves of the piece on 5e (on a large board, a few of hundreds). A move that may promote is listed both ways (`5b5a+` and `5b5a`); a forced promotion only with `+`. Drops are listed per piece in hand; with `either face up`, per face. Opening options that apply now (`designate`, `swap`) are listed too.",
    },
    Spec {
        command: Name::Play,
        name: "play",
        usage: "play MOVE...",
        summary: "play one or more USI moves",
        detail: "Moves are USI: `5e4d`, `2e1a+` (promote), `P*3c` (drop). They are played in order; the first that is not legal stops the line, says why, and leaves the position as it was before the command.",
    },
    Spec {
        command: Name::Undo,
        name: "undo",
        usage: "undo [N]",
        summary: "take back the last N moves (default 1)",
        detail: "Undone moves can be replayed with `redo` until another move is played.",
    },
    Spec {
        command: Name::Redo,
        name: "redo",
        usage: "redo",
        summary: "replay the last undone move",
        detail: "",
    },
    Spec {
        command: Name::Reset,
        name: "reset",
        usage: "reset",
        summary: "back to the game's start position",
        detail: "The game's own start position, with the options in force: a position set with `position` or by editing (`clear`, `put`, ...) is forgotten. `undo` steps back one move at a time.",
    },
    Spec {
        command: Name::Position,
        name: "position",
        usage: "position startpos|sfen SFEN [moves MOVE...]",
        summary: "set the position",
        detail: "`position startpos` is the game's start; `position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 5d5c` starts from an SFEN and plays moves. Nothing changes if any part is wrong.",
    },
    Spec {
        command: Name::Sfen,
        name: "sfen",
        usage: "sfen",
        summary: "the position as SFEN",
        detail: "",
    },
    Spec {
        command: Name::History,
        name: "history",
        usage: "history",
        summary: "the moves played from the start",
        detail: "",
    },
    Spec {
        command: Name::Perft,
        name: "perft",
        usage: "perft N",
        summary: "count the leaves of the legal move tree N plies deep (1-7)",
        detail: "Opening options that apply count as plies.",
    },
    Spec {
        command: Name::Divide,
        name: "divide",
        usage: "divide N",
        summary: "perft N split by first move (1-7)",
        detail: "",
    },
    Spec {
        command: Name::Result,
        name: "result",
        usage: "result",
        summary: "the outcome so far, and the end rule that decided it",
        detail: "End rules are tried in the order the game file gives them; the first that applies decides.",
    },
    Spec {
        command: Name::Rules,
        name: "rules",
        usage: "rules",
        summary: "a summary of the game's compiled rules",
        detail: "",
    },
    Spec {
        command: Name::Piece,
        name: "piece",
        usage: "piece NAME|LETTER",
        summary: "a piece's moves drawn on an empty board, every face",
        detail: "Shows each face of the piece from a central square, from its owner's side (forward is up), with its promotion, flip and drop rules.",
    },
    Spec {
        command: Name::Explain,
        name: "explain",
        usage: "explain MOVE",
        summary: "why a move is illegal, or what it does",
        detail: "Names the rule that decides, and quotes its line of the game file.",
    },
    Spec {
        command: Name::Reload,
        name: "reload",
        usage: "reload",
        summary: "read the game file again",
        detail: "The position and history are replayed under the new rules; if a move no longer holds, the game goes back to the start and says which move. A file that no longer compiles keeps the old rules.",
    },
    Spec {
        command: Name::Save,
        name: "save",
        usage: "save FILE",
        summary: "write the game as a record (.kif, .kifu, .csa, .usi, .json)",
        detail: "The format comes from the file's extension: KIF (`.kif` in Shift_JIS, `.kifu` in UTF-8) and CSA for boards of at most 9x9 from the game's start, the USI `position` line and koma's JSON record for any game and start. An existing file is not overwritten.",
    },
    Spec {
        command: Name::Load,
        name: "load",
        usage: "load FILE",
        summary: "play a record's game (.kif, .kifu, .csa, .usi, .json)",
        detail: "Every move of the record is replayed through the rules; a move that is not legal names its line and changes nothing. KIF and CSA files may be UTF-8 or Shift_JIS.",
    },
    Spec {
        command: Name::Put,
        name: "put",
        usage: "put PIECE SQUARE",
        summary: "put a piece on a square (`put P 5c`, `put +r 2b`)",
        detail: "The letter's case says whose piece: uppercase for the first player. Editing clears the history; a position the rules refuse changes nothing.",
    },
    Spec {
        command: Name::Remove,
        name: "remove",
        usage: "remove SQUARE",
        summary: "take the piece off a square",
        detail: "",
    },
    Spec {
        command: Name::Hand,
        name: "hand",
        usage: "hand [+|-]PIECE",
        summary: "add a piece to a hand, or take one away (`hand +P`, `hand -s`)",
        detail: "The letter's case says whose hand: uppercase for the first player.",
    },
    Spec {
        command: Name::Turn,
        name: "turn",
        usage: "turn",
        summary: "let the other player move",
        detail: "",
    },
    Spec {
        command: Name::Clear,
        name: "clear",
        usage: "clear",
        summary: "empty the board and both hands",
        detail: "",
    },
    Spec {
        command: Name::Option,
        name: "option",
        usage: "option NAME on|off",
        summary: "switch an opening option the game declares",
        detail: "`designate`: before the first move, the second player names the piece the first player must place first. `pie`: after the first move, the second player may take over the first player's side. The history is replayed with the option.",
    },
    Spec {
        command: Name::Designate,
        name: "designate",
        usage: "designate PIECE",
        summary: "name the piece the first player must place first",
        detail: "Only with `option designate on`, before the first move.",
    },
    Spec {
        command: Name::Swap,
        name: "swap",
        usage: "swap",
        summary: "take over the first player's side (pie rule)",
        detail: "Only with `option pie on`, right after the first move. The position stays as it is.",
    },
    Spec {
        command: Name::Set,
        name: "set",
        usage: "set names|color|notation VALUE",
        summary: "how boards are drawn and moves written",
        detail: "`set names kanji|letters`, `set color on|off`, `set notation usi|western|japanese|generic`. Kanji are used for the pieces that the game file names with `kanji \"歩\"`. The notation writes the last move, the legal moves, the computer's moves and lines: `usi` (2g2f), `western` (P-2f), `japanese` (▲２六歩, when every piece has kanji) or `generic` (Pawn 2f). `play` takes a move in any of them.",
    },
    Spec {
        command: Name::Go,
        name: "go",
        usage: "go [depth N | movetime MS | nodes N]",
        summary: "think, and show the best line with its score (a second by default)",
        detail: "Shows each finished iteration (depth, score, nodes, nodes/s, line) on a terminal, then the best move; nothing is played. A score is in pawns for the side to move, or `mate in N` (its moves) when a win or loss by the game's end rules was found. Ctrl-C stops the search and keeps the best move so far.",
    },
    Spec {
        command: Name::Hint,
        name: "hint",
        usage: "hint",
        summary: "a good move for the side to move (half a second of thought)",
        detail: "",
    },
    Spec {
        command: Name::Analyse,
        name: "analyse",
        usage: "analyse [N]",
        summary: "the best N lines (default 3), two seconds of thought",
        detail: "",
    },
    Spec {
        command: Name::Stop,
        name: "stop",
        usage: "stop",
        summary: "stop a search (press Ctrl-C while the computer thinks)",
        detail: "A search runs while the REPL waits for it; Ctrl-C stops it and the REPL keeps the best move found.",
    },
    Spec {
        command: Name::Computer,
        name: "computer",
        usage: "computer plays first|second|both|off [depth N | movetime MS | nodes N]",
        summary: "let the computer answer each move, or play the game to its end",
        detail: "After each of your moves the computer answers for its side until the game ends; with `both` it plays both sides to the end (Ctrl-C stops). `undo 2` takes back your move and its answer.",
    },
    Spec {
        command: Name::Values,
        name: "values",
        usage: "values",
        summary: "the piece values the computer uses, derived from the rules",
        detail: "Each face's value comes from its mobility on this board, averaged over the squares it may stand on; a promotion adds a quarter of what it adds; a piece in hand is worth a little more when captures go to hand.",
    },
    Spec {
        command: Name::Quit,
        name: "quit",
        usage: "quit",
        summary: "leave the REPL (also Ctrl-D)",
        detail: "",
    },
];

/// A line that is not a command, with a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong.
    pub message: String,
    /// What to try instead.
    pub hint: Option<String>,
}

fn error<T>(message: impl Into<String>, hint: Option<String>) -> Result<T, ParseError> {
    Err(ParseError {
        message: message.into(),
        hint,
    })
}

/// The spec of a command by name (`exit` is `quit`).
pub fn spec(name: &str) -> Option<&'static Spec> {
    let name = if name == "exit" { "quit" } else { name };
    COMMANDS.iter().find(|c| c.name == name)
}

/// Reads a command line. The first word names the command; unknown words get the nearest command as a hint.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&name, args)) = words.split_first() else {
        return error("empty line", None);
    };
    let Some(spec) = spec(name) else {
        let hint =
            nearest(name).map(|n| format!("did you mean `{n}`? (`help` lists the commands)"));
        return error(format!("unknown command `{}`", shorten(name)), hint);
    };
    let a = Args { spec, args };
    Ok(match spec.command {
        Name::Help => {
            a.arity(0, 1)?;
            Command::Help(a.args.first().map(|s| s.to_string()))
        }
        Name::Play => {
            a.arity(1, usize::MAX)?;
            Command::Play(a.args.iter().map(|s| s.to_string()).collect())
        }
        Name::Undo => a.undo()?,
        Name::Position => position(a.args, || a.usage())?,
        Name::Perft => Command::Perft(a.depth()?),
        Name::Divide => Command::Divide(a.depth()?),
        Name::Piece => Command::Piece(a.one()?),
        Name::Explain => Command::Explain(a.one()?),
        Name::Save => Command::Save(a.one()?),
        Name::Load => Command::Load(a.one()?),
        Name::Remove => Command::Remove(a.one()?),
        Name::Designate => Command::Designate(a.one()?),
        Name::Put => {
            let [piece, square] = a.two()?;
            Command::Put { piece, square }
        }
        Name::Hand => a.hand()?,
        Name::Option => a.option()?,
        Name::Set => {
            let [key, value] = a.two()?;
            Command::Set { key, value }
        }
        Name::Board => a.bare(Command::Board)?,
        Name::Moves => {
            a.arity(0, 1)?;
            Command::Moves(a.args.first().map(|s| s.to_string()))
        }
        Name::Redo => a.bare(Command::Redo)?,
        Name::Reset => a.bare(Command::Reset)?,
        Name::Sfen => a.bare(Command::Sfen)?,
        Name::History => a.bare(Command::History)?,
        Name::Result => a.bare(Command::Result)?,
        Name::Rules => a.bare(Command::Rules)?,
        Name::Reload => a.bare(Command::Reload)?,
        Name::Turn => a.bare(Command::Turn)?,
        Name::Clear => a.bare(Command::Clear)?,
        Name::Swap => a.bare(Command::Swap)?,
        Name::Go => Command::Go(a.think(0, Think::Movetime(1000))?),
        Name::Hint => a.bare(Command::Hint)?,
        Name::Analyse => a.analyse()?,
        Name::Stop => a.bare(Command::Stop)?,
        Name::Computer => a.computer()?,
        Name::Values => a.bare(Command::Values)?,
        Name::Quit => a.bare(Command::Quit)?,
    })
}

/// The arguments of one command.
struct Args<'a> {
    spec: &'static Spec,
    args: &'a [&'a str],
}

impl Args<'_> {
    fn usage(&self) -> Option<String> {
        Some(format!("usage: {}", self.spec.usage))
    }

    fn arity(&self, min: usize, max: usize) -> Result<(), ParseError> {
        if self.args.len() < min || self.args.len() > max {
            let said = if self.args.len() < min {
                "too few"
            } else {
                "too many"
            };
            return error(
                format!("{said} arguments for `{}`", self.spec.name),
                self.usage(),
            );
        }
        Ok(())
    }

    fn number(&self, text: &str, lo: u32, hi: u32) -> Result<u32, ParseError> {
        match text.parse::<u32>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => error(
                format!("`{}` is not a number from {lo} to {hi}", shorten(text)),
                self.usage(),
            ),
        }
    }

    /// A command without arguments.
    fn bare(&self, command: Command) -> Result<Command, ParseError> {
        self.arity(0, 0)?;
        Ok(command)
    }

    /// The one argument.
    fn one(&self) -> Result<String, ParseError> {
        self.arity(1, 1)?;
        Ok(self.args[0].to_string())
    }

    /// The two arguments.
    fn two(&self) -> Result<[String; 2], ParseError> {
        self.arity(2, 2)?;
        Ok([self.args[0].to_string(), self.args[1].to_string()])
    }

    /// A perft depth.
    fn depth(&self) -> Result<u32, ParseError> {
        self.arity(1, 1)?;
        self.number(self.args[0], 1, 7)
    }

    fn undo(&self) -> Result<Command, ParseError> {
        self.arity(0, 1)?;
        Ok(Command::Undo(match self.args.first() {
            Some(n) => self.number(n, 1, 10_000)? as usize,
            None => 1,
        }))
    }

    fn hand(&self) -> Result<Command, ParseError> {
        let word = self.one()?;
        let (add, piece) = match word.strip_prefix('-') {
            Some(rest) => (false, rest),
            None => (true, word.strip_prefix('+').unwrap_or(&word)),
        };
        Ok(Command::Hand {
            add,
            piece: piece.to_string(),
        })
    }

    /// `[depth N | movetime MS | nodes N]` from argument `at` on.
    fn think(&self, at: usize, default: Think) -> Result<Think, ParseError> {
        match self.args.get(at..).unwrap_or_default() {
            [] => Ok(default),
            ["depth", n] => Ok(Think::Depth(self.number(n, 1, 64)?)),
            ["movetime", n] => Ok(Think::Movetime(self.number(n, 1, 3_600_000)? as u64)),
            ["nodes", n] => Ok(Think::Nodes(self.number(n, 1, 4_000_000_000)? as u64)),
            _ => error(
                "expected `depth N`, `movetime MS` or `nodes N`",
                self.usage(),
            ),
        }
    }

    fn analyse(&self) -> Result<Command, ParseError> {
        self.arity(0, 1)?;
        Ok(Command::Analyse(match self.args.first() {
            Some(n) => self.number(n, 1, 8)? as usize,
            None => 3,
        }))
    }

    fn computer(&self) -> Result<Command, ParseError> {
        let words = self.args;
        let (who, rest) = match words {
            ["plays", who, ..] => (*who, 2),
            [who @ "off", ..] => (*who, 1),
            _ => return error("write `computer plays first|second|both|off`", self.usage()),
        };
        let plays = match who {
            "first" => Plays::First,
            "second" => Plays::Second,
            "both" => Plays::Both,
            "off" => Plays::Off,
            _ => {
                return error(
                    format!("`{}` is not first, second, both or off", shorten(who)),
                    self.usage(),
                );
            }
        };
        Ok(Command::Computer {
            plays,
            think: self.think(rest, Think::Movetime(1000))?,
        })
    }

    fn option(&self) -> Result<Command, ParseError> {
        let [name, value] = self.two()?;
        let on = on_off(&value).ok_or_else(|| ParseError {
            message: format!("`{}` is neither `on` nor `off`", shorten(&value)),
            hint: self.usage(),
        })?;
        Ok(Command::Option { name, on })
    }
}

/// `position startpos|sfen BOARD SIDE HAND [N] [moves ...]`.
fn position(args: &[&str], usage: impl Fn() -> Option<String>) -> Result<Command, ParseError> {
    let split = args
        .iter()
        .position(|&a| a == "moves")
        .unwrap_or(args.len());
    let (head, tail) = args.split_at(split);
    let moves: Vec<String> = tail.iter().skip(1).map(|s| s.to_string()).collect();
    match head.split_first() {
        Some((&"startpos", [])) => Ok(Command::Position { sfen: None, moves }),
        Some((&"sfen", rest)) if !rest.is_empty() => Ok(Command::Position {
            sfen: Some(rest.join(" ")),
            moves,
        }),
        Some((&"sfen", _)) => error("`position sfen` needs an SFEN", usage()),
        _ => error("`position` takes `startpos` or `sfen SFEN`", usage()),
    }
}

fn on_off(text: &str) -> Option<bool> {
    match text {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// The command whose name is nearest to `word` (at most two edits away).
pub fn nearest(word: &str) -> Option<&'static str> {
    koma_syntax::suggest::nearest(word, COMMANDS.iter().map(|c| c.name))
}

// Long user text is cut for an error line, so output stays bounded.
pub use koma_session::words::{shorten, shorten_line};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_commands() {
        assert_eq!(
            parse("play 5d5c 1b1c"),
            Ok(Command::Play(vec!["5d5c".into(), "1b1c".into()]))
        );
        assert_eq!(parse("  undo 3 "), Ok(Command::Undo(3)));
        assert_eq!(parse("undo"), Ok(Command::Undo(1)));
        assert_eq!(
            parse("hand -p"),
            Ok(Command::Hand {
                add: false,
                piece: "p".into()
            })
        );
        assert_eq!(
            parse("position sfen k4/5/5/5/4K b P 1 moves P*5b"),
            Ok(Command::Position {
                sfen: Some("k4/5/5/5/4K b P 1".into()),
                moves: vec!["P*5b".into()]
            })
        );
        assert_eq!(parse("exit"), Ok(Command::Quit));
    }

    #[test]
    fn every_command_is_listed_once_and_parses_to_itself() {
        for (i, spec) in COMMANDS.iter().enumerate() {
            assert!(
                COMMANDS[..i]
                    .iter()
                    .all(|c| c.command != spec.command && c.name != spec.name),
                "{} listed twice",
                spec.name
            );
            let quit = parse(spec.name)
                .map(|c| c == Command::Quit)
                .unwrap_or(false);
            assert_eq!(quit, spec.command == Name::Quit, "`{}`", spec.name);
        }
    }

    #[test]
    fn mistakes_get_a_hint() {
        let e = parse("mvoes").unwrap_err();
        assert_eq!(e.message, "unknown command `mvoes`");
        assert!(e.hint.unwrap().contains("`moves`"));
        assert!(
            parse("perft 9")
                .unwrap_err()
                .message
                .contains("from 1 to 7")
        );
        assert!(parse("sfen now").unwrap_err().message.contains("too many"));
        assert!(parse("option pie maybe").is_err());
        let long = "x".repeat(10_000);
        assert!(parse(&long).unwrap_err().message.len() < 100);
    }
}
