//! Replaying records into games, and writing games as records.

use proptest::prelude::*;
use tengen_core::{BoardSize, Color, Game, IllegalMove, Move, Phase, Point, Rules, Scoring};
use tengen_sgf::{
    GameTree, Mode, ReplayError, ReplayNote, ReplayOptions, game_to_tree, parse, replay, write,
};

fn tree(text: &str) -> GameTree {
    parse(text.as_bytes(), Mode::Strict)
        .unwrap()
        .games
        .remove(0)
}

#[test]
fn rules_come_from_ru_and_komi_from_km() {
    for (ru, rules) in [
        ("AGA", Rules::aga()),
        ("Japanese", Rules::japanese()),
        ("Korean", Rules::japanese()),
        ("Chinese", Rules::chinese()),
        ("Tromp-Taylor", Rules::tromp_taylor()),
        ("TT", Rules::tromp_taylor()),
        ("NZ", Rules::tromp_taylor()),
        ("New Zealand", Rules::tromp_taylor()),
        ("GOE", Rules::tromp_taylor()),
        ("Ing", Rules::tromp_taylor()),
        ("aga,scoring=area", "aga,scoring=area".parse().unwrap()),
    ] {
        let r = replay(
            &tree(&format!("(;SZ[9]RU[{ru}]KM[3.5];B[ee])")),
            &ReplayOptions::default(),
        )
        .unwrap();
        assert_eq!(*r.game.rules(), rules, "{ru}");
        assert_eq!(r.game.komi().to_string(), "3.5");
        assert!(r.notes.is_empty());
    }
}

#[test]
fn unknown_rules_are_noted_and_the_default_applies() {
    let options = ReplayOptions {
        default_rules: Rules::chinese(),
        ..ReplayOptions::default()
    };
    let r = replay(&tree("(;RU[Klingon];B[dd])"), &options).unwrap();
    assert_eq!(*r.game.rules(), Rules::chinese());
    assert!(matches!(&r.notes[..], [ReplayNote::UnknownRules { .. }]));
    assert!(r.notes[0].to_string().contains("Klingon"));
}

#[test]
fn a_record_gogui_wrote_without_ru_is_counted_by_area_as_gogui_counts_it() {
    let gogui = |ru: &str| format!("(;GM[1]FF[3]AP[GoGui:0.9]SZ[9]KM[6.5]HA[2]{ru};W[ee])");
    let r = replay(&tree(&gogui("")), &ReplayOptions::default()).unwrap();
    let rules = r.game.rules();
    assert_eq!(rules.scoring, Scoring::Area);
    // GoGui's area count: stones and the regions they alone surround, seki eyes included,
    // less komi, and nothing for the handicap stones.
    assert!(rules.seki_territory);
    assert_eq!(rules.handicap_compensation(2), 0);
    assert_eq!(rules.ko, Rules::japanese().ko, "the rest is the default's");
    assert!(matches!(
        &r.notes[..],
        [ReplayNote::CountedAsApplication { application, .. }] if application == "GoGui"
    ));
    assert!(
        r.notes[0]
            .to_string()
            .contains("no RU: counted by area as GoGui")
    );

    // GoGui counts by territory when RU says Japanese; RU wins over AP.
    let japanese = replay(&tree(&gogui("RU[Japanese]")), &ReplayOptions::default()).unwrap();
    assert_eq!(*japanese.game.rules(), Rules::japanese());
    assert!(japanese.notes.is_empty());

    // Its tools too.
    let twogtp = replay(
        &tree("(;AP[gogui-twogtp:1.4.9]SZ[9];B[ee])"),
        &ReplayOptions::default(),
    )
    .unwrap();
    assert_eq!(twogtp.game.rules().scoring, Scoring::Area);

    // Other programs' records without RU keep the default.
    let other = replay(
        &tree("(;AP[gnugoclient:2.0]SZ[9];B[ee])"),
        &ReplayOptions::default(),
    )
    .unwrap();
    assert_eq!(*other.game.rules(), Rules::japanese());
    assert!(other.notes.is_empty());
}

#[test]
fn handicap_stones_come_from_ab_or_the_fixed_placement() {
    let r = replay(
        &tree("(;SZ[19]HA[2]AB[dp][pd]KM[0.5];W[dd])"),
        &ReplayOptions::default(),
    )
    .unwrap();
    assert_eq!(r.game.handicap(), 2);
    assert_eq!(r.game.board().get(Point::new(3, 15)), Some(Color::Black));
    assert_eq!(r.game.to_move(), Color::Black);
    let r = replay(&tree("(;SZ[19]HA[4];W[cc])"), &ReplayOptions::default()).unwrap();
    assert_eq!(r.game.board().stones().count(), 5);
}

#[test]
fn illegal_moves_name_number_colour_coordinate_and_reason() {
    for (text, message) in [
        (
            "(;SZ[19]RU[Japanese];B[pp];W[pp])",
            "move 2 (W Q4): illegal: occupied",
        ),
        (
            "(;SZ[5]RU[Japanese]AB[ba][ab];W[aa])",
            "move 1 (W A5): illegal: suicide",
        ),
        (
            "(;SZ[5];B[aa];B[bb])",
            "move 2 (B B4): illegal: not this player's turn",
        ),
    ] {
        let t = tree(text);
        let err = replay(&t, &ReplayOptions::default())
            .map(|_| ())
            .unwrap_err();
        assert_eq!(err.to_string(), message, "{text}");
    }
    assert_eq!(
        tengen_core::move_text(Move::Play(Point::new(24, 24)), BoardSize::new(25).unwrap()),
        "Z1"
    );
}

#[test]
fn littlego_superko_games_are_illegal_under_positional_and_situational_superko() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/sgf-parser-cases/littlego/Illegal games");
    if !dir.is_dir() {
        eprintln!("skipped: ../shared/data/sgf-parser-cases absent");
        return;
    }
    // No RU: Japanese rules, under which a superko is no foul; under Chinese (positional) and
    // AGA (situational) rules the superko files are illegal.
    for (name, rules, reason) in [
        (
            "positional-superko.sgf",
            Rules::chinese(),
            IllegalMove::Superko,
        ),
        (
            "situational-superko.sgf",
            Rules::aga(),
            IllegalMove::Superko,
        ),
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let t = parse(&bytes, Mode::Strict).unwrap().games.remove(0);
        assert!(replay(&t, &ReplayOptions::default()).is_ok(), "{name}");
        let options = ReplayOptions {
            default_rules: rules,
            ..ReplayOptions::default()
        };
        let err = replay(&t, &options).map(|_| ()).unwrap_err();
        assert!(
            matches!(err, ReplayError::Illegal { reason: r, .. } if r == reason),
            "{name}: {err}"
        );
    }
}

#[test]
fn ko_recapture_is_reported_and_tolerated_on_request() {
    // Black stones around b2 except c2 side; White around c2. B at b2 exists, W captures it
    // by playing c... Build: . B W .
    //                         B W . W
    //                         . B W .
    let text = "(;SZ[5]RU[Japanese]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb])";
    let t = tree(text);
    let err = replay(&t, &ReplayOptions::default()).unwrap_err();
    // W[bb] is occupied? No: B[cb] captured the white stone at bb.
    match err {
        ReplayError::Illegal {
            number,
            color,
            coordinate,
            reason,
            ..
        } => {
            assert_eq!(
                (number, color, coordinate.as_str(), reason),
                (2, Color::White, "B4", IllegalMove::Ko)
            );
        }
        other => panic!("{other}"),
    }
    let r = replay(
        &t,
        &ReplayOptions {
            tolerant: true,
            ..ReplayOptions::default()
        },
    )
    .unwrap();
    assert!(matches!(
        &r.notes[..],
        [ReplayNote::Tolerated {
            number: 2,
            reason: IllegalMove::Ko,
            ..
        }]
    ));
    assert!(r.notes[0].to_string().contains("ko"));
}

/// AGA-10 then AGA-11: after a dispute Black moves first and may pass at once; the record
/// written from the game (with White's forced passes) replays to the same moves.
#[test]
fn aga_10_a_pass_that_opens_resumed_play_is_replayed() {
    let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
    game.play(Move::Play(Point::new(4, 4))).unwrap(); // B
    game.play(Move::Pass).unwrap(); // W
    game.play(Move::Pass).unwrap(); // B, then White's forced pass
    game.resume(Color::White).unwrap();
    game.play(Move::Pass).unwrap(); // B passes at once
    game.play(Move::Play(Point::new(2, 2))).unwrap(); // W
    game.play(Move::Pass).unwrap(); // B
    game.play(Move::Pass).unwrap(); // W
    let text = write(&[game_to_tree(&game)]);
    let again = replay(&tree(&text), &ReplayOptions::default())
        .unwrap()
        .game;
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.phase(), Phase::Scoring);
}

/// Issue 43: play paused twice under AGA, then went on.
const AGA_RESUMED_AFTER_THE_SECOND_PAUSE: &str =
    "(;SZ[9]RU[AGA];B[ee];W[cc];B[];W[];B[gg];W[];B[];W[gc];B[cg])";

#[test]
fn aga_10_a_move_after_the_second_double_pass_is_refused_strictly_naming_the_rule() {
    let err = replay(
        &tree(AGA_RESUMED_AFTER_THE_SECOND_PAUSE),
        &ReplayOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(
        err,
        ReplayError::Illegal {
            number: 8,
            reason: IllegalMove::EndedAllAlive,
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "move 8 (W G7): illegal: under AGA-10 the second double pass ended the game with every \
         stone alive"
    );
    // Without the moves after it, the record is a game AGA-10 finished with every stone alive.
    let ended = tree("(;SZ[9]RU[AGA];B[ee];W[cc];B[];W[];B[gg];W[];B[])");
    let mut game = replay(&ended, &ReplayOptions::default()).unwrap().game;
    assert_eq!(
        game.resume(Color::Black),
        Ok(Phase::Finished(game.score().result))
    );
    assert!(game.dead_stones().is_empty());
}

#[test]
fn aga_10_tolerant_replay_resumes_after_the_second_double_pass_with_a_note() {
    let options = ReplayOptions {
        tolerant: true,
        ..ReplayOptions::default()
    };
    let r = replay(&tree(AGA_RESUMED_AFTER_THE_SECOND_PAUSE), &options).unwrap();
    assert_eq!(r.game.phase(), Phase::Playing);
    assert_eq!(r.game.board().get(Point::new(6, 2)), Some(Color::White));
    assert_eq!(r.game.board().get(Point::new(2, 6)), Some(Color::Black));
    let notes: Vec<String> = r.notes.iter().map(ToString::to_string).collect();
    assert!(
        notes.contains(
            &"move 8 (W G7) accepted although illegal under these rules: under AGA-10 the \
              second double pass ended the game with every stone alive"
                .to_owned()
        ),
        "{notes:?}"
    );
    assert!(notes.contains(&"move 8: play resumed after two passes".to_owned()));
}

#[test]
fn extra_passes_after_the_end_are_skipped() {
    let r = replay(
        &tree("(;SZ[9]RU[Japanese];B[ee];W[];B[];W[];B[])"),
        &ReplayOptions::default(),
    )
    .unwrap();
    assert_eq!(r.game.phase(), Phase::Scoring);
    assert_eq!(r.game.moves().len(), 3);
}

fn random_game() -> impl Strategy<Value = Game> {
    (
        5u32..=13,
        prop::sample::select(vec![
            "aga",
            "japanese",
            "chinese",
            "tromp-taylor",
            "aga,scoring=area",
            "chinese,komi=6.5",
        ]),
        prop::sample::select(vec![0u32, 0, 2, 3, 4]),
        prop::collection::vec(any::<prop::sample::Index>(), 0..120),
        -20i16..40,
    )
        .prop_map(|(size, rules, handicap, picks, komi)| {
            let size = BoardSize::new(size).unwrap();
            let rules: Rules = rules.parse().unwrap();
            let mut game =
                Game::with_handicap(size, rules, if size.get() >= 7 { handicap } else { 0 })
                    .unwrap_or_else(|_| Game::new(size, rules));
            if komi % 3 == 0 {
                game.set_komi(tengen_core::Komi::from_half_points(komi));
            }
            for pick in picks {
                if game.phase() != Phase::Playing {
                    break;
                }
                let legal: Vec<Move> = game.legal_moves().collect();
                // Passes are rare so that games get long.
                let stones: Vec<Move> =
                    legal.iter().copied().filter(|m| *m != Move::Pass).collect();
                let mv = if stones.is_empty() || pick.index(20) == 0 {
                    Move::Pass
                } else {
                    *pick.get(&stones)
                };
                game.play(mv).unwrap();
            }
            game
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn written_games_replay_to_the_same_game(game in random_game()) {
        let text = write(&[game_to_tree(&game)]);
        let read = parse(text.as_bytes(), Mode::Strict).unwrap().games.remove(0);
        let again = replay(&read, &ReplayOptions::default());
        prop_assert!(again.is_ok(), "{:?}\n{}", again.as_ref().err(), text);
        let again = again.unwrap().game;
        prop_assert_eq!(again.rules(), game.rules());
        prop_assert_eq!(again.komi(), game.komi());
        prop_assert_eq!(again.handicap(), game.handicap());
        prop_assert_eq!(again.initial_board(), game.initial_board());
        prop_assert_eq!(again.moves(), game.moves());
        prop_assert_eq!(again.board(), game.board());
        prop_assert_eq!(again.to_move(), game.to_move());
        prop_assert_eq!(again.phase(), game.phase());
        prop_assert_eq!(again.score().result, game.score().result);
    }
}

/// An arbitrary record, legal or not: out-of-turn moves, kos, suicides, passes, now and then
/// a stone on a stone, and in half the records a last move off the board. Most stones go on
/// points that are empty in a tolerant replay of the record so far, so that records get long.
/// The property of the `replay_score` fuzz target.
fn arbitrary_record() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![2u32, 3, 4, 5, 7, 9]),
        prop::sample::select(vec![
            "Japanese",
            "AGA",
            "Chinese",
            "Tromp-Taylor",
            "japanese,ko=capture-positional",
        ]),
        prop::collection::vec((0u8..8, 0u8..200, any::<prop::sample::Index>()), 0..200),
        any::<bool>(),
    )
        .prop_map(|(n, ru, picks, off_board_last)| {
            let size = BoardSize::new(n).unwrap();
            let mut game = Game::new(size, ru.parse().unwrap_or(Rules::japanese()));
            let mut text = format!("(;SZ[{n}]RU[{ru}]");
            for (turn, kind, pick) in picks {
                // One move in eight out of turn.
                let color = if turn == 0 {
                    game.to_move().other()
                } else {
                    game.to_move()
                };
                let empty: Vec<Point> = size
                    .points()
                    .filter(|&p| game.board().get(p).is_none())
                    .collect();
                let mv = match kind {
                    0..8 => Move::Pass,
                    8 => Move::Play(*pick.get(&size.points().collect::<Vec<_>>())),
                    _ if empty.is_empty() => Move::Pass,
                    _ => Move::Play(*pick.get(&empty)),
                };
                let _ = game.play_tolerant(color, mv);
                let id = if color == Color::Black { 'B' } else { 'W' };
                match mv {
                    Move::Pass => text.push_str(&format!(";{id}[]")),
                    Move::Play(p) => text.push_str(&format!(
                        ";{id}[{}{}]",
                        char::from(b'a' + p.x),
                        char::from(b'a' + p.y)
                    )),
                }
            }
            if off_board_last {
                text.push_str(&format!(";B[{}a]", char::from(b'a' + n as u8)));
            }
            text.push(')');
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn prop_records_replay_to_sound_boards_strict_within_tolerant(text in arbitrary_record()) {
        let record = tree(&text);
        let strict = replay(&record, &ReplayOptions::default());
        let tolerant = replay(&record, &ReplayOptions { tolerant: true, ..ReplayOptions::default() });
        if let Ok(strict) = &strict {
            let tolerant = tolerant.as_ref().expect("strict replay implies tolerant replay");
            prop_assert_eq!(strict.game.moves(), tolerant.game.moves());
            prop_assert_eq!(strict.game.board(), tolerant.game.board());
        }
        for (replayed, tolerant) in [(strict, false), (tolerant, true)] {
            let Ok(replayed) = replayed else { continue };
            let game = &replayed.game;
            prop_assert_eq!(game.board().audit(), Ok(()), "{}", text);
            let dead = game.suggest_dead();
            prop_assert!(dead.iter().all(|&p| game.board().get(p).is_some()));
            let _ = (game.score(), game.score_as_ended(&dead));
            let options = ReplayOptions { tolerant, ..ReplayOptions::default() };
            let again = replay(&game_to_tree(game), &options);
            prop_assert!(again.is_ok(), "{:?}\n{}", again.as_ref().err(), text);
            let again = again.unwrap().game;
            prop_assert_eq!(again.moves(), game.moves());
            prop_assert_eq!(again.board(), game.board());
        }
    }
}
