//! Rules common to every rule set: C1 to C7.

use std::collections::BTreeMap;

use tengen_core::{
    BoardSize, BoardSizeError, Color, Game, GameResult, IllegalMove, Move, Nigiri, Phase, Point,
    Rules,
};

use crate::common::{at, diagram, game, normalise, p, play_all};

#[test]
fn c1_every_size_from_2_to_25_is_playable() {
    for n in 2..=25 {
        let size = BoardSize::new(n).unwrap();
        let mut g = Game::new(size, Rules::japanese());
        let corner = Point::new(n as u8 - 1, n as u8 - 1);
        g.play(Move::Play(corner)).unwrap();
        assert_eq!(g.board().get(corner), Some(Color::Black));
        assert_eq!(
            g.play(Move::Play(Point::new(n as u8, 0))),
            Err(IllegalMove::OffBoard)
        );
    }
}

#[test]
fn c1_sizes_outside_2_to_25_are_refused_naming_the_size() {
    for n in [0, 1, 26, 1000] {
        let err = BoardSize::new(n).unwrap_err();
        assert_eq!(err, BoardSizeError(n));
        assert!(err.to_string().contains(&n.to_string()));
    }
}

#[test]
fn c2_black_moves_first_and_players_alternate() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(
        g.play_as(Color::White, at(0, 0)),
        Err(IllegalMove::NotYourTurn)
    );
    g.play(at(0, 0)).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(
        g.play_as(Color::Black, at(1, 1)),
        Err(IllegalMove::NotYourTurn)
    );
    g.play(Move::Pass).unwrap();
    assert_eq!(g.to_move(), Color::Black);
}

#[test]
fn c2_white_moves_first_after_handicap_placement() {
    let g = Game::with_handicap(BoardSize::new(19).unwrap(), Rules::japanese(), 4).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.board().stones().count(), 4);
}

#[test]
fn c2_either_player_may_resign_on_either_turn() {
    for resigner in Color::ALL {
        let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
        g.play(at(4, 4)).unwrap();
        assert_eq!(g.to_move(), Color::White);
        let result = g.resign(resigner).unwrap();
        assert_eq!(result, GameResult::Resignation(resigner.other()));
        assert_eq!(g.phase(), Phase::Finished(result));
        assert_eq!(g.play(Move::Pass), Err(IllegalMove::GameOver));
    }
    assert_eq!(GameResult::Resignation(Color::Black).to_string(), "B+R");
}

#[test]
fn c3_chains_connect_along_lines_not_diagonally() {
    let g = game(
        Rules::japanese(),
        "
        X X . . .
        . X . . .
        . . X . .
        . . . . .
        . . . . .",
        Color::Black,
    );
    assert_eq!(g.board().chain(p(0, 0)).len(), 3);
    assert_eq!(g.board().chain(p(2, 2)).len(), 1);
    // Liberties of the three-stone chain: (2,0), (0,1), (2,1), (1,2).
    assert_eq!(g.board().liberties(p(1, 1)).len(), 4);
}

#[test]
fn c4_a_chain_without_liberties_is_removed_and_becomes_prisoners() {
    let mut g = game(
        Rules::japanese(),
        "
        O O . . .
        X X . . .
        . . . . .
        . . . . .
        . . . . .",
        Color::Black,
    );
    let outcome = g.play(at(2, 0)).unwrap();
    assert_eq!(outcome.captures, 2);
    assert_eq!(g.captures(Color::Black), 2);
    assert_eq!(
        diagram(g.board()),
        normalise(
            "
            . . X . .
            X X . . .
            . . . . .
            . . . . .
            . . . . ."
        )
    );
}

#[test]
fn c4_a_setup_chain_without_liberties_is_refused() {
    let setup = crate::common::setup(
        "
        O X .
        X . .
        . . .",
        Color::Black,
    );
    assert!(Game::from_setup(&setup, Rules::japanese()).is_err());
}

#[test]
fn c5_single_stone_suicide_is_illegal_in_every_preset() {
    for rules in [
        Rules::aga(),
        Rules::japanese(),
        Rules::chinese(),
        Rules::tromp_taylor(),
    ] {
        let mut g = game(
            rules,
            "
            . O . .
            O . . .
            . . . .
            . . . .",
            Color::Black,
        );
        assert_eq!(g.play(at(0, 0)), Err(IllegalMove::Suicide), "{rules}");
    }
}

#[test]
fn c5_multi_stone_suicide_is_illegal_in_the_seed_presets() {
    for rules in [Rules::aga(), Rules::japanese()] {
        let mut g = game(
            rules,
            "
            X . O .
            O O . .
            . . . .
            . . . .",
            Color::Black,
        );
        assert_eq!(g.play(at(1, 0)), Err(IllegalMove::Suicide));
    }
}

#[test]
fn c5_multi_stone_suicide_parameter_removes_the_movers_chain() {
    let mut g = game(
        Rules::tromp_taylor(),
        "
        X . O .
        O O . .
        . . . .
        . . . .",
        Color::Black,
    );
    g.play(at(1, 0)).unwrap();
    assert_eq!(g.captures(Color::White), 2);
    assert_eq!(
        diagram(g.board()),
        normalise(
            "
            . . O .
            O O . .
            . . . .
            . . . ."
        )
    );
}

#[test]
fn c5_multi_stone_suicide_lists_the_movers_chain_among_the_stones_it_removed() {
    // Issue 43's record: B(0,0) W(2,0) B(4,4) W(0,1) B(4,3) W(1,1), then Black's suicide at
    // (1,0) takes off (0,0) and (1,0). A viewer that places each stone and empties the
    // removed points must reach the board the game has.
    let mut g = Game::new(BoardSize::new(5).unwrap(), Rules::tromp_taylor());
    play_all(
        &mut g,
        &[at(0, 0), at(2, 0), at(4, 4), at(0, 1), at(4, 3), at(1, 1)],
    );
    assert_eq!(
        diagram(g.board()),
        normalise(
            "
            X . O . .
            O O . . .
            . . . . .
            . . . . X
            . . . . X"
        )
    );
    g.play(at(1, 0)).unwrap();
    let removed = g.stones_removed();
    assert_eq!(removed.len(), g.moves().len());
    assert_eq!(removed[6], [p(0, 0), p(1, 0)]);
    assert!(removed[..6].iter().all(Vec::is_empty));

    // The viewer: no rules, only the stones placed and the points emptied.
    let mut stepped: BTreeMap<Point, Color> = g.initial_board().stones().collect();
    for (m, removed) in g.moves().iter().zip(&removed) {
        if let Move::Play(q) = m.mv {
            stepped.insert(q, m.color);
        }
        for q in removed {
            stepped.remove(q);
        }
    }
    assert_eq!(stepped, g.board().stones().collect());
    assert_eq!(
        diagram(g.board()),
        normalise(
            "
            . . O . .
            O O . . .
            . . . . .
            . . . . X
            . . . . X"
        )
    );
}

#[test]
fn aga_5_captures_are_removed_before_the_suicide_check() {
    let mut g = game(
        Rules::aga(),
        "
        . O X .
        O X . .
        X . . .
        . . . .",
        Color::Black,
    );
    // Black at the corner has no liberty of its own, but captures (1,0) and (0,1) first.
    let outcome = g.play(at(0, 0)).unwrap();
    assert_eq!(outcome.captures, 2);
}

#[test]
fn c6_a_pass_is_always_legal_while_playing() {
    let mut g = game(
        Rules::japanese(),
        "
        . X
        X .",
        Color::White,
    );
    // White has no legal stone move: both points are suicide.
    assert_eq!(g.legal_moves().collect::<Vec<_>>(), vec![Move::Pass]);
    g.play(Move::Pass).unwrap();
}

#[test]
fn refused_moves_name_their_reason_and_change_nothing() {
    let mut g = game(
        Rules::japanese(),
        "
        . X O .
        X O . O
        . X O .
        . . . .",
        Color::Black,
    );
    let before = g.clone();
    assert_eq!(g.play(at(1, 0)), Err(IllegalMove::Occupied));
    assert_eq!(g.play(at(9, 9)), Err(IllegalMove::OffBoard));
    assert_eq!(
        g.play_as(Color::White, at(3, 3)),
        Err(IllegalMove::NotYourTurn)
    );
    g.play(at(2, 1)).unwrap(); // takes the ko
    let after_capture = g.clone();
    assert_eq!(g.play(at(1, 1)), Err(IllegalMove::Ko));
    assert_eq!(g, after_capture);
    assert_ne!(g, before);
    for reason in [
        IllegalMove::Occupied,
        IllegalMove::Suicide,
        IllegalMove::Ko,
        IllegalMove::Superko,
        IllegalMove::OffBoard,
        IllegalMove::GameOver,
        IllegalMove::NotYourTurn,
    ] {
        assert!(!reason.to_string().is_empty());
    }
}

#[test]
fn tolerant_replay_refuses_a_stone_on_a_stone_even_out_of_turn() {
    // The record `B[dd];W[ee];W[dd]`: White's second move is out of turn *and* on Black's
    // stone. Out of turn is tolerable, a stone on a stone never is.
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    g.play_tolerant(Color::Black, at(3, 3)).unwrap();
    g.play_tolerant(Color::White, at(4, 4)).unwrap();
    let before = g.clone();
    assert_eq!(
        g.play_tolerant(Color::White, at(3, 3)),
        Err(IllegalMove::Occupied)
    );
    assert_eq!(g, before);
    assert_eq!(
        g.play_tolerant(Color::White, Move::Play(Point::new(9, 3))),
        Err(IllegalMove::OffBoard)
    );
    // Out of turn onto an empty point is kept, and named.
    let (_, broken) = g.play_tolerant(Color::White, at(2, 2)).unwrap();
    assert_eq!(broken, Some(IllegalMove::NotYourTurn));
    assert_eq!(
        normalise(&diagram(g.board())),
        normalise(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . O . . . . . .
            . . . X . . . . .
            . . . . O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . ."
        )
    );
    assert_eq!(g.board().audit(), Ok(()));
    for tolerable in [
        IllegalMove::Suicide,
        IllegalMove::Ko,
        IllegalMove::Superko,
        IllegalMove::NotYourTurn,
    ] {
        assert!(tolerable.is_tolerable(), "{tolerable}");
    }
    for never in [
        IllegalMove::Occupied,
        IllegalMove::OffBoard,
        IllegalMove::GameOver,
    ] {
        assert!(!never.is_tolerable(), "{never}");
    }
}

#[test]
fn c7_nigiri_gives_black_to_a_right_guess_and_is_fair() {
    let mut guesser_black = 0;
    for random in 0..512u32 {
        let n = Nigiri::from_random(random);
        let right = (n.stones_held % 2 == 1) == n.guessed_odd;
        assert_eq!(n.guesser_color() == Color::Black, right);
        guesser_black += u32::from(right);
    }
    assert_eq!(guesser_black, 256);
}

#[test]
fn play_all_helper_reports_the_refused_move() {
    let mut g = Game::new(BoardSize::new(5).unwrap(), Rules::japanese());
    play_all(&mut g, &[at(0, 0), at(1, 1)]);
    assert_eq!(g.moves().len(), 2);
}

#[test]
fn points_off_the_board_are_refused_or_empty_never_a_panic() {
    let mut g = Game::new(BoardSize::new(5).unwrap(), Rules::japanese());
    for point in [Point::new(5, 0), Point::new(0, 5), Point::new(255, 255)] {
        assert_eq!(g.check(Move::Play(point)), Err(IllegalMove::OffBoard));
        assert_eq!(g.board().get(point), None);
        assert!(g.board().chain(point).is_empty());
        assert!(g.board().liberties(point).is_empty());
        assert_eq!(g.board().neighbors(point).count(), 0);
        assert!(g.group(point).is_empty());
        assert!(!g.is_dead(point));
    }
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    assert!(g.toggle_dead(Point::new(9, 9)).is_err());
    g.set_dead(&[Point::new(200, 3)]).unwrap();
    assert!(g.dead_stones().is_empty());
    let _ = g.score_with(&[Point::new(77, 77)]);
}

#[test]
fn c5_the_counts_removal_takes_dead_stones_off_together_and_keeps_the_prisoners() {
    let mut g = Game::from_diagram(
        "
        X O . . .
        . O . . .
        . . . . .
        . . X X .
        . . . . .",
        Color::Black,
        Rules::japanese(),
    )
    .unwrap();
    g.play(Move::Play(Point::new(0, 1))).unwrap(); // Black captures nothing yet
    g.play(Move::Play(Point::new(4, 4))).unwrap();
    g.play(Move::Play(Point::new(2, 0))).unwrap();
    g.play(Move::Play(Point::new(4, 3))).unwrap();
    g.play(Move::Play(Point::new(2, 1))).unwrap();
    g.play(Move::Play(Point::new(3, 4))).unwrap();
    g.play(Move::Play(Point::new(1, 2))).unwrap(); // captures White's B9-B8
    let mut board = g.board().clone();
    assert_eq!(board.captures(Color::Black), 2);
    board.remove_stones(&[Point::new(2, 3), Point::new(3, 3), Point::new(0, 0)]);
    assert_eq!(board.get(Point::new(2, 3)), None);
    assert_eq!(board.get(Point::new(3, 3)), None);
    assert_eq!(board.get(Point::new(0, 0)), None);
    assert_eq!(board.get(Point::new(0, 1)), Some(Color::Black));
    assert_eq!(board.get(Point::new(4, 4)), Some(Color::White));
    assert_eq!(
        board.captures(Color::Black),
        2,
        "prisoners are the count's, not the board's"
    );
    assert!(board.audit().is_ok(), "{:?}", board.audit());
}
