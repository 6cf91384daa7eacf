//! The handicap from the players' ranks (JP-3, AGA-4a), and fixed handicap placement: the AGA
//! order of seed 000 (AGA-4, JP-4) and the GTP specification's order (for `fixed_handicap`).

use crate::{BoardSize, Komi, Point, Rules};

/// The most handicap stones a rank difference gives (JP-3, AGA-4).
pub const MAX_RANK_HANDICAP: u32 = 9;

/// What two players' ranks give them under a set of rules: the weaker takes Black.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RankHandicap {
    /// 0: an even game (colours by nigiri); 1: the weaker takes Black and moves first, no
    /// stones placed; 2 to 9: stones placed, then White moves. The same count
    /// [`crate::Game::with_handicap`] takes.
    pub stones: u32,
    /// White's komi.
    pub komi: Komi,
}

impl RankHandicap {
    /// Whether the game is even (the same rank): colours are drawn, and the rules' even komi
    /// applies.
    #[must_use]
    pub fn is_even(&self) -> bool {
        self.stones == 0
    }
}

/// The handicap two players `ranks_apart` ranks apart get under `rules`.
///
/// The seeds give it from the difference alone (seed 004, "Tasoitukset"; JP-2, JP-3; seed
/// 000 point 4, AGA-3, AGA-4a): the same rank is an even game with the even komi; one rank
/// apart, the weaker takes Black and moves first with the handicap komi (0 under the
/// Japanese rules, 0.5 under the AGA's: its "one-stone handicap"); two ranks or more, as
/// many stones as the difference, at most nine, with the handicap komi. The presets the
/// seeds do not describe (`chinese`, `tromp-taylor`) take the same stones with their own
/// handicap komi. The stones may not fit a small board: [`max_fixed_handicap`] says how
/// many do, and a caller caps the count there (or places them freely).
///
/// ```
/// use tengen_core::{Rules, handicap_from_ranks};
/// // A 3-kyu against a 1-dan: three ranks apart.
/// let h = handicap_from_ranks(3, &Rules::japanese());
/// assert_eq!((h.stones, h.komi.to_string()), (3, "0".to_owned()));
/// let h = handicap_from_ranks(1, &Rules::aga());
/// assert_eq!((h.stones, h.komi.to_string()), (1, "0.5".to_owned()));
/// ```
#[must_use]
pub fn handicap_from_ranks(ranks_apart: u32, rules: &Rules) -> RankHandicap {
    let stones = ranks_apart.min(MAX_RANK_HANDICAP);
    RankHandicap {
        stones,
        // `stones` is at most 9: it fits.
        komi: rules.komi(stones as u8),
    }
}

/// A handicap that cannot be placed on this board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HandicapError {
    /// Fixed placement needs a board of at least 7×7.
    #[error("fixed handicap needs a board of at least 7x7, not {0}")]
    BoardTooSmall(BoardSize),
    /// More stones than the board's star points allow.
    #[error("{stones} handicap stones do not fit on {size}: at most {max}")]
    TooMany {
        /// Stones asked for.
        stones: u32,
        /// The board.
        size: BoardSize,
        /// The most this board takes.
        max: u32,
    },
    /// Placed handicap is 2 stones or more (1 means Black moves first without komi).
    #[error("a placed handicap has at least 2 stones, not {0}")]
    TooFew(u32),
    /// A free placement repeats a point or leaves the board.
    #[error("free handicap stones must be distinct points on the board")]
    BadFreePlacement,
}

/// The most fixed handicap stones a board takes: 9 on odd sizes from 9×9, 4 on even sizes and
/// 7×7, none below 7×7.
#[must_use]
pub fn max_fixed_handicap(size: BoardSize) -> u32 {
    let n = size.get();
    if n < 7 {
        0
    } else if n.is_multiple_of(2) || n == 7 {
        4
    } else {
        9
    }
}

/// The nine star points of `size`, named by their 19×19 equivalents.
struct StarPoints {
    q16: Point,
    d4: Point,
    q4: Point,
    d16: Point,
    q10: Point,
    d10: Point,
    k16: Point,
    k4: Point,
    k10: Point,
}

fn star_points(size: BoardSize) -> StarPoints {
    let n = size.get();
    // The 4th line from 12×12 up, else the 3rd (as the seed's 13×13 and GNU Go do).
    let edge = if n > 11 { 3 } else { 2 };
    let far = n - 1 - edge;
    let mid = n / 2;
    StarPoints {
        q16: Point::new(far, edge),
        d4: Point::new(edge, far),
        q4: Point::new(far, far),
        d16: Point::new(edge, edge),
        q10: Point::new(far, mid),
        d10: Point::new(edge, mid),
        k16: Point::new(mid, edge),
        k4: Point::new(mid, far),
        k10: Point::new(mid, mid),
    }
}

fn check_count(size: BoardSize, stones: u32) -> Result<(), HandicapError> {
    if stones < 2 {
        return Err(HandicapError::TooFew(stones));
    }
    let max = max_fixed_handicap(size);
    if max == 0 {
        return Err(HandicapError::BoardTooSmall(size));
    }
    if stones > max {
        return Err(HandicapError::TooMany { stones, size, max });
    }
    Ok(())
}

/// The seed's placement (AGA-4): star points in the order Q16, D4, Q4, D16, Q10, D10, K16, K4,
/// K10, with 5 and 7 stones taking the centre K10 in place of the next side point.
///
/// # Errors
/// [`HandicapError`] when the board is smaller than 7×7 or the count is outside
/// `2..=max_fixed_handicap(size)`.
///
/// ```
/// use tengen_core::{BoardSize, Point, aga_handicap};
/// let points = aga_handicap(BoardSize::new(19).unwrap(), 3).unwrap();
/// // Q16, D4, Q4 with (0, 0) at the top-left corner.
/// assert_eq!(points, vec![Point::new(15, 3), Point::new(3, 15), Point::new(15, 15)]);
/// ```
pub fn aga_handicap(size: BoardSize, stones: u32) -> Result<Vec<Point>, HandicapError> {
    check_count(size, stones)?;
    let s = star_points(size);
    let order = [s.q16, s.d4, s.q4, s.d16, s.q10, s.d10, s.k16, s.k4, s.k10];
    Ok(match stones {
        5 => vec![s.q16, s.d4, s.q4, s.d16, s.k10],
        7 => vec![s.q16, s.d4, s.q4, s.d16, s.q10, s.d10, s.k10],
        n => order[..n as usize].to_vec(),
    })
}

/// The GTP specification's placement for `fixed_handicap`: D4 Q16, then D16, Q4, with the
/// centre for odd counts, D10 Q10 from 6, K4 K16 from 8.
///
/// # Errors
/// As [`aga_handicap`].
pub fn gtp_handicap(size: BoardSize, stones: u32) -> Result<Vec<Point>, HandicapError> {
    check_count(size, stones)?;
    let s = star_points(size);
    let mut points = vec![s.d4, s.q16];
    if stones >= 3 {
        points.push(s.d16);
    }
    if stones >= 4 {
        points.push(s.q4);
    }
    if stones >= 6 {
        points.extend([s.d10, s.q10]);
    }
    if stones >= 8 {
        points.extend([s.k4, s.k16]);
    }
    if stones % 2 == 1 && stones >= 5 {
        points.push(s.k10);
    }
    Ok(points)
}
