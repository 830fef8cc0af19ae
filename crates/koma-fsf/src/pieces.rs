//! The piece types of a section: `king`, `shogiPawn` and custom pieces with their Betza.

use koma_vm::spec::MoveSpec;
use koma_vm::{FaceId, Player};

use crate::betza;
use crate::export::Writer;
use crate::letters::Letters;

/// The most piece types of its own a `variants.ini` section may define (`customPiece1` to `customPiece25`).
const MAX_CUSTOM_PIECES: usize = 25;

impl Writer<'_> {
    /// The piece types: `king`, `shogiPawn` and custom pieces with their Betza.
    pub(crate) fn pieces(&mut self, letters: &Letters) {
        let r = self.rules;
        let checked_royal = !r.royals_capturable && !r.last_royal_counts && !r.no_royals;
        let drop_mate: Vec<FaceId> = FaceId::all(r.faces.len())
            .filter(|&f| r.face(f).drop_mate_rule.is_some())
            .collect();
        if drop_mate.len() > 1 {
            let f = r.face(drop_mate[1]);
            self.cannot(
                format!("a second piece ({}) whose drops may not mate: variants.ini bans the mating drops of one piece, its shogi pawn", f.name),
                f.drop_mate_rule.as_ref().map(|ban| ban.origin.clone()),
            );
        }
        let mut customs = 0;
        let mut king = None;
        self.key("king", "-");
        let king_key = self.keys.len() - 1;
        for &id in &letters.types {
            let face = r.face(id);
            let letter = letters.letter(id);
            let moves = match betza::write(&face.moves) {
                Ok(text) => text,
                Err(why) => {
                    self.cannot(
                        format!(
                            "{} has {why}, which Fairy-Stockfish's Betza cannot say",
                            face.name
                        ),
                        face.origin.clone(),
                    );
                    continue;
                }
            };
            if face.royal && checked_royal {
                if king.is_some() {
                    self.cannot(format!("a second royal piece ({}) moving otherwise than the first: variants.ini has one king", face.name), face.origin.clone());
                    continue;
                }
                king = Some(id);
                self.keys[king_key].1 = if moves == "K" {
                    letter.to_string()
                } else {
                    format!("{letter}:{moves}")
                };
                self.region(id, "King");
                continue;
            }
            if drop_mate.first() == Some(&id) && self.shogi_pawn(id, letter) {
                self.region(id, "ShogiPawn");
                continue;
            }
            customs += 1;
            if customs > MAX_CUSTOM_PIECES {
                if customs == MAX_CUSTOM_PIECES + 1 {
                    self.cannot(
                        format!("{} and the faces after it: variants.ini defines at most {MAX_CUSTOM_PIECES} pieces of its own", face.name),
                        face.origin.clone(),
                    );
                }
                continue;
            }
            self.key(format!("customPiece{customs}"), format!("{letter}:{moves}"));
            self.region(id, &format!("CustomPiece{customs}"));
        }
        if checked_royal && king.is_none() {
            self.cannot(
                "the game has no royal piece, and is not written `no royal pieces`",
                None,
            );
        }
    }

    /// `confine NAME to ...`: the face's region for each side, under the name of its piece type (`King`,
    /// `CustomPiece3`), when it has one.
    fn region(&mut self, id: FaceId, piece_type: &str) {
        let r = self.rules;
        if r.face(id).region.is_none() {
            return;
        }
        for (player, side) in [(Player::First, "White"), (Player::Second, "Black")] {
            let squares = self.squares(r.region_squares(player, id));
            self.key(format!("mobilityRegion{side}{piece_type}"), squares);
        }
    }

    /// The face whose mating drops are banned becomes variants.ini's shogi pawn, if it moves as one.
    fn shogi_pawn(&mut self, id: FaceId, letter: char) -> bool {
        let face = self.rules.face(id);
        let pawn = MoveSpec {
            vectors: vec![(0, 1)],
            range: 1,
            ..MoveSpec::default()
        };
        if face.moves == [pawn] {
            self.key("shogiPawn", letter);
            self.key("shogiPawnDropMateIllegal", true);
            // A pawn that steps forward checks from the square in front of the king alone, and always does
            // there: `in front of a royal piece` changes nothing, `or stalemate` off that square does.
            if let Some(ban) = &face.drop_mate_rule
                && ban.stalemate
                && !ban.in_front
            {
                self.cannot(
                    format!(
                        "the drops of {} may not stalemate either, on any square, but variants.ini bans only the pawn drops that mate",
                        face.name
                    ),
                    Some(ban.origin.clone()),
                );
            }
            return true;
        }
        self.cannot(
            format!(
                "the drops of {} may not mate, but variants.ini bans mating drops only of its shogi pawn, which moves one step forward",
                face.name
            ),
            face.drop_mate_rule.as_ref().map(|ban| ban.origin.clone()),
        );
        false
    }
}
