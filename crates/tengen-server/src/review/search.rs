//! The searches of a review: every position of the record in turn, and single positions of
//! the variations players try on the page.
//!
//! With an external analysis engine (`tengen serve --analysis-engine`) the engine is asked
//! instead of Tengen's own search. It runs its own threads, so it takes no worker of the
//! search pool. When it fails (it exited, hung past the engine timeout, answered garbage or
//! refused the position), the position is searched by Tengen's own engine after all, with a
//! warning in the log, and the review says so ([`super::ReviewView::engine_failure`]). An
//! engine that refused a position is asked the next one; one that broke (and was killed) is
//! not asked again in that review, so that a dead engine does not cost a restart a
//! position, and the next review starts it again.

use std::sync::Arc;

use tengen_core::{Game, move_text};
use tengen_engine::{Budget, Search, SearchConfig};
use tengen_gtp::{ClientError, KataEngine};
use tokio::sync::Semaphore;

use super::{
    PositionReview, ReviewLimits, Shared, Status, locked,
    position::{engine_name, kata_review, position_review},
    tree::{ReviewTree, replay_node},
};
use crate::game::seats::own::SearchPool;

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

/// The external engine's analysis of `game`, and the game back.
async fn ask_external(
    engine: &Arc<KataEngine>,
    game: Game,
) -> Option<(Game, Result<tengen_gtp::KataAnalysis, ClientError>)> {
    let engine = Arc::clone(engine);
    tokio::task::spawn_blocking(move || {
        let analysis = engine.analyse(&game);
        if let Ok(analysis) = &analysis {
            for warning in &analysis.warnings {
                tracing::debug!("the analysis engine warns: {warning}");
            }
        }
        (game, analysis)
    })
    .await
    .ok()
}

/// Analyses `game` (review node `node`): by the external engine if there is one, else (or
/// if it fails) by Tengen's own search on the pool, when a worker is idle.
pub(super) async fn search_one(
    pool: &SearchPool,
    external: Option<&Arc<KataEngine>>,
    limits: ReviewLimits,
    mut game: Game,
    node: usize,
) -> Option<PositionReview> {
    if let Some(engine) = external {
        let (returned, analysis) = ask_external(engine, game).await?;
        match analysis {
            Ok(analysis) => {
                let name = engine_name(&engine.program());
                return Some(kata_review(node, &returned, &analysis, &name));
            }
            Err(e) => tracing::warn!(
                "the analysis engine {:?} failed on a tried variation ({e}); Tengen's own \
                 engine analyses it",
                engine.command()
            ),
        }
        game = returned;
    }
    let permit = pool.acquire_idle().await;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut search = Search::new(config(&game));
        let result = search.run(&game, budget(&game, limits));
        position_review(node, &game, &result)
    })
    .await
    .ok()
}

/// Reviews the nodes `jobs` of `tree` in order into `progress`, by the external engine
/// while it answers. The main line is stepped through with one game; a variation's node is
/// replayed from the start.
pub(super) async fn run(
    progress: Shared,
    tree: Arc<ReviewTree>,
    jobs: Vec<usize>,
    pool: SearchPool,
    mut external: Option<Arc<KataEngine>>,
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
        let Some(mut game) = game else {
            break; // accepted once, so this would be a bug: the review ends where it got to
        };
        if !tree.nodes[node].in_play {
            locked(&progress).done = i + 1;
            cursor = Some((node, game));
            continue;
        }
        if let Some(engine) = &external {
            let Some((returned, analysis)) = ask_external(engine, game).await else {
                break; // the task panicked: the review ends where it got to
            };
            game = returned;
            match analysis {
                Ok(analysis) => {
                    let reviewed =
                        kata_review(node, &game, &analysis, &engine_name(&engine.program()));
                    let mut p = locked(&progress);
                    p.done = i + 1;
                    p.positions.push(reviewed);
                    drop(p);
                    cursor = Some((node, game));
                    continue;
                }
                Err(e @ ClientError::Refused { .. }) => {
                    tracing::warn!(
                        "the analysis engine {:?} refused node {node} of a review ({e}); \
                         Tengen's own engine reviews it",
                        engine.command()
                    );
                    locked(&progress).engine_failure = Some(format!(
                        "the analysis engine refused position {node} ({e}); Tengen's own \
                         engine reviewed it"
                    ));
                }
                Err(e) => {
                    tracing::warn!(
                        "the analysis engine {:?} failed at node {node} of a review ({e}); \
                         Tengen's own engine reviews the rest",
                        engine.command()
                    );
                    locked(&progress).engine_failure = Some(format!(
                        "the analysis engine failed at position {node} ({e}); Tengen's own \
                         engine reviewed the positions from there"
                    ));
                    external = None;
                }
            }
        }
        let permit = pool.acquire_idle().await;
        let mut engine = search
            .take()
            .unwrap_or_else(|| Search::new(config(&tree.start)));
        let joined = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            // A fresh tree per position: memory stays that of one search.
            engine.clear();
            let result = engine.run(&game, budget(&game, limits));
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
