//! Counting: results, dame, seki, acceptance of the dead set, the breakdown.

use tengen_core::{Color, GameResult, Move, Ownership, Phase, Rules};

use crate::common::{TWO_LONE_STONES, TWO_WALLS, game, p};

/// A seki with one eye each on 9×9. Black's chain (2,0) (0,1) (1,1) (2,1) has the two-point
/// eye at the top-left corner, in which a dead White stone sits at (0,0); White's chain
/// (3,1)–(6,1) has the one-point eye at (5,0); both share the liberty (3,0). Neither may play
/// there. Below, a living White wall with three eyes (8 points) and a living Black wall with
/// 33 points of territory.
pub(crate) const SEKI: &str = "
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
fn results_print_as_players_write_them() {
    let black = |m| GameResult::Score {
        winner: Color::Black,
        margin_half_points: m,
    };
    assert_eq!(black(7).to_string(), "B+3.5");
    assert_eq!(
        GameResult::Score {
            winner: Color::White,
            margin_half_points: 1
        }
        .to_string(),
        "W+0.5"
    );
    assert_eq!(black(8).to_string(), "B+4");
    assert_eq!(GameResult::Jigo.to_string(), "Jigo");
    assert_eq!(GameResult::Jigo.to_sgf(), "0");
    assert_eq!(GameResult::Void.to_sgf(), "Void");
    assert_eq!(GameResult::Resignation(Color::Black).to_sgf(), "B+R");
    assert_eq!(GameResult::Time(Color::White).to_sgf(), "W+T");
    assert_eq!(GameResult::from_margin(0), GameResult::Jigo);
    assert_eq!(GameResult::from_margin(-3).to_string(), "W+1.5");
}

#[test]
fn jp_9_dame_count_for_nobody() {
    let g = game(Rules::japanese(), TWO_WALLS, Color::Black);
    let score = g.score();
    assert_eq!(score.ownership(p(2, 2)), Ownership::Dame);
    assert_eq!(score.sides.black.territory, 5);
    assert_eq!(score.sides.white.territory, 5);
    assert_eq!(score.ownership(p(0, 0)), Ownership::Territory(Color::Black));
}

/// A dead stone in an open boundary is a prisoner, but its point is dame like the region's:
/// nobody owns the region until a sealing move closes it.
#[test]
fn jp_9_a_dead_stone_in_a_region_nobody_owns_is_a_prisoner_on_a_dame_point() {
    let g = game(
        Rules::japanese(),
        "
        . X . O .
        . X . O .
        . X O . .
        . X . O .
        . X . O .",
        Color::Black,
    );
    // White's wall has a gap: its side and the middle column are one region, touching both.
    let score = g.score_with(&[p(2, 2)]);
    assert_eq!(
        score.ownership(p(2, 2)),
        Ownership::DeadInDame(Color::White)
    );
    assert_eq!(score.ownership(p(2, 0)), Ownership::Dame);
    assert_eq!(score.ownership(p(4, 0)), Ownership::Dame);
    assert_eq!(score.sides.black.dead, 1);
    assert_eq!(score.sides.black.territory, 5);
    assert_eq!(score.sides.white.territory, 0);
}

#[test]
fn jp_9_seki_found_from_the_position_and_dead_set() {
    let g = game(Rules::japanese(), SEKI, Color::Black);
    let score = g.score_with(&[p(0, 0)]);
    assert_eq!(score.ownership(p(2, 0)), Ownership::Seki(Color::Black));
    assert_eq!(score.ownership(p(4, 0)), Ownership::Seki(Color::White));
    assert_eq!(score.ownership(p(3, 0)), Ownership::Dame);
    assert_eq!(score.ownership(p(5, 0)), Ownership::SekiEye(Color::White));
    assert_eq!(score.ownership(p(1, 0)), Ownership::SekiEye(Color::Black));
    // The walls are not in seki.
    assert_eq!(score.ownership(p(3, 3)), Ownership::Alive(Color::Black));
    assert_eq!(score.ownership(p(2, 3)), Ownership::Alive(Color::White));
}

#[test]
fn jp_9_the_eyes_of_a_seki_are_not_territory() {
    let g = game(Rules::japanese(), SEKI, Color::Black);
    let score = g.score_with(&[p(0, 0)]);
    assert_eq!(score.sides.black.territory, 33);
    assert_eq!(score.sides.white.territory, 8);
    assert_eq!(score.result.to_string(), "B+18.5", "{}", score.breakdown());
}

#[test]
fn jp_9_dead_stones_inside_a_seki_are_not_removed() {
    let g = game(Rules::japanese(), SEKI, Color::Black);
    let marked = g.score_with(&[p(0, 0)]);
    assert_eq!(
        marked.ownership(p(0, 0)),
        Ownership::DeadInSeki(Color::White)
    );
    assert_eq!(marked.sides.black.dead, 0);
    // Marked or not, the count is the same.
    assert_eq!(g.score().result, marked.result);
}

/// Black's A6–B6 has two liberties, A7 and A5; White's B7 two, A7 and C7. Filling A7 leaves
/// either side in atari as the board stands, but each first gains liberties elsewhere:
/// Black takes White's dead B5 (A5) and joins B4, White joins C6 and D7 through C7. So A7
/// is a dame either may fill, not a seki, and the stones around it are alive.
#[test]
fn jp_9_chains_short_of_liberties_only_until_they_take_dead_stones_or_connect_are_not_in_seki() {
    let g = game(
        Rules::japanese(),
        "
        . O . O . . .
        X X O . . . .
        . O X . . . .
        . X X . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
        Color::Black,
    );
    let score = g.score_with(&[p(1, 2)]);
    assert_eq!(score.ownership(p(0, 0)), Ownership::Dame);
    assert_eq!(score.ownership(p(0, 1)), Ownership::Alive(Color::Black));
    assert_eq!(score.ownership(p(1, 0)), Ownership::Alive(Color::White));
}

/// Black's chain (3,0) (0,1)–(3,1) has a three-point eye in which two White stones are dead;
/// White's (4,1)–(7,1) has the one-point eye (6,0); both share (4,0). Black taking the dead
/// stones leaves him a two-point eye, which White reduces with a throw-in once (4,0) is
/// filled: still a seki, and its eye holds the dead stones.
#[test]
fn jp_9_a_seki_whose_eye_holds_dead_stones_stays_one_when_taking_them_gains_too_little() {
    let g = game(
        Rules::japanese(),
        "
        O O . X . O . O X
        X X X X O O O O X
        O O O O X X X X X
        . . . O X . . . .
        O O O O X . . . .
        . . . O X . . . .
        O O O O X . . . .
        . . . O X . . . .
        . . . O X . . . .",
        Color::Black,
    );
    let score = g.score_with(&[p(0, 0), p(1, 0)]);
    assert_eq!(score.ownership(p(3, 0)), Ownership::Seki(Color::Black));
    assert_eq!(score.ownership(p(5, 0)), Ownership::Seki(Color::White));
    assert_eq!(score.ownership(p(4, 0)), Ownership::Dame);
    assert_eq!(
        score.ownership(p(0, 0)),
        Ownership::DeadInSeki(Color::White)
    );
}

#[test]
fn jp_10_equal_points_with_integer_komi_is_jigo() {
    let rules: Rules = "japanese,komi=0".parse().unwrap();
    let g = game(
        rules,
        "
        . X O .
        . X O .
        . X O .
        . X O .",
        Color::Black,
    );
    assert_eq!(g.score().result, GameResult::Jigo);
}

#[test]
fn acceptance_binds_to_the_exact_dead_set_and_any_change_clears_both() {
    let mut g = game(Rules::japanese(), TWO_LONE_STONES, Color::Black);
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    let version = g.dead_version();
    g.toggle_dead(p(3, 3)).unwrap();
    assert_ne!(g.dead_version(), version);
    g.accept(Color::Black).unwrap();
    assert!(g.accepted(Color::Black));
    g.toggle_dead(p(1, 1)).unwrap(); // White marks Black's stone too: Black's tick goes
    assert!(!g.accepted(Color::Black));
    g.toggle_dead(p(1, 1)).unwrap();
    g.accept(Color::Black).unwrap();
    assert_eq!(g.phase(), Phase::Scoring);
    let result = g.accept(Color::White).unwrap().unwrap();
    assert_eq!(g.phase(), Phase::Finished(result));
    assert_eq!(g.dead_stones(), vec![p(3, 3)]);
}

#[test]
fn toggling_marks_a_whole_group_in_one_click() {
    let mut g = game(
        Rules::japanese(),
        "
        . . . . . .
        . O . O . .
        . . . . . .
        . . . . . .
        . . . . X .
        . . . . . .",
        Color::Black,
    );
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    // The two White stones share the liberty (2,1): one group.
    let group = g.toggle_dead(p(1, 1)).unwrap();
    assert_eq!(group, vec![p(1, 1), p(3, 1)]);
    assert!(g.is_dead(p(3, 1)));
    g.toggle_dead(p(3, 1)).unwrap();
    assert!(g.dead_stones().is_empty());
    assert!(g.toggle_dead(p(0, 0)).is_err());
}

#[test]
fn the_breakdown_adds_up() {
    let g = game(Rules::japanese(), SEKI, Color::Black);
    let score = g.score_with(&[p(0, 0)]);
    for color in Color::ALL {
        let s = score.sides.get(color);
        let points = s.territory + s.captures + s.dead + s.pass_stones;
        assert_eq!(s.total_half_points, 2 * points as i32 + s.komi_half_points);
    }
    let line = score.breakdown();
    assert!(line.starts_with("B+18.5 ("), "{line}");
    assert!(line.contains("komi 6.5"), "{line}");
}

#[test]
fn scoring_before_the_end_of_play_is_refused() {
    let mut g = game(
        Rules::japanese(),
        "
        . . .
        . X .
        . . .",
        Color::White,
    );
    assert!(g.toggle_dead(p(1, 1)).is_err());
    assert!(g.accept(Color::Black).is_err());
    assert!(g.resume(Color::Black).is_err());
}
