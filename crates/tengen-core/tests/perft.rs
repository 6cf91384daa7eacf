//! Counts of legal move sequences to a fixed depth, from the fast game and from the naive
//! reference implementation, for every ko rule. They must agree exactly.

use tengen_core::{BoardSize, Color, Game, Phase, Point, Rules, Setup};

use crate::{common::setup, naive::Naive};

fn perft_game(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.phase() != Phase::Playing {
        return 0;
    }
    game.legal_moves()
        .map(|mv| {
            let mut child = game.clone();
            child.play(mv).expect("legal_moves are playable");
            perft_game(&child, depth - 1)
        })
        .sum()
}

fn perft_naive(naive: &Naive, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    naive
        .moves()
        .into_iter()
        .map(|mv| {
            let mut child = naive.clone();
            child.play(mv);
            perft_naive(&child, depth - 1)
        })
        .sum()
}

const KO_RULES: [&str; 5] = [
    "japanese",
    "aga",
    "chinese",
    "japanese,ko=capture-positional",
    "tromp-taylor",
];

fn check(setup: &Setup, depth: u32) -> Vec<u64> {
    KO_RULES
        .iter()
        .map(|text| {
            let rules: Rules = text.parse().unwrap();
            let game = Game::from_setup(setup, rules).unwrap();
            let naive = Naive::new(
                usize::from(setup.size.get()),
                &setup.stones,
                setup.to_move,
                rules,
            );
            let fast = perft_game(&game, depth);
            let slow = perft_naive(&naive, depth);
            assert_eq!(fast, slow, "{text}: depth {depth}");
            fast
        })
        .collect()
}

fn empty(n: u32) -> Setup {
    Setup {
        size: BoardSize::new(n).unwrap(),
        stones: Vec::<(Point, Color)>::new(),
        to_move: Color::Black,
        handicap: 0,
    }
}

#[test]
fn perft_3x3_empty_depth_7_agrees_with_the_naive_reference() {
    let counts = check(&empty(3), 7);
    println!("3x3 depth 7: {counts:?}");
}

#[test]
fn perft_4x4_empty_depth_4_agrees_with_the_naive_reference() {
    let counts = check(&empty(4), 4);
    println!("4x4 depth 4: {counts:?}");
}

#[test]
fn perft_5x5_empty_depth_3_agrees_with_the_naive_reference() {
    let counts = check(&empty(5), 3);
    println!("5x5 depth 3: {counts:?}");
}

#[test]
fn perft_5x5_ko_depth_5_agrees_with_the_naive_reference_for_every_ko_rule() {
    let position = setup(
        "
        . X O . .
        X O . O .
        . X O . .
        . . . X O
        . . . O .",
        Color::Black,
    );
    let counts = check(&position, 5);
    println!("5x5 ko depth 5: {counts:?}");
    // The ko rules must make a difference here.
    assert!(counts.iter().any(|&c| c != counts[0]), "{counts:?}");
}

#[test]
fn perft_3x3_crowded_depth_9_agrees_with_the_naive_reference() {
    let position = setup(
        "
        . X .
        X . O
        . O .",
        Color::Black,
    );
    let counts = check(&position, 9);
    println!("3x3 crowded depth 9: {counts:?}");
}
