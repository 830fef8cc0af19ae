//! The computer in the REPL: `go`, `hint`, `analyse`, `values`, and `computer plays`, which answers each move.

use std::time::Duration;

use koma_engine::{Engine, Evaluator, Found, Limits, Report, Shown, shown};
use koma_vm::Player;

use crate::command::{Plays, Think};
use crate::session::Session;

/// The most plies `computer plays both` plays in one command.
const MAX_PLIES: usize = 1000;

impl Think {
    fn limits(self) -> Limits {
        match self {
            Think::Depth(d) => Limits::depth(d),
            Think::Movetime(ms) => Limits::movetime(Duration::from_millis(ms)),
            Think::Nodes(n) => Limits::nodes(n),
        }
    }
}

/// A score for people: pawns for the side to move, or a win or loss found in so many of its moves.
pub(crate) fn score_words(score: i32) -> String {
    match shown(score) {
        Shown::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Shown::Mate(plies) if plies > 0 => format!("win in {}", (plies + 1) / 2),
        Shown::Mate(plies) => format!("loss in {}", (-plies + 1) / 2),
    }
}

/// One finished iteration, as a terminal shows it while the computer thinks; `line_words` writes its line.
fn progress_line(line_words: impl Fn(&[koma_vm::Move]) -> String, r: &Report) -> String {
    let nps = r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-6);
    let line = &r.lines[0];
    format!(
        "  depth {:>2}  score {:>10}  nodes {:>10}  {:>6.2} M nodes/s  {}",
        r.depth,
        score_words(line.score),
        r.nodes,
        nps / 1e6,
        line_words(&line.pv)
    )
}

impl Session {
    /// The engine for the loaded rules (with the game's tuned weights when it has some), made on first use
    /// and kept until the rules change. A weights file that cannot be read is an error.
    fn engine(&mut self) -> Result<&mut Engine, String> {
        let rules = self.rules().clone();
        let stale = self
            .engine
            .as_ref()
            .is_none_or(|e| !std::sync::Arc::ptr_eq(e.evaluator().rules(), &rules));
        if stale {
            let weights = self.core.loaded().weights()?;
            let eval = Evaluator::for_game(
                &rules,
                weights.as_ref().map(|(o, t)| (o.as_str(), t.as_str())),
            )?;
            self.stopper.clear();
            self.engine = Some(Engine::with_shared(eval, self.stopper.clone()));
        }
        Ok(self.engine.as_mut().expect("just made"))
    }

    /// Searches the current position, showing progress where the front end shows it.
    fn think(&mut self, limits: Limits, multipv: usize) -> Result<Found, String> {
        self.think_noting(limits, multipv, &mut Vec::new())
    }

    /// [`Session::think`], with each finished iteration's line also kept in `lines` where no front end
    /// shows progress (a script, a pipe).
    fn think_noting(
        &mut self,
        limits: Limits,
        multipv: usize,
        lines: &mut Vec<String>,
    ) -> Result<Found, String> {
        if let Some(o) = self.game().outcome() {
            return Err(format!("the game is over: {}", self.outcome_words(o)));
        }
        let game = self.game().clone();
        let notation = self.notation;
        let last_to = game.moves().last().map(|m| m.to());
        let words = |pv: &[koma_vm::Move]| notation.write_line(game.position(), pv, last_to);
        self.engine()?;
        let mut progress = self.progress.take();
        let engine = self.engine.as_mut().expect("just made");
        engine.multipv = multipv;
        let found = engine.search(&game, limits, &mut |r| match progress.as_mut() {
            Some(p) => p(&progress_line(words, r)),
            None => lines.push(progress_line(words, r)),
        });
        self.progress = progress;
        Ok(found)
    }

    /// `go`: the best move and line, not played.
    /// Each iteration is shown as it finishes: on a terminal while the search runs, elsewhere before the answer.
    pub(crate) fn go(&mut self, think: Think) -> Result<String, String> {
        let mut lines = Vec::new();
        let found = self.think_noting(think.limits(), 1, &mut lines)?;
        lines.push(self.found_words(&found));
        Ok(lines.join("\n"))
    }

    fn found_words(&self, found: &Found) -> String {
        let Some(best) = found.best else {
            return "no legal move".into();
        };
        let line = &found.lines[0];
        let secs = found.elapsed.as_secs_f64();
        format!(
            "best move {}  (score {}, depth {}, {} nodes in {:.2} s, {:.2} M nodes/s)\n  line: {}",
            self.line_text(&[best]),
            score_words(line.score),
            found.depth,
            found.nodes,
            secs,
            found.nodes as f64 / secs.max(1e-6) / 1e6,
            self.line_text(&line.pv)
        )
    }

    /// `hint`.
    pub(crate) fn hint(&mut self) -> Result<String, String> {
        let found = self.think(Limits::movetime(Duration::from_millis(500)), 1)?;
        let best = found.best.ok_or("no legal move")?;
        Ok(format!(
            "hint: {} (score {})",
            self.line_text(&[best]),
            score_words(found.lines[0].score)
        ))
    }

    /// `analyse N`.
    pub(crate) fn analyse(&mut self, n: usize) -> Result<String, String> {
        let found = self.think(Limits::movetime(Duration::from_millis(2000)), n)?;
        let mut out = vec![format!(
            "the best {} line(s) at depth {}:",
            found.lines.len(),
            found.depth
        )];
        for (i, line) in found.lines.iter().enumerate() {
            out.push(format!(
                "  {}. {:>10}  {}",
                i + 1,
                score_words(line.score),
                self.line_text(&line.pv)
            ));
        }
        Ok(out.join("\n"))
    }

    /// `values`.
    pub(crate) fn values(&mut self) -> String {
        let rules = self.rules();
        let values = koma_vm::Values::automatic(rules);
        let mut out = vec![
            "piece values (centipawns), from each face's moves on this board:".to_string(),
            format!(
                "  {:<12} {:>6} {:>6} {:>9}",
                "face", "board", "hand", "mobility"
            ),
        ];
        for (i, face) in rules.faces.iter().enumerate() {
            let hand = if rules.tiles.iter().any(|t| t.index() == i) {
                values.hand[i].to_string()
            } else {
                "-".into()
            };
            let board = if face.royal {
                "royal".to_string()
            } else {
                values.board[i].to_string()
            };
            out.push(format!(
                "  {:<12} {:>6} {:>6} {:>9.2}",
                face.name, board, hand, values.mobility[i]
            ));
        }
        // Where the evaluation's weights come from: tuned ones start from these values and move away.
        out.push(match self.core.loaded().weights() {
            Ok(Some((origin, _))) => format!(
                "the computer evaluates with the tuned weights of {origin},\n  which `koma tune` started from these values"
            ),
            Ok(None) => "the computer evaluates with weights started from these values\n  (untuned: `koma tune` tunes them)"
                .to_string(),
            Err(e) => format!("the computer cannot read its weights: {e}"),
        });
        out.join("\n")
    }

    /// `computer plays ...`.
    pub(crate) fn computer(&mut self, plays: Plays, think: Think) -> Result<String, String> {
        self.computer = (plays, think);
        let who = match plays {
            Plays::Off => return Ok("the computer plays no side".into()),
            Plays::First => "the computer plays the first player",
            Plays::Second => "the computer plays the second player",
            Plays::Both => "the computer plays both sides",
        };
        let answer = self.answer()?;
        Ok(if answer.is_empty() {
            who.to_string()
        } else {
            format!("{who}\n{answer}")
        })
    }

    /// `play`: the moves, then the computer's answer when it plays the side to move.
    pub(crate) fn play_and_answer(&mut self, moves: &[String]) -> Result<String, String> {
        let board = self.play(moves)?;
        let answer = self.answer()?;
        Ok(if answer.is_empty() { board } else { answer })
    }

    /// Whether the computer plays the side to move.
    fn computer_to_move(&self) -> bool {
        matches!(
            (self.computer.0, self.game().position().side_to_move()),
            (Plays::Both, _) | (Plays::First, Player::First) | (Plays::Second, Player::Second)
        )
    }

    /// Plays the computer's moves while it is the computer's turn and the game goes on: what it played, and
    /// the board after (empty when it did not move).
    pub(crate) fn answer(&mut self) -> Result<String, String> {
        let mut said = Vec::new();
        let mut plies = 0;
        while self.computer_to_move() && self.game().outcome().is_none() && plies < MAX_PLIES {
            let found = self.think(self.computer.1.limits(), 1)?;
            let Some(best) = found.best else { break };
            let name = self.rules().move_name(best);
            let shown = self.line_text(&[best]);
            let score = score_words(found.lines[0].score);
            self.core.play(std::slice::from_ref(&name))?;
            said.push(format!("computer plays {shown} (score {score})"));
            plies += 1;
            if self.interrupted() {
                said.push("stopped".into());
                break;
            }
        }
        if said.is_empty() {
            return Ok(String::new());
        }
        if self.computer.0 == Plays::Both && said.len() > 12 {
            let n = said.len();
            said.drain(6..n - 6);
            said.insert(6, format!("... ({} moves in all)", n));
        }
        said.push(self.view());
        Ok(said.join("\n"))
    }
}
