//! `cargo +nightly fuzz run sgf_parse`: any bytes, both modes, never a panic; what is read
//! is written and read back to the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen_sgf::{Mode, parse, write};

fuzz_target!(|data: &[u8]| {
    for mode in [Mode::Strict, Mode::Lenient] {
        if let Ok(collection) = parse(data, mode) {
            let text = write(&collection.games);
            let again = parse(text.as_bytes(), mode).expect("written text reads back");
            assert_eq!(write(&again.games), text);
            for game in &collection.games {
                let _ = (game.size(), game.komi(), game.handicap(), game.result());
                for node in game.preorder() {
                    let _ = (game.move_of(node.id()), game.setup_stones(node.id()));
                }
            }
        }
    }
});
