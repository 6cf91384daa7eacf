//! Typed readings of the Go properties (GM[1]): board size, komi, handicap, rules, result,
//! moves, setup stones, territory marks and the game-information texts.

use crate::error::PropertyError;
use crate::tree::{GameTree, NodeId};
use tengen_core::{BoardSize, ByColor, Color, Komi, Move, Point};

/// The SGF letters of a coordinate: `a`–`z` for 0–25 (`FF[4]` goes on with `A`–`Z`).
fn coordinate(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

fn letter(coordinate: u8) -> char {
    if coordinate < 26 {
        char::from(b'a' + coordinate)
    } else {
        char::from(b'A' + (coordinate - 26) % 26)
    }
}

/// The SGF text of a point: column letter then row letter, `(0, 0)` = `aa` (top-left).
///
/// ```
/// use tengen_core::Point;
/// assert_eq!(tengen_sgf::point_text(Point::new(3, 15)), "dp");
/// ```
#[must_use]
pub fn point_text(point: Point) -> String {
    let mut s = String::with_capacity(2);
    s.push(letter(point.x));
    s.push(letter(point.y));
    s
}

/// Reads a point `dp` on a board of `size`.
///
/// # Errors
/// A [`PropertyError`] naming `property` when the text is not two letters or the point is off
/// the board.
pub fn parse_point(property: &str, value: &str, size: BoardSize) -> Result<Point, PropertyError> {
    let bytes = value.trim().as_bytes();
    let (Some(x), Some(y)) = (
        bytes.first().copied().and_then(coordinate),
        bytes.get(1).copied().and_then(coordinate),
    ) else {
        return Err(PropertyError::new(
            property,
            value,
            "not a point: expected two letters such as dp",
        ));
    };
    if bytes.len() != 2 {
        return Err(PropertyError::new(
            property,
            value,
            "not a point: expected two letters such as dp",
        ));
    }
    size.point(x, y)
        .ok_or_else(|| PropertyError::new(property, value, format!("point off the {size} board")))
}

/// Reads a move value: a point, or a pass (`[]`, and `[tt]` on boards up to 19×19).
fn parse_move(property: &str, value: &str, size: BoardSize) -> Result<Move, PropertyError> {
    let trimmed = value.trim();
    if trimmed.is_empty() || (trimmed == "tt" && size.get() <= 19) {
        return Ok(Move::Pass);
    }
    parse_point(property, value, size).map(Move::Play)
}

fn parse_number(property: &str, value: &str) -> Result<u32, PropertyError> {
    value
        .trim()
        .parse::<u32>()
        .map_err(|_| PropertyError::new(property, value, "not a whole number"))
}

/// How a game ended, as `RE` says.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordedResult {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// `RE[0]` or `RE[Draw]`: a tie.
    Draw,
    /// `RE[Void]`: no result.
    Void,
    /// `RE[?]`: unknown, or a text this reader does not understand.
    Unknown,
}

/// How a game was won.
#[derive(Clone, Debug, PartialEq)]
pub enum WinBy {
    /// By this many points.
    Score(f64),
    /// `R`/`Resign`.
    Resignation,
    /// `T`/`Time`.
    Time,
    /// `F`/`Forfeit`.
    Forfeit,
    /// `B+` alone: won, margin not given.
    Unspecified,
}

impl RecordedResult {
    /// Reads an `RE` value; texts that follow no `FF[4]` form give [`RecordedResult::Unknown`].
    ///
    /// ```
    /// use tengen_sgf::{RecordedResult, WinBy};
    /// use tengen_core::Color;
    /// assert_eq!(RecordedResult::parse("W+6.5"), RecordedResult::Win { winner: Color::White, by: WinBy::Score(6.5) });
    /// assert_eq!(RecordedResult::parse("B+Resign"), RecordedResult::Win { winner: Color::Black, by: WinBy::Resignation });
    /// assert_eq!(RecordedResult::parse("0"), RecordedResult::Draw);
    /// ```
    #[must_use]
    pub fn parse(text: &str) -> RecordedResult {
        let text = text.trim();
        match text {
            "0" | "Draw" | "Jigo" | "draw" | "jigo" => return RecordedResult::Draw,
            "Void" | "void" => return RecordedResult::Void,
            _ => {}
        }
        let (winner, rest) = if let Some(rest) = text.strip_prefix("B+") {
            (Color::Black, rest)
        } else if let Some(rest) = text.strip_prefix("W+") {
            (Color::White, rest)
        } else {
            return RecordedResult::Unknown;
        };
        let by = match rest.trim() {
            "" => WinBy::Unspecified,
            "R" | "Resign" | "resign" => WinBy::Resignation,
            "T" | "Time" | "time" => WinBy::Time,
            "F" | "Forfeit" | "forfeit" => WinBy::Forfeit,
            number => match number.parse::<f64>() {
                Ok(points) if points.is_finite() && points >= 0.0 => WinBy::Score(points),
                _ => return RecordedResult::Unknown,
            },
        };
        RecordedResult::Win { winner, by }
    }
}

impl GameTree {
    pub(crate) fn root_value(&self, id: &str) -> Option<&str> {
        if self.is_empty() {
            return None;
        }
        self.node(self.root()).value(id)
    }

    /// The board size: `SZ` of the root, 19 when absent.
    ///
    /// # Errors
    /// `SZ` that is not a number, a rectangle (`SZ[19:13]`) or outside 2..=25.
    pub fn size(&self) -> Result<BoardSize, PropertyError> {
        let Some(value) = self.root_value("SZ") else {
            return Ok(BoardSize::STANDARD);
        };
        let number = match value.split_once(':') {
            Some((columns, rows)) => {
                let columns = parse_number("SZ", columns)?;
                if columns != parse_number("SZ", rows)? {
                    return Err(PropertyError::new(
                        "SZ",
                        value,
                        "rectangular boards are not played",
                    ));
                }
                columns
            }
            None => parse_number("SZ", value)?,
        };
        BoardSize::new(number).map_err(|e| PropertyError::new("SZ", value, e.to_string()))
    }

    /// The komi `KM` of the root, if given.
    ///
    /// # Errors
    /// A `KM` that is not a whole or half number.
    pub fn komi(&self) -> Result<Option<Komi>, PropertyError> {
        self.root_value("KM")
            .filter(|v| !v.trim().is_empty())
            .map(|v| {
                v.parse::<Komi>()
                    .map_err(|_| PropertyError::new("KM", v, "not a whole or half number"))
            })
            .transpose()
    }

    /// The number of handicap stones `HA` (0 when absent).
    ///
    /// # Errors
    /// An `HA` that is not a whole number.
    pub fn handicap(&self) -> Result<u32, PropertyError> {
        self.root_value("HA")
            .filter(|v| !v.trim().is_empty())
            .map_or(Ok(0), |v| parse_number("HA", v))
    }

    /// The rules text `RU` as written (such as `Japanese` or `AGA`).
    #[must_use]
    pub fn rules_name(&self) -> Option<&str> {
        self.root_value("RU")
    }

    /// The result `RE`, if given.
    #[must_use]
    pub fn result(&self) -> Option<RecordedResult> {
        self.root_value("RE").map(RecordedResult::parse)
    }

    /// A game-information text of the root (`PB`, `PW`, `BR`, `WR`, `DT`, `EV`, `RE`, `OT`,
    /// `GN`, ...), with line breaks turned into spaces as SimpleText wants.
    #[must_use]
    pub fn info(&self, id: &str) -> Option<String> {
        self.root_value(id).map(|v| {
            v.replace("\r\n", " ")
                .replace(['\n', '\r'], " ")
                .trim()
                .to_owned()
        })
    }

    /// The main time `TM` in seconds, if given.
    ///
    /// # Errors
    /// A `TM` that is not a number.
    pub fn time_limit(&self) -> Result<Option<f64>, PropertyError> {
        self.root_value("TM")
            .map(|v| {
                v.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|t| t.is_finite() && *t >= 0.0)
                    .ok_or_else(|| PropertyError::new("TM", v, "not a number of seconds"))
            })
            .transpose()
    }

    /// The comment `C` of a node.
    #[must_use]
    pub fn comment(&self, node: NodeId) -> Option<&str> {
        self.node(node).value("C")
    }

    /// The move of a node: `B[..]` or `W[..]`, a pass written `[]` or (up to 19×19) `[tt]`.
    ///
    /// ```
    /// use tengen_sgf::{parse, Mode};
    /// use tengen_core::{Color, Move, Point};
    /// let game = parse(b"(;SZ[9];B[cd];W[])", Mode::Strict)?.games.remove(0);
    /// let moves: Vec<_> = game.main_line().filter_map(|n| game.move_of(n.id()).ok().flatten()).collect();
    /// assert_eq!(moves, [(Color::Black, Move::Play(Point::new(2, 3))), (Color::White, Move::Pass)]);
    /// # Ok::<(), tengen_sgf::SgfError>(())
    /// ```
    ///
    /// # Errors
    /// A value that is not a point of the board, or a node with both `B` and `W`.
    pub fn move_of(&self, node: NodeId) -> Result<Option<(Color, Move)>, PropertyError> {
        let n = self.node(node);
        let (black, white) = (n.get("B"), n.get("W"));
        let (color, prop) = match (black, white) {
            (None, None) => return Ok(None),
            (Some(b), Some(_)) => {
                return Err(PropertyError::new(
                    "B",
                    b.value(),
                    "a node with both B and W",
                ));
            }
            (Some(b), None) => (Color::Black, b),
            (None, Some(w)) => (Color::White, w),
        };
        let size = self.size()?;
        parse_move(prop.id(), prop.value(), size).map(|mv| Some((color, mv)))
    }

    /// The points of a point-list property (`AB`, `AW`, `AE`, `TB`, `TW`, markup) of a node,
    /// compressed rectangles `aa:cc` expanded, each point once, in order of first mention.
    ///
    /// ```
    /// use tengen_sgf::{parse, Mode};
    /// let game = parse(b"(;SZ[9]AB[aa:bb][ee])", Mode::Strict)?.games.remove(0);
    /// assert_eq!(game.points(game.root(), "AB").unwrap().len(), 5);
    /// # Ok::<(), tengen_sgf::SgfError>(())
    /// ```
    ///
    /// # Errors
    /// A value that is not a point or rectangle of the board.
    pub fn points(&self, node: NodeId, id: &str) -> Result<Vec<Point>, PropertyError> {
        let size = self.size()?;
        let mut seen = vec![false; size.area()];
        let mut out = Vec::new();
        let mut add = |p: Point, out: &mut Vec<Point>| {
            let i = p.y as usize * size.get() as usize + p.x as usize;
            if let Some(slot) = seen.get_mut(i) {
                if !*slot {
                    *slot = true;
                    out.push(p);
                }
            }
        };
        for value in self.node(node).values(id) {
            match value.split_once(':') {
                None => {
                    // An empty value ("no point") and FF[3] `tt` are tolerated in lists.
                    if value.trim().is_empty() || (value.trim() == "tt" && size.get() <= 19) {
                        continue;
                    }
                    add(parse_point(id, value, size)?, &mut out);
                }
                Some((a, b)) => {
                    let a = parse_point(id, a, size)
                        .map_err(|e| PropertyError::new(id, value, e.reason))?;
                    let b = parse_point(id, b, size)
                        .map_err(|e| PropertyError::new(id, value, e.reason))?;
                    for y in a.y.min(b.y)..=a.y.max(b.y) {
                        for x in a.x.min(b.x)..=a.x.max(b.x) {
                            add(Point::new(x, y), &mut out);
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// The setup stones of a node: `AB` (Black), `AW` (White) and `AE` (`None`: emptied).
    ///
    /// # Errors
    /// A value that is not a point or rectangle of the board.
    pub fn setup_stones(&self, node: NodeId) -> Result<Vec<(Point, Option<Color>)>, PropertyError> {
        let mut out = Vec::new();
        for (id, color) in [
            ("AE", None),
            ("AB", Some(Color::Black)),
            ("AW", Some(Color::White)),
        ] {
            out.extend(self.points(node, id)?.into_iter().map(|p| (p, color)));
        }
        Ok(out)
    }

    /// The player to move `PL` of a node.
    ///
    /// # Errors
    /// A `PL` that is not `B` or `W`.
    pub fn player_to_move(&self, node: NodeId) -> Result<Option<Color>, PropertyError> {
        self.node(node)
            .value("PL")
            .map(|v| match v.trim() {
                "B" | "b" | "1" => Ok(Color::Black),
                "W" | "w" | "2" => Ok(Color::White),
                _ => Err(PropertyError::new("PL", v, "expected B or W")),
            })
            .transpose()
    }

    /// The territory marks `TB` (Black's) and `TW` (White's) of a node.
    ///
    /// # Errors
    /// A value that is not a point or rectangle of the board.
    pub fn territory(&self, node: NodeId) -> Result<ByColor<Vec<Point>>, PropertyError> {
        Ok(ByColor {
            black: self.points(node, "TB")?,
            white: self.points(node, "TW")?,
        })
    }
}
