//! Move components as declared: step vectors, range, modality, hops, and a second leg.

/// What a move may do on its target square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Modality {
    /// Move to an empty square or capture.
    #[default]
    Both,
    /// Only to an empty square (Betza `m`).
    Move,
    /// Only capturing (Betza `c`).
    Capture,
}

/// How a rider treats pieces on its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Hop {
    /// Stopped by the first piece.
    #[default]
    None,
    /// Passes exactly one screen, then lands up to and including the next piece (Betza `p`).
    Cannon,
    /// Lands right behind the first piece (Betza `g`).
    Grasshopper,
    /// Passes over the first square of its line, whatever stands there, and moves on from the second as a
    /// plain rider (Betza `j`): tenjiku shogi's Heavenly Tetrarchs. A range counts the square passed over.
    Skip,
    /// Passes over every square of its line, whatever stands there: lands on any empty square of the line or
    /// takes any enemy piece on it, and is stopped by nothing (koma's `jj`): taikyoku shogi's jumping pieces.
    Over,
    /// Sweeps its line: passes over enemy pieces, taking every one it passes over, and is stopped by a piece
    /// of its own side; lands on any empty square or enemy piece before that (koma's `w`): taikyoku shogi's
    /// Free Eagle along its paths.
    Sweep,
}

/// One move component: a set of owner-relative step vectors and how they are used.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct MoveSpec {
    /// Step vectors `(dx, dy)`: `dx > 0` to the owner's right, `dy > 0` forward.
    pub vectors: Vec<(i8, i8)>,
    /// Steps along a line: 1 for a leap, 0 for unlimited.
    pub range: u8,
    /// Move, capture or both.
    pub modality: Modality,
    /// Hopping behaviour.
    pub hop: Hop,
    /// Blocked by a piece on the square halfway along the leap (Betza `n`).
    pub lame: bool,
    /// For a move in two legs (Betza `a`): the second leg, taken from the square the first leg reached.
    pub second_leg: Option<SecondLeg>,
}

impl MoveSpec {
    /// Whether the component is a plain step or leap: one leg, one step of each vector, neither hopping nor
    /// lame. The leap tables hold exactly these; a confined piece may have no other.
    pub fn is_plain_leap(&self) -> bool {
        self.range == 1 && self.hop == Hop::None && !self.lame && self.second_leg.is_none()
    }

    /// Whether the component is a slide that captures by range when its piece is ranked under `range
    /// capture`: an unlimited rider that may capture, neither hopping, lame nor in two legs.
    pub fn may_range_capture(&self) -> bool {
        self.range == 0
            && self.hop == Hop::None
            && !self.lame
            && self.second_leg.is_none()
            && self.modality != Modality::Move
    }

    /// The owner-relative squares a walk may end on from `(0, 0)` on an empty board (not `(0, 0)` itself), and
    /// how many legs it has; `None` for a component that is not a walk. A leg that slides goes up to
    /// [`RIDING_WALK_REACH`] squares.
    pub fn walk_squares(&self) -> Option<(Vec<(i8, i8)>, usize)> {
        if !self.is_walk() {
            return None;
        }
        let leg = self.second_leg.as_ref()?;
        let reach = |range: u8| match range {
            0 => RIDING_WALK_REACH,
            r => r.min(RIDING_WALK_REACH as u8) as i8,
        };
        let mut out = Vec::new();
        for (&(ax, ay), seconds) in self.vectors.iter().zip(&leg.vectors) {
            for &(bx, by) in seconds {
                let two = (ax + bx, ay + by);
                match &leg.third {
                    None if self.rides_in_walk() => {
                        for i in 1..=reach(self.range) {
                            for j in 1..=reach(leg.range) {
                                out.push((ax * i + bx * j, ay * i + by * j));
                            }
                        }
                    }
                    None => out.push(two),
                    Some(third) => {
                        let next = third.steps.iter().find(|(s, _)| *s == (bx, by));
                        for &(cx, cy) in next.map(|(_, n)| n.as_slice()).unwrap_or(&[]) {
                            out.push((two.0 + cx, two.1 + cy));
                        }
                    }
                }
            }
        }
        out.retain(|&v| v != (0, 0));
        out.sort_unstable();
        out.dedup();
        Some((out, if leg.third.is_some() { 3 } else { 2 }))
    }

    /// Whether the component is a walk of two legs either of which slides: a hook move (`mRasR`, a slide
    /// through empty squares, a turn, and a slide on).
    pub fn rides_in_walk(&self) -> bool {
        self.is_walk()
            && self
                .second_leg
                .as_ref()
                .is_some_and(|leg| self.range != 1 || leg.range != 1)
    }

    /// Whether the component is a walk: a move in two or three legs whose legs before the last only move
    /// (`mKaK`, `mKamKaK`). Nothing happens on its way, so it is one move to each square it may end on, with
    /// no middle square, and it never ends where it started.
    pub fn is_walk(&self) -> bool {
        self.second_leg.as_ref().is_some_and(|leg| {
            self.modality == Modality::Move
                && leg
                    .third
                    .as_ref()
                    .is_none_or(|_| leg.modality == Modality::Move)
        })
    }
}

/// How far a leg of a walk that slides is followed where no board bounds it ([`MoveSpec::walk_squares`]):
/// across the largest board (36x36).
pub const RIDING_WALK_REACH: i8 = 35;

/// The second leg of a move in two legs, such as the lion's `KaK`: a step taken from the square the first
/// leg (a leap of [`MoveSpec::vectors`]) reached, to an empty square, an enemy piece, or back to the square
/// the piece left.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct SecondLeg {
    /// For each vector of the first leg, in the same order, the owner-relative steps the second leg may take
    /// after it.
    pub vectors: Vec<Vec<(i8, i8)>>,
    /// Move, capture or both, on the square the second leg ends on.
    pub modality: Modality,
    /// Steps along the second leg's line: 1 for one step, 0 for unlimited. Only a walk of two legs slides on
    /// its second leg (a hook move, `mRasR`).
    pub range: u8,
    /// A third leg, in a walk: the first two legs only move (`mKamKaK`).
    pub third: Option<ThirdLeg>,
}

impl SecondLeg {
    /// What the move's last leg (this one, or the third) may do where it ends.
    pub fn last_modality(&self) -> Modality {
        self.third.as_ref().map_or(self.modality, |t| t.modality)
    }
}

/// For each step a leg may take, the steps the next leg may take after it.
pub type StepsAfter = Vec<((i8, i8), Vec<(i8, i8)>)>;

/// The third leg of a walk (`mKamKaK`), taken from the square the second leg reached.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct ThirdLeg {
    /// For each owner-relative step the second leg may take, the owner-relative steps of this leg after it.
    pub steps: StepsAfter,
    /// Move, capture or both, on the square the walk ends on.
    pub modality: Modality,
}
