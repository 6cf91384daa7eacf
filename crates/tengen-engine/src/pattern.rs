//! The 3×3 patterns of MoGo's playouts (Gelly, Wang, Munos, Teytaud, "Modification of UCT
//! with Patterns in Monte-Carlo Go", 2006): hane, cut, and edge shapes around an empty
//! point that are usually good for either player. Matched on
//! [`Cells::neighbourhood`](tengen_core::cells::Cells::neighbourhood) codes through a table
//! of all 65,536 of them, built once.

use std::sync::OnceLock;

use tengen_core::Board;

/// The patterns, centre always empty: `X` and `O` are stones of opposite colours (either
/// way round), `.` empty, `x` anything but `X` (so `O`, empty or off the board), `o`
/// anything but `O`, `?` anything, and a space off the board.
const SOURCES: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane enclosing a stone
    ["XO.", "...", "?.?"], // hane that does not cut
    ["XO?", "X..", "x.?"], // magari hane
    [".O.", "X..", "..."], // diagonal attachment
    ["XO?", "O.o", "?o?"], // unprotected cut
    ["XO?", "O.X", "???"], // peeped cut
    ["?X?", "O.O", "ooo"], // cut 2
    ["OX?", "o.O", "???"], // cut keima
    ["X.?", "O.?", "   "], // edge: chase
    ["OX?", "X.O", "   "], // edge: block the cut
    ["?X?", "x.O", "   "], // edge: block the connection
    ["?XO", "x.x", "   "], // edge: sagari
    ["?OX", "X.O", "   "], // edge: cut
];

/// Cell contents as [`Cells::neighbourhood`](tengen_core::cells::Cells::neighbourhood)
/// packs them.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

/// Positions in the 3×3 grid (row, column) of the code's eight slots: up, left, right,
/// down, up-left, up-right, down-left, down-right.
const SLOTS: [(usize, usize); 8] = [
    (0, 1),
    (1, 0),
    (1, 2),
    (2, 1),
    (0, 0),
    (0, 2),
    (2, 0),
    (2, 2),
];

fn allowed(symbol: u8, x: u8, o: u8) -> &'static [u8] {
    const ANY: [u8; 4] = [EMPTY, BLACK, WHITE, BORDER];
    match symbol {
        b'.' => &[EMPTY],
        b' ' => &[BORDER],
        b'?' => &ANY,
        b'X' if x == BLACK => &[BLACK],
        b'X' => &[WHITE],
        b'O' if o == BLACK => &[BLACK],
        b'O' => &[WHITE],
        b'x' if x == BLACK => &[EMPTY, WHITE, BORDER],
        b'x' => &[EMPTY, BLACK, BORDER],
        b'o' if o == BLACK => &[EMPTY, WHITE, BORDER],
        b'o' => &[EMPTY, BLACK, BORDER],
        _ => unreachable!("unknown pattern symbol"),
    }
}

/// The eight symmetries of a 3×3 grid.
fn symmetries(grid: [[u8; 3]; 3]) -> Vec<[[u8; 3]; 3]> {
    let rotate = |g: [[u8; 3]; 3]| {
        let mut r = [[0; 3]; 3];
        for (i, row) in r.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                *cell = g[2 - j][i];
            }
        }
        r
    };
    let mirror = |g: [[u8; 3]; 3]| {
        let mut m = g;
        for row in &mut m {
            row.reverse();
        }
        m
    };
    let mut out = Vec::with_capacity(8);
    let mut g = grid;
    for _ in 0..4 {
        out.push(g);
        out.push(mirror(g));
        g = rotate(g);
    }
    out
}

/// Sets every code the grid matches (with `X` as `x_color`).
fn expand(grid: &[[u8; 3]; 3], x_color: u8, table: &mut [u64]) {
    let o_color = if x_color == BLACK { WHITE } else { BLACK };
    let choices: Vec<&'static [u8]> = SLOTS
        .iter()
        .map(|&(r, c)| allowed(grid[r][c], x_color, o_color))
        .collect();
    let mut index = [0usize; 8];
    loop {
        let code = (0..8).fold(0usize, |acc, slot| {
            acc | usize::from(choices[slot][index[slot]]) << (2 * slot)
        });
        table[code / 64] |= 1 << (code % 64);
        // The next combination, like an odometer.
        let mut slot = 0;
        loop {
            if slot == 8 {
                return;
            }
            index[slot] += 1;
            if index[slot] < choices[slot].len() {
                break;
            }
            index[slot] = 0;
            slot += 1;
        }
    }
}

fn build() -> Vec<u64> {
    let mut table = vec![0u64; 65_536 / 64];
    for source in SOURCES {
        let grid = [
            <[u8; 3]>::try_from(source[0].as_bytes()).expect("three symbols"),
            <[u8; 3]>::try_from(source[1].as_bytes()).expect("three symbols"),
            <[u8; 3]>::try_from(source[2].as_bytes()).expect("three symbols"),
        ];
        for g in symmetries(grid) {
            expand(&g, BLACK, &mut table);
            expand(&g, WHITE, &mut table);
        }
    }
    table
}

static TABLE: OnceLock<Vec<u64>> = OnceLock::new();

/// The table of matching codes (built on first use, about a millisecond).
#[inline]
pub(crate) fn table() -> &'static [u64] {
    TABLE.get_or_init(build)
}

/// Whether the empty on-board `cell` matches one of the patterns.
#[inline]
pub(crate) fn matches(table: &[u64], board: &Board, cell: usize) -> bool {
    let code = usize::from(board.cells().neighbourhood(cell));
    table[code / 64] & (1 << (code % 64)) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_core::{BoardSize, Color, Point};

    fn board(rows: &[&str]) -> Board {
        let size = BoardSize::new(rows.len() as u32).unwrap();
        let mut board = Board::new(size);
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.bytes().enumerate() {
                let color = match c {
                    b'X' => Color::Black,
                    b'O' => Color::White,
                    _ => continue,
                };
                board
                    .set(Point::new(x as u8, y as u8), Some(color))
                    .unwrap();
            }
        }
        board
    }

    #[test]
    fn mogo_hane_matches_in_every_orientation_and_colour() {
        // The hane at the centre of `XOX / ... `, rotated and with colours swapped.
        for rows in [
            [".....", ".XOX.", ".....", ".....", "....."],
            [".....", ".OXO.", ".....", ".....", "....."],
            [".....", ".X...", ".O...", ".X...", "....."],
        ] {
            let b = board(&rows);
            assert!(
                matches(table(), &b, b.cells().cell(Point::new(2, 2))),
                "{rows:?}"
            );
        }
    }

    #[test]
    fn empty_surroundings_match_no_pattern() {
        let b = board(&[".....", ".....", ".....", ".....", "....."]);
        for p in b.size().points() {
            assert!(!matches(table(), &b, b.cells().cell(p)));
        }
    }

    #[test]
    fn edge_cut_pattern_needs_the_edge() {
        // "?OX / X.O / edge": the move on the first line between two cutting stones.
        let b = board(&[".....", ".....", ".....", ".OX..", ".X.O."]);
        assert!(matches(table(), &b, b.cells().cell(Point::new(2, 4))));
    }
}
