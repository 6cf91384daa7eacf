//! The handicap from the players' ranks: JP-3 (seed 004, "Tasoitukset") and AGA-4a, for every
//! rank difference from 0 to 12 under each preset.

use tengen_core::{BoardSize, Color, Game, Rules, handicap_from_ranks};

/// `(ranks apart, stones, komi)` as the rule's text gives them, written out rather than
/// computed, so that a change to the function cannot change the expectation with it.
fn table(rules: &Rules) -> Vec<(u32, u32, String)> {
    (0..=12)
        .map(|apart| {
            let h = handicap_from_ranks(apart, rules);
            (apart, h.stones, h.komi.to_string())
        })
        .collect()
}

fn expected(rows: &[(u32, u32, &str)]) -> Vec<(u32, u32, String)> {
    rows.iter().map(|&(a, s, k)| (a, s, k.to_owned())).collect()
}

#[test]
fn jp_3_same_rank_is_even_one_apart_black_first_without_komi_more_apart_stones_up_to_nine() {
    assert_eq!(
        table(&Rules::japanese()),
        expected(&[
            (0, 0, "6.5"),
            (1, 1, "0"),
            (2, 2, "0"),
            (3, 3, "0"),
            (4, 4, "0"),
            (5, 5, "0"),
            (6, 6, "0"),
            (7, 7, "0"),
            (8, 8, "0"),
            (9, 9, "0"),
            (10, 9, "0"),
            (11, 9, "0"),
            (12, 9, "0"),
        ])
    );
}

#[test]
fn jp_3_two_ranks_apart_give_two_stones_and_no_komi() {
    let h = handicap_from_ranks(2, &Rules::japanese());
    assert_eq!((h.stones, h.komi.to_string()), (2, "0".to_owned()));
    assert!(!h.is_even());
    // The stones are Black's first move: White moves next (JP-2).
    let game =
        Game::with_handicap(BoardSize::new(19).unwrap(), Rules::japanese(), h.stones).unwrap();
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.komi(), h.komi);
}

#[test]
fn jp_3_one_rank_apart_the_weaker_moves_first_and_jigo_is_possible() {
    let h = handicap_from_ranks(1, &Rules::japanese());
    let game =
        Game::with_handicap(BoardSize::new(9).unwrap(), Rules::japanese(), h.stones).unwrap();
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(game.board().stones().count(), 0);
    assert_eq!(game.komi().to_string(), "0");
}

#[test]
fn aga_4a_one_stone_per_rank_of_difference_with_half_point_komi_up_to_nine() {
    assert_eq!(
        table(&Rules::aga()),
        expected(&[
            (0, 0, "5.5"),
            (1, 1, "0.5"),
            (2, 2, "0.5"),
            (3, 3, "0.5"),
            (4, 4, "0.5"),
            (5, 5, "0.5"),
            (6, 6, "0.5"),
            (7, 7, "0.5"),
            (8, 8, "0.5"),
            (9, 9, "0.5"),
            (10, 9, "0.5"),
            (11, 9, "0.5"),
            (12, 9, "0.5"),
        ])
    );
}

#[test]
fn aga_4a_one_rank_apart_is_the_one_stone_handicap() {
    let h = handicap_from_ranks(1, &Rules::aga());
    let game = Game::with_handicap(BoardSize::new(19).unwrap(), Rules::aga(), h.stones).unwrap();
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(game.board().stones().count(), 0);
    assert_eq!(game.komi().to_string(), "0.5");
}

#[test]
fn presets_outside_the_seeds_take_the_same_stones_with_their_own_handicap_komi() {
    for rules in [Rules::chinese(), Rules::tromp_taylor()] {
        let rows = table(&rules);
        let stones: Vec<u32> = rows.iter().map(|r| r.1).collect();
        assert_eq!(stones, vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9]);
        assert!(rows.iter().all(|r| r.2 == "7.5"), "{rows:?}");
    }
}

#[test]
fn a_komi_changed_in_the_rules_text_is_the_komi_of_every_rank_difference() {
    let rules: Rules = "japanese,komi=5.5".parse().unwrap();
    assert!(table(&rules).iter().all(|r| r.2 == "5.5"));
}
