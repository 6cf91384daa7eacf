//! The estimator says why: each chain's [`Reason`] is the evidence that settled it (Benson's
//! eyes, the reading's line under JP-7, the ko, the snapback, a seki's shared liberties), and
//! what is not finished is reported: groups whose status depends on who moves first, and open
//! boundaries that need a sealing move.

use tengen_core::{Color, Game, Point, Rules};
use tengen_engine::estimate::{Estimate, EstimateBudget, Reason, Status, Unsettled, estimate};

// Positions as ASCII diagrams: `X` Black, `O` White, `.` empty, one row per line, top first.

fn estimated(rules: Rules, diagram: &str) -> Estimate {
    let game = Game::from_diagram(diagram, Color::Black, rules).expect("a position");
    estimate(&game, &EstimateBudget::default())
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

fn reason(e: &Estimate, at: Point) -> Reason {
    e.chain(at).expect("a stone").reason.clone()
}

/// Black's corner has two separate eyes, A9 and C9 (seed 003).
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
fn jp_7_benson_two_eyes_are_named_as_the_reason() {
    let e = estimated(Rules::japanese(), TWO_EYES);
    assert_eq!(
        reason(&e, p(1, 0)),
        Reason::UnconditionallyAlive {
            eyes: vec![p(0, 0), p(2, 0)]
        },
        "{}",
        e.diagram()
    );
    let text = reason(&e, p(1, 0)).describe(e.size());
    assert!(text.contains("Benson") && text.contains("A9 C9"), "{text}");
}

/// Black's straight three in the corner (A8-C8 with the eye space A9-C9, D9 Black) is dead:
/// White, moving first (JP-7), plays the vital point B9. If Black moved first he would live.
const STRAIGHT_THREE: &str = "
    . . . X O . . . .
    X X X X O . . . .
    O O O O O . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn jp_7_dead_by_reading_shows_the_killing_line_and_that_black_first_would_live() {
    let e = estimated(Rules::japanese(), STRAIGHT_THREE);
    let chain = e.chain(p(0, 1)).expect("a stone");
    assert_eq!(chain.status, Status::Dead, "{}", e.diagram());
    let Reason::DiesByReading { line } = &chain.reason else {
        panic!("{:?}", chain.reason);
    };
    assert_eq!(
        line.first(),
        Some(&(Color::White, Some(p(1, 0)))),
        "{line:?}"
    );
    assert!(
        chain.reason.describe(e.size()).contains("W B9"),
        "{}",
        chain.reason.describe(e.size())
    );
    // Black moving first plays B9 himself: the count is JP-7's, but the game is unfinished.
    let Some(Unsettled::OwnerMovingFirstLives { line }) = &chain.unsettled else {
        panic!("{:?}", chain.unsettled);
    };
    assert_eq!(
        line.first(),
        Some(&(Color::Black, Some(p(1, 0)))),
        "{line:?}"
    );
    assert!(!e.finished());
}

/// Seed 003's unresolved ko (see estimate_rules): White's stone on D9 stands in a ko that
/// Black failed to take on E9; in the confirmation phase Black takes it there first.
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
fn jp_7_a_ko_that_cannot_be_retaken_is_named_as_the_reason() {
    let e = estimated(Rules::japanese(), UNRESOLVED_KO);
    assert_eq!(e.status(p(3, 0)), Some(Status::Dead), "{}", e.diagram());
    assert_eq!(
        reason(&e, p(3, 0)),
        Reason::UnresolvedKo { capture: p(4, 0) },
        "{}",
        e.diagram()
    );
}

/// Seed 003's snapback: White may take C9 on B9, and Black retakes five stones on C9.
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
fn jp_7_snapback_is_named_as_the_reason() {
    let e = estimated(Rules::japanese(), SNAPBACK);
    assert_eq!(
        reason(&e, p(2, 0)),
        Reason::Snapback { liberty: p(1, 0) },
        "{}",
        e.diagram()
    );
}

/// "Eye against no eye" (see estimate_rules): Black's cross and White's corner stones share
/// B5 and E2.
const SEKI: &str = "
    . O X O . O
    O . X O O .
    X X X X O O
    O O X X X X
    . O O X . O
    O . O X O .";

#[test]
fn jp_9_seki_names_its_shared_liberties_and_why_it_lives() {
    let e = estimated(Rules::japanese(), SEKI);
    let Reason::Seki {
        shared_liberties,
        lives_by,
    } = reason(&e, p(2, 0))
    else {
        panic!("{:?}", reason(&e, p(2, 0)));
    };
    assert_eq!(shared_liberties, vec![p(1, 1), p(4, 4)], "{}", e.diagram());
    assert!(!matches!(*lives_by, Reason::Seki { .. }));
    let text = reason(&e, p(2, 0)).describe(e.size());
    assert!(text.contains("JP-9") && text.contains("B5 E2"), "{text}");
}

/// Black's wall on D9-D2 and White's on E9-E2 meet everywhere but at the bottom edge, where
/// D1 and E1 are open: Black's 26 points on the left reach White's stones through E1. The
/// count leaves the whole region dame; Black's stone on E1 would seal it into his territory.
const OPEN_BOUNDARY: &str = "
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . . . O . . .";

#[test]
fn an_open_boundary_is_reported_with_its_sealing_point_not_guessed() {
    let e = estimated(Rules::japanese(), OPEN_BOUNDARY);
    assert_eq!(e.sealing.len(), 1, "{:?}\n{}", e.sealing, e.diagram());
    let seal = &e.sealing[0];
    assert_eq!(seal.color, Color::Black);
    assert_eq!(seal.points, vec![p(4, 8)], "{seal:?}");
    assert!(seal.encloses.contains(&p(0, 0)) && seal.encloses.contains(&p(3, 8)));
    for &q in seal.points.iter().chain(&seal.encloses) {
        assert!(e.dame.contains(&q), "{q:?} {seal:?}\n{}", e.diagram());
    }
    assert!(!e.finished());
}

#[test]
fn a_closed_position_has_nothing_to_seal() {
    let e = estimated(Rules::japanese(), TWO_EYES);
    assert!(e.sealing.is_empty(), "{:?}", e.sealing);
}

/// Bad input gives a count with its notes, never a hang: the smallest and largest boards,
/// and a 19×19 board of single stones, each in atari or nearly, within the time limits.
#[test]
fn boards_of_size_2_and_25_and_stones_in_atari_everywhere_are_counted_in_time() {
    let two = estimated(Rules::japanese(), "X .\n. O");
    assert_eq!(two.size().get(), 2);
    let mut rows = vec![vec!['.'; 25]; 25];
    rows[0][0] = 'X';
    rows[24][24] = 'O';
    rows[12][12] = 'X';
    let large: String = rows
        .iter()
        .map(|r| r.iter().map(|c| format!("{c} ")).collect::<String>() + "\n")
        .collect();
    let large = estimated(Rules::chinese(), &large);
    assert!(large.elapsed.as_secs_f64() < 5.0, "{:?}", large.elapsed);
    // Every other point a stone, alternating colours by pairs of columns, a hole every
    // fourth point: most chains have one liberty.
    let mut rows = vec![vec!['.'; 19]; 19];
    for (y, row) in rows.iter_mut().enumerate() {
        for (x, cell) in row.iter_mut().enumerate() {
            if (x + y) % 2 == 0 && (x % 4 != 0 || y % 4 != 0) {
                *cell = if (x / 2 + y) % 2 == 0 { 'X' } else { 'O' };
            }
        }
    }
    let diagram: String = rows
        .iter()
        .map(|r| r.iter().map(|c| format!("{c} ")).collect::<String>() + "\n")
        .collect();
    let e = estimated(Rules::japanese(), &diagram);
    assert!(e.elapsed.as_secs_f64() < 5.0, "{:?}", e.elapsed);
    for chain in &e.chains {
        assert!(!chain.reason.describe(e.size()).is_empty());
    }
}

/// Inside Black's territory, Black's A9 is in atari from White's B9, itself dead. White may
/// take A9 on A8, a ko shape; but Black need not retake at once: he plays C9, and his stone
/// on A9 then takes A8 and B9 together, no ko, and stays (JP-7's second clause). Unlike seed
/// 003's stone in the ko (`UNRESOLVED_KO` above), A9 is alive and needs no move.
const ATARI_FROM_A_DEAD_STONE_ITS_OWNER_CAN_ATARI: &str = "
    X O . . . . . . .
    . X . . . . . . .
    X . . . . . . . .
    . . . . . . . . .
    X X X X X X X X X
    O O O O O O O O O
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn jp_7_a_ko_shape_whose_retake_can_be_made_a_bigger_capture_leaves_the_stone_alive() {
    let e = estimated(
        Rules::japanese(),
        ATARI_FROM_A_DEAD_STONE_ITS_OWNER_CAN_ATARI,
    );
    assert_eq!(e.status(p(1, 0)), Some(Status::Dead), "{}", e.diagram());
    assert_eq!(
        reason(&e, p(0, 0)),
        Reason::HeldOnlyByDeadStones { liberty: p(0, 1) },
        "{}",
        e.diagram()
    );
    // Black: 33 points of territory (B9's point among them) and B9 as a prisoner; White: 27
    // and 6.5 komi. (Japanese counting would give the same margin with A9 dead, its point
    // Black's territory and the stone White's prisoner: what differs is what the players are
    // told to remove.)
    assert_eq!(
        e.score.result.to_string(),
        "B+0.5",
        "{}",
        e.score.breakdown()
    );
}

/// Black's B9 and A8 inside Black's territory, cut off by White's dead invaders C9 B8 C8,
/// which the playouts often let capture them first. Nothing of White's that lives borders the
/// corner, so they stand in Black's territory: alive, and the reason says so.
const CUT_OFF_IN_OWN_TERRITORY: &str = "
    . X O . . . . . .
    X O O . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X X X X
    O O O O O O O O O
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn jp_7_stones_no_living_opponent_stone_borders_are_alive_in_their_owners_territory() {
    let e = estimated(Rules::japanese(), CUT_OFF_IN_OWN_TERRITORY);
    assert_eq!(e.status(p(2, 0)), Some(Status::Dead), "{}", e.diagram());
    for stone in [p(1, 0), p(0, 1)] {
        assert_eq!(e.status(stone), Some(Status::Alive), "{}", e.diagram());
        assert_eq!(reason(&e, stone), Reason::InOwnTerritory);
    }
    let text = reason(&e, p(1, 0)).describe(e.size());
    assert!(text.contains("owner's territory"), "{text}");
}

/// The end of a 9×9 game (dev set, `nngs/whitemouse-gnugo-3.5.2`): White's D2 stands inside
/// Black's bottom group, which is dead. Black, moving first, captures D2 (E2, then D1 or E1):
/// the reading proves it. But the chains that take it die themselves, and its point is
/// White's (JP-7's second clause: capturing it lets White play stones that cannot be
/// captured), as the players counted it.
const TAKEN_ONLY_BY_DEAD_STONES: &str = "
    . O X . X O . . .
    O O X . X O X X X
    O X X . . O X O X
    O X X X X X O O O
    . O X O O O O . O
    O O O O X X O O .
    . O X X X X X X O
    O X X O . X O O .
    X X X . . . X . O";

#[test]
fn jp_7_a_chain_the_reading_kills_only_with_dead_stones_stands_in_its_owners_territory() {
    let e = estimated(Rules::japanese(), TAKEN_ONLY_BY_DEAD_STONES);
    let d2 = p(3, 7);
    assert_eq!(e.status(p(2, 6)), Some(Status::Dead), "{}", e.diagram());
    assert_eq!(e.status(d2), Some(Status::Alive), "{}", e.diagram());
    assert_eq!(reason(&e, d2), Reason::InOwnTerritory);
}

/// White's D6 and E5 stand in Black's wall next to White's living group, which they touch
/// through E6, where a Black stone would be suicide. Black's D5 puts both in atari; White
/// connects on E6 (JP-7: the owner answers every move). The playouts kill them in more than
/// a third of their games: their White sometimes plays D5 himself, a self-atari of three
/// stones that the estimator's playouts allow so that nakade can be thrown in.
const JOINED_THROUGH_AN_EYE_SHAPED_POINT: &str = "
    . X . X O . O . .
    . X . X O O O O O
    X X X X O O O . .
    . . X O . O O O O
    . . X . O X X X X
    . . X X X . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn jp_7_stones_the_opponent_cannot_cut_from_a_living_group_live_with_it() {
    let e = estimated(Rules::japanese(), JOINED_THROUGH_AN_EYE_SHAPED_POINT);
    for stone in [p(3, 3), p(4, 4)] {
        assert_eq!(e.status(stone), Some(Status::Alive), "{}", e.diagram());
        let Reason::JoinedToTheLiving { to, through } = reason(&e, stone) else {
            panic!("{:?}", reason(&e, stone));
        };
        assert_eq!(e.status(to), Some(Status::Alive));
        assert!(through.contains(&p(4, 3)), "{through:?}");
    }
    let text = reason(&e, p(3, 3)).describe(e.size());
    assert!(text.contains("cannot cut") && text.contains("E6"), "{text}");
}

/// White's three chains on the left (B10-D10, the A9 chain, E9-E8) share the bent four
/// B9 C9 D9 D8, and E9-E8 has an outside liberty, F8. Each chain, read alone on the points
/// around the whole group, lives: Black's stone on any point of the eye space is captured and
/// White keeps two eyes. Read whole, the lines multiply (every capture of Black's stones opens
/// a new one) past the reading's budget, and the playouts, where White lets a chain be cut
/// off, keep it in 64 % of the games, under the 65 % they ask of a living group.
const THREE_CHAINS_AROUND_A_BENT_FOUR: &str = "
    . X . X . X O . O . . . .
    X X X X X X O O O O O O O
    X X X X X X X X O . . . .
    X O O O X X X X O . . . .
    O . . . O X . X O . . . .
    O O O . O . X X O . . . .
    O X O O X X X O O . . . .
    O X X X O O O O . . . . .
    X X O O . . . . . . . . .
    . X X O . . . . . . . . .
    X . X O O X . O . . . . .
    . . X X O O . . . . . . .
    . . . X X O . . . . . . .";

#[test]
fn jp_7_chains_sharing_one_eye_space_live_when_each_lives_alone() {
    let e = estimated(Rules::japanese(), THREE_CHAINS_AROUND_A_BENT_FOUR);
    for at in [p(1, 3), p(0, 4), p(4, 4)] {
        let chain = e.chain(at).expect("a stone");
        assert_eq!(
            chain.status,
            Status::Alive,
            "{at:?} {:?}\n{}",
            chain.reason,
            e.diagram()
        );
        assert!(
            matches!(chain.reason, Reason::LivesByReading { .. }),
            "{at:?}: {:?}",
            chain.reason
        );
    }
}
