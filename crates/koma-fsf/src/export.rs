//! A game's compiled rules written as a `variants.ini` section, or what the format cannot say.

use std::sync::Arc;

use koma_compile::Compiled;
use koma_syntax::ast::Statement;
use koma_vm::spec::Captures;
use koma_vm::{EndCondition, FaceId, Rules, Span};

use crate::fen;
use crate::letters::Letters;

/// The largest board Fairy-Stockfish plays (its large-board build): files, ranks.
const MAX_BOARD: (u8, u8) = (12, 10);

/// A rule of the game that `variants.ini` cannot say, and the text that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsaid {
    /// What cannot be said, and why, in one sentence.
    pub message: String,
    /// The `.game` text it is about (a span of the compiled game's source), when one is to blame.
    pub origin: Option<Span>,
}

/// The section name a game is exported under by default: its display name in lower case, letters and digits
/// only (`Mini Shogi` is `minishogi`), or `game` when that leaves nothing.
pub fn section_name(rules: &Rules) -> String {
    let name: String = rules
        .name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if name.is_empty() { "game".into() } else { name }
}

/// Writes the compiled game as a `variants.ini` section named `name`, or says every rule it cannot say.
pub fn export(compiled: &Compiled, name: &str) -> Result<String, Vec<Unsaid>> {
    let mut w = Writer {
        rules: &compiled.rules,
        keys: Vec::new(),
        unsaid: Vec::new(),
    };
    w.refuse_what_cannot_be_said(compiled);
    let (letters, missing) = Letters::assign(&compiled.rules);
    if let Some(&face) = missing.first() {
        let f = compiled.rules.face(face);
        w.cannot(
            format!(
                "{} faces need letters of their own beyond the 26 of variants.ini, the first {}",
                missing.len(),
                f.name
            ),
            f.origin.clone(),
        );
    }
    w.write(&letters);
    if !w.unsaid.is_empty() {
        return Err(w.unsaid);
    }
    let mut text = format!(
        "# {}, written by koma export fsf from its .game file.\n",
        compiled.rules.name
    );
    let renamed = renamed_faces(&compiled.rules, &letters);
    if !renamed.is_empty() {
        text.push_str(&format!(
            "# Fairy-Stockfish writes a tile's other face as + and the tile's letter; koma's letters: {renamed}\n"
        ));
    }
    text.push_str(&format!("[{name}]\n"));
    for (key, value) in &w.keys {
        text.push_str(&format!("{key} = {value}\n"));
    }
    Ok(text)
}

/// The section being written: its keys in order, and what could not be said.
pub(crate) struct Writer<'a> {
    pub(crate) rules: &'a Arc<Rules>,
    pub(crate) keys: Vec<(String, String)>,
    unsaid: Vec<Unsaid>,
}

impl Writer<'_> {
    /// Adds a key.
    pub(crate) fn key(&mut self, key: impl Into<String>, value: impl ToString) {
        self.keys.push((key.into(), value.to_string()));
    }

    /// Says what cannot be said, and the text that made it.
    pub(crate) fn cannot(&mut self, message: impl Into<String>, origin: Option<Span>) {
        self.unsaid.push(Unsaid {
            message: message.into(),
            origin,
        });
    }

    /// The statements with no `variants.ini` key at all.
    fn refuse_what_cannot_be_said(&mut self, compiled: &Compiled) {
        let r = self.rules;
        let o = &r.origins;
        let (files, ranks) = MAX_BOARD;
        if r.files > files || r.ranks > ranks {
            let span = compiled.file.statements.iter().find_map(|s| match s {
                Statement::Board { span, .. } => Some(span.clone()),
                _ => None,
            });
            self.cannot(
                format!(
                    "a board of {} x {}: Fairy-Stockfish plays boards of at most {files} files and {ranks} ranks",
                    r.files, r.ranks
                ),
                span,
            );
        }
        let refused = [
            (
                &o.borrowed_moves,
                "borrowed moves (`pieces move as the friendly piece behind them`)",
            ),
            (
                &o.promotion_on_entry,
                "promotion only on entering the zone or capturing from it",
            ),
            (&o.stranded_may_promote, "`stranded pieces may promote`"),
            (&o.promotion_by_capture, "`promotion by capture`"),
            (&o.cannot_bare, "`pieces that cannot bare a king`"),
            (&o.range_capture, "range capture (`range capture: ...`)"),
            (&o.burning, "burning (`burning: ...`)"),
            (&o.anywhere, "moves anywhere (`moves anywhere: ...`)"),
        ];
        for (origin, what) in refused {
            if origin.is_some() {
                self.cannot(format!("{what} has no key in variants.ini"), origin.clone());
            }
        }
        if let Some((_, span)) = &r.lion_rules.protected {
            self.cannot("lion rules have no key in variants.ini", Some(span.clone()));
        }
        if let Some(span) = &r.lion_rules.counter_strike {
            self.cannot("lion rules have no key in variants.ini", Some(span.clone()));
        }
        if r.compulsory_capture.is_some_and(|c| c.drops_allowed) {
            self.cannot(
                "compulsory captures that let a drop be made instead: variants.ini's mustCapture counts drops as other moves",
                o.compulsory_capture.clone(),
            );
        }
        if r.options.iter().any(|opt| opt.on) {
            let span = compiled.file.statements.iter().find_map(|s| match s {
                Statement::Options(block) => Some(block.span.clone()),
                _ => None,
            });
            self.cannot(
                "opening options (designate, pie) have no key in variants.ini",
                span,
            );
        }
    }

    fn write(&mut self, letters: &Letters) {
        let r = self.rules;
        self.key("variantTemplate", "shogi");
        self.key("maxFile", r.files);
        self.key("maxRank", r.ranks);
        self.pieces(letters);
        let checks = r.end_rules.iter().find_map(|rule| match rule.condition {
            EndCondition::Checks(n) => Some(n),
            _ => None,
        });
        let hands = r.drops_arise();
        self.key("startFen", fen::start(r, letters, hands, checks));
        self.key("pieceDrops", hands);
        self.key("capturesToHand", r.captures == Captures::GoToHand);
        self.key("castling", false);
        self.key("doubleStep", false);
        self.promotion(letters);
        self.drops(letters);
        if let Some(c) = r.compulsory_capture
            && !c.drops_allowed
        {
            self.key("mustCapture", true);
        }
        self.end_rules(letters);
    }
}

/// The faces whose SFEN text Fairy-Stockfish writes otherwise (`+S=L`: koma's Lance is the Silver tile's
/// other face, `+S` to Fairy-Stockfish; `D=G'`: a letter with marks under a spare letter), space-separated.
fn renamed_faces(rules: &Rules, letters: &Letters) -> String {
    FaceId::all(rules.faces.len())
        .filter_map(|id| {
            let face = rules.face(id);
            let fsf = if face.tile == id {
                letters.letter(id).to_ascii_uppercase().to_string()
            } else {
                format!("+{}", letters.letter(face.tile).to_ascii_uppercase())
            };
            let koma = rules.face_text(id);
            (fsf != koma).then(|| format!("{fsf}={koma}"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}
