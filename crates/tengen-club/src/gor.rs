//! EGF ratings (GoR), the formula the European Go Database uses since 2021, on top of
//! `skillratings::egf`, which was checked against it (see the crate README and
//! `tests/gor.rs`).

use skillratings::Outcomes;
use skillratings::egf::{EGFConfig, EGFRating};

/// The lowest rating: 30k's nominal rating. No rating goes below it, from any game.
///
/// The EGD's published formula has no floor; `skillratings` adds this one, and it is kept on
/// purpose: the rank scale stops at 30k, so points below it would be a debt a beginner has to
/// win back before their rating moves at all.
pub const MIN_RATING: f64 = -900.0;

/// The highest rating the formula is taken at. At 3300 the formula has a pole (β and `con`
/// take `3300 − r`), so a rating there, or a handicap that lifts Black's rating there, would
/// give NaN: ratings are held one point below it. No real game comes near: 9d is 2900.
const CEILING: f64 = 3299.0;

/// How a game ended, by colour: the handicap belongs to Black, so the colours matter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Black won (score, resignation, time, forfeit: the rating does not care how).
    BlackWins,
    /// White won.
    WhiteWins,
    /// Jigo, a drawn game: half a win each.
    Jigo,
}

/// A game's handicap as the EGF rates it: its `h`, 0 for an even game with komi, 1 for
/// "Black moves first without komi", and `n` for `n` stones.
///
/// The rating formula raises Black's rating by 100·(h − 0.5) for the expected score (one
/// rank is 100 points and a stone is worth a rank; the first "stone" is only the move and no
/// komi, so half a rank), and by nothing in an even game. A newtype rather than a plain
/// number because a server's "stones" and the EGF's `h` disagree for the smallest handicap:
/// [`Handicap::of_game`] translates.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Handicap(u32);

impl Handicap {
    /// An even game: colours by nigiri, White has the full komi.
    pub const EVEN: Handicap = Handicap(0);
    /// The one-rank handicap: Black takes the first move and White no komi (or 0.5).
    pub const NO_KOMI: Handicap = Handicap(1);

    /// The EGF's `h` as it is: 0 even, 1 no komi, `n` ≥ 2 for `n` stones. The EGD rates no
    /// game above 9 stones; past 9 the formula is simply continued.
    #[must_use]
    pub const fn new(h: u32) -> Handicap {
        Handicap(h)
    }

    /// The handicap of a game as a Go server describes it: `stones` placed (0 and 1 both mean
    /// none placed: 1 is "Black moves first") and White's `komi` in points.
    ///
    /// - 2 stones or more: `h` is the number of stones, whatever the komi (the EGF grades
    ///   handicap games by stones alone);
    /// - 0 or 1 stones with komi at most 0.5 (0, 0.5, or a reverse komi): the no-komi game,
    ///   `h` = 1: Black's only advantage is the first move;
    /// - 0 or 1 stones with a larger komi (6.5, 7.5, or a reduced komi such as 3.5): even,
    ///   `h` = 0. The EGF has no grade between the two, and a part-komi game is nearer even.
    ///
    /// A NaN komi counts as a larger one (even): no evidence of a handicap, no handicap.
    #[must_use]
    pub fn of_game(stones: u32, komi: f64) -> Handicap {
        if stones >= 2 {
            Handicap(stones)
        } else if komi <= 0.5 {
            Handicap::NO_KOMI
        } else {
            Handicap::EVEN
        }
    }

    /// The EGF's `h`.
    #[must_use]
    pub const fn get(self) -> u32 {
        self.0
    }

    /// The rating points this handicap is worth to Black in the expected score: 100·(h − 0.5),
    /// and 0 for an even game. Two players whose ratings differ by this much have even chances
    /// in a game with this handicap.
    #[must_use]
    pub fn rating_points(self) -> f64 {
        if self.0 == 0 {
            0.0
        } else {
            100.0 * (f64::from(self.0) - 0.5)
        }
    }
}

/// Black's and White's expected scores (chances of winning, a jigo counting half) in a game
/// with this handicap, by the EGF's formula: Se = 1 / (1 + exp(β(R_White) − β(R_Black +
/// handicap points))), β(r) = −7·ln(3300 − r). The two add up to 1.
///
/// Ratings outside [−900, 3299], and NaN, are taken as the nearer end (NaN as −900), as in
/// [`rate_game`].
#[must_use]
pub fn expected_score(black: f64, white: f64, handicap: Handicap) -> (f64, f64) {
    let (black, white) = (held(black), held(white));
    skillratings::egf::expected_score(
        &EGFRating { rating: black },
        &EGFRating { rating: white },
        &config(black, handicap),
    )
}

/// Both players' new ratings after a game, `(black, white)`, by the EGF's formula: each
/// player's R' = R + con(R)·(S − Se) + bonus(R), with con(R) = ((3300 − R)/200)^1.6 and
/// bonus(R) = ln(1 + exp((2300 − R)/80))/5, S = 1, ½ or 0, and Se from [`expected_score`].
/// The handicap enters Se only: con and bonus take each player's own rating. No rating
/// falls below [`MIN_RATING`].
///
/// Every game counts fully, as an EGF class A tournament game does: the EGD weights its
/// lesser classes (B by 0.75, C by 0.5), which a caller can do to the change if it wants.
///
/// The result is always finite: ratings outside [−900, 3299] (which the formula never makes)
/// and NaN are taken as the nearer end (NaN as −900) first, so a corrupt stored rating cannot
/// spread NaN to an opponent.
///
/// ```
/// use tengen_club::{Handicap, Outcome, rate_game};
/// // A 950 beats a 1200 in an even game.
/// let (black, white) = rate_game(950.0, 1200.0, Handicap::EVEN, Outcome::BlackWins);
/// assert_eq!((black.round(), white.round()), (989.0, 1173.0));
/// ```
#[must_use]
pub fn rate_game(black: f64, white: f64, handicap: Handicap, outcome: Outcome) -> (f64, f64) {
    let (black, white) = (held(black), held(white));
    let for_black = match outcome {
        Outcome::BlackWins => Outcomes::WIN,
        Outcome::WhiteWins => Outcomes::LOSS,
        Outcome::Jigo => Outcomes::DRAW,
    };
    let (new_black, new_white) = skillratings::egf::egf(
        &EGFRating { rating: black },
        &EGFRating { rating: white },
        &for_black,
        &config(black, handicap),
    );
    (new_black.rating, new_white.rating)
}

/// A rating within what the formula can take: see [`CEILING`] and [`MIN_RATING`]. `clamp`
/// keeps NaN, hence the explicit test.
fn held(rating: f64) -> f64 {
    if rating.is_nan() {
        MIN_RATING
    } else {
        rating.clamp(MIN_RATING, CEILING)
    }
}

/// The `skillratings` configuration for a game in which `black` (Black's rating, already
/// [`held`]) receives `handicap`.
///
/// `skillratings` takes the handicap from player one's side: a negative value raises player
/// one's rating (here Black's, the receiver's) by 100·(|h| − 0.5) in the expected score
/// only, and exactly 0 raises nobody. This matches the EGF. What it lacks is a guard: a
/// handicap that lifts Black to 3300 or beyond (9 stones to a player rated 2450 or more) makes its β the
/// logarithm of a negative number, NaN. So the handicap is cut, as a fraction of a stone if
/// need be, to lift Black no higher than [`CEILING`]: there Black's expected score is already
/// as good as 1 against any real opponent, so the cut changes nothing that matters.
fn config(black: f64, handicap: Handicap) -> EGFConfig {
    if handicap == Handicap::EVEN {
        return EGFConfig { handicap: 0.0 };
    }
    // h such that black + 100·(h − 0.5) = CEILING; at least 0.5 because black ≤ CEILING.
    let most = (CEILING - black) / 100.0 + 0.5;
    EGFConfig {
        handicap: -f64::from(handicap.get()).min(most),
    }
}
