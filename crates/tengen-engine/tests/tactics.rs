//! Small positions with one right answer (or one wrong one), drawn as diagrams: `X` Black,
//! `O` White, `.` empty, the top row first. Each is searched with a fixed playout budget on
//! one thread, so the outcome repeats.

use tengen_core::{Color, Game, Komi, Move, Point, Rules};
use tengen_engine::{Budget, Search, SearchConfig};

fn position(rules: Rules, komi: f64, diagram: &str, to_move: Color) -> Game {
    let mut game = Game::from_diagram(diagram, to_move, rules).expect("a valid position");
    game.set_komi(Komi::from_f64(komi).unwrap());
    game
}

/// The move the search chooses with each kind of prior: the hand-set terms (levels 1–3)
/// and the learned move strengths (the default).
fn best_moves(game: &Game, playouts: u64) -> Vec<(&'static str, Move)> {
    let mut hand_set = SearchConfig::default();
    hand_set.priors.learned = 0;
    [
        ("hand-set priors", hand_set),
        ("learned priors", SearchConfig::default()),
    ]
    .into_iter()
    .map(|(name, config)| {
        let mut search = Search::new(config);
        let result = search.run(game, Budget::playouts(playouts));
        assert!(
            game.check(result.best).is_ok(),
            "{name}: {:?} is illegal",
            result.best
        );
        (name, result.best)
    })
    .collect()
}

fn at(x: u8, y: u8) -> Move {
    Move::Play(Point::new(x, y))
}

#[test]
fn captures_the_stone_whose_capture_saves_its_group() {
    // Black's five stones have one liberty (e4); extending there is self-atari, since White
    // holds f4 and e3. Capturing the White stone at d5 (by d4) is the only way to save them.
    let game = position(
        Rules::chinese(),
        7.5,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . O O O . . . .
        . O X X X O . . .
        . O X O X O . . .
        . . O . . O . . .
        . . . . O . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Color::Black,
    );
    assert!(game.board().liberties(Point::new(2, 3)).len() == 1);
    for (priors, mv) in best_moves(&game, 4000) {
        assert_eq!(mv, at(3, 5), "{priors}");
    }
}

/// A White group in the top-left corner with a straight three eye space, surrounded by a
/// living Black position; with komi 40.5 the corner decides the game.
const STRAIGHT_THREE: &str = "
    . . . O X . .
    O O O O X . X
    X X X X X X .
    . X . X . X X
    X X X X X X .
    . X . X . X X
    X X X X X X .";

#[test]
fn kills_a_corner_group_on_the_vital_point() {
    let game = position(Rules::chinese(), 40.5, STRAIGHT_THREE, Color::Black);
    for (priors, mv) in best_moves(&game, 3000) {
        assert_eq!(mv, at(1, 0), "{priors}");
    }
}

#[test]
fn lives_in_the_corner_on_the_vital_point() {
    let game = position(Rules::chinese(), 40.5, STRAIGHT_THREE, Color::White);
    for (priors, mv) in best_moves(&game, 3000) {
        assert_eq!(mv, at(1, 0), "{priors}");
    }
}

/// The seki of tengen-core's scoring tests: Black's chain with its eye at b9 (a dead White
/// stone at a9) and White's chain with its eye at f9 share the liberty d9.
const SEKI: &str = "
    O . X . O . O X .
    X X X O O O O X .
    O O O X X X X X .
    . . O X . . . . .
    O O O X . . . . .
    . . O X . . . . .
    O O O X . . . . .
    . . O X . . . . .
    . . O X . . . . .";

#[test]
fn does_not_break_a_seki_for_either_colour() {
    for (rules, to_move) in [
        (Rules::japanese(), Color::Black),
        (Rules::japanese(), Color::White),
        (Rules::chinese(), Color::Black),
        (Rules::chinese(), Color::White),
    ] {
        let game = position(rules, 6.5, SEKI, to_move);
        for (priors, mv) in best_moves(&game, 3000) {
            assert_ne!(
                mv,
                at(3, 0),
                "{to_move:?} under {rules} with {priors} fills the shared liberty"
            );
            assert_ne!(
                mv,
                at(1, 0),
                "{to_move:?} under {rules} with {priors} fills the seki's eye"
            );
        }
    }
}

#[test]
fn does_not_run_out_of_a_working_ladder() {
    // The White stone at d6 is in atari; running at d5 leaves two liberties, and the ladder
    // takes the chain to the bottom-right edge.
    let game = position(
        Rules::chinese(),
        7.5,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . X O X . . . .
        . . X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Color::White,
    );
    for (priors, mv) in best_moves(&game, 4000) {
        assert_ne!(mv, at(3, 4), "{priors}");
    }
}
