//! The reading on small local fights: nakade, eyes, seki, bent four, ko bans.

use super::*;
use std::time::Duration;
use tengen_core::{BoardSize, Point, playout::XorShift32};

/// A board from rows of `X` (Black), `O` (White) and `.`, top row first.
fn board(diagram: &str) -> Board {
    tengen_core::Game::from_diagram(diagram, Color::Black, tengen_core::Rules::japanese())
        .expect("a position")
        .board()
        .clone()
}

/// The verdict on the chain through (x, y), and the nodes it took, with `first` to move.
fn verdict_with(diagram: &str, x: u8, y: u8, first: Option<Color>) -> (Verdict, u32) {
    let board = board(diagram);
    let cell = board.cells().cell(Point::new(x, y));
    let color = board.cells().content(cell).color().expect("a stone");
    let anchors: Vec<usize> = board
        .chain(Point::new(x, y))
        .into_iter()
        .map(|p| board.cells().cell(p))
        .collect();
    let area = local_area(&board, &anchors, color).expect("an enclosed group");
    let deadline = Instant::now() + Duration::from_secs(20);
    // The diagrams' walls are alive: every stone of the attacker's is secure.
    let secure: Vec<bool> = (0..board.cells().cell_count())
        .map(|c| board.cells().content(c) == CellContent::stone(color.other()))
        .collect();
    let target = Target {
        secure: &secure,
        ..whole(&anchors, color)
    };
    let mut reader = Reader::new(&board, &target, area, 200_000, deadline);
    let v = reader.solve(
        &State::start(&board),
        first.unwrap_or(color.other()),
        0,
        None,
    );
    (v, reader.nodes)
}

/// The reading's target: the stones on `anchors`, read as a group of their own.
fn whole(anchors: &[usize], defender: Color) -> Target<'_> {
    Target {
        anchors,
        group: anchors,
        defender,
        secure: &[],
    }
}

fn verdict(diagram: &str, x: u8, y: u8) -> (Verdict, u32) {
    verdict_with(diagram, x, y, None)
}

#[test]
fn straight_three_in_the_corner_dies_when_the_attacker_moves_first() {
    let (v, nodes) = verdict(
        "
        . . . X O . .
        X X X X O . .
        O O O O O . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
        0,
        1,
    );
    assert_eq!(v, Verdict::Dead, "{nodes} nodes");
}

#[test]
fn a_corner_group_without_liberties_outside_dies_in_a_three_stone_sacrifice() {
    // Black's corner shares its two liberties with White's two stones; White sacrifices
    // three stones on A7 and kills with the nakade on A8.
    let (v, nodes) = verdict(
        "
        O . X O O . . O .
        O X X X O . O X O
        . X X O O O X X .
        X X X O . O O X X
        O O X O O O O O X
        X O O O X X O . O
        X X X X . X X O .
        . . . X O . X O O
        . . . . X . X X O",
        2,
        0,
    );
    assert_eq!(v, Verdict::Dead, "{nodes} nodes");
}

#[test]
fn two_eyes_are_alive_at_once() {
    let (v, nodes) = verdict(
        "
        . X . X O . .
        X X X X O . .
        O O O O O . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
        0,
        1,
    );
    assert_eq!((v, nodes), (Verdict::Alive, 1));
}

const BENT_FOUR: &str = "
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
fn bent_four_in_the_corner_dies_whoever_moves_first() {
    // White fills A2, Black takes four stones, White plays the ko on B1 that Black may
    // retake only after passing.
    assert_eq!(verdict(BENT_FOUR, 0, 6).0, Verdict::Dead);
    assert_eq!(
        verdict_with(BENT_FOUR, 0, 6, Some(Color::Black)).0,
        Verdict::Dead
    );
    // White's three stones cannot be attacked: Black may fill neither liberty.
    assert_eq!(verdict(BENT_FOUR, 0, 8).0, Verdict::Alive);
}

#[test]
fn a_three_way_seki_in_the_corner_is_proved_alive_quickly() {
    // White's S18-T18 (x 9-10 here) share T17 with Black's large chain (whose other
    // liberty is R19) and T19 with Black's S19: whoever fills a shared liberty is captured.
    let (v, nodes) = verdict(
        "
        . X O O O O O X . X .
        . X O . O X X X X O O
        X X X O O O O X X X .
        . . X X O . . O O X X
        . . . X X O O O . O X
        . . . . X X X O O O O
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        9,
        1,
    );
    assert_eq!(v, Verdict::Alive);
    assert!(nodes < 100, "{nodes} nodes");
}

#[test]
fn a_group_that_reaches_open_space_is_beyond_the_reading() {
    let board = board(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    let cell = board.cells().cell(Point::new(4, 3));
    let deadline = Instant::now() + Duration::from_secs(5);
    assert_eq!(
        read(&board, &whole(&[cell], Color::Black), 10_000, deadline).verdict,
        Verdict::Unknown
    );
}

#[test]
fn the_node_budget_cuts_the_reading_short() {
    let board = board(BENT_FOUR);
    let cell = board.cells().cell(Point::new(0, 6));
    let deadline = Instant::now() + Duration::from_secs(5);
    assert_eq!(
        read(&board, &whole(&[cell], Color::Black), 3, deadline).verdict,
        Verdict::Unknown
    );
}

/// The end of a 19×19 game (gunnar/rbm-bobk, RE W+12.5): White's top is four chains, E19,
/// H19, L19 and M17, linked by the eyes G19, K19 and M18, each bordered by White alone; the
/// two-point gap E16-F16 between E19's and M17's chains closes the ring. Black, moving first,
/// cuts there or fills an outside liberty; White answers on the other point of the gap and
/// every chain has two eyes of the ring (pass-alive). The playouts, whose White does not
/// answer the cut, called the group dead (B+87.5).
const RING_OF_SHARED_EYES: &str = "
    . . . X O O . O O . O O O O O O X . .
    . . . X X O O X X O O . O X X O X . .
    . . . X O O X X X O X O X X X X X X X
    X X . X . . X . . X X O O X . X O O O
    O X . X O O O X X X O O . X X O . . .
    O X X X . O X X . X X O O X O O O . .
    O O X . O O . X X O O O X O X . . . .
    . O X X X O O O O O O X X O O O . . .
    O . O X O X X O X X O X . X X O O O O
    . . O O O O X X . X O X . X . O X O X
    . . . . . O X . X X X O X X O O X X X
    . . . . O X . . . X O O . . O X X . .
    . . O X O X X X X X O X X X O O X . .
    . . O . O X O O O O O X . . O X X . .
    . . . O O O O . X X X X . O O O X X .
    . . O X X X O X . X O X O . O X . . X
    . . . O X X X X . X O X O O O X X . X
    . . . O O X . . X O O O . O O O X X O
    . . . O X X . . X . O . . O X X X . .";

#[test]
fn a_ring_of_chains_sharing_eyes_lives_by_one_answer_and_is_read_at_once() {
    let board = board(RING_OF_SHARED_EYES);
    let anchors: Vec<usize> = [(4, 0), (7, 0), (10, 0), (11, 2)]
        .into_iter()
        .flat_map(|(x, y)| board.chain(Point::new(x, y)))
        .map(|p| board.cells().cell(p))
        .collect();
    let area = local_area(&board, &anchors, Color::White).expect("an enclosed group");
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut reader = Reader::new(
        &board,
        &whole(&anchors, Color::White),
        area,
        5_000,
        deadline,
    );
    let v = reader.solve(&State::start(&board), Color::Black, 0, None);
    assert_eq!(v, Verdict::Alive, "{} nodes", reader.nodes);
    // Before a defender's move that makes the group pass-alive was looked for ahead of his
    // pass, every approach move was answered by a pass and 200,000 nodes did not suffice.
    assert!(reader.nodes < 200, "{} nodes", reader.nodes);
}

const STRAIGHT_THREE: &str = "
    . . . X O . .
    X X X X O . .
    O O O O O . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .";

#[test]
fn jp_7_the_killing_line_starts_on_the_vital_point_and_shows_the_owners_reply() {
    let board = board(STRAIGHT_THREE);
    let cell = board.cells().cell(Point::new(0, 1));
    let deadline = Instant::now() + Duration::from_secs(5);
    let reading = read(&board, &whole(&[cell], Color::Black), 10_000, deadline);
    assert_eq!(reading.verdict, Verdict::Dead);
    // White takes the middle of the three-point eye space (B7), Black replies, and the line
    // goes on to the capture.
    assert_eq!(
        reading.line.first(),
        Some(&(Color::White, Some(board.cells().cell(Point::new(1, 0))))),
        "{:?}",
        reading.line
    );
    assert!(reading.line.len() >= 2, "{:?}", reading.line);
    assert_eq!(reading.line[1].0, Color::Black);
}

#[test]
fn jp_7_a_straight_three_lives_when_its_owner_moves_first() {
    let board = board(STRAIGHT_THREE);
    let cell = board.cells().cell(Point::new(0, 1));
    let deadline = Instant::now() + Duration::from_secs(5);
    let reading = read_with_first(
        &board,
        &whole(&[cell], Color::Black),
        Color::Black,
        10_000,
        deadline,
    );
    assert_eq!(reading.verdict, Verdict::Alive);
    // Black's own move on B7 makes two eyes.
    assert_eq!(
        reading.line.first(),
        Some(&(Color::Black, Some(board.cells().cell(Point::new(1, 0))))),
        "{:?}",
        reading.line
    );
}

#[test]
fn jp_9_a_seki_with_one_false_eye_inside_loose_stones_is_alive_within_the_default_budget() {
    // OGS's pattern `seki_one_false_eye`: White's chain and Black's two stones on B9 B8
    // share C9; White's eye A7 is next to its lone stone A8. Neither side can approach.
    // Black's fills of his own loose stones' liberties are not read: with them the proof
    // took 5,607 nodes.
    let diagram = include_str!("../../tests/positions/seki_one_false_eye.txt");
    let (v, nodes) = verdict(diagram, 3, 0);
    assert_eq!(v, Verdict::Alive, "{nodes} nodes");
    assert!(nodes < 1_000, "{nodes} nodes");
    // The group is the chain with the stone on A8, which shares its eye.
    let board = board(diagram);
    let anchors: Vec<usize> = [Point::new(3, 0), Point::new(0, 1)]
        .iter()
        .flat_map(|&p| board.chain(p))
        .map(|p| board.cells().cell(p))
        .collect();
    let deadline = Instant::now() + Duration::from_secs(20);
    let reading = read(&board, &whole(&anchors, Color::White), 5_000, deadline);
    assert_eq!(reading.verdict, Verdict::Alive, "{:?}", reading.line);
}

#[test]
fn jp_7_a_racing_chain_gains_liberties_by_capturing_a_chain_in_atari_outside_the_group() {
    // White's H8 shares Black's ring's only liberties, H7 and J8: filling either puts the
    // ring in atari, a seki as long as the ring stays short of liberties. But White's chain
    // around it (F9 down to J5) is in atari at E8: Black captures it first, and then the
    // ring has liberties to spare and takes H8 (JP-7: the opponent moves first).
    let position = "
        . X . X X O X X X
        X X X X . O X O .
        . . . X X O X . X
        . . . X O O X X X
        . . . X X O O O O
        . . . . X X X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    let (v, nodes) = verdict(position, 7, 1);
    assert_eq!(v, Verdict::Dead, "{nodes} nodes");
}

/// Asserts that the chain through (x, y) is read alive within the default budget's nodes.
fn assert_alive_within_the_budget(position: &str, x: u8, y: u8) {
    let (v, nodes) = verdict(position, x, y);
    assert_eq!(v, Verdict::Alive, "({x}, {y}): {nodes} nodes");
    let budget = crate::estimate::EstimateBudget::default().reading_nodes;
    assert!(
        nodes < budget,
        "({x}, {y}): {nodes} nodes, over the default budget"
    );
}

#[test]
fn jp_7_a_group_that_captures_a_large_racing_chain_lives_and_is_read_at_once() {
    // White's C9-C5 group: an eye at A9-B9 and A7, shared with Black's B7-C4 chain (three
    // liberties: A7, A6, A5). Black's A7 fills the shared liberty, White throws in at A6,
    // Black takes it at A5, and White retakes at A6, capturing eight stones: White lives
    // whoever moves first. Once the eight are off the board the reading would go on playing
    // inside the space they leave; a capture of seven or more next to the group ends it.
    let position = "
        . . O O X . X . .
        O O O X X X X . .
        . X O X . . . . .
        . X O X . . . . .
        . X O X . . . . .
        X X X O O O O O O
        O O O O . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    assert_alive_within_the_budget(position, 2, 0);
}

/// The 13×13 board of OGS's game 17247 (its autoscore cases `corner_test_*`) down to row 4:
/// Black's corner A7-A4 and White's wall around it; each test adds the corner's last rows.
const OGS_17247_ABOVE_THE_CORNER: &str = "
        . . . . . . . . . . . . .
        X X . . . . . . . . . . .
        O X X X X X . . X X X . .
        O O O O O O X X O X O X .
        . . . . . . O O O O O X .
        O O . . . . . . . . O X .
        X X O . . . . . . . . O X
        X O . O O X X X . . O O X
        X O O X X X O O . . O X X
        X X O O X . . . . . O X .";

#[test]
fn jp_9_a_corner_that_is_a_ko_for_whoever_starts_is_a_seki_both_ways() {
    // White's B2 and A1 inside Black's corner (A7 to E1). Whoever starts a capture ends in a
    // ko he cannot retake at once (JP-7: only after a pass), with his own chain in atari:
    // Black's B1 is taken at C1, Black's A2 at A3; White's C1 first is taken back at B1.
    // Neither can capture: both stand, a seki. The losing lines end in the capture of
    // Black's thirteen stones, which the reading took beyond any budget until a large
    // capture ended the line.
    let position = format!(
        "{OGS_17247_ABOVE_THE_CORNER}
        . X X O . O . . O O X . .
        . O X X O O . . . O X . X
        O . . X X O . . . O O X ."
    );
    assert_alive_within_the_budget(&position, 1, 11);
    assert_alive_within_the_budget(&position, 0, 12);
    let (v, nodes) = verdict(&position, 2, 10);
    assert_eq!(v, Verdict::Alive, "Black's corner: {nodes} nodes");
}

#[test]
fn jp_9_a_seki_in_the_corner_is_read_without_the_attackers_moves_that_race_nobody() {
    // Black's corner (A7 to E1) and White's B2 inside it, with A3, A2, A1, B1 and C1 empty:
    // White cannot take the corner, and Black cannot take B2 without being taken first, a
    // seki. White's walls around the corner have more liberties than Black's two: moves
    // that only extend or join them (A9, B9, C8...) race nobody, and reading each of them
    // cost the search 15,000 of its nodes (the default budget was 5,000 then).
    let position = format!(
        "{OGS_17247_ABOVE_THE_CORNER}
        . X X O . O . . O O X . .
        . O X X O O . . . O X . X
        . . . X X O . . . O O X ."
    );
    assert_alive_within_the_budget(&position, 0, 6);
    let (v, nodes) = verdict(&position, 1, 11);
    assert_eq!(v, Verdict::Alive, "White's B2: {nodes} nodes");
}

#[test]
fn jp_9_a_seki_of_four_chains_in_the_corner_is_read_within_the_default_budget() {
    // The top right of a Tygem game (441102334, 2011-06). White's E9-H6 chain (liberties F9,
    // G8, J7) and Black's G9-H8 (F9, G8, J9) share two liberties; White's J8 (J9, J7) and
    // Black's J6 (J5, J7) hang on the others. Whoever fills a shared liberty is taken first:
    // a seki, as an exhaustive search of the corner's empty points also finds. The reading
    // settles it in about 11,000 nodes, over the 5,000 the default budget used to allow.
    let position = "
        O X X X O . X X .
        O O X O O O . X O
        O X X X X O O O .
        . X . . X X X O X
        . . . O O O X X .
        O O O O X X X . .
        O . . O O O O X .
        . O O . O . O X .
        O O X . O O X . .";
    assert_alive_within_the_budget(position, 4, 0);
    assert_alive_within_the_budget(position, 6, 0);
}

#[test]
fn jp_7_a_chain_read_alone_meets_the_races_of_its_whole_group() {
    // Black's A1 is read alone, on the points around its group (A1 and A3-B3-B2-C2 share A2
    // and B1). White's D1 takes E1 and joins C1 to his chain around the group, which then has
    // two liberties; Black cannot fill either, and White's E5 takes the six Black stones in
    // atari that touch his chain: it has liberties to spare, and B1 and A2 take A1. The
    // attacker's chain racing the group is the one next to A3-C2, not to A1; read from A1's
    // chain alone, White had no move after D1 and A1 lived.
    let position = "
        O X X X .
        O O O X X
        X X O O X
        . X X O O
        X . O . X";
    let board = board(position);
    let cells = board.cells();
    let at = |x: u8, y: u8| cells.cell(Point::new(x, y));
    let group = [at(0, 4), at(0, 2), at(1, 2), at(1, 3), at(2, 3)];
    let target = Target {
        anchors: &[at(0, 4)],
        group: &group,
        defender: Color::Black,
        secure: &[],
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    let reading = read(&board, &target, 200_000, deadline);
    assert_eq!(reading.verdict, Verdict::Dead, "{:?}", reading.line);
}

/// An exhaustive search of the confirmation phase on every empty point of the board, as the
/// reading plays it (a ko retaken only after a pass, a snapback retake continues) but with
/// none of its pruning: whether the attacker, to move with `plies_left`, captures `anchors`.
/// Two passes in a row, or the plies run out, leave them alive. `None` past `max_nodes`.
struct Exhaustive<'a> {
    anchors: &'a [usize],
    defender: Color,
    memo: HashMap<(u64, u8, u32), bool>,
    nodes: u32,
    max_nodes: u32,
}

impl Exhaustive<'_> {
    fn dead(&mut self, start: &State, plies: u32) -> Option<bool> {
        let dead = self.search(start, self.defender.other(), 0, plies, None);
        (self.nodes <= self.max_nodes).then_some(dead)
    }

    fn search(
        &mut self,
        state: &State,
        to_move: Color,
        passes: u8,
        plies_left: u32,
        last: Option<usize>,
    ) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return false;
        }
        let board = &state.board;
        let attacker = self.defender.other();
        if group_heads(board, self.anchors, self.defender).is_empty() {
            return match (
                to_move == self.defender,
                last.and_then(|l| snapback(board, l)),
            ) {
                (true, Some(_)) if plies_left == 0 => false,
                (true, Some(retake)) => {
                    let child = state.after(Some(retake), to_move);
                    self.search(&child, attacker, 0, plies_left - 1, Some(retake))
                }
                _ => true,
            };
        }
        if passes >= 2 || plies_left == 0 {
            return false;
        }
        let key = (state.key(to_move), passes, plies_left);
        if let Some(&dead) = self.memo.get(&key) {
            return dead;
        }
        let cells = board.cells();
        let empties: Vec<usize> = cells
            .empty_cells()
            .iter()
            .map(|&c| usize::from(c))
            .collect();
        let mut found = None;
        for cell in empties {
            if !cells.is_legal(cell, to_move)
                || (state.banned(cell, to_move) && captures(board, cell, to_move) == 1)
            {
                continue;
            }
            let child = state.after(Some(cell), to_move);
            let dead = self.search(&child, to_move.other(), 0, plies_left - 1, Some(cell));
            if dead == (to_move == attacker) {
                found = Some(dead);
                break;
            }
        }
        let dead = found.unwrap_or_else(|| {
            let child = state.after(None, to_move);
            self.search(&child, to_move.other(), passes + 1, plies_left - 1, None)
        });
        self.memo.insert(key, dead);
        dead
    }
}

/// A position of a random game on a small board, stopped when `empties` points are left
/// (neither side fills its own eyes).
fn random_position(seed: u32, size: u32, empties: usize) -> Board {
    let mut random = XorShift32::new(seed);
    let mut board = Board::new(BoardSize::new(size).unwrap());
    let mut color = Color::Black;
    for _ in 0..400 {
        let cells = board.cells();
        if cells.empty_cells().len() <= empties {
            break;
        }
        let moves: Vec<usize> = cells
            .empty_cells()
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| cells.is_legal(c, color) && !cells.is_own_eye(c, color))
            .collect();
        if !moves.is_empty() {
            let cell = moves[random.below(moves.len() as u32) as usize];
            board.cells_mut().place_unchecked(cell, color);
        }
        color = color.other();
    }
    board
}

#[test]
fn jp_7_the_reading_agrees_with_an_exhaustive_search_of_small_random_positions() {
    // Positions of random games on 5×5 and 6×6 boards with four to six empty points; every
    // group with a chain of three liberties or fewer, read whole and, when it has several
    // chains, each chain alone on the points around the group, as the estimator reads them.
    // Where both the reading and the exhaustive search (16 plies) decide, they agree. The
    // 160 seeds (309 readings both decide, about 20 s) include 1578, a position the reading
    // got wrong before it looked at the races of the whole group (2,000 seeds: one such).
    let mut compared = 0;
    for seed in 1501..=1660u32 {
        let size = 5 + seed % 2;
        let board = random_position(seed, size, 4 + (seed % 3) as usize);
        let cells = board.cells();
        let chains = crate::estimate::chains_of(&board);
        let chain_at = crate::estimate::judge::chain_index(&board, &chains);
        for group in crate::estimate::judge::groups(&board, &chains, &chain_at) {
            let short = |i: usize| cells.chain_liberties(chains[i].cells[0], &mut [0; 4]) <= 3;
            if !group.iter().any(|&i| short(i)) {
                continue;
            }
            let defender = chains[group[0]].color;
            let stones: Vec<usize> = group
                .iter()
                .flat_map(|&i| chains[i].cells.iter().copied())
                .collect();
            let mut units = vec![stones.clone()];
            if group.len() > 1 {
                units.extend(group.iter().map(|&i| chains[i].cells.clone()));
            }
            for anchors in &units {
                let target = Target {
                    anchors,
                    group: &stones,
                    defender,
                    secure: &[],
                };
                let deadline = Instant::now() + Duration::from_secs(20);
                let reading = read(&board, &target, 200_000, deadline);
                if reading.verdict == Verdict::Unknown {
                    continue;
                }
                let mut exhaustive = Exhaustive {
                    anchors,
                    defender,
                    memo: HashMap::new(),
                    nodes: 0,
                    max_nodes: 40_000,
                };
                let Some(dead) = exhaustive.dead(&State::start(&board), 16) else {
                    continue;
                };
                compared += 1;
                assert_eq!(
                    reading.verdict == Verdict::Dead,
                    dead,
                    "seed {seed}: the {defender:?} stones at {:?}: the reading says {:?} ({:?}), \
                     the exhaustive search {}\n{}",
                    cells.point(anchors[0]),
                    reading.verdict,
                    reading.line,
                    if dead { "dead" } else { "alive" },
                    board.diagram()
                );
            }
        }
    }
    assert!(compared >= 280, "only {compared} readings compared");
}

#[test]
fn a_corner_seki_whose_inner_chain_fills_its_last_liberty_but_one_as_a_bulky_five_is_no_seki() {
    // White's corner and Black's four stones inside it share White's only liberties, F1 and
    // J1. Black F1 makes a bulky five in atari; White must take it on J1 and is left with
    // those five points alone, and Black's vital point G1 kills (Tygem 442424157's corner).
    let (v, nodes) = verdict(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X X X X
        X X X X X O X X X
        X X X X O O O O O
        X X X X O O X X O
        X X X O O . X X .",
        5,
        5,
    );
    assert_eq!(v, Verdict::Dead, "{nodes} nodes");
}

#[test]
fn a_seki_whose_inner_chain_fills_its_last_liberty_but_one_as_a_straight_five_stays_a_seki() {
    // White's chain and Black's four stones on the edge share White's only liberties, A1
    // and F1. Black A1 makes five stones in atari, but in a row: White takes them on F1 and
    // lives in the straight five they leave, so the seki stands.
    let (v, nodes) = verdict(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X X X X
        O O O O O O O X X
        . X X X X . O X X",
        0,
        7,
    );
    assert_eq!(v, Verdict::Alive, "{nodes} nodes");
}

#[test]
fn a_six_point_corner_holding_one_stone_lives_when_its_owner_answers_the_vital_points() {
    // OGS autoscore's corner_test_3: White's B2 inside Black's corner of six points. White
    // could build a bulky five there only if Black let him; the reading finds Black's
    // answers (A2 to A3, B1 to C1) within the estimator's budget (20,000 nodes a group).
    let (v, nodes) = verdict(
        "
        . . . . . . . . .
        O O O . . . . . .
        X X O . . . . . .
        X O . O O . . . .
        X O O X X X O . .
        X X O O X . . . .
        . X X O . O . . .
        . O X X O O . . .
        . . . X X O . . .",
        0,
        2,
    );
    assert_eq!(v, Verdict::Alive, "{nodes} nodes");
    assert!(
        nodes < 20_000,
        "{nodes} nodes: more than the estimator's budget"
    );
}
