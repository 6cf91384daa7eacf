//! Ranks: the text forms, the order, the distance, the EGF scale, and the rank shown.

use proptest::prelude::*;
use tengen_club::{RATED_GAMES_FOR_RANK, Rank, RankError, displayed_rank};

fn rank(text: &str) -> Rank {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

#[test]
fn ranks_are_read_as_players_write_them() {
    for (text, shown) in [
        ("3k", "3k"),
        ("3K", "3k"),
        ("3 kyu", "3k"),
        ("3kyu", "3k"),
        ("3 KYU", "3k"),
        ("30k", "30k"),
        ("1k", "1k"),
        ("1d", "1d"),
        ("1 dan", "1d"),
        ("1D", "1d"),
        (" 2d ", "2d"),
        ("\t9 dan\n", "9d"),
    ] {
        assert_eq!(rank(text).to_string(), shown, "{text:?}");
    }
}

#[test]
fn out_of_range_professional_empty_and_overlong_text_is_refused() {
    for text in [
        "0k", "31k", "0d", "10d", "3p", "", "   ", "k", "3", "3x", "-3k", "3.5k", "03k", "3 k y u",
        "100k", "3kd", "１k",
    ] {
        assert!(
            matches!(text.parse::<Rank>(), Err(RankError::Invalid(_))),
            "{text:?} should be refused as invalid"
        );
    }
    let long = format!("3k{}", " ".repeat(100));
    assert_eq!(long.parse::<Rank>(), Err(RankError::TooLong(102)));
}

#[test]
fn the_error_message_says_what_ranks_are_allowed() {
    for text in ["31k", "3p", "", &"x".repeat(1000)] {
        let message = text.parse::<Rank>().unwrap_err().to_string();
        assert!(
            message.contains("ranks go from 30k to 1k and 1d to 9d"),
            "{message}"
        );
        assert!(
            message.len() < 200,
            "the message does not repeat long text: {message}"
        );
    }
}

#[test]
fn a_dan_is_above_every_kyu_and_ranks_climb_from_30k_to_9d() {
    assert!(rank("1d") > rank("1k"));
    assert!(rank("1k") > rank("2k"));
    assert!(rank("9d") > rank("8d"));
    assert_eq!(Rank::MIN, rank("30k"));
    assert_eq!(Rank::MAX, rank("9d"));
    assert_eq!(Rank::ALL.len(), 39);
    assert!(Rank::ALL.windows(2).all(|w| w[0] < w[1]));
    assert_eq!((Rank::ALL[0], Rank::ALL[38]), (Rank::MIN, Rank::MAX));
    assert_eq!(Rank::kyu(3), Some(rank("3k")));
    assert_eq!(Rank::dan(1), Some(rank("1d")));
    assert_eq!(
        (Rank::kyu(0), Rank::kyu(31), Rank::dan(0), Rank::dan(10)),
        (None, None, None, None)
    );
    assert!(rank("1d").is_dan() && !rank("1k").is_dan());
}

#[test]
fn the_difference_counts_ranks_across_the_kyu_dan_line() {
    assert_eq!(rank("1k").difference(rank("1d")), 1);
    assert_eq!(rank("3k").difference(rank("1d")), 3);
    assert_eq!(rank("1d").difference(rank("3k")), 3);
    assert_eq!(rank("5k").difference(rank("5k")), 0);
    assert_eq!(rank("30k").difference(rank("9d")), 38);
    assert_eq!(rank("2d").difference(rank("5d")), 3);
}

#[test]
fn nominal_ratings_are_the_egf_scale_2100_for_1d_and_100_a_rank() {
    for (text, rating) in [
        ("1d", 2100.0),
        ("1k", 2000.0),
        ("20k", 100.0),
        ("21k", 0.0),
        ("30k", -900.0),
        ("9d", 2900.0),
        ("5k", 1600.0),
    ] {
        assert_eq!(rank(text).nominal_rating(), rating, "{text}");
    }
}

#[test]
fn from_rating_takes_the_nearest_rank_2050_up_to_2150_is_1d() {
    for (rating, text) in [
        (2050.0, "1d"),
        (2100.0, "1d"),
        (2149.999, "1d"),
        (2150.0, "2d"),
        (2049.999, "1k"),
        (1950.0, "1k"),
        (-850.0, "29k"),
        (-850.001, "30k"),
    ] {
        assert_eq!(Rank::from_rating(rating), rank(text), "{rating}");
    }
}

#[test]
fn from_rating_clamps_to_30k_and_9d_and_nan_gives_30k() {
    assert_eq!(Rank::from_rating(-5000.0), Rank::MIN);
    assert_eq!(Rank::from_rating(f64::NEG_INFINITY), Rank::MIN);
    assert_eq!(Rank::from_rating(2850.0), Rank::MAX);
    assert_eq!(Rank::from_rating(3500.0), Rank::MAX);
    assert_eq!(Rank::from_rating(f64::INFINITY), Rank::MAX);
    assert_eq!(Rank::from_rating(f64::NAN), Rank::MIN);
}

#[test]
fn the_serde_form_is_the_rank_text() {
    assert_eq!(serde_json::to_string(&rank("3 kyu")).unwrap(), r#""3k""#);
    assert_eq!(serde_json::to_string(&rank("1 dan")).unwrap(), r#""1d""#);
    assert_eq!(
        serde_json::from_str::<Rank>(r#""3 KYU""#).unwrap(),
        rank("3k")
    );
    let error = serde_json::from_str::<Rank>(r#""10d""#)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("ranks go from 30k to 1k and 1d to 9d"),
        "{error}"
    );
    assert!(serde_json::from_str::<Rank>("3").is_err());
}

#[test]
fn the_declared_rank_is_shown_until_enough_rated_games_then_the_ratings() {
    assert_eq!(RATED_GAMES_FOR_RANK, 5);
    let declared = rank("3k");
    // Rated as a 1d after a good start: still 3k until the fifth game.
    for games in 0..RATED_GAMES_FOR_RANK {
        assert_eq!(displayed_rank(declared, 2100.0, games), declared);
    }
    assert_eq!(displayed_rank(declared, 2100.0, 5), rank("1d"));
    assert_eq!(displayed_rank(declared, 1500.0, 40), rank("6k"));
    // A member who declared well keeps the rank across the switch.
    assert_eq!(
        displayed_rank(declared, declared.nominal_rating(), 5),
        declared
    );
}

fn any_rank() -> impl Strategy<Value = Rank> {
    (0..Rank::ALL.len()).prop_map(|i| Rank::ALL[i])
}

proptest! {
    #[test]
    fn from_rating_of_a_ranks_nominal_rating_is_that_rank(r in any_rank()) {
        prop_assert_eq!(Rank::from_rating(r.nominal_rating()), r);
    }

    #[test]
    fn every_rating_within_50_points_below_to_under_50_above_gives_the_rank(
        r in any_rank(),
        offset in -50.0..50.0f64,
    ) {
        prop_assert_eq!(Rank::from_rating(r.nominal_rating() + offset), r);
    }

    #[test]
    fn parsing_a_displayed_rank_gives_it_back(r in any_rank()) {
        prop_assert_eq!(r.to_string().parse::<Rank>(), Ok(r));
        let long = r.to_string().replace('k', " kyu").replace('d', " Dan");
        prop_assert_eq!(long.parse::<Rank>(), Ok(r));
        let json = serde_json::to_string(&r).unwrap();
        prop_assert_eq!(serde_json::from_str::<Rank>(&json).unwrap(), r);
    }

    #[test]
    fn from_rating_never_goes_down_as_the_rating_goes_up(a in -2000.0..4000.0f64, b in -2000.0..4000.0f64) {
        let (low, high) = if a <= b { (a, b) } else { (b, a) };
        prop_assert!(Rank::from_rating(low) <= Rank::from_rating(high));
    }

    #[test]
    fn the_difference_is_the_gap_in_nominal_ratings_over_100(a in any_rank(), b in any_rank()) {
        let gap = (a.nominal_rating() - b.nominal_rating()).abs() / 100.0;
        prop_assert_eq!(f64::from(a.difference(b)), gap);
    }

    #[test]
    fn no_text_panics_the_parser(text in ".{0,40}") {
        let _ = text.parse::<Rank>();
    }
}
