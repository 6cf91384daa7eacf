//! The search's position and the public fast primitives: a `Position` made from a game
//! answers every legality question as the game does, under every ko rule, both at the root
//! and after moves played inside the position; the cell-level chain queries agree with the
//! point-level ones.

use proptest::prelude::*;
use tengen_core::{
    Board, BoardSize, Color, Game, Move, Phase, Point, Position, Rules,
    cells::{CellContent, OtherLiberties},
    playout::{Uniform, XorShift32},
};

const RULES: [&str; 5] = [
    "japanese",
    "aga",
    "chinese",
    "japanese,ko=capture-positional",
    "tromp-taylor",
];

fn every_move(size: BoardSize) -> impl Iterator<Item = Move> {
    size.points()
        .map(Move::Play)
        .chain(std::iter::once(Move::Pass))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Superko inside the search: a position built once and played on agrees with the game
    /// played the same way, move for move, for every candidate move.
    #[test]
    fn position_legality_equals_game_legality_under_every_ko_rule(
        n in prop_oneof![Just(3u8), Just(4), Just(5)],
        rules_index in 0..RULES.len(),
        prefix in 0usize..40,
        picks in prop::collection::vec(0usize..1000, 10..120),
    ) {
        let rules: Rules = RULES[rules_index].parse().unwrap();
        let size = BoardSize::new(u32::from(n)).unwrap();
        let mut game = Game::new(size, rules);
        let mut position = None;
        for (i, pick) in picks.into_iter().enumerate() {
            if game.phase() != Phase::Playing {
                break;
            }
            if i == prefix {
                position = Some(Position::from_game(&game));
            }
            if let Some(pos) = &position {
                prop_assert_eq!(pos.to_move(), game.to_move());
                for mv in every_move(size) {
                    prop_assert_eq!(pos.check(mv), game.check(mv), "move {:?}", mv);
                    if let Move::Play(p) = mv {
                        if pos.board().is_empty_point(p) {
                            let cell = pos.board().cells().cell(p);
                            let search_legal = pos.is_legal_cell(cell);
                            // The fast test refuses suicide even where it is legal.
                            let multi_suicide = game.check(mv).is_ok()
                                && pos.board().check(p, game.to_move(), tengen_core::Suicide::Forbidden).is_err();
                            prop_assert_eq!(search_legal, game.check(mv).is_ok() && !multi_suicide);
                        }
                    }
                }
            }
            let legal: Vec<Move> = game.legal_moves().collect();
            let mv = legal[pick % legal.len()];
            game.play(mv).unwrap();
            if let Some(pos) = &mut position {
                pos.play(mv).unwrap();
                prop_assert_eq!(pos.board(), game.board());
            }
        }
    }
}

/// Checks every cell-level liberty query of every stone against the exact point-level
/// liberties: `chain_liberties` for every size of the answer, `chain_two_liberties`, and
/// `chain_liberties_besides` for every cell next to the chain.
fn check_liberty_queries(board: &Board) -> Result<(), TestCaseError> {
    let cells = board.cells();
    for p in board.size().points() {
        if board.get(p).is_none() {
            continue;
        }
        let cell = cells.cell(p);
        let libs: Vec<usize> = board.liberties(p).iter().map(|&q| cells.cell(q)).collect();
        for wanted in 1..=4 {
            let mut out = [0usize; 4];
            let found = cells.chain_liberties(cell, &mut out[..wanted]);
            prop_assert_eq!(found, libs.len().min(wanted), "{:?}, {} wanted", p, wanted);
            for (i, c) in out[..found].iter().enumerate() {
                prop_assert!(libs.contains(c), "{:?}: {} is no liberty", p, c);
                prop_assert!(!out[..i].contains(c), "{:?}: {} twice", p, c);
            }
        }
        let two = (libs.len() == 2).then(|| [libs[0], libs[1]]);
        let mut found = cells.chain_two_liberties(cell);
        if let Some(pair) = &mut found {
            pair.sort_unstable();
        }
        prop_assert_eq!(
            found,
            two.map(|mut pair| {
                pair.sort_unstable();
                pair
            }),
            "{:?}",
            p
        );
        for stone in board.chain(p) {
            for excluded in cells.adjacent_cells(cells.cell(stone)) {
                let others: Vec<usize> = libs.iter().copied().filter(|&l| l != excluded).collect();
                let expected = match others[..] {
                    [] => OtherLiberties::None,
                    [one] => OtherLiberties::One(one),
                    _ => OtherLiberties::Several,
                };
                prop_assert_eq!(
                    cells.chain_liberties_besides(cell, excluded),
                    expected,
                    "{:?} besides cell {}",
                    p,
                    excluded
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The liberty queries that the playouts answer from the pseudo-liberty sums agree with
    /// a count of the liberties, on crowded small boards and open large ones.
    #[test]
    fn liberty_queries_from_the_sums_agree_with_counted_liberties(
        size in prop::sample::select(vec![5u32, 7, 9, 13]),
        moves in 0usize..160,
        seed in 1u32..u32::MAX,
    ) {
        let mut game = Game::new(BoardSize::new(size).unwrap(), Rules::chinese());
        let mut rng = XorShift32::new(seed);
        for i in 0..moves {
            let legal: Vec<Move> = game.legal_moves().filter(|m| *m != Move::Pass).collect();
            if legal.is_empty() || game.phase() != Phase::Playing {
                break;
            }
            game.play(legal[rng.below(legal.len() as u32) as usize]).unwrap();
            if i % 8 == 0 {
                check_liberty_queries(game.board())?;
            }
        }
        check_liberty_queries(game.board())?;
    }
}

#[test]
fn chain_queries_on_cells_agree_with_points() {
    let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::chinese());
    let mut rng = XorShift32::new(3);
    for _ in 0..60 {
        let legal: Vec<Move> = game.legal_moves().filter(|m| *m != Move::Pass).collect();
        game.play(legal[rng.below(legal.len() as u32) as usize])
            .unwrap();
    }
    let board = game.board();
    for p in board.size().points() {
        let cell = board.cells().cell(p);
        assert_eq!(board.cells().point(cell), p);
        assert_eq!(board.cells().content(cell).color(), board.get(p));
        let counts = board.cells().neighbour_counts(cell);
        let around: Vec<Option<Color>> = board.neighbors(p).map(|q| board.get(q)).collect();
        assert_eq!(usize::from(counts.border()), 4 - around.len());
        assert_eq!(
            usize::from(counts.empty),
            around.iter().filter(|c| c.is_none()).count()
        );
        if board.get(p).is_some() {
            let libs = board.liberties(p);
            let mut out = [0usize; 3];
            let found = board.cells().chain_liberties(cell, &mut out);
            assert_eq!(found, libs.len().min(3), "at {p:?}");
            for &c in &out[..found] {
                assert!(libs.contains(&board.cells().point(c)));
            }
            assert_eq!(board.cells().chain_in_atari(cell), libs.len() == 1);
            assert_eq!(
                board
                    .cells()
                    .chain_atari_liberty(cell)
                    .map(|c| board.cells().point(c)),
                (libs.len() == 1).then(|| libs[0])
            );
            assert_eq!(
                board.cells().chain_stones(cell) as usize,
                board.chain(p).len()
            );
            let mut stone = board.cells().next_in_chain(cell);
            let mut seen = 1;
            while stone != cell {
                assert_eq!(
                    board.cells().chain_head(stone),
                    board.cells().chain_head(cell)
                );
                stone = board.cells().next_in_chain(stone);
                seen += 1;
            }
            assert_eq!(seen, board.chain(p).len());
        }
    }
}

#[test]
fn neighbourhood_code_packs_the_eight_neighbours() {
    let mut game = Game::new(BoardSize::new(5).unwrap(), Rules::chinese());
    game.play(Move::Play(Point::new(0, 1))).unwrap(); // Black below the corner
    let board = game.board();
    let corner = board.cells().cell(Point::new(0, 0));
    let code = board.cells().neighbourhood(corner);
    let part = |i: u32| (code >> (2 * i)) & 3;
    assert_eq!(part(0), CellContent::Border as u16); // up
    assert_eq!(part(1), CellContent::Border as u16); // left
    assert_eq!(part(2), CellContent::Empty as u16); // right
    assert_eq!(part(3), CellContent::Black as u16); // down
    assert_eq!(part(7), CellContent::Empty as u16); // down-right
}

#[test]
fn position_playout_fills_the_ownership_of_every_point() {
    let game = Game::new(BoardSize::new(9).unwrap(), Rules::chinese());
    let root = Position::from_game(&game);
    let mut position = root.clone();
    let mut owners = vec![None; root.board().cells().cell_count()];
    let mut rng = XorShift32::new(11);
    for _ in 0..20 {
        position.clone_from(&root);
        let end = position.playout(&mut Uniform, &mut rng, 243, &mut owners);
        let (black, white) = position.board().area_counts();
        assert_eq!(
            end.area_margin_half_points,
            2 * (black as i32 - white as i32)
        );
        for p in position.board().size().points() {
            let cell = position.board().cells().cell(p);
            if let Some(c) = position.board().get(p) {
                assert_eq!(owners[cell], Some(c));
            }
        }
    }
}
