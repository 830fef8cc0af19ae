//! The evaluation's weights for one game: one table of integers (centipawns), laid out by the terms the
//! rules give the game (its faces, its squares, the tiles that can be in hand), each entry a term with a name.
//! Nothing in the layout is written for one game.

use koma_vm::{FaceId, Player, Rules, Square};

use koma_vm::Values;

/// Copies of one tile in hand counted apart; the further copies share the last entry.
pub const HAND_COPIES: usize = 4;

/// What one weight counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// A piece showing this face on this square, the square seen from its owner's side (piece-square value).
    Square(FaceId, Square),
    /// The `n`th copy (from 0; the last counts every further copy) of this tile in hand.
    Hand(FaceId, usize),
    /// Each square a piece showing this face attacks that is not its owner's (mobility).
    Mobility(FaceId),
    /// King danger: an enemy piece showing this face within two squares of the king.
    NearKing(FaceId),
    /// King danger: an enemy piece showing this face farther away whose attacks reach the king's neighbours.
    AttacksKing(FaceId),
    /// King danger: a tile of this kind in the enemy's hand (which a drop can bring next to the king).
    HandAttacker(FaceId),
    /// King danger: a tile of this kind in the enemy's hand that a drop on an empty square would give check
    /// from, safely (a square the king's side does not attack, or one the dropping side attacks too that no
    /// piece of the king's side but the king attacks).
    DropCheck(FaceId),
    /// King danger: each own piece next to the king (a defender; its weight is negative).
    Defender,
    /// A piece showing this face attacked by an enemy piece worth less.
    Threatened(FaceId),
    /// A piece showing this face attacked and not defended.
    Hanging(FaceId),
    /// Having the move.
    Tempo,
}

/// Where each kind of term starts in the table of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    faces: usize,
    squares: usize,
    square: usize,
    hand: usize,
    mobility: usize,
    near_king: usize,
    attacks_king: usize,
    hand_attacker: usize,
    drop_check: usize,
    defender: usize,
    threatened: usize,
    hanging: usize,
    tempo: usize,
    len: usize,
}

impl Layout {
    /// The layout of a game's table.
    pub fn new(rules: &Rules) -> Layout {
        let faces = rules.faces.len();
        let squares = rules.squares();
        let square = 0;
        let hand = square + faces * squares;
        let mobility = hand + faces * HAND_COPIES;
        let near_king = mobility + faces;
        let attacks_king = near_king + faces;
        let hand_attacker = attacks_king + faces;
        let drop_check = hand_attacker + faces;
        let defender = drop_check + faces;
        let threatened = defender + 1;
        let hanging = threatened + faces;
        let tempo = hanging + faces;
        Layout {
            faces,
            squares,
            square,
            hand,
            mobility,
            near_king,
            attacks_king,
            hand_attacker,
            drop_check,
            defender,
            threatened,
            hanging,
            tempo,
            len: tempo + 1,
        }
    }

    /// How many weights the table holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table is empty (never: there is always a tempo).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index of a term's weight.
    #[inline(always)]
    pub fn index(&self, term: Term) -> usize {
        match term {
            Term::Square(f, sq) => self.square + f.index() * self.squares + sq.index(),
            Term::Hand(t, n) => self.hand + t.index() * HAND_COPIES + n.min(HAND_COPIES - 1),
            Term::Mobility(f) => self.mobility + f.index(),
            Term::NearKing(f) => self.near_king + f.index(),
            Term::AttacksKing(f) => self.attacks_king + f.index(),
            Term::HandAttacker(t) => self.hand_attacker + t.index(),
            Term::DropCheck(t) => self.drop_check + t.index(),
            Term::Defender => self.defender,
            Term::Threatened(f) => self.threatened + f.index(),
            Term::Hanging(f) => self.hanging + f.index(),
            Term::Tempo => self.tempo,
        }
    }

    /// The term of the weight at `index`.
    pub fn term(&self, index: usize) -> Term {
        let face = |i: usize| FaceId::new(i as u16);
        let i = index;
        if i < self.hand {
            let i = i - self.square;
            Term::Square(
                face(i / self.squares),
                Square::new((i % self.squares) as u16),
            )
        } else if i < self.mobility {
            let i = i - self.hand;
            Term::Hand(face(i / HAND_COPIES), i % HAND_COPIES)
        } else if i < self.near_king {
            Term::Mobility(face(i - self.mobility))
        } else if i < self.attacks_king {
            Term::NearKing(face(i - self.near_king))
        } else if i < self.hand_attacker {
            Term::AttacksKing(face(i - self.attacks_king))
        } else if i < self.drop_check {
            Term::HandAttacker(face(i - self.hand_attacker))
        } else if i < self.defender {
            Term::DropCheck(face(i - self.drop_check))
        } else if i < self.threatened {
            Term::Defender
        } else if i < self.hanging {
            Term::Threatened(face(i - self.threatened))
        } else if i < self.tempo {
            Term::Hanging(face(i - self.hanging))
        } else {
            Term::Tempo
        }
    }
}

/// King danger before tuning, in units whose square over [`DANGER_SCALE`] is the penalty: each enemy piece
/// within two squares of the king,
const DANGER_NEAR: i32 = 20;
/// each enemy piece farther away that attacks a square next to the king,
const DANGER_ATTACKS: i32 = 6;
/// each kind of piece in the enemy's hand,
const DANGER_HAND: i32 = 16;
/// and more for each kind in the enemy's hand that could be dropped to give check safely,
const DANGER_DROP_CHECK: i32 = 12;
/// less each piece of one's own next to the king.
const DANGER_DEFENDER: i32 = -8;
/// Each copy of a kind in hand is worth a tenth of its value less than the one before (the fourth and beyond
/// 70%): a drop is one move, and many copies compete for the same squares.
const HAND_SHARE: i32 = 10;
/// A piece attacked by a cheaper one costs a tenth of its value,
const THREATENED_SHARE: i32 = 10;
/// and one attacked and not defended an eighth.
const HANGING_SHARE: i32 = 8;
/// King danger in centipawns is the square of its units over this.
pub const DANGER_SCALE: i32 = 40;
/// The most king danger counts, in centipawns.
pub const DANGER_MAX: i32 = 2000;
/// A king standing in its goal zone, scaled down by its distance from it.
const GOAL: i32 = 200;
/// Having the move.
const TEMPO: i32 = 10;

/// A game's weights: one integer per term of its [`Layout`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// Where each term is.
    pub layout: Layout,
    /// The weights, by index.
    pub values: Vec<i32>,
}

impl Weights {
    /// The weights a game starts from before any tuning, derived from its rules and values: each face worth
    /// its value on every square it may stand on (a royal face more the nearer it stands to a goal zone), each
    /// tile in hand its value in hand (less for each further copy), king danger from the pieces near the king
    /// or attacking next to it, the kinds in hand and those of them that could be dropped to give a safe
    /// check, a share of a piece's value when it is threatened or hangs, and a tempo. Mobility starts at
    /// nothing.
    pub fn initial(rules: &Rules, values: &Values) -> Weights {
        let layout = Layout::new(rules);
        let mut w = vec![0; layout.len()];
        let goals = goal_zones(rules);
        for f in FaceId::all(rules.faces.len()) {
            let face = rules.face(f);
            for sq in rules.board() {
                w[layout.index(Term::Square(f, sq))] = if face.royal {
                    goal_bonus(rules, &goals, sq)
                } else {
                    values.board[f.index()]
                };
            }
            for n in 0..HAND_COPIES {
                w[layout.index(Term::Hand(f, n))] =
                    values.hand[f.index()] * (HAND_SHARE - n as i32) / HAND_SHARE;
            }
            if !face.royal {
                w[layout.index(Term::Threatened(f))] = -values.board[f.index()] / THREATENED_SHARE;
                w[layout.index(Term::Hanging(f))] = -values.board[f.index()] / HANGING_SHARE;
            }
            w[layout.index(Term::NearKing(f))] = DANGER_NEAR;
            if !rules.royals_capturable {
                w[layout.index(Term::AttacksKing(f))] = DANGER_ATTACKS;
            }
            w[layout.index(Term::HandAttacker(f))] = DANGER_HAND;
            w[layout.index(Term::DropCheck(f))] = DANGER_DROP_CHECK;
        }
        w[layout.index(Term::Defender)] = DANGER_DEFENDER;
        w[layout.index(Term::Tempo)] = TEMPO;
        Weights { layout, values: w }
    }

    /// Whether a term read from attacks ([`Term::reads_attacks`]) has a weight other than nothing.
    pub fn uses_attacks(&self) -> bool {
        (0..self.values.len()).any(|i| self.values[i] != 0 && self.layout.term(i).reads_attacks())
    }

    /// The weight of a term.
    #[inline(always)]
    pub fn get(&self, term: Term) -> i32 {
        self.values[self.layout.index(term)]
    }
}

/// The ranks (from the first player's side) of each `king reaches` rule's zone.
fn goal_zones(rules: &Rules) -> Vec<Vec<u8>> {
    rules
        .end_rules
        .iter()
        .filter_map(|r| match r.condition {
            koma_vm::EndCondition::KingReaches { zone, .. } => Some(zone.iter().collect()),
            _ => None,
        })
        .collect()
}

/// The bonus of the first player's king on `sq` for the nearest goal zone: full in the zone, falling with the
/// square of the distance in ranks.
fn goal_bonus(rules: &Rules, goals: &[Vec<u8>], sq: Square) -> i32 {
    let ranks = rules.ranks as i32;
    let (_, y) = rules.coords(sq);
    goals
        .iter()
        .filter_map(|zone| zone.iter().map(|&r| (r as i32 - y as i32).abs()).min())
        .map(|d| {
            let near = (ranks - d).max(0);
            GOAL * near * near / (ranks * ranks).max(1)
        })
        .max()
        .unwrap_or(0)
}

/// For each square, the square that plays its part for `player`: itself for the first player, turned half a
/// circle for the second (the board as its owner sees it).
pub fn relative_squares(rules: &Rules, player: Player) -> Vec<Square> {
    let (files, ranks) = (rules.files, rules.ranks);
    let mut out = vec![Square::new(0); rules.squares()];
    for sq in rules.board() {
        let (x, y) = rules.coords(sq);
        out[sq.index()] = match player {
            Player::First => sq,
            Player::Second => rules.square(files - 1 - x, ranks - 1 - y).unwrap_or(sq),
        };
    }
    out
}

/// A line of a weights file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightsError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for WeightsError {}

impl Term {
    /// Whether the evaluation needs every piece's attacks to read this term: mobility, a threat, a hanging
    /// piece, an attack on the king's neighbours, a safe drop that checks.
    pub fn reads_attacks(self) -> bool {
        matches!(
            self,
            Term::Mobility(_)
                | Term::Threatened(_)
                | Term::Hanging(_)
                | Term::AttacksKing(_)
                | Term::DropCheck(_)
        )
    }

    /// The term as a weights file names it: `square Silver 3c`, `hand Pawn 2`, `mobility Rook`,
    /// `near-king Gold`, `attacks-king Rook`, `hand-attacker Gold`, `drop-check Gold`, `defender`,
    /// `threatened Rook`, `hanging Bishop`, `tempo` (squares as the first player names them; a second player's piece counts on
    /// the square turned half a circle; hand copies from 1, the last counting every further copy).
    pub fn name(self, rules: &Rules) -> String {
        let face = |f: FaceId| rules.face(f).name.clone();
        match self {
            Term::Square(f, sq) => format!("square {} {}", face(f), rules.square_name(sq)),
            Term::Hand(t, n) => format!("hand {} {}", face(t), n + 1),
            Term::Mobility(f) => format!("mobility {}", face(f)),
            Term::NearKing(f) => format!("near-king {}", face(f)),
            Term::AttacksKing(f) => format!("attacks-king {}", face(f)),
            Term::HandAttacker(t) => format!("hand-attacker {}", face(t)),
            Term::DropCheck(t) => format!("drop-check {}", face(t)),
            Term::Defender => "defender".to_string(),
            Term::Threatened(f) => format!("threatened {}", face(f)),
            Term::Hanging(f) => format!("hanging {}", face(f)),
            Term::Tempo => "tempo".to_string(),
        }
    }

    /// The term in words, for a person: "a Silver on 3c", "a second Pawn in hand".
    pub fn words(self, rules: &Rules) -> String {
        let face = |f: FaceId| rules.face(f).name.clone();
        match self {
            Term::Square(f, sq) => format!("a {} on {}", face(f), rules.square_name(sq)),
            Term::Hand(t, n) if n + 1 == HAND_COPIES => {
                format!("each {} in hand beyond the {}", face(t), ordinal(n))
            }
            Term::Hand(t, n) => format!("a {} {} in hand", ordinal(n + 1), face(t)),
            Term::Mobility(f) => format!("each square a {} attacks", face(f)),
            Term::NearKing(f) => format!("king danger: an enemy {} near the king", face(f)),
            Term::AttacksKing(f) => format!(
                "king danger: an enemy {} attacking next to the king",
                face(f)
            ),
            Term::HandAttacker(t) => format!("king danger: a {} in the enemy's hand", face(t)),
            Term::DropCheck(t) => format!(
                "king danger: a {} in the enemy's hand that can be dropped to check safely",
                face(t)
            ),
            Term::Defender => "king danger: a defender next to the king".to_string(),
            Term::Threatened(f) => format!("a {} attacked by a cheaper piece", face(f)),
            Term::Hanging(f) => format!("a {} attacked and undefended", face(f)),
            Term::Tempo => "having the move".to_string(),
        }
    }
}

/// `1st`, `2nd`, `3rd`, `4th`…
fn ordinal(n: usize) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl Weights {
    /// The weights as a text file: `header` lines first (as `#` comments), then one line per term that the
    /// game can use (`square Silver 3c 310`), in the layout's order.
    pub fn to_text(&self, rules: &Rules, header: &[String]) -> String {
        let mut out = String::new();
        for line in header {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        for (i, &w) in self.values.iter().enumerate() {
            let term = self.layout.term(i);
            if !used(rules, term) {
                continue;
            }
            out.push_str(&format!("{} {}\n", term.name(rules), w));
        }
        out
    }

    /// Reads a weights file for `rules`: every term it names takes its weight, the others keep the initial
    /// weights `base`. Blank lines and lines from `#` are skipped.
    pub fn parse(rules: &Rules, base: &Weights, text: &str) -> Result<Weights, WeightsError> {
        let names: std::collections::HashMap<String, usize> = (0..base.layout.len())
            .map(|i| (base.layout.term(i).name(rules), i))
            .collect();
        let mut weights = base.clone();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let error = |message: String| WeightsError {
                line: n + 1,
                message,
            };
            let (name, value) = line
                .rsplit_once(char::is_whitespace)
                .ok_or_else(|| error(format!("`{line}` has no weight after the term")))?;
            let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
            let value: i32 = value
                .parse()
                .ok()
                .filter(|v: &i32| v.abs() <= MAX_WEIGHT)
                .ok_or_else(|| {
                    error(format!(
                        "`{value}` is not a whole number within ±{MAX_WEIGHT}"
                    ))
                })?;
            let &index = names
                .get(&name)
                .ok_or_else(|| error(format!("`{name}` is not a term of this game")))?;
            weights.values[index] = value;
        }
        Ok(weights)
    }
}

/// The largest weight a file may give, in centipawns.
pub const MAX_WEIGHT: i32 = 100_000;

/// Whether a term can count in some position of the game: a face on a square it may stand on, a tile's
/// copies in hand where captures go to hand, king terms where kings are checked.
fn used(rules: &Rules, term: Term) -> bool {
    let hand = rules.captures == koma_vm::spec::Captures::GoToHand;
    let king = !rules.royals_capturable;
    match term {
        Term::Square(f, sq) => rules.can_stand(Player::First, f, sq),
        Term::Hand(t, _) => hand && rules.tiles.contains(&t),
        Term::HandAttacker(t) | Term::DropCheck(t) => hand && king && rules.tiles.contains(&t),
        Term::NearKing(f) | Term::AttacksKing(f) => king && !rules.face(f).royal,
        Term::Defender => king,
        Term::Threatened(f) | Term::Hanging(f) => !rules.face(f).royal,
        Term::Mobility(_) | Term::Tempo => true,
    }
}
