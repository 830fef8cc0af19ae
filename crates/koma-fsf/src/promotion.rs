//! Promotion and flipping: the zone, promoted types, mandatory promotion.

use koma_vm::spec::FlipTrigger;
use koma_vm::{FaceId, Player};

use crate::export::Writer;
use crate::letters::Letters;

impl Writer<'_> {
    /// Promotion and flipping: the zone, promoted types, and whether promotion is mandatory.
    pub(crate) fn promotion(&mut self, letters: &Letters) {
        let r = self.rules;
        let faces: Vec<FaceId> = FaceId::all(r.faces.len()).collect();
        let mut pairs = Vec::new();
        let mut triggers = Vec::new();
        for &id in &faces {
            let face = r.face(id);
            if face.tile != id {
                continue;
            }
            if let Some(to) = face.promotes_to {
                pairs.push(format!("{}:{}", letters.letter(id), letters.letter(to)));
            }
            if let Some(to) = face.flips_to {
                pairs.push(format!("{}:{}", letters.letter(id), letters.letter(to)));
                triggers.push((id, face.flip_trigger));
            }
        }
        if pairs.is_empty() {
            return;
        }
        self.key("promotedPieceType", pairs.join(" "));
        if let Some(&(first, trigger)) = triggers.first() {
            let promoting = faces.iter().find(|&&id| r.face(id).promotes_to.is_some());
            if let Some(&p) = promoting {
                self.cannot(
                    format!("{} promotes while {} flips: variants.ini says one or the other for a whole game", r.face(p).name, r.face(first).name),
                    r.face(p).origin.clone(),
                );
                return;
            }
            if let Some(&(other, _)) = triggers.iter().find(|(_, t)| *t != trigger) {
                self.cannot(
                    format!("{} flips on a different trigger than {}: variants.ini has one for a whole game", r.face(other).name, r.face(first).name),
                    r.face(other).origin.clone(),
                );
                return;
            }
            let all = self.squares(r.board());
            self.key("promotionRegionWhite", &all);
            self.key("promotionRegionBlack", &all);
            self.key("mandatoryPiecePromotion", true);
            self.key("pieceDemotion", true);
            if trigger == FlipTrigger::OnCapture {
                self.key("piecePromotionOnCapture", true);
            }
            return;
        }
        let white = self.squares(r.promotion_zone(Player::First));
        let black = self.squares(r.promotion_zone(Player::Second));
        self.key("promotionRegionWhite", white);
        self.key("promotionRegionBlack", black);
        let promoting: Vec<FaceId> = faces
            .iter()
            .copied()
            .filter(|&id| r.face(id).promotes_to.is_some())
            .collect();
        let mandatory: Vec<FaceId> = promoting
            .iter()
            .copied()
            .filter(|&id| r.face(id).promotion_mandatory.is_some())
            .collect();
        if !mandatory.is_empty() {
            if mandatory.len() == promoting.len() {
                self.key("mandatoryPiecePromotion", true);
            } else {
                let f = r.face(mandatory[0]);
                self.cannot(
                    "promotion mandatory for some pieces only: variants.ini's mandatoryPiecePromotion is for all of them",
                    f.promotion_mandatory.clone(),
                );
            }
        }
    }
}
