//! The searches of a review: every position of the record in turn, and single positions of
//! the variations players try on the page.

use std::sync::{Arc, atomic::AtomicBool};

use tengen_core::{Game, move_text};
use tengen_engine::{Budget, Search, SearchConfig};
use tokio::sync::Semaphore;

use super::{
    PositionReview, ReviewLimits, Shared, Status, locked,
    position::position_review,
    tree::{ReviewTree, replay_node},
};
use crate::own::SearchPool;

/// The configuration of a review's searches, seeded by `game`'s moves: the same record
/// always gets the same review (one thread, a fixed number of playouts), so asking again,
/// on another server or after a restart, shows the same graph and mistakes.
fn config(game: &Game) -> SearchConfig {
    let seed = game
        .moves()
        .iter()
        .map(|m| move_text(m.mv, game.size()))
        .flat_map(String::into_bytes)
        .fold(1u32, |h, b| h.wrapping_mul(31).wrapping_add(b.into()))
        | 1;
    SearchConfig {
        threads: 1,
        seed,
        // The whole budget on every position, so that win rates compare.
        early_stop: false,
        ..SearchConfig::default()
    }
}

fn budget(game: &Game, limits: ReviewLimits) -> Budget {
    Budget {
        playouts: Some(ReviewLimits::playouts(game.size().get())),
        time: Some(limits.position_time),
    }
}

/// Searches `game` (review node `node`) on the pool, when a worker is idle.
pub(super) async fn search_one(
    pool: &SearchPool,
    limits: ReviewLimits,
    game: Game,
    node: usize,
) -> Option<PositionReview> {
    let permit = pool.acquire_idle().await;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut search = Search::new(config(&game));
        let result = search.run(
            &game,
            budget(&game, limits),
            0,
            &AtomicBool::new(false),
            None,
        );
        position_review(node, &game, &result)
    })
    .await
    .ok()
}

/// Reviews the nodes `jobs` of `tree` in order into `progress`. The main line is stepped
/// through with one game; a variation's node is replayed from the start.
pub(super) async fn run(
    progress: Shared,
    tree: Arc<ReviewTree>,
    jobs: Vec<usize>,
    pool: SearchPool,
    slots: Arc<Semaphore>,
    limits: ReviewLimits,
) {
    let Ok(_slot) = slots.acquire_owned().await else {
        return;
    };
    locked(&progress).status = Status::Running;
    // The game at the last node searched, to step from to its child.
    let mut cursor: Option<(usize, Game)> = None;
    let mut search: Option<Search> = None;
    for (i, &node) in jobs.iter().enumerate() {
        let game = match cursor.take() {
            Some((at, mut game)) if tree.nodes[node].parent == Some(at) => {
                replay_node(&mut game, &tree.nodes[node]).then_some(game)
            }
            _ => tree.game_at(node),
        };
        let Some(game) = game else {
            break; // accepted once, so this would be a bug: the review ends where it got to
        };
        if !tree.nodes[node].in_play {
            locked(&progress).done = i + 1;
            cursor = Some((node, game));
            continue;
        }
        let permit = pool.acquire_idle().await;
        let mut engine = search
            .take()
            .unwrap_or_else(|| Search::new(config(&tree.start)));
        let joined = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            // A fresh tree per position: memory stays that of one search.
            engine.clear();
            let result = engine.run(
                &game,
                budget(&game, limits),
                0,
                &AtomicBool::new(false),
                None,
            );
            let reviewed = position_review(node, &game, &result);
            (engine, game, reviewed)
        })
        .await;
        let Ok((engine, game, reviewed)) = joined else {
            break; // the search panicked: the review ends where it got to
        };
        let mut p = locked(&progress);
        p.done = i + 1;
        p.positions.push(reviewed);
        drop(p);
        search = Some(engine);
        cursor = Some((node, game));
    }
    let mut p = locked(&progress);
    p.done = p.jobs.len();
    p.status = Status::Done;
}
