//! Benson's unconditional life: the chains and regions that survive any sequence of the
//! opponent's moves while their owner passes.

use tengen_core::{Color, Rules, UnconditionalLife};

use crate::common::{game, p};

#[test]
fn benson_two_separate_eyes_make_a_chain_pass_alive() {
    let g = game(
        Rules::japanese(),
        "
        . X . X O .
        X X X X O .
        O O O O O .
        . . . . . .
        . . . . . .
        . . . . . .",
        Color::Black,
    );
    let life = UnconditionalLife::of(g.board());
    assert!(life.is_alive(p(1, 0)));
    assert_eq!(life.territory(p(0, 0)), Some(Color::Black));
    assert_eq!(life.territory(p(2, 0)), Some(Color::Black));
    assert!(!life.is_alive(p(4, 0)), "White has no eyes yet");
}

#[test]
fn benson_one_eye_is_not_enough() {
    let g = game(
        Rules::japanese(),
        "
        . X X O .
        X X X O .
        O O O O .
        . . . . .
        . . . . .",
        Color::Black,
    );
    let life = UnconditionalLife::of(g.board());
    assert!(!life.is_alive(p(1, 0)));
    assert_eq!(life.territory(p(0, 0)), None);
}

#[test]
fn benson_stones_in_pass_alive_territory_are_suggested_dead() {
    let g = game(
        Rules::japanese(),
        "
        . . . X . X O
        . O . X X X O
        . . . X . X O
        X X X X X X O
        O O O O O O O
        . . . . . . .
        . . . . . . .",
        Color::Black,
    );
    // Black's chain encloses a large area holding a White stone and two one-point eyes.
    let life = UnconditionalLife::of(g.board());
    assert!(life.is_alive(p(3, 0)));
    // The large area is not vital (its empty points are not all liberties), so only the small
    // eyes are certain territory; the White stone there is not called dead.
    assert_eq!(life.territory(p(4, 0)), Some(Color::Black));
    assert_eq!(life.territory(p(1, 1)), None);
    assert!(g.suggest_dead().is_empty());
}

#[test]
fn benson_a_stone_inside_a_small_pass_alive_eye_is_suggested_dead() {
    let g = game(
        Rules::japanese(),
        "
        O . X . X O .
        X X X X X O .
        O O O O O O .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
        Color::Black,
    );
    let life = UnconditionalLife::of(g.board());
    assert!(life.is_alive(p(2, 0)));
    assert_eq!(life.territory(p(0, 0)), Some(Color::Black));
    assert_eq!(g.suggest_dead(), vec![p(0, 0)]);
}
