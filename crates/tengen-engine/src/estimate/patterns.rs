//! MoGo's 3×3 playout patterns (Gelly, Wang, Munos, Teytaud 2006: hane, cuts, edge moves),
//! as a table from [`Board::neighbourhood`] codes to "a good reply for Black / for White".
//!
//! Playouts that answer the last move with these shapes resolve a local fight the way a
//! player would (block, cut, connect) instead of at random, which is what makes the
//! ownership of weak stones in an unfinished position mean something.

use std::sync::OnceLock;

use tengen_core::{Board, Color};

/// The shapes, for the player to move `X` at the centre; `O` the opponent, `.` empty,
/// `#` off the board, `?` anything, `x` anything but `X`, `o` anything but `O`. Top row
/// first; every rotation and reflection counts.
const SHAPES: [&str; 15] = [
    "XOX ... ???", // enclosing hane
    "XO. ... ?.?", // hane that does not cut
    "XO? X.. x.?", // magari
    "XOO ... ?.?", // thin hane
    ".O. X.. ...", // diagonal attachment
    "XO? O.o ?o?", // unprotected cut
    "XO? O.X ???", // peeped cut
    "?X? O.O ooo", // cut (de)
    "OX? ?.O ?o?", // keima cut
    "X.? O.? ##?", // edge: chase
    "OX? X.O ###", // edge: block the cut
    "?X? x.O ###", // edge: block the connection
    "?XO x.x ###", // edge: sagari
    "?OX X.O ###", // edge: cut
    "?X. O.X ###", // edge: make an eye
];

/// Pattern cells in the order of [`Board::neighbourhood`]: up, left, right, down, up-left,
/// up-right, down-left, down-right, as (row, column) of the 3×3 text.
const ORDER: [(usize, usize); 8] = [
    (0, 1),
    (1, 0),
    (1, 2),
    (2, 1),
    (0, 0),
    (0, 2),
    (2, 0),
    (2, 2),
];

/// Whether the move on `cell` answers a shape for `color`.
pub(crate) fn matches(board: &Board, cell: usize, color: Color) -> bool {
    let table = TABLE.get_or_init(build);
    table[usize::from(board.neighbourhood(cell))] & (1 << color.index()) != 0
}

static TABLE: OnceLock<Vec<u8>> = OnceLock::new();

/// Cell contents as [`Board::neighbourhood`] codes them.
const EMPTY: u16 = 0;
const BLACK: u16 = 1;
const WHITE: u16 = 2;
const EDGE: u16 = 3;

fn build() -> Vec<u8> {
    let mut table = vec![0u8; 1 << 16];
    for shape in SHAPES {
        let rows: Vec<Vec<char>> = shape.split(' ').map(|r| r.chars().collect()).collect();
        for transform in 0..8 {
            let grid = transformed(&rows, transform);
            for color in [Color::Black, Color::White] {
                let (own, theirs) = match color {
                    Color::Black => (BLACK, WHITE),
                    Color::White => (WHITE, BLACK),
                };
                let choices: Vec<Vec<u16>> = ORDER
                    .iter()
                    .map(|&(r, c)| match grid[r][c] {
                        'X' => vec![own],
                        'O' => vec![theirs],
                        '.' => vec![EMPTY],
                        '#' => vec![EDGE],
                        'x' => vec![EMPTY, theirs, EDGE],
                        'o' => vec![EMPTY, own, EDGE],
                        _ => vec![EMPTY, BLACK, WHITE, EDGE],
                    })
                    .collect();
                expand(&choices, 0, 0, &mut |code| {
                    table[usize::from(code)] |= 1 << color.index();
                });
            }
        }
    }
    table
}

/// Calls `each` with every code the per-cell choices allow.
fn expand(choices: &[Vec<u16>], index: usize, code: u16, each: &mut impl FnMut(u16)) {
    if index == choices.len() {
        each(code);
        return;
    }
    for &value in &choices[index] {
        expand(choices, index + 1, code | (value << (2 * index)), each);
    }
}

/// The 3×3 grid under one of the eight symmetries of the square.
fn transformed(rows: &[Vec<char>], transform: u8) -> [[char; 3]; 3] {
    let mut grid = [['?'; 3]; 3];
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let (mut y, mut x) = (r, c);
            if transform & 1 != 0 {
                x = 2 - x;
            }
            if transform & 2 != 0 {
                y = 2 - y;
            }
            if transform & 4 != 0 {
                std::mem::swap(&mut x, &mut y);
            }
            *cell = rows[y][x];
        }
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_core::{BoardSize, Point};

    #[test]
    fn a_hane_under_a_stone_between_two_own_stones_matches_for_its_owner_only() {
        let mut board = Board::new(BoardSize::new(9).unwrap());
        board.set(Point::new(3, 3), Some(Color::Black)).unwrap();
        board.set(Point::new(4, 3), Some(Color::White)).unwrap();
        board.set(Point::new(5, 3), Some(Color::Black)).unwrap();
        let centre = board.cell(Point::new(4, 4));
        assert!(matches(&board, centre, Color::Black));
        assert!(!matches(&board, centre, Color::White));
        // The same shape turned on its side.
        let mut turned = Board::new(BoardSize::new(9).unwrap());
        turned.set(Point::new(3, 3), Some(Color::White)).unwrap();
        turned.set(Point::new(3, 2), Some(Color::Black)).unwrap();
        turned.set(Point::new(3, 4), Some(Color::Black)).unwrap();
        assert!(matches(
            &turned,
            turned.cell(Point::new(2, 3)),
            Color::Black
        ));
    }
}
