//! The text forms of colours and vertices that GTP defines and people read: `b`/`black`,
//! `D4` (columns `A`–`Z` without `I`, row 1 at the bottom), `pass`. One codec for the GTP
//! engine and client, the SGF replay's messages and the server.

use crate::{BoardSize, Color, Move, Point};

/// The column letters of GTP: `I` is skipped.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A vertex or colour that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VertexError {
    /// Not of the form letter + number, nor `pass`.
    #[error("invalid vertex {0:?}: expected a letter A-Z (no I) and a row number, or pass")]
    Syntax(String),
    /// A well-formed vertex that lies outside the board.
    #[error("vertex {vertex} is off the {size} board")]
    OffBoard {
        /// The vertex as given.
        vertex: String,
        /// The board.
        size: BoardSize,
    },
    /// Not `b`, `black`, `w` or `white`.
    #[error("invalid color {0:?}: expected b, black, w or white")]
    Color(String),
}

/// Reads a GTP colour (`b`, `black`, `w`, `white`, any case).
///
/// # Errors
/// [`VertexError::Color`] for anything else.
pub fn parse_color(text: &str) -> Result<Color, VertexError> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(VertexError::Color(text.to_owned())),
    }
}

/// GTP's name of a colour in responses: `black` or `white`.
#[must_use]
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A GTP vertex as text names it: `D4` (a column letter, `I` skipped, and the row counted
/// from the bottom) or `pass`. It needs no board size until it becomes a point: GTP's row 1
/// is the bottom row of whatever board it is on. Read with [`FromStr`](std::str::FromStr)
/// (any case), written with [`Display`](std::fmt::Display) (upper case, `pass`).
///
/// ```
/// use tengen_core::{BoardSize, Move, Point, Vertex};
/// let v: Vertex = "q16".parse().unwrap();
/// assert_eq!(v.to_string(), "Q16");
/// assert_eq!(v.to_move(BoardSize::STANDARD), Ok(Move::Play(Point::new(15, 3))));
/// assert_eq!(Vertex::of(Move::Play(Point::new(15, 3)), BoardSize::STANDARD), v);
/// assert!("Q16".parse::<Vertex>().unwrap().to_move(BoardSize::new(9).unwrap()).is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Vertex {
    /// `pass`.
    Pass,
    /// A point.
    At {
        /// Column from the left, from 0 (`A`).
        column: u8,
        /// Row from the bottom, from 1 (0 reads, and lies off every board).
        row: u8,
    },
}

impl std::str::FromStr for Vertex {
    type Err = VertexError;

    fn from_str(text: &str) -> Result<Vertex, VertexError> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Vertex::Pass);
        }
        let syntax = || VertexError::Syntax(text.chars().take(16).collect());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(syntax)?.to_ascii_uppercase();
        let digits = chars.as_str();
        if !letter.is_ascii_uppercase()
            || letter == 'I'
            || digits.is_empty()
            || digits.len() > 3
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(syntax());
        }
        let column = COLUMNS
            .iter()
            .position(|&c| char::from(c) == letter)
            .ok_or_else(syntax)?;
        // Row 0 reads (it is off every board, which `to_move` says), as do rows up to 255.
        let row: u8 = digits.parse().map_err(|_| syntax())?;
        Ok(Vertex::At {
            column: column as u8,
            row,
        })
    }
}

impl std::fmt::Display for Vertex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Vertex::Pass => f.write_str("pass"),
            Vertex::At { column, row } => write!(f, "{}{row}", column_letter(column)),
        }
    }
}

impl Vertex {
    /// The vertex of `mv` on a board of `size`.
    #[must_use]
    pub fn of(mv: Move, size: BoardSize) -> Vertex {
        match mv {
            Move::Pass => Vertex::Pass,
            Move::Play(p) => Vertex::At {
                column: p.x,
                row: size.get().saturating_sub(p.y),
            },
        }
    }

    /// The move this vertex names on a board of `size`.
    ///
    /// # Errors
    /// [`VertexError::OffBoard`] for a vertex outside the board.
    pub fn to_move(self, size: BoardSize) -> Result<Move, VertexError> {
        match self {
            Vertex::Pass => Ok(Move::Pass),
            Vertex::At { column, row } => {
                let n = size.get();
                if column >= n || row == 0 || row > n {
                    return Err(VertexError::OffBoard {
                        vertex: self.to_string(),
                        size,
                    });
                }
                Ok(Move::Play(Point::new(column, n - row)))
            }
        }
    }
}

impl std::str::FromStr for Color {
    type Err = VertexError;

    /// GTP's colours: `b`, `black`, `w`, `white`, any case ([`parse_color`]).
    fn from_str(text: &str) -> Result<Color, VertexError> {
        parse_color(text)
    }
}

/// Reads a GTP vertex or `pass` (any case) on a board of `size`: [`Vertex`], then its move.
///
/// ```
/// use tengen_core::{BoardSize, Move, Point, parse_move};
/// let size = BoardSize::new(9).unwrap();
/// assert_eq!(parse_move("A1", size), Ok(Move::Play(Point::new(0, 8))));
/// assert_eq!(parse_move("j9", size), Ok(Move::Play(Point::new(8, 0))));
/// assert_eq!(parse_move("PASS", size), Ok(Move::Pass));
/// assert!(parse_move("I5", size).is_err());
/// assert!(parse_move("K1", size).is_err()); // off a 9x9 board
/// ```
///
/// # Errors
/// [`VertexError::Syntax`] for text that is no vertex, [`VertexError::OffBoard`] for a vertex
/// outside the board.
pub fn parse_move(text: &str, size: BoardSize) -> Result<Move, VertexError> {
    text.parse::<Vertex>()?.to_move(size).map_err(|e| match e {
        VertexError::OffBoard { size, .. } => VertexError::OffBoard {
            vertex: text.to_owned(),
            size,
        },
        other => other,
    })
}

/// The GTP vertex of `point` on a board of `size`: `(0, 0)` is `A<size>`.
///
/// ```
/// use tengen_core::{BoardSize, Point, vertex};
/// assert_eq!(vertex(Point::new(15, 15), BoardSize::STANDARD), "Q4");
/// ```
#[must_use]
pub fn vertex(point: Point, size: BoardSize) -> String {
    Vertex::of(Move::Play(point), size).to_string()
}

/// The GTP text of a move: a vertex or `pass`.
#[must_use]
pub fn move_text(mv: Move, size: BoardSize) -> String {
    Vertex::of(mv, size).to_string()
}

/// The column letter of `x` (for board diagrams; `?` off the largest board).
#[must_use]
pub fn column_letter(x: u8) -> char {
    COLUMNS.get(usize::from(x)).map_or('?', |&c| char::from(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vertex_and_a_colour_read_and_write_as_gtp_writes_them() {
        for text in ["A1", "T19", "Z25", "pass"] {
            assert_eq!(text.parse::<Vertex>().unwrap().to_string(), text);
        }
        assert_eq!("d4".parse::<Vertex>().unwrap().to_string(), "D4");
        assert!(
            "A0".parse::<Vertex>()
                .unwrap()
                .to_move(BoardSize::STANDARD)
                .is_err()
        );
        for bad in ["", "I5", "A", "4D", "A1234", "A256", "passs"] {
            assert!(bad.parse::<Vertex>().is_err(), "{bad:?}");
        }
        assert_eq!("W".parse::<Color>(), Ok(Color::White));
        assert_eq!("black".parse::<Color>(), Ok(Color::Black));
        assert!("red".parse::<Color>().is_err());
    }

    proptest::proptest! {
        /// A colour's text, either form, reads back as the colour.
        #[test]
        fn a_colour_reads_back_from_its_text(black in proptest::bool::ANY, upper in proptest::bool::ANY) {
            let color = if black { Color::Black } else { Color::White };
            let shown = color.to_string();
            proptest::prop_assert_eq!(shown.parse::<Color>(), Ok(color));
            proptest::prop_assert_eq!(color_name(color).parse::<Color>(), Ok(color));
            let letter = if upper { color.letter() } else { color.letter().to_ascii_lowercase() };
            proptest::prop_assert_eq!(letter.to_string().parse::<Color>(), Ok(color));
        }

        /// A move on any board, written as a vertex and read back, is the same move.
        #[test]
        fn a_move_reads_back_from_its_vertex(n in 2u8..=25, x in 0u8..25, y in 0u8..25, pass in proptest::bool::ANY) {
            let size = BoardSize::new(u32::from(n)).unwrap();
            let mv = if pass { Move::Pass } else { Move::Play(Point::new(x % n, y % n)) };
            let text = Vertex::of(mv, size).to_string();
            proptest::prop_assert_eq!(text.parse::<Vertex>(), Ok(Vertex::of(mv, size)));
            proptest::prop_assert_eq!(text.to_lowercase().parse::<Vertex>().unwrap().to_move(size), Ok(mv));
            proptest::prop_assert_eq!(parse_move(&move_text(mv, size), size), Ok(mv));
        }

        /// Any text either reads as a vertex that writes back the same (up to case and
        /// leading zeros) or is refused; it never panics.
        #[test]
        fn any_text_reads_as_a_vertex_or_is_refused(text in "[A-Za-z]?[0-9]{0,4}|pass|PASS|.{0,6}") {
            if let Ok(v) = text.parse::<Vertex>() {
                let again: Vertex = v.to_string().parse().unwrap();
                proptest::prop_assert_eq!(again, v);
            }
        }
    }

    #[test]
    fn gtp_vertex_round_trip_on_every_size() {
        for n in 2..=25 {
            let size = BoardSize::new(n).unwrap();
            for p in size.points() {
                assert_eq!(parse_move(&vertex(p, size), size), Ok(Move::Play(p)));
            }
        }
    }

    #[test]
    fn gtp_vertex_a1_is_bottom_left() {
        let size = BoardSize::new(19).unwrap();
        assert_eq!(vertex(Point::new(0, 18), size), "A1");
        assert_eq!(vertex(Point::new(8, 0), size), "J19");
        assert_eq!(parse_move("T19", size), Ok(Move::Play(Point::new(18, 0))));
    }

    #[test]
    fn gtp_vertices_skip_i_and_count_rows_from_the_bottom() {
        let nine = BoardSize::new(9).unwrap();
        assert_eq!(parse_move("a1", nine), Ok(Move::Play(Point::new(0, 8))));
        assert_eq!(parse_move("j9", nine), Ok(Move::Play(Point::new(8, 0))));
        assert!(parse_move("i5", nine).is_err());
        assert!(parse_move("k1", nine).is_err());
        assert_eq!(vertex(Point::new(8, 0), nine), "J9");
    }

    #[test]
    fn gtp_vertex_garbage_is_an_error() {
        let size = BoardSize::new(19).unwrap();
        for bad in [
            "",
            "A",
            "1",
            "A0",
            "A-1",
            "AA1",
            "A1x",
            "Ä1",
            "A99999999999",
            "I4",
        ] {
            assert!(parse_move(bad, size).is_err(), "{bad}");
        }
        assert!(matches!(
            parse_move("A20", size),
            Err(VertexError::OffBoard { .. })
        ));
    }
}
