//! The AGA rules of seed 000: AGA-3 to AGA-12.

use tengen_core::{
    BoardSize, Color, Game, GameResult, HandicapError, Move, Phase, Point, Rules, Scoring,
    aga_handicap, gtp_handicap,
};

use crate::common::{TWO_LONE_STONES, at, game, p};

/// A GTP-style vertex (`Q16`: columns skip I, row 1 at the bottom) as a point.
pub(crate) fn vertex(text: &str, size: u8) -> Point {
    let column = text.as_bytes()[0];
    let x = column - b'A' - u8::from(column > b'I');
    let row: u8 = text[1..].parse().unwrap();
    Point::new(x, size - row)
}

fn vertices(text: &str, size: u8) -> Vec<Point> {
    text.split_whitespace().map(|v| vertex(v, size)).collect()
}

#[test]
fn aga_3_komi_is_five_and_a_half_even_and_a_half_point_with_handicap() {
    let nine = BoardSize::new(9).unwrap();
    assert_eq!(Game::new(nine, Rules::aga()).komi().to_string(), "5.5");
    assert_eq!(
        Game::with_handicap(nine, Rules::aga(), 1)
            .unwrap()
            .komi()
            .to_string(),
        "0.5"
    );
    assert_eq!(
        Game::with_handicap(nine, Rules::aga(), 5)
            .unwrap()
            .komi()
            .to_string(),
        "0.5"
    );
}

#[test]
fn aga_4_handicap_stones_follow_the_seed_order_on_19x19() {
    let size = BoardSize::new(19).unwrap();
    let expected = [
        (2, "Q16 D4"),
        (3, "Q16 D4 Q4"),
        (4, "Q16 D4 Q4 D16"),
        (5, "Q16 D4 Q4 D16 K10"),
        (6, "Q16 D4 Q4 D16 Q10 D10"),
        (7, "Q16 D4 Q4 D16 Q10 D10 K10"),
        (8, "Q16 D4 Q4 D16 Q10 D10 K16 K4"),
        (9, "Q16 D4 Q4 D16 Q10 D10 K16 K4 K10"),
    ];
    for (stones, points) in expected {
        assert_eq!(
            aga_handicap(size, stones).unwrap(),
            vertices(points, 19),
            "{stones}"
        );
    }
}

#[test]
fn aga_4_handicap_uses_the_fourth_line_on_13x13_and_the_third_on_small_boards() {
    assert_eq!(
        aga_handicap(BoardSize::new(13).unwrap(), 5).unwrap(),
        vertices("K10 D4 K4 D10 G7", 13)
    );
    assert_eq!(
        aga_handicap(BoardSize::new(9).unwrap(), 9).unwrap(),
        vertices("G7 C3 G3 C7 G5 C5 E7 E3 E5", 9)
    );
    assert_eq!(
        aga_handicap(BoardSize::new(7).unwrap(), 4).unwrap(),
        vertices("E5 C3 E3 C5", 7)
    );
}

#[test]
fn aga_4_small_and_even_boards_take_at_most_four_stones() {
    let seven = BoardSize::new(7).unwrap();
    assert!(matches!(
        aga_handicap(seven, 5),
        Err(HandicapError::TooMany { max: 4, .. })
    ));
    let ten = BoardSize::new(10).unwrap();
    assert!(matches!(
        aga_handicap(ten, 5),
        Err(HandicapError::TooMany { max: 4, .. })
    ));
    assert!(aga_handicap(ten, 4).is_ok());
    assert!(matches!(
        aga_handicap(BoardSize::new(5).unwrap(), 2),
        Err(HandicapError::BoardTooSmall(_))
    ));
    assert!(matches!(
        aga_handicap(ten, 1),
        Err(HandicapError::TooFew(1))
    ));
}

#[test]
fn aga_4_decision_gtp_placement_is_separate_and_follows_the_gtp_specification() {
    let size = BoardSize::new(19).unwrap();
    assert_eq!(gtp_handicap(size, 3).unwrap(), vertices("D4 Q16 D16", 19));
    assert_eq!(
        gtp_handicap(size, 9).unwrap(),
        vertices("D4 Q16 D16 Q4 D10 Q10 K4 K16 K10", 19)
    );
    assert_eq!(
        gtp_handicap(size, 5).unwrap(),
        vertices("D4 Q16 D16 Q4 K10", 19)
    );
}

#[test]
fn aga_4_one_stone_handicap_means_black_moves_first_with_half_point_komi() {
    let g = Game::with_handicap(BoardSize::new(19).unwrap(), Rules::aga(), 1).unwrap();
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.board().stones().count(), 0);
    assert_eq!(g.komi().to_string(), "0.5");
}

#[test]
fn aga_4_free_placement_puts_black_stones_where_black_chose() {
    let size = BoardSize::new(9).unwrap();
    let g = Game::with_free_handicap(size, Rules::aga(), &[p(0, 0), p(4, 4)]).unwrap();
    assert_eq!(g.board().get(p(0, 0)), Some(Color::Black));
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.handicap(), 2);
    assert!(Game::with_free_handicap(size, Rules::aga(), &[p(0, 0), p(0, 0)]).is_err());
    assert!(Game::with_free_handicap(size, Rules::aga(), &[p(0, 0), p(9, 0)]).is_err());
    let big = BoardSize::new(25).unwrap();
    let too_many: Vec<_> = big.points().take(300).collect();
    assert!(matches!(
        Game::with_free_handicap(big, Rules::aga(), &too_many),
        Err(HandicapError::TooMany { stones: 300, .. })
    ));
}

#[test]
fn aga_4b_area_counting_gives_white_one_point_per_handicap_stone_after_the_first() {
    for scoring in ["territory", "area"] {
        let rules: Rules = format!("aga,scoring={scoring}").parse().unwrap();
        let mut g = Game::with_handicap(BoardSize::new(9).unwrap(), rules, 4).unwrap();
        g.play(Move::Pass).unwrap(); // White
        g.play(Move::Pass).unwrap(); // Black; White passes last
        let score = g.score();
        if rules.scoring == Scoring::Area {
            assert_eq!(score.sides.white.compensation, 3);
            assert_eq!(score.sides.black.stones, 4);
        } else {
            assert_eq!(score.sides.white.compensation, 0);
        }
        // Both methods give the same margin (AGA-12): 77 points + 4 stones - 3 - 0.5.
        assert_eq!(
            score.result.to_string(),
            "B+77.5",
            "{scoring}: {}",
            score.breakdown()
        );
    }
}

#[test]
fn aga_7_a_pass_hands_one_prisoner_to_the_opponent() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
    g.play(Move::Pass).unwrap();
    assert_eq!(g.pass_stones(Color::White), 1);
    assert_eq!(g.pass_stones(Color::Black), 0);
    let mut jp = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    jp.play(Move::Pass).unwrap();
    assert_eq!(jp.pass_stones(Color::White), 0);
}

#[test]
fn aga_9_two_passes_in_a_row_end_play() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
    g.play(at(4, 4)).unwrap();
    g.play(Move::Pass).unwrap();
    g.play(at(3, 3)).unwrap();
    assert_eq!(g.phase(), Phase::Playing);
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    assert_eq!(g.phase(), Phase::Scoring);
}

#[test]
fn aga_11_white_passes_last_when_black_passed_last() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
    g.play(at(4, 4)).unwrap(); // B
    g.play(Move::Pass).unwrap(); // W
    let outcome = g.play(Move::Pass).unwrap(); // B
    assert!(outcome.forced_white_pass);
    let last = g.moves().last().unwrap();
    assert_eq!(
        (last.color, last.mv, last.forced),
        (Color::White, Move::Pass, true)
    );
    // Both made the same number of moves, and each handed over its pass stones.
    assert_eq!(
        g.moves().iter().filter(|m| m.color == Color::Black).count(),
        2
    );
    assert_eq!(
        g.moves().iter().filter(|m| m.color == Color::White).count(),
        2
    );
    assert_eq!(g.pass_stones(Color::Black), 2);
    assert_eq!(g.pass_stones(Color::White), 1);
}

#[test]
fn aga_11_no_extra_pass_when_white_passed_last() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
    g.play(Move::Pass).unwrap(); // B
    let outcome = g.play(Move::Pass).unwrap(); // W
    assert!(!outcome.forced_white_pass);
    assert_eq!(g.moves().len(), 2);
}

#[test]
fn aga_10_resumed_by_opponent_of_last_passer() {
    for asker in Color::ALL {
        let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
        g.play(at(4, 4)).unwrap();
        g.play(Move::Pass).unwrap(); // W
        g.play(Move::Pass).unwrap(); // B, then White's forced pass: White passed last
        g.toggle_dead(p(4, 4)).unwrap();
        assert_eq!(g.resume(asker).unwrap(), Phase::Playing);
        assert_eq!(g.to_move(), Color::Black, "asked by {asker}");
        assert!(g.dead_stones().is_empty());
    }
}

#[test]
fn aga_10_a_second_double_pass_without_agreement_counts_every_stone_alive() {
    let mut g = game(Rules::aga(), TWO_LONE_STONES, Color::Black);
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    g.resume(Color::White).unwrap();
    g.play(Move::Pass).unwrap(); // B
    g.play(Move::Pass).unwrap(); // W
    assert_eq!(g.phase(), Phase::Scoring);
    g.toggle_dead(p(3, 3)).unwrap();
    let phase = g.resume(Color::White).unwrap();
    let Phase::Finished(result) = phase else {
        panic!("a second dispute must end the game, got {phase:?}");
    };
    // All stones alive: the board is shared dame, so only the prisoners and komi count.
    let score = g.score();
    assert!(g.dead_stones().is_empty());
    assert_eq!(score.result, result);
    assert_eq!(score.sides.white.dead, 0);
    assert_eq!(score.sides.black.dead, 0);
}

#[test]
fn aga_9_agreed_dead_stones_are_prisoners_of_the_side_that_could_capture_them() {
    let mut g = game(Rules::aga(), TWO_LONE_STONES, Color::Black);
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    g.toggle_dead(p(3, 3)).unwrap();
    g.accept(Color::White).unwrap();
    let result = g.accept(Color::Black).unwrap().unwrap();
    let score = g.score();
    assert_eq!(score.sides.black.dead, 1);
    // Black: 24 territory + 1 dead + 1 pass stone; White: 1 pass stone + 5.5.
    assert_eq!(result.to_string(), "B+19.5", "{}", score.breakdown());
}

/// A seki with one eye each: Black's eye holds a dead White stone. See `SEKI` in scoring.rs.
#[test]
fn aga_12_the_eyes_of_a_seki_count_as_territory() {
    let mut g = game(Rules::aga(), crate::scoring::SEKI, Color::Black);
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    let score = g.score_with(&[p(0, 0)]);
    // Black: 33 + the 2-point seki eye; White: 8 + the 1-point seki eye.
    assert_eq!(score.sides.black.territory, 35);
    assert_eq!(score.sides.white.territory, 9);
    assert_eq!(score.sides.black.dead, 1);
    assert_eq!(
        score.result,
        GameResult::Score {
            winner: Color::Black,
            margin_half_points: 43
        },
        "{}",
        score.breakdown()
    );
}

#[test]
fn aga_8_a_programs_illegal_move_counts_as_a_pass_with_its_pass_stone() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
    g.play(at(4, 4)).unwrap(); // B
    assert_eq!(g.check(at(4, 4)), Err(tengen_core::IllegalMove::Occupied));
    let penalty = g.penalize_illegal(Color::White).unwrap();
    let tengen_core::Penalty::Pass(outcome) = penalty else {
        panic!("AGA-8 makes the move a pass, got {penalty:?}");
    };
    assert_eq!(outcome.phase, Phase::Playing);
    assert_eq!(
        g.moves().last().map(|m| (m.color, m.mv)),
        Some((Color::White, Move::Pass))
    );
    assert_eq!(g.pass_stones(Color::Black), 1);
    assert_eq!(g.to_move(), Color::Black);
    // Only the player to move is penalized, and only while play goes on.
    assert_eq!(
        g.penalize_illegal(Color::White),
        Err(tengen_core::IllegalMove::NotYourTurn)
    );
    g.play(Move::Pass).unwrap();
    assert_eq!(g.phase(), Phase::Scoring);
    assert_eq!(
        g.penalize_illegal(Color::White),
        Err(tengen_core::IllegalMove::GameOver)
    );
}

#[test]
fn aga_8_an_illegal_move_that_is_the_second_pass_stops_play_with_whites_last_pass() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
    g.play(at(4, 4)).unwrap(); // B
    g.play(Move::Pass).unwrap(); // W
    let tengen_core::Penalty::Pass(outcome) = g.penalize_illegal(Color::Black).unwrap() else {
        panic!("AGA-8: a pass");
    };
    assert!(outcome.forced_white_pass, "AGA-11 follows the pass");
    assert_eq!(outcome.phase, Phase::Scoring);
}

#[test]
fn aga_9_a_programs_dead_list_is_a_proposal_and_an_acceptance_in_one_step() {
    let mut g = game(Rules::aga(), TWO_LONE_STONES, Color::Black);
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap_err(); // play has stopped: White's last pass was made
    // Black proposes the white stone dead, White the black one: each proposal replaces the
    // marks and clears the other's acceptance.
    assert_eq!(g.propose_dead(Color::Black, &[p(3, 3)]), Ok(None));
    assert!(g.accepted(Color::Black));
    assert_eq!(g.propose_dead(Color::White, &[p(1, 1)]), Ok(None));
    assert!(g.accepted(Color::White) && !g.accepted(Color::Black));
    assert_eq!(g.dead_stones(), vec![p(1, 1)]);
    // The same list again is an acceptance, whatever the versions did in between.
    let empty_points_ignored = [p(1, 1), p(0, 0)];
    let result = g.propose_dead(Color::Black, &empty_points_ignored).unwrap();
    assert_eq!(result, Some(g.score().result));
    assert_eq!(g.phase(), Phase::Finished(g.score().result));
    assert_eq!(g.score().sides.white.dead, 1);
    assert_eq!(
        g.propose_dead(Color::Black, &[]),
        Err(tengen_core::ActionError::NotScoring)
    );
}

#[test]
fn aga_11_a_record_that_writes_whites_last_pass_again_replays_it_once() {
    use tengen_core::{Replayed, Tolerance};
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
    g.play(at(4, 4)).unwrap(); // B
    g.play(Move::Pass).unwrap(); // W
    g.play(Move::Pass).unwrap(); // B, then White's forced pass
    let moves = g.moves().len();
    assert_eq!(
        g.replay_move(Color::White, Move::Pass, Tolerance::Strict),
        Ok(Replayed::ForcedPassEcho)
    );
    assert_eq!((g.moves().len(), g.phase()), (moves, Phase::Scoring));
}

#[test]
fn aga_10_a_replayed_move_after_two_passes_resumes_play_with_the_opponent_of_the_last_passer() {
    use tengen_core::{IllegalMove, Replayed, Tolerance};
    let stopped = || {
        let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
        g.play(Move::Pass).unwrap(); // B
        g.play(Move::Pass).unwrap(); // W passed last: Black moves first
        g
    };
    let mut g = stopped();
    assert_eq!(
        g.replay_move(Color::White, at(4, 4), Tolerance::Strict),
        Err(IllegalMove::NotYourTurn)
    );
    assert_eq!(g, stopped(), "a refused move changes nothing");
    let replayed = g.replay_move(Color::Black, at(4, 4), Tolerance::Strict);
    assert!(matches!(
        replayed,
        Ok(Replayed::Played {
            resumed: true,
            broke: None,
            ..
        })
    ));
    assert_eq!(
        (g.phase(), g.resumptions(), g.to_move()),
        (Phase::Playing, 1, Color::White)
    );
    // Out of turn, the move is kept when the tolerance allows it, with the rule it broke.
    let mut g = stopped();
    let replayed = g
        .replay_move(Color::White, at(4, 4), Tolerance::AnyTurn)
        .unwrap();
    assert_eq!(
        replayed,
        Replayed::Played {
            outcome: tengen_core::MoveOutcome {
                captures: 0,
                forced_white_pass: false,
                phase: Phase::Playing
            },
            resumed: true,
            broke: Some(IllegalMove::NotYourTurn)
        }
    );
    // AnyTurn keeps every other rule.
    assert_eq!(
        g.replay_move(Color::Black, at(4, 4), Tolerance::AnyTurn),
        Err(IllegalMove::Occupied)
    );
}

#[test]
fn aga_10_a_replayed_move_after_the_second_double_pass_is_refused_unless_the_board_tolerance_resumes_play()
 {
    use tengen_core::{IllegalMove, Replayed, Tolerance};
    // Play stopped, was resumed (AGA-10), and stopped again: the second double pass ended the
    // game with every stone alive.
    let stopped_twice = || {
        let mut g = game(Rules::aga(), TWO_LONE_STONES, Color::Black);
        g.play(Move::Pass).unwrap(); // B
        g.play(Move::Pass).unwrap(); // W
        g.replay_move(Color::Black, at(2, 2), Tolerance::Strict)
            .unwrap();
        g.play(Move::Pass).unwrap(); // W
        g.play(Move::Pass).unwrap(); // B, then White's forced pass
        assert_eq!((g.phase(), g.resumptions()), (Phase::Scoring, 1));
        g
    };
    for tolerance in [Tolerance::Strict, Tolerance::AnyTurn] {
        let mut g = stopped_twice();
        assert_eq!(
            g.replay_move(Color::White, at(0, 0), tolerance),
            Err(IllegalMove::EndedAllAlive),
            "{tolerance:?}"
        );
        assert_eq!(g, stopped_twice(), "a refused move changes nothing");
    }
    // A record from elsewhere goes on: play resumes, the mover first, and the rule it broke
    // is reported.
    let mut g = stopped_twice();
    let replayed = g
        .replay_move(Color::White, at(0, 0), Tolerance::Board)
        .unwrap();
    assert!(matches!(
        replayed,
        Replayed::Played {
            resumed: true,
            broke: Some(IllegalMove::EndedAllAlive),
            ..
        }
    ));
    assert_eq!(g.board().get(p(0, 0)), Some(Color::White));
    assert_eq!(
        (g.phase(), g.to_move(), g.resumptions()),
        (Phase::Playing, Color::Black, 2)
    );
    // Undo rebuilds the game through that resumption.
    g.play(at(4, 0)).unwrap();
    g.undo().unwrap();
    assert_eq!((g.phase(), g.to_move()), (Phase::Playing, Color::Black));
    assert_eq!(g.board().get(p(0, 0)), Some(Color::White));
}
