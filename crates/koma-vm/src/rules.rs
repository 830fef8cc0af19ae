//! Compiled rules: move tables and rule flags built once from a [`GameSpec`].

use std::ops::Range;

use crate::bitboard::{Bitboard, Square, MAX_SQUARES};
use crate::spec::{EndRuleSpec, GameSpec, Hop, Modality, MoveSpec, Origin};

/// Index of a piece face in [`Rules::pieces`].
pub type PieceId = u8;

/// The most piece faces a game may declare.
pub const MAX_PIECES: usize = 32;

/// A player. The first player (sente, uppercase in SFEN) moves up the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first player (sente, `b` in SFEN).
    First = 0,
    /// The second player (gote, `w` in SFEN).
    Second = 1,
}

impl Side {
    /// The other player.
    #[inline(always)]
    pub fn flip(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 or 1.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Both sides.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];
}

/// A compiled piece face.
#[derive(Debug, Clone)]
pub struct PieceType {
    /// Name, e.g. `Pawn`.
    pub name: String,
    /// SFEN letter (uppercase).
    pub letter: char,
    /// Written with a `+` in SFEN.
    pub promoted: bool,
    /// Must not be left attacked.
    pub royal: bool,
    /// The face it may promote to.
    pub promotes_to: Option<PieceId>,
    /// The face it has in hand after capture (itself unless it is a promoted face or a flip side).
    pub demoted: PieceId,
    /// The face it turns into when it captures (a mandatory flip, both ways).
    pub flips_to: Option<PieceId>,
    /// Drops of it are barred from files holding an own piece of this face.
    pub drop_file_blocker: Option<PieceId>,
    /// A drop of it may not checkmate at once.
    pub drop_not_mate: bool,
    /// Where the file rule on its drops was written.
    pub drop_file_origin: Origin,
    /// Where the checkmate rule on its drops was written.
    pub drop_mate_origin: Origin,
    /// Its move components, as declared.
    pub moves: Vec<MoveSpec>,
    /// Where it was declared.
    pub origin: Origin,
}

/// A slider line from one square.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ray {
    pub mask: Bitboard,
    pub dir: u16,
    pub ascending: bool,
    pub modality: Modality,
}

/// A move component that needs the general (slow) path: hoppers and lame leapers.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Special {
    pub vector: (i8, i8),
    pub range: u8,
    pub modality: Modality,
    pub hop: Hop,
    pub lame: bool,
}

/// Sliders of one side along one direction, for attack detection.
#[derive(Debug, Clone)]
pub(crate) struct SliderGroup {
    /// Direction (index into `beyond`) looking from the attacked square toward the attacker.
    pub look: u16,
    /// Piece faces that slide this way, with their range (0 = unlimited).
    pub pieces: Vec<(PieceId, u8)>,
}

/// The compiled rules of a game: everything the VM needs, as tables.
#[derive(Debug, Clone)]
pub struct Rules {
    /// Display name.
    pub name: String,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Piece faces.
    pub pieces: Vec<PieceType>,
    /// Faces that can be held in hand, in SFEN output order.
    pub hand_pieces: Vec<PieceId>,
    /// Captured pieces go to hand.
    pub captures_to_hand: bool,
    /// Royal pieces may be captured; no move is filtered for king safety.
    pub royals_capturable: bool,
    /// Pieces with a flip side may be dropped either face up.
    pub drop_either_face: bool,
    /// Opening options and their defaults.
    pub options: Vec<crate::spec::GameOption>,
    /// End rules in order.
    pub end_rules: Vec<EndRuleSpec>,
    /// Start position (SFEN).
    pub start_sfen: String,
    /// Where `stranded pieces must promote` and `no piece where it could never move` were written.
    pub origins: RuleOrigins,
    pub(crate) squares: usize,
    pub(crate) all: Bitboard,
    pub(crate) file_masks: Vec<Bitboard>,
    pub(crate) promotion_zone: [Bitboard; 2],
    /// Per (side, piece, square): squares the piece must promote on arriving (dead squares).
    pub(crate) forced: Vec<Bitboard>,
    /// Per (side, piece): squares from which the piece could never move (on an empty board).
    pub(crate) dead: Vec<Bitboard>,
    /// Per (side, piece): squares a drop may go to.
    pub(crate) drop_mask: Vec<Bitboard>,
    pub(crate) leap_any: Vec<Bitboard>,
    pub(crate) leap_quiet: Vec<Bitboard>,
    pub(crate) leap_capture: Vec<Bitboard>,
    /// Per (side, piece, square): squares from which that piece attacks the square by a leap.
    pub(crate) leap_attackers: Vec<Bitboard>,
    pub(crate) rays: Vec<Ray>,
    pub(crate) ray_index: Vec<(u32, u32)>,
    pub(crate) specials: Vec<Vec<Special>>,
    pub(crate) beyond: Vec<Bitboard>,
    pub(crate) directions: Vec<(i8, i8)>,
    /// Per direction: whether square numbers increase along it (the nearest piece is then the lowest bit).
    pub(crate) ascending: Vec<bool>,
    pub(crate) sliders: [Vec<SliderGroup>; 2],
    /// Whether any piece hops or is lame: the fast legality shortcut is then unsafe.
    pub(crate) has_specials: bool,
    pub(crate) royals: Vec<PieceId>,
    /// Whether losing all royal pieces ends the game at once (end rule `king captured`).
    pub(crate) ends_on_king_capture: bool,
    /// Per side: squares where a royal ends the game at once (end rule `king reaches ...`).
    pub(crate) try_zone: [Bitboard; 2],
    /// Whether either of the two rules above is in force, so move generation must look for a finished game.
    pub(crate) has_immediate_ends: bool,
    pub(crate) zobrist_piece: Vec<u64>,
    pub(crate) zobrist_hand: Vec<u64>,
    pub(crate) zobrist_side: u64,
}

/// Source spans of board-wide rules.
#[derive(Debug, Clone, Default)]
pub struct RuleOrigins {
    /// `stranded pieces must promote`.
    pub stranded: Option<Range<usize>>,
    /// `no piece where it could never move`.
    pub dead_drops: Option<Range<usize>>,
    /// `promotion zone ...`.
    pub promotion_zone: Origin,
}

/// The spec cannot be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The board is empty or too large.
    #[error("a {0}x{1} board is not supported: boards have 1 to 128 squares (up to 11x11)")]
    BoardSize(u8, u8),
    /// Too many piece faces.
    #[error("{0} piece faces declared; at most {MAX_PIECES} are supported")]
    TooManyPieces(usize),
}

pub(crate) const HAND_MAX: usize = 128;

impl Rules {
    /// Compiles a spec into tables.
    pub fn build(spec: &GameSpec) -> Result<Rules, RulesError> {
        let (w, h) = (spec.files as i32, spec.ranks as i32);
        let n = (w * h) as usize;
        if w < 1 || h < 1 || n > MAX_SQUARES {
            return Err(RulesError::BoardSize(spec.files, spec.ranks));
        }
        let np = spec.pieces.len();
        if np > MAX_PIECES {
            return Err(RulesError::TooManyPieces(np));
        }
        let sq = |x: i32, y: i32| -> Option<Square> {
            (0..w).contains(&x).then_some(())?;
            (0..h).contains(&y).then_some(())?;
            Some((y * w + x) as Square)
        };
        let xy = |s: usize| ((s as i32) % w, (s as i32) / w);

        let mut all = Bitboard::EMPTY;
        for s in 0..n {
            all.insert(s as Square);
        }
        let file_masks = (0..w)
            .map(|x| {
                (0..h)
                    .filter_map(|y| sq(x, y))
                    .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s))
            })
            .collect();

        // Directions used by riders, with the ray beyond each square.
        let mut directions: Vec<(i8, i8)> = Vec::new();
        let dir_of = |v: (i8, i8), directions: &mut Vec<(i8, i8)>| -> u16 {
            match directions.iter().position(|&d| d == v) {
                Some(i) => i as u16,
                None => {
                    directions.push(v);
                    (directions.len() - 1) as u16
                }
            }
        };
        let abs = |side: usize, (dx, dy): (i8, i8)| if side == 0 { (dx, dy) } else { (-dx, -dy) };
        for p in &spec.pieces {
            for m in &p.moves {
                if m.range != 1 {
                    for &v in &m.vectors {
                        for side in 0..2 {
                            let a = abs(side, v);
                            dir_of(a, &mut directions);
                            dir_of((-a.0, -a.1), &mut directions);
                        }
                    }
                }
            }
        }
        let walk = |s: usize, (dx, dy): (i8, i8), range: u8| -> Vec<Square> {
            let (mut x, mut y) = xy(s);
            let mut out = Vec::new();
            loop {
                x += dx as i32;
                y += dy as i32;
                match sq(x, y) {
                    Some(t) if range == 0 || out.len() < range as usize => out.push(t),
                    _ => break,
                }
            }
            out
        };
        let to_bb = |v: &[Square]| {
            v.iter()
                .fold(Bitboard::EMPTY, |b, &s| b | Bitboard::from_square(s))
        };
        let idx = |side: usize, p: usize, s: usize| (side * np + p) * n + s;
        let mut leap_any = vec![Bitboard::EMPTY; 2 * np * n];
        let mut leap_quiet = leap_any.clone();
        let mut leap_capture = leap_any.clone();
        let mut leap_attackers = leap_any.clone();
        let mut rays = Vec::new();
        let mut ray_index = vec![(0u32, 0u32); 2 * np * n];
        let mut specials = vec![Vec::new(); 2 * np];
        let mut dead = vec![Bitboard::EMPTY; 2 * np];
        let mut has_specials = false;
        let mut sliders: [Vec<SliderGroup>; 2] = [Vec::new(), Vec::new()];
        for side in 0..2 {
            for (p, piece) in spec.pieces.iter().enumerate() {
                for m in &piece.moves {
                    let special = m.hop != Hop::None || m.lame;
                    has_specials |= special;
                    for &v in &m.vectors {
                        let a = abs(side, v);
                        if special {
                            specials[side * np + p].push(Special {
                                vector: a,
                                range: m.range,
                                modality: m.modality,
                                hop: m.hop,
                                lame: m.lame,
                            });
                        } else if m.range != 1 {
                            let look = dir_of((-a.0, -a.1), &mut directions);
                            let group = match sliders[side].iter_mut().find(|g| g.look == look) {
                                Some(g) => g,
                                None => {
                                    sliders[side].push(SliderGroup {
                                        look,
                                        pieces: Vec::new(),
                                    });
                                    sliders[side].last_mut().expect("just pushed")
                                }
                            };
                            if m.modality != Modality::Move
                                && !group.pieces.contains(&(p as PieceId, m.range))
                            {
                                group.pieces.push((p as PieceId, m.range));
                            }
                        }
                    }
                }
                for s in 0..n {
                    let i = idx(side, p, s);
                    ray_index[i].0 = rays.len() as u32;
                    for m in &piece.moves {
                        for &v in &m.vectors {
                            let a = abs(side, v);
                            let path = walk(s, a, m.range);
                            if !path.is_empty() && m.hop == Hop::None {
                                dead[side * np + p].insert(s as Square);
                            }
                            if m.hop != Hop::None || m.lame || path.is_empty() {
                                continue;
                            }
                            if m.range == 1 {
                                let t = Bitboard::from_square(path[0]);
                                match m.modality {
                                    Modality::Both => leap_any[i] |= t,
                                    Modality::Move => leap_quiet[i] |= t,
                                    Modality::Capture => leap_capture[i] |= t,
                                }
                                if m.modality != Modality::Move {
                                    leap_attackers[idx(side, p, path[0] as usize)]
                                        .insert(s as Square);
                                }
                            } else {
                                rays.push(Ray {
                                    mask: to_bb(&path),
                                    dir: dir_of(a, &mut directions),
                                    ascending: a.1 as i32 * w + a.0 as i32 > 0,
                                    modality: m.modality,
                                });
                            }
                        }
                    }
                    ray_index[i].1 = rays.len() as u32;
                }
                // `dead` collected the squares with a move; invert it into the dead squares.
                dead[side * np + p] = all & !dead[side * np + p];
            }
        }
        // The ray beyond each square in every rider direction, and which way square numbers run along it.
        let mut beyond = vec![Bitboard::EMPTY; directions.len() * n];
        for (d, &v) in directions.iter().enumerate() {
            for s in 0..n {
                beyond[d * n + s] = to_bb(&walk(s, v, 0));
            }
        }
        let ascending = directions
            .iter()
            .map(|&(dx, dy)| dy as i32 * w + dx as i32 > 0)
            .collect();

        let mut demoted: Vec<PieceId> = (0..np as PieceId).collect();
        let mut flips: Vec<Option<PieceId>> = vec![None; np];
        for (p, piece) in spec.pieces.iter().enumerate() {
            if let Some(t) = piece.promotes_to {
                demoted[t] = p as PieceId;
            }
            if let Some(t) = piece.flips_to {
                demoted[t] = p as PieceId;
                flips[p] = Some(t as PieceId);
                flips[t] = Some(p as PieceId);
            }
        }
        let rank_mask = |side: usize, ranks: &[u8]| {
            let mut m = Bitboard::EMPTY;
            for s in 0..n {
                let (_, y) = xy(s);
                let own = if side == 0 { y } else { h - 1 - y };
                if ranks.contains(&(own as u8)) {
                    m.insert(s as Square);
                }
            }
            m
        };
        let promotion_zone = [
            rank_mask(0, &spec.promotion_ranks),
            rank_mask(1, &spec.promotion_ranks),
        ];
        let mut forced = vec![Bitboard::EMPTY; 2 * np];
        let mut drop_mask = vec![all; 2 * np];
        for side in 0..2 {
            for p in 0..np {
                if spec.stranded_must_promote.is_some() && spec.pieces[p].promotes_to.is_some() {
                    forced[side * np + p] = dead[side * np + p];
                }
                if spec.no_drop_on_dead_squares.is_some() {
                    drop_mask[side * np + p] &= !dead[side * np + p];
                }
                if let Some(ranks) = spec.pieces[p]
                    .drop_ranks
                    .as_ref()
                    .or(spec.drop_ranks.as_ref())
                {
                    drop_mask[side * np + p] &= rank_mask(side, ranks);
                }
            }
        }
        let pieces: Vec<PieceType> = spec
            .pieces
            .iter()
            .enumerate()
            .map(|(p, ps)| PieceType {
                name: ps.name.clone(),
                letter: ps.letter,
                promoted: ps.promoted,
                royal: ps.royal,
                promotes_to: ps.promotes_to.map(|t| t as PieceId),
                demoted: demoted[p],
                flips_to: flips[p],
                drop_file_blocker: ps
                    .drop_not_on_file_with
                    .as_ref()
                    .map(|(b, _)| *b as PieceId),
                drop_not_mate: ps.drop_not_mate.is_some(),
                drop_file_origin: ps.drop_not_on_file_with.as_ref().map(|(_, o)| o.clone()),
                drop_mate_origin: ps.drop_not_mate.clone(),
                moves: ps.moves.clone(),
                origin: ps.origin.clone(),
            })
            .collect();
        // In a placement game (captures leave the game) the hand is a stock, which may hold a king.
        let hand_pieces = (0..np as PieceId)
            .filter(|&p| {
                demoted[p as usize] == p && !(spec.captures_to_hand && pieces[p as usize].royal)
            })
            .collect();
        let mut try_zone = [Bitboard::EMPTY; 2];
        let mut ends_on_king_capture = false;
        for rule in &spec.end_rules {
            match rule.condition {
                crate::spec::EndCondition::KingReaches(mask) => {
                    let ranks: Vec<u8> = (0..32u8).filter(|r| mask >> r & 1 != 0).collect();
                    for (side, zone) in try_zone.iter_mut().enumerate() {
                        *zone |= rank_mask(side, &ranks);
                    }
                }
                crate::spec::EndCondition::KingCaptured => ends_on_king_capture = true,
                _ => {}
            }
        }
        let royals = (0..np as PieceId)
            .filter(|&p| pieces[p as usize].royal)
            .collect();

        let mut rng = SplitMix(0x6b6f_6d61_2d76_6d31 ^ (n as u64) << 32 ^ np as u64);
        let zobrist_piece = (0..2 * np * n).map(|_| rng.next()).collect();
        let zobrist_hand = (0..2 * np * HAND_MAX)
            .map(|i| if i % HAND_MAX == 0 { 0 } else { rng.next() })
            .collect();
        let zobrist_side = rng.next();

        Ok(Rules {
            name: spec.name.clone(),
            files: spec.files,
            ranks: spec.ranks,
            pieces,
            hand_pieces,
            captures_to_hand: spec.captures_to_hand,
            royals_capturable: spec.royals_capturable,
            drop_either_face: spec.drop_either_face,
            options: spec.options.clone(),
            end_rules: spec.end_rules.clone(),
            start_sfen: spec.start_sfen.clone(),
            origins: RuleOrigins {
                stranded: spec.stranded_must_promote.clone(),
                dead_drops: spec.no_drop_on_dead_squares.clone(),
                promotion_zone: spec.promotion_origin.clone(),
            },
            squares: n,
            all,
            file_masks,
            promotion_zone,
            forced,
            dead,
            drop_mask,
            leap_any,
            leap_quiet,
            leap_capture,
            leap_attackers,
            rays,
            ray_index,
            specials,
            beyond,
            directions,
            ascending,
            sliders,
            has_specials,
            royals,
            ends_on_king_capture,
            try_zone,
            has_immediate_ends: ends_on_king_capture || !(try_zone[0] | try_zone[1]).is_empty(),
            zobrist_piece,
            zobrist_hand,
            zobrist_side,
        })
    }

    /// Number of squares.
    pub fn squares(&self) -> usize {
        self.squares
    }

    /// Index of a (side, piece) pair in the per-piece tables.
    #[inline(always)]
    pub(crate) fn sp(&self, side: Side, piece: PieceId) -> usize {
        side.index() * self.pieces.len() + piece as usize
    }

    /// Index of a (side, piece, square) triple in the per-square tables.
    #[inline(always)]
    pub(crate) fn sps(&self, side: Side, piece: PieceId, sq: Square) -> usize {
        self.sp(side, piece) * self.squares + sq as usize
    }

    /// The squares where `piece` of `side` could never move again (dead squares).
    pub fn dead_squares(&self, side: Side, piece: PieceId) -> Bitboard {
        self.dead[self.sp(side, piece)]
    }

    pub(crate) fn drop_rule_origin(
        &self,
        id: PieceId,
        kind: crate::explain::DropRuleKind,
    ) -> Origin {
        let p = &self.pieces[id as usize];
        match kind {
            crate::explain::DropRuleKind::File => p.drop_file_origin.clone(),
            crate::explain::DropRuleKind::Mate => p.drop_mate_origin.clone(),
        }
    }

    /// The promotion zone of `side`.
    pub fn promotion_zone(&self, side: Side) -> Bitboard {
        self.promotion_zone[side.index()]
    }

    /// The file (0 = the first player's left) and rank (0 = the first player's home rank) of a square.
    pub fn coords(&self, sq: Square) -> (u8, u8) {
        (sq % self.files, sq / self.files)
    }

    /// The square at a file and rank, if on the board.
    pub fn square(&self, x: u8, y: u8) -> Option<Square> {
        (x < self.files && y < self.ranks).then(|| y * self.files + x)
    }

    /// Finds a piece face by its SFEN letter and promoted flag.
    pub fn piece_by_letter(&self, letter: char, promoted: bool) -> Option<PieceId> {
        let up = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == up && p.promoted == promoted)
            .map(|i| i as PieceId)
    }

    /// The SFEN text of a face: `P`, `+P`.
    pub fn piece_text(&self, piece: PieceId) -> String {
        let p = &self.pieces[piece as usize];
        if p.promoted {
            format!("+{}", p.letter)
        } else {
            p.letter.to_string()
        }
    }
}

struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
