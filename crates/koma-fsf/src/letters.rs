//! Which Fairy-Stockfish piece type, and letter, each face of a game becomes.
//!
//! A face that starts its tile keeps its SFEN letter, unless marks follow it (`N'`: Fairy-Stockfish's letters
//! take none). A promoted face, or the other face of a flipping tile,
//! becomes the promoted type of its tile's face under a spare letter, so that Fairy-Stockfish writes it `+X`
//! as koma does. A game's royal faces share one type when they move alike: Fairy-Stockfish counts royal
//! pieces per type.

use koma_vm::{FaceId, Rules};

/// Each face's Fairy-Stockfish letter (lowercase), and the faces that hold a type of their own.
pub(crate) struct Letters {
    /// The letter of each face's type, by face index.
    pub of: Vec<char>,
    /// The faces that define a type (the first face of each letter), in face order.
    pub types: Vec<FaceId>,
}

impl Letters {
    /// Letters for every face; the faces that found none free get `?` and are listed.
    pub(crate) fn assign(rules: &Rules) -> (Letters, Vec<FaceId>) {
        let n = rules.faces.len();
        let ids: Vec<FaceId> = FaceId::all(n).collect();
        let mut of = vec!['\0'; n];
        let mut used: Vec<char> = Vec::new();
        for &id in &ids {
            let face = rules.face(id);
            if face.tile == id && face.letter.mark_count() == 0 {
                let c = face.letter.plain_letter().to_ascii_lowercase();
                of[id.index()] = c;
                used.push(c);
            }
        }
        let royal_letter = ids
            .iter()
            .find(|&&id| rules.face(id).royal && rules.face(id).tile == id)
            .map(|&id| of[id.index()]);
        let mut missing = Vec::new();
        let mut spare = ('a'..='z').filter(|c| !used.contains(c));
        for &id in &ids {
            if of[id.index()] != '\0' {
                continue;
            }
            let face = rules.face(id);
            let twin_royal = face.royal
                && ids.iter().any(|&other| {
                    let o = rules.face(other);
                    o.royal && o.tile == other && o.moves == face.moves
                });
            of[id.index()] = match (twin_royal, royal_letter) {
                (true, Some(c)) => c,
                _ => spare.next().unwrap_or_else(|| {
                    missing.push(id);
                    '?'
                }),
            };
        }
        let mut types = Vec::new();
        for &id in &ids {
            if !types
                .iter()
                .any(|t: &FaceId| of[t.index()] == of[id.index()])
            {
                types.push(id);
            }
        }
        (Letters { of, types }, missing)
    }

    /// The letter of a face's type.
    pub(crate) fn letter(&self, face: FaceId) -> char {
        self.of[face.index()]
    }
}
