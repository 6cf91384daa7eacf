//! SGF (Smart Game Format) for Go: a reader for `FF[4]` and the older `FF[1]`–`FF[3]` forms, a
//! writer, typed readings of the Go properties, and (with `tengen_core::Game`) replay and
//! scoring of game records.
//!
//! The reader decodes the bytes first (byte-order mark, `CA`, or a guess), then reads the
//! text in one pass with an explicit stack: no recursion follows the input's depth, and the
//! time is linear in its length. [`Mode::Strict`] stops at the first problem with its line and
//! column; [`Mode::Lenient`] reads real-world files and lists what it read past.
//!
//! ```
//! use tengen_sgf::{parse, write, Mode};
//! use tengen_core::{Color, Move, Point};
//!
//! let collection = parse(b"(;GM[1]FF[4]SZ[9]KM[6.5]AB[cc:dd]XX[kept]\n;W[ee]C[Hello \\] world];B[])", Mode::Strict)?;
//! let game = &collection.games[0];
//! assert_eq!(game.size().unwrap().get(), 9);
//! assert_eq!(game.komi().unwrap().unwrap().to_string(), "6.5");
//! assert_eq!(game.setup_stones(game.root()).unwrap().len(), 4);
//! let moves: Vec<_> = game.main_line().filter_map(|n| game.move_of(n.id()).unwrap()).collect();
//! assert_eq!(moves, [(Color::White, Move::Play(Point::new(4, 4))), (Color::Black, Move::Pass)]);
//! let second = game.main_line().nth(1).unwrap();
//! assert_eq!(second.value("C"), Some("Hello ] world"));
//!
//! // Unknown properties are kept, and writing then reading gives the same tree.
//! let text = write(&collection.games);
//! assert!(text.contains("XX[kept]"));
//! assert_eq!(parse(text.as_bytes(), Mode::Strict)?.games, collection.games);
//! # Ok::<(), tengen_sgf::SgfError>(())
//! ```

mod decode;
mod error;
mod file;
mod go;
mod parse;
mod replay;
mod tree;
mod write;

pub use error::{ErrorKind, PropertyError, SgfError, TextPosition};
pub use file::{FileError, MAX_FILE_BYTES, NotSgf, read_file};
pub use go::{RecordedResult, WinBy, parse_point, point_text};
pub use parse::{Collection, Mode, parse, parse_str};
pub use replay::{
    Replay, ReplayError, ReplayNote, ReplayOptions, game_to_tree, has_territory_marks,
    marked_dead_stones, replay, ru_for_rules, rules_for_ru,
};
pub use tree::{GameTree, Node, NodeId, Property, TreeError};
pub use write::write;

/// The README's example, compiled and run as a doctest so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
