//! The search on random positions: every move it chooses is legal under the game's rules
//! (each ko rule, superko against the whole history included), a time budget is kept
//! within the stated margin, and the player's decisions (levels, passing, resigning) are
//! what they say.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use tengen_core::{BoardSize, Color, Game, Komi, Move, Phase, Point, Rules, playout::XorShift32};
use tengen_engine::{
    Budget, Clock, Decision, MoveRequest, Player, PlayerConfig, RunOptions, Search, SearchConfig,
    TIME_MARGIN, TimeControl,
};

const RULES: [&str; 5] = [
    "japanese",
    "aga",
    "chinese",
    "japanese,ko=capture-positional",
    "tromp-taylor",
];

/// A random game of `moves` legal moves (passes rare), as the search will meet it.
fn random_game(size: u8, rules: Rules, moves: usize, seed: u32) -> Game {
    let mut game = Game::new(BoardSize::new(u32::from(size)).unwrap(), rules);
    let mut rng = XorShift32::new(seed);
    for _ in 0..moves {
        if game.phase() != Phase::Playing {
            break;
        }
        let legal: Vec<Move> = game
            .legal_moves()
            .filter(|&m| {
                m != Move::Pass
                    && !m
                        .point()
                        .is_some_and(|p| game.board().is_own_eye(p, game.to_move()))
            })
            .collect();
        let mv = if legal.is_empty() || rng.below(50) == 0 {
            Move::Pass
        } else {
            legal[rng.below(legal.len() as u32) as usize]
        };
        game.play(mv).unwrap();
    }
    game
}

/// The defaults, the learned priors, and every playout rule that is off by default.
/// The playouts' nakade and two-liberty rules, in percent: off (the default) and at Pachi's
/// rates.
const PLAYOUT_RULES: [(u32, u32); 2] = [(0, 0), (80, 90)];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Small boards, many captures and ko fights: superko decides often.
    #[test]
    fn search_never_chooses_an_illegal_move_under_any_ko_rule(
        size in prop_oneof![Just(4u8), Just(5), Just(7)],
        rules_index in 0..RULES.len(),
        moves in 0usize..120,
        seed in 1u32..u32::MAX,
        rules_on in 0..PLAYOUT_RULES.len(),
    ) {
        let rules: Rules = RULES[rules_index].parse().unwrap();
        let game = random_game(size, rules, moves, seed);
        prop_assume!(game.phase() == Phase::Playing);
        let mut config = SearchConfig { seed, ..SearchConfig::default() };
        (config.playout.nakade, config.playout.two_liberties) = PLAYOUT_RULES[rules_on];
        let mut search = Search::new(config);
        let result = search.run(&game, Budget::playouts(300));
        prop_assert!(game.check(result.best).is_ok(), "{:?}: {:?}", result.best, game.check(result.best));
        for info in &result.moves {
            prop_assert!(game.check(info.mv).is_ok(), "root move {:?} is illegal", info.mv);
        }
        // The tree is reused after a move of each side: still legal.
        let mut next = game.clone();
        next.play(result.best).unwrap();
        if next.phase() == Phase::Playing {
            let reply = next.legal_moves().find(|m| *m != Move::Pass);
            if let Some(reply) = reply {
                next.play(reply).unwrap();
            }
        }
        if next.phase() == Phase::Playing {
            let again = search.run(&next, Budget::playouts(300));
            prop_assert!(next.check(again.best).is_ok(), "after reuse: {:?}", again.best);
        }
    }
}

#[test]
fn a_time_budget_is_kept_within_the_margin() {
    let game = Game::new(BoardSize::new(19).unwrap(), Rules::japanese());
    for (threads, millis) in [(1, 100), (2, 250), (1, 30)] {
        let mut search = Search::new(SearchConfig {
            threads,
            early_stop: false,
            ..SearchConfig::default()
        });
        let budget = Duration::from_millis(millis);
        let start = Instant::now();
        let result = search.run(&game, Budget::time(budget));
        let elapsed = start.elapsed();
        assert!(
            elapsed <= budget + TIME_MARGIN,
            "{threads} thread(s), {millis} ms: took {elapsed:?}"
        );
        assert!(
            elapsed + Duration::from_millis(20) >= budget,
            "stopped early: {elapsed:?}"
        );
        assert!(result.playouts > 0);
    }
}

/// GTP's `play` may move out of turn (GNU Go's test suites do: `play white B2` with Black
/// to move). The tree from Black's search has Black's stone on that point, not White's;
/// reusing it for the new position made the search hang on six of GNU Go's seki tests.
#[test]
fn the_tree_is_not_reused_after_a_move_out_of_turn() {
    let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    let mut search = Search::new(SearchConfig::default());
    let cancel = AtomicBool::new(false);
    let first = search.run_with(
        &game,
        RunOptions {
            budget: Budget::playouts(2_000),
            cancel: Some(&cancel),
            ..RunOptions::default()
        },
    );
    let Move::Play(point) = first.best else {
        panic!("no move on the empty board: {:?}", first.best)
    };
    game.play_tolerant(tengen_core::Color::White, Move::Play(point))
        .unwrap();
    assert_eq!(game.to_move(), tengen_core::Color::Black);
    let again = search.run_with(
        &game,
        RunOptions {
            budget: Budget::playouts(500),
            cancel: Some(&cancel),
            ..RunOptions::default()
        },
    );
    assert!(
        u64::from(again.root_visits) <= again.playouts + 1,
        "reused {} visits of Black's {point:?} for White's stone there",
        u64::from(again.root_visits) - again.playouts
    );
    assert!(game.check(again.best).is_ok(), "{:?}", again.best);
    for info in &again.moves {
        assert!(
            game.check(info.mv).is_ok(),
            "root move {:?} is illegal",
            info.mv
        );
    }
}

/// Analysis (`lz-analyze`'s `prior`) reports the learned model's probability for each
/// move, under both forms of the learned prior: not the priors' values, which on the large
/// boards all lie between 0.5 and 1 and as shares would make every move look alike.
#[test]
fn analysis_reports_the_learned_models_probability_as_the_prior() {
    let cancel = AtomicBool::new(false);
    for size in [9u8, 19] {
        let game = random_game(size, Rules::japanese(), 20, 5);
        let result = Search::new(SearchConfig::default()).run_with(
            &game,
            RunOptions {
                budget: Budget::playouts(2_000),
                cancel: Some(&cancel),
                ..RunOptions::default()
            },
        );
        let top = result.moves.iter().map(|m| m.prior).fold(0.0, f64::max);
        let sum: f64 = result.moves.iter().map(|m| m.prior).sum();
        let uniform = 1.0 / f64::from(u32::from(size) * u32::from(size));
        assert!(sum <= 1.0 + 1e-9, "{size}×{size}: priors sum to {sum}");
        assert!(
            top > 5.0 * uniform,
            "{size}×{size}: the likeliest move's prior is {top}, near the uniform {uniform}"
        );
    }
}

/// A root kept from the previous move's tree was a node below the earlier root: its moves'
/// priors must be those of a fresh root, or the move chosen would depend on whether the
/// tree was kept.
#[test]
fn a_kept_root_gets_the_priors_of_a_fresh_root() {
    let mut game = random_game(19, Rules::japanese(), 30, 3);
    let cancel = AtomicBool::new(false);
    let mut config = SearchConfig::default();
    config.priors.learned_sqrt = 0;
    let mut kept = Search::new(config.clone());
    let first = kept.run_with(
        &game,
        RunOptions {
            budget: Budget::playouts(3_000),
            cancel: Some(&cancel),
            ..RunOptions::default()
        },
    );
    let pv = &first.moves[0].pv;
    assert!(pv.len() >= 3, "too short a variation: {pv:?}");
    for &mv in &pv[..2] {
        game.play(mv).unwrap();
    }
    let again = kept.run_with(
        &game,
        RunOptions {
            budget: Budget::playouts(1),
            cancel: Some(&cancel),
            ..RunOptions::default()
        },
    );
    assert!(again.root_visits > 2, "the tree was not kept");
    let fresh = Search::new(config).run_with(
        &game,
        RunOptions {
            budget: Budget::playouts(300),
            cancel: Some(&cancel),
            ..RunOptions::default()
        },
    );
    let mut compared = 0;
    for info in &again.moves {
        if let Some(same) = fresh.moves.iter().find(|f| f.mv == info.mv) {
            assert!(
                (info.prior - same.prior).abs() < 1e-4,
                "{:?}: prior {} in the kept root, {} in a fresh one",
                info.mv,
                info.prior,
                same.prior
            );
            compared += 1;
        }
    }
    assert!(compared >= 3, "only {compared} moves in both searches");
}

#[test]
fn a_cancelled_search_returns_at_once() {
    let game = Game::new(BoardSize::new(9).unwrap(), Rules::chinese());
    let mut search = Search::new(SearchConfig::default());
    // The first search of a process loads the learned tables (tens of milliseconds, more
    // with the other tests on the cores): a one-off, not the answer to a cancel.
    search.run_with(
        &game,
        RunOptions {
            budget: Budget::default(),
            cancel: Some(&AtomicBool::new(true)),
            ..RunOptions::default()
        },
    );
    search.clear();
    let start = Instant::now();
    let result = search.run_with(
        &game,
        RunOptions {
            budget: Budget::default(),
            cancel: Some(&AtomicBool::new(true)),
            ..RunOptions::default()
        },
    );
    assert!(start.elapsed() < Duration::from_millis(100));
    assert!(game.check(result.best).is_ok());
}

#[test]
fn a_playout_budget_on_one_thread_repeats() {
    let game = random_game(9, Rules::japanese(), 20, 5);
    let run = || {
        let mut search = Search::new(SearchConfig::default());
        search.run(&game, Budget::playouts(1500))
    };
    let (a, b) = (run(), run());
    assert_eq!(a.best, b.best);
    assert!(a.playouts <= 1500);
    assert_eq!(a.moves, b.moves);
}

#[test]
fn level_one_still_captures() {
    // White's stone at b2 is in atari (liberty b1); level 1 takes it.
    let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::chinese());
    for (x, y) in [(0, 7), (1, 7), (1, 6), (4, 4), (2, 7), (6, 6)] {
        game.play(Move::Play(Point::new(x, y))).unwrap();
    }
    // Black a2 b3 c2 around White b2; White e5 and g3 elsewhere; Black to move.
    assert!(game.board().liberties(Point::new(1, 7)).len() == 1);
    let decision = decision_of(
        &game,
        PlayerConfig {
            level: 1,
            time_per_move: None,
            ..PlayerConfig::default()
        },
    );
    assert_eq!(decision, Decision::Play(Move::Play(Point::new(1, 8))));
}

#[test]
fn a_byo_yomi_clock_sets_the_thinking_time() {
    let game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    let control = TimeControl::ByoYomi {
        main: Duration::ZERO,
        period: Duration::from_secs(2),
        periods: 1,
    };
    let clock = Clock::fresh(&control);
    let mut player = Player::new(PlayerConfig {
        time_per_move: Some(Duration::from_secs(30)),
        ..PlayerConfig::default()
    });
    let (budget, limit) = player.budget(&game, &control, Some(&clock));
    let most = budget.time.unwrap().max(limit.unwrap());
    assert!(
        most <= Duration::from_secs(2) - tengen_engine::SAFETY,
        "{most:?}"
    );
    let start = Instant::now();
    let decision = player.genmove(
        &game,
        &MoveRequest {
            time_control: control,
            clock: Some(clock),
            ..MoveRequest::default()
        },
    );
    assert!(matches!(decision, Decision::Play(_)));
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
}

/// Two walls on 5×5 under Japanese rules: Black's on the b file, White's on the d file,
/// then `middle` played on the c file (Black first); five points of territory each.
fn walls(middle: &[Move]) -> Game {
    let mut game = Game::new(BoardSize::new(5).unwrap(), Rules::japanese());
    for y in 0..5 {
        for x in [1, 3] {
            game.play(Move::Play(Point::new(x, y))).unwrap();
        }
    }
    for &mv in middle {
        game.play(mv).unwrap();
    }
    game
}

fn strong_decision(game: &Game) -> Decision {
    decision_after_playouts(game, 3000)
}

fn decision_after_playouts(game: &Game, playouts: u64) -> Decision {
    decision_of(
        game,
        playouts_config(playouts, SearchConfig::default().seed),
    )
}

/// A player at full strength with `playouts` a move and no clock, its search seeded.
fn playouts_config(playouts: u64, seed: u32) -> PlayerConfig {
    PlayerConfig {
        playouts: Some(playouts),
        time_per_move: None,
        search: SearchConfig {
            seed,
            ..SearchConfig::default()
        },
        ..PlayerConfig::default()
    }
}

/// What a new player with `config` plays in `game`, with no clock.
fn decision_of(game: &Game, config: PlayerConfig) -> Decision {
    Player::new(config).genmove(game, &MoveRequest::default())
}

/// JP-9 ends the game by two passes; a pass at the first move on 19×19 gives the opponent a
/// move for nothing. A pass the search visited once could look as good as the best stone,
/// and the estimator, asked whether a board with one stone is settled, gave that stone the
/// whole board: the player passed with 6 seeds of 1–30 at this budget (3 of 1–12).
#[test]
fn jp_9_it_does_not_pass_at_its_first_move_on_19x19() {
    let mut game = Game::new(BoardSize::new(19).unwrap(), Rules::japanese());
    game.play(Move::Play(Point::new(16, 15))).unwrap();
    for seed in 1..=12 {
        let decision = decision_of(&game, playouts_config(3_000, seed));
        assert!(
            matches!(decision, Decision::Play(Move::Play(_))),
            "seed {seed}: {decision:?}"
        );
    }
}

#[test]
fn the_player_passes_after_the_opponent_when_the_count_wins() {
    // Black took one of the dame on the c file and White passed; the other dame are worth
    // nothing under Japanese rules. With komi -1.5 Black wins the count as it stands.
    let mut game = walls(&[Move::Play(Point::new(2, 0)), Move::Pass]);
    game.set_komi(Komi::from_f64(-1.5).unwrap());
    assert_eq!(strong_decision(&game), Decision::Play(Move::Pass));
}

#[test]
fn under_territory_scoring_it_passes_instead_of_filling_its_own_territory() {
    // Every dame filled, White to move: any stone would fill territory, which costs.
    let middle: Vec<Move> = (0..5).map(|y| Move::Play(Point::new(2, y))).collect();
    let game = walls(&middle);
    assert_eq!(strong_decision(&game), Decision::Play(Move::Pass));
}

#[test]
fn jp_10_and_area_counting_the_score_lead_of_a_finished_game_is_its_count() {
    // Every point settled and every territory a single-point eye: both sides can only
    // pass, so every playout ends as the game would. Black: territory a5, a3, a1 (3
    // points), 10 stones; White: e5, e3, e1 (3 points), 9 stones.
    let diagram = "
        . X X O .
        X X O O O
        . X X O .
        X X O O O
        . X X O .
        ";
    for (rules, komi, white_lead) in [
        // Territory: 3 against 3, plus komi.
        (Rules::japanese(), 6.5, 6.5),
        (Rules::japanese(), -3.5, -3.5),
        // Area: 13 against 12, less komi.
        (Rules::chinese(), 7.5, 6.5),
    ] {
        let mut game = Game::from_diagram(diagram, Color::White, rules).unwrap();
        game.set_komi(Komi::from_f64(komi).unwrap());
        let result = Search::new(SearchConfig::default()).run(&game, Budget::playouts(200));
        assert_eq!(result.score_lead, white_lead, "{rules:?} komi {komi}");
        assert_eq!(
            result.moves[0].score_lead, white_lead,
            "{rules:?} komi {komi}"
        );
    }
}

#[test]
fn jp_10_ahead_by_half_a_point_it_passes_rather_than_give_a_prisoner_in_sure_territory() {
    // A 9×9 endgame of a game against GNU Go (komi 5.5 here for the prisoner Black had
    // taken): every point is settled and White, to move, wins by half a point. A White
    // stone in Black's area (c4, a7, b4: the playouts sometimes let it make trouble for
    // Black's corner) is captured in the end whether Black answers or not; if he does not,
    // it is one more prisoner and the game is lost. The search alone misses the pass now
    // and then (over seeds 1–20 at 10,000 playouts: c4 or g2 in 2 with RAVE's weight at
    // 3,000 visits, 4 at 1,000), valuing the stone as high as the pass; the player then
    // reads the settled position and passes. Every seed must.
    let mut game = Game::from_diagram(
        "
        . . X X X . . X .
        . O X O O X X . .
        . X . X O O X X X
        . . X X O . O O X
        . . . X O . . O O
        . . . X O . . O .
        . X X O . . . O .
        . X O O O O . . .
        . X X O . . . . .
        ",
        Color::White,
        Rules::japanese(),
    )
    .unwrap();
    game.set_komi(Komi::from_f64(5.5).unwrap());
    let missed: Vec<(u32, Decision)> = (1..=20)
        .filter_map(|seed| {
            let decision = decision_of(&game, playouts_config(10_000, seed));
            (decision != Decision::Play(Move::Pass)).then_some((seed, decision))
        })
        .collect();
    assert!(missed.is_empty(), "seeds that did not pass: {missed:?}");
}

#[test]
fn dynamic_komi_asks_more_of_black_early_in_handicap_games_only() {
    let player = Player::new(PlayerConfig::default());
    let size = BoardSize::new(19).unwrap();
    let even = Game::new(size, Rules::japanese());
    assert_eq!(player.dynamic_komi_half(&even), 0);
    let mut handicap = Game::with_handicap(size, Rules::japanese(), 4).unwrap();
    let start = player.dynamic_komi_half(&handicap);
    // About seven points a stone on 19×19 at the start, in half points.
    assert!((50..=60).contains(&start), "{start}");
    let mut rng = XorShift32::new(3);
    let mut previous = start;
    while handicap.moves().len() < 220 {
        let legal: Vec<Move> = handicap
            .legal_moves()
            .filter(|&m| m != Move::Pass)
            .collect();
        handicap
            .play(legal[rng.below(legal.len() as u32) as usize])
            .unwrap();
        let now = player.dynamic_komi_half(&handicap);
        assert!(now <= previous);
        previous = now;
    }
    assert_eq!(previous, 0, "gone by the middle of the game");
}

#[test]
fn jp_9_and_jp_10_a_long_search_in_a_settled_position_passes_rather_than_fill_its_territory() {
    // The walls with every dame filled, White to move; White's territory is the straight
    // five on the e file, alive. Its playouts do not answer a placement there after a
    // pass, so a long search comes to value the stone that splits it into two eyes above
    // the pass: under territory scoring that stone only costs White a point (JP-10).
    //   . X X O .
    //   . X O O .
    //   . X X O .
    //   . X O O .
    //   . X X O .
    let middle: Vec<Move> = (0..5).map(|y| Move::Play(Point::new(2, y))).collect();
    let game = walls(&middle);
    assert_eq!(
        decision_after_playouts(&game, 20_000),
        Decision::Play(Move::Pass)
    );
}

#[test]
fn jp_7_a_stone_that_makes_the_second_eye_is_played_not_passed() {
    // As above, but White's space is a straight three (White's own stones at both ends of
    // the e file): Black at its middle would kill White (JP-7: the opponent attacks
    // first), so the position is not settled and White must take the vital point itself,
    // whether Black's last move was a stone in its own territory (the middle of the a
    // file, drawn) or a pass, after which passing too would end play with White dead.
    //   . X X O O
    //   . X O O .
    //   X X X O .
    //   . X O O .
    //   . X X O O
    for black_last in [Move::Play(Point::new(0, 2)), Move::Pass] {
        let mut middle: Vec<Move> = (0..5).map(|y| Move::Play(Point::new(2, y))).collect();
        middle.extend([
            Move::Play(Point::new(4, 0)),
            Move::Pass,
            Move::Play(Point::new(4, 4)),
            black_last,
        ]);
        let decision = decision_after_playouts(&walls(&middle), 20_000);
        let vital = Decision::Play(Move::Play(Point::new(4, 2)));
        assert_eq!(decision, vital, "after Black's {black_last:?}");
    }
}

/// A decided 9×9 game under Japanese rules: Black's only living group is two eyes in the top
/// left; White's one chain owns the rest (24 points of territory, 3-point spaces where a
/// Black stone can only be captured). White leads by about 28 points with komi.
const DECIDED: &str = "
    . X . X O . . . O
    X X X X O O O O O
    O O O O O . O . O
    . . . . O O O O O
    O O O O O . . . O
    . O . O O O O O O
    O O O O . O . O .
    . . . O O O O O O
    O O O O . . . O .";

/// [`DECIDED`] with `passer` having just passed: the other side to move.
fn decided_after_a_pass_by(passer: Color) -> Game {
    let mut game = Game::from_diagram(DECIDED, passer, Rules::japanese()).unwrap();
    game.play(Move::Pass).unwrap();
    game
}

/// The player of `level` without a clock (level 10: 2,000 playouts a move), its search seeded.
fn level_config(level: u8) -> PlayerConfig {
    PlayerConfig {
        level,
        playouts: (level == tengen_engine::MAX_LEVEL).then_some(2_000),
        time_per_move: None,
        search: SearchConfig {
            seed: 7,
            ..SearchConfig::default()
        },
        ..PlayerConfig::default()
    }
}

/// Issue 43: after the opponent's pass in a decided game, weak levels played hopeless stones
/// one after another (the opponent passing after each) and never resigned: their searches
/// never reached the visits a resignation needed. Every level judges the game on enough
/// playouts: it resigns, or passes when it does not resign.
#[test]
fn every_level_resigns_a_decided_game_after_the_opponents_pass_or_passes_without_resigning() {
    let game = decided_after_a_pass_by(Color::White);
    for level in 1..=tengen_engine::MAX_LEVEL {
        assert_eq!(
            decision_of(&game, level_config(level)),
            Decision::Resign,
            "level {level}"
        );
        let no_resign = PlayerConfig {
            resign_below: None,
            ..level_config(level)
        };
        assert_eq!(
            decision_of(&game, no_resign),
            Decision::Play(Move::Pass),
            "level {level} without resigning"
        );
    }
}

/// The winner of [`DECIDED`] passes back at every level: passing keeps the win.
#[test]
fn every_level_passes_after_the_opponents_pass_when_passing_keeps_the_win() {
    let game = decided_after_a_pass_by(Color::Black);
    for level in 1..=tengen_engine::MAX_LEVEL {
        assert_eq!(
            decision_of(&game, level_config(level)),
            Decision::Play(Move::Pass),
            "level {level}"
        );
    }
}

/// Without the opponent's pass a hopeless game is resigned at the second hopeless move, at
/// the weakest level too.
#[test]
fn a_weak_level_resigns_a_hopeless_game_at_its_second_hopeless_move() {
    let game = Game::from_diagram(DECIDED, Color::Black, Rules::japanese()).unwrap();
    let mut player = Player::new(level_config(1));
    let first = player.genmove(&game, &MoveRequest::default());
    let Decision::Play(mv) = first else {
        panic!("one hopeless move is not yet a resignation: {first:?}");
    };
    let mut next = game.clone();
    next.play(mv).unwrap();
    // White fills a point of its own territory (a move, not a pass).
    let reply = [(6, 0), (6, 4), (1, 7)]
        .map(|(x, y)| Move::Play(Point::new(x, y)))
        .into_iter()
        .find(|&m| next.check(m).is_ok())
        .unwrap();
    next.play(reply).unwrap();
    assert_eq!(
        player.genmove(&next, &MoveRequest::default()),
        Decision::Resign
    );
}

#[test]
fn root_priors_are_legal_moves_summing_to_one_and_leave_the_next_search_unchanged() {
    for (size, seed) in [(9u8, 3u32), (13, 4), (19, 5)] {
        let game = random_game(size, Rules::japanese(), 30, seed);
        if game.phase() != Phase::Playing {
            continue;
        }
        let mut search = Search::new(SearchConfig::default());
        let priors = search.root_priors(&game);
        assert!(!priors.is_empty());
        for &(mv, prior) in &priors {
            assert!(game.check(mv).is_ok(), "{mv:?} is illegal");
            assert!((0.0..=1.0).contains(&prior));
        }
        let total: f64 = priors.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        // The root is made, not searched: the next search is the one a fresh search runs.
        let result = search.run(&game, Budget::playouts(200));
        let fresh = Search::new(SearchConfig::default()).run(&game, Budget::playouts(200));
        assert_eq!(result.root_visits, 200);
        assert_eq!(result.moves, fresh.moves);
    }
}
