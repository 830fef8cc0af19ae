//! Answering a line: parse it into a [`Command`] and run it against the session, each command by its own
//! module (the board and moves in `view`, rules in `describe`, editing in `edit`, ...).

use crate::command::{self, Command};
use crate::session::{Reply, Session};

impl Session {
    /// Runs one command line. Errors are one line starting with `error:`, and leave the session unchanged.
    pub fn execute(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Reply::default();
        }
        self.interrupt
            .store(false, std::sync::atomic::Ordering::SeqCst);
        let result = match command::parse(line) {
            Ok(cmd) => self.run(cmd),
            Err(e) => {
                let word = line.split_whitespace().next().unwrap_or_default();
                let hint = e.hint.or_else(|| {
                    let moves = self.core.moves_starting_with(word)?;
                    Some(format!("to play a move, write `play MOVE`; legal moves starting with `{}`: {moves}", command::shorten(word)))
                });
                Err(match hint {
                    Some(hint) => format!("{}; {hint}", e.message),
                    None => format!("{}; `help` lists the commands", e.message),
                })
            }
        };
        match result {
            Ok(reply) => reply,
            Err(message) => Reply {
                text: format!("error: {message}"),
                quit: false,
            },
        }
    }

    fn run(&mut self, cmd: Command) -> Result<Reply, String> {
        let text = match cmd {
            Command::Quit => {
                return Ok(Reply {
                    text: String::new(),
                    quit: true,
                });
            }
            Command::Help(topic) => crate::help::help(topic.as_deref())?,
            Command::Board => self.view(),
            Command::Moves(square) => self.moves_text(square.as_deref())?,
            Command::Play(moves) => self.play_and_answer(&moves)?,
            Command::Undo(n) => self.undo(n)?,
            Command::Redo => self.redo()?,
            Command::Reset => self.reset(),
            Command::Position { sfen, moves } => self.set_position(sfen, moves)?,
            Command::Sfen => self.position().to_sfen(),
            Command::History => self.history_text(),
            Command::Perft(depth) => self.perft_text(depth, false),
            Command::Divide(depth) => self.perft_text(depth, true),
            Command::Result => self.result_text(),
            Command::Rules => koma_session::describe::rules(&self.core).text,
            Command::Piece(name) => {
                koma_session::describe::piece(&self.core, &self.style, &name)?.text
            }
            Command::Explain(mv) => koma_session::explain::explain(&self.core, &mv).text,
            Command::Reload => self.reload(),
            Command::Save(path) => crate::records::save(self, &path)?,
            Command::Load(path) => crate::records::load(self, &path)?,
            Command::Put { piece, square } => crate::edit::put(self, &piece, &square)?,
            Command::Remove(square) => crate::edit::remove(self, &square)?,
            Command::Hand { add, piece } => crate::edit::hand(self, add, &piece)?,
            Command::Turn => crate::edit::turn(self)?,
            Command::Clear => crate::edit::clear(self)?,
            Command::Option { name, on } => self.set_option(&name, on)?,
            Command::Designate(piece) => self.designate(&piece)?,
            Command::Swap => self.play(&["swap".to_string()])?,
            Command::Set { key, value } => self.set(&key, &value)?,
            Command::Go(think) => self.go(think)?,
            Command::Hint => self.hint()?,
            Command::Analyse(n) => self.analyse(n)?,
            Command::Stop => {
                "no search is running: press Ctrl-C while the computer thinks to stop it".into()
            }
            Command::Computer { plays, think } => self.computer(plays, think)?,
            Command::Values => self.values(),
        };
        Ok(Reply { text, quit: false })
    }
}
