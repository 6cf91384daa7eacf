//! Properties of the estimate on random games: it never calls a Benson pass-alive chain dead,
//! and under AGA the count by territory and the count by area of the same estimate give the
//! same margin (AGA-12).

use std::time::Duration;

use proptest::prelude::*;
use tengen_core::{BoardSize, Color, Game, Move, Phase, Point, Rules, Scoring, UnconditionalLife};
use tengen_engine::estimate::{EstimateBudget, Status, count, estimate};

/// A small budget: the properties are about decisions, not strength.
fn budget() -> EstimateBudget {
    EstimateBudget {
        time: Duration::from_millis(200),
        playouts: 200,
        reading_nodes: 2_000,
    }
}

/// A game of random moves (illegal ones skipped), ended by two passes.
fn random_game(n: u8, rules: Rules, moves: &[(u8, u8)]) -> Game {
    let size = BoardSize::new(u32::from(n)).unwrap();
    let mut game = Game::new(size, rules);
    for &(x, y) in moves {
        let _ = game.play(Move::Play(Point::new(x % n, y % n)));
    }
    while game.phase() == Phase::Playing {
        game.play(Move::Pass).unwrap();
    }
    game
}

/// The same moves counted another way.
fn with_scoring(game: &Game, scoring: Scoring) -> Game {
    let mut rules = *game.rules();
    rules.scoring = scoring;
    let mut copy = Game::new(game.size(), rules);
    copy.set_komi(game.komi());
    for m in game.moves().iter().filter(|m| !m.forced) {
        copy.play_as(m.color, m.mv).unwrap();
    }
    copy
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn prop_a_pass_alive_chain_is_never_called_dead(
        n in prop_oneof![Just(5u8), Just(7), Just(9)],
        moves in prop::collection::vec((0u8..9, 0u8..9), 20..160),
    ) {
        let game = random_game(n, Rules::japanese(), &moves);
        let life = UnconditionalLife::of(game.board());
        let e = estimate(&game, &budget());
        for (point, _) in game.board().stones() {
            if life.is_alive(point) {
                prop_assert_ne!(e.status(point), Some(Status::Dead), "{:?}", point);
            }
        }
    }

    #[test]
    fn prop_aga_territory_and_area_counts_of_one_estimate_agree(
        n in prop_oneof![Just(5u8), Just(7), Just(9)],
        moves in prop::collection::vec((0u8..9, 0u8..9), 20..160),
    ) {
        let game = random_game(n, Rules::aga(), &moves);
        let e = estimate(&game, &budget());
        let dead = e.dead_stones();
        let area_game = with_scoring(&game, Scoring::Area);
        let (by_area, _) = count(&area_game, &dead);
        prop_assert_eq!(
            e.score.margin_half_points(),
            by_area.margin_half_points(),
            "territory {} / area {}",
            e.score.breakdown(),
            by_area.breakdown()
        );
        // White's last pass (AGA-11) is part of both counts.
        prop_assert_eq!(game.moves().last().map(|m| m.color), Some(Color::White));
    }
}
