//! Go rules for Tengen: board, game, rules presets, scoring, handicap and the end of a game.
//! No I/O.
//!
//! Two audiences share one board:
//!
//! - rules users speak in [`Point`]s: [`Game`] for a whole game under its [`Rules`], [`Board`]
//!   for a position; every input is checked and a refused move changes nothing;
//! - the Monte-Carlo search (`tengen-engine`) works on cell indices through the [`cells`]
//!   module: [`Board::cells`] and [`Board::cells_mut`] lend zero-cost views with the chain,
//!   liberty and neighbourhood primitives of its hot path; what skips the checks of its
//!   point-level twin has `_unchecked` in its name. [`Position`] and [`playout`] are the
//!   search's too.
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
//!
//! The same capture as the search makes it, on cells:
//!
//! ```
//! use tengen_core::{Board, BoardSize, Color, Point};
//!
//! let mut board = Board::new(BoardSize::new(9).unwrap());
//! board.play(Point::new(0, 1), Color::Black).unwrap();
//! board.play(Point::new(0, 0), Color::White).unwrap();
//! let cells = board.cells();
//! let white = cells.cell(Point::new(0, 0));
//! let last_liberty = cells.chain_atari_liberty(white).unwrap();
//! assert_eq!(cells.point(last_liberty), Point::new(1, 0));
//! assert!(cells.is_legal(last_liberty, Color::Black));
//! let placed = board.cells_mut().place_unchecked(last_liberty, Color::Black);
//! assert_eq!(placed.captured, 1);
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
pub use board::{Board, BoardError, cells};
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
