//! The Japanese rules of seeds 002–004: JP-2 to JP-11.

use tengen_core::{
    BoardSize, Color, Game, GameResult, IllegalMove, Move, Phase, Rules, aga_handicap,
};

use crate::common::{SNAPBACK, TWO_WALLS, at, game, p};

#[test]
fn jp_2_komi_is_six_and_a_half_even_and_zero_with_handicap() {
    let size = BoardSize::new(19).unwrap();
    assert_eq!(Game::new(size, Rules::japanese()).komi().to_string(), "6.5");
    let h = Game::with_handicap(size, Rules::japanese(), 3).unwrap();
    assert_eq!(h.komi().to_string(), "0");
    // Placing the stones is Black's first move: White moves next.
    assert_eq!(h.to_move(), Color::White);
    let one = Game::with_handicap(size, Rules::japanese(), 1).unwrap();
    assert_eq!(
        (one.to_move(), one.komi().to_string()),
        (Color::Black, "0".to_owned())
    );
}

#[test]
fn jp_4_handicap_uses_the_traditional_order_with_the_centre_for_five_and_seven() {
    let size = BoardSize::new(19).unwrap();
    let g = Game::with_handicap(size, Rules::japanese(), 5).unwrap();
    let stones: Vec<_> = g.board().stones().map(|(p, _)| p).collect();
    let mut expected = aga_handicap(size, 5).unwrap();
    expected.sort_by_key(|p| (p.y, p.x));
    assert_eq!(stones, expected);
    assert!(stones.contains(&p(9, 9)));
    let seven = Game::with_handicap(size, Rules::japanese(), 7).unwrap();
    assert_eq!(seven.board().get(p(9, 9)), Some(Color::Black));
    assert_eq!(seven.board().get(p(9, 3)), None);
}

#[test]
fn jp_8_the_opponent_of_the_player_who_asks_to_resume_moves_first() {
    for asker in Color::ALL {
        let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
        g.play(at(4, 4)).unwrap();
        g.play(Move::Pass).unwrap();
        g.play(Move::Pass).unwrap();
        assert_eq!(g.phase(), Phase::Scoring);
        g.resume(asker).unwrap();
        assert_eq!(g.phase(), Phase::Playing);
        assert_eq!(g.to_move(), asker.other());
        // The opponent may pass at once; play stops again after two passes.
        g.play(Move::Pass).unwrap();
        g.play(Move::Pass).unwrap();
        assert_eq!(g.phase(), Phase::Scoring);
    }
}

#[test]
fn jp_8_resumption_may_be_asked_again() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    for _ in 0..3 {
        g.play(Move::Pass).unwrap();
        g.play(Move::Pass).unwrap();
        assert_eq!(g.resume(Color::White).unwrap(), Phase::Playing);
    }
    assert_eq!(g.resumptions(), 3);
}

#[test]
fn jp_10_dead_stones_are_prisoners_and_score_is_territory_plus_prisoners() {
    let mut g = game(
        Rules::japanese(),
        "
        . . X O . .
        . . X O . .
        . . X O . O
        . . X O . .
        . . X O . .
        . O X O . .",
        Color::Black,
    );
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    g.toggle_dead(p(1, 5)).unwrap();
    g.accept(Color::Black).unwrap();
    g.accept(Color::White).unwrap();
    let score = g.score();
    assert_eq!(score.sides.black.territory, 12);
    assert_eq!(score.sides.black.dead, 1);
    assert_eq!(score.sides.white.territory, 11);
    // 12 + 1 against 11 + 6.5.
    assert_eq!(g.result().unwrap().to_string(), "W+4.5");
}

#[test]
fn jp_10_filling_dame_changes_nobodys_score() {
    let before = game(Rules::japanese(), TWO_WALLS, Color::Black);
    let mut after = before.clone();
    after.play(at(2, 0)).unwrap();
    after.play(at(2, 1)).unwrap();
    assert_eq!(before.score().result, after.score().result);
}

#[test]
fn jp_11_an_illegal_move_loses_when_a_referee_applies_the_rules() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    g.play(at(0, 0)).unwrap();
    // A person's illegal move is refused with its reason...
    assert_eq!(g.play(at(0, 0)), Err(IllegalMove::Occupied));
    // ...a referee of engine games under illegal=lose declares the loss.
    assert_eq!(Rules::japanese().illegal, tengen_core::IllegalPolicy::Lose);
    let result = g.forfeit(Color::White).unwrap();
    assert_eq!(result, GameResult::Forfeit(Color::Black));
    assert_eq!(result.to_sgf(), "B+F");
}

#[test]
fn jp_7_life_and_death_is_what_the_players_agree_and_snapback_stones_stay_alive_unmarked() {
    // The players' agreement decides life and death; an unmarked stone counts as alive.
    let g = game(Rules::japanese(), SNAPBACK, Color::Black);
    let score = g.score();
    assert_eq!(
        score.ownership(p(1, 1)),
        tengen_core::Ownership::Alive(Color::White)
    );
    // Benson's suggestion never calls them dead: they are not inside pass-alive territory.
    assert!(!g.suggest_dead().contains(&p(1, 1)));
}

#[test]
fn jp_11_a_programs_illegal_move_loses_the_game() {
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    g.play(at(0, 0)).unwrap();
    assert_eq!(
        g.penalize_illegal(Color::White),
        Ok(tengen_core::Penalty::Loss(GameResult::Forfeit(
            Color::Black
        )))
    );
    assert_eq!(
        g.phase(),
        Phase::Finished(GameResult::Forfeit(Color::Black))
    );
    assert_eq!(g.penalize_illegal(Color::Black), Err(IllegalMove::GameOver));
}

#[test]
fn jp_8_a_replayed_move_after_two_passes_resumes_play_and_the_mover_may_pass_at_once() {
    use tengen_core::{Replayed, Tolerance};
    let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    g.play(at(4, 4)).unwrap(); // B
    g.play(Move::Pass).unwrap(); // W
    g.play(Move::Pass).unwrap(); // B: play stops, no closing pass under JP
    assert_eq!(g.phase(), Phase::Scoring);
    // White passing first: its opponent asked to resume (JP-8), and White passes at once.
    let replayed = g.replay_move(Color::White, Move::Pass, Tolerance::Strict);
    assert!(matches!(
        replayed,
        Ok(Replayed::Played { resumed: true, .. })
    ));
    assert_eq!(
        (g.phase(), g.to_move(), g.resumptions()),
        (Phase::Playing, Color::Black, 1)
    );
}

#[test]
fn jp_10_a_stone_costs_a_point_under_territory_counting_without_pass_stones() {
    assert!(Rules::japanese().stones_cost_points());
    assert!(!Rules::chinese().stones_cost_points(), "area counting");
    assert!(!Rules::tromp_taylor().stones_cost_points(), "area counting");
    let aga_territory: Rules = "aga,scoring=territory".parse().unwrap();
    assert!(
        !aga_territory.stones_cost_points(),
        "AGA-12: a pass stone pays a fill back"
    );
}
