//! Tengen's computer player: Monte-Carlo tree search as the strong engines without a neural
//! network do it (UCT with RAVE, priors from 3×3 patterns and tactics, heavy playouts, an
//! ownership map as a by-product), time management for the usual clocks, and nothing else:
//! no I/O, no async. The GTP engine and the server call it; it depends on `tengen-core` only.
//!
//! The search works on [`tengen_core::Position`]: a cheap copy of the game's board and
//! player to move, with superko checked against the game's whole history, so that every move
//! the search chooses is legal under the game's rules.
//!
//! # Layout
//!
//! - [`estimate`](mod@estimate): the automatic dead-stone estimator ([`estimate()`], [`Estimate`]).
//! - the search, the playout policy and time management follow in later commits.

#![forbid(unsafe_code)]

pub mod estimate;

pub use estimate::{Budget, ChainEstimate, Estimate, Status, estimate};
