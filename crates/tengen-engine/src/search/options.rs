//! The options of a search beyond its budget: cancelling it, dynamic komi, progress reports.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{Budget, SearchResult};

/// A progress report for a running search: how often, and what to call with the result
/// so far (analysis streams it).
pub struct Progress<'a> {
    /// The interval between two reports.
    pub every: Duration,
    /// Called with the result so far.
    pub report: &'a mut dyn FnMut(&SearchResult),
}

impl std::fmt::Debug for Progress<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Progress")
            .field("every", &self.every)
            .finish_non_exhaustive()
    }
}

/// The options of [`Search::run_with`](super::Search::run_with): the budget, and what most
/// searches leave at its default. Build it with `..Default::default()`.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use tengen_engine::{Budget, RunOptions};
///
/// let cancel = AtomicBool::new(false);
/// let options = RunOptions {
///     budget: Budget::playouts(500),
///     cancel: Some(&cancel),
///     ..Default::default()
/// };
/// assert_eq!(options.extra_komi_half, 0);
/// ```
#[derive(Debug, Default)]
pub struct RunOptions<'a> {
    /// When to stop: playouts, time, or both ([`Budget::default`]: until cancelled).
    pub budget: Budget,
    /// Dynamic komi: more komi for White, in half points, for this search's evaluation
    /// only (0: the game's komi).
    pub extra_komi_half: i32,
    /// The search stops soon after this is set (`None`: it runs to its budget).
    pub cancel: Option<&'a AtomicBool>,
    /// Reports of the result so far while the search runs (`None`: no reports).
    pub progress: Option<Progress<'a>>,
}
