//! A USI session: the game, the engine and a running search; each line from the GUI gets its answer.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use koma_engine::{Engine, Found, Limits};
use koma_vm::{Game, Player, Position, Rules};

use crate::command::{Command, Go, parse};

/// Where the session's lines go (standard output, or a test's buffer). Called from the search thread too.
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// Whether the session goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Read the next line.
    Continue,
    /// `quit` was read.
    Quit,
}

/// One USI session on one game.
pub struct Session {
    name: String,
    rules: Arc<Rules>,
    engine: Engine,
    game: Game,
    out: Output,
    search: Option<JoinHandle<()>>,
    /// Whether the running search goes on until `stop`.
    infinite: bool,
    /// Set by whoever reads the GUI's lines when it reads `quit` or the end of the input: a running search
    /// stops at once, even while this session waits for it.
    quitting: Arc<AtomicBool>,
}

/// The options offered, as `usi` lists them.
const OPTIONS: [&str; 3] = [
    "option name Threads type spin default 1 min 1 max 64",
    "option name USI_Hash type spin default 64 min 1 max 4096",
    "option name MultiPV type spin default 1 min 1 max 16",
];

impl Session {
    /// A session on a compiled game, named `name` in `id name`.
    pub fn new(name: &str, rules: &Arc<Rules>, out: Output) -> Session {
        Session::with_evaluator(name, rules, koma_engine::Evaluator::new(rules), out)
    }

    /// A session whose engine evaluates with `eval` (a game's tuned weights).
    pub fn with_evaluator(
        name: &str,
        rules: &Arc<Rules>,
        eval: koma_engine::Evaluator,
        out: Output,
    ) -> Session {
        Session {
            name: name.to_string(),
            rules: rules.clone(),
            engine: Engine::with_evaluator(eval),
            game: Game::start(rules),
            out,
            search: None,
            infinite: false,
            quitting: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The flag that says the GUI has quit (or its input ended): set it from the thread that reads the
    /// input, and any search stops within milliseconds, even one this session is waiting for. A `go` read
    /// before the `quit` still says a `bestmove` (the best found before it stopped).
    pub fn quit_signal(&self) -> Arc<AtomicBool> {
        self.quitting.clone()
    }

    fn say(&self, line: &str) {
        (self.out)(&koma_host::text::visible(line));
    }

    /// Says `info string error: MESSAGE`.
    pub fn error(&self, message: &str) {
        self.say(&format!("info string error: {message}"));
    }

    /// Answers one line from the GUI. A line that is not understood gets one `info string error: ...` line and
    /// changes nothing.
    pub fn handle(&mut self, line: &str) -> Control {
        let command = match parse(line) {
            Ok(Some(c)) => c,
            Ok(None) => return Control::Continue,
            Err(e) => {
                self.error(&e);
                return Control::Continue;
            }
        };
        match command {
            Command::Usi => {
                self.say(&format!(
                    "id name koma {} ({})",
                    env!("CARGO_PKG_VERSION"),
                    self.name
                ));
                self.say("id author the koma developers");
                OPTIONS.iter().for_each(|o| self.say(o));
                self.say("usiok");
            }
            Command::IsReady => self.say("readyok"),
            Command::SetOption { name, value } => {
                self.wait();
                self.set_option(&name, value.as_deref());
            }
            Command::NewGame => {
                self.wait();
                self.engine.clear();
            }
            Command::Position { sfen, moves } => {
                self.wait();
                match self.position(sfen.as_deref(), &moves) {
                    Ok(game) => self.game = game,
                    Err(e) => self.error(&e),
                }
            }
            Command::Go(go) => {
                self.wait();
                self.go(go);
            }
            Command::Stop | Command::PonderHit => self.finish(),
            Command::GameOver => self.finish(),
            Command::Quit => {
                // Any search stops at once and says its best move so far.
                self.quitting.store(true, Ordering::Relaxed);
                self.finish();
                return Control::Quit;
            }
        }
        Control::Continue
    }

    /// Waits for a running search to end by its limits and print its `bestmove` (a search without limits is
    /// stopped: only `stop` would end it; so is any search once the GUI has quit). A GUI sends nothing but
    /// `stop`, `isready` and `quit` while the engine thinks; piped input may, and is answered in order.
    pub fn wait(&mut self) {
        if self.infinite {
            self.finish();
            return;
        }
        while let Some(search) = self.search.take() {
            if search.is_finished() {
                let _ = search.join();
            } else if self.quitting.load(Ordering::Relaxed) {
                self.search = Some(search);
                self.finish();
            } else {
                self.search = Some(search);
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    pub fn finish(&mut self) {
        if let Some(search) = self.search.take() {
            self.engine.stopper().stop();
            let _ = search.join();
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let number = |lo: usize, hi: usize| {
            value
                .and_then(|v| v.parse::<usize>().ok())
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| format!("`{name}` takes a number from {lo} to {hi}"))
        };
        let result = match name {
            "Threads" => number(1, 64).map(|n| self.engine.threads = n),
            "USI_Hash" => number(1, 4096).map(|n| self.engine.set_hash(n)),
            "MultiPV" => number(1, 16).map(|n| self.engine.multipv = n),
            "USI_Ponder" => Ok(()),
            other => Err(format!(
                "no option is called `{}`",
                koma_host::text::shorten(other)
            )),
        };
        if let Err(e) = result {
            self.error(&e);
        }
    }

    /// The game a `position` command describes; a move that is not legal, or comes after the game ended, is
    /// refused with the whole command.
    fn position(&self, sfen: Option<&str>, moves: &[String]) -> Result<Game, String> {
        let pos = match sfen {
            None => Position::start(&self.rules),
            Some(s) => Position::from_sfen(&self.rules, s)
                .map_err(|e| format!("bad SFEN: {}", e.message))?,
        };
        let mut game = Game::new(pos);
        for (i, text) in moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("move {} ({}): {e}", i + 1, koma_host::text::shorten(text)))?;
        }
        Ok(game)
    }

    fn go(&mut self, go: Go) {
        if go.clamped {
            self.say(&format!(
                "info string a search of at most {} plies: `go depth` and `go mate` are limited to it",
                crate::command::MAX_DEPTH
            ));
        }
        if let Some(o) = self.game.outcome() {
            self.say(&format!(
                "info string the game is over: {}",
                self.game.outcome_words(o)
            ));
            self.say("bestmove resign");
            return;
        }
        let limits = limits(&go, self.game.position().side_to_move());
        self.infinite = limits.is_infinite();
        let (engine, game, out, rules) = (
            self.engine.clone(),
            self.game.clone(),
            self.out.clone(),
            self.rules.clone(),
        );
        engine.prepare();
        self.search = Some(std::thread::spawn(move || {
            let found = engine.run(&game, limits, &mut |r| {
                for line in crate::info::lines(r, &rules, engine.multipv > 1) {
                    out(&line);
                }
            });
            out(&bestmove(&found, &rules));
        }));
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.wait();
    }
}

/// The search limits of a `go` for the side to move.
fn limits(go: &Go, side: Player) -> Limits {
    if go.infinite {
        return Limits::default();
    }
    let mut limits = go.limits;
    if go.clocked {
        limits.clock = Some(match side {
            Player::First => go.black,
            Player::Second => go.white,
        });
    }
    limits
}

fn bestmove(found: &Found, rules: &Rules) -> String {
    match found.best {
        Some(mv) => format!("bestmove {}", rules.move_name(mv)),
        None => "bestmove resign".to_string(),
    }
}
