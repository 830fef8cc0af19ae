//! The command line, as clap sees it.

use clap::{Parser, Subcommand};

/// `koma`: shogi-family games written as `.game` files.
#[derive(Parser)]
#[command(
    name = "koma",
    version,
    about = "Shogi-family games written as .game files: check them, list moves, count perft"
)]
pub struct Cli {
    /// What to do; without one, open the REPL on mini shogi.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A game and a position in it.
#[derive(clap::Args)]
pub struct PositionArgs {
    /// A .game file, or the name of an embedded game (`minishogi`).
    pub game: String,
    /// Start from this SFEN instead of the game's start position (`startpos` is the start position).
    #[arg(long)]
    pub sfen: Option<String>,
    /// USI moves to play first, separated by spaces (e.g. "5d5c 1b1c").
    #[arg(long)]
    pub moves: Option<String>,
    /// Switch an opening option the game declares: `--option pie=on`, `--option designate=off`. Options that
    /// apply are listed by `moves` (`designate X`, `swap`) and counted as plies by `perft`.
    #[arg(long = "option", value_name = "NAME=on|off")]
    pub options: Vec<String>,
}

/// The subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Compile games and report every diagnostic: errors, warnings and lints at their default levels.
    Check {
        /// .game files, or names of embedded games.
        #[arg(required = true)]
        games: Vec<String>,
        /// `text` (miette diagnostics) or `json` (one object per line).
        #[arg(long, value_enum, default_value_t = DiagnosticFormat::Text)]
        format: DiagnosticFormat,
    },
    /// List the legal moves of a position, one per line (USI, or the notation asked for).
    Moves {
        /// The position.
        #[command(flatten)]
        position: PositionArgs,
        /// How to write the moves: `usi` (`2g2f`), `western` (`P-2f`), `japanese` (`▲２六歩`, for games whose
        /// pieces all have kanji) or `generic` (`Pawn 2f`).
        #[arg(long, default_value = "usi", value_parser = ["usi", "western", "japanese", "generic"])]
        notation: String,
    },
    /// Count the leaves of the legal move tree to a depth.
    Perft {
        /// The position.
        #[command(flatten)]
        position: PositionArgs,
        /// Depth in plies.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Run even when the estimate says it would take more than an hour.
        #[arg(long)]
        force: bool,
        /// Threads to count on (the root moves are shared out).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// Measure perft speed (leaves per second; single-threaded unless --threads).
    Bench {
        /// Games to measure (default: minishogi).
        games: Vec<String>,
        /// Perft depth.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// Runs per game; the fastest counts.
        #[arg(long, default_value_t = 3)]
        runs: u32,
        /// Threads to count on (1: the single-threaded figure docs/internals.md gives).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// List the embedded games.
    Games,
    /// Run scenario files (`.scenarios`): rule behaviour written down and checked. Exit status 1 if any fails.
    Test {
        /// Scenario files, or folders holding them.
        #[arg(required = true)]
        paths: Vec<String>,
    },
    /// What changed in behaviour between two rule files: the shortest move sequences where they differ.
    /// Exit status: 0 no difference, 1 they differ, 2 inconclusive (no difference found, but the walk was
    /// cut short by --seconds or --nodes).
    Diff {
        /// The game before.
        before: String,
        /// The game after.
        after: String,
        /// Explore move sequences up to this many plies.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=8))]
        depth: u32,
        /// Stop after visiting this many positions.
        #[arg(long, default_value_t = 2_000_000)]
        nodes: u64,
        /// Start both games from this SFEN instead of the first game's start position.
        #[arg(long, value_name = "SFEN")]
        from: Option<String>,
        /// Then play this many seeded random playouts in lockstep, to reach rules that matter only deep in a
        /// game: each runs until an end rule decides it, tries every move for an end rule that fires in one
        /// game only, and every second one shuffles pieces back and forth to make positions repeat.
        #[arg(long, default_value_t = 20)]
        playouts: u32,
        /// The seed of the playouts.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many seconds.
        #[arg(long, default_value_t = 60)]
        seconds: u64,
    },
    /// A local web page to play games, edit their rules with diagnostics as you type, explain moves and play
    /// the computer. Binds to localhost; reads only the games named (and the games they extend).
    Serve {
        /// .game files, or names of embedded games (default: every embedded game).
        games: Vec<String>,
        /// The port (0 picks a free one).
        #[arg(long, default_value_t = 7878)]
        port: u16,
        /// The address to listen on; anything but a loopback address lets other machines in.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
    },
    /// A static web site of the web board that runs wholly in the browser (koma compiled to WebAssembly): the
    /// board, the source editor with live diagnostics, the rules card and the computer, with no server. Open
    /// DIR/index.html from disk, or copy DIR to any web host. Needs the browser build (`tools/wasm-build.sh`).
    Site {
        /// The folder to write (made if missing; files already there are not written over).
        dir: std::path::PathBuf,
        /// .game files, or names of embedded games (default: every embedded game).
        games: Vec<String>,
    },
    /// A language server for .game files on standard input and output (for editors: diagnostics as you type,
    /// hover, go to definition, completion, code actions, symbols, formatting).
    Lsp,
    /// Rewrite .game files in their canonical layout: aligned piece tables, statements in the reference's
    /// order, comments kept. `-` reads standard input and writes standard output.
    Fmt {
        /// .game files (or `-`).
        #[arg(required = true)]
        files: Vec<String>,
        /// Change nothing; list the files that are not formatted and fail if there are any.
        #[arg(long)]
        check: bool,
    },
    /// Find rule mistakes that compile: each lint has a name, a level and a suggested fix.
    Lint {
        /// .game files or embedded games.
        #[arg(required_unless_present = "list")]
        games: Vec<String>,
        /// Do not report this lint (`-A asymmetric-start`). Levels apply in the order allow, warn, deny.
        #[arg(short = 'A', long = "allow", value_name = "LINT")]
        allow: Vec<String>,
        /// Report this lint as a warning.
        #[arg(short = 'W', long = "warn", value_name = "LINT")]
        warn: Vec<String>,
        /// Report this lint as an error (exit status 1); `-D warnings` for every warning.
        #[arg(short = 'D', long = "deny", value_name = "LINT")]
        deny: Vec<String>,
        /// `text` (miette diagnostics) or `json` (one object per line).
        #[arg(long, value_enum, default_value_t = DiagnosticFormat::Text)]
        format: DiagnosticFormat,
        /// List every lint with its default level.
        #[arg(long)]
        list: bool,
    },
    /// Print a game's rules card: board, every piece with its moves drawn, drops, end rules, start, perft.
    Card {
        /// A .game file, or the name of an embedded game.
        game: String,
        /// `text` (for snapshots), `markdown` or `html` (one self-contained file with SVG diagrams).
        #[arg(long, value_enum, default_value_t = CardFormat::Text)]
        format: CardFormat,
    },
    /// Measure a variant by self-play: the engine against itself from seeded openings, with the statistics a
    /// designer reads (`koma selfplay merge FILES...` adds up shards).
    #[command(args_conflicts_with_subcommands = true)]
    Selfplay {
        /// `merge FILES...`.
        #[command(subcommand)]
        merge: Option<SelfplayMerge>,
        /// The run.
        #[command(flatten)]
        run: SelfplayArgs,
    },
    /// Read a game record (KIF, CSA, a USI position line, or koma's JSON), replay every move through the
    /// rules, and write it in another format; without --to, say whether it is sound.
    Record {
        /// The record file (`-` for standard input; UTF-8 or Shift_JIS); its format from the extension
        /// (`.kif`, `.kifu`, `.csa`, `.usi`, `.json`) unless --from says.
        file: String,
        /// The game the record is of: a .game file or an embedded game.
        #[arg(long, default_value = "shogi")]
        game: String,
        /// The record's format, when its extension does not say.
        #[arg(long, value_enum)]
        from: Option<RecordFormat>,
        /// Write the record in this format to standard output (UTF-8).
        #[arg(long, value_enum)]
        to: Option<RecordFormat>,
        /// Write in Shift_JIS, as programs expect of a `.kif` or `.csa` file (`.kifu` is UTF-8).
        #[arg(long, requires = "to")]
        shift_jis: bool,
    },
    /// Read another program's game definitions: `koma import fsf FILE` writes a .game file for each section
    /// of a Fairy-Stockfish variants.ini that koma can say, and names each key it cannot.
    Import {
        /// The program.
        #[command(subcommand)]
        from: ImportFrom,
    },
    /// Write a game in another program's format: `koma export fsf GAME` prints a section of
    /// Fairy-Stockfish's variants.ini that plays the game, or names each rule the format cannot say.
    Export {
        /// The program.
        #[command(subcommand)]
        to: ExportTo,
    },
    /// Tune the evaluation to a game: self-play games, their quiet positions and results, and the weights
    /// fitted to them (Texel tuning), written to NAME.weights beside the game (`koma tune merge FILES...`
    /// fits the games that shards played).
    #[command(args_conflicts_with_subcommands = true)]
    Tune {
        /// `merge FILES...`.
        #[command(subcommand)]
        merge: Option<TuneMerge>,
        /// The run.
        #[command(flatten)]
        run: TuneArgs,
    },
    /// Be a USI engine for a game: shogi GUIs and match runners host it (reads the protocol on standard input).
    Usi {
        /// A .game file, or the name of an embedded game.
        game: String,
    },
    /// Explore a game's rules interactively (reads commands from standard input when it is not a terminal).
    Repl {
        /// A .game file, or the name of an embedded game (default: minishogi).
        game: Option<String>,
        /// Reload the game by itself whenever its file changes.
        #[arg(long)]
        watch: bool,
        /// Draw pieces by their kanji where the game gives them.
        #[arg(long)]
        kanji: bool,
    },
}

/// `koma tune`, as the command line gives it.
#[derive(clap::Args)]
pub struct TuneArgs {
    /// A .game file, or the name of an embedded game.
    pub game: Option<String>,
    /// Self-play games to take positions from (one position in ten, by its key, is held out to judge the fit).
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Nodes per move in the self-play games.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// The seed that varies the games' openings: the same seed makes the same weights.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Opening plies picked at random among the engine's good moves.
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// The longest game, in plies.
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Play only shard I of N of the games (`--shard 2/8`) and write them as JSON lines, for `koma tune merge`
    /// to fit: nothing is fitted.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// How the weights are fitted.
    #[command(flatten)]
    pub fit: FitArgs,
}

/// How `koma tune` and `koma tune merge` fit the weights.
#[derive(clap::Args)]
pub struct FitArgs {
    /// Threads that play games and share the fit (the weights do not depend on it).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Steps of the fit.
    #[arg(long, default_value_t = 1000)]
    pub iterations: u32,
    /// The most quiet positions to fit, chosen by the seed among all the games give (the held-out positions
    /// are cut in the same proportion); default: all.
    #[arg(long, value_name = "N")]
    pub positions: Option<usize>,
    /// How much of each position's target is the self-play search's score of it rather than the game's
    /// result, from 0 (the result alone) to 1 (the score alone).
    #[arg(long, default_value_t = 0.0, value_name = "L", value_parser = share)]
    pub lambda: f64,
    /// Start from these weights instead of the game's initial ones (they also play the games).
    #[arg(long, value_name = "FILE")]
    pub from: Option<String>,
    /// Where to write the weights (default: NAME.weights beside the game).
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
}

/// A share from 0 to 1.
fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err("give a number from 0 to 1".into()),
    }
}

/// `koma tune merge`.
#[derive(Subcommand)]
pub enum TuneMerge {
    /// Fit the weights to the games that `koma tune GAME --shard I/N` wrote (or `koma selfplay --shard`).
    Merge {
        /// The shards' files.
        #[arg(required = true)]
        files: Vec<String>,
        /// The game the shards played (default: the game their lines name, as the run was asked for it).
        #[arg(long)]
        game: Option<String>,
        /// How the weights are fitted.
        #[command(flatten)]
        fit: FitArgs,
    },
}

/// A self-play run, as the command line gives it.
#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// A .game file, or the name of an embedded game.
    pub game: Option<String>,
    /// Games to play (in all shards together).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Milliseconds per move.
    #[arg(long, conflicts_with = "nodes")]
    pub movetime: Option<u64>,
    /// Nodes per move: a run with --nodes plays the same games on any machine.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// The seed that varies the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Opening plies picked at random among the engine's good moves (enough that games differ: the summary
    /// counts the distinct games and warns of repeats).
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// The longest game, in plies.
    #[arg(long, default_value_t = 600)]
    pub max_plies: u32,
    /// Play only shard I of N (`--shard 2/8`) and write its games as JSON lines, for `selfplay merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// How the summary is written.
    #[arg(long, value_enum, default_value_t = SummaryFormat::Text)]
    pub format: SummaryFormat,
    /// Compare with another version of the game (a .game file): both play from the same seeds and openings
    /// (where legal in both), and the first player's score in each, their difference with its 95% interval,
    /// and the end rules' shares are printed.
    #[arg(long, value_name = "OTHER", conflicts_with_all = ["shard", "html"])]
    pub compare: Option<String>,
    /// With --compare: exit with status 1 when the difference is significant and larger than this (a score
    /// between 0 and 1).
    #[arg(long, value_name = "SCORE", requires = "compare")]
    pub max_change: Option<f64>,
    /// Also write every game (settings, moves, result, how it ended) to FILE as JSON lines, which `koma
    /// selfplay merge FILE` reads back.
    #[arg(long, value_name = "FILE")]
    pub records: Option<String>,
    /// Also write every game as a game record of its own, `DIR/game-0007.kif` (the folder is made; a file
    /// already there is never written over), which `koma record`, the REPL's `load` and the web board open.
    #[arg(long, value_name = "DIR", conflicts_with = "compare")]
    pub record_dir: Option<String>,
    /// The format of --record-dir's records (default: KIF where KIF holds the game, else JSON).
    #[arg(long, value_enum, value_name = "FORMAT", requires = "record_dir")]
    pub record_format: Option<RecordFormat>,
    /// Also write the run as one self-contained HTML page with plots.
    #[arg(long, value_name = "FILE")]
    pub html: Option<String>,
}

/// `koma selfplay merge`.
#[derive(Subcommand)]
pub enum SelfplayMerge {
    /// Add up the JSON lines that shards wrote into one run's statistics.
    Merge {
        /// The shards' files.
        #[arg(required = true)]
        files: Vec<String>,
        /// The game the shards played (default: the game their lines name, as the run was asked for it).
        #[arg(long)]
        game: Option<String>,
        /// How the summary is written.
        #[arg(long, value_enum, default_value_t = SummaryFormat::Text)]
        format: SummaryFormat,
    },
}

/// A game record's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RecordFormat {
    /// KIF, the Japanese text record.
    Kif,
    /// CSA, the Computer Shogi Association's record.
    Csa,
    /// The USI `position` line.
    Usi,
    /// koma's JSON record.
    Json,
}

impl RecordFormat {
    /// The record crate's format.
    pub fn format(self) -> koma_record::Format {
        match self {
            RecordFormat::Kif => koma_record::Format::Kif,
            RecordFormat::Csa => koma_record::Format::Csa,
            RecordFormat::Usi => koma_record::Format::Usi,
            RecordFormat::Json => koma_record::Format::Json,
        }
    }
}

/// The formats of `koma card`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CardFormat {
    /// Plain text.
    Text,
    /// Markdown.
    Markdown,
    /// Self-contained HTML with SVG.
    Html,
}

/// The output formats of `koma selfplay`'s summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SummaryFormat {
    /// The statistics as text, on standard output.
    Text,
    /// The statistics as one JSON object (with `first_player_score`), on standard output.
    Json,
}

/// The output formats of `koma check` and `koma lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DiagnosticFormat {
    /// miette diagnostics on standard error.
    Text,
    /// One JSON object per diagnostic and line, on standard output.
    Json,
}

/// The programs `koma export` writes for.
#[derive(Subcommand, Debug)]
pub enum ExportTo {
    /// A section of Fairy-Stockfish's variants.ini (also read by pyffish, ffish.js, pychess and fairyground);
    /// a rule it cannot say is an error naming its line, and nothing is written.
    Fsf {
        /// A .game file, or the name of an embedded game.
        game: String,
        /// The section's name (the variant's name in Fairy-Stockfish; default: the game's name in lower case,
        /// letters and digits only).
        #[arg(long)]
        name: Option<String>,
    },
}

/// The programs `koma import` reads.
#[derive(Subcommand, Debug)]
pub enum ImportFrom {
    /// Sections of a Fairy-Stockfish variants.ini, with `[child:parent]` inheritance through the file and
    /// Fairy-Stockfish's built-in shogi variants. A key koma cannot say is an error naming its line, and that
    /// section is not written.
    Fsf {
        /// The variants.ini file.
        file: String,
        /// Read only this section and print its .game text.
        #[arg(long)]
        variant: Option<String>,
        /// Write NAME.game here for every section read (never over an existing file).
        #[arg(long, required_unless_present = "variant")]
        out: Option<String>,
    },
}
