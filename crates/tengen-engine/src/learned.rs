//! Move features with learned strengths (Coulom, "Computing Elo Ratings of Move Patterns in
//! the Game of Go", 2007): each candidate move is a team of features (its 3×3 shape with the
//! ataris around it, capture, escape, self-atari, atari, distance to the last two moves,
//! line in an empty area, and the largest of its [`crate::spatial`] shapes that the table
//! knows); a team's strength is the product of its features' gammas, and
//! the probability that a player chooses a move is its strength over the sum of all
//! candidates'. The gammas are learned by minorization-maximization from game records
//! ([`TrainingSet`]) and shipped as a text table ([`Gammas`]); the tree's priors use them.
//!
//! ```
//! use tengen_core::{BoardSize, Game, Point, Position, Rules};
//! use tengen_engine::learned::{Gammas, TrainingSet};
//!
//! let mut training = TrainingSet::default();
//! let game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
//! training.add(&Position::from_game(&game), None, None, Point::new(4, 4));
//! let gammas: Gammas = training.learn(3);
//! let text = gammas.to_string();
//! assert_eq!(Gammas::parse(&text).unwrap().to_string(), text);
//! ```

use std::{collections::HashMap, fmt, sync::OnceLock};

use tengen_core::{Board, Color, Point, Position};

use crate::{
    spatial::{self, SIZES, largest_known},
    tactics::{
        Candidates, candidates, gives_atari, gridcular, ladder_effects, line, move_shape,
        own_chains_in_atari, stone_nearby,
    },
};

/// The feature groups: every candidate has exactly one value in each (0: none).
const GROUPS: usize = 9;
/// Group names in the table's text form, and how many values each has (the 3×3 group's
/// values are the learned shapes, so its count is open).
const GROUP_NAMES: [&str; GROUPS] = [
    "shape",
    "capture",
    "escape",
    "self_atari",
    "atari",
    "last",
    "last2",
    "empty_line",
    "spatial",
];
const GROUP_SIZES: [usize; GROUPS] = [0, 4, 4, 3, 3, 16, 16, 5, 0];
const SHAPE: usize = 0;
/// The large-shape group: its values are the dictionary's shapes, numbered from 1.
const SPATIAL: usize = 8;

/// A shape needs this many appearances among the training candidates to get its own gamma
/// (rarer ones share the neutral 1).
const MIN_SHAPE_COUNT: u32 = 20;

/// The features of one candidate: a value per group.
type Team = [u32; GROUPS];

/// The raw 3×3 key of `cell` for `color` to move: the neighbourhood's 16 bits with own
/// stones as 1 and the opponent's as 2, and 4 bits for the up, left, right and down
/// neighbours' chains being in atari.
fn shape_key(board: &Board, cell: usize, color: Color) -> u32 {
    let mut code = board.neighbourhood(cell);
    if color == Color::White {
        let low = code & 0x5555;
        let high = (code >> 1) & 0x5555;
        code = (low << 1) | high;
    }
    let mut key = u32::from(code);
    for (i, nb) in board.adjacent_cells(cell).into_iter().enumerate() {
        if board.content(nb).color().is_some() && board.chain_in_atari(nb) {
            key |= 1 << (16 + i);
        }
    }
    key
}

/// The 3×3 slots of the neighbourhood code (up, left, right, down, up-left, up-right,
/// down-left, down-right) as (row, column) in the grid.
const SLOTS: [(i8, i8); 8] = [
    (-1, 0),
    (0, -1),
    (0, 1),
    (1, 0),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

/// For each of the 8 symmetries of the square, where slot `i` goes.
fn slot_maps() -> [[usize; 8]; 8] {
    let mut maps = [[0; 8]; 8];
    for (s, map) in maps.iter_mut().enumerate() {
        for (i, &(r, c)) in SLOTS.iter().enumerate() {
            let (mut r, mut c) = (r, c);
            for _ in 0..s % 4 {
                (r, c) = (c, -r);
            }
            if s >= 4 {
                c = -c;
            }
            map[i] = SLOTS.iter().position(|&p| p == (r, c)).expect("a slot");
        }
    }
    maps
}

/// `key` under the symmetry whose slot map is `map` (atari bits follow their slots).
fn transform(key: u32, map: &[usize; 8]) -> u32 {
    let mut out = 0;
    for (i, &to) in map.iter().enumerate() {
        out |= ((key >> (2 * i)) & 3) << (2 * to);
        if i < 4 && key & (1 << (16 + i)) != 0 {
            out |= 1 << (16 + to);
        }
    }
    out
}

/// The smallest of `key`'s 8 symmetric forms: one name per shape.
fn canonical(key: u32) -> u32 {
    slot_maps()
        .iter()
        .map(|map| transform(key, map))
        .min()
        .unwrap_or(key)
}

/// Gridcular distance as a group value: 1..=15 for distances 2..=16, 0 for none or far.
fn distance_value(board: &Board, cell: usize, other: Option<usize>) -> u32 {
    let Some(other) = other else { return 0 };
    let d = gridcular(board, cell, other);
    if (2..=16).contains(&d) { d - 1 } else { 0 }
}

/// A hasher for keys that are already uniform random words (the shapes' hashes).
#[derive(Default, Clone, Copy)]
struct IdentityHasher(u64);

impl std::hash::Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type ShapeMap<V> = HashMap<u64, V, std::hash::BuildHasherDefault<IdentityHasher>>;

/// The features of `color`'s stone on the empty `cell` apart from its shape (group 0 is
/// left 0). `own_ataris` are the liberties of `color`'s chains in atari.
fn tactical_team(
    board: &Board,
    cell: usize,
    color: Color,
    last: Option<usize>,
    last2: Option<usize>,
    own_ataris: &[u16],
) -> Team {
    let mut team = [0; GROUPS];
    let shape = move_shape(board, cell, color, 3);
    let saves = own_ataris.contains(&(cell as u16));
    team[1] = match shape.captures {
        0 => 0,
        _ if saves => 3,
        1 => 1,
        _ => 2,
    };
    let gives = gives_atari(board, cell, color);
    let (catches, wasted) = if saves || gives {
        ladder_effects(board, cell, color)
    } else {
        (false, false)
    };
    if saves && shape.captures == 0 {
        team[2] = if wasted {
            3
        } else if shape.liberties >= 3 {
            1
        } else {
            2
        };
    }
    team[3] = match (shape.self_atari(), shape.stones) {
        (false, _) => 0,
        (true, 1) => 1,
        (true, _) => 2,
    };
    if gives && !shape.self_atari() {
        team[4] = if catches { 2 } else { 1 };
    }
    team[5] = distance_value(board, cell, last);
    team[6] = distance_value(board, cell, last2);
    if !stone_nearby(board, cell, 3) {
        team[7] = u32::from(line(board, cell).min(4));
    }
    team
}

/// Learned gammas: one per value of each group, the 3×3 shapes by their canonical key and
/// the large shapes by their hash.
#[derive(Clone, Debug, PartialEq)]
pub struct Gammas {
    /// Gammas of the groups after the shape, indexed by value (value 0 is always 1; the
    /// spatial group's are in `spatial`).
    tactical: [Vec<f64>; GROUPS],
    /// Canonical shape key → gamma.
    shapes: Vec<(u32, f64)>,
    /// Raw shape key (black to move) → index into `shapes` plus one; 0 for an unknown shape.
    lookup: Vec<u16>,
    /// Large shape hash → gamma, in the table's order for writing it back.
    spatial: Vec<(u64, f64)>,
    spatial_lookup: ShapeMap<f64>,
}

impl Default for Gammas {
    fn default() -> Gammas {
        Gammas::new(
            Vec::new(),
            std::array::from_fn(|g| vec![1.0; GROUP_SIZES[g]]),
            Vec::new(),
        )
    }
}

impl Gammas {
    fn new(
        shapes: Vec<(u32, f64)>,
        tactical: [Vec<f64>; GROUPS],
        spatial: Vec<(u64, f64)>,
    ) -> Gammas {
        let mut lookup = vec![0u16; 1 << 20];
        let maps = slot_maps();
        for (i, &(key, _)) in shapes.iter().enumerate() {
            for map in &maps {
                lookup[transform(key, map) as usize] = (i + 1) as u16;
            }
        }
        let spatial_lookup = spatial.iter().copied().collect();
        Gammas {
            tactical,
            shapes,
            lookup,
            spatial,
            spatial_lookup,
        }
    }

    /// The table Tengen ships, learned from game records (see `BENCHMARKS.md`).
    pub fn shipped() -> &'static Gammas {
        static SHIPPED: OnceLock<Gammas> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            Gammas::parse(include_str!("learned_gammas.txt")).expect("the shipped gamma table")
        })
    }

    /// Reads the text form written by `Display`.
    ///
    /// # Errors
    /// The line that is not `GROUP VALUE GAMMA` with a known group, a value in range and a
    /// positive gamma.
    pub fn parse(text: &str) -> Result<Gammas, String> {
        let mut tactical: [Vec<f64>; GROUPS] = std::array::from_fn(|g| vec![1.0; GROUP_SIZES[g]]);
        let (mut shapes, mut spatial) = (Vec::new(), Vec::new());
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("gamma table line {}: {line:?}", number + 1);
            let mut words = line.split_whitespace();
            let (Some(group), Some(value), Some(gamma), None) =
                (words.next(), words.next(), words.next(), words.next())
            else {
                return Err(bad());
            };
            let gamma: f64 = gamma
                .parse()
                .ok()
                .filter(|g: &f64| g.is_finite() && *g > 0.0)
                .ok_or_else(bad)?;
            let g = GROUP_NAMES
                .iter()
                .position(|&n| n == group)
                .ok_or_else(bad)?;
            if g == SHAPE {
                let key = u32::from_str_radix(value, 16).ok().filter(|k| *k < 1 << 20);
                shapes.push((key.ok_or_else(bad)?, gamma));
            } else if g == SPATIAL {
                let hash = u64::from_str_radix(value, 16).map_err(|_| bad())?;
                spatial.push((hash, gamma));
            } else {
                let v: usize = value.parse().map_err(|_| bad())?;
                *tactical[g].get_mut(v).filter(|_| v > 0).ok_or_else(bad)? = gamma;
            }
        }
        if shapes.len() >= usize::from(u16::MAX) {
            return Err("gamma table: too many shapes".into());
        }
        Ok(Gammas::new(shapes, tactical, spatial))
    }

    /// The strength of `color`'s stone on the empty `cell`; `own_ataris` are the liberties
    /// of `color`'s chains in atari.
    pub(crate) fn strength(
        &self,
        board: &Board,
        cell: usize,
        color: Color,
        last: Option<usize>,
        last2: Option<usize>,
        own_ataris: &[u16],
    ) -> f64 {
        let team = tactical_team(board, cell, color, last, last2, own_ataris);
        let shape = match self.lookup[shape_key(board, cell, color) as usize] {
            0 => 1.0,
            i => self.shapes[usize::from(i) - 1].1,
        };
        let spatial = if self.spatial.is_empty() {
            1.0
        } else {
            largest_known(board, cell, color, |h| self.spatial_lookup.get(&h).copied())
                .unwrap_or(1.0)
        };
        (1..SPATIAL).fold(shape * spatial, |s, g| {
            s * self.tactical[g][team[g] as usize]
        })
    }
}

impl fmt::Display for Gammas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "# group value gamma (tengen-engine learned.rs)")?;
        for (name, gammas) in GROUP_NAMES.iter().zip(&self.tactical).skip(1) {
            for (v, gamma) in gammas.iter().enumerate().skip(1) {
                writeln!(f, "{name} {v} {gamma:.6}")?;
            }
        }
        for &(key, gamma) in &self.shapes {
            writeln!(f, "shape {key:05x} {gamma:.6}")?;
        }
        for &(hash, gamma) in &self.spatial {
            writeln!(f, "spatial {hash:016x} {gamma:.6}")?;
        }
        Ok(())
    }
}

/// Counts the large shapes of the moves played in game records: the frequent ones become
/// the dictionary a [`TrainingSet`] learns gammas for.
#[derive(Default)]
pub struct SpatialHarvest {
    counts: ShapeMap<u32>,
}

impl SpatialHarvest {
    /// Counts every size of shape around `played`, a stone of the player to move.
    pub fn add(&mut self, position: &Position, played: Point) {
        let board = position.board();
        if board.size().get() <= played.x.max(played.y) {
            return;
        }
        let mut hashes = [0; SIZES];
        spatial::shape_hashes(board, board.cell(played), position.to_move(), &mut hashes);
        for h in hashes {
            *self.counts.entry(h).or_insert(0) += 1;
        }
    }

    /// The shapes played at least `min_count` times, most frequent first.
    #[must_use]
    pub fn dictionary(&self, min_count: u32) -> Vec<u64> {
        let mut kept: Vec<(u64, u32)> = self
            .counts
            .iter()
            .filter(|&(_, &n)| n >= min_count)
            .map(|(&h, &n)| (h, n))
            .collect();
        kept.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        kept.into_iter().map(|(h, _)| h).collect()
    }
}

/// One training position: its distinct candidate teams with their multiplicities, and the
/// team of the move played.
struct Sample {
    teams: Vec<(Team, u32)>,
    winner: usize,
}

/// Positions with the moves played in them, to learn [`Gammas`] from.
pub struct TrainingSet {
    samples: Vec<Sample>,
    /// Canonical shape key → its index (group 0's value minus one) while collecting.
    shape_index: HashMap<u32, u32>,
    shape_keys: Vec<u32>,
    shape_counts: Vec<u32>,
    /// The most 3×3 shapes numbered (a table's 3×3 lookup holds fewer than `u16::MAX`);
    /// further new shapes count as unknown (gamma 1).
    max_shapes: usize,
    /// The large shapes learned: hash → value (index plus one).
    spatial_index: ShapeMap<u32>,
    spatial_keys: Vec<u64>,
    scratch: Candidates,
}

impl Default for TrainingSet {
    fn default() -> TrainingSet {
        TrainingSet::with_spatial(Vec::new())
    }
}

impl TrainingSet {
    /// A set that learns a gamma for each large shape of `dictionary` (from
    /// [`SpatialHarvest::dictionary`]) besides the other features.
    #[must_use]
    pub fn with_spatial(dictionary: Vec<u64>) -> TrainingSet {
        TrainingSet {
            samples: Vec::new(),
            shape_index: HashMap::new(),
            shape_keys: Vec::new(),
            shape_counts: Vec::new(),
            max_shapes: usize::from(u16::MAX) - 1,
            spatial_index: dictionary
                .iter()
                .enumerate()
                .map(|(i, &h)| (h, i as u32 + 1))
                .collect(),
            spatial_keys: dictionary,
            scratch: Candidates::new(),
        }
    }

    /// Adds `position` in which the player to move played `played`, after `last` and
    /// `last2` (the two moves before, `None` for a pass or nothing). A move the tree would
    /// not consider (an own eye, an illegal point) is skipped.
    pub fn add(
        &mut self,
        position: &Position,
        last: Option<Point>,
        last2: Option<Point>,
        played: Point,
    ) {
        let board = position.board();
        let color = position.to_move();
        if board.size().get() <= played.x.max(played.y) {
            return;
        }
        let played = board.cell(played);
        let last = last.map(|p| board.cell(p));
        let last2 = last2.map(|p| board.cell(p));
        own_chains_in_atari(board, color, &mut self.scratch);
        let mut teams: HashMap<Team, u32> = HashMap::new();
        let mut winner = None;
        for cell in candidates(position) {
            let mut team = tactical_team(board, cell, color, last, last2, self.scratch.as_slice());
            team[SHAPE] = self.shape_value(canonical(shape_key(board, cell, color)));
            if !self.spatial_keys.is_empty() {
                team[SPATIAL] =
                    largest_known(board, cell, color, |h| self.spatial_index.get(&h).copied())
                        .unwrap_or(0);
            }
            if cell == played {
                winner = Some(team);
            }
            *teams.entry(team).or_insert(0) += 1;
        }
        let Some(winner) = winner else { return };
        let teams: Vec<(Team, u32)> = teams.into_iter().collect();
        let winner = teams
            .iter()
            .position(|(t, _)| *t == winner)
            .expect("the winner's team");
        self.samples.push(Sample { teams, winner });
    }

    /// The shape group's value of the canonical shape `key` (its index plus one), counted
    /// once more; 0 (unknown) for a new shape beyond `max_shapes`.
    fn shape_value(&mut self, key: u32) -> u32 {
        let index = match self.shape_index.get(&key) {
            Some(&index) => index,
            None if self.shape_keys.len() < self.max_shapes => {
                let index = self.shape_keys.len() as u32;
                self.shape_index.insert(key, index);
                self.shape_keys.push(key);
                self.shape_counts.push(0);
                index
            }
            None => return 0,
        };
        self.shape_counts[index as usize] += 1;
        index + 1
    }

    /// The positions added so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether no position was added.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Gammas by `sweeps` rounds of minorization-maximization over every group, each gamma
    /// with Coulom's prior of one win and one loss against a gamma of 1 (so that rare
    /// features stay near neutral).
    #[must_use]
    pub fn learn(&self, sweeps: usize) -> Gammas {
        // 3×3 shapes too rare to learn share value 0 (gamma 1).
        let kept: Vec<bool> = self
            .shape_counts
            .iter()
            .map(|&c| c >= MIN_SHAPE_COUNT)
            .collect();
        let value = |team: &Team, g: usize| {
            let v = team[g] as usize;
            if g == SHAPE && v > 0 && !kept[v - 1] {
                0
            } else {
                v
            }
        };
        let mut gammas: [Vec<f64>; GROUPS] = std::array::from_fn(|g| match g {
            SHAPE => vec![1.0; self.shape_keys.len() + 1],
            SPATIAL => vec![1.0; self.spatial_keys.len() + 1],
            _ => vec![1.0; GROUP_SIZES[g]],
        });
        let mut wins: [Vec<f64>; GROUPS] = std::array::from_fn(|g| vec![0.0; gammas[g].len()]);
        for s in &self.samples {
            let team = &s.teams[s.winner].0;
            for (g, w) in wins.iter_mut().enumerate() {
                w[value(team, g)] += 1.0;
            }
        }
        // Every team's strength, kept up to date as each group's gammas change, so that a
        // group's update costs one pass over the teams (the corpus has millions).
        let mut strengths: Vec<f64> = vec![1.0; self.samples.iter().map(|s| s.teams.len()).sum()];
        for _ in 0..sweeps {
            for g in 0..GROUPS {
                let mut denominators = vec![0.0; gammas[g].len()];
                let mut k = 0;
                for s in &self.samples {
                    let own = &strengths[k..k + s.teams.len()];
                    let total: f64 = s
                        .teams
                        .iter()
                        .zip(own)
                        .map(|((_, n), st)| f64::from(*n) * st)
                        .sum();
                    for ((team, n), st) in s.teams.iter().zip(own) {
                        let v = value(team, g);
                        denominators[v] += f64::from(*n) * st / gammas[g][v] / total;
                    }
                    k += s.teams.len();
                }
                let mut ratios = vec![1.0; gammas[g].len()];
                for v in 1..gammas[g].len() {
                    let gamma = gammas[g][v];
                    let new = (wins[g][v] + 1.0) / (denominators[v] + 2.0 / (gamma + 1.0));
                    ratios[v] = new / gamma;
                    gammas[g][v] = new;
                }
                let mut k = 0;
                for s in &self.samples {
                    for (team, _) in &s.teams {
                        strengths[k] *= ratios[value(team, g)];
                        k += 1;
                    }
                }
            }
        }
        let [shape_gammas, tactical @ ..] = gammas;
        let shapes = self
            .shape_keys
            .iter()
            .enumerate()
            .filter(|&(i, _)| kept[i])
            .map(|(i, &key)| (key, shape_gammas[i + 1]))
            .collect();
        let spatial = self
            .spatial_keys
            .iter()
            .enumerate()
            .map(|(i, &hash)| (hash, tactical[SPATIAL - 1][i + 1]))
            .collect();
        let mut all: [Vec<f64>; GROUPS] = std::array::from_fn(|_| Vec::new());
        for (g, t) in tactical.into_iter().enumerate() {
            all[g + 1] = t;
        }
        all[SHAPE] = Vec::new();
        all[SPATIAL] = Vec::new();
        Gammas::new(shapes, all, spatial)
    }

    /// The share of positions in which the played move had the highest strength under
    /// `gammas` (a tie counts as a miss): the usual measure of a move predictor.
    #[must_use]
    pub fn prediction_rate(&self, gammas: &Gammas) -> f64 {
        let shapes: HashMap<u32, f64> = gammas.shapes.iter().copied().collect();
        let strength = |team: &Team| {
            let shape = match team[SHAPE] {
                0 => 1.0,
                i => shapes
                    .get(&self.shape_keys[i as usize - 1])
                    .copied()
                    .unwrap_or(1.0),
            };
            let spatial = match team[SPATIAL] {
                0 => 1.0,
                i => gammas
                    .spatial_lookup
                    .get(&self.spatial_keys[i as usize - 1])
                    .copied()
                    .unwrap_or(1.0),
            };
            (1..SPATIAL).fold(shape * spatial, |s, g| {
                s * gammas.tactical[g][team[g] as usize]
            })
        };
        let hits = self
            .samples
            .iter()
            .filter(|s| {
                let best = strength(&s.teams[s.winner].0);
                // The winner's own team may hold other candidates of equal strength.
                s.teams[s.winner].1 == 1
                    && s.teams
                        .iter()
                        .enumerate()
                        .all(|(i, (t, _))| i == s.winner || strength(t) < best)
            })
            .count();
        hits as f64 / self.samples.len().max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_core::{Game, Rules};

    fn position(diagram: &str, to_move: Color) -> Position {
        Position::from_game(&Game::from_diagram(diagram, to_move, Rules::japanese()).unwrap())
    }

    #[test]
    fn shapes_beyond_the_index_limit_count_as_unknown() {
        let mut set = TrainingSet {
            max_shapes: 2,
            ..TrainingSet::default()
        };
        assert_eq!(set.shape_value(10), 1);
        assert_eq!(set.shape_value(20), 2);
        assert_eq!(set.shape_value(30), 0, "a third shape is unknown");
        assert_eq!(set.shape_value(10), 1, "a known shape keeps its number");
        assert_eq!(set.shape_counts, vec![2, 1]);
        assert_eq!(set.shape_keys, vec![10, 20]);
    }

    fn key_at(p: &Position, x: u8, y: u8) -> u32 {
        let board = p.board();
        shape_key(board, board.cell(Point::new(x, y)), p.to_move())
    }

    #[test]
    fn a_shape_turned_mirrored_or_colour_swapped_has_one_name() {
        // A hane at the head of two stones, Black to play at the centre of each drawing;
        // the last one is the first with colours swapped and White to play.
        let drawings = [
            (".....\n.XO..\n.....\n.....\n.....", Color::Black),
            (".....\n..OX.\n.....\n.....\n.....", Color::Black),
            (".....\n.....\n.....\n..OX.\n.....", Color::Black),
            (".....\n.X...\n.O...\n.....\n.....", Color::Black),
            (".....\n.OX..\n.....\n.....\n.....", Color::White),
        ];
        let keys: Vec<u32> = drawings
            .iter()
            .map(|&(d, c)| canonical(key_at(&position(d, c), 2, 2)))
            .collect();
        assert!(keys.iter().all(|&k| k == keys[0]), "{keys:x?}");
        // A different shape has a different name.
        let other = position(".....\n.XX..\n.....\n.....\n.....", Color::Black);
        assert_ne!(canonical(key_at(&other, 2, 2)), keys[0]);
    }

    #[test]
    fn the_shape_key_marks_a_neighbour_in_atari() {
        // The White stone above the centre has one liberty, the centre.
        let p = position("..X..\n.XOX.\n.....\n.....\n.....", Color::Black);
        let free = position(".....\n..OX.\n.....\n.....\n.....", Color::Black);
        let up_in_atari = 1 << 16;
        assert_ne!(key_at(&p, 2, 2) & up_in_atari, 0);
        assert_eq!(key_at(&free, 2, 2) & up_in_atari, 0);
    }

    #[test]
    fn learning_from_a_player_who_always_captures_makes_capture_strong() {
        // In each drawing the White stone in atari can be taken; the player takes it.
        let mut set = TrainingSet::default();
        let drawings = [
            ("..X...\n.XOX..\n......\n......\n......\n......", (2, 2)),
            ("......\n......\n......\n..X...\n.XOX..\n......", (2, 5)),
            ("......\n......\n...X..\n..XOX.\n......\n......", (3, 4)),
        ];
        for _ in 0..10 {
            for &(d, (x, y)) in &drawings {
                set.add(&position(d, Color::Black), None, None, Point::new(x, y));
            }
        }
        assert_eq!(set.len(), 30);
        let gammas = set.learn(10);
        assert!(gammas.tactical[1][1] > 5.0, "{gammas}");
        assert!(set.prediction_rate(&gammas) > 0.9);
        assert!(set.prediction_rate(&Gammas::default()) < 0.1);
    }

    #[test]
    fn a_large_shape_the_player_always_plays_is_learned_and_written_back() {
        // Black answers its own stone with a knight's move: the 3×3 shape around that point
        // is empty, as it is around most candidates, so only a larger shape tells it apart.
        let drawings = [
            (
                ".........\n..X......\n.........\n.........\n.........\n.........\n.........\n.........\n.........",
                (4, 2),
            ),
            (
                ".........\n.........\n.........\n.........\n.........\n......X..\n.........\n.........\n.........",
                (4, 6),
            ),
            (
                ".........\n.........\n.........\n.......X.\n.........\n.........\n.........\n.........\n.........",
                (6, 5),
            ),
        ];
        let mut harvest = SpatialHarvest::default();
        for &(d, (x, y)) in &drawings {
            harvest.add(&position(d, Color::Black), Point::new(x, y));
        }
        let dictionary = harvest.dictionary(1);
        // The smallest sizes see the same shape in all three; the largest see the edges.
        assert!(dictionary.len() > SIZES && dictionary.len() < 3 * SIZES);
        let mut with = TrainingSet::with_spatial(dictionary);
        let mut without = TrainingSet::default();
        for _ in 0..10 {
            for &(d, (x, y)) in &drawings {
                with.add(&position(d, Color::Black), None, None, Point::new(x, y));
                without.add(&position(d, Color::Black), None, None, Point::new(x, y));
            }
        }
        let gammas = with.learn(10);
        assert!(with.prediction_rate(&gammas) > 0.9);
        assert!(without.prediction_rate(&without.learn(10)) < 0.5);
        let again = Gammas::parse(&gammas.to_string()).unwrap();
        assert_eq!(again.to_string(), gammas.to_string());
        assert_eq!(again.spatial.len(), gammas.spatial.len());
        let p = position(drawings[0].0, Color::Black);
        let board = p.board();
        let at = |x, y| {
            again.strength(
                board,
                board.cell(Point::new(x, y)),
                Color::Black,
                None,
                None,
                &[],
            )
        };
        assert!(at(4, 2) > 5.0 * at(6, 6), "{} {}", at(4, 2), at(6, 6));
    }

    #[test]
    fn a_bad_table_line_is_named() {
        let err = Gammas::parse("capture 1 2.0\nescape 9 1.0\n").unwrap_err();
        assert!(err.contains("line 2"), "{err}");
        assert!(Gammas::parse("shape zz 1.0").is_err());
        assert!(Gammas::parse("spatial zz 1.0").is_err());
        assert!(Gammas::parse("spatial 00ff 0").is_err());
        assert!(Gammas::parse("capture 1 -1").is_err());
        assert!(Gammas::parse("capture 0 2").is_err());
    }

    #[test]
    fn the_shipped_table_reads_and_prefers_a_capture_to_self_atari() {
        let g = Gammas::shipped();
        assert!(!g.shapes.is_empty());
        assert!(g.tactical[1][1] > 1.0);
        assert!(g.tactical[3][1] < 1.0);
    }
}
