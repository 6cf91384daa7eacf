use super::*;
use tengen_core::{BoardSize, Point};

fn board(rows: &[&str]) -> Board {
    let mut board = Board::new(BoardSize::new(rows.len() as u32).unwrap());
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.split_whitespace().enumerate() {
            let color = match c {
                "X" => Color::Black,
                "O" => Color::White,
                _ => continue,
            };
            board
                .set(Point::new(x as u8, y as u8), Some(color))
                .unwrap();
        }
    }
    board
}

const LADDER: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . X . . . . .",
    ". . X O . . . . .",
    ". . X . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

#[test]
fn nakade_finds_the_middle_of_a_three_point_eye_space() {
    let b = board(&[
        ". . . O X",
        "O O O O X",
        "X X X X X",
        ". . . . .",
        ". . . . .",
    ]);
    let cell = |x, y| b.cells().cell(Point::new(x, y));
    assert_eq!(nakade_point(&b, cell(1, 1)), Some(cell(1, 0)));
    // A bent three: the corner of the bend.
    let b = board(&[
        ". . O X .",
        ". O O X .",
        "O O X X .",
        "X X X . .",
        ". . . . .",
    ]);
    let cell = |x, y| b.cells().cell(Point::new(x, y));
    assert_eq!(nakade_point(&b, cell(1, 1)), Some(cell(0, 0)));
    // Four points are not a three-point space.
    let b = board(&[
        ". . . . O",
        "O O O O O",
        "X X X X X",
        ". . . . .",
        ". . . . .",
    ]);
    assert_eq!(nakade_point(&b, b.cells().cell(Point::new(1, 1))), None);
}

/// The three-point eye space by a flood fill: the definition the neighbour counts
/// stand in for.
fn nakade_point_by_flood_fill(board: &Board, last: usize) -> Option<usize> {
    let cells = board.cells();
    for start in cells.adjacent_cells(last) {
        if cells.content(start) != CellContent::Empty {
            continue;
        }
        let mut region = vec![start];
        let mut next = 0;
        let mut walls = [false; 2];
        while next < region.len() && region.len() <= 3 {
            for nb in cells.adjacent_cells(region[next]) {
                match cells.content(nb) {
                    CellContent::Empty if !region.contains(&nb) => region.push(nb),
                    CellContent::Black => walls[0] = true,
                    CellContent::White => walls[1] = true,
                    _ => {}
                }
            }
            next += 1;
        }
        if region.len() == 3 && walls[0] != walls[1] {
            let touching = |c: usize| {
                let adjacent = cells.adjacent_cells(c);
                region.iter().filter(|o| adjacent.contains(o)).count()
            };
            return region.iter().copied().find(|&c| touching(c) == 2);
        }
    }
    None
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 48, ..proptest::prelude::ProptestConfig::default()
    })]

    /// MoGo's nakade rule read from the neighbour counts finds what a flood fill of the
    /// eye space finds, next to every stone of crowded random positions.
    #[test]
    fn nakade_from_the_counts_agrees_with_a_flood_fill(
        size in 5u32..=9,
        moves in 10usize..120,
        seed in 1u32..u32::MAX,
    ) {
        use tengen_core::{Game, Move, Phase, Rules, playout::XorShift32};
        let mut game = Game::new(BoardSize::new(size).unwrap(), Rules::chinese());
        let mut rng = XorShift32::new(seed);
        for _ in 0..moves {
            let legal: Vec<Move> = game.legal_moves().filter(|m| *m != Move::Pass).collect();
            if legal.is_empty() || game.phase() != Phase::Playing {
                break;
            }
            game.play(legal[rng.below(legal.len() as u32) as usize]).unwrap();
            let board = game.board();
            for p in board.size().points() {
                let cell = board.cells().cell(p);
                if board.cells().content(cell).color().is_some() {
                    proptest::prop_assert_eq!(
                        nakade_point(board, cell),
                        nakade_point_by_flood_fill(board, cell),
                        "next to {:?}", p
                    );
                }
            }
        }
    }
}

#[test]
fn the_atari_that_starts_a_working_ladder_is_found() {
    let b = board(&LADDER);
    let cell = |x, y| b.cells().cell(Point::new(x, y));
    // e6 drives the stone down towards the empty bottom right: caught.
    assert_eq!(ladder_effects(&b, cell(4, 3), Color::Black), (true, false));
    // d5 lets it out at e6 with three liberties.
    assert_eq!(ladder_effects(&b, cell(3, 4), Color::Black), (false, false));
}

#[test]
fn the_playouts_run_from_an_atari_by_extending() {
    // Black's last stone e6 put the White stone d6 in atari; running to d5 gives two
    // liberties.
    let mut rows = LADDER;
    rows[3] = ". . X O X . . . .";
    let b = board(&rows);
    let mut out = Candidates::new();
    atari_answers(&b, b.cells().cell(Point::new(4, 3)), Color::White, &mut out);
    let answers: Vec<Point> = out
        .as_slice()
        .iter()
        .map(|&c| b.cells().point(usize::from(c)))
        .collect();
    assert_eq!(answers, vec![Point::new(3, 4)]);
}

#[test]
fn the_playouts_put_a_two_liberty_chain_in_atari_from_either_side() {
    // White's last stone d6 has two liberties: e6 drives it down, d5 drives it out to the
    // open top right; both are answers.
    let b = board(&LADDER);
    let cell = |x, y| b.cells().cell(Point::new(x, y));
    let mut out = Candidates::new();
    two_liberty_answers(&b, cell(3, 3), Color::Black, &mut out);
    let mut answers: Vec<u16> = out.as_slice().to_vec();
    answers.sort_unstable();
    assert_eq!(answers, vec![cell(4, 3) as u16, cell(3, 4) as u16]);
}

#[test]
fn running_from_a_working_ladder_is_wasted_unless_a_breaker_stands_in_the_way() {
    let mut rows = LADDER;
    rows[3] = ". . X O X . . . .";
    let b = board(&rows);
    let run = b.cells().cell(Point::new(3, 4));
    assert_eq!(ladder_effects(&b, run, Color::White), (false, true));
    // A White stone on the ladder's path breaks it.
    rows[6] = ". . . . . . O . .";
    let b = board(&rows);
    assert_eq!(ladder_effects(&b, run, Color::White), (false, false));
}
