//! Positions drawn as ASCII diagrams, the way tests and documentation show them: `X` Black,
//! `O` White, `.` empty, one row per line from the top, spaces ignored; as many rows as
//! columns.

use crate::{Board, BoardSize, Color, Game, Point, Rules, Setup, SetupError};

/// A diagram that is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DiagramError {
    /// The number of rows is no board size Tengen plays.
    #[error("a diagram of {0} rows is no board (2 to 25)")]
    Size(usize),
    /// A row with more or fewer points than there are rows.
    #[error("row {row} has {len} points, not {size}")]
    Row {
        /// The row, from 0 at the top.
        row: usize,
        /// Its points.
        len: usize,
        /// The rows.
        size: usize,
    },
    /// A character that is neither `X`, `O` nor `.`.
    #[error("unexpected {0:?} in the diagram (X, O or .)")]
    Symbol(char),
    /// The stones are not a position (a chain without liberty).
    #[error(transparent)]
    Setup(#[from] SetupError),
}

impl Setup {
    /// The position a diagram shows, `to_move` to play, no handicap.
    ///
    /// ```
    /// use tengen_core::{Color, Point, Setup};
    /// let setup = Setup::from_diagram("
    ///     . X .
    ///     . . O
    ///     . . .", Color::White).unwrap();
    /// assert_eq!(setup.size.get(), 3);
    /// assert_eq!(setup.stones, [(Point::new(1, 0), Color::Black), (Point::new(2, 1), Color::White)]);
    /// ```
    ///
    /// # Errors
    /// [`DiagramError`] for a diagram that is not square or holds another symbol.
    pub fn from_diagram(diagram: &str, to_move: Color) -> Result<Setup, DiagramError> {
        let rows: Vec<Vec<char>> = diagram
            .lines()
            .map(|line| line.chars().filter(|c| !c.is_whitespace()).collect())
            .filter(|row: &Vec<char>| !row.is_empty())
            .collect();
        let size = u32::try_from(rows.len())
            .ok()
            .and_then(|n| BoardSize::new(n).ok())
            .ok_or(DiagramError::Size(rows.len()))?;
        let mut stones = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            if row.len() != rows.len() {
                return Err(DiagramError::Row {
                    row: y,
                    len: row.len(),
                    size: rows.len(),
                });
            }
            for (x, &c) in row.iter().enumerate() {
                // Both fit: the size is at most 25.
                let point = Point::new(x as u8, y as u8);
                match c {
                    'X' => stones.push((point, Color::Black)),
                    'O' => stones.push((point, Color::White)),
                    '.' => {}
                    other => return Err(DiagramError::Symbol(other)),
                }
            }
        }
        Ok(Setup {
            size,
            stones,
            to_move,
            handicap: 0,
        })
    }
}

impl Game {
    /// A game from the position a diagram shows ([`Setup::from_diagram`]), `to_move` to play.
    ///
    /// ```
    /// use tengen_core::{Color, Game, Rules};
    /// let game = Game::from_diagram("
    ///     X X O .
    ///     . X O .
    ///     X X O O
    ///     . . . .", Color::Black, Rules::japanese()).unwrap();
    /// assert_eq!(game.board().stones().count(), 9);
    /// ```
    ///
    /// # Errors
    /// [`DiagramError`] for a diagram that is no position.
    pub fn from_diagram(diagram: &str, to_move: Color, rules: Rules) -> Result<Game, DiagramError> {
        Ok(Game::from_setup(
            &Setup::from_diagram(diagram, to_move)?,
            rules,
        )?)
    }
}

impl Board {
    /// The board drawn as the diagram [`Setup::from_diagram`] reads: one row per line from
    /// the top, points separated by spaces.
    ///
    /// ```
    /// use tengen_core::{Color, Game, Rules};
    /// let diagram = "X . O\n. X .\n. . .";
    /// let game = Game::from_diagram(diagram, Color::White, Rules::japanese()).unwrap();
    /// assert_eq!(game.board().diagram(), diagram);
    /// ```
    #[must_use]
    pub fn diagram(&self) -> String {
        let n = self.size().get();
        (0..n)
            .map(|y| {
                (0..n)
                    .map(|x| match self.get(Point::new(x, y)) {
                        Some(Color::Black) => "X",
                        Some(Color::White) => "O",
                        None => ".",
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}
