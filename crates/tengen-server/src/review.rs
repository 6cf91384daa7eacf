//! "Review with Tengen": after a game, Tengen's search looks at every position of it and the
//! page shows a win-rate graph, the best move and the ownership map at any move, and the
//! moves that cost their player the most.
//!
//! The cost is bounded so that reviews never starve live games:
//! - each position gets a fixed playout budget ([`ReviewLimits::playouts`], by board size)
//!   and at most [`ReviewLimits::position_time`] of wall time, on one thread;
//! - each search runs on the server's search pool ([`SearchPool::acquire_idle`]), taking a
//!   worker only while no live search is waiting for one, so a live engine move waits at most
//!   one review position;
//! - one review per game (a second request gets the first), at most
//!   [`ReviewLimits::running`] reviews at once and [`ReviewLimits::pending`] started and
//!   unfinished (more are refused with `429`), and games longer than
//!   [`ReviewLimits::max_positions`] are reviewed up to that position;
//! - finished reviews stay in memory ([`ReviewLimits::kept`], the least recently asked
//!   for go first), so asking again costs nothing.
//!
//! Only finished games are reviewed: anyone may watch a live game, so a review of one would
//! give its players the engine's help (fairness: what players expect of a server).
//!
//! The page polls `GET /api/games/{id}/review?from=N` and draws each position's result as it
//! comes.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, atomic::AtomicBool},
    time::{Duration, Instant},
};

use serde::Serialize;
use tengen_core::{BoardSize, Color, Game, Move, Phase, Tolerance, move_text};
use tengen_engine::{Budget, Search, SearchConfig, SearchResult};
use tokio::sync::Semaphore;

use crate::{
    error::AppError,
    own::SearchPool,
    wire::{Xy, xy},
};

/// What reviews may cost the server.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReviewLimits {
    /// Positions reviewed per game at most (the first ones).
    pub max_positions: usize,
    /// Reviews searching at once.
    pub running: usize,
    /// Reviews started and not finished (searching or waiting), at most.
    pub pending: usize,
    /// Reviews kept in memory, finished ones included.
    pub kept: usize,
    /// Wall time per position at most.
    pub position_time: Duration,
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

/// Tengen's view of one position.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub(crate) struct PositionReview {
    /// The position after this many moves (0: before the first).
    pub ply: usize,
    /// Black's chance to win, 0 to 1.
    pub black_winrate: f64,
    /// Black's expected margin at the end in points under the game's rules and komi
    /// (negative: White leads): the median of the playouts.
    pub black_lead: f64,
    /// Who is to move here.
    pub to_move: Color,
    /// Tengen's move for the player to move (`None`: pass).
    pub best: Option<Xy>,
    /// The same as text (`D4`, `pass`), with the few moves it expects to follow.
    pub best_text: String,
    pub pv: Vec<String>,
    /// Per point, row by row: how surely Black (+100) or White (−100) owns it at the end.
    pub ownership: Vec<i8>,
    /// Playouts this position got.
    pub playouts: u64,
}

/// A move that lowered its player's win rate.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub(crate) struct Mistake {
    /// The move's number (the position before it is `ply - 1`).
    pub ply: usize,
    pub color: Color,
    /// What was played (`C4`, `pass`).
    pub played: String,
    /// The mover's win rate before and after the move.
    pub before: f64,
    pub after: f64,
    /// What Tengen would have played instead.
    pub best: String,
}

/// Only drops of at least this much are listed (lichess calls 10 points an inaccuracy).
const MISTAKE_DROP: f64 = 0.10;
/// The biggest mistakes listed.
const MISTAKES_SHOWN: usize = 6;

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Status {
    /// Waiting for a review slot.
    Queued,
    Running,
    Done,
}

/// A review as the page polls it: its progress, the positions from `from` on, the mistakes.
#[derive(Debug, Serialize)]
pub(crate) struct ReviewView {
    pub status: Status,
    /// Moves in the game, and positions that will be reviewed (`moves + 1`, capped).
    pub moves: usize,
    pub total: usize,
    /// Positions looked at so far (searched, or skipped as not in play: after the last
    /// two passes).
    pub done: usize,
    /// The game is longer than the review: only its first `total` positions are reviewed.
    pub truncated: bool,
    pub positions: Vec<PositionReview>,
    pub mistakes: Vec<Mistake>,
}

struct Progress {
    status: Status,
    moves: usize,
    total: usize,
    done: usize,
    positions: Vec<PositionReview>,
    /// Who played each move, and where (for the mistakes).
    played: Vec<(Color, Move)>,
    size: BoardSize,
    asked: Instant,
}

impl Progress {
    fn view(&self, from: usize) -> ReviewView {
        ReviewView {
            status: self.status,
            moves: self.moves,
            total: self.total,
            done: self.done,
            truncated: self.total <= self.moves,
            positions: self
                .positions
                .iter()
                .filter(|p| p.ply >= from)
                .cloned()
                .collect(),
            mistakes: mistakes(&self.positions, &self.played, self.size),
        }
    }
}

type Shared = Arc<Mutex<Progress>>;

/// The reviews of this server.
pub(crate) struct Reviews {
    pool: SearchPool,
    limits: ReviewLimits,
    slots: Arc<Semaphore>,
    games: Mutex<HashMap<String, Shared>>,
}

fn locked(p: &Shared) -> std::sync::MutexGuard<'_, Progress> {
    p.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Reviews {
    pub(crate) fn new(pool: SearchPool, limits: ReviewLimits) -> Reviews {
        Reviews {
            pool,
            limits,
            slots: Arc::new(Semaphore::new(limits.running.max(1))),
            games: Mutex::new(HashMap::new()),
        }
    }

    /// The review of game `id`, positions from `from` on; `None` if none was started.
    pub(crate) fn get(&self, id: &str, from: usize) -> Option<ReviewView> {
        let games = self.games.lock().ok()?;
        let review = games.get(id)?;
        let mut p = locked(review);
        p.asked = Instant::now();
        Some(p.view(from))
    }

    /// Starts reviewing finished `game` (or gives the review already started).
    ///
    /// # Errors
    /// [`AppError::TooMany`] when [`ReviewLimits::pending`] reviews are under way.
    pub(crate) fn start(&self, id: &str, game: &Game) -> Result<ReviewView, AppError> {
        let mut games = self
            .games
            .lock()
            .map_err(|_| AppError::Internal("the reviews' lock is poisoned".into()))?;
        if let Some(review) = games.get(id) {
            let mut p = locked(review);
            p.asked = Instant::now();
            return Ok(p.view(0));
        }
        let pending = games
            .values()
            .filter(|r| locked(r).status != Status::Done)
            .count();
        if pending >= self.limits.pending {
            return Err(AppError::TooMany(format!(
                "{pending} reviews are under way; try again in a minute"
            )));
        }
        // Keep at most `kept`: the finished review asked for least recently goes.
        while games.len() >= self.limits.kept {
            let oldest = games
                .iter()
                .filter(|(_, r)| locked(r).status == Status::Done)
                .min_by_key(|(_, r)| locked(r).asked)
                .map(|(k, _)| k.clone());
            match oldest {
                Some(k) => games.remove(&k),
                None => break,
            };
        }
        let moves = game.moves().len();
        let progress = Arc::new(Mutex::new(Progress {
            status: Status::Queued,
            moves,
            total: (moves + 1).min(self.limits.max_positions),
            done: 0,
            positions: Vec::new(),
            played: game.moves().iter().map(|m| (m.color, m.mv)).collect(),
            size: game.size(),
            asked: Instant::now(),
        }));
        games.insert(id.to_owned(), Arc::clone(&progress));
        let view = locked(&progress).view(0);
        // Seeded by the moves, not the game's id: the same record always gets the same
        // review (one thread, a fixed number of playouts), so asking again, on another
        // server or after a restart, shows the same graph and mistakes.
        let seed = game
            .moves()
            .iter()
            .map(|m| move_text(m.mv, game.size()))
            .flat_map(String::into_bytes)
            .fold(1u32, |h, b| h.wrapping_mul(31).wrapping_add(b.into()))
            | 1;
        tokio::spawn(run(
            progress,
            game.clone(),
            seed,
            self.pool.clone(),
            Arc::clone(&self.slots),
            self.limits,
        ));
        Ok(view)
    }
}

/// The game at its first position, with the same rules and komi: the start of the replay.
fn start_of(game: &Game) -> Option<Game> {
    game.restarted_from(&game.initial_setup()).ok()
}

/// Steps through a game's positions: `cursor` is the game after `cursor.moves().len()` moves.
struct Replay {
    cursor: Game,
    played: Vec<(Color, Move)>,
    next: usize,
}

impl Replay {
    /// Moves the cursor to the position after `ply` moves; `false` if the record cannot be
    /// replayed that far (it was accepted once, so this would be a bug, not bad input).
    fn advance_to(&mut self, ply: usize) -> bool {
        while self.cursor.moves().len() < ply {
            let Some(&(color, mv)) = self.played.get(self.next) else {
                return false;
            };
            self.next += 1;
            if self
                .cursor
                .replay_move(color, mv, Tolerance::Board)
                .is_err()
            {
                return false;
            }
        }
        true
    }

    /// The position after `ply` moves if it is one to search (in play, and not skipped over
    /// by a forced pass), else `None`.
    fn position(&self, ply: usize) -> Option<&Game> {
        (self.cursor.moves().len() == ply && self.cursor.phase() == Phase::Playing)
            .then_some(&self.cursor)
    }
}

/// Tengen's view of `result`, the search of `game`'s position after `ply` moves.
fn position_review(ply: usize, game: &Game, result: &SearchResult) -> PositionReview {
    let size = game.size();
    let to_move = game.to_move();
    let black_winrate = match to_move {
        Color::Black => result.winrate,
        Color::White => 1.0 - result.winrate,
    };
    let best = result.best;
    PositionReview {
        ply,
        black_winrate: (black_winrate.clamp(0.0, 1.0) * 1000.0).round() / 1000.0,
        black_lead: f64::from(to_move.sign()) * result.score_lead,
        to_move,
        best: best.point().map(xy),
        best_text: move_text(best, size),
        pv: result
            .moves
            .first()
            .map(|m| m.pv.iter().take(6).map(|&mv| move_text(mv, size)).collect())
            .unwrap_or_default(),
        ownership: result
            .ownership
            .iter()
            .map(|o| (o.clamp(-1.0, 1.0) * 100.0).round() as i8)
            .collect(),
        playouts: result.playouts,
    }
}

/// The moves after which their player's win rate was lowest compared with before, biggest
/// drop first: only moves whose positions before and after were both reviewed.
fn mistakes(
    positions: &[PositionReview],
    played: &[(Color, Move)],
    size: BoardSize,
) -> Vec<Mistake> {
    let by_ply: HashMap<usize, &PositionReview> = positions.iter().map(|p| (p.ply, p)).collect();
    let mut found: Vec<(f64, Mistake)> = played
        .iter()
        .enumerate()
        .filter_map(|(i, &(color, mv))| {
            let (before, after) = (by_ply.get(&i)?, by_ply.get(&(i + 1))?);
            let mine = |p: &PositionReview| match color {
                Color::Black => p.black_winrate,
                Color::White => 1.0 - p.black_winrate,
            };
            let drop = mine(before) - mine(after);
            (drop >= MISTAKE_DROP).then(|| {
                (
                    drop,
                    Mistake {
                        ply: i + 1,
                        color,
                        played: move_text(mv, size),
                        before: mine(before),
                        after: mine(after),
                        best: before.best_text.clone(),
                    },
                )
            })
        })
        .collect();
    found.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.ply.cmp(&b.1.ply)));
    found
        .into_iter()
        .take(MISTAKES_SHOWN)
        .map(|(_, m)| m)
        .collect()
}

/// Reviews `game` position by position into `progress`.
async fn run(
    progress: Shared,
    game: Game,
    seed: u32,
    pool: SearchPool,
    slots: Arc<Semaphore>,
    limits: ReviewLimits,
) {
    let Ok(_slot) = slots.acquire_owned().await else {
        return;
    };
    let total = {
        let mut p = locked(&progress);
        p.status = Status::Running;
        p.total
    };
    let playouts = ReviewLimits::playouts(game.size().get());
    let config = SearchConfig {
        threads: 1,
        seed,
        // The whole budget on every position, so that win rates compare.
        early_stop: false,
        ..SearchConfig::default()
    };
    let mut work = start_of(&game).map(|cursor| {
        (
            Search::new(config),
            Replay {
                cursor,
                played: game.moves().iter().map(|m| (m.color, m.mv)).collect(),
                next: 0,
            },
        )
    });
    for ply in 0..total {
        let Some((mut search, mut replay)) = work.take() else {
            break;
        };
        let permit = pool.acquire_idle().await;
        let budget = Budget {
            playouts: Some(playouts),
            time: Some(limits.position_time),
        };
        let joined = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let reviewed = if replay.advance_to(ply) {
                replay.position(ply).map(|position| {
                    // A fresh tree per position: memory stays that of one search.
                    search.clear();
                    let result = search.run(position, budget, 0, &AtomicBool::new(false), None);
                    position_review(ply, position, &result)
                })
            } else {
                None
            };
            let replayed = replay.cursor.moves().len() >= ply;
            (search, replay, reviewed, replayed)
        })
        .await;
        let Ok((search, replay, reviewed, replayed)) = joined else {
            break; // the search panicked: the review ends where it got to
        };
        let mut p = locked(&progress);
        p.done = ply + 1;
        if let Some(r) = reviewed {
            p.positions.push(r);
        }
        drop(p);
        if replayed {
            work = Some((search, replay));
        }
    }
    let mut p = locked(&progress);
    p.done = p.total;
    p.status = Status::Done;
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_core::{Point, Rules};

    fn review(ply: usize, black_winrate: f64, best: &str) -> PositionReview {
        PositionReview {
            ply,
            black_winrate,
            black_lead: 0.0,
            to_move: if ply.is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            },
            best: None,
            best_text: best.into(),
            pv: vec![],
            ownership: vec![],
            playouts: 0,
        }
    }

    #[test]
    fn a_mistake_is_a_drop_in_the_win_rate_of_the_side_that_moved() {
        let played = [
            (Color::Black, Move::Play(Point::new(2, 2))),
            (Color::White, Move::Play(Point::new(0, 0))),
            (Color::Black, Move::Play(Point::new(4, 4))),
            (Color::White, Move::Pass),
        ];
        // White's 1-1 (move 2) lifts Black from 55 % to 80 %: White's mistake of 25
        // points. Black's move 3 drops Black to 60 %: 20 points. White's pass (move 4)
        // lowers White's chance by 5 points only: not listed. Move 1 raises Black's.
        let positions = [
            review(0, 0.5, "E5"),
            review(1, 0.55, "C3"),
            review(2, 0.8, "E5"),
            review(3, 0.6, "D4"),
            review(4, 0.65, "pass"),
        ];
        let found = mistakes(&positions, &played, BoardSize::new(5).unwrap());
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!((found[0].ply, found[0].played.as_str()), (2, "A5"));
        assert_eq!(found[0].best, "C3", "what Tengen preferred before the move");
        assert!((found[0].before - 0.45).abs() < 1e-9 && (found[0].after - 0.2).abs() < 1e-9);
        assert_eq!((found[1].ply, found[1].best.as_str()), (3, "E5"));
    }

    #[test]
    fn a_move_whose_positions_were_not_both_reviewed_is_not_judged() {
        let played = [(Color::Black, Move::Pass), (Color::White, Move::Pass)];
        // Position 2 (after the two passes) is not in play, so it has no review.
        let positions = [review(0, 0.9, "C3"), review(1, 0.1, "C3")];
        let found = mistakes(&positions, &played, BoardSize::new(5).unwrap());
        assert_eq!(found.iter().map(|m| m.ply).collect::<Vec<_>>(), vec![1]);
    }

    fn finished_game(moves: &[&str]) -> Game {
        let size = BoardSize::new(9).unwrap();
        let mut game = Game::new(size, Rules::japanese());
        for text in moves {
            let mv = tengen_core::parse_move(text, size).unwrap();
            game.play(mv).unwrap();
        }
        game
    }

    #[test]
    fn the_replay_gives_every_position_in_play_and_none_after_the_last_two_passes() {
        let game = finished_game(&["E5", "C3", "pass", "pass"]);
        let mut replay = Replay {
            cursor: start_of(&game).unwrap(),
            played: game.moves().iter().map(|m| (m.color, m.mv)).collect(),
            next: 0,
        };
        let mut in_play = vec![];
        for ply in 0..=4 {
            assert!(replay.advance_to(ply));
            in_play.push(replay.position(ply).is_some());
        }
        assert_eq!(in_play, [true, true, true, true, false]);
        assert!(!replay.advance_to(5), "there is no sixth position");
    }

    fn limits() -> ReviewLimits {
        ReviewLimits {
            max_positions: 3,
            running: 1,
            pending: 2,
            kept: 4,
            position_time: Duration::from_millis(500),
        }
    }

    async fn finish(reviews: &Reviews, id: &str) -> ReviewView {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let v = reviews.get(id, 0).unwrap();
            if v.status == Status::Done {
                return v;
            }
            assert!(Instant::now() < deadline, "the review did not finish");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    #[tokio::test]
    async fn a_long_game_is_reviewed_up_to_the_limit_of_positions_and_says_so() {
        let reviews = Reviews::new(SearchPool::new(1), limits());
        let game = finished_game(&["E5", "C3", "G7", "C7", "G3"]);
        let started = reviews.start("g1", &game).unwrap();
        assert_eq!((started.moves, started.total), (5, 3));
        let done = finish(&reviews, "g1").await;
        assert!(done.truncated);
        assert_eq!(done.done, 3);
        assert_eq!(
            done.positions.iter().map(|p| p.ply).collect::<Vec<_>>(),
            vec![0, 1, 2]
        );
        for p in &done.positions {
            assert_eq!(p.ownership.len(), 81);
            assert!((0.0..=1.0).contains(&p.black_winrate));
            // Half points, and at most the board and the komi.
            assert_eq!((p.black_lead * 2.0).fract(), 0.0, "{}", p.black_lead);
            assert!(p.black_lead.abs() <= 81.0 + 7.5, "{}", p.black_lead);
            assert!(p.best.is_some(), "an open 9×9 board has a move to play");
        }
        assert_eq!(reviews.get("g1", 2).unwrap().positions.len(), 1);
    }

    #[tokio::test]
    async fn one_review_per_game_and_no_more_pending_than_the_limit() {
        let pool = SearchPool::new(1);
        // A live search holds the only worker: reviews wait and stay pending.
        let live = pool.acquire().await;
        let reviews = Reviews::new(pool.clone(), limits());
        let game = finished_game(&["E5", "C3"]);
        reviews.start("a", &game).unwrap();
        let again = reviews.start("a", &game).unwrap();
        assert_eq!(again.status, Status::Queued);
        reviews.start("b", &game).unwrap();
        let refused = reviews.start("c", &game).unwrap_err();
        assert!(
            matches!(&refused, AppError::TooMany(m) if m.contains("2 reviews are under way")),
            "{refused:?}"
        );
        drop(live);
        finish(&reviews, "a").await;
        finish(&reviews, "b").await;
        reviews.start("c", &game).unwrap();
    }

    #[tokio::test]
    async fn a_review_takes_no_worker_a_live_search_is_waiting_for() {
        let pool = SearchPool::new(1);
        let held = pool.acquire().await;
        let (order_tx, mut order) = tokio::sync::mpsc::unbounded_channel();
        let live = {
            let (pool, tx) = (pool.clone(), order_tx.clone());
            tokio::spawn(async move {
                let permit = pool.acquire().await;
                tx.send("live").unwrap();
                tokio::time::sleep(Duration::from_millis(100)).await;
                drop(permit);
            })
        };
        tokio::time::sleep(Duration::from_millis(30)).await;
        let review = {
            let pool = pool.clone();
            tokio::spawn(async move {
                let _permit = pool.acquire_idle().await;
                order_tx.send("review").unwrap();
            })
        };
        tokio::time::sleep(Duration::from_millis(30)).await;
        drop(held);
        assert_eq!(order.recv().await, Some("live"));
        assert_eq!(order.recv().await, Some("review"));
        live.await.unwrap();
        review.await.unwrap();
    }
}
