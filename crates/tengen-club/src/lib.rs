//! A Go club's ranks and ratings for Tengen. No I/O, no async.
//!
//! - [`Rank`]: 30k to 1k, 1d to 9d, read and written as players write them (`3k`, `1 dan`).
//! - The EGF rating (GoR) with the European Go Database's 2021 formula: [`rate_game`] and
//!   [`expected_score`], with the handicap as the EGF counts it ([`Handicap`]). The EGF's,
//!   because Finland plays the Japanese rules within the EGF, and its scale is the ranks'
//!   own: 2100 is 1 dan and a rank is 100 points.
//! - [`tournament`]: McMahon and Swiss handicap tournaments — pairing, standings with
//!   OpenGotha's tie-breakers, the EGF's `.h9` and the AGA's results, player lists from CSV.
//! - A member's first rating is their declared rank's [`Rank::nominal_rating`]; the rank shown
//!   beside their name follows the rating once they have played enough rated games
//!   ([`displayed_rank`], [`RATED_GAMES_FOR_RANK`]).
//!
//! A 3-kyu joins, declares their rank, and wins a 3-stone game against a 1-dan:
//!
//! ```
//! use tengen_club::{Handicap, Outcome, Rank, displayed_rank, rate_game};
//!
//! let kyu: Rank = "3 kyu".parse().unwrap();
//! let dan: Rank = "1d".parse().unwrap();
//! assert_eq!(kyu.difference(dan), 3); // three stones
//!
//! // First ratings come from the declared ranks.
//! let (black, white) = (kyu.nominal_rating(), dan.nominal_rating());
//! assert_eq!((black, white), (1800.0, 2100.0));
//!
//! // Black takes three stones (komi 0.5) and wins.
//! let handicap = Handicap::of_game(3, 0.5);
//! let (black, white) = rate_game(black, white, handicap, Outcome::BlackWins);
//! assert!(black > 1800.0 && white < 2100.0);
//!
//! // After one rated game the declared rank is still the one shown.
//! assert_eq!(displayed_rank(kyu, black, 1).to_string(), "3k");
//! ```

mod gor;
mod rank;
pub mod tournament;

pub use gor::{Handicap, MIN_RATING, Outcome, expected_score, rate_game};
pub use rank::{RATED_GAMES_FOR_RANK, Rank, RankError, displayed_rank};

/// The README's example, compiled and run as a doctest so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
