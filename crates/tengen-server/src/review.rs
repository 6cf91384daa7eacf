//! "Review with Tengen": Tengen's search looks at every position of a finished game, or of
//! an uploaded SGF record with its variations, and the page shows a win-rate graph, the
//! best moves and the ownership map at any position, the moves that cost their player the
//! most, and the analysis of any variation the player tries on the board. The reviewed
//! record, with the analysis in it, downloads as SGF ([`sgf_out`]). With
//! [`crate::ServerConfig::analysis_engine`] an external program that speaks KataGo's
//! analysis protocol looks at the positions instead, in the same form ([`search`] says what
//! happens when it fails).
//!
//! The cost is bounded so that reviews never starve live games:
//! - each position gets a fixed playout budget ([`ReviewLimits::playouts`], by board size)
//!   and at most [`ReviewLimits::position_time`] of wall time, on one thread;
//! - each search runs on the server's search pool ([`SearchPool::acquire_idle`]), taking a
//!   worker only while no live search is waiting for one, so a live engine move waits at most
//!   one review position;
//! - one review per game (a second request gets the first), at most
//!   [`ReviewLimits::running`] reviews at once and [`ReviewLimits::pending`] started and
//!   unfinished (more are refused with `429`), and at most [`ReviewLimits::max_positions`]
//!   positions per review (the first ones: main line first);
//! - variations tried on the page are searched one position per request, at most
//!   [`ReviewLimits::tried_at_once`] at a time (more are refused with `429`), and the last
//!   [`TRIED_KEPT`] answers of each review are kept;
//! - an uploaded record is at most [`UPLOAD_LIMIT`] bytes (refused by the body limit before it
//!   is read) and [`tree::MAX_NODES`] nodes;
//! - reviews stay in memory ([`ReviewLimits::kept`], the least recently asked for finished
//!   one goes first), so asking again costs nothing.
//!
//! Only finished games are reviewed: anyone may watch a live game, so a review of one would
//! give its players the engine's help (fairness: what players expect of a server). An
//! uploaded record's review has a 128-bit random id: only those its uploader gives the link
//! to can open it.
//!
//! The page polls `GET /api/reviews/{id}?from=N` and draws each position's result as it
//! comes.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use serde::Serialize;
use tengen_core::{Color, Game, Move};
use tengen_gtp::KataEngine;
use tokio::sync::Semaphore;

use crate::{
    error::AppError, game::history::board_text, game::seats::own::SearchPool, game::wire::Xy,
};

mod kept;
mod position;
pub(crate) mod routes;
mod search;
pub(crate) mod sgf_out;
pub(crate) mod tree;

pub(crate) use position::{Mistake, PositionReview};
pub(crate) use tree::{RecordInfo, ReviewTree, TreeNode};

/// The largest uploaded record: a game with its variations is a few KiB, a heavily
/// commented one some tens.
pub(crate) const UPLOAD_LIMIT: usize = 1024 * 1024;

/// Analyses of tried variations kept per review.
pub(crate) const TRIED_KEPT: usize = 256;

/// What reviews may cost the server.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReviewLimits {
    /// Positions reviewed per review at most (the first ones).
    pub max_positions: usize,
    /// Reviews searching at once.
    pub running: usize,
    /// Reviews started and not finished (searching or waiting), at most.
    pub pending: usize,
    /// Reviews kept in memory, finished ones included.
    pub kept: usize,
    /// Wall time per position at most.
    pub position_time: Duration,
    /// Tried variations searched or waiting at once, over all reviews.
    pub tried_at_once: usize,
}

impl ReviewLimits {
    /// The limits for a server with `workers` search workers: reviews use at most half of
    /// them (at least one), so the rest stay free for live games.
    pub(crate) fn for_workers(workers: usize) -> ReviewLimits {
        ReviewLimits {
            max_positions: 1000,
            running: (workers / 2).max(1),
            pending: 8,
            kept: 32,
            position_time: Duration::from_secs(1),
            tried_at_once: workers.max(2),
        }
    }

    /// Playouts per position: about a tenth of a second of one thread on every size (the
    /// search does ~23,000 playouts/s on 9×9 and ~6,700 on 19×19, BENCHMARKS.md), enough
    /// for a win rate within a few points and a sensible best move.
    pub(crate) fn playouts(size: u8) -> u64 {
        match size {
            0..=9 => 2_000,
            10..=13 => 1_200,
            _ => 800,
        }
    }
}

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Status {
    /// Waiting for a review slot.
    Queued,
    Running,
    Done,
}

/// The record a review looks at, as the page draws it (sent with the first poll).
#[derive(Debug, Serialize)]
pub(crate) struct TreeView {
    pub size: u8,
    pub komi: String,
    pub handicap: u8,
    /// The rules in words, and as `RU` writes them.
    pub rules_summary: String,
    pub rules: String,
    /// The board before the first move (`.`, `B`, `W` row by row).
    pub initial_board: String,
    pub info: RecordInfo,
    pub nodes: Vec<TreeNode>,
}

/// A review as the page polls it: its progress, the positions searched since `from`, the
/// mistakes, and (when `from` is 0) the record.
#[derive(Debug, Serialize)]
pub(crate) struct ReviewView {
    pub id: String,
    pub status: Status,
    /// Moves on the main line, and positions that will be reviewed (capped).
    pub moves: usize,
    pub total: usize,
    /// Positions looked at so far (searched, or skipped as not in play: after the last
    /// two passes).
    pub done: usize,
    /// The record has more positions than the review: only its first `total` are reviewed.
    pub truncated: bool,
    /// Searched positions, in the order they were searched, from the `from`-th on.
    pub positions: Vec<PositionReview>,
    pub mistakes: Vec<Mistake>,
    /// The external analysis engine's last failure during this review, where and why:
    /// Tengen's own engine reviewed that position (a refused one) or the positions from
    /// there on (an engine that broke).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine_failure: Option<String>,
    /// Who reviews: `Tengen`, or the external analysis engine's name (`KataGo`). Each
    /// position says whose view it is too (Tengen's, where the external one failed).
    pub engine: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<TreeView>,
}

/// What the page's variation became: a node per move (`parent` unset: each continues the
/// one before), and Tengen's view of the last position (`None` once play has stopped).
#[derive(Debug, Serialize)]
pub(crate) struct TriedView {
    pub nodes: Vec<TreeNode>,
    pub position: Option<PositionReview>,
}

type TriedKey = (usize, Vec<Option<Xy>>);

/// Most variations tried on the page that one download of the record carries.
pub(crate) const MAX_DOWNLOADED_VARIATIONS: usize = 200;

/// A variation tried on the page, as the downloaded record carries it: its moves from the
/// review's node `node`, with Tengen's view after each move where the page asked for one.
pub(crate) struct TriedLine {
    pub node: usize,
    pub nodes: Vec<TreeNode>,
    pub analyses: Vec<Option<PositionReview>>,
}

struct Progress {
    status: Status,
    tree: Arc<ReviewTree>,
    /// The nodes to search, in order: the main line, then the record's variations.
    jobs: Vec<usize>,
    done: usize,
    positions: Vec<PositionReview>,
    /// Searched variations tried on the page.
    tried: HashMap<TriedKey, PositionReview>,
    asked: Instant,
    engine_failure: Option<String>,
    /// Who reviews ([`ReviewView::engine`]).
    engine: String,
}

impl Progress {
    fn view(&self, id: &str, from: usize) -> ReviewView {
        let tree = &self.tree;
        let main = tree.main_moves;
        let played: Vec<(Color, Move)> = tree.nodes[1..=main]
            .iter()
            .map(|n| (n.color.unwrap_or(Color::Black), tree::move_of(n.at)))
            .collect();
        let size = tree.start.size();
        ReviewView {
            id: id.to_owned(),
            status: self.status,
            moves: main,
            total: self.jobs.len(),
            done: self.done,
            truncated: self.jobs.len() < tree.nodes.len(),
            positions: self.positions.iter().skip(from).cloned().collect(),
            mistakes: position::mistakes(
                self.positions.iter().filter(|p| p.node <= main),
                &played,
                size,
            ),
            engine_failure: self.engine_failure.clone(),
            engine: self.engine.clone(),
            tree: (from == 0).then(|| TreeView {
                size: size.get(),
                komi: tree.start.komi().to_string(),
                handicap: tree.start.handicap(),
                rules_summary: tree.start.rules().describe(),
                rules: tengen_sgf::ru_for_rules(tree.start.rules()),
                initial_board: board_text(tree.start.board()),
                info: tree.info.clone(),
                nodes: tree.nodes.clone(),
            }),
        }
    }
}

type Shared = Arc<Mutex<Progress>>;

/// The reviews of this server.
pub(crate) struct Reviews {
    pool: SearchPool,
    /// The external analysis engine that reviews instead of Tengen's own search, if any.
    external: Option<Arc<KataEngine>>,
    limits: ReviewLimits,
    slots: Arc<Semaphore>,
    tried_slots: Arc<Semaphore>,
    reviews: Mutex<HashMap<String, Shared>>,
}

fn locked(p: &Shared) -> std::sync::MutexGuard<'_, Progress> {
    p.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A review with the variations a download asked for: its tree, every position's review, and
/// the analysis of each variation ([`Reviews::analysed_with`]).
pub(crate) type Analysed = (Arc<ReviewTree>, Vec<PositionReview>, Vec<TriedLine>);

impl Reviews {
    /// Reviews searched by Tengen's own engine on `pool`, or asked of `external`.
    pub(crate) fn new(
        pool: SearchPool,
        external: Option<Arc<KataEngine>>,
        limits: ReviewLimits,
    ) -> Reviews {
        Reviews {
            pool,
            external,
            limits,
            slots: Arc::new(Semaphore::new(limits.running.max(1))),
            tried_slots: Arc::new(Semaphore::new(limits.tried_at_once.max(1))),
            reviews: Mutex::new(HashMap::new()),
        }
    }

    /// The external analysis engine's command line, if reviews are asked of one.
    pub(crate) fn analysis_engine(&self) -> Option<&str> {
        self.external.as_deref().map(KataEngine::command)
    }

    /// Who reviews: Tengen, or the external engine by its name.
    pub(crate) fn engine_name(&self) -> String {
        self.external.as_deref().map_or_else(
            || position::OWN_ENGINE.to_owned(),
            |e| position::engine_name(&e.program()),
        )
    }

    fn shared(&self, id: &str) -> Option<Shared> {
        let reviews = self.reviews.lock().ok()?;
        let review = reviews.get(id)?;
        locked(review).asked = Instant::now();
        Some(Arc::clone(review))
    }

    /// The review `id`, positions from the `from`-th searched on; `None` if none was started.
    pub(crate) fn get(&self, id: &str, from: usize) -> Option<ReviewView> {
        self.shared(id).map(|r| locked(&r).view(id, from))
    }

    /// The reviewed tree and its searched positions (main line and record variations).
    pub(crate) fn analysed(&self, id: &str) -> Option<(Arc<ReviewTree>, Vec<PositionReview>)> {
        self.shared(id).map(|r| {
            let p = locked(&r);
            (Arc::clone(&p.tree), p.positions.clone())
        })
    }

    /// Review `id`'s tree and positions, with `variations` (each a node and the moves tried
    /// from it on the page) checked against its tree and given the analyses the page asked
    /// for: what the download of the record with the reader's own variations holds.
    ///
    /// # Errors
    /// [`AppError::NotFound`] for no such review; [`AppError::BadRequest`] for more than
    /// [`MAX_DOWNLOADED_VARIATIONS`] variations, or one that cannot be played (saying which
    /// and why).
    pub(crate) fn analysed_with(
        &self,
        id: &str,
        variations: Vec<(usize, Vec<Option<Xy>>)>,
    ) -> Result<Analysed, AppError> {
        if variations.len() > MAX_DOWNLOADED_VARIATIONS {
            return Err(AppError::BadRequest(format!(
                "{} variations: a download carries at most {MAX_DOWNLOADED_VARIATIONS}",
                variations.len()
            )));
        }
        let review = self.shared(id).ok_or_else(|| {
            AppError::NotFound("no such review (it may have been forgotten: start it again)".into())
        })?;
        let (tree, positions) = {
            let p = locked(&review);
            (Arc::clone(&p.tree), p.positions.clone())
        };
        // Replaying the variations takes a while for many long ones: not under the lock the
        // review's search reports to.
        let mut checked = Vec::with_capacity(variations.len());
        for (i, (node, moves)) in variations.into_iter().enumerate() {
            let (_, nodes) = tree
                .try_moves(node, &moves)
                .map_err(|why| AppError::BadRequest(format!("variation {}: {why}", i + 1)))?;
            checked.push((node, moves, nodes));
        }
        let p = locked(&review);
        let lines = checked
            .into_iter()
            .map(|(node, moves, nodes)| TriedLine {
                node,
                nodes,
                analyses: (1..=moves.len())
                    .map(|n| p.tried.get(&(node, moves[..n].to_vec())).cloned())
                    .collect(),
            })
            .collect();
        Ok((tree, positions, lines))
    }

    /// Starts reviewing finished `game` as review `id` (or gives the review already started).
    ///
    /// # Errors
    /// [`AppError::TooMany`] when [`ReviewLimits::pending`] reviews are under way.
    pub(crate) fn start(
        &self,
        id: &str,
        game: &Game,
        info: RecordInfo,
    ) -> Result<ReviewView, AppError> {
        if let Some(view) = self.get(id, 0) {
            return Ok(view);
        }
        let tree = ReviewTree::from_game(game, info)
            .ok_or_else(|| AppError::Internal(format!("game {id} does not replay")))?;
        self.start_tree(id, tree)
    }

    /// Starts reviewing `tree` as review `id` (a new id: an uploaded record).
    ///
    /// # Errors
    /// [`AppError::TooMany`] when [`ReviewLimits::pending`] reviews are under way.
    pub(crate) fn start_tree(&self, id: &str, tree: ReviewTree) -> Result<ReviewView, AppError> {
        let mut reviews = self
            .reviews
            .lock()
            .map_err(|_| AppError::Internal("the reviews' lock is poisoned".into()))?;
        if let Some(review) = reviews.get(id) {
            return Ok(locked(review).view(id, 0));
        }
        let pending = reviews
            .values()
            .filter(|r| locked(r).status != Status::Done)
            .count();
        if pending >= self.limits.pending {
            return Err(AppError::TooMany(format!(
                "{pending} reviews are under way; try again in a minute"
            )));
        }
        // Keep at most `kept`: the finished review asked for least recently goes.
        while reviews.len() >= self.limits.kept {
            let oldest = reviews
                .iter()
                .filter(|(_, r)| locked(r).status == Status::Done)
                .min_by_key(|(_, r)| locked(r).asked)
                .map(|(k, _)| k.clone());
            match oldest {
                Some(k) => reviews.remove(&k),
                None => break,
            };
        }
        // The main line first (it is what the graph shows), then the record's variations.
        let jobs: Vec<usize> = (0..tree.nodes.len())
            .take(self.limits.max_positions)
            .collect();
        let tree = Arc::new(tree);
        let progress = Arc::new(Mutex::new(Progress {
            status: Status::Queued,
            tree: Arc::clone(&tree),
            jobs: jobs.clone(),
            done: 0,
            positions: Vec::new(),
            tried: HashMap::new(),
            asked: Instant::now(),
            engine_failure: None,
            engine: self.engine_name(),
        }));
        reviews.insert(id.to_owned(), Arc::clone(&progress));
        let view = locked(&progress).view(id, 0);
        tokio::spawn(search::run(
            progress,
            tree,
            jobs,
            self.pool.clone(),
            self.external.clone(),
            Arc::clone(&self.slots),
            self.limits,
        ));
        Ok(view)
    }

    /// Tengen's view of the position after `moves` played from node `node` of review `id`:
    /// the variation a player tries on the board.
    ///
    /// # Errors
    /// [`AppError::NotFound`] for no such review, [`AppError::BadRequest`] for an illegal
    /// move (saying which and why), [`AppError::TooMany`] when
    /// [`ReviewLimits::tried_at_once`] variations are being searched.
    pub(crate) async fn try_variation(
        &self,
        id: &str,
        node: usize,
        moves: Vec<Option<Xy>>,
    ) -> Result<TriedView, AppError> {
        let review = self.shared(id).ok_or_else(|| {
            AppError::NotFound("no such review (it may have been forgotten: start it again)".into())
        })?;
        let tree = Arc::clone(&locked(&review).tree);
        let (game, nodes) = tree.try_moves(node, &moves).map_err(AppError::BadRequest)?;
        if game.phase() != tengen_core::Phase::Playing {
            return Ok(TriedView {
                nodes,
                position: None,
            });
        }
        let key = (node, moves);
        if let Some(p) = locked(&review).tried.get(&key) {
            return Ok(TriedView {
                nodes,
                position: Some(p.clone()),
            });
        }
        let Ok(_slot) = Arc::clone(&self.tried_slots).try_acquire_owned() else {
            return Err(AppError::TooMany(
                "Tengen is analysing other variations; try again in a moment".into(),
            ));
        };
        let position =
            search::search_one(&self.pool, self.external.as_ref(), self.limits, game, node)
                .await
                .ok_or_else(|| AppError::Internal("the variation's search failed".into()))?;
        let mut p = locked(&review);
        if p.tried.len() >= TRIED_KEPT {
            p.tried.clear();
        }
        p.tried.insert(key, position.clone());
        Ok(TriedView {
            nodes,
            position: Some(position),
        })
    }
}

#[cfg(test)]
mod tests;
