//! Tengen's estimate of the dead stones (`tengen_engine::estimate`) for the server: on a
//! blocking thread, never on the async runtime, and given up past the estimator's own time
//! budget plus a grace. Used when the scoring phase opens (the proposal players start from)
//! and for an engine seat that cannot list its dead stones.

use std::time::Duration;

use tengen_core::{Game, Point};
use tengen_engine::estimate::{Estimate, EstimateBudget, estimate};

/// Past the estimator's own budget, how long the server waits before it gives up on it.
const GRACE: Duration = Duration::from_secs(3);

/// The stones Tengen estimates dead in `game`, or `None` (and a warning in the log naming the
/// game's size) when the estimate did not finish within its budget and [`GRACE`].
pub(crate) async fn estimate_dead_stones(game: Game) -> Option<Vec<Point>> {
    estimate_position(game).await.map(|e| e.dead_stones())
}

/// Tengen's whole estimate of `game`'s position (statuses, the count, what is unsettled),
/// or `None` as for [`estimate_dead_stones`].
pub(crate) async fn estimate_position(game: Game) -> Option<Estimate> {
    let budget = EstimateBudget::default();
    let limit = budget.time + GRACE;
    let size = game.size().get();
    let work = tokio::task::spawn_blocking(move || estimate(&game, &budget));
    match tokio::time::timeout(limit, work).await {
        Ok(Ok(estimate)) => Some(estimate),
        Ok(Err(e)) => {
            tracing::warn!("the dead-stone estimate ({size}x{size}) failed: {e}");
            None
        }
        Err(_) => {
            tracing::warn!("the dead-stone estimate ({size}x{size}) did not finish in {limit:?}");
            None
        }
    }
}
