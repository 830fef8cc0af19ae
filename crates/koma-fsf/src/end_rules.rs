//! The end rules, each to its key.

use koma_vm::spec::RankSet;
use koma_vm::{EndCondition, EndResult, EndRule, FaceId, Player, RelativePlayer, Span};

use crate::export::Writer;
use crate::letters::Letters;

/// What the end rules said so far.
#[derive(Default)]
struct Ends {
    stalemate: Option<&'static str>,
    mate: Option<&'static str>,
    repetition: Option<u32>,
    perpetual: Option<(u32, Option<Span>)>,
    progress: bool,
    extinction: bool,
}

impl Writer<'_> {
    /// The end rules, each to its key, and the keys whose default would say otherwise.
    pub(crate) fn end_rules(&mut self, letters: &Letters) {
        let r = self.rules;
        let mut ends = Ends::default();
        for rule in &r.end_rules {
            self.end_rule(&mut ends, rule, letters);
        }
        self.key("checkmateValue", ends.mate.unwrap_or("loss"));
        self.key("stalemateValue", ends.stalemate.unwrap_or("draw"));
        if !ends.progress {
            self.key("nMoveRule", 0);
        }
        match (ends.repetition, ends.perpetual) {
            (None, _) => self.cannot(
                "the game has no repetition rule: Fairy-Stockfish always ends a game on repetition (nFoldRule)",
                None,
            ),
            (Some(n), Some((m, origin))) if n != m => self.cannot(
                format!(
                    "perpetual check judged at repetition {m} and repetition at {n}: variants.ini judges both at one count"
                ),
                origin,
            ),
            _ => {}
        }
        if r.no_royals && !ends.extinction {
            self.cannot(
                "a game without royal pieces needs a `no pieces left` rule to be said in variants.ini",
                r.origins.no_royals.clone(),
            );
        }
        if r.no_royals {
            self.key("extinctionPseudoRoyal", false);
        }
    }

    fn end_rule(&mut self, ends: &mut Ends, rule: &EndRule, letters: &Letters) {
        let r = self.rules;
        let origin = rule.origin.clone();
        let value = relative_value(rule.result);
        let royal = FaceId::all(r.faces.len()).find(|&f| r.face(f).royal);
        match rule.condition {
            EndCondition::NoLegalMove => match value {
                Some(v) if ends.mate.is_none() => {
                    ends.mate = Some(v);
                    ends.stalemate.get_or_insert(v);
                }
                _ => self.cannot(
                    "a `no legal move` rule with this result: variants.ini's checkmateValue is the side to move's",
                    origin,
                ),
            },
            EndCondition::Stalemate => match value {
                Some(v) if ends.stalemate.is_none() => ends.stalemate = Some(v),
                _ => self.cannot(
                    "a `stalemate` rule with this result: variants.ini's stalemateValue is the side to move's",
                    origin,
                ),
            },
            EndCondition::Repetition(n) => self.repetition(ends, n, rule.result, origin),
            EndCondition::PerpetualCheck(n) => self.perpetual(ends, n, rule.result, origin),
            EndCondition::KingCaptured => match (rule.result, royal) {
                (EndResult::Loses(RelativePlayer::SideToMove), Some(k)) if !ends.extinction => {
                    ends.extinction = true;
                    self.key("extinctionValue", "loss");
                    self.key("extinctionPieceTypes", letters.letter(k));
                    if r.last_royal_counts {
                        self.key("extinctionPseudoRoyal", true);
                    }
                }
                _ => self.cannot("a `king captured` rule with this result", origin),
            },
            EndCondition::NoPiecesLeft => match value {
                Some(v) if !ends.extinction => {
                    ends.extinction = true;
                    self.key("extinctionValue", v);
                    self.key("extinctionPieceTypes", "*");
                }
                _ => self.cannot(
                    "a `no pieces left` rule beside another extinction rule, or with this result",
                    origin,
                ),
            },
            EndCondition::Checks(_) => {
                if rule.result == EndResult::Wins(RelativePlayer::Checker) {
                    self.key("checkCounting", true);
                } else {
                    self.cannot(
                        "a check-counting rule with this result: variants.ini says only that the checker wins",
                        origin,
                    );
                }
            }
            EndCondition::KingReaches { zone, safely } => {
                self.king_reaches(royal, letters, zone, safely, rule.result, origin);
            }
            EndCondition::NoProgress { moves, piece } => {
                if rule.result == EndResult::Draw && !ends.progress {
                    ends.progress = true;
                    self.key("nMoveRule", moves);
                    let types = piece.map_or("-".to_string(), |p| letters.letter(p).to_string());
                    self.key("nMoveRuleTypes", types);
                } else {
                    self.cannot(
                        "a second rule of moves without progress, or one that does not draw",
                        origin,
                    );
                }
            }
            EndCondition::BareKing | EndCondition::BothKingsBare => {
                self.cannot("bare-king rules have no key in variants.ini", origin);
            }
        }
    }

    /// `repetition N with perpetual check: checker loses`: perpetualCheckIllegal.
    fn perpetual(&mut self, ends: &mut Ends, n: u32, result: EndResult, origin: Option<Span>) {
        if result == EndResult::Loses(RelativePlayer::Checker) && ends.perpetual.is_none() {
            ends.perpetual = Some((n, origin));
            self.key("perpetualCheckIllegal", true);
        } else {
            self.cannot(
                "perpetual check with this result: variants.ini says only that the checker loses",
                origin,
            );
        }
    }

    /// `repetition N: RESULT`: nFoldRule and nFoldValue, absolute when the result names a player.
    fn repetition(&mut self, ends: &mut Ends, n: u32, result: EndResult, origin: Option<Span>) {
        use RelativePlayer::{FirstPlayer, Mover, SecondPlayer, SideToMove};
        let said = match result {
            EndResult::Draw => Some(("draw", false)),
            EndResult::Loses(SideToMove) | EndResult::Wins(Mover) => Some(("loss", false)),
            EndResult::Wins(SideToMove) | EndResult::Loses(Mover) => Some(("win", false)),
            EndResult::Loses(FirstPlayer) | EndResult::Wins(SecondPlayer) => Some(("loss", true)),
            EndResult::Wins(FirstPlayer) | EndResult::Loses(SecondPlayer) => Some(("win", true)),
            _ => None,
        };
        match said {
            Some((v, absolute)) if ends.repetition.is_none() => {
                ends.repetition = Some(n);
                self.key("nFoldRule", n);
                self.key("nFoldValue", v);
                if absolute {
                    self.key("nFoldValueAbsolute", true);
                }
            }
            _ => self.cannot(
                "a second repetition rule, or one with this result: variants.ini has one (nFoldRule, nFoldValue)",
                origin,
            ),
        }
    }

    /// `king reaches ZONE [safely]: its owner wins`: the royal piece is the flag piece.
    fn king_reaches(
        &mut self,
        royal: Option<FaceId>,
        letters: &Letters,
        zone: RankSet,
        safely: bool,
        result: EndResult,
        origin: Option<Span>,
    ) {
        let winner = matches!(
            result,
            EndResult::Wins(RelativePlayer::Owner | RelativePlayer::Mover)
        );
        match royal {
            Some(k) if winner => {
                self.key("flagPiece", letters.letter(k));
                let white = self.squares(self.zone(Player::First, zone));
                let black = self.squares(self.zone(Player::Second, zone));
                self.key("flagRegionWhite", white);
                self.key("flagRegionBlack", black);
                if safely {
                    self.key("flagPieceSafe", true);
                }
            }
            _ => self.cannot(
                "a `king reaches` rule with this result: variants.ini's flag wins for its owner",
                origin,
            ),
        }
    }
}

/// The value variants.ini gives the side to move for a result said of it.
fn relative_value(result: EndResult) -> Option<&'static str> {
    match result {
        EndResult::Draw => Some("draw"),
        EndResult::Wins(RelativePlayer::SideToMove) => Some("win"),
        EndResult::Loses(RelativePlayer::SideToMove) => Some("loss"),
        _ => None,
    }
}
