//! The EGF rating: worked examples, the published formula written out again here by hand and
//! compared with the crate (which uses `skillratings`), and the properties a rating system
//! must have.

use proptest::prelude::*;
use tengen_club::{Handicap, MIN_RATING, Outcome, Rank, expected_score, rate_game};

/// The EGD's formula (since 2021) for one player, written from its published description
/// without looking at `skillratings`: `own` against `other`, `raise` rating points added to
/// `own` for the expected score only, `score` 1, ½ or 0.
mod published {
    pub(crate) fn beta(r: f64) -> f64 {
        -7.0 * (3300.0 - r).ln()
    }

    pub(crate) fn expected(own: f64, other: f64) -> f64 {
        1.0 / (1.0 + (beta(other) - beta(own)).exp())
    }

    pub(crate) fn con(r: f64) -> f64 {
        ((3300.0 - r) / 200.0).powf(1.6)
    }

    pub(crate) fn bonus(r: f64) -> f64 {
        (1.0 + ((2300.0 - r) / 80.0).exp()).ln() / 5.0
    }

    pub(crate) fn new_rating(
        own: f64,
        own_raise: f64,
        other: f64,
        other_raise: f64,
        score: f64,
    ) -> f64 {
        own + con(own) * (score - expected(own + own_raise, other + other_raise)) + bonus(own)
    }

    /// The handicap's worth to Black: 100·(h − 0.5), none for an even game.
    pub(crate) fn raise(h: u32) -> f64 {
        if h == 0 {
            0.0
        } else {
            100.0 * (f64::from(h) - 0.5)
        }
    }

    /// Both new ratings; the crate's one addition, the floor at −900, applied last.
    pub(crate) fn game(black: f64, white: f64, h: u32, black_score: f64) -> (f64, f64) {
        let raise = raise(h);
        (
            new_rating(black, raise, white, 0.0, black_score).max(-900.0),
            new_rating(white, 0.0, black, raise, 1.0 - black_score).max(-900.0),
        )
    }
}

fn black_score(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::BlackWins => 1.0,
        Outcome::WhiteWins => 0.0,
        Outcome::Jigo => 0.5,
    }
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[test]
fn egf_950_beats_1200_and_they_become_989_and_1173() {
    let (black, white) = rate_game(950.0, 1200.0, Handicap::EVEN, Outcome::BlackWins);
    assert_eq!((black.round(), white.round()), (989.0, 1173.0));
    // White winning the same game instead: both sides mirror.
    let (white, black) = rate_game(1200.0, 950.0, Handicap::EVEN, Outcome::WhiteWins);
    assert_eq!((black.round(), white.round()), (989.0, 1173.0));
}

#[test]
fn skillratings_own_examples_1000_beats_1300_and_two_zeros_lose_and_draw() {
    let (a, b) = rate_game(1000.0, 1300.0, Handicap::EVEN, Outcome::BlackWins);
    assert_eq!((a.round(), b.round()), (1039.0, 1274.0));
    let (a, b) = rate_game(0.0, 0.0, Handicap::EVEN, Outcome::WhiteWins);
    assert_eq!((a.round(), b.round()), (-39.0, 50.0));
    let (a, b) = rate_game(0.0, 0.0, Handicap::EVEN, Outcome::Jigo);
    assert_eq!((a.round(), b.round()), (6.0, 6.0));
}

#[test]
fn two_2100s_become_2109_306_for_a_win_and_2091_725_for_a_loss_as_the_egd_calculator() {
    // The figures of an independent PHP implementation whose test cites the EGD's GoR
    // calculator, to three decimals.
    let (winner, loser) = rate_game(2100.0, 2100.0, Handicap::EVEN, Outcome::BlackWins);
    assert!(close(winner, 2109.306, 0.0005), "{winner}");
    assert!(close(loser, 2091.725, 0.0005), "{loser}");
}

#[test]
fn hand_computed_expected_score_1320_against_1217_is_59_percent() {
    // β(1320) = −7·ln 1980, β(1217) = −7·ln 2083: Se = 1 / (1 + (1980/2083)^7) ≈ 0.5878,
    // the 59 % of skillratings' documentation.
    let (black, white) = expected_score(1320.0, 1217.0, Handicap::EVEN);
    let by_hand = 1.0 / (1.0 + (1980.0f64 / 2083.0).powi(7));
    assert!(
        close(black, by_hand, 1e-12) && close(black, 0.5878, 0.0001),
        "{black}"
    );
    assert!(close(white, 1.0 - by_hand, 1e-12));
}

#[test]
fn the_handicap_raises_black_by_100_per_stone_less_50_and_nothing_when_even() {
    assert_eq!(Handicap::EVEN.rating_points(), 0.0);
    assert_eq!(Handicap::NO_KOMI.rating_points(), 50.0);
    assert_eq!(Handicap::new(2).rating_points(), 150.0);
    assert_eq!(Handicap::new(9).rating_points(), 850.0);
    // Black 1000 with h = 1 expects what a 1050 expects in an even game, against anyone.
    for white in [900.0, 1300.0, 2000.0] {
        assert_eq!(
            expected_score(1000.0, white, Handicap::NO_KOMI),
            expected_score(1050.0, white, Handicap::EVEN)
        );
        assert_eq!(
            expected_score(1000.0, white, Handicap::new(4)),
            expected_score(1350.0, white, Handicap::EVEN)
        );
    }
}

#[test]
fn the_handicap_enters_the_expected_score_only_not_con_or_bonus() {
    // If Black's raised rating entered con and bonus, Black would gain by the rating of a
    // 1350, not of a 1000.
    let (black, white) = rate_game(1000.0, 1500.0, Handicap::new(4), Outcome::BlackWins);
    let (se, _) = expected_score(1000.0, 1500.0, Handicap::new(4));
    let con_1000 = (2300.0f64 / 200.0).powf(1.6);
    let bonus_1000 = (1.0 + (1300.0f64 / 80.0).exp()).ln() / 5.0;
    assert!(close(
        black,
        1000.0 + con_1000 * (1.0 - se) + bonus_1000,
        1e-9
    ));
    let con_1500 = (1800.0f64 / 200.0).powf(1.6);
    let bonus_1500 = (1.0 + (800.0f64 / 80.0).exp()).ln() / 5.0;
    assert!(close(
        white,
        1500.0 + con_1500 * (0.0 - (1.0 - se)) + bonus_1500,
        1e-9
    ));
}

#[test]
fn a_game_is_read_as_the_egf_grades_it_stones_or_no_komi_or_even() {
    assert_eq!(Handicap::of_game(0, 6.5), Handicap::EVEN);
    assert_eq!(Handicap::of_game(0, 7.5), Handicap::EVEN);
    assert_eq!(Handicap::of_game(1, 6.5), Handicap::EVEN);
    assert_eq!(Handicap::of_game(0, 3.5), Handicap::EVEN);
    assert_eq!(Handicap::of_game(0, f64::NAN), Handicap::EVEN);
    assert_eq!(Handicap::of_game(0, 0.5), Handicap::NO_KOMI);
    assert_eq!(Handicap::of_game(1, 0.0), Handicap::NO_KOMI);
    assert_eq!(Handicap::of_game(1, 0.5), Handicap::NO_KOMI);
    assert_eq!(Handicap::of_game(0, -5.5), Handicap::NO_KOMI);
    assert_eq!(Handicap::of_game(2, 0.5), Handicap::new(2));
    assert_eq!(Handicap::of_game(9, 0.0), Handicap::new(9));
    assert_eq!(Handicap::of_game(3, 6.5).get(), 3);
}

#[test]
fn one_rank_apart_with_no_komi_is_about_even_for_the_nominal_ratings() {
    // The handicap tables are built so that a rank difference of n gives n stones; the EGF
    // values one rank at 100 and h stones at 100·(h − 0.5), so the weaker is still slightly
    // behind, by 50 points: a little under half.
    let (black, _) = expected_score(
        Rank::kyu(1).unwrap().nominal_rating(),
        Rank::dan(1).unwrap().nominal_rating(),
        Handicap::NO_KOMI,
    );
    assert!(black > 0.4 && black < 0.5, "{black}");
}

#[test]
fn a_rating_never_falls_below_minus_900() {
    let (black, white) = rate_game(MIN_RATING, MIN_RATING, Handicap::EVEN, Outcome::WhiteWins);
    assert_eq!(black, -900.0);
    assert!(white > -900.0);
    let (black, _) = rate_game(-5000.0, 0.0, Handicap::EVEN, Outcome::WhiteWins);
    assert_eq!(black, -900.0);
}

#[test]
fn nan_and_off_scale_ratings_and_a_handicap_past_the_pole_give_finite_ratings() {
    // Nine stones to a 7d (2700 + 850 = 3550): the published formula takes the logarithm of
    // a negative number there. Black's chances are as good as certain instead.
    let (se, _) = expected_score(2700.0, 2700.0, Handicap::new(9));
    assert!(se > 0.999 && se <= 1.0, "{se}");
    for outcome in [Outcome::BlackWins, Outcome::WhiteWins, Outcome::Jigo] {
        for (black, white, h) in [
            (2700.0, 2700.0, 9),
            (2900.0, 2900.0, 50),
            (f64::NAN, 1000.0, 0),
            (1000.0, f64::NAN, 3),
            (f64::INFINITY, f64::NEG_INFINITY, 2),
            (3400.0, 3400.0, 0),
        ] {
            let (b, w) = rate_game(black, white, Handicap::new(h), outcome);
            assert!(
                b.is_finite() && w.is_finite(),
                "{black} {white} {h} {outcome:?}: {b} {w}"
            );
            let (eb, ew) = expected_score(black, white, Handicap::new(h));
            assert!(eb.is_finite() && ew.is_finite());
        }
    }
    // NaN counts as the bottom of the scale.
    assert_eq!(
        rate_game(f64::NAN, 1000.0, Handicap::EVEN, Outcome::BlackWins),
        rate_game(-900.0, 1000.0, Handicap::EVEN, Outcome::BlackWins)
    );
}

fn any_outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![
        Just(Outcome::BlackWins),
        Just(Outcome::WhiteWins),
        Just(Outcome::Jigo)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_crate_agrees_with_the_published_formula_written_by_hand(
        black in -900.0..2900.0f64,
        white in -900.0..2900.0f64,
        h in 0u32..=9,
        outcome in any_outcome(),
    ) {
        // Within the formula's domain: Black's raised rating below its pole.
        prop_assume!(black + published::raise(h) < 3299.0);
        let (b, w) = rate_game(black, white, Handicap::new(h), outcome);
        let (rb, rw) = published::game(black, white, h, black_score(outcome));
        prop_assert!(close(b, rb, 1e-9), "black {b} vs {rb}");
        prop_assert!(close(w, rw, 1e-9), "white {w} vs {rw}");
        let (eb, ew) = expected_score(black, white, Handicap::new(h));
        let reb = published::expected(black + published::raise(h), white);
        prop_assert!(close(eb, reb, 1e-12) && close(ew, 1.0 - reb, 1e-12));
    }

    #[test]
    fn a_win_never_lowers_a_rating(
        black in -900.0..2900.0f64,
        white in -900.0..2900.0f64,
        h in 0u32..=9,
    ) {
        let (b, _) = rate_game(black, white, Handicap::new(h), Outcome::BlackWins);
        prop_assert!(b >= black);
        let (_, w) = rate_game(black, white, Handicap::new(h), Outcome::WhiteWins);
        prop_assert!(w >= white);
    }

    #[test]
    fn a_loss_never_raises_a_rating_by_more_than_the_bonus(
        black in -900.0..2900.0f64,
        white in -900.0..2900.0f64,
        h in 0u32..=9,
    ) {
        let (b, _) = rate_game(black, white, Handicap::new(h), Outcome::WhiteWins);
        prop_assert!(b <= black + published::bonus(black) + 1e-9);
        let (_, w) = rate_game(black, white, Handicap::new(h), Outcome::BlackWins);
        prop_assert!(w <= white + published::bonus(white) + 1e-9);
    }

    #[test]
    fn the_expected_scores_of_both_sides_sum_to_1_and_mirror_when_colours_swap(
        a in -900.0..2900.0f64,
        b in -900.0..2900.0f64,
        h in 0u32..=9,
    ) {
        let (black, white) = expected_score(a, b, Handicap::new(h));
        prop_assert!(close(black + white, 1.0, 1e-12));
        prop_assert!((0.0..=1.0).contains(&black));
        let (swapped_black, swapped_white) = expected_score(b, a, Handicap::EVEN);
        let (even_black, even_white) = expected_score(a, b, Handicap::EVEN);
        prop_assert!(close(even_black, swapped_white, 1e-12) && close(even_white, swapped_black, 1e-12));
    }

    #[test]
    fn equal_ratings_in_an_even_game_expect_half_each(r in -900.0..3000.0f64) {
        let (black, white) = expected_score(r, r, Handicap::EVEN);
        prop_assert!(close(black, 0.5, 1e-12) && close(white, 0.5, 1e-12));
        // And a jigo between them moves each by the bonus alone.
        let (b, w) = rate_game(r, r, Handicap::EVEN, Outcome::Jigo);
        prop_assert!(close(b - r, published::bonus(r), 1e-9) && close(w, b, 1e-12));
    }

    #[test]
    fn a_handicap_worth_exactly_the_rating_gap_gives_even_chances(
        white in 0.0..2900.0f64,
        h in 1u32..=9,
    ) {
        let handicap = Handicap::new(h);
        let black = white - handicap.rating_points();
        prop_assume!(black >= MIN_RATING);
        let (se, _) = expected_score(black, white, handicap);
        prop_assert!(close(se, 0.5, 1e-9), "{se}");
    }

    #[test]
    fn more_handicap_never_lowers_blacks_expected_score(
        black in -900.0..2900.0f64,
        white in -900.0..2900.0f64,
        h in 0u32..9,
    ) {
        let (fewer, _) = expected_score(black, white, Handicap::new(h));
        let (more, _) = expected_score(black, white, Handicap::new(h + 1));
        prop_assert!(more >= fewer);
    }
}
