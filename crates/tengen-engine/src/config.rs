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

impl SearchConfig {
    /// This configuration with the parameters named in `text` changed: `key=value` pairs
    /// separated by commas, for experiments (`tengen gtp --tune rave=2000,pattern=80`).
    /// Keys: `rave`, `explore`, `expand`, `score`, `widen`, `early_stop` (0 or 1), `atari`,
    /// `ladder`, `nakade`, `two_libs`, `pattern`, `lone_self_atari`, `lgr`, and the priors
    /// `even`, `capture_one`, `capture_many`, `escape`, `self_atari`, `prior_pattern`,
    /// `near1`, `near2`, `near3`, `empty_area`, `atari_prior`, `connect`, `cut`,
    /// `lone_first_line`, `learned`, `root19` (the root's learned weight on 19×19),
    /// `learned_sqrt` and `learned_sqrt_from` (the large boards' form of the learned prior).
    ///
    /// # Errors
    /// A message naming the key or value that is wrong.
    pub fn tuned(&self, text: &str) -> Result<SearchConfig, String> {
        let mut config = self.clone();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("tuning {pair:?} is not key=value"))?;
            let number: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("tuning {key}: {value:?} is not a non-negative number"))?;
            let small = || {
                u16::try_from(number as u64)
                    .map_err(|_| format!("tuning {key}: {value} is too large"))
            };
            let percent = || {
                (number <= 100.0)
                    .then_some(number as u32)
                    .ok_or_else(|| format!("tuning {key}: {value} is not a percentage"))
            };
            let p = &mut config.priors;
            match key.trim() {
                "rave" => config.rave_equivalence = number.max(1.0),
                "explore" => config.exploration = number,
                "expand" => config.expand_after = number as u32,
                "score" => config.score_weight = number.min(1.0),
                "widen" => config.widening_base = number as u32,
                "early_stop" => {
                    config.early_stop = match value.trim() {
                        "0" => false,
                        "1" => true,
                        _ => return Err(format!("tuning early_stop: {value:?} is not 0 or 1")),
                    }
                }
                "atari" => config.playout.atari = percent()?,
                "ladder" => config.playout.ladder = percent()?,
                "pattern" => config.playout.pattern = percent()?,
                "two_libs" => config.playout.two_liberties = percent()?,
                "nakade" => config.playout.nakade = percent()?,
                "lone_self_atari" => config.playout.single_self_atari_reject = percent()?,
                "lgr" => config.playout.last_good_reply = percent()?,
                "even" => p.even = small()?,
                "capture_one" => p.capture_one = small()?,
                "capture_many" => p.capture_many = small()?,
                "escape" => p.escape = small()?,
                "self_atari" => p.self_atari = small()?,
                "prior_pattern" => p.pattern = small()?,
                "near1" => p.near_last[0] = small()?,
                "near2" => p.near_last[1] = small()?,
                "near3" => p.near_last[2] = small()?,
                "empty_area" => p.empty_area = small()?,
                "atari_prior" => p.atari = small()?,
                "connect" => p.connect = small()?,
                "cut" => p.cut = small()?,
                "lone_first_line" => p.lone_first_line = small()?,
                "learned" => p.learned = small()?,
                "root19" => p.root_learned_19 = Some(small()?),
                "learned_sqrt" => p.learned_sqrt = small()?,
                "learned_sqrt_from" => {
                    p.learned_sqrt_from_size = u8::try_from(number as u64)
                        .map_err(|_| format!("tuning {key}: {value} is too large"))?;
                }
                other => return Err(format!("tuning: unknown key {other:?}")),
            }
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuning_sets_the_named_keys_and_names_what_is_wrong() {
        let tuned = SearchConfig::default()
            .tuned("early_stop=0, rave=2500")
            .unwrap();
        assert!(!tuned.early_stop);
        assert_eq!(tuned.rave_equivalence, 2500.0);
        assert!(
            SearchConfig::default()
                .tuned("early_stop=1")
                .unwrap()
                .early_stop
        );
        let err = SearchConfig::default().tuned("early_stop=2").unwrap_err();
        assert!(err.contains("early_stop") && err.contains("\"2\""), "{err}");
        let err = SearchConfig::default().tuned("pattern=101").unwrap_err();
        assert!(err.contains("pattern") && err.contains("101"), "{err}");
        let err = SearchConfig::default().tuned("raves=1").unwrap_err();
        assert!(err.contains("raves"), "{err}");
        let err = SearchConfig::default().tuned("rave").unwrap_err();
        assert!(err.contains("\"rave\""), "{err}");
    }
}
