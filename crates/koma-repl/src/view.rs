//! What the session shows: the board with its status, the moves, the history, perft, the result.

use koma_draw::{Marks, board};
use koma_vm::{Action, Move, Outcome};

use crate::session::Session;

impl Session {
    /// The outcome in words, quoting the rule that decided it.
    pub(crate) fn outcome_words(&self, outcome: Outcome) -> String {
        self.core.outcome_words(outcome)
    }

    /// The board, the last move, whose turn it is and the SFEN.
    pub(crate) fn view(&self) -> String {
        let pos = self.position();
        let last = self.game().moves().last().copied();
        let mut out = board(pos, &self.style, &Marks { last_move: last });
        out.push('\n');
        if let Some(mv) = last {
            out.push_str(&format!("last move: {}\n", self.last_move_text(mv)));
        }
        out.push_str(&self.status());
        out.push_str(&format!("\nsfen: {}", pos.to_sfen()));
        out
    }

    /// The last move, `mv`, in the session's notation (written in the position before it).
    fn last_move_text(&self, mv: Move) -> String {
        let mut before = self.game().clone();
        before.undo();
        let last_to = before.moves().last().map(|m| m.to());
        if before.position().legal_moves().contains(&mv) {
            self.notation.write(before.position(), mv, last_to)
        } else {
            self.rules().move_name(mv)
        }
    }

    /// A line of moves from the current position, in the session's notation.
    pub(crate) fn line_text(&self, moves: &[Move]) -> String {
        let last_to = self.game().moves().last().map(|m| m.to());
        self.notation.write_line(self.position(), moves, last_to)
    }

    /// `first player to move, in check · 3 legal moves`, or the result.
    fn status(&self) -> String {
        if let Some(outcome) = self.game().outcome() {
            return format!("game over: {}", self.outcome_words(outcome));
        }
        let pos = self.position();
        let actions = self.game().actions();
        let n = actions.len();
        if n > 0 && actions.iter().all(|a| matches!(a, Action::Designate(_))) {
            return format!(
                "the second player designates the piece the first player places first · {n} choices"
            );
        }
        let mut s = format!("{} to move", pos.side_to_move().words());
        if pos.in_check() && self.rules().royals_capturable {
            s.push_str(", its king attacked");
        } else if pos.in_check() {
            s.push_str(", in check");
        }
        if self.game().players_swapped() {
            s.push_str(" (the players swapped sides)");
        }
        s.push_str(&format!(
            " · {n} legal move{}",
            if n == 1 { "" } else { "s" }
        ));
        s
    }

    /// The legal moves grouped by piece, then drops, then the opening options that apply.
    pub(crate) fn moves_text(&self, square: Option<&str>) -> Result<String, String> {
        let r = self.rules();
        let pos = self.position();
        // With a square: only the moves of the side to move's piece on it.
        let from = match square {
            Some(text) => {
                let sq = crate::edit::square(r, text)?;
                let Some(p) = pos.piece_at(sq) else {
                    return Err(format!("{} is empty", r.square_name(sq)));
                };
                if p.owner != pos.side_to_move() {
                    return Err(format!(
                        "the {} on {} is the {}'s, and the {} is to move",
                        r.face(p.face).name,
                        r.square_name(sq),
                        p.owner.words(),
                        pos.side_to_move().words()
                    ));
                }
                Some(sq)
            }
            None => None,
        };
        if let Some(outcome) = self.game().outcome() {
            return Ok(format!(
                "no moves: the game is over: {}",
                self.outcome_words(outcome)
            ));
        }
        let mut actions = self.game().actions();
        if let Some(sq) = from {
            actions.retain(|a| matches!(*a, Action::Move(mv) if mv.from() == Some(sq)));
        }
        let legal = pos.legal_moves();
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        let mut options = Vec::new();
        for a in &actions {
            let (head, text) = match *a {
                Action::Move(mv) => (self.group_of(mv), self.move_label(&legal, mv)),
                Action::Designate(f) => {
                    options.push(format!("designate {}", r.face_text(f)));
                    continue;
                }
                Action::Swap => {
                    options.push("swap".to_string());
                    continue;
                }
            };
            match groups.iter_mut().find(|(h, _)| *h == head) {
                Some((_, list)) => list.push(text),
                None => groups.push((head, vec![text])),
            }
        }
        let width = groups
            .iter()
            .map(|(h, _)| h.chars().count())
            .max()
            .unwrap_or(0);
        let mut out = vec![format!(
            "{} legal move{}",
            actions.len(),
            if actions.len() == 1 { "" } else { "s" }
        )];
        for (head, list) in groups {
            out.push(wrap(&format!("  {head:<width$}  "), &list));
        }
        if !options.is_empty() {
            out.push(format!("  {:<width$}  {}", "options", options.join(" ")));
        }
        if let Some(sq) = from.filter(|_| actions.is_empty()) {
            let face = pos
                .piece_at(sq)
                .map_or("", |p| r.face(p.face).name.as_str());
            out.push(format!("  {face} {}: none", r.square_name(sq)));
        }
        if from.is_none() && actions.is_empty() && pos.in_check() {
            out.push("  (checkmate)".to_string());
        }
        Ok(out.join("\n"))
    }

    /// `Silver 3e` for a board move, `Pawn in hand` for a drop.
    fn group_of(&self, mv: Move) -> String {
        let r = self.rules();
        match mv.from() {
            Some(from) => {
                let p = self
                    .position()
                    .piece_at(from)
                    .expect("a board move has a piece");
                format!("{} {}", r.face(p.face).name, r.square_name(from))
            }
            None => format!("{} in hand", r.face(r.face(mv.face_after()).tile).name),
        }
    }

    /// The move (one of `legal`, the position's legal moves) in the session's notation; a USI move with a
    /// note when the piece turns over.
    fn move_label(&self, legal: &[Move], mv: Move) -> String {
        let r = self.rules();
        if self.notation != koma_notation::Notation::Usi {
            let last_to = self.game().moves().last().map(|m| m.to());
            return self
                .notation
                .write_among(self.position(), legal, mv, last_to);
        }
        let name = r.move_name(mv);
        match mv.from().and_then(|f| self.position().piece_at(f)) {
            Some(p) if p.face != mv.face_after() && !mv.is_promotion() => {
                format!("{name}(→{})", r.face(mv.face_after()).name)
            }
            _ => name,
        }
    }

    /// The start and the numbered actions.
    pub(crate) fn history_text(&self) -> String {
        let start = match self.core.start() {
            None => "start: the game's start position".to_string(),
            Some(sfen) => format!("start: {sfen}"),
        };
        if self.core.actions().is_empty() {
            return format!("{start}\nno moves yet");
        }
        let lines: Vec<String> = self
            .core
            .actions()
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{:>4}. {a}", i + 1))
            .collect();
        format!("{start}\n{}", lines.join("\n"))
    }

    /// `perft N` or `divide N` over actions, Stockfish style. The walk is measured first and refused if it
    /// would take longer than [`koma_host::walks::INTERACTIVE`]; Ctrl-C stops it, and the position stays.
    pub(crate) fn perft_text(&self, depth: u32, divide: bool) -> String {
        let watch = koma_vm::Watch::new().stop_on(&self.interrupt);
        let limit = Some(koma_host::walks::INTERACTIVE);
        let divided = match self.game().divide_within(depth, 1, limit, &watch) {
            Ok(divided) => divided,
            Err(koma_vm::Stopped::Interrupted) => {
                return format!("perft {depth}: stopped (Ctrl-C); the position is as it was");
            }
            Err(stopped) => {
                return format!(
                    "perft {depth} was not counted: {stopped}\n(`koma perft {} {depth} --force` counts it outside \
                     the REPL)",
                    self.core.loaded().name
                );
            }
        };
        let total: u64 = divided.iter().map(|(_, n)| n).sum();
        if !divide {
            return format!("perft {depth}: {total}");
        }
        let mut out: Vec<String> = divided
            .iter()
            .map(|(a, n)| format!("{}: {n}", self.rules().action_name(*a)))
            .collect();
        out.push(format!("\nNodes searched: {total}"));
        out.join("\n")
    }

    /// The outcome so far and the rule that decided it.
    pub(crate) fn result_text(&self) -> String {
        match self.game().outcome() {
            Some(outcome) => format!("game over: {}", self.outcome_words(outcome)),
            None => {
                let reps = self.game().repetitions();
                let seen = if reps > 1 {
                    format!("; this position has occurred {reps} times")
                } else {
                    String::new()
                };
                format!("the game goes on: no end rule applies yet{seen}")
            }
        }
    }
}

/// `head` followed by `items`, wrapped at 100 columns with continuation lines indented under the first item.
fn wrap(head: &str, items: &[String]) -> String {
    let indent = " ".repeat(head.chars().count());
    let mut out = head.to_string();
    let mut column = out.chars().count();
    for (i, item) in items.iter().enumerate() {
        if i > 0 && column + 1 + item.len() > 100 {
            out.push('\n');
            out.push_str(&indent);
            column = indent.len();
        } else if i > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(item);
        column += item.len();
    }
    out
}
