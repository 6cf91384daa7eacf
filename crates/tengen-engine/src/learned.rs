//! Move features with learned strengths (Coulom, "Computing Elo Ratings of Move Patterns in
//! the Game of Go", 2007): each candidate move is a team of features (its 3×3 shape with the
//! ataris around it, capture (a ko and a recapture apart), escape (from a new atari
//! apart), self-atari (a snapback and two liberties a ladder takes apart), atari (a double
//! atari, a ladder and a ko threat apart), distance to the last two moves, line in an
//! empty area, and the largest of its [`crate::spatial`] shapes that the table knows); a
//! team's strength is the product of its features' gammas, and
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

mod training;

use std::{collections::HashMap, fmt, sync::OnceLock};

pub use training::{SpatialHarvest, TrainingSet};

use tengen_core::{Board, Color, cells::CellContent};

use crate::{
    spatial::largest_known,
    tactics::{
        ataris_given, gridcular, ladder_effects, left_to_a_ladder, line, move_shape, snapback,
        stone_nearby, with_stone_placed,
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
const GROUP_SIZES: [usize; GROUPS] = [0, 6, 7, 5, 5, 16, 16, 5, 0];
const SHAPE: usize = 0;
/// The large-shape group: its values are the dictionary's shapes, numbered from 1.
const SPATIAL: usize = GROUPS - 1;

/// A shape needs this many appearances among the training candidates to get its own gamma
/// (rarer ones share the neutral 1).
const MIN_SHAPE_COUNT: u32 = 20;

/// The features of one candidate: a value per group.
type Team = [u32; GROUPS];

/// The raw 3×3 key of `cell` for `color` to move: the neighbourhood's 16 bits with own
/// stones as 1 and the opponent's as 2, and 4 bits for the up, left, right and down
/// neighbours' chains being in atari.
fn shape_key(board: &Board, cell: usize, color: Color) -> u32 {
    let cells = board.cells();
    let mut code = cells.neighbourhood(cell);
    if color == Color::White {
        let low = code & 0x5555;
        let high = (code >> 1) & 0x5555;
        code = (low << 1) | high;
    }
    let mut key = u32::from(code);
    for (i, nb) in cells.adjacent_cells(cell).into_iter().enumerate() {
        if cells.content(nb).color().is_some() && cells.chain_in_atari(nb) {
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

/// Whether the chain of the stone on `stone` has a stone next to `cell`.
fn chain_touches(board: &Board, stone: usize, cell: usize) -> bool {
    let cells = board.cells();
    let head = cells.chain_head(stone);
    cells
        .adjacent_cells(cell)
        .into_iter()
        .any(|nb| cells.content(nb).color().is_some() && cells.chain_head(nb) == head)
}

/// Whether `color`'s stone on the empty `cell`, which captures nothing and leaves its chain
/// two liberties, is taken in a ladder. It reads (on a copy of the board) only when the
/// chain could run from an atari on one liberty to the other with fewer than three free
/// points there, the first step of a ladder: this runs for every such candidate of every
/// new node of the tree.
fn two_liberties_laddered(board: &Board, cell: usize, color: Color) -> bool {
    let cells = board.cells();
    let mut libs = [usize::MAX; 3];
    let mut count = 0;
    let mut add = |lib: usize| {
        if count < libs.len() && !libs[..count].contains(&lib) {
            libs[count] = lib;
            count += 1;
        }
    };
    for nb in cells.adjacent_cells(cell) {
        match cells.content(nb) {
            CellContent::Empty => add(nb),
            content if content == CellContent::stone(color) => {
                let mut chain_libs = [0usize; 4];
                let n = cells.chain_liberties(nb, &mut chain_libs);
                chain_libs[..n]
                    .iter()
                    .filter(|&&l| l != cell)
                    .for_each(|&l| add(l));
            }
            _ => {}
        }
    }
    let [a, b, _] = libs;
    let cramped = |atari: usize, run: usize| {
        cells
            .adjacent_cells(run)
            .into_iter()
            .filter(|&x| x != atari && x != cell && cells.content(x) == CellContent::Empty)
            .count()
            < 3
    };
    if count != 2 || !(cramped(a, b) || cramped(b, a)) {
        return false;
    }
    with_stone_placed(board, cell, color, |after, reader| {
        left_to_a_ladder(after, cell, reader)
    })
}

/// The features of `color`'s stone on the empty `cell` apart from its shape (group 0 is
/// left 0). `own_ataris` are the liberties of `color`'s chains in atari.
///
/// The groups' values: capture 1 one stone, 2 more, 3 saving an own chain in atari, 4 the
/// last move's chain, 5 a ko; escape (an own chain in atari saved without a capture) 1 to
/// three liberties or more, 2 to two, 3 into a ladder, and 4–6 the same from an atari the
/// last move gave; self-atari 1 a lone stone, 2 more, 3 a snapback, 4 two liberties that
/// a ladder takes; atari 1, 2 one the ladder catches, 3 a double atari (two chains left
/// with different liberties), 4 while the opponent's ko capture bans the retake (a ko
/// threat).
fn tactical_team(
    board: &Board,
    cell: usize,
    color: Color,
    last: Option<usize>,
    last2: Option<usize>,
    own_ataris: &[u16],
) -> Team {
    let cells = board.cells();
    let mut team = [0; GROUPS];
    let shape = move_shape(board, cell, color, 3);
    let saves = own_ataris.contains(&(cell as u16));
    let last_stone = last.filter(|&l| cells.content(l).color() == Some(color.other()));
    team[1] = match shape.captures {
        0 => 0,
        _ if saves => 3,
        1 if shape.stones == 1 && shape.liberties == 1 => 5,
        _ if last_stone.is_some_and(|l| cells.chain_atari_liberty(l) == Some(cell)) => 4,
        1 => 1,
        _ => 2,
    };
    let ataris = ataris_given(board, cell, color);
    let gives = ataris > 0;
    let (catches, wasted) = if saves || gives {
        ladder_effects(board, cell, color)
    } else {
        (false, false)
    };
    if saves && shape.captures == 0 {
        let escape = if wasted {
            3
        } else if shape.liberties >= 3 {
            1
        } else {
            2
        };
        let new_atari = last_stone.is_some_and(|l| {
            cells.adjacent_cells(cell).into_iter().any(|nb| {
                cells.content(nb).color() == Some(color)
                    && cells.chain_in_atari(nb)
                    && chain_touches(board, nb, l)
            })
        });
        team[2] = if new_atari { escape + 3 } else { escape };
    }
    team[3] = match (shape.self_atari(), shape.stones) {
        (false, _) if shape.liberties == 2 && shape.captures == 0 && !saves => {
            if two_liberties_laddered(board, cell, color) {
                4
            } else {
                0
            }
        }
        (false, _) => 0,
        (true, 1) if snapback(board, cell, color) => 3,
        (true, 1) => 1,
        (true, _) => 2,
    };
    if gives && !shape.self_atari() {
        team[4] = if ataris >= 2 {
            3
        } else if catches {
            2
        } else if cells.ko_cell().is_some_and(|(_, banned)| banned == color) {
            4
        } else {
            1
        };
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

    /// The large shapes this table has gammas for, by hash: the dictionary a [`TrainingSet`]
    /// needs to measure the table on other records.
    #[must_use]
    pub fn spatial_dictionary(&self) -> Vec<u64> {
        self.spatial.iter().map(|&(hash, _)| hash).collect()
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
        let shape = self.shape_gamma(shape_key(board, cell, color));
        let spatial = if self.spatial.is_empty() {
            1.0
        } else {
            largest_known(board, cell, color, |h| self.spatial_lookup.get(&h).copied())
                .unwrap_or(1.0)
        };
        self.team_strength(&team, shape, spatial)
    }

    /// The gamma of the 3×3 shape `key` in any of its symmetric forms (the lookup holds
    /// all eight); 1 for a shape the table does not know.
    fn shape_gamma(&self, key: u32) -> f64 {
        match self.lookup[key as usize] {
            0 => 1.0,
            i => self.shapes[usize::from(i) - 1].1,
        }
    }

    /// The strength of `team` whose 3×3 and large shapes have the gammas `shape` and
    /// `spatial`: the product of its features' gammas.
    fn team_strength(&self, team: &Team, shape: f64, spatial: f64) -> f64 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::{Candidates, own_chains_in_atari};
    use tengen_core::{Game, Move, Point, Position, Rules};

    pub(super) fn position(diagram: &str, to_move: Color) -> Position {
        Position::from_game(&Game::from_diagram(diagram, to_move, Rules::japanese()).unwrap())
    }

    fn key_at(p: &Position, x: u8, y: u8) -> u32 {
        let board = p.board();
        shape_key(board, board.cells().cell(Point::new(x, y)), p.to_move())
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

    /// The features of the player to move's stone at `(x, y)`, with no last moves.
    fn team_at(p: &Position, x: u8, y: u8) -> Team {
        team_after(p, x, y, None)
    }

    /// The features of the player to move's stone at `(x, y)` after the opponent's `last`.
    fn team_after(p: &Position, x: u8, y: u8, last: Option<(u8, u8)>) -> Team {
        let board = p.board();
        let cell = board.cells().cell(Point::new(x, y));
        let last = last.map(|(x, y)| board.cells().cell(Point::new(x, y)));
        let mut own_ataris = Candidates::new();
        own_chains_in_atari(board, p.to_move(), &mut own_ataris);
        tactical_team(board, cell, p.to_move(), last, None, own_ataris.as_slice())
    }

    #[test]
    fn a_capture_that_leaves_the_stone_alone_in_atari_is_a_ko_capture() {
        // Black's c3 takes b3 and is left with b3 as its only liberty: a ko. With d3
        // empty, the same capture is a plain one.
        let ko = ". . . . .\n. X O . .\nX O . O .\n. X O . .\n. . . . .";
        let plain = ". . . . .\n. X O . .\nX O . . .\n. X O . .\n. . . . .";
        assert_eq!(team_at(&position(ko, Color::Black), 2, 2)[1], 5);
        assert_eq!(team_at(&position(plain, Color::Black), 2, 2)[1], 1);
    }

    #[test]
    fn taking_the_stone_just_played_is_a_recapture() {
        // White's b3 has one liberty, c3; it is a recapture when b3 was White's last move,
        // and not when e1 was.
        let p = position(
            ". . . . .\n. X . . .\nX O . . .\n. X . . .\n. . . . O",
            Color::Black,
        );
        assert_eq!(team_after(&p, 2, 2, Some((1, 2)))[1], 4);
        assert_eq!(team_after(&p, 2, 2, Some((4, 4)))[1], 1);
        assert_eq!(team_after(&p, 2, 2, None)[1], 1);
    }

    #[test]
    fn running_from_the_atari_the_last_move_gave_is_a_new_escape() {
        // Black's b3 has one liberty, c3; White's b2 (or a3, or b4) gave the atari, e5 did
        // not.
        let p = position(
            ". . . . O\n. O . . .\nO X . . .\n. O . . .\n. . . . .",
            Color::Black,
        );
        assert_eq!(team_after(&p, 2, 2, Some((1, 3)))[2], 4);
        assert_eq!(team_after(&p, 2, 2, Some((4, 0)))[2], 1);
        assert_eq!(team_after(&p, 2, 2, None)[2], 1);
    }

    #[test]
    fn an_atari_while_the_opponents_ko_capture_bans_the_retake_is_a_ko_threat() {
        // White takes the ko at b5 (or plays elsewhere); Black's f4 then puts the White
        // stone at f3 in atari, and it runs out to three liberties (no ladder).
        let diagram = "
            . . . . . . .
            . X O . . . .
            X . X O . . .
            . X O . . . .
            . . . . X O X
            . . . . . . .
            . . . . . . .";
        let after = |white: Point| {
            let mut game = Game::from_diagram(diagram, Color::White, Rules::japanese()).unwrap();
            game.play(Move::Play(white)).unwrap();
            Position::from_game(&game)
        };
        let ko = after(Point::new(1, 2));
        assert!(ko.board().cells().ko_cell().is_some());
        assert_eq!(team_at(&ko, 5, 3)[4], 4);
        assert_eq!(team_at(&after(Point::new(6, 0)), 5, 3)[4], 1);
    }

    /// Two White pairs on the first line of a 7×7 board, c1 and c2 empty between them,
    /// Black around them; e1 (the second diagram) is White's way out.
    const TWO_PAIRS: [&str; 2] = [
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . X X X . . .
        X O . O X . .
        X O . O X . .",
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . X X X . . .
        X O . O X . .
        X O . O . . .",
    ];

    #[test]
    fn a_throw_in_that_is_retaken_with_more_stones_is_a_snapback_and_not_plain_self_atari() {
        // Black's c1 has one liberty, c2; White takes it there and joins its two pairs
        // into five stones whose only liberty is c1: Black takes all five back. With e1
        // empty, White's five stones keep a second liberty and the throw-in just dies.
        let [closed, open] = TWO_PAIRS.map(|d| position(d, Color::Black));
        assert_eq!(team_at(&closed, 2, 6)[3], 3);
        assert_eq!(team_at(&open, 2, 6)[3], 1);
    }

    #[test]
    fn an_atari_on_two_chains_left_with_different_liberties_is_a_double_atari() {
        // Black's c3 leaves White's b3 with a3 and d3 with e3: one of them falls.
        let p = position(
            ". . . . .\n. X . X .\n. O . O .\n. X . X .\n. . . . .",
            Color::Black,
        );
        assert_eq!(team_at(&p, 2, 2)[4], 3);
        // Black's c2 leaves both White pairs with c1 alone, where they are saved together
        // (or, with e1 closed, both captured): not a double atari.
        for pairs in TWO_PAIRS.map(|d| position(d, Color::Black)) {
            assert!(matches!(team_at(&pairs, 2, 5)[4], 1 | 2));
        }
    }

    #[test]
    fn a_stone_left_with_two_liberties_that_a_ladder_takes_is_a_bad_shape() {
        // White's d6 is left with e6 and d5: Black's atari from e6 drives it into a
        // ladder. A White stone on g3 breaks the ladder.
        let ladder = |breaker: &str| {
            let rows = [
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . X . . . . .",
                ". . X . . . . . .",
                ". . X . . . . . .",
                ". . . . . . . . .",
                breaker,
                ". . . . . . . . .",
                ". . . . . . . . .",
            ];
            position(&rows.join("\n"), Color::White)
        };
        assert_eq!(team_at(&ladder(". . . . . . . . ."), 3, 3)[3], 4);
        assert_eq!(team_at(&ladder(". . . . . . O . ."), 3, 3)[3], 0);
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
