//! Go ranks as players write them: 30k up to 1k, then 1d up to 9d.

use std::fmt;
use std::str::FromStr;

/// A Go rank from 30 kyu up to 9 dan: what a member declares on joining and what the club
/// shows beside their name.
///
/// The kyu grades count down towards 1k and the dan grades count up from 1d, so the ranks
/// are one ladder: `Ord` says which is stronger (1d is above 1k), and
/// [`Rank::difference`] counts the rungs between two ranks, which is what the handicap
/// tables take.
///
/// The text form is how players write it: `3k`, `1d` ([`Display`](fmt::Display)), read back
/// leniently (`3K`, `3 kyu`, `1 dan`, surrounding spaces) by [`FromStr`]. The serde form is
/// the same text, so a stored rank stays readable in the database and in JSON.
///
/// Professional ranks (`3p`) are not here: a club rates amateurs, and the EGF scale puts a
/// professional above 9d only loosely.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank {
    /// Rungs above 30k: 0 is 30k, 29 is 1k, 30 is 1d, 38 is 9d. Private so that every
    /// `Rank` is a real one.
    step: u8,
}

/// The step of 1d: 30 rungs above 30k.
const FIRST_DAN: u8 = 30;
/// The step of 9d.
const TOP: u8 = 38;
/// The EGF's nominal rating of 30k (the bottom step).
const BOTTOM_RATING: f64 = -900.0;
/// Rating points between neighbouring ranks on the EGF scale.
const RATING_PER_RANK: f64 = 100.0;
/// Longer text than this is refused before it is looked at: "30 kyu" needs 6 bytes, and an
/// error message should not repeat a megabyte back.
const MAX_RANK_TEXT: usize = 32;

impl Rank {
    /// 30 kyu, the weakest rank: a beginner.
    pub const MIN: Rank = Rank { step: 0 };
    /// 9 dan, the strongest amateur rank.
    pub const MAX: Rank = Rank { step: TOP };
    /// Every rank from 30k up to 9d, weakest first: for menus, and for tests that go
    /// through them all.
    pub const ALL: [Rank; TOP as usize + 1] = {
        let mut all = [Rank::MIN; TOP as usize + 1];
        let mut step = 0;
        while step <= TOP {
            all[step as usize] = Rank { step };
            step += 1;
        }
        all
    };

    /// `n` kyu, for 1 ≤ `n` ≤ 30; `None` otherwise (there is no 0k, and 31k is below the
    /// scale).
    #[must_use]
    pub const fn kyu(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 30 {
            Some(Rank {
                step: FIRST_DAN - n,
            })
        } else {
            None
        }
    }

    /// `n` dan, for 1 ≤ `n` ≤ 9; `None` otherwise.
    #[must_use]
    pub const fn dan(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 9 {
            Some(Rank {
                step: FIRST_DAN - 1 + n,
            })
        } else {
            None
        }
    }

    /// Rungs above 30k: 0 for 30k, 29 for 1k, 30 for 1d, 38 for 9d. This is the McMahon
    /// start score before the bar and floor (OpenGotha's "MMS" counts the same way).
    #[must_use]
    pub const fn steps_above_bottom(self) -> u32 {
        self.step as u32
    }

    /// Whether this is a dan rank (1d and up), as opposed to a kyu rank.
    #[must_use]
    pub const fn is_dan(self) -> bool {
        self.step >= FIRST_DAN
    }

    /// How many ranks apart two ranks are, whichever is stronger: 1k and 1d are 1 apart,
    /// 3k and 1d are 3. There is no "0 dan" between them, which is why a plain difference of
    /// the written numbers would be wrong across the kyu/dan line. This is the difference the
    /// handicap tables (one stone a rank) take.
    #[must_use]
    pub const fn difference(self, other: Rank) -> u32 {
        self.step.abs_diff(other.step) as u32
    }

    /// The EGF rating that nominally belongs to this rank: 1d is 2100 and each rank is 100
    /// points, so 1k is 2000, 20k is 100, 30k is −900 and 9d is 2900.
    ///
    /// A member's first rating is this, from the rank they declare: that is how the EGF
    /// starts a player it has never rated, and it puts the newcomer where their declared rank
    /// says until games say otherwise.
    #[must_use]
    pub fn nominal_rating(self) -> f64 {
        BOTTOM_RATING + RATING_PER_RANK * f64::from(self.step)
    }

    /// The rank whose nominal rating is nearest to `rating`: from 50 points below a rank's
    /// nominal rating up to (not including) 50 above, so 2050 ≤ `rating` < 2150 is 1d, as
    /// the EGF's rank bands go.
    ///
    /// Ratings beyond the scale give its ends (below −950 is 30k, 2850 and up is 9d): the
    /// GoR has no bottom or top rank of its own. A NaN gives 30k: a rating that says nothing
    /// claims no strength, and 30k is what a lost or corrupt rating should fall to rather
    /// than a rank someone could boast of.
    #[must_use]
    pub fn from_rating(rating: f64) -> Rank {
        // One rounding step: `floor((r + 950) / 100)` puts r = 2050 exactly on 1d.
        let step = ((rating - BOTTOM_RATING + RATING_PER_RANK / 2.0) / RATING_PER_RANK).floor();
        if step >= f64::from(TOP) {
            Rank::MAX
        } else if step >= 0.0 {
            // 0 ≤ step < 38 and whole: the cast is exact.
            Rank { step: step as u8 }
        } else {
            // Below the scale, or NaN (every comparison with NaN is false).
            Rank::MIN
        }
    }
}

impl fmt::Display for Rank {
    /// `3k`, `1d`: the short form players and servers write.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_dan() {
            write!(f, "{}d", self.step - FIRST_DAN + 1)
        } else {
            write!(f, "{}k", FIRST_DAN - self.step)
        }
    }
}

impl fmt::Debug for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rank({self})")
    }
}

/// Text that is not a rank. The message says what a rank looks like, because it goes
/// straight back to the member who typed it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RankError {
    /// Longer than any way of writing a rank; not repeated back.
    #[error(
        "a rank is a few characters (such as 3k or 1d), not {0} bytes: ranks go from 30k to 1k and 1d to 9d"
    )]
    TooLong(usize),
    /// Not a rank: empty, out of range (`0k`, `31k`, `10d`), a professional rank (`3p`), or
    /// not a number and a unit.
    #[error("{0:?} is not a rank: ranks go from 30k to 1k and 1d to 9d (3k, 3 kyu, 1d, 1 dan)")]
    Invalid(String),
}

impl FromStr for Rank {
    type Err = RankError;

    /// Reads a rank as people type it: a number, optional spaces, then `k`/`kyu` or
    /// `d`/`dan` in any case, with surrounding spaces ignored. A leading zero (`03k`) is
    /// refused: nobody writes it, so it is more likely a slip than a rank.
    fn from_str(text: &str) -> Result<Rank, RankError> {
        if text.len() > MAX_RANK_TEXT {
            return Err(RankError::TooLong(text.len()));
        }
        let trimmed = text.trim();
        let invalid = || RankError::Invalid(trimmed.to_owned());
        let digits_end = trimmed
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(trimmed.len());
        let (digits, unit) = trimmed.split_at(digits_end);
        if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
            return Err(invalid());
        }
        let n: u8 = digits.parse().map_err(|_| invalid())?;
        let unit = unit.trim_start().to_ascii_lowercase();
        match unit.as_str() {
            "k" | "kyu" => Rank::kyu(n),
            "d" | "dan" => Rank::dan(n),
            _ => None,
        }
        .ok_or_else(invalid)
    }
}

impl serde::Serialize for Rank {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Rank {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Rank, D::Error> {
        struct RankText;
        impl serde::de::Visitor<'_> for RankText {
            type Value = Rank;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a rank from 30k to 1k or 1d to 9d, such as \"3k\"")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Rank, E> {
                text.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_str(RankText)
    }
}

/// How many rated games a member plays before the rank shown beside their name follows their
/// rating instead of the rank they declared.
///
/// Five, because at kyu level one game moves a rating by 20 to 50 points, up to half a rank:
/// over a newcomer's first few games the rating is mostly the declared rank plus luck, and a
/// newcomer relabelled after one unlucky evening learns nothing true. After five, the games
/// outweigh the luck of any one of them.
pub const RATED_GAMES_FOR_RANK: u32 = 5;

/// The rank the club shows for a member: the one they declared until they have
/// [`RATED_GAMES_FOR_RANK`] rated games, then the one their rating says
/// ([`Rank::from_rating`]).
///
/// The first rating is the declared rank's [`Rank::nominal_rating`], so the two agree at the
/// start and the switch is seamless for a member who declared well; one who declared wrong
/// moves to where their games put them, up or down.
#[must_use]
pub fn displayed_rank(declared: Rank, rating: f64, rated_games: u32) -> Rank {
    if rated_games < RATED_GAMES_FOR_RANK {
        declared
    } else {
        Rank::from_rating(rating)
    }
}
