//! Large shapes around a move (the nested "diamond" patterns of Stern, Herbrich and Graepel,
//! "Bayesian Pattern Ranking for Move Prediction in the Game of Go", 2006, as Pachi's
//! spatial patterns use them): the stones and edges within a gridcular distance `d` of the
//! move, for each `d` from [`MIN_DISTANCE`] to [`MAX_DISTANCE`], each named by one 64-bit
//! hash that is the same under the board's eight symmetries and with the colours seen from
//! the player to move. A move's spatial feature is the largest of its shapes that a
//! dictionary learned from game records knows ([`crate::learned`]).
//!
//! ```
//! use tengen_core::{BoardSize, Color, Game, Point, Position, Rules};
//! use tengen_engine::spatial::{SIZES, shape_hashes};
//!
//! let game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
//! let position = Position::from_game(&game);
//! let board = position.board();
//! let (mut three_three, mut seven_seven) = ([0; SIZES], [0; SIZES]);
//! shape_hashes(board, board.cells().cell(Point::new(2, 2)), Color::Black, &mut three_three);
//! shape_hashes(board, board.cells().cell(Point::new(6, 6)), Color::White, &mut seven_seven);
//! // The same corner shape, turned, with the other colour to move.
//! assert_eq!(three_three, seven_seven);
//! ```

use std::sync::OnceLock;

use tengen_core::{Board, Color, Point};

/// The smallest shape: the 3×3 square (distance 3, the `shape` feature) and the four points
/// two away on its lines.
pub const MIN_DISTANCE: u32 = 4;
/// The largest shape: the 72 points within gridcular distance 10 of the move (up to five
/// away on its lines, three on its diagonals).
pub const MAX_DISTANCE: u32 = 10;
/// How many shape sizes a move has.
pub const SIZES: usize = (MAX_DISTANCE - MIN_DISTANCE + 1) as usize;

/// The point contents a shape tells apart, seen from the player to move.
const CONTENTS: usize = 4;
const EMPTY: usize = 0;
const OWN: usize = 1;
const OTHER: usize = 2;
const OFF_BOARD: usize = 3;

struct Offsets {
    /// (dx, dy) of every point within `MAX_DISTANCE` but the move's own, nearest first.
    deltas: Vec<(i32, i32)>,
    /// For each size `d`, how many offsets lie within it.
    ends: [usize; SIZES],
    /// For each (offset, content), the words it adds to the hash under each of the eight
    /// symmetries: one random 64-bit word per (offset, content) is drawn, and symmetry `s`
    /// adds the word of the offset it maps this one to. Eight in a row, so that the eight
    /// hashes are updated by one vector operation.
    words: Vec<[u64; 8]>,
    /// One random word per size.
    size_words: [u64; SIZES],
}

fn gridcular(dx: i32, dy: i32) -> u32 {
    let (x, y) = (dx.unsigned_abs(), dy.unsigned_abs());
    x + y + x.max(y)
}

/// SplitMix64: a fixed sequence, so that a hash means the same shape in every build (the
/// shipped dictionary is keyed by these hashes).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn offsets() -> &'static Offsets {
    static OFFSETS: OnceLock<Offsets> = OnceLock::new();
    OFFSETS.get_or_init(|| {
        let r = MAX_DISTANCE as i32;
        let mut deltas: Vec<(i32, i32)> = (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| (dx, dy) != (0, 0) && gridcular(dx, dy) <= MAX_DISTANCE)
            .collect();
        deltas.sort_by_key(|&(dx, dy)| (gridcular(dx, dy), dy, dx));
        let symmetry = |s: usize, (mut x, mut y): (i32, i32)| {
            for _ in 0..s % 4 {
                (x, y) = (y, -x);
            }
            if s >= 4 {
                x = -x;
            }
            (x, y)
        };
        let images: Vec<[usize; 8]> = deltas
            .iter()
            .map(|&d| {
                std::array::from_fn(|s| {
                    let image = symmetry(s, d);
                    deltas.iter().position(|&e| e == image).expect("an offset")
                })
            })
            .collect();
        let ends = std::array::from_fn(|i| {
            let d = MIN_DISTANCE + i as u32;
            deltas
                .iter()
                .take_while(|&&(x, y)| gridcular(x, y) <= d)
                .count()
        });
        let mut state = 0x7E46_E45A_7A11_0001;
        let zobrist: Vec<u64> = (0..deltas.len() * CONTENTS)
            .map(|_| splitmix(&mut state))
            .collect();
        let size_words = std::array::from_fn(|_| splitmix(&mut state));
        let words = (0..deltas.len() * CONTENTS)
            .map(|k| {
                let (i, content) = (k / CONTENTS, k % CONTENTS);
                std::array::from_fn(|s| zobrist[images[i][s] * CONTENTS + content])
            })
            .collect();
        Offsets {
            deltas,
            ends,
            words,
            size_words,
        }
    })
}

/// The hashes of the shapes of sizes `MIN_DISTANCE..=MAX_DISTANCE` around the empty `cell`,
/// for `color` to move: `out[d - MIN_DISTANCE]`. Each is the smallest of the shape's eight
/// symmetric hashes, so a shape turned or mirrored has the same name.
pub fn shape_hashes(board: &Board, cell: usize, color: Color, out: &mut [u64; SIZES]) {
    let mut size = 0;
    walk(board, cell, color, |hash| {
        out[size] = hash;
        size += 1;
        true
    });
}

/// What `known` says of the largest shape around `cell` it knows, asking from the smallest
/// up and stopping at the first it does not know. That is the largest it knows when it
/// knows every shape inside a known one, as a dictionary of the shapes played at least `n`
/// times does: a larger shape is never played more often than the smaller one inside it.
/// The early stop is what makes the large shapes cheap enough for the tree's priors.
pub fn largest_known<T>(
    board: &Board,
    cell: usize,
    color: Color,
    known: impl Fn(u64) -> Option<T>,
) -> Option<T> {
    let mut found = None;
    walk(board, cell, color, |hash| match known(hash) {
        Some(value) => {
            found = Some(value);
            true
        }
        None => false,
    });
    found
}

/// Calls `visit` with the hash of each size in turn, smallest first, while it returns true.
fn walk(board: &Board, cell: usize, color: Color, mut visit: impl FnMut(u64) -> bool) {
    let cells = board.cells();
    let offsets = offsets();
    let n = i32::from(board.size().get());
    let at = cells.point(cell);
    let (px, py) = (i32::from(at.x), i32::from(at.y));
    // Content index by `CellContent` (empty, Black, White, border) for the player to move.
    let index: [usize; 4] = match color {
        Color::Black => [EMPTY, OWN, OTHER, OFF_BOARD],
        Color::White => [EMPTY, OTHER, OWN, OFF_BOARD],
    };
    let mut hashes = [0u64; 8];
    let mut next = 0;
    for (size, &end) in offsets.ends.iter().enumerate() {
        for i in next..end {
            let (dx, dy) = offsets.deltas[i];
            let (x, y) = (px + dx, py + dy);
            let content = if (0..n).contains(&x) && (0..n).contains(&y) {
                index[cells.content(cells.cell(Point::new(x as u8, y as u8))) as usize]
            } else {
                OFF_BOARD
            };
            let words = &offsets.words[i * CONTENTS + content];
            for (hash, word) in hashes.iter_mut().zip(words) {
                *hash ^= word;
            }
        }
        next = end;
        let smallest = hashes.iter().copied().min().unwrap_or(0);
        if !visit(smallest ^ offsets.size_words[size]) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_core::{Game, Position, Rules};

    fn hashes(diagram: &str, to_move: Color, x: u8, y: u8) -> [u64; SIZES] {
        let game = Game::from_diagram(diagram, to_move, Rules::japanese()).unwrap();
        let position = Position::from_game(&game);
        let board = position.board();
        let mut out = [0; SIZES];
        shape_hashes(
            board,
            board.cells().cell(Point::new(x, y)),
            to_move,
            &mut out,
        );
        out
    }

    #[test]
    fn a_corner_shape_turned_mirrored_or_colour_swapped_has_one_name() {
        // A 3-3 invasion under a 4-4 stone, seen in each corner, and with colours swapped.
        let corner = |rows: [&str; 7]| rows.join("\n");
        let top_left = corner([
            ".......", ".......", "..X....", "...O...", ".......", ".......", ".......",
        ]);
        let top_right = corner([
            ".......", ".......", "....X..", "...O...", ".......", ".......", ".......",
        ]);
        let bottom_left = corner([
            ".......", ".......", ".......", "...O...", "..X....", ".......", ".......",
        ]);
        let swapped = corner([
            ".......", ".......", "..O....", "...X...", ".......", ".......", ".......",
        ]);
        let h = hashes(&top_left, Color::White, 1, 1);
        assert_eq!(h, hashes(&top_right, Color::White, 5, 1));
        assert_eq!(h, hashes(&bottom_left, Color::White, 1, 5));
        assert_eq!(h, hashes(&swapped, Color::Black, 1, 1));
        // A different shape has different names from the size that sees the difference.
        let other = hashes(
            &corner([
                ".......", ".......", ".......", "...O...", ".......", ".......", ".......",
            ]),
            Color::White,
            1,
            1,
        );
        assert_ne!(h[SIZES - 1], other[SIZES - 1]);
        // The missing stone is diagonal to the move (distance 3): every size sees it.
        assert!(h.iter().zip(&other).all(|(a, b)| a != b));
    }

    #[test]
    fn sizes_differ_only_by_what_they_reach() {
        // A stone four points to the right (gridcular distance 8) changes the shapes of
        // size 8 and more, not the smaller ones.
        let empty = ["........."; 9].join("\n");
        let mut rows = ["........."; 9];
        rows[4] = "........X";
        let far = rows.join("\n");
        let (a, b) = (
            hashes(&empty, Color::Black, 4, 4),
            hashes(&far, Color::Black, 4, 4),
        );
        for d in MIN_DISTANCE..=MAX_DISTANCE {
            let i = (d - MIN_DISTANCE) as usize;
            assert_eq!(a[i] == b[i], d < 8, "size {d}");
        }
    }

    #[test]
    fn the_offsets_are_those_within_each_distance() {
        let o = offsets();
        // Within distance 4: the 8 of the 3×3 square and 4 two away on its lines.
        assert_eq!(o.ends[0], 12);
        assert_eq!(o.ends[SIZES - 1], o.deltas.len());
        assert_eq!(o.deltas.len(), 72);
    }
}
