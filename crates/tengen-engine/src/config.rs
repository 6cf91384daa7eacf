//! The search's parameters and budget.

use std::time::Duration;

use crate::{policy::PlayoutWeights, prior::PriorWeights};

/// How long or how far a search may go. With both limits it stops at the first reached;
/// with neither it runs until cancelled.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Playouts (simulations) this search runs at most; what the tree kept from the previous
    /// move comes on top.
    pub playouts: Option<u64>,
    /// Wall time at most. The search returns within it plus [`TIME_MARGIN`].
    pub time: Option<Duration>,
}

impl Budget {
    /// A budget of `n` playouts.
    #[must_use]
    pub fn playouts(n: u64) -> Budget {
        Budget {
            playouts: Some(n),
            time: None,
        }
    }

    /// A budget of `time` of wall time.
    #[must_use]
    pub fn time(time: Duration) -> Budget {
        Budget {
            playouts: None,
            time: Some(time),
        }
    }
}

/// How late a search with a time budget may return: the control loop looks at the clock
/// every few milliseconds, and each thread finishes the playout it is in.
pub const TIME_MARGIN: Duration = Duration::from_millis(50);

/// The search's parameters. [`SearchConfig::default`] is full strength on one thread.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Search threads on the one tree.
    pub threads: usize,
    /// Visits an edge needs before it gets children.
    pub expand_after: u32,
    /// RAVE: the number of visits at which real and AMAF values weigh the same.
    pub rave_equivalence: f64,
    /// The UCB exploration constant (RAVE and priors explore; small is right).
    pub exploration: f64,
    /// Prior knowledge of new nodes.
    pub priors: PriorWeights,
    /// The playout policy.
    pub playout: PlayoutWeights,
    /// Weight of the score in a playout's value next to the win (0: win or loss only).
    pub score_weight: f64,
    /// Edges the tree may hold (about 40 bytes each).
    pub max_edges: usize,
    /// Progressive widening from this board size on: a node with `n` visits considers its
    /// `widening_base + n^0.5` best moves by prior.
    pub widening_from_size: u8,
    /// See [`SearchConfig::widening_from_size`].
    pub widening_base: u32,
    /// Stop early when the most visited move can no longer be overtaken.
    pub early_stop: bool,
    /// Seed of the playouts' random numbers (each thread derives its own).
    pub seed: u32,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            threads: 1,
            expand_after: 3,
            rave_equivalence: 1000.0,
            exploration: 0.0,
            priors: PriorWeights::default(),
            playout: PlayoutWeights::default(),
            score_weight: 0.04,
            max_edges: 8 << 20,
            widening_from_size: 13,
            widening_base: 8,
            early_stop: true,
            seed: 1,
        }
    }
}
