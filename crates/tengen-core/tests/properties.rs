//! Properties over random games on several sizes and every ko rule: the incremental board
//! equals a recomputation, checking a move agrees with playing it and with the naive
//! reference, a tolerant replay never puts a stone on a stone or off the board, the
//! legal-move list is exact, undo restores everything (tolerant moves included), and AGA's
//! two counting methods give the same margin.

use proptest::prelude::*;
use tengen_core::{Board, BoardSize, Color, Game, Move, Phase, Point, Rules, Scoring};

use crate::naive::Naive;

const RULES: [&str; 6] = [
    "japanese",
    "aga",
    "chinese",
    "japanese,ko=capture-positional",
    "tromp-taylor",
    "aga,scoring=area",
];

/// A random move: mostly points on (or a little off) the board, sometimes a pass.
fn raw_move() -> impl Strategy<Value = Option<(u8, u8)>> {
    prop_oneof![
        1 => Just(None),
        40 => (0u8..27, 0u8..27).prop_map(Some),
    ]
}

fn to_move(raw: Option<(u8, u8)>, n: u8) -> Move {
    match raw {
        None => Move::Pass,
        // Fold most points onto the board; keep a few off it.
        Some((x, y)) if x < 25 && y < 25 => Move::Play(Point::new(x % n, y % n)),
        Some((x, y)) => Move::Play(Point::new(x, y)),
    }
}

/// Who makes a move: `None` for a strict move by the player to move, else a tolerant move
/// (a replayed record) by either colour, in or out of turn.
fn tolerant_color() -> impl Strategy<Value = Option<Color>> {
    prop_oneof![
        2 => Just(None),
        1 => Just(Some(Color::Black)),
        1 => Just(Some(Color::White)),
    ]
}

fn sizes() -> impl Strategy<Value = u8> {
    prop_oneof![
        Just(3u8),
        Just(4),
        Just(5),
        Just(7),
        Just(9),
        Just(13),
        Just(19)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn prop_incremental_board_equals_recomputation_and_check_agrees_with_play(
        n in sizes(),
        rules_index in 0..RULES.len(),
        raw in prop::collection::vec(raw_move(), 20..400),
    ) {
        let rules: Rules = RULES[rules_index].parse().unwrap();
        let size = BoardSize::new(u32::from(n)).unwrap();
        let mut game = Game::new(size, rules);
        let mut naive = Naive::new(usize::from(n), &[], Color::Black, rules);
        for r in raw {
            let mv = to_move(r, n);
            let before = game.clone();
            let checked = game.check(mv);
            prop_assert_eq!(&game, &before, "check must not change the game");
            prop_assert_eq!(checked.is_ok(), naive.legal(mv), "{:?} under {}", mv, rules);
            let played = game.play(mv);
            prop_assert_eq!(checked.map(|_| ()), played.map(|_| ()));
            if played.is_err() {
                prop_assert_eq!(&game, &before, "a refused move changes nothing");
                continue;
            }
            naive.play(mv);
            prop_assert_eq!(game.board().audit(), Ok(()));
            for p in size.points() {
                prop_assert_eq!(game.board().get(p), naive.stone(p));
            }
            if game.phase() != Phase::Playing {
                break;
            }
        }
    }

    #[test]
    fn prop_play_tolerant_never_accepts_an_occupied_or_off_board_point(
        n in sizes(),
        rules_index in 0..RULES.len(),
        raw in prop::collection::vec((any::<bool>(), raw_move()), 20..400),
    ) {
        // Either colour at every move, so out-of-turn moves meet every other fault (occupied,
        // off the board, ko, superko, suicide, after the end) in every combination.
        let rules: Rules = RULES[rules_index].parse().unwrap();
        let size = BoardSize::new(u32::from(n)).unwrap();
        let mut game = Game::new(size, rules);
        let mut naive = Naive::new(usize::from(n), &[], Color::Black, rules);
        for (white, r) in raw {
            let color = if white { Color::White } else { Color::Black };
            let mv = to_move(r, n);
            let unholdable = match mv {
                Move::Play(p) => !size.contains(p) || game.board().get(p).is_some(),
                Move::Pass => false,
            };
            let before = game.clone();
            let played = game.play_tolerant(color, mv);
            prop_assert_eq!(played.is_ok(), naive.play_tolerant(color, mv), "{:?} {:?}", color, mv);
            match played {
                Err(reason) => {
                    prop_assert!(!reason.is_tolerable(), "{:?} refused for {:?}", mv, reason);
                    prop_assert_eq!(&game, &before, "a refused move changes nothing");
                }
                Ok((_, broken)) => {
                    prop_assert!(!unholdable, "{:?} {:?} accepted on a stone or off the board", color, mv);
                    prop_assert_eq!(broken, before.check_as(color, mv).err());
                    prop_assert_eq!(game.board().audit(), Ok(()));
                    for p in size.points() {
                        prop_assert_eq!(game.board().get(p), naive.stone(p));
                    }
                }
            }
            prop_assert_eq!(game.phase() == Phase::Playing, !naive.ended());
        }
    }

    #[test]
    fn prop_legal_moves_are_exactly_the_moves_play_accepts(
        n in prop_oneof![Just(3u8), Just(4), Just(5)],
        rules_index in 0..RULES.len(),
        raw in prop::collection::vec(raw_move(), 1..60),
    ) {
        let rules: Rules = RULES[rules_index].parse().unwrap();
        let size = BoardSize::new(u32::from(n)).unwrap();
        let mut game = Game::new(size, rules);
        for r in raw {
            let listed: Vec<Move> = game.legal_moves().collect();
            let accepted: Vec<Move> = size
                .points()
                .map(Move::Play)
                .chain([Move::Pass])
                .filter(|&mv| game.clone().play(mv).is_ok())
                .collect();
            prop_assert_eq!(&listed, &accepted);
            if game.play(to_move(r, n)).is_ok() && game.phase() != Phase::Playing {
                break;
            }
        }
    }

    #[test]
    fn prop_undo_restores_everything(
        n in sizes(),
        rules_index in 0..RULES.len(),
        raw in prop::collection::vec((tolerant_color(), raw_move()), 10..200),
        undo_every in 2usize..7,
    ) {
        let rules: Rules = RULES[rules_index].parse().unwrap();
        let mut game = Game::new(BoardSize::new(u32::from(n)).unwrap(), rules);
        let mut snapshots: Vec<Game> = Vec::new();
        for (i, (tolerant, r)) in raw.into_iter().enumerate() {
            let before = game.clone();
            let mv = to_move(r, n);
            let played = match tolerant {
                Some(color) => game.play_tolerant(color, mv).map(|_| ()),
                None => game.play(mv).map(|_| ()),
            };
            if played.is_ok() {
                prop_assert_eq!(game.board().audit(), Ok(()));
                snapshots.push(before);
            }
            if i % undo_every == 0 {
                if let Some(previous) = snapshots.pop() {
                    game.undo().unwrap();
                    prop_assert_eq!(&game, &previous);
                    prop_assert_eq!(game.board().audit(), Ok(()));
                }
            }
            if game.phase() != Phase::Playing {
                break;
            }
        }
        while let Some(previous) = snapshots.pop() {
            game.undo().unwrap();
            prop_assert_eq!(&game, &previous);
        }
        prop_assert!(game.undo().is_err());
    }

    #[test]
    fn prop_aga_area_and_territory_counting_give_the_same_margin(
        n in prop_oneof![Just(5u8), Just(7), Just(9)],
        handicap in prop_oneof![Just(0u32), Just(1), Just(2), Just(4)],
        raw in prop::collection::vec(raw_move(), 10..300),
        dead_picks in prop::collection::vec((0u8..9, 0u8..9), 0..6),
    ) {
        let territory = Rules::aga();
        let size = BoardSize::new(u32::from(n)).unwrap();
        let handicap = if n < 7 { handicap.min(1) } else { handicap };
        let mut game = Game::with_handicap(size, territory, handicap).unwrap();
        for r in raw {
            let _ = game.play(to_move(r, n));
            if game.phase() != Phase::Playing {
                break;
            }
        }
        // Finish the game: both pass (White's last pass is added when Black passes last).
        while game.phase() == Phase::Playing {
            game.play(Move::Pass).unwrap();
        }
        let dead: Vec<Point> = dead_picks
            .into_iter()
            .map(|(x, y)| Point::new(x % n, y % n))
            .filter(|&p| game.board().get(p).is_some())
            .collect();
        let by_territory = game.score_with(&dead);
        let mut area_game = game.clone();
        // The same game counted by area: only the counting changes.
        area_game = with_scoring(&area_game, Scoring::Area);
        let by_area = area_game.score_with(&dead);
        prop_assert_eq!(
            by_territory.margin_half_points(),
            by_area.margin_half_points(),
            "territory {} / area {}",
            by_territory.breakdown(),
            by_area.breakdown()
        );
    }
}

/// The same game (same moves) under other counting.
fn with_scoring(game: &Game, scoring: Scoring) -> Game {
    let mut rules = *game.rules();
    rules.scoring = scoring;
    let mut copy = if game.handicap() >= 2 {
        let points: Vec<Point> = game.initial_board().stones().map(|(p, _)| p).collect();
        Game::with_free_handicap(game.size(), rules, &points).unwrap()
    } else {
        Game::with_handicap(game.size(), rules, u32::from(game.handicap())).unwrap()
    };
    copy.set_komi(game.komi());
    for m in game.moves().iter().filter(|m| !m.forced) {
        copy.play_as(m.color, m.mv).unwrap();
    }
    copy
}

#[test]
fn board_audit_detects_nothing_on_a_fresh_board() {
    assert_eq!(Board::new(BoardSize::new(19).unwrap()).audit(), Ok(()));
}
