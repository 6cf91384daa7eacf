//! Go rules for Tengen: board, game, rules presets, scoring, handicap and the end of a game.
//! No I/O.
//!
//! Play a game, see a capture, and score the finished game:
//!
//! ```
//! use tengen_core::{BoardSize, Color, Game, Move, Phase, Point, Rules};
//!
//! let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
//! for (x, y) in [(0, 1), (0, 0), (1, 0)] {
//!     game.play(Move::Play(Point::new(x, y))).unwrap();
//! }
//! assert_eq!(game.captures(Color::Black), 1);
//! game.play(Move::Pass).unwrap(); // White
//! game.play(Move::Pass).unwrap(); // Black; White's last pass is added (AGA-11)
//! assert_eq!(game.phase(), Phase::Scoring);
//! game.accept(Color::Black).unwrap();
//! let result = game.accept(Color::White).unwrap().unwrap();
//! // Black: 79 territory + 1 capture + 2 pass stones; White: 1 pass stone + 5.5 komi.
//! assert_eq!(result.to_string(), "B+75.5");
//! ```

mod benson;
mod board;
mod diagram;
mod game;
mod handicap;
mod nigiri;
pub mod playout;
mod position;
mod rules;
mod score;
#[cfg(feature = "serde")]
mod serde_forms;
mod types;
mod vertex;

pub use benson::UnconditionalLife;
pub use board::{Board, BoardError, CellContent, NeighbourCounts, OtherLiberties, Placement};
pub use diagram::DiagramError;
pub use game::{
    ActionError, CYCLE_OCCURRENCES_FOR_VOID, Game, IllegalMove, MoveOutcome, Penalty, Phase,
    PlayedMove, Replayed, Setup, SetupError, Tolerance,
};
pub use handicap::{
    HandicapError, MAX_RANK_HANDICAP, RankHandicap, aga_handicap, gtp_handicap,
    handicap_from_ranks, max_fixed_handicap,
};
pub use nigiri::Nigiri;
pub use position::{History, Position};
pub use rules::{
    HalfPoints, HandicapBonus, IllegalPolicy, KoRule, Komi, KomiError, PRESET_NAMES, Resumption,
    Rules, RulesError, Scoring, Suicide,
};
pub use score::{GameResult, Ownership, Score, SideScore};
pub use types::{BoardSize, BoardSizeError, ByColor, Color, MAX_SIZE, MIN_SIZE, Move, Point};
pub use vertex::{
    Vertex, VertexError, color_name, column_letter, move_text, parse_color, parse_move, vertex,
};

/// The README's example, compiled and run as a doctest so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
