//! Drops: regions, doubled pieces on a file, and the squares where a piece could never move.

use koma_vm::{FaceId, Player};

use crate::export::Writer;
use crate::letters::Letters;

impl Writer<'_> {
    /// Drops: where pieces may not be dropped, doubled pieces on a file, and the stranded-piece rules
    /// (variants.ini's `immobilityIllegal` bars moves and drops alike).
    pub(crate) fn drops(&mut self, letters: &Letters) {
        let r = self.rules;
        let faces: Vec<FaceId> = FaceId::all(r.faces.len()).collect();
        self.immobility(&faces);
        let limits: Vec<FaceId> = faces
            .iter()
            .copied()
            .filter(|&f| r.face(f).drop_file_rule.is_some())
            .collect();
        for (i, &f) in limits.iter().enumerate() {
            let face = r.face(f);
            let Some(limit) = &face.drop_file_rule else {
                continue;
            };
            if i > 0 || limit.blocker != f {
                self.cannot(
                    "variants.ini limits one piece on a file by the pieces of its own kind (dropNoDoubled)",
                    Some(limit.origin.clone()),
                );
                continue;
            }
            self.key("dropNoDoubled", letters.letter(f));
            if limit.count != 1 {
                self.key("dropNoDoubledCount", limit.count);
            }
        }
        if r.drop_either_face {
            self.key("dropPromoted", true);
        }
        self.drop_regions(&faces);
    }

    /// variants.ini's `immobilityIllegal` bars moves and drops to a square where a piece could never move
    /// again: it says `stranded pieces must promote` and `no piece where it could never move` together. One
    /// of them alone is said when the other can never matter: no piece reaches such a square unpromoted by a
    /// move (its promotion is mandatory there), or no such piece is ever dropped.
    fn immobility(&mut self, faces: &[FaceId]) {
        let r = self.rules;
        let o = &r.origins;
        let stranded: Vec<FaceId> = faces
            .iter()
            .copied()
            .filter(|&f| {
                let dead = r.dead_squares(Player::First, f);
                let face = r.face(f);
                let always_promotes = face.promotion_mandatory.is_some()
                    && (dead & !r.promotion_zone(Player::First)).is_empty();
                !dead.is_empty() && !always_promotes
            })
            .collect();
        let dropped_dead = faces.iter().any(|&f| {
            r.droppable(f) && r.drops_arise() && !r.dead_squares(Player::First, f).is_empty()
        });
        let by_move = (!stranded.is_empty()).then_some(o.stranded.is_some());
        let by_drop = dropped_dead.then_some(o.dead_drops.is_some());
        match (by_move, by_drop) {
            (Some(m), Some(d)) if m != d => {
                let (span, what) = if m {
                    (
                        o.stranded.clone(),
                        "`stranded pieces must promote` without `no piece where it could never move`",
                    )
                } else {
                    (
                        o.dead_drops.clone(),
                        "`no piece where it could never move` without `stranded pieces must promote`",
                    )
                };
                self.cannot(
                    format!("{what}: variants.ini's immobilityIllegal is both"),
                    span,
                );
            }
            (m, d) => {
                if m.or(d) == Some(true) {
                    self.key("immobilityIllegal", true);
                }
            }
        }
    }

    /// `pieces only on ZONE`: one region for every piece dropped, as variants.ini says it. A confined piece is
    /// dropped on that region within its own (Fairy-Stockfish's mobility region bounds its drops too).
    fn drop_regions(&mut self, faces: &[FaceId]) {
        let r = self.rules;
        let dead = r.origins.dead_drops.is_some();
        let region = |p: Player, f: FaceId| {
            let mut b = r.drop_squares(p, f);
            if dead {
                b |= r.dead_squares(p, f) & r.region_squares(p, f);
            }
            b
        };
        let dropped: Vec<FaceId> = faces.iter().copied().filter(|&f| r.droppable(f)).collect();
        let Some(&first) = dropped
            .iter()
            .find(|&&f| r.face(f).region.is_none())
            .or(dropped.first())
        else {
            return;
        };
        for &f in &dropped {
            if Player::BOTH
                .iter()
                .any(|&p| region(p, f) != region(p, first) & r.region_squares(p, f))
            {
                let span = r
                    .face(f)
                    .drop_zone_rule
                    .clone()
                    .or_else(|| r.face(first).drop_zone_rule.clone());
                self.cannot(
                    format!("{} and {} are dropped on different squares: variants.ini has one drop region", r.face(first).name, r.face(f).name),
                    span,
                );
                return;
            }
        }
        if region(Player::First, first) != r.board() {
            let white = self.squares(region(Player::First, first));
            let black = self.squares(region(Player::Second, first));
            self.key("dropRegionWhite", white);
            self.key("dropRegionBlack", black);
        }
    }
}
