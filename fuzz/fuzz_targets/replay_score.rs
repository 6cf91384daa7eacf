//! `cargo +nightly fuzz run replay_score`: game records replayed strictly and tolerantly,
//! scored, with dead stones suggested. Never a panic, a hang or a runaway allocation; every
//! replayed board passes its audit; a record that replays strictly replays tolerantly to the
//! same game; a replayed game written back as SGF replays to the same game.
//!
//! Input that starts with `(` is SGF text. Anything else is a compact record, so that the
//! fuzzer spends its time on move sequences rather than on SGF syntax: byte 0 picks the board
//! size, byte 1 the rules, byte 2 the number of setup stones; then each pair of bytes is one
//! setup stone or move: the colour (bit 0, so out-of-turn moves are common), the column and
//! the row, a little past the board's edge at times, and sometimes a pass.
#![no_main]

use std::fmt::Write;

use libfuzzer_sys::fuzz_target;
use tengen_core::Game;
use tengen_sgf::{GameTree, Mode, ReplayOptions, game_to_tree, marked_dead_stones, parse, replay};

const SIZES: [u8; 8] = [2, 3, 4, 5, 7, 9, 13, 19];
const RULES: [&str; 6] = [
    "Japanese",
    "AGA",
    "Chinese",
    "Tromp-Taylor",
    "japanese,ko=capture-positional",
    "aga,scoring=area",
];

fuzz_target!(|data: &[u8]| {
    let text;
    let bytes = if data.first() == Some(&b'(') {
        data
    } else {
        text = compact_record(data);
        text.as_bytes()
    };
    let Ok(collection) = parse(bytes, Mode::Lenient) else {
        return;
    };
    for tree in &collection.games {
        check_record(tree);
    }
});

/// The SGF text of a compact record.
fn compact_record(data: &[u8]) -> String {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let n = SIZES[usize::from(byte(0)) % SIZES.len()];
    let rules = RULES[usize::from(byte(1)) % RULES.len()];
    let setup = usize::from(byte(2) % 8);
    let mut out = format!("(;GM[1]FF[4]SZ[{n}]RU[{rules}]");
    let letter = |v: u8| char::from(b'a' + v);
    for (i, pair) in data.get(3..).unwrap_or(&[]).chunks_exact(2).enumerate() {
        let white = pair[0] & 1 == 1;
        // One column past the edge, and one more for a pass.
        let x = (pair[0] >> 1) % (n + 2);
        let y = pair[1] % (n + 1);
        let value = if x == n + 1 {
            String::new()
        } else {
            format!("{}{}", letter(x), letter(y))
        };
        let id = match (i < setup, white) {
            (true, false) => "AB",
            (true, true) => "AW",
            (false, false) => ";B",
            (false, true) => ";W",
        };
        if i < setup && value.is_empty() {
            continue;
        }
        let _ = write!(out, "{id}[{value}]");
    }
    out.push(')');
    out
}

fn check_record(tree: &GameTree) {
    let strict = replay(tree, &ReplayOptions::default());
    let tolerant = replay(
        tree,
        &ReplayOptions {
            tolerant: true,
            ..ReplayOptions::default()
        },
    );
    if let Ok(strict) = &strict {
        let tolerant = tolerant
            .as_ref()
            .expect("a record that replays strictly replays tolerantly");
        assert_eq!(strict.game.moves(), tolerant.game.moves());
        assert_eq!(strict.game.board(), tolerant.game.board());
    }
    for (replayed, tolerant) in [(strict, false), (tolerant, true)] {
        let Ok(replayed) = replayed else { continue };
        let game = &replayed.game;
        check_game(game);
        let _ = marked_dead_stones(tree, game).map(|dead| game.score_as_ended(&dead));
        // Written back as SGF, the game replays to itself.
        let again = replay(
            &game_to_tree(game),
            &ReplayOptions {
                tolerant,
                ..ReplayOptions::default()
            },
        )
        .expect("a replayed game written as SGF replays");
        assert_eq!(again.game.moves(), game.moves());
        assert_eq!(again.game.board(), game.board());
        let mut undone = game.clone();
        if undone.undo().is_ok() {
            check_game(&undone);
        }
    }
}

/// The board is sound, and counting and suggesting dead stones finish.
fn check_game(game: &Game) {
    if let Err(why) = game.board().audit() {
        panic!("board audit failed: {why}");
    }
    let dead = game.suggest_dead();
    for &p in &dead {
        assert!(
            game.board().get(p).is_some(),
            "suggested dead {p:?} holds no stone"
        );
    }
    let _ = (
        game.score(),
        game.score_as_ended(&[]),
        game.score_with(&dead),
    );
}
