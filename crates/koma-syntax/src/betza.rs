//! Betza move notation: the subset koma accepts (documented in `grammar/README.md`).
//!
//! A Betza string such as `WfF` or `fmWfceFifmnD` is a union of components. Each component is an atom
//! (a leap such as `W` = (1,0) or `N` = (2,1), or a slider `R B Q`) with optional modifiers before it
//! (directions, `m`/`c`, `p`/`g`, `n`, `i`) and an optional range after it. [`parse`] checks every rule
//! of the subset and reports the exact offset of a mistake; [`Component::vectors`] expands a component into
//! owner-relative step vectors `(dx, dy)`, with `dx > 0` to the owner's right and `dy > 0` forward.

use std::fmt;

use crate::ast::Span;
pub use koma_vm::spec::{Hop, Modality};

/// A Betza atom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Atom {
    /// Wazir (1,0).
    W,
    /// Ferz (1,1).
    F,
    /// Dabbaba (2,0).
    D,
    /// Knight (2,1).
    N,
    /// Alfil (2,2).
    A,
    /// Threeleaper (3,0).
    H,
    /// Camel (3,1).
    C,
    /// Zebra (3,2).
    Z,
    /// Tripper (3,3).
    G,
    /// King: W and F.
    K,
    /// Rook: W slider.
    R,
    /// Bishop: F slider.
    B,
    /// Queen: K slider.
    Q,
}

impl Atom {
    fn from_char(c: char) -> Option<Atom> {
        Some(match c {
            'W' => Atom::W,
            'F' => Atom::F,
            'D' => Atom::D,
            'N' => Atom::N,
            'A' => Atom::A,
            'H' => Atom::H,
            'C' | 'L' => Atom::C,
            'Z' | 'J' => Atom::Z,
            'G' => Atom::G,
            'K' => Atom::K,
            'R' => Atom::R,
            'B' => Atom::B,
            'Q' => Atom::Q,
            _ => return None,
        })
    }

    /// The canonical letter.
    pub fn letter(self) -> char {
        match self {
            Atom::W => 'W',
            Atom::F => 'F',
            Atom::D => 'D',
            Atom::N => 'N',
            Atom::A => 'A',
            Atom::H => 'H',
            Atom::C => 'C',
            Atom::Z => 'Z',
            Atom::G => 'G',
            Atom::K => 'K',
            Atom::R => 'R',
            Atom::B => 'B',
            Atom::Q => 'Q',
        }
    }

    /// The leap `(long, short)` for simple atoms; `None` for the compound `K R B Q`.
    fn leap(self) -> Option<(i8, i8)> {
        Some(match self {
            Atom::W => (1, 0),
            Atom::F => (1, 1),
            Atom::D => (2, 0),
            Atom::N => (2, 1),
            Atom::A => (2, 2),
            Atom::H => (3, 0),
            Atom::C => (3, 1),
            Atom::Z => (3, 2),
            Atom::G => (3, 3),
            Atom::K | Atom::R | Atom::B | Atom::Q => return None,
        })
    }

    fn class(self) -> Class {
        match self {
            Atom::W | Atom::D | Atom::H | Atom::R => Class::Orthogonal,
            Atom::F | Atom::A | Atom::G | Atom::B => Class::Diagonal,
            Atom::N | Atom::C | Atom::Z => Class::Oblique,
            Atom::K | Atom::Q => Class::King,
        }
    }

    fn is_slider(self) -> bool {
        matches!(self, Atom::R | Atom::B | Atom::Q)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Orthogonal,
    Diagonal,
    Oblique,
    King,
}

/// One component of a Betza string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// `i`: only for a piece that has not moved yet.
    pub initial: bool,
    /// The direction letters as written (empty: all directions).
    pub directions: String,
    /// `m`, `c` or neither.
    pub modality: Modality,
    /// `p`, `g` or neither.
    pub hop: Hop,
    /// `n`: a lame leaper, blocked by a piece on its path.
    pub lame: bool,
    /// The atom.
    pub atom: Atom,
    /// Number of steps along a line: 1 for a leap, 0 for unlimited.
    pub range: u8,
    /// Where the component is written, relative to the start of the Betza string.
    pub span: Span,
    vectors: Vec<(i8, i8)>,
    /// `a` and what follows it: the second leg of a move in two legs.
    pub second_leg: Option<Leg>,
}

/// The second leg of a move in two legs (`KaK`, the lion's): its directions are read relative to the first
/// leg's step, `f` going on the same way, `b` coming back, `l` and `r` turning square to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leg {
    /// The relative direction letters as written (empty: all directions).
    pub directions: String,
    /// `m`, `c` or neither, on the square the leg ends on.
    pub modality: Modality,
    /// The atom: `W`, `F` or `K`, or a slide, `R`, `B` or `Q` (a hook move, `mRasR`, or the hook mover's two
    /// slides in one turn, `RaR`).
    pub atom: Atom,
    /// Steps along the leg's line: 1 for one step, 0 for unlimited.
    pub range: u8,
    /// Where `a` and the leg are written, relative to the start of the Betza string.
    pub span: Span,
    /// For each first-leg vector of the component, the owner-relative steps of this leg after it.
    vectors: Vec<Vec<(i8, i8)>>,
    /// A third leg after this one, in a walk (`mKamKaK`: the legs before the last only move).
    pub third: Option<Box<ThirdLeg>>,
}

/// The third leg of a walk (`mKamKaK`): its directions are read relative to the second leg's step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThirdLeg {
    /// The relative direction letters as written (empty: all directions).
    pub directions: String,
    /// `m`, `c` or neither, on the square the walk ends on.
    pub modality: Modality,
    /// The atom: `W`, `F` or `K`.
    pub atom: Atom,
    /// Where `a` and the leg are written, relative to the start of the Betza string.
    pub span: Span,
    /// For each step the second leg may take, the owner-relative steps of this leg after it.
    pub steps: koma_vm::spec::StepsAfter,
}

impl Leg {
    /// For each first-leg vector of its component (in the order of [`Component::vectors`]), the
    /// owner-relative steps this leg may take after it.
    pub fn vectors(&self) -> &[Vec<(i8, i8)>] {
        &self.vectors
    }
}

impl Component {
    /// The owner-relative step vectors `(dx, dy)` of this component: `dx > 0` is the owner's right,
    /// `dy > 0` is forward. A slider steps repeatedly along each vector.
    pub fn vectors(&self) -> &[(i8, i8)] {
        &self.vectors
    }

    /// Whether the component repeats its step along a line (range other than 1).
    pub fn is_rider(&self) -> bool {
        self.range != 1
    }
}

/// A parsed Betza string: the union of its components.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Betza {
    /// The components in the order written.
    pub components: Vec<Component>,
    /// Things that are accepted but probably not meant.
    pub warnings: Vec<BetzaDiagnostic>,
}

/// A mistake (or, as a warning, a doubtful spot) in a Betza string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct BetzaDiagnostic {
    /// What is wrong.
    pub message: String,
    /// How to fix it, when there is something to say.
    pub hint: Option<String>,
    /// Where, relative to the start of the Betza string.
    pub span: Span,
    /// For a warning: which kind of doubtful spot it is. `None` for an error.
    pub warning: Option<BetzaWarning>,
}

/// The kinds of doubtful spot in a Betza string that are accepted with a warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BetzaWarning {
    /// `m` and `c` on one component: the same as neither.
    MoveAndCapture,
    /// `L` or `J` for the camel `C` or the zebra `Z`.
    AtomAlias,
    /// Directions on `K` or `Q`, which other programs read differently.
    DirectionsOnKing,
    /// A component whose moves an earlier component already gives.
    RepeatedComponent,
}

impl BetzaDiagnostic {
    fn warning(mut self, kind: BetzaWarning) -> BetzaDiagnostic {
        self.warning = Some(kind);
        self
    }
}

/// The warning on directions written on `K` or `Q` (`fK`), which koma reads as XBoard does, `n` directions of
/// the eight, and Fairy-Stockfish as the directions applied to each of its two parts (`fWfF`).
fn directions_on_king(atom: Atom, dirs: &str, span: Span, n: usize) -> BetzaDiagnostic {
    let (orthogonal, diagonal) = if atom == Atom::K {
        ('W', 'F')
    } else {
        ('R', 'B')
    };
    let letter = atom.letter();
    let help = format!(
        "koma reads `{dirs}{letter}` as XBoard does, the directions named among its eight (here {n}); \
         Fairy-Stockfish reads it as `{dirs}{orthogonal}{dirs}{diagonal}`, the directions applied to each \
         part. Write the {orthogonal} and {diagonal} parts separately to say which you mean"
    );
    diag(
        span,
        format!("directions on `{letter}` are read differently by other programs"),
        Some(&help),
    )
    .warning(BetzaWarning::DirectionsOnKing)
}

fn diag(span: Span, message: impl Into<String>, hint: Option<&str>) -> BetzaDiagnostic {
    BetzaDiagnostic {
        message: message.into(),
        hint: hint.map(str::to_string),
        span,
        warning: None,
    }
}

const DIRECTIONS: &str = "fblrvsh";
const V2_MODIFIERS: &str = "ajedotuxykqz";

/// Parses a Betza string. The empty string is a piece that cannot move.
pub fn parse(text: &str) -> Result<Betza, BetzaDiagnostic> {
    let mut r = Reader {
        text,
        chars: text.char_indices().collect(),
        i: 0,
        betza: Betza::default(),
    };
    while r.i < r.chars.len() {
        r.component()?;
    }
    warn_cross_duplicates(&mut r.betza);
    Ok(r.betza)
}

/// A cursor over the characters of a Betza string, collecting what it has read.
struct Reader<'a> {
    text: &'a str,
    chars: Vec<(usize, char)>,
    i: usize,
    betza: Betza,
}

/// The modifiers before an atom.
#[derive(Default)]
struct Modifiers {
    initial: bool,
    /// The modality and the index of the letter that set it.
    modality: Option<(Modality, usize)>,
    hop: Hop,
    lame: bool,
    /// The run of direction letters, as indices `start..end` into the characters.
    directions: Option<(usize, usize)>,
}

impl Reader<'_> {
    /// The byte offset of character `i` (the text's length past the end).
    fn offset(&self, i: usize) -> usize {
        self.chars.get(i).map_or(self.text.len(), |&(o, _)| o)
    }

    /// Reads one component: modifiers, an atom, a range.
    fn component(&mut self) -> Result<(), BetzaDiagnostic> {
        let start = self.i;
        let m = self.modifiers()?;
        let Some(&(atom_off, atom_char)) = self.chars.get(self.i) else {
            return Err(diag(
                self.chars[start].0..self.text.len(),
                "modifiers with no atom after them",
                Some("a component ends with an atom letter such as `W` or `N`"),
            ));
        };
        let atom_span = atom_off..self.offset(self.i + 1);
        let Some(atom) = Atom::from_char(atom_char) else {
            return Err(unknown_char(atom_char, atom_span));
        };
        if matches!(atom_char, 'L' | 'J') {
            let (what, hint) = match atom_char {
                'L' => (
                    "the camel, a (3,1) leap",
                    "write `C` for the camel; a lance (a rook forward only) is `fR`",
                ),
                _ => ("the zebra, a (3,2) leap", "write `Z` for the zebra"),
            };
            self.betza.warnings.push(
                diag(
                    atom_span,
                    format!("`{atom_char}` is an alias of `{}`, {what}", atom.letter()),
                    Some(hint),
                )
                .warning(BetzaWarning::AtomAlias),
            );
        }
        self.i += 1;
        let range = parse_range(&self.chars, &mut self.i, atom, self.text.len())?;
        let span = self.chars[start].0..self.offset(self.i);
        let (dirs, dir_span) = match m.directions {
            Some((s, e)) => (
                self.chars[s..e].iter().map(|&(_, c)| c).collect::<String>(),
                self.chars[s].0..self.offset(e),
            ),
            None => (String::new(), 0..0),
        };
        check_modifiers_fit(&m, atom, range, &span)?;
        let vectors = expand(atom, &dirs, dir_span.clone())?;
        if !dirs.is_empty() && atom.class() == Class::King {
            let warning = directions_on_king(atom, &dirs, dir_span, vectors.len());
            self.betza.warnings.push(warning);
        }
        let second_leg = if self.chars.get(self.i).is_some_and(|&(_, c)| c == 'a') {
            Some(self.second_leg(&m, atom, range, &span, &vectors)?)
        } else {
            None
        };
        let span = match &second_leg {
            Some(leg) => span.start..leg.span.end,
            None => span,
        };
        self.betza.components.push(Component {
            initial: m.initial,
            directions: dirs,
            modality: m.modality.map_or(Modality::Both, |(m, _)| m),
            hop: m.hop,
            lame: m.lame,
            atom,
            range,
            span,
            vectors,
            second_leg,
        });
        Ok(())
    }

    /// Reads the modifiers of a second leg, `m` or `c` and relative directions, up to its atom.
    fn leg_modifiers(&mut self) -> Result<(Option<Modality>, String), BetzaDiagnostic> {
        let mut modality = None;
        let mut directions = String::new();
        while let Some(&(off, c)) = self.chars.get(self.i) {
            let here = off..self.offset(self.i + 1);
            match c {
                'm' | 'c' if modality.is_none() => {
                    modality = Some(if c == 'm' {
                        Modality::Move
                    } else {
                        Modality::Capture
                    })
                }
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => directions.push(c),
                'm' | 'c' => {
                    return Err(diag(
                        here,
                        "a second leg takes one of `m` and `c`",
                        Some("without either, the leg may move or capture"),
                    ));
                }
                'a' => {
                    return Err(diag(
                        here,
                        "a move has at most two legs",
                        Some("the lion's two steps are `KaK`"),
                    ));
                }
                c if c.is_ascii_uppercase() => break,
                c => {
                    return Err(diag(
                        here,
                        format!("`{c}` cannot be written in a second leg"),
                        Some(
                            "a second leg takes `m` or `c` and the directions f, b, l, r, v, s, read from the first leg's step",
                        ),
                    ));
                }
            }
            self.i += 1;
        }
        Ok((modality, directions))
    }

    /// Reads `a` and a later leg up to the end of its atom: `m` or `c`, relative directions, and a one-step
    /// atom `W`, `F` or `K` with no range, or when `riding` (a second leg) a slide too: `R`, `B`,
    /// `Q`, or a step atom with a range. `which` names the leg (`second`), `example` shows one. Returns the
    /// leg's range with it (1: one step, 0: unlimited).
    fn leg_atom(
        &mut self,
        which: &str,
        example: &str,
        riding: bool,
    ) -> Result<(Option<Modality>, String, Atom, u8), BetzaDiagnostic> {
        let start = self.i;
        self.i += 1;
        let (modality, directions) = self.leg_modifiers()?;
        let Some(&(off, c)) = self.chars.get(self.i) else {
            let help = format!("write the {which} leg's atom, as in `{example}`");
            return Err(diag(
                self.chars[start].0..self.text.len(),
                format!("`a` with no {which} leg after it"),
                Some(&help),
            ));
        };
        let atom_span = off..self.offset(self.i + 1);
        let atom = match Atom::from_char(c) {
            Some(a @ (Atom::W | Atom::F | Atom::K)) => a,
            Some(a @ (Atom::R | Atom::B | Atom::Q)) if riding => a,
            Some(Atom::R | Atom::B | Atom::Q) => {
                return Err(diag(
                    atom_span,
                    format!(
                        "a {which} leg is one step, `W`, `F` or `K`: a move whose legs slide has two legs"
                    ),
                    Some("three legs are a walk of steps, `mKamKaK`"),
                ));
            }
            Some(_) => {
                return Err(diag(
                    atom_span,
                    format!("a {which} leg is one step, `W`, `F` or `K`, not `{c}`"),
                    None,
                ));
            }
            None => return Err(unknown_char(c, atom_span)),
        };
        self.i += 1;
        if riding {
            // A slide or a king step followed by its own letter: the next component starts there (`RaRR`,
            // the hook mover's two slides and its plain slide), as no doubling makes sense of it.
            let again = self.chars.get(self.i).is_some_and(|&(_, d)| d == c);
            if again && (atom.is_slider() || atom == Atom::K) {
                return Ok((modality, directions, atom, u8::from(!atom.is_slider())));
            }
            let range = parse_range(&self.chars, &mut self.i, atom, self.text.len())?;
            return Ok((modality, directions, atom, range));
        }
        if let Some(&(doff, _)) = self.chars.get(self.i).filter(|(_, d)| d.is_ascii_digit()) {
            return Err(diag(
                doff..self.offset(self.i + 1),
                format!("a {which} leg is one step and takes no range"),
                None,
            ));
        }
        Ok((modality, directions, atom, 1))
    }

    /// Reads `a` and the second leg after a first leg with modifiers `first`, atom `atom`, range `range` and
    /// steps `steps`: a step atom `W`, `F` or `K`, with `m` or `c` and relative directions `f b l r v s`.
    /// Either leg may slide (`R`, `B`, `Q`, or a step atom with a range): a hook move (`mRasR`), or two slides
    /// in one turn (`RaR`); a move whose legs slide has two legs.
    fn second_leg(
        &mut self,
        first: &Modifiers,
        atom: Atom,
        range: u8,
        first_span: &Span,
        steps: &[(i8, i8)],
    ) -> Result<Leg, BetzaDiagnostic> {
        let start = self.i;
        check_first_leg(first, atom, range, first_span)?;
        let (modality, directions, leg_atom, leg_range) = self.leg_atom("second", "KaK", true)?;
        if first.hop == Hop::Sweep && leg_range != 1 {
            return Err(diag(
                first_span.start..self.offset(self.i),
                "after a sweep (`w`) the second leg is one step",
                Some(
                    "a second leg that slid could cross the squares the sweep cleared: write one step, `cwfF3abF`",
                ),
            ));
        }
        let rides = range != 1 || leg_range != 1;
        match self.chars.get(self.i) {
            Some(&(aoff, 'a')) if rides => {
                return Err(diag(
                    aoff..self.offset(self.i + 1),
                    "a move whose legs slide has two legs",
                    Some(
                        "a hook move is a slide and a turn, `mRasR`; three legs are only steps, `mKamKaK`",
                    ),
                ));
            }
            Some(&(aoff, 'a'))
                if first.modality.map(|(m, _)| m) != Some(Modality::Move)
                    || modality != Some(Modality::Move) =>
            {
                return Err(diag(
                    aoff..self.offset(self.i + 1),
                    "a move has at most two legs, or three in a walk",
                    Some(
                        "the lion's two king steps are `KaK`; a walk of three steps that only move before the last is `mKamKaK`",
                    ),
                ));
            }
            _ => {}
        }
        let span = self.chars[start].0..self.offset(self.i);
        let vectors = steps
            .iter()
            .map(|&first| relative_steps(first, leg_atom, &directions))
            .collect::<Vec<_>>();
        if vectors.iter().all(Vec::is_empty) {
            return Err(diag(
                span,
                format!(
                    "directions `{directions}` select no step of `{}` after the first leg",
                    leg_atom.letter()
                ),
                Some(
                    "after a `W` step, `fW` goes on the same way and `bW` comes back; `F` after `W` is never f, b, l or r",
                ),
            ));
        }
        let third = if self.chars.get(self.i).is_some_and(|&(_, c)| c == 'a') {
            Some(Box::new(self.third_leg(&vectors)?))
        } else {
            None
        };
        let span = match &third {
            Some(t) => span.start..t.span.end,
            None => span,
        };
        Ok(Leg {
            directions,
            modality: modality.unwrap_or(Modality::Both),
            atom: leg_atom,
            range: leg_range,
            span,
            vectors,
            third,
        })
    }

    /// Reads `a` and the third leg of a walk, after a second leg whose steps are `second_steps` (per
    /// first-leg vector): a one-step atom with `m` or `c` and directions relative to the
    /// second leg's step.
    fn third_leg(&mut self, second_steps: &[Vec<(i8, i8)>]) -> Result<ThirdLeg, BetzaDiagnostic> {
        let start = self.i;
        let (modality, directions, atom, _) = self.leg_atom("third", "mKamKaK", false)?;
        if let Some(&(aoff, 'a')) = self.chars.get(self.i) {
            return Err(diag(
                aoff..self.offset(self.i + 1),
                "a walk has at most three legs",
                Some("the area move of tenjiku's Fire Demon is three king steps, `mKamKaK`"),
            ));
        }
        let span = self.chars[start].0..self.offset(self.i);
        let mut seconds: Vec<(i8, i8)> = second_steps.iter().flatten().copied().collect();
        seconds.sort_unstable();
        seconds.dedup();
        let steps: koma_vm::spec::StepsAfter = seconds
            .into_iter()
            .map(|s| (s, relative_steps(s, atom, &directions)))
            .collect();
        if steps.iter().all(|(_, v)| v.is_empty()) {
            return Err(diag(
                span,
                format!(
                    "directions `{directions}` select no step of `{}` after the second leg",
                    atom.letter()
                ),
                None,
            ));
        }
        Ok(ThirdLeg {
            directions,
            modality: modality.unwrap_or(Modality::Both),
            atom,
            span,
            steps,
        })
    }

    /// Reads modifier letters, in any order; direction letters must form one contiguous run. Stops at the atom.
    fn modifiers(&mut self) -> Result<Modifiers, BetzaDiagnostic> {
        let mut m = Modifiers::default();
        while let Some(&(off, c)) = self.chars.get(self.i) {
            let i = self.i;
            let here = off..self.offset(i + 1);
            match c {
                c if DIRECTIONS.contains(c) => match m.directions {
                    None => m.directions = Some((i, i + 1)),
                    Some((s, e)) if e == i => m.directions = Some((s, i + 1)),
                    Some(_) => {
                        return Err(diag(
                            here,
                            format!(
                                "direction `{c}` is separated from the other direction letters"
                            ),
                            Some(
                                "write all direction letters of a component together, e.g. `fmbW` as `fbmW`",
                            ),
                        ));
                    }
                },
                'i' if !m.initial => m.initial = true,
                'm' | 'c' => self.modality(&mut m, c, here)?,
                // `jj`: passes over every square of the line.
                'j' if m.hop == Hop::Skip
                    && self
                        .chars
                        .get(i.wrapping_sub(1))
                        .is_some_and(|&(_, p)| p == 'j') =>
                {
                    m.hop = Hop::Over
                }
                'p' | 'g' | 'j' if m.hop == Hop::None => {
                    m.hop = match c {
                        'p' => Hop::Cannon,
                        'g' => Hop::Grasshopper,
                        _ => Hop::Skip,
                    }
                }
                // `w`: sweeps its line, taking every enemy piece it passes over (koma's own).
                'w' if m.hop == Hop::None => m.hop = Hop::Sweep,
                'n' if !m.lame => m.lame = true,
                'i' | 'p' | 'g' | 'j' | 'n' | 'w' => {
                    return Err(diag(
                        here,
                        format!("modifier `{c}` is written twice or conflicts"),
                        None,
                    ));
                }
                c if V2_MODIFIERS.contains(c)
                    && Atom::from_char(c.to_ascii_uppercase()).is_some()
                    && !self.chars[i + 1..]
                        .iter()
                        .any(|&(_, d)| d.is_ascii_uppercase()) =>
                {
                    return Err(unknown_char(c, here));
                }
                c if V2_MODIFIERS.contains(c) => return Err(unsupported_feature(c, here)),
                c if c.is_ascii_uppercase() => break,
                _ => return Err(unknown_char(c, here)),
            }
            self.i += 1;
        }
        Ok(m)
    }

    /// Reads `m` or `c`; both together mean the default, with a warning.
    fn modality(&mut self, m: &mut Modifiers, c: char, here: Span) -> Result<(), BetzaDiagnostic> {
        let new = if c == 'm' {
            Modality::Move
        } else {
            Modality::Capture
        };
        m.modality = match m.modality {
            None => Some((new, self.i)),
            Some((prev, _)) if prev == new => {
                return Err(diag(here, format!("modifier `{c}` is written twice"), None));
            }
            Some((_, at)) => {
                self.betza.warnings.push(
                    diag(
                        self.chars[at].0..here.end,
                        "`m` and `c` together mean the default (move or capture)",
                        Some("leave both out"),
                    )
                    .warning(BetzaWarning::MoveAndCapture),
                );
                Some((Modality::Both, self.i))
            }
        };
        Ok(())
    }
}

/// The first leg of a move in two legs is a plain leap, or a slide (a sweep among them): not a hopper, a lame
/// leaper nor an initial move.
fn check_first_leg(
    first: &Modifiers,
    atom: Atom,
    range: u8,
    span: &Span,
) -> Result<(), BetzaDiagnostic> {
    let steps_one_square = matches!(
        atom,
        Atom::W | Atom::F | Atom::K | Atom::R | Atom::B | Atom::Q
    );
    let plain = matches!(first.hop, Hop::None | Hop::Sweep) && !first.lame && !first.initial;
    if !plain || range != 1 && !steps_one_square {
        return Err(diag(
            span.clone(),
            "the first leg of a move in two legs must be a plain leap or a slide",
            Some(
                "write a leap such as `K`, `W`, `fF` or `D`, or a slide such as `R` or `fB`, before `a`; hoppers, `n` and `i` take one leg",
            ),
        ));
    }
    Ok(())
}

/// A sweep (`w`) goes square by square along a line (`W`, `F`, `K` with a range of two or more, or `R`, `B`,
/// `Q`), and may take: what it passes over it takes.
fn check_sweep_fits(
    m: &Modifiers,
    atom: Atom,
    range: u8,
    span: &Span,
) -> Result<(), BetzaDiagnostic> {
    if !matches!(
        atom,
        Atom::W | Atom::F | Atom::K | Atom::R | Atom::B | Atom::Q
    ) || range == 1
    {
        return Err(diag(
            span.clone(),
            format!(
                "`w` sweeps a line square by square, but `{}` is not a step along a line with a range",
                atom.letter()
            ),
            Some(
                "write `w` before `R`, `B`, `Q`, or `W`, `F`, `K` with a range of two or more: `wfF4`",
            ),
        ));
    }
    if matches!(m.modality, Some((Modality::Move, _))) {
        return Err(diag(
            span.clone(),
            "`w` takes every enemy piece it passes over, which `m` (move only) forbids",
            Some("leave `m` out, or write `c` for a sweep that must end on an enemy piece"),
        ));
    }
    if m.lame || m.initial {
        return Err(diag(
            span.clone(),
            "`w` takes no other modifier than `c`",
            None,
        ));
    }
    Ok(())
}

/// Hoppers need a rider; lame leapers are D, A and N only.
fn check_modifiers_fit(
    m: &Modifiers,
    atom: Atom,
    range: u8,
    span: &Span,
) -> Result<(), BetzaDiagnostic> {
    if m.hop == Hop::Sweep {
        return check_sweep_fits(m, atom, range, span);
    }
    if matches!(m.hop, Hop::Skip | Hop::Over) && range == 1 {
        let what = if m.hop == Hop::Over {
            "`jj` passes over every piece of a line"
        } else {
            "`j` passes over the first square of a line"
        };
        return Err(diag(
            span.clone(),
            format!("{what}, but `{}` is a single step", atom.letter()),
            Some("use a slider such as `B`, or a range of two or more such as `sW3`"),
        ));
    }
    if m.hop != Hop::None && range == 1 {
        return Err(diag(
            span.clone(),
            format!(
                "`p`/`g` need a slider or rider, but `{}` is a single leap",
                atom.letter()
            ),
            Some("use a slider such as `R`, `B`, `Q` or a rider such as `W0` / `NN`"),
        ));
    }
    if m.lame && !(matches!(atom, Atom::D | Atom::A | Atom::N) && range == 1) {
        return Err(diag(
            span.clone(),
            format!(
                "`n` (lame leaper) works only on the leapers D, A and N, not on `{}`",
                atom.letter()
            ),
            Some("other lame moves are not in the language"),
        ));
    }
    Ok(())
}

/// An XBetza modifier outside the subset koma reads.
fn unsupported_feature(c: char, here: Span) -> BetzaDiagnostic {
    let what = match c {
        'a' => {
            return diag(
                here,
                "`a` joins the two legs of a move and comes after the first leg's atom",
                Some("the lion's two king steps are `KaK`"),
            );
        }
        'e' => "`e` (en passant)".to_string(),
        'd' => "`d` (capturing own pieces)".to_string(),
        _ => format!("modifier `{c}`"),
    };
    diag(
        here,
        format!("XBetza feature {what} is not supported by this toolkit version"),
        Some(
            "koma supports atoms W F D N A H C Z G K R B Q with directions, m, c, n, p, g, j, w and i, and `a` before a second leg",
        ),
    )
}

fn unknown_char(c: char, span: Span) -> BetzaDiagnostic {
    match c {
        '@' => diag(
            span,
            "`@` is not part of a move",
            Some(
                "drop descriptors (Sjaak/XBoard `f@5`) are not part of moves; write drop limits under `drop rules { ... }`",
            ),
        ),
        c if c.is_ascii_lowercase() && Atom::from_char(c.to_ascii_uppercase()).is_some() => diag(
            span,
            format!("atom `{c}` must be uppercase"),
            Some("atoms are uppercase letters (`W`), modifiers lowercase (`f`)"),
        ),
        'M' | 'P' | 'S' | 'V' => diag(
            span,
            format!("`{c}` is not an atom"),
            Some("modifiers are lowercase letters written before the atom"),
        ),
        'I' => diag(
            span,
            "`I` is not an atom",
            Some("the threeleaper is `H`; `I` is an obsolete alias"),
        ),
        c if c.is_ascii_digit() => diag(span, format!("digit `{c}` does not follow an atom"), None),
        c if c.is_whitespace() => diag(span, "spaces are not allowed inside a Betza string", None),
        c => diag(
            span,
            format!("unknown character `{c}` in a Betza string"),
            None,
        ),
    }
}

fn parse_range(
    chars: &[(usize, char)],
    i: &mut usize,
    atom: Atom,
    len: usize,
) -> Result<u8, BetzaDiagnostic> {
    let end_of = |j: usize| chars.get(j).map_or(len, |&(o, _)| o);
    let default = if atom.is_slider() { 0 } else { 1 };
    let Some(&(off, c)) = chars.get(*i) else {
        return Ok(default);
    };
    let doubled = Atom::from_char(c) == Some(atom) && c.is_ascii_uppercase();
    if doubled {
        if atom.is_slider() || atom == Atom::K {
            return Err(diag(
                off..end_of(*i + 1),
                format!(
                    "`{0}{0}` doubles an atom that is not a simple leap",
                    atom.letter()
                ),
                Some(
                    "`R`, `B` and `Q` already slide without limit; doubling applies to W F D N A H C Z G",
                ),
            ));
        }
        *i += 1;
        if let Some(&(doff, d)) = chars.get(*i)
            && d.is_ascii_digit()
        {
            return Err(diag(
                doff..end_of(*i + 1),
                "a doubled atom already rides without limit; it cannot take a range too",
                None,
            ));
        }
        return Ok(0);
    }
    if !c.is_ascii_digit() {
        return Ok(default);
    }
    let start = *i;
    while chars.get(*i).is_some_and(|&(_, d)| d.is_ascii_digit()) {
        *i += 1;
    }
    let digits: String = chars[start..*i].iter().map(|&(_, d)| d).collect();
    let span = off..end_of(*i);
    if atom.is_slider() {
        return Err(diag(
            span,
            format!(
                "`{}` already slides without limit and takes no range",
                atom.letter()
            ),
            Some(
                "for a limited slider write the step atom with a range, e.g. `W3` for a rook of range 3",
            ),
        ));
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return Err(diag(
            span,
            format!("range `{digits}` has a leading zero"),
            Some("exact ranges are not supported"),
        ));
    }
    match digits.parse::<u32>() {
        Ok(n) if n <= 99 => Ok(n as u8),
        _ => Err(diag(
            span,
            format!("range `{digits}` is larger than 99"),
            Some("use `0` for an unlimited rider"),
        )),
    }
}

/// The steps of `atom` that directions `dirs` select after a first leg along `first`: `f` the same way, `b`
/// back, `l` and `r` square to it on its left and right, `v` both of f and b, `s` both of l and r; no letter
/// selects every step.
fn relative_steps(first: (i8, i8), atom: Atom, dirs: &str) -> Vec<(i8, i8)> {
    let (fx, fy) = (first.0 as i32, first.1 as i32);
    all_vectors(atom)
        .into_iter()
        .filter(|&(x, y)| {
            if dirs.is_empty() {
                return true;
            }
            let (x, y) = (x as i32, y as i32);
            let dot = fx * x + fy * y;
            let cross = fx * y - fy * x;
            dirs.chars().any(|d| match d {
                'f' => cross == 0 && dot > 0,
                'b' => cross == 0 && dot < 0,
                'l' => dot == 0 && cross > 0,
                'r' => dot == 0 && cross < 0,
                'v' => cross == 0,
                's' => dot == 0,
                _ => false,
            })
        })
        .collect()
}

/// Expands direction letters into vectors for an atom.
fn expand(atom: Atom, dirs: &str, dir_span: Span) -> Result<Vec<(i8, i8)>, BetzaDiagnostic> {
    let all = all_vectors(atom);
    if dirs.is_empty() {
        return Ok(all);
    }
    let class = atom.class();
    let letters: Vec<char> = dirs.chars().collect();
    let mut out: Vec<(i8, i8)> = Vec::new();
    let mut k = 0;
    while k < letters.len() {
        let two: Option<String> = letters
            .get(k + 1)
            .map(|b| [letters[k], *b].iter().collect());
        let at = dir_span.start + k;
        let (token, set) = match two
            .as_deref()
            .and_then(|t| token_vectors(class, atom, t).map(|s| (t.to_string(), s)))
        {
            Some(found) => found,
            None => {
                let t = letters[k].to_string();
                match token_vectors(class, atom, &t) {
                    Some(s) => (t, s),
                    None => return Err(bad_direction(class, atom, letters[k], at..at + 1)),
                }
            }
        };
        if token.starts_with('h') && token.len() == 2 && k > 0 {
            return Err(diag(
                at..at + 2,
                format!("the chiral set `{token}` must come first among the directions"),
                None,
            ));
        }
        for v in set {
            if out.contains(&v) {
                return Err(diag(
                    at..at + token.len(),
                    format!(
                        "direction `{token}` repeats a move already selected in this component"
                    ),
                    Some("each move should be selected once"),
                ));
            }
            out.push(v);
        }
        k += token.len();
    }
    Ok(out)
}

fn bad_direction(class: Class, atom: Atom, c: char, span: Span) -> BetzaDiagnostic {
    let hint = match class {
        Class::Orthogonal => "orthogonal atoms take f, b, l, r, v and s",
        Class::Diagonal => {
            "diagonal atoms take f, b, l, r and pairs such as fl or br; v, s and h select nothing sensible"
        }
        Class::Oblique => {
            "oblique atoms take f b l r v s, pairs such as fs or rf, fh/bh/lh/rh, and a leading hl or hr"
        }
        Class::King => "K and Q take f, b, l, r, v, s and pairs such as fl",
    };
    diag(
        span,
        format!("direction `{c}` is not valid for `{}`", atom.letter()),
        Some(hint),
    )
}

fn all_vectors(atom: Atom) -> Vec<(i8, i8)> {
    match atom {
        Atom::K | Atom::Q => {
            let mut v = oblique_or_simple(1, 0);
            v.extend(oblique_or_simple(1, 1));
            v
        }
        Atom::R => oblique_or_simple(1, 0),
        Atom::B => oblique_or_simple(1, 1),
        _ => {
            let (a, b) = atom.leap().expect("simple atom");
            oblique_or_simple(a, b)
        }
    }
}

/// All symmetric images of the leap (a, b), without repeats.
fn oblique_or_simple(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The vectors selected by one direction token, or `None` if the token is not valid for the class.
fn token_vectors(class: Class, atom: Atom, token: &str) -> Option<Vec<(i8, i8)>> {
    let (a, b) = match atom {
        Atom::R | Atom::K | Atom::Q => (1, 0),
        Atom::B => (1, 1),
        _ => atom.leap().expect("simple atom"),
    };
    let v = |pairs: &[(i8, i8)]| Some(pairs.to_vec());
    match class {
        Class::Orthogonal => match token {
            "f" => v(&[(0, a)]),
            "b" => v(&[(0, -a)]),
            "l" => v(&[(-a, 0)]),
            "r" => v(&[(a, 0)]),
            "v" => v(&[(0, a), (0, -a)]),
            "s" => v(&[(-a, 0), (a, 0)]),
            _ => None,
        },
        Class::Diagonal => match token {
            "f" => v(&[(-a, a), (a, a)]),
            "b" => v(&[(-a, -a), (a, -a)]),
            "l" => v(&[(-a, a), (-a, -a)]),
            "r" => v(&[(a, a), (a, -a)]),
            "fl" | "lf" => v(&[(-a, a)]),
            "fr" | "rf" => v(&[(a, a)]),
            "bl" | "lb" => v(&[(-a, -a)]),
            "br" | "rb" => v(&[(a, -a)]),
            _ => None,
        },
        Class::Oblique => match token {
            "f" | "ff" => v(&[(-b, a), (b, a)]),
            "b" | "bb" => v(&[(-b, -a), (b, -a)]),
            "l" | "ll" => v(&[(-a, b), (-a, -b)]),
            "r" | "rr" => v(&[(a, b), (a, -b)]),
            "v" => v(&[(-b, a), (b, a), (-b, -a), (b, -a)]),
            "s" => v(&[(-a, b), (-a, -b), (a, b), (a, -b)]),
            "fs" => v(&[(-a, b), (a, b)]),
            "bs" => v(&[(-a, -b), (a, -b)]),
            "lv" => v(&[(-b, a), (-b, -a)]),
            "rv" => v(&[(b, a), (b, -a)]),
            "rf" => v(&[(b, a)]),
            "lf" => v(&[(-b, a)]),
            "fr" => v(&[(a, b)]),
            "fl" => v(&[(-a, b)]),
            "rb" => v(&[(b, -a)]),
            "lb" => v(&[(-b, -a)]),
            "br" => v(&[(a, -b)]),
            "bl" => v(&[(-a, -b)]),
            "fh" => v(&[(-b, a), (b, a), (-a, b), (a, b)]),
            "bh" => v(&[(-b, -a), (b, -a), (-a, -b), (a, -b)]),
            "lh" => v(&[(-a, b), (-a, -b), (-b, a), (-b, -a)]),
            "rh" => v(&[(a, b), (a, -b), (b, a), (b, -a)]),
            "hr" => v(&[(b, a), (a, -b), (-b, -a), (-a, b)]),
            "hl" => v(&[(-b, a), (-a, -b), (b, -a), (a, b)]),
            _ => None,
        },
        Class::King => match token {
            "f" | "ff" => v(&[(0, 1)]),
            "b" | "bb" => v(&[(0, -1)]),
            "l" | "ll" => v(&[(-1, 0)]),
            "r" | "rr" => v(&[(1, 0)]),
            "v" => v(&[(0, 1), (0, -1)]),
            "s" => v(&[(-1, 0), (1, 0)]),
            "fl" | "lf" => v(&[(-1, 1)]),
            "fr" | "rf" => v(&[(1, 1)]),
            "bl" | "lb" => v(&[(-1, -1)]),
            "br" | "rb" => v(&[(1, -1)]),
            "fs" => v(&[(-1, 1), (1, 1)]),
            "bs" => v(&[(-1, -1), (1, -1)]),
            "lv" => v(&[(-1, 1), (-1, -1)]),
            "rv" => v(&[(1, 1), (1, -1)]),
            _ => None,
        },
    }
}

fn warn_cross_duplicates(betza: &mut Betza) {
    let comps = &betza.components;
    let mut warnings = Vec::new();
    for (j, later) in comps.iter().enumerate() {
        for earlier in &comps[..j] {
            let same_kind = earlier.second_leg.is_none()
                && later.second_leg.is_none()
                && earlier.range == later.range
                && earlier.hop == later.hop
                && earlier.lame == later.lame
                && earlier.initial == later.initial
                && (earlier.modality == later.modality || earlier.modality == Modality::Both);
            if same_kind && later.vectors.iter().any(|v| earlier.vectors.contains(v)) {
                warnings.push(
                    diag(
                        later.span.clone(),
                        "this component repeats moves of an earlier component",
                        Some("the union is the same without it"),
                    )
                    .warning(BetzaWarning::RepeatedComponent),
                );
                break;
            }
        }
    }
    betza.warnings.extend(warnings);
}

impl fmt::Display for Component {
    /// Prints the component canonically, in WinBoard order: `i`, directions, `m`/`c`, `p`/`g`, `n`, atom, range.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.initial {
            f.write_str("i")?;
        }
        f.write_str(&self.directions)?;
        match self.modality {
            Modality::Both => {}
            Modality::Move => f.write_str("m")?,
            Modality::Capture => f.write_str("c")?,
        }
        match self.hop {
            Hop::None => {}
            Hop::Cannon => f.write_str("p")?,
            Hop::Grasshopper => f.write_str("g")?,
            Hop::Skip => f.write_str("j")?,
            Hop::Over => f.write_str("jj")?,
            Hop::Sweep => f.write_str("w")?,
        }
        if self.lame {
            f.write_str("n")?;
        }
        write!(f, "{}", self.atom.letter())?;
        match (self.atom.is_slider(), self.range) {
            (true, _) | (false, 1) => {}
            (false, r) => write!(f, "{r}")?,
        }
        let Some(leg) = &self.second_leg else {
            return Ok(());
        };
        write!(f, "a{}", leg.directions)?;
        match leg.modality {
            Modality::Both => {}
            Modality::Move => f.write_str("m")?,
            Modality::Capture => f.write_str("c")?,
        }
        write!(f, "{}", leg.atom.letter())?;
        match (leg.atom.is_slider(), leg.range) {
            (true, _) | (false, 1) => {}
            (false, r) => write!(f, "{r}")?,
        }
        let Some(third) = &leg.third else {
            return Ok(());
        };
        write!(f, "a{}", third.directions)?;
        match third.modality {
            Modality::Both => {}
            Modality::Move => f.write_str("m")?,
            Modality::Capture => f.write_str("c")?,
        }
        write!(f, "{}", third.atom.letter())
    }
}

impl fmt::Display for Betza {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.components.iter().try_for_each(|c| write!(f, "{c}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn set(s: &str) -> BTreeSet<(i8, i8, u8, bool)> {
        parse(s)
            .unwrap_or_else(|e| panic!("{s}: {e}"))
            .components
            .iter()
            .flat_map(|c| {
                c.vectors()
                    .iter()
                    .map(move |&(x, y)| (x, y, c.range, c.lame))
            })
            .collect()
    }

    fn err(s: &str) -> BetzaDiagnostic {
        parse(s).expect_err(s)
    }

    /// A first step, with the second-leg steps after it.
    type Steps = ((i8, i8), BTreeSet<(i8, i8)>);

    /// The second-leg steps after each first step of the only component of `s`.
    fn legs(s: &str) -> Vec<Steps> {
        let b = parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        let c = &b.components[0];
        let leg = c.second_leg.as_ref().expect("a second leg");
        c.vectors()
            .iter()
            .zip(leg.vectors())
            .map(|(&v, second)| (v, second.iter().copied().collect()))
            .collect()
    }

    #[test]
    fn a_doubled_j_passes_over_every_square_of_the_line() {
        let b = parse("jjfRjB").unwrap();
        assert_eq!(b.components[0].hop, Hop::Over);
        assert_eq!(b.components[1].hop, Hop::Skip);
        assert_eq!(b.to_string(), "fjjRjB");
        assert_eq!(parse("fjjR").unwrap().components[0].hop, Hop::Over);
        assert!(err("jjW").message.contains("single step"));
        assert!(err("jmjR").message.contains("written twice"));
        assert!(err("jjjR").message.contains("written twice"));
    }

    #[test]
    fn w_sweeps_a_line_square_by_square() {
        let b = parse("QwfF4wbF3wW3cwR").unwrap();
        assert_eq!(b.components[0].hop, Hop::None);
        for c in &b.components[1..] {
            assert_eq!(c.hop, Hop::Sweep, "{c}");
        }
        assert_eq!(b.components[1].range, 4);
        assert_eq!(b.components[1].vectors(), &[(-1, 1), (1, 1)][..]);
        assert_eq!(b.components[4].modality, Modality::Capture);
        assert_eq!(b.to_string(), "QfwF4bwF3wW3cwR");
        assert_eq!(parse(&b.to_string()).unwrap(), b);
        // A sweep may be the first leg of a move in two legs, whose second leg is one step: the Free Eagle's
        // capture three squares along a forward diagonal, and its step back.
        let c = &parse("cwfF3abF").unwrap().components[0];
        assert_eq!(
            (c.hop, c.range, c.modality),
            (Hop::Sweep, 3, Modality::Capture)
        );
        assert_eq!(c.second_leg.as_ref().map(|l| l.range), Some(1));
        // A step, a leap off the line's squares, or a move only: refused, at the atom.
        for (text, says) in [
            ("wF", "not a step along a line"),
            ("wN", "not a step along a line"),
            ("wD3", "not a step along a line"),
            ("mwR", "move only"),
            ("wwR", "written twice"),
            ("wjR", "written twice"),
            ("wRaR", "one step"),
            ("wRaW2", "one step"),
        ] {
            let e = err(text);
            assert!(
                e.message.contains(says) || e.hint.as_deref().is_some_and(|h| h.contains(says)),
                "{text}: {e:?}"
            );
        }
    }

    #[test]
    fn the_lion_steps_twice_in_every_direction() {
        let lion = legs("KaK");
        assert_eq!(lion.len(), 8);
        for (first, second) in &lion {
            assert_eq!(second.len(), 8, "after {first:?}");
            assert!(
                second.contains(&(-first.0, -first.1)),
                "back after {first:?}"
            );
        }
        let b = parse("KNADKaK").unwrap();
        assert_eq!(b.components.len(), 5);
        assert!(b.warnings.is_empty(), "{:?}", b.warnings);
        assert_eq!(b.to_string(), "KNADKaK");
    }

    #[test]
    fn second_leg_directions_are_read_from_the_first_step() {
        // The Falcon: a step forward, then on forward or back.
        assert_eq!(legs("fWafbW"), vec![((0, 1), [(0, 1), (0, -1)].into())]);
        // The Eagle: along each forward diagonal, on or back.
        assert_eq!(
            legs("fFafbF"),
            vec![
                ((-1, 1), [(-1, 1), (1, -1)].into()),
                ((1, 1), [(1, 1), (-1, -1)].into())
            ]
        );
        // Sideways from a forward step turns left and right of it; from a step to the right, `l` is forward.
        assert_eq!(legs("fWasW"), vec![((0, 1), [(-1, 0), (1, 0)].into())]);
        assert_eq!(legs("rWalW"), vec![((1, 0), [(0, 1)].into())]);
        assert!(err("fWamcfW").message.contains("one of `m` and `c`"));
        let b = parse("fWafmW").unwrap();
        assert_eq!(
            b.components[0].second_leg.as_ref().unwrap().modality,
            Modality::Move
        );
        assert_eq!(b.to_string(), "fWafmW");
    }

    #[test]
    fn a_walk_may_take_a_third_leg_read_from_the_second() {
        let b = parse("mKamKaK").unwrap();
        let leg = b.components[0].second_leg.as_ref().unwrap();
        let third = leg.third.as_ref().unwrap();
        assert_eq!(third.modality, Modality::Both);
        // Every king step may follow every king step.
        assert_eq!(third.steps.len(), 8);
        assert!(third.steps.iter().all(|(_, next)| next.len() == 8));
        // Straight on after a step to the right: one step, to the right again.
        let straight = parse("mWamWafW").unwrap();
        let third = straight.components[0].second_leg.as_ref().unwrap();
        let third = third.third.as_ref().unwrap();
        let after_right = third.steps.iter().find(|(s, _)| *s == (1, 0)).unwrap();
        assert_eq!(after_right.1, vec![(1, 0)]);
        assert_eq!(b.to_string(), "mKamKaK");
        assert_eq!(straight.to_string(), "mWamWafW");
        // Only after legs that only move; never a fourth.
        assert!(err("KaKaK").message.contains("three in a walk"));
        assert!(err("mKaKaK").message.contains("three in a walk"));
        assert!(err("mKamKaKaK").message.contains("at most three legs"));
        assert!(err("mKamKaN").message.contains("third leg is one step"));
    }

    #[test]
    fn a_walk_of_two_legs_may_slide_on_either_leg() {
        // The Hook Mover's turn: a rook slide that only moves, then a rook slide square to it.
        let hook = parse("mRasR").unwrap();
        let c = &hook.components[0];
        assert_eq!(c.range, 0);
        let leg = c.second_leg.as_ref().unwrap();
        assert_eq!((leg.atom, leg.range), (Atom::R, 0));
        let after_forward = c
            .vectors()
            .iter()
            .position(|&v| v == (0, 1))
            .map(|i| leg.vectors()[i].clone());
        assert_eq!(after_forward, Some(vec![(1, 0), (-1, 0)]));
        assert_eq!(hook.to_string(), "mRasR");
        // Ranges on either leg, and a step after a slide.
        assert_eq!(parse("mW3asW2").unwrap().to_string(), "mW3asW2");
        assert_eq!(parse("mfBasB").unwrap().to_string(), "fmBasB");
        assert!(parse("mRasW").is_ok());
        assert!(parse("mWasR").is_ok());
        // Of two legs only.
        assert!(
            err("mRasRaW").message.contains("has two legs"),
            "{}",
            err("mRasRaW")
        );
        assert!(err("mWasRamW").message.contains("has two legs"));
        assert!(err("mNNasR").message.contains("plain leap"));
    }

    #[test]
    fn a_move_in_two_legs_may_slide_on_either_leg() {
        // The hook mover's two rook slides in one turn, taking on both ends; the Lion Hawk's bishop slide and
        // king step.
        let hook = parse("RaR").unwrap();
        let c = &hook.components[0];
        let leg = c.second_leg.as_ref().unwrap();
        assert_eq!((c.range, leg.atom, leg.range), (0, Atom::R, 0));
        assert_eq!(leg.vectors()[0].len(), 4, "every way of the second rook");
        assert_eq!(hook.to_string(), "RaR");
        assert_eq!(parse("BaK").unwrap().to_string(), "BaK");
        assert_eq!(parse("fBaB").unwrap().to_string(), "fBaB");
        assert_eq!(parse("W3asR").unwrap().to_string(), "W3asR");
        assert_eq!(parse("KaK2").unwrap().to_string(), "KaK2");
        // A slide written after a second leg of its own kind is a component of its own.
        let both = parse("RaRR").unwrap();
        assert_eq!(both.components.len(), 2);
        assert_eq!(both.to_string(), "RaRR");
        assert_eq!(parse("KaKK").unwrap().components.len(), 2);
        assert!(
            err("RaRaW").message.contains("two legs"),
            "{}",
            err("RaRaW")
        );
        assert!(
            err("KaKaR").message.contains("two legs"),
            "{}",
            err("KaKaR")
        );
        assert!(err("NNaR").message.contains("plain leap or a slide"));
    }

    #[test]
    fn two_leg_mistakes_are_named() {
        assert!(err("pRaK").message.contains("plain leap"));
        assert!(err("KaN").message.contains("one step"));
        assert!(err("KaKaK").message.contains("at most two legs"));
        assert!(err("Ka").message.contains("no second leg"));
        assert!(err("aK").message.contains("after the first leg"));
        assert!(err("KanK").message.contains("cannot be written"));
        assert_eq!(legs("WaF")[0].1.len(), 4);
        assert!(err("fWafF").message.contains("select no step"));
        assert_eq!(err("KaKaK").span, 3..4);
    }

    #[test]
    fn shogi_pieces() {
        assert_eq!(set("fW"), [(0, 1, 1, false)].into());
        assert_eq!(set("fN"), [(-1, 2, 1, false), (1, 2, 1, false)].into());
        assert_eq!(set("WfF").len(), 6);
        assert_eq!(set("FfW").len(), 5);
        assert_eq!(set("fR"), [(0, 1, 0, false)].into());
        assert_eq!(set("K").len(), 8);
        assert_eq!(set("RF").len(), 8);
    }

    #[test]
    fn equivalences_compare_vector_sets() {
        assert_eq!(set("fN"), set("ffN"));
        assert_eq!(set("fN"), set("lfNrfN"));
        assert_eq!(set("R"), set("W0"));
        assert_eq!(set("R"), set("WW"));
        assert_eq!(set("WfF"), set("fFvWsW"));
        assert_eq!(set("K"), set("WF"));
        assert_eq!(set("NN"), set("N0"));
    }

    #[test]
    fn oblique_direction_pairs() {
        let one = |s: &str| parse(s).unwrap().components[0].vectors().to_vec();
        assert_eq!(one("rfN"), [(1, 2)]);
        assert_eq!(one("frN"), [(2, 1)]);
        assert_eq!(one("fsN"), [(-2, 1), (2, 1)]);
        assert_eq!(one("hrN").len(), 4);
        assert_eq!(one("fhN").len(), 4);
    }

    #[test]
    fn print_then_parse_gives_the_same_moves() {
        for s in [
            "fmWfcFifmnD",
            "mRcpR",
            "gQ",
            "FfW",
            "lfNrfN",
            "W3",
            "NN",
            "fsK",
        ] {
            let printed = parse(s).unwrap().to_string();
            assert_eq!(set(&printed), set(s), "{s} printed as {printed}");
        }
        assert_eq!(parse("mfW").unwrap().to_string(), "fmW");
        assert_eq!(parse("NN").unwrap().to_string(), "N0");
    }

    #[test]
    fn rejections_point_at_the_offending_character() {
        let e = err("fWf@5");
        assert_eq!(e.span, 3..4);
        assert!(e.hint.as_deref().unwrap().contains("drop rules"));
        assert_eq!(err("fW f").span, 2..3);
        assert_eq!(err("fWf").span, 2..3);
        assert_eq!(err("hW").span, 0..1);
        assert_eq!(err("vF").span, 0..1);
        assert_eq!(err("fmbW").span, 2..3);
        assert_eq!(err("pN").span, 0..2);
        assert_eq!(err("nW").span, 0..2);
        assert_eq!(err("nC").span, 0..2);
        assert_eq!(err("KK").span, 1..2);
        assert_eq!(err("W03").span, 1..3);
        assert_eq!(err("W100").span, 1..4);
        assert_eq!(err("NN3").span, 2..3);
        assert_eq!(err("mafsW").span, 1..2);
        assert_eq!(err("Fw").span, 1..2);
        assert_eq!(err("I").span, 0..1);
        assert_eq!(err("ffF").span, 1..2);
        assert_eq!(err("flhrN").span, 2..4);
        assert_eq!(err("fmWfceF").span, 5..6);
        assert_eq!(err("3W").span, 0..1);
        assert!(err("k").message.contains("uppercase"));
        assert!(err("kW").message.contains("not supported"));
        assert!(err("M").hint.unwrap().contains("lowercase"));
    }

    #[test]
    fn warnings() {
        assert_eq!(parse("mcW").unwrap().warnings.len(), 1);
        assert_eq!(parse("WfW").unwrap().warnings.len(), 1);
        assert_eq!(parse("fK").unwrap().warnings.len(), 1);
        assert_eq!(parse("L").unwrap().warnings.len(), 1);
        assert!(parse("WfF").unwrap().warnings.is_empty());
        assert!(parse("").unwrap().components.is_empty());
    }

    #[test]
    fn directions_on_a_king_say_both_readings() {
        // koma: one step forward; Fairy-Stockfish: fW and fF, three steps.
        let fk = parse("fK").unwrap();
        assert_eq!(fk.components[0].vectors.len(), 1);
        let hint = fk.warnings[0].hint.clone().unwrap();
        assert!(
            hint.contains("(here 1)") && hint.contains("`fWfF`"),
            "{hint}"
        );
        let three = parse("fWfF").unwrap();
        let steps: usize = three.components.iter().map(|c| c.vectors.len()).sum();
        assert_eq!(steps, 3);
        let hint = parse("sQ").unwrap().warnings[0].hint.clone().unwrap();
        assert!(
            hint.contains("(here 2)") && hint.contains("`sRsB`"),
            "{hint}"
        );
    }
}
