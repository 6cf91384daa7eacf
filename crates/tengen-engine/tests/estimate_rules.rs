//! The estimator on the positions the rules name: JP-7's confirmation phase (bent four in the
//! corner, an unresolved ko, snapback, the seeds' examples), seki under JP-9 and AGA-12, the
//! fill a chain in atari needs, and what it says when it cannot decide.

use std::time::{Duration, Instant};

use tengen_core::{Color, Game, GameResult, Ownership, Point, Rules};
use tengen_engine::estimate::{Basis, Estimate, EstimateBudget, Status, estimate};

// Positions as ASCII diagrams: `X` Black, `O` White, `.` empty, one row per line, top first.

/// A game whose position is `diagram`, Black to move.
fn game(rules: Rules, diagram: &str) -> Game {
    Game::from_diagram(diagram, Color::Black, rules).expect("diagram is a position")
}

/// The estimate of `diagram` under `rules` with the default budget.
fn estimated(rules: Rules, diagram: &str) -> Estimate {
    let game = game(rules, diagram);
    estimate(&game, &EstimateBudget::default())
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// The estimate as a diagram with its count: what a failing assertion shows.
fn drawn(estimate: &Estimate) -> String {
    format!("{}{}", estimate.diagram(), estimate.score.breakdown())
}

fn white_by(half_points: u32) -> GameResult {
    GameResult::Score {
        winner: Color::White,
        margin_half_points: half_points,
    }
}

fn black_by(half_points: u32) -> GameResult {
    GameResult::Score {
        winner: Color::Black,
        margin_half_points: half_points,
    }
}

/// Black's corner group has two liberties, shared with White's three stones inside. Neither
/// may fill one: it looks like a seki. But White can fill the corner point, letting Black
/// capture four stones in the shape of a bent four, and then play the ko it leaves at will;
/// with no ko threats after the game (JP-7) Black cannot win it. White's wall lives with two
/// eyes on the right.
const BENT_FOUR_IN_THE_CORNER: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    O O O O O O O . .
    O O O O O . O . .
    X X X X O O O . .
    . X . X O . O . .
    O O O X O O O . .";

#[test]
fn jp_7_bent_four_in_the_corner_is_dead() {
    let e = estimated(Rules::japanese(), BENT_FOUR_IN_THE_CORNER);
    let shown = drawn(&e);
    assert_eq!(e.status(p(0, 6)), Some(Status::Dead), "{shown}");
    assert_eq!(e.status(p(0, 8)), Some(Status::Alive), "{shown}");
    assert_eq!(e.chain(p(0, 6)).unwrap().basis, Basis::Reading, "{shown}");
    // White: every empty point (57) and the 7 dead stones, with 6.5 komi.
    assert_eq!(e.score.result, white_by(141), "{shown}");
}

/// The end of a 13×13 game (mertin13x13/GNWL1, RE B+52.5): White's top-right group has
/// taken three Black stones into its eye space, and the open dame on the right keeps it from
/// being enclosed, so only the playouts judge it. Black moving first plays the vital point of
/// the eye space that the capture leaves (a nakade): the group is dead. Playouts that never
/// play the vital point of a three-point eye space called it alive (B+1.5).
const NAKADE_IN_AN_OPEN_POSITION: &str = "
    . . . O O X . . . O X X X
    . O O O X . . . X O . O .
    . . . O X X X X X O O O O
    O O . O X O O O X X X X .
    X O O O X O X X X . . . .
    X X X O X O O O O X . . .
    . X . X X O O X X X X . .
    . O X X O . O O X . . . .
    . O X O O O O X . . . . .
    X X X O . O X X O X X X .
    X O O O O X X . X O O O X
    . X X O . O O X X O O X .
    X . X O . . O O X . X . .";

#[test]
fn jp_7_a_group_whose_eye_space_has_a_vital_point_dies_though_the_position_is_open() {
    let e = estimated(Rules::japanese(), NAKADE_IN_AN_OPEN_POSITION);
    let shown = drawn(&e);
    assert_eq!(e.status(p(9, 0)), Some(Status::Dead), "{shown}");
    assert_eq!(e.status(p(10, 0)), Some(Status::Alive), "{shown}");
    assert_eq!(e.status(p(4, 2)), Some(Status::Alive), "{shown}");
}

/// The end of a 9×9 game (nngs, gnugo-3.3.9-pogonyshev, RE B+40.5): White's group on the
/// right (E2 to J8) has half an eye at J7 and shares two liberties with Black's bottom-right
/// stones; it survives about six in ten of the playouts Black starts. JP-7 lets Black move
/// first and choose his best attack, and a weak attacker that kills it four times in ten
/// shows that a careful one kills it: dead (at an even threshold it was called alive).
const WEAK_GROUP_THE_ATTACKER_OFTEN_KILLS: &str = "
    . O O X X X . X .
    . O O O X . X O O
    . O O X X X O O .
    . O X O X O O X X
    . O X . X O O X .
    O O X . X X O . .
    O X . X X O O O .
    X X . X O O X X O
    . . . X X X . X .";

#[test]
fn jp_7_a_group_the_playouts_attacker_kills_four_times_in_ten_is_dead() {
    let e = estimated(Rules::japanese(), WEAK_GROUP_THE_ATTACKER_OFTEN_KILLS);
    let shown = drawn(&e);
    assert_eq!(e.status(p(4, 7)), Some(Status::Dead), "{shown}");
    assert_eq!(e.status(p(4, 8)), Some(Status::Alive), "{shown}");
}

/// Seed 003: Black failed to capture the white stone in the ko at D9 by playing E9 ("A").
/// Black's group has one eye (B9) and needs the ko for a second. In the confirmation phase
/// White connects at E9; had Black taken the ko first, White could not take back without
/// passing, and Black would connect. So each side's stones die when the other moves first:
/// "both the white and the black stones are dead".
const UNRESOLVED_KO: &str = "
    X . X O . O . O .
    X X X X O O O O O
    . . . X O . O . O
    O O O X O O O O O
    . . O O . . . . .
    . . O . . . . . .
    . . O . . . . . .
    . . O . . . . . .
    . . O . . . . . .";

#[test]
fn jp_7_an_unresolved_ko_at_the_end_kills_the_group_that_failed_to_connect_it() {
    let e = estimated(Rules::japanese(), UNRESOLVED_KO);
    let shown = drawn(&e);
    assert_eq!(e.status(p(0, 0)), Some(Status::Dead), "{shown}");
    assert_eq!(e.status(p(3, 0)), Some(Status::Dead), "{shown}");
    assert!(e.fills.is_empty(), "{shown}");
}

/// Seed 003, "conversely": the same ko, but Black has a second eye at C7, so he need not play
/// E9 for his stones to live.
const KO_NOT_NEEDED: &str = "
    X . X O . O . O .
    X X X X O O O O O
    . X . X O . O . O
    O O X X O O O O O
    . . O O . . . . .
    . . O . . . . . .
    . . O . . . . . .
    . . O . . . . . .
    . . O . . . . . .";

#[test]
fn jp_7_a_group_with_two_eyes_need_not_resolve_the_ko() {
    let e = estimated(Rules::japanese(), KO_NOT_NEEDED);
    let shown = drawn(&e);
    assert_eq!(e.status(p(0, 0)), Some(Status::Alive), "{shown}");
    assert_eq!(e.chain(p(0, 0)).unwrap().basis, Basis::PassAlive, "{shown}");
}

/// Black's stone on C9 is in atari: White may take it on B9, but his capturing chain is then
/// left with one liberty and Black takes five stones back on C9 (seed 003: snapback).
const SNAPBACK: &str = "
    X . X O X . . . .
    X O O O X . . . .
    X X X X X . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn jp_7_snapback_stones_are_alive() {
    let e = estimated(Rules::japanese(), SNAPBACK);
    let shown = drawn(&e);
    assert_eq!(e.status(p(2, 0)), Some(Status::Alive), "{shown}");
    assert_eq!(e.status(p(3, 0)), Some(Status::Dead), "{shown}");
    assert!(e.fills.is_empty(), "a snapback needs no fill: {shown}");
    // Black: 71 points of territory and 4 dead stones, against 6.5 komi.
    assert_eq!(e.score.result, black_by(137), "{shown}");
}

/// Seed 003: "All the black stones are dead because White can capture them": one eye, in
/// White's area.
const ONE_EYE: &str = "
    X . X O . . . . .
    X X X O . . . . .
    O O O O . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn jp_7_stones_the_opponent_can_capture_are_dead() {
    let e = estimated(Rules::japanese(), ONE_EYE);
    let shown = drawn(&e);
    assert_eq!(e.dead_stones().len(), 5, "{shown}");
    assert_eq!(e.status(p(3, 0)), Some(Status::Alive), "{shown}");
}

/// Seed 003: stones the opponent cannot surround are alive. Black's two eyes in the corner.
const TWO_EYES: &str = "
    . X . X O . . . .
    X X X X O . . . .
    O O O O O . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn jp_7_two_eyes_are_alive_for_certain() {
    let e = estimated(Rules::japanese(), TWO_EYES);
    let shown = drawn(&e);
    let corner = e.chain(p(1, 0)).unwrap();
    assert_eq!(
        (corner.status, corner.basis, corner.confidence),
        (Status::Alive, Basis::PassAlive, 1.0),
        "{shown}"
    );
}

/// A seki of "eye against no eye" (Sensei's Library, via Fuego's seki tests): Black's cross
/// has no eye and two liberties, B5 and E2; White's corner stones have an eye each and share
/// those liberties. Whoever fills one is captured. The playouts sacrifice the corner stones;
/// the reading keeps them.
const SEKI_EYE_AGAINST_NO_EYE: &str = "
    . O X O . O
    O . X O O .
    X X X X O O
    O O X X X X
    . O O X . O
    O . O X O .";

#[test]
fn jp_9_seki_is_found_and_kept() {
    let e = estimated(Rules::japanese(), SEKI_EYE_AGAINST_NO_EYE);
    let shown = drawn(&e);
    for stone in [p(1, 0), p(0, 1), p(5, 4), p(4, 5)] {
        assert_eq!(e.status(stone), Some(Status::Seki), "{stone:?}: {shown}");
    }
    assert_eq!(e.status(p(2, 0)), Some(Status::Seki), "{shown}");
    assert!(e.dead_stones().is_empty(), "{shown}");
    assert!(
        e.dame.contains(&p(1, 1)) && e.dame.contains(&p(4, 4)),
        "{shown}"
    );
}

/// OGS's pattern `seki_one_false_eye`: White's chain and Black's two stones on B9 B8 share
/// C9, and White's eye A7 is shared with its lone stone on A8; Black's loose stones around
/// are no threat. The playouts, which self-atari in it, give White's chain to Black.
const SEKI_WITH_ONE_FALSE_EYE: &str = include_str!("positions/seki_one_false_eye.txt");

#[test]
fn jp_9_a_seki_with_one_false_eye_removes_nothing_though_the_playouts_kill_it() {
    for rules in [Rules::japanese(), Rules::chinese()] {
        let e = estimated(rules, SEKI_WITH_ONE_FALSE_EYE);
        let shown = drawn(&e);
        assert!(e.dead_stones().is_empty(), "{shown}");
        assert_eq!(e.status(p(3, 0)), Some(Status::Seki), "{shown}");
        assert_eq!(e.status(p(1, 0)), Some(Status::Seki), "{shown}");
    }
}

/// The seki of the core's tests: Black's chain with the two-point eye in the top-left corner
/// (a dead White stone in it on A9), White's chain with the eye F9, the shared liberty D9.
/// Below, White's wall with 8 points and Black's with 33.
const SEKI_WITH_EYES: &str = "
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
fn jp_9_the_eyes_of_a_seki_are_not_territory_and_its_dead_stone_stays() {
    let e = estimated(Rules::japanese(), SEKI_WITH_EYES);
    let shown = drawn(&e);
    assert_eq!(e.status(p(2, 0)), Some(Status::Seki), "{shown}");
    assert_eq!(e.status(p(4, 0)), Some(Status::Seki), "{shown}");
    assert_eq!(e.status(p(0, 0)), Some(Status::Dead), "{shown}");
    assert_eq!(
        e.score.ownership(p(0, 0)),
        Ownership::DeadInSeki(Color::White),
        "{shown}"
    );
    assert_eq!(
        e.score.ownership(p(5, 0)),
        Ownership::SekiEye(Color::White),
        "{shown}"
    );
    assert!(e.dame.contains(&p(3, 0)), "{shown}");
    // Black 33, White 8 + 6.5 komi: the eyes of the seki count for nobody.
    assert_eq!(e.score.result, black_by(37), "{shown}");
}

/// White's corner (B9) has two liberties, A9 and A7, while Black's dead chain C9-D6 presses
/// on it: White may not play A7 (Black would take the corner on A9), so Black's stone on A6
/// and the eye A5 it makes for the group below look safe, as if in seki. But C9-D6 is dead
/// inside White's wall: in the confirmation White first takes it, the corner gains its
/// points as liberties, and A7 then kills A6; the group below is left with one eye (B4).
/// The shape of `pooo.sgf` and `reading41.sgf` in the dev records.
const SEKI_HELD_BY_A_DEAD_CHAIN: &str = "
    . O X . O . O . O
    O O X . O O O O O
    . O X X O O . O .
    X O O X O . O O O
    . X X O O O O . O
    X . X O O . O O O
    X X X O . O . O .
    O O O O O O O O O
    . O . O . O . O .";

#[test]
fn jp_7_a_seki_that_only_a_dead_chain_holds_up_is_none_once_that_chain_is_taken() {
    let e = estimated(Rules::japanese(), SEKI_HELD_BY_A_DEAD_CHAIN);
    let shown = drawn(&e);
    for dead in [p(2, 0), p(0, 3), p(1, 4), p(0, 6)] {
        assert_eq!(e.status(dead), Some(Status::Dead), "{dead:?}: {shown}");
    }
    assert_eq!(e.status(p(1, 0)), Some(Status::Alive), "{shown}");
    assert_eq!(e.stones_with(Status::Seki), vec![], "{shown}");
}

#[test]
fn aga_12_the_eyes_of_a_seki_count_as_territory() {
    let e = estimated(Rules::aga(), SEKI_WITH_EYES);
    let shown = drawn(&e);
    assert_eq!(e.status(p(2, 0)), Some(Status::Seki), "{shown}");
    let japanese = estimated(Rules::japanese(), SEKI_WITH_EYES);
    // Under AGA Black's eye (B9, with the dead stone on A9) and White's (F9) are territory.
    assert_eq!(
        e.score.sides.black.territory,
        japanese.score.sides.black.territory + 2,
        "{shown}"
    );
    assert_eq!(
        e.score.sides.white.territory,
        japanese.score.sides.white.territory + 1,
        "{shown}"
    );
}

/// Black's stone on E6 is in atari; White's wall is alive, and a White stone on D6 would
/// capture it and stand with two liberties (not a ko, not a snapback). Black must still
/// connect on D6: that point is not his territory under territory scoring.
const CHAIN_IN_ATARI: &str = "
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . . X O . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .";

#[test]
fn jp_10_a_chain_a_living_stone_holds_in_atari_must_fill_and_its_liberty_is_not_territory() {
    let e = estimated(Rules::japanese(), CHAIN_IN_ATARI);
    let shown = drawn(&e);
    assert_eq!(e.status(p(4, 3)), Some(Status::Alive), "{shown}");
    assert_eq!(e.fills, vec![(Color::Black, p(3, 3))], "{shown}");
    // Black 27 (not 28), White 35 + 6.5.
    assert_eq!(e.score.sides.black.territory, 27, "{shown}");
    assert_eq!(e.score.result, white_by(29), "{shown}");
    // With pass stones the fill is paid back by White's pass (AGA-12): it stays territory.
    let aga = estimated(Rules::aga(), CHAIN_IN_ATARI);
    assert_eq!(aga.fills, vec![(Color::Black, p(3, 3))]);
    assert_eq!(aga.score.sides.black.territory, 28);
}

#[test]
fn an_open_position_is_reported_uncertain_not_guessed() {
    let e = estimated(
        Rules::japanese(),
        "
        . . . . .
        . X . . .
        . . . . .
        . . . O .
        . . . . .",
    );
    let shown = drawn(&e);
    let uncertain: Vec<_> = e.uncertain().map(|c| c.stones[0]).collect();
    assert_eq!(uncertain, vec![p(1, 1), p(3, 3)], "{shown}");
}

#[test]
fn a_huge_unfinished_position_stops_at_the_budget_and_says_so() {
    // An empty 25×25 board: every playout is long, and there is nothing to decide.
    let size = tengen_core::BoardSize::new(25).unwrap();
    let board_game = tengen_core::Game::new(size, Rules::japanese());
    let budget = EstimateBudget {
        time: Duration::from_millis(40),
        playouts: 1_000_000,
        reading_nodes: 1_000_000,
    };
    let start = Instant::now();
    let e = estimate(&board_game, &budget);
    let took = start.elapsed();
    assert!(e.stopped_early);
    assert!(e.playouts < 1_000_000);
    // The budget plus one playout and the count, with room for a loaded machine.
    assert!(took < Duration::from_millis(1500), "{took:?}");
}

#[test]
fn an_unfinished_game_is_estimated_within_the_default_budget() {
    // 120 random moves on 19×19: a middle game, full of unsettled groups.
    let mut game = tengen_core::Game::new(tengen_core::BoardSize::STANDARD, Rules::japanese());
    let mut rng = tengen_core::playout::XorShift32::new(2024);
    let mut played = 0;
    while played < 120 {
        let x = rng.below(19) as u8;
        let y = rng.below(19) as u8;
        if game.play(tengen_core::Move::Play(p(x, y))).is_ok() {
            played += 1;
        }
    }
    let budget = EstimateBudget::default();
    let start = Instant::now();
    let e = estimate(&game, &budget);
    let took = start.elapsed();
    assert!(took < budget.time + Duration::from_secs(1), "{took:?}");
    assert!(
        e.uncertain().count() > 0,
        "a middle game has undecided groups"
    );
}

/// Black's corner stone A9 is in atari, held there only by White's B9-C9, which Black can
/// capture whenever he likes (two liberties inside Black's closed corner). Seed 003: "conversely Black need not play at A for his stones to be
/// alive": the White stones are dead, and the Black stone they hold in atari is alive and needs
/// no fill (if White takes it, Black kills the White stones and plays on A9 anew: JP-7's second
/// clause). Unlike the stone in `UNRESOLVED_KO`, whose capture is a ko its owner may not take
/// back. (Small chains like this one used to be marked dead, which counts the same but is not
/// what a careful counter proposes.)
const HELD_IN_ATARI_BY_DEAD_STONES: &str = "
    X O O X . . . . .
    . . . X . . . . .
    X X X X . . . . .
    . . . . . . . . .
    X X X X X X X X X
    O O O O O O O O O
    . . . . . . . . .
    . . . . O . . . .
    . . . . . . . . .";

#[test]
fn jp_7_a_chain_held_in_atari_only_by_dead_stones_is_alive_and_needs_no_fill() {
    let e = estimated(Rules::japanese(), HELD_IN_ATARI_BY_DEAD_STONES);
    let shown = drawn(&e);
    assert_eq!(e.status(p(1, 0)), Some(Status::Dead), "{shown}");
    assert_eq!(e.status(p(0, 0)), Some(Status::Alive), "{shown}");
    assert!(e.fills.is_empty(), "{shown}");
    // Black: 29 points of territory and 2 prisoners; White: 26 and 6.5 komi.
    assert_eq!(e.score.result, white_by(3), "{shown}");
}

/// The end of a 19×19 game (nngs, gnugo-3.3.11-rcde05, RE W+79.5): Black's M19-M18 is in atari
/// at N19 next to White's living L19 group, and Black's fill there joins O19, whose only other
/// liberty is P19: the chain would still be in atari. It cannot be saved, so it is dead, not
/// alive with a fill (which counted W+77.5).
const A_FILL_THAT_LEAVES_THE_CHAIN_IN_ATARI: &str = "
    . . O . X . X O O O O X . X . . . . .
    . O X X X X X X X X O X O O X X . . .
    . O O O O X O X X O O O . O O X . . .
    O X X X O O O O O . O . O O X X . . .
    O X . X X . O O X O . . . O X . . X .
    . O X O X O X X X X O O O O O X . . X
    . O X O O O X . . . X X X X X X X X O
    . . . . . O X X . X . X . X X O O O O
    O O O O O O O X X O X X X O O O X X O
    O X X X X X X X O O O X O O X X X X X
    X O O O X . X O O . O X X O O O X . .
    . O O O O X O O X . O O O O X X X . .
    . O X X X X O X X X O X X O O X . . .
    . O O X . X O O X . X X . O O X . . .
    O . O O X X X O X X X X . O O O X . .
    X O O X . X O O . X O O O O X X X . .
    X X X . X O . O X X O X O O O O X . .
    . . X O X O . O O X X X X O . O X X .
    . . X O X O X O X X X . O . . O O X .";

#[test]
fn jp_7_a_chain_in_atari_whose_fill_leaves_it_in_atari_is_dead() {
    let e = estimated(Rules::japanese(), A_FILL_THAT_LEAVES_THE_CHAIN_IN_ATARI);
    let shown = drawn(&e);
    assert_eq!(e.status(p(11, 0)), Some(Status::Dead), "{shown}");
    assert_eq!(e.status(p(11, 1)), Some(Status::Dead), "{shown}");
    assert!(e.fills.is_empty(), "{shown}");
}
