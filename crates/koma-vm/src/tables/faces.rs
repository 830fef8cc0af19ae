//! Faces and tiles: each face's tile, its flip side, the faces held in hand, the royal faces.

use crate::face::{Face, FaceId};
use crate::spec::{Captures, FlipTrigger, GameSpec};

/// The compiled faces, the faces by which tiles are held in hand (in SFEN order), the royal faces and the
/// lions.
pub(crate) struct Faces {
    pub faces: Vec<Face>,
    pub tiles: Vec<FaceId>,
    pub royals: Vec<FaceId>,
    pub lions: Vec<FaceId>,
}

/// Compiles the faces of `spec`. Face references must be in range (checked by the caller).
pub(crate) fn build(spec: &GameSpec) -> Faces {
    let n = spec.faces.len();
    let mut tile: Vec<FaceId> = FaceId::all(n).collect();
    let mut flips: Vec<Option<FaceId>> = vec![None; n];
    let mut triggers = vec![FlipTrigger::OnCapture; n];
    for (id, face) in FaceId::all(n).zip(&spec.faces) {
        if let Some(t) = face.promotes_to {
            tile[t.index()] = id;
        }
        if let Some(t) = face.flips_to {
            tile[t.index()] = id;
            flips[id.index()] = Some(t);
            flips[t.index()] = Some(id);
            triggers[id.index()] = face.flip_trigger;
            triggers[t.index()] = face.flip_trigger;
        }
    }
    let faces: Vec<Face> = spec
        .faces
        .iter()
        .enumerate()
        .map(|(i, f)| Face {
            name: f.name.clone(),
            letter: f.letter,
            promoted: f.promoted,
            royal: f.royal,
            promotes_to: f.promotes_to,
            tile: tile[i],
            flips_to: flips[i],
            flip_trigger: triggers[i],
            promotion_mandatory: f.promotion_mandatory.clone(),
            drop_file_rule: f.drop_not_on_file_with.clone(),
            drop_mate_rule: f.drop_not_mate.clone(),
            drop_zone_rule: match f.drop_ranks {
                Some(_) => f.drop_ranks_origin.clone(),
                None => spec.drop_ranks_origin.clone(),
            },
            kanji: f.kanji,
            kanji_second: f.kanji_second,
            moves: f.moves.clone(),
            origin: f.origin.clone(),
            value: f.value,
            lion: f.lion,
            region: f.region.clone(),
        })
        .collect();
    // A king reaches a hand only when it can be captured (the game then usually ends at once), or when the
    // hand is a stock of pieces to place.
    // So does a royal piece of a player that has two, under `royal pieces: the last one counts`.
    let kings_in_hand = spec.captures == Captures::LeaveTheGame
        || spec.royals_capturable
        || spec.last_royal_counts.is_some();
    let tiles = FaceId::all(n)
        .filter(|&id| tile[id.index()] == id && (kings_in_hand || !faces[id.index()].royal))
        .collect();
    let royals = FaceId::all(n)
        .filter(|&id| faces[id.index()].royal)
        .collect();
    let lions = FaceId::all(n)
        .filter(|&id| faces[id.index()].lion)
        .collect();
    Faces {
        faces,
        tiles,
        royals,
        lions,
    }
}
