//! Vocabulary types: colours, points, board sizes, moves.

use std::fmt;

/// A player, or the colour of a stone. Its serde form (feature `serde`) is `"black"` or
/// `"white"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Color {
    /// Moves first in an even game.
    Black,
    /// Receives komi.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The opponent's colour.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for Black, `1` for White: an index into per-colour tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `1` for Black, `-1` for White: turns Black's margin (or a count Black gains by) into
    /// this colour's.
    ///
    /// ```
    /// use tengen_core::Color;
    /// let black_margin = 3;
    /// assert_eq!(Color::White.sign() * black_margin, -3);
    /// ```
    #[must_use]
    pub const fn sign(self) -> i32 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }

    /// The letter SGF and GTP results use: `B` or `W`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// Per-colour data: captures, acceptance ticks, clocks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// Both values from a function of the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> Self {
        ByColor {
            black: f(Color::Black),
            white: f(Color::White),
        }
    }

    /// The value of `color`.
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The value of `color`, mutably.
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

/// The smallest board Tengen plays.
pub const MIN_SIZE: u8 = 2;
/// The largest board Tengen plays (the largest GTP allows).
pub const MAX_SIZE: u8 = 25;

/// The side length of a square board, validated to `2..=25` (rule C1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardSize(u8);

/// A board size outside `2..=25`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("board size {0} is out of range: Tengen plays sizes {MIN_SIZE} to {MAX_SIZE}")]
pub struct BoardSizeError(pub u32);

impl BoardSize {
    /// The standard 19×19 board.
    pub const STANDARD: BoardSize = BoardSize(19);

    /// A size from `2..=25`.
    ///
    /// # Errors
    /// [`BoardSizeError`] for any other number.
    pub fn new(size: u32) -> Result<BoardSize, BoardSizeError> {
        if (MIN_SIZE as u32..=MAX_SIZE as u32).contains(&size) {
            Ok(BoardSize(size as u8))
        } else {
            Err(BoardSizeError(size))
        }
    }

    /// The number of lines.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The number of points, `size²`.
    #[must_use]
    pub const fn area(self) -> usize {
        self.0 as usize * self.0 as usize
    }

    /// The point at column `x`, row `y` from the top-left corner, if it is on the board.
    #[must_use]
    pub fn point(self, x: u8, y: u8) -> Option<Point> {
        (x < self.0 && y < self.0).then_some(Point { x, y })
    }

    /// Whether `point` lies on this board.
    #[must_use]
    pub fn contains(self, point: Point) -> bool {
        point.x < self.0 && point.y < self.0
    }

    /// Every point, row by row from the top-left corner.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let n = self.0;
        (0..n).flat_map(move |y| (0..n).map(move |x| Point { x, y }))
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.0)
    }
}

/// An intersection: column `x` and row `y`, `(0, 0)` at the top-left corner (as SGF and Sabaki).
///
/// A point carries no board size; [`BoardSize::point`] and [`BoardSize::contains`] validate it.
/// Its text forms need the board size (GTP counts rows from the bottom), so it has no `Display`
/// or `FromStr`: GTP's `D4` is a [`Vertex`](crate::Vertex) ([`Vertex::of`](crate::Vertex::of),
/// [`Vertex::to_move`](crate::Vertex::to_move)), SGF's `dp` lives in `tengen-sgf`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, from the left.
    pub x: u8,
    /// Row, from the top.
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y` (not validated against any board).
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }
}

/// A move: a stone on a point, or a pass. Resignation and undo are game actions, not moves.
/// Its GTP text (`D4`, `pass`) needs the board size, like a [`Point`]'s: see
/// [`Vertex`](crate::Vertex) and [`parse_move`](crate::parse_move).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// A pass (rule C6: always legal while the game is being played).
    Pass,
}

impl Move {
    /// The point of a stone move.
    #[must_use]
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}
