//! Tengen's computer player: Monte-Carlo tree search as the strong engines without a neural
//! network do it (UCT with RAVE, priors from 3×3 patterns and tactics, heavy playouts, an
//! ownership map as a by-product), time management for the usual clocks, and nothing else:
//! no I/O, no async. The GTP engine and the server call it; it depends on `tengen-core` only.
//!
//! The search works on [`tengen_core::Position`]: a cheap copy of the game's board and
//! player to move, with superko checked against the game's whole history, so that every move
//! the search chooses is legal under the game's rules.
//!
//! [`estimate()`] is the automatic dead-stone estimator for finished positions ([`Estimate`]:
//! every chain alive, dead or in seki, the dame, and what stayed uncertain); its own
//! [`estimate::EstimateBudget`] bounds it.
//!
//! ```
//! use tengen_core::{BoardSize, Game, Rules};
//! use tengen_engine::{Budget, Search, SearchConfig};
//!
//! let game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
//! let mut search = Search::new(SearchConfig::default());
//! let result = search.run(&game, Budget::playouts(500));
//! assert!(game.check(result.best).is_ok());
//! ```
//!
//! The automatic dead-stone estimator for the count at the end of a game (GTP
//! `final_status_list` and `final_score`, `tengen score --dead auto`, the server's scoring
//! phase) is [`estimate`](mod@estimate): one blocking call, [`estimate()`], with its own
//! [`estimate::EstimateBudget`].

mod config;
pub mod estimate;
mod eval;
pub mod learned;
mod margins;
mod pattern;
mod player;
mod policy;
mod prior;
mod search;
pub mod spatial;
mod tactics;
mod time;
mod tree;

pub use estimate::{ChainEstimate, Estimate, Status, estimate};
pub use player::{Decision, HOPELESS_WINRATE, MAX_LEVEL, MoveRequest, Player, PlayerConfig};
pub use policy::PlayoutWeights;
pub use prior::PriorWeights;
pub use search::{
    Budget, MoveInfo, Progress, RunOptions, Search, SearchConfig, SearchResult, TIME_MARGIN,
};
pub use time::{Clock, SAFETY, TimeControl, TimePlan};

/// The README's example, compiled and run as a doctest so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
