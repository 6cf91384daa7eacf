//! Ko and repetition: JP-5 (basic ko), JP-6 (cycles end with no result), AGA-6 (situational
//! superko), positional superko, and the Czech text's capture-positional rule.

use tengen_core::{Color, GameResult, IllegalMove, Move, Phase, Rules};

use crate::common::{SNAPBACK, at, game};

/// Three kos. Ko 1 (top left) and ko 3 (bottom left) hold a White stone that Black can take;
/// ko 2 (top right) holds a Black stone that White can take. Every surrounding stone has
/// liberties of its own.
const THREE_KOS: &str = "
    . X O . . . X O .
    X O . O . X . X O
    . X O . . . X O .
    . . . . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

const TAKE_KO_1: Move = Move::Play(tengen_core::Point::new(2, 1));
const RETAKE_KO_1: Move = Move::Play(tengen_core::Point::new(1, 1));
const TAKE_KO_2: Move = Move::Play(tengen_core::Point::new(6, 1));
const RETAKE_KO_2: Move = Move::Play(tengen_core::Point::new(7, 1));
const TAKE_KO_3: Move = Move::Play(tengen_core::Point::new(2, 5));
const RETAKE_KO_3: Move = Move::Play(tengen_core::Point::new(1, 5));

/// One turn of the triple-ko cycle: six captures that bring back the starting position with
/// Black to move.
const TRIPLE_KO_CYCLE: [Move; 6] = [
    TAKE_KO_1,   // B
    TAKE_KO_2,   // W
    TAKE_KO_3,   // B
    RETAKE_KO_1, // W
    RETAKE_KO_2, // B
    RETAKE_KO_3, // W
];

#[test]
fn jp_5_basic_ko_forbids_the_immediate_recapture() {
    let mut g = game(Rules::japanese(), THREE_KOS, Color::Black);
    let captures = g.play(TAKE_KO_1).unwrap().captures;
    assert_eq!(captures, 1);
    assert_eq!(g.check(RETAKE_KO_1), Err(IllegalMove::Ko));
    assert_eq!(
        g.board().ko_point(Color::White),
        Some(tengen_core::Point::new(1, 1))
    );
}

#[test]
fn jp_5_ko_may_be_retaken_after_a_move_elsewhere() {
    let mut g = game(Rules::japanese(), THREE_KOS, Color::Black);
    g.play(TAKE_KO_1).unwrap();
    g.play(at(8, 8)).unwrap(); // White's threat
    g.play(at(8, 7)).unwrap(); // Black answers
    assert_eq!(g.check(RETAKE_KO_1), Ok(()));
}

#[test]
fn jp_5_ko_may_be_retaken_after_a_pass() {
    let mut g = game(Rules::japanese(), THREE_KOS, Color::Black);
    g.play(TAKE_KO_1).unwrap();
    g.play(Move::Pass).unwrap(); // White
    g.play(at(8, 8)).unwrap(); // Black
    assert_eq!(g.check(RETAKE_KO_1), Ok(()));
}

#[test]
fn jp_5_snapback_is_not_ko() {
    let mut g = game(Rules::japanese(), SNAPBACK, Color::Black);
    g.play(at(2, 0)).unwrap(); // Black throws in
    assert_eq!(g.play(at(1, 0)).unwrap().captures, 1); // White takes one stone...
    assert_eq!(g.board().ko_point(Color::Black), None); // ...with a chain, so no ko
    assert_eq!(g.play(at(2, 0)).unwrap().captures, 5); // and Black takes five back
    assert_eq!(g.board().ko_point(Color::White), None);
}

#[test]
fn jp_6_triple_ko_that_neither_player_leaves_ends_with_no_result() {
    let mut g = game(Rules::japanese(), THREE_KOS, Color::Black);
    for mv in TRIPLE_KO_CYCLE {
        g.play(mv).unwrap();
    }
    assert_eq!(
        g.phase(),
        Phase::Playing,
        "once round the cycle: play goes on"
    );
    assert_eq!(g.repetitions(), 2);
    for (i, mv) in TRIPLE_KO_CYCLE.into_iter().enumerate() {
        let outcome = g.play(mv).unwrap();
        if i < 5 {
            assert_eq!(outcome.phase, Phase::Playing);
        } else {
            assert_eq!(outcome.phase, Phase::Finished(GameResult::Void));
        }
    }
    assert_eq!(g.result(), Some(GameResult::Void));
    assert_eq!(GameResult::Void.to_sgf(), "Void");
}

#[test]
fn jp_6_leaving_the_cycle_keeps_the_game_going() {
    let mut g = game(Rules::japanese(), THREE_KOS, Color::Black);
    for mv in TRIPLE_KO_CYCLE {
        g.play(mv).unwrap();
    }
    for mv in &TRIPLE_KO_CYCLE[..5] {
        g.play(*mv).unwrap();
    }
    // White leaves the cycle: a move elsewhere instead of the last recapture.
    g.play(at(8, 8)).unwrap();
    assert_eq!(g.phase(), Phase::Playing);
}

/// The mechanism of eternal life (chōsei): Black sacrifices two stones, White captures them,
/// Black captures two back, White throws in again — four moves, no ko, and the position
/// returns with Black to move.
const ETERNAL_LIFE: &str = "
    . X . O X . .
    O O X X X . .
    . O X . . . .
    O O X . . . .
    . . X . . . .
    . . X . . . .
    . . X . . . .";

const ETERNAL_LIFE_CYCLE: [Move; 4] = [
    Move::Play(tengen_core::Point::new(0, 0)), // B sacrifices two
    Move::Play(tengen_core::Point::new(2, 0)), // W captures two
    Move::Play(tengen_core::Point::new(1, 0)), // B captures two
    Move::Play(tengen_core::Point::new(3, 0)), // W throws in
];

#[test]
fn jp_6_eternal_life_that_neither_player_leaves_ends_with_no_result() {
    let mut g = game(Rules::japanese(), ETERNAL_LIFE, Color::Black);
    let captures: Vec<u32> = ETERNAL_LIFE_CYCLE
        .iter()
        .map(|&mv| g.play(mv).unwrap().captures)
        .collect();
    assert_eq!(captures, vec![0, 2, 2, 0]);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.phase(), Phase::Playing);
    for (i, mv) in ETERNAL_LIFE_CYCLE.into_iter().enumerate() {
        let phase = g.play(mv).unwrap().phase;
        let expected = if i < 3 {
            Phase::Playing
        } else {
            Phase::Finished(GameResult::Void)
        };
        assert_eq!(phase, expected, "move {i} of the second cycle");
    }
}

#[test]
fn jp_6_play_through_cycles_notes_where_the_cycle_closed_and_plays_on() {
    let mut void = game(Rules::japanese(), ETERNAL_LIFE, Color::Black);
    let mut on = void.clone();
    on.set_play_through_cycles(true);
    for mv in ETERNAL_LIFE_CYCLE.into_iter().chain(ETERNAL_LIFE_CYCLE) {
        void.play(mv).unwrap();
        on.play(mv).unwrap();
    }
    assert_eq!(void.result(), Some(GameResult::Void));
    assert_eq!(void.cycle_closed_at(), Some(8));
    assert_eq!(on.phase(), Phase::Playing);
    assert_eq!(on.cycle_closed_at(), Some(8));
    assert_eq!(on.board(), void.board());
    // The board's rules still hold: a White stone at (2,0) would be suicide now, Black may
    // sacrifice again, and a third turn of the cycle changes nothing about where it closed.
    assert_eq!(
        on.check_ignoring_turn(Color::White, ETERNAL_LIFE_CYCLE[1]),
        Err(IllegalMove::Suicide)
    );
    assert_eq!(on.check(ETERNAL_LIFE_CYCLE[0]), Ok(()));
    for mv in ETERNAL_LIFE_CYCLE {
        on.play(mv).unwrap();
    }
    assert_eq!(on.cycle_closed_at(), Some(8));
    for _ in 0..5 {
        on.undo().unwrap();
    }
    assert_eq!(on.cycle_closed_at(), None, "undone past the closing move");
    assert_eq!(on.phase(), Phase::Playing);
}

#[test]
fn superko_forbids_the_throw_in_that_closes_eternal_life() {
    for rules in [Rules::aga(), Rules::chinese()] {
        let mut g = game(rules, ETERNAL_LIFE, Color::Black);
        for mv in &ETERNAL_LIFE_CYCLE[..3] {
            g.play(*mv).unwrap();
        }
        assert_eq!(
            g.check(ETERNAL_LIFE_CYCLE[3]),
            Err(IllegalMove::Superko),
            "{rules}"
        );
    }
}

#[test]
fn positional_superko_forbids_closing_the_triple_ko_cycle() {
    for rules in [Rules::chinese(), Rules::tromp_taylor(), Rules::aga()] {
        let mut g = game(rules, THREE_KOS, Color::Black);
        for mv in &TRIPLE_KO_CYCLE[..5] {
            g.play(*mv).unwrap();
        }
        assert_eq!(g.check(RETAKE_KO_3), Err(IllegalMove::Superko), "{rules}");
    }
}

#[test]
fn jp_5_czech_capture_positional_forbids_a_capture_that_repeats_a_position() {
    let rules: Rules = "japanese,ko=capture-positional".parse().unwrap();
    let mut g = game(rules, THREE_KOS, Color::Black);
    for mv in &TRIPLE_KO_CYCLE[..5] {
        g.play(*mv).unwrap();
    }
    assert_eq!(g.check(RETAKE_KO_3), Err(IllegalMove::Superko));
    // The same capture is fine while it repeats nothing.
    let mut fresh = game(rules, THREE_KOS, Color::Black);
    fresh.play(TAKE_KO_1).unwrap();
    fresh.play(TAKE_KO_2).unwrap();
    assert_eq!(fresh.check(TAKE_KO_3), Ok(()));
}

/// The board of the start comes back with White to move, after it occurred only with Black
/// to move: situational superko allows it, positional superko does not.
#[test]
fn aga_6_situational_superko_allows_a_position_seen_only_with_the_other_player_to_move() {
    let sequence = [TAKE_KO_1, TAKE_KO_2, Move::Pass, RETAKE_KO_1];
    let mut aga = game(Rules::aga(), THREE_KOS, Color::Black);
    let mut positional = game(Rules::chinese(), THREE_KOS, Color::Black);
    for mv in sequence {
        aga.play(mv).unwrap();
        positional.play(mv).unwrap();
    }
    assert_eq!(aga.to_move(), Color::Black);
    assert_eq!(aga.check(RETAKE_KO_2), Ok(()));
    assert_eq!(positional.check(RETAKE_KO_2), Err(IllegalMove::Superko));
}

#[test]
fn aga_6_situational_superko_forbids_a_position_with_the_same_player_to_move() {
    let mut g = game(Rules::aga(), THREE_KOS, Color::Black);
    for mv in &TRIPLE_KO_CYCLE[..5] {
        g.play(*mv).unwrap();
    }
    assert_eq!(g.check(RETAKE_KO_3), Err(IllegalMove::Superko));
}

#[test]
fn jp_5_the_starting_position_is_part_of_the_history() {
    // Under positional superko the start counts: returning to it is forbidden too.
    let mut g = game(Rules::chinese(), THREE_KOS, Color::Black);
    g.play(TAKE_KO_1).unwrap();
    g.play(TAKE_KO_2).unwrap();
    g.play(Move::Pass).unwrap();
    // Board now: ko 1 Black, ko 2 White. White retakes ko 1: back to "ko 1 White, ko 2
    // White", never seen. Then Black retakes ko 2: the start's board.
    g.play(RETAKE_KO_1).unwrap();
    assert_eq!(g.check(RETAKE_KO_2), Err(IllegalMove::Superko));
}
