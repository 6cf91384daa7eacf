//! Tengen's own player as an engine seat: a Monte-Carlo search (`tengen-engine`) per move,
//! run on a bounded pool of blocking threads and never on the async runtime, so that many
//! games against the engine cannot stall the server's I/O.
//!
//! - The pool is a fair (first come, first served) semaphore of `search_workers` permits
//!   around `tokio::task::spawn_blocking`: at most that many searches run at once,
//!   the others wait in the order they asked.
//! - The clock's time left is read when the search *starts*, so that time spent in the queue
//!   counts against the engine's budget (the server charges it too).
//! - A search that panics, or runs past its plan by [`OVERRUN_GRACE`] (or past the clock),
//!   is the engine's failure: its opponent is told and may claim or abort the game. A game
//!   that ends, or changes under the search (an undo, an abort), cancels it.

use std::{
    panic::AssertUnwindSafe,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use tengen_core::{Game, Phase};
use tengen_engine::{
    Clock, Decision, MoveRequest, Player, PlayerConfig, SearchConfig, TIME_MARGIN,
};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc, watch};

use crate::{
    game::clock::{ClockSettings, ClockState},
    game::dead_stones::estimate_dead_stones,
    game::seats::{Due, Seat, SeatAction, SeatMsg, SeatSnap, Turns},
};

/// The least thinking time a fair share gives.
const MIN_SHARE: Duration = Duration::from_millis(50);

/// How far past its own plan a search may run before it counts as failed.
pub(crate) const OVERRUN_GRACE: Duration = Duration::from_secs(2);

/// How often work that takes only idle workers looks for one.
const IDLE_POLL: Duration = Duration::from_millis(20);

/// The searches of the whole server: at most `workers` at once, the rest queue fairly.
#[derive(Clone, Debug)]
pub(crate) struct SearchPool {
    permits: Arc<Semaphore>,
    workers: usize,
    /// Searches waiting for a worker.
    waiting: Arc<AtomicUsize>,
}

impl SearchPool {
    pub(crate) fn new(workers: usize) -> SearchPool {
        let workers = workers.max(1);
        SearchPool {
            permits: Arc::new(Semaphore::new(workers)),
            workers,
            waiting: Arc::new(AtomicUsize::new(0)),
        }
    }

    pub(crate) async fn acquire(&self) -> OwnedSemaphorePermit {
        struct Waiting<'a>(&'a AtomicUsize);
        impl Drop for Waiting<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::Relaxed);
            }
        }
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let _waiting = Waiting(&self.waiting);
        Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .unwrap_or_else(|_| unreachable!("the search pool's semaphore is never closed"))
    }

    /// A worker for work that may wait (a game review): taken only while one is free and
    /// no search is waiting, so that it never queues ahead of a live game's search; until
    /// then it looks again every [`IDLE_POLL`].
    pub(crate) async fn acquire_idle(&self) -> OwnedSemaphorePermit {
        loop {
            if self.waiting.load(Ordering::Relaxed) == 0 {
                if let Ok(permit) = Arc::clone(&self.permits).try_acquire_owned() {
                    return permit;
                }
            }
            tokio::time::sleep(IDLE_POLL).await;
        }
    }

    /// A search's share of `planned` thinking time while the pool is busy: with more
    /// searches running and waiting than workers, each gets its part, so that the queue
    /// moves and every game in it still answers within its clock. `None`: the whole plan.
    fn fair_share(&self, planned: Duration) -> Option<Duration> {
        let running = self.workers - self.permits.available_permits();
        let load = running + self.waiting.load(Ordering::Relaxed);
        (load > self.workers).then(|| {
            planned
                .mul_f64(self.workers as f64 / load as f64)
                .max(MIN_SHARE)
        })
    }
}

/// The player of `level` (1 to 10): one search thread (the pool runs games side by side),
/// and when there is no clock the level's thinking time per move.
#[must_use]
pub(crate) fn player_config(level: u8) -> PlayerConfig {
    let level = level.clamp(1, tengen_engine::MAX_LEVEL);
    PlayerConfig {
        level,
        // Below level 10 the level's playouts stop the search first; this only caps big
        // boards. Level 10 without a clock thinks a few seconds a move.
        time_per_move: Some(if level == tengen_engine::MAX_LEVEL {
            Duration::from_secs(5)
        } else {
            Duration::from_secs(2)
        }),
        search: SearchConfig {
            threads: 1,
            seed: rand::random::<u32>() | 1,
            ..SearchConfig::default()
        },
        ..PlayerConfig::default()
    }
}

/// The engine's time system for the server's.
fn engine_control(time: &ClockSettings) -> tengen_engine::TimeControl {
    let secs = |s: u32| Duration::from_secs(u64::from(s));
    match *time {
        ClockSettings::None => tengen_engine::TimeControl::None,
        ClockSettings::ByoYomi {
            main_s,
            period_s,
            periods,
        } => tengen_engine::TimeControl::ByoYomi {
            main: secs(main_s),
            period: secs(period_s),
            periods,
        },
        ClockSettings::Fischer {
            initial_s,
            increment_s,
            ..
        } => tengen_engine::TimeControl::Fischer {
            main: secs(initial_s),
            increment: secs(increment_s),
        },
    }
}

/// What is left on the engine's clock `state` after `elapsed_ms` of this turn (queueing
/// included), in the engine's terms; `None` without a clock.
pub(crate) fn clock_now(
    time: &ClockSettings,
    state: &ClockState,
    elapsed_ms: u64,
) -> Option<Clock> {
    let ms = Duration::from_millis;
    match *time {
        ClockSettings::None => None,
        ClockSettings::Fischer { .. } => Some(Clock {
            main: ms(state.main_ms.saturating_sub(elapsed_ms)),
            period: Duration::ZERO,
            count: 0,
        }),
        ClockSettings::ByoYomi { period_s, .. } => {
            let period_ms = u64::from(period_s).max(1) * 1000;
            if elapsed_ms < state.main_ms {
                return Some(Clock {
                    main: ms(state.main_ms - elapsed_ms),
                    period: ms(period_ms),
                    count: state.periods,
                });
            }
            let over = elapsed_ms - state.main_ms;
            let used = u32::try_from(over / period_ms).unwrap_or(u32::MAX);
            Some(Clock {
                main: Duration::ZERO,
                period: if used >= state.periods {
                    Duration::ZERO
                } else {
                    ms(period_ms - over % period_ms)
                },
                count: state.periods.saturating_sub(used),
            })
        }
    }
}

/// How one search ended.
enum Searched {
    Done(SeatAction),
    /// The game changed or ended under it: cancelled, nothing to say.
    Superseded,
}

/// Runs Tengen's seat until the game ends, the search fails, or the actor goes away.
pub(crate) async fn run(
    seat: Seat,
    level: u8,
    human_pace: bool,
    pool: SearchPool,
    snaps: watch::Receiver<Option<Arc<SeatSnap>>>,
    actor: mpsc::Sender<impl From<SeatMsg>>,
) {
    let color = seat.color;
    let mut player = Some(Player::new(player_config(level)));
    let mut turns = Turns::new(color, snaps, actor);
    while let Some(snap) = turns.next().await {
        let (snaps, actor) = turns.channels();
        let pace = human_pace.then_some(level);
        let action = match act(&seat, &pool, &mut player, pace, &snap, snaps, actor).await {
            Ok(Some(Searched::Done(action))) => Some(action),
            Ok(Some(Searched::Superseded)) => {
                let thinking = SeatMsg::Thinking {
                    color,
                    thinking: false,
                };
                let _ = actor.send(thinking.into()).await;
                turns.look_again();
                None
            }
            Ok(None) => None,
            Err(e) => Some(SeatAction::Failed(format!("{}: {e}", seat.name))),
        };
        if let Some(action) = action {
            if turns.act(&snap, action).await {
                break;
            }
        }
    }
}

/// Waits until the game moves on from version `seq` (or ends, or the actor goes).
async fn superseded(snaps: &mut watch::Receiver<Option<Arc<SeatSnap>>>, seq: u64) {
    loop {
        if snaps.changed().await.is_err() {
            return;
        }
        let moved_on = snaps
            .borrow()
            .as_ref()
            .is_none_or(|s| s.seq != seq || s.is_over());
        if moved_on {
            return;
        }
    }
}

async fn act(
    seat: &Seat,
    pool: &SearchPool,
    player: &mut Option<Player>,
    pace: Option<u8>,
    snap: &SeatSnap,
    snaps: &mut watch::Receiver<Option<Arc<SeatSnap>>>,
    actor: &mpsc::Sender<impl From<SeatMsg>>,
) -> Result<Option<Searched>, String> {
    let color = seat.color;
    let game = match snap.due(color) {
        Due::Nothing => return Ok(None),
        Due::Handicap(points) => return Ok(Some(Searched::Done(SeatAction::Place(points)))),
        Due::Game(game) => game,
    };
    match game.phase() {
        Phase::Playing if game.to_move() == color => {
            let searched = search(seat, pool, player, snap, game, snaps, actor).await?;
            if let (Some(level), Searched::Done(SeatAction::Move(_))) = (pace, &searched) {
                let left_ms = snap.time.time_left_ms(&snap.clock);
                let wait = human_pace(level, rand::random::<f64>(), left_ms)
                    .saturating_sub(snap.turn_started.elapsed());
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = superseded(snaps, snap.seq) => return Ok(Some(Searched::Superseded)),
                }
            }
            Ok(Some(searched))
        }
        Phase::Scoring if !game.accepted(color) => {
            // The server's one estimate (the scoring phase opens with it too), on the search
            // pool; the pass-alive verdicts alone if it does not finish in time.
            let estimate = {
                let _permit = pool.acquire().await;
                estimate_dead_stones(game.clone()).await
            };
            let dead = estimate.unwrap_or_else(|| game.suggest_dead());
            Ok(Some(Searched::Done(SeatAction::Dead(dead))))
        }
        _ => Ok(None),
    }
}

/// One move: waits for a worker (fairly), then searches with the clock as it stands then.
async fn search(
    seat: &Seat,
    pool: &SearchPool,
    player: &mut Option<Player>,
    snap: &SeatSnap,
    game: &Game,
    snaps: &mut watch::Receiver<Option<Arc<SeatSnap>>>,
    actor: &mpsc::Sender<impl From<SeatMsg>>,
) -> Result<Searched, String> {
    let color = seat.color;
    let permit = tokio::select! {
        permit = pool.acquire() => permit,
        () = superseded(snaps, snap.seq) => return Ok(Searched::Superseded),
    };
    let started = Instant::now();
    let elapsed_ms = snap.spent_before_ms.saturating_add(
        started
            .saturating_duration_since(snap.turn_started)
            .as_millis() as u64,
    );
    let control = engine_control(&snap.time);
    let clock = clock_now(&snap.time, &snap.clock, elapsed_ms);
    let mut me = player
        .take()
        .ok_or("the player was lost by an earlier failure")?;
    let (budget, limit) = me.budget(game, &control, clock.as_ref());
    // The most this search may take: its plan and a grace, never past the clock's zero.
    let planned = limit
        .or(budget.time)
        .unwrap_or(seat.timeout)
        .saturating_add(TIME_MARGIN + OVERRUN_GRACE);
    let mut allowed = planned;
    if let Some(left) = snap.time.time_left_ms(&snap.clock) {
        let to_zero = Duration::from_millis(left.saturating_sub(elapsed_ms));
        allowed = allowed.min(to_zero);
    }
    let _ = actor
        .send(
            SeatMsg::Thinking {
                color,
                thinking: true,
            }
            .into(),
        )
        .await;
    let cancel = Arc::new(AtomicBool::new(false));
    let game_copy = game.clone();
    let cancelled = Arc::clone(&cancel);
    let mut handle = tokio::task::spawn_blocking(move || {
        // The worker stays counted until the search really ends, even when the seat has
        // given up waiting for it.
        let _permit = permit;
        let decision = std::panic::catch_unwind(AssertUnwindSafe(|| {
            let request = MoveRequest {
                time_control: control,
                clock,
                cleanup: false,
                cancel: Some(&cancelled),
            };
            me.genmove(&game_copy, &request)
        }));
        (me, decision)
    });
    // Under load the search stops early (with its best move so far) at its fair share.
    let share = budget.time.and_then(|planned| pool.fair_share(planned));
    let soft_stop = sleep_or_never(share);
    let overrun = tokio::time::sleep(allowed);
    tokio::pin!(soft_stop, overrun);
    let mut stopped = false;
    let outcome = loop {
        tokio::select! {
            joined = &mut handle => break Some(joined),
            () = &mut overrun => break None,
            () = &mut soft_stop, if !stopped => {
                stopped = true;
                cancel.store(true, Ordering::Relaxed);
            }
            () = superseded(snaps, snap.seq) => {
                cancel.store(true, Ordering::Relaxed);
                // A cancelled search returns at once; keep its player (and tree).
                if let Ok((me, Ok(_))) = handle.await {
                    *player = Some(me);
                }
                return Ok(Searched::Superseded);
            }
        }
    };
    let Some(joined) = outcome else {
        cancel.store(true, Ordering::Relaxed);
        return Err(format!(
            "its search overran: no move after {:.1} s (planned {:.1} s)",
            started.elapsed().as_secs_f64(),
            limit.or(budget.time).unwrap_or_default().as_secs_f64()
        ));
    };
    let (me, decision) = joined.map_err(|e| format!("its search thread failed: {e}"))?;
    let decision = decision.map_err(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".into());
        format!("its search panicked ({what})")
    })?;
    *player = Some(me);
    Ok(Searched::Done(match decision {
        Decision::Play(mv) => SeatAction::Move(mv),
        Decision::Resign => SeatAction::Resign,
    }))
}

/// How long a person of `level`'s strength takes over an ordinary move: the engine's move
/// is held back until then (the search runs meanwhile). Weak players answer in a few
/// seconds, not instantly; stronger ones a little sooner. The wait is a floor, never added
/// to the search, and only level 9's search on 19×19 (about 1.5 s a move on one core) takes
/// as long; the others finish within it (level 7: 0.16 s on 19×19, 0.06 s on 9×9). Full
/// strength is never held back.
/// `draw` (uniform in 0..1) spreads the time so that it does not feel mechanical; with a
/// clock, the wait is at most a tenth of the time left (`left_ms`).
pub(crate) fn human_pace(level: u8, draw: f64, left_ms: Option<u64>) -> Duration {
    let (least, most) = match level {
        0..=3 => (1.5, 3.5),
        4..=6 => (1.0, 2.5),
        7..=9 => (0.5, 1.5),
        _ => return Duration::ZERO,
    };
    let pace = Duration::from_secs_f64(least + (most - least) * draw.clamp(0.0, 1.0));
    match left_ms {
        Some(left) => pace.min(Duration::from_millis(left / 10)),
        None => pace,
    }
}

/// Each level's strength as the level ladder measured it (`bench/level-ladder/`, fitted by
/// `tengen-club`'s `level_ladder` example; BENCHMARKS.md, "Levels and ranks"): EGF ratings
/// (GoR), anchored at GNU Go 3.8's level 10 taken as 13 kyu, OGS's rank for its GnuGo bot.
/// Only the boards the ladder was played on, and on them only the levels it reached
/// (`None`): a rank nobody measured is not shown.
///
/// The boards have their own playouts per level (`tengen-engine`'s `player.rs`): 9×9 is the
/// ladder's third spacing (`9x9-third-spacing.tsv`, 349 games), 19×19 the second, whose
/// table the boards above 9×9 still play by (`19x19.tsv`, 112 games: every level; level 10
/// at 2 s a move on one core).
///
/// Where the fit puts a higher level below a lower one (within its interval), both get
/// their mean: a higher level is not the weaker player, and a form that said so would
/// mislead. (The second spacing's 9×9 fit had level 6 at 768 below level 5 at 888; the
/// third's is in order. On 19×19 the fit has level 6 at 89 below level 5 at 153: both
/// show 121.)
const LEVEL_RATINGS: [(u8, [Option<f64>; tengen_engine::MAX_LEVEL as usize]); 2] = [
    (
        9,
        [
            Some(-900.0),
            Some(-190.0),
            Some(117.0),
            Some(530.0),
            Some(734.0),
            Some(934.0),
            Some(1529.0),
            Some(1877.0),
            Some(2157.0),
            Some(2550.0),
        ],
    ),
    (
        19,
        [
            Some(-900.0),
            Some(-461.0),
            Some(-373.0),
            Some(12.0),
            Some(121.0),
            Some(121.0),
            Some(273.0),
            Some(722.0),
            Some(1209.0),
            Some(1431.0),
        ],
    ),
];

/// The rank of a person as strong as Tengen's `level` on a `size` board, where measured.
pub(crate) fn level_rank(level: u8, size: u8) -> Option<tengen_club::Rank> {
    level_rating(level, size).map(tengen_club::Rank::from_rating)
}

/// The EGF rating (GoR) of Tengen's `level` on a `size` board, where measured.
pub(crate) fn level_rating(level: u8, size: u8) -> Option<f64> {
    let (_, ratings) = LEVEL_RATINGS.iter().find(|(s, _)| *s == size)?;
    *ratings.get(usize::from(level).checked_sub(1)?)?
}

async fn sleep_or_never(d: Option<Duration>) {
    match d {
        Some(d) => tokio::time::sleep(d).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stronger_level_never_has_a_weaker_rank_and_unmeasured_ones_have_none() {
        for (size, _) in LEVEL_RATINGS {
            let ranks: Vec<_> = (1..=tengen_engine::MAX_LEVEL)
                .filter_map(|level| level_rank(level, size))
                .collect();
            assert!(ranks.len() >= 4, "{size}×{size}: {ranks:?}");
            assert!(
                ranks.windows(2).all(|w| w[0] <= w[1]),
                "{size}×{size}: {ranks:?}"
            );
        }
        assert_eq!(
            level_rank(5, 13),
            None,
            "the ladder was not played on 13×13"
        );
        assert_eq!(level_rank(0, 9), None);
        assert_eq!(level_rank(11, 9), None);
    }

    const BYO: ClockSettings = ClockSettings::ByoYomi {
        main_s: 10,
        period_s: 5,
        periods: 3,
    };

    #[test]
    fn queueing_time_is_taken_from_main_time_then_from_the_periods() {
        let start = BYO.start();
        let c = clock_now(&BYO, &start, 4_000).unwrap();
        assert_eq!(c.main, Duration::from_secs(6));
        assert_eq!((c.period, c.count), (Duration::from_secs(5), 3));
        // 10 s of main time, then 7 s: one period used, 3 s left of the second.
        let c = clock_now(&BYO, &start, 17_000).unwrap();
        assert_eq!(c.main, Duration::ZERO);
        assert_eq!((c.period, c.count), (Duration::from_secs(3), 2));
        let c = clock_now(&BYO, &start, 30_000).unwrap();
        assert_eq!((c.period, c.count), (Duration::ZERO, 0));
    }

    #[test]
    fn fischer_time_left_is_what_the_queue_did_not_take() {
        let f = ClockSettings::Fischer {
            initial_s: 20,
            increment_s: 2,
            max_s: 60,
        };
        let c = clock_now(&f, &f.start(), 1_500).unwrap();
        assert_eq!(c.main, Duration::from_millis(18_500));
        assert_eq!(
            clock_now(&ClockSettings::None, &ClockState::default(), 5),
            None
        );
    }

    #[test]
    fn weak_levels_take_a_persons_time_and_full_strength_none() {
        let pace = |level, draw| human_pace(level, draw, None).as_secs_f64();
        assert_eq!((pace(1, 0.0), pace(1, 1.0)), (1.5, 3.5));
        assert_eq!((pace(5, 0.0), pace(5, 1.0)), (1.0, 2.5));
        assert_eq!((pace(9, 0.0), pace(9, 1.0)), (0.5, 1.5));
        assert_eq!(pace(tengen_engine::MAX_LEVEL, 0.5), 0.0);
        // Each level's time grows with the draw, and a stronger level is never slower.
        for draw in [0.0, 0.3, 0.7, 1.0] {
            for level in 1..tengen_engine::MAX_LEVEL {
                assert!(
                    pace(level + 1, draw) <= pace(level, draw),
                    "{level} at {draw}"
                );
            }
        }
    }

    #[test]
    fn the_pace_takes_at_most_a_tenth_of_the_clock() {
        assert_eq!(
            human_pace(1, 1.0, Some(12_000)),
            Duration::from_millis(1_200)
        );
        assert_eq!(human_pace(1, 0.0, Some(0)), Duration::ZERO);
        assert_eq!(
            human_pace(1, 0.0, Some(600_000)),
            Duration::from_millis(1_500)
        );
    }

    #[test]
    fn levels_are_clamped_to_one_to_ten() {
        assert_eq!(player_config(0).level, 1);
        assert_eq!(player_config(11).level, tengen_engine::MAX_LEVEL);
        assert_eq!(player_config(3).search.threads, 1);
    }

    #[tokio::test]
    async fn the_pool_runs_at_most_its_workers_at_once() {
        let pool = SearchPool::new(2);
        let a = pool.acquire().await;
        let _b = pool.acquire().await;
        assert_eq!(pool.permits.available_permits(), 0);
        let waiting = tokio::time::timeout(Duration::from_millis(50), pool.acquire()).await;
        assert!(waiting.is_err(), "a third search must wait");
        drop(a);
        let third = tokio::time::timeout(Duration::from_millis(50), pool.acquire()).await;
        assert!(third.is_ok(), "a freed worker takes the next search");
        assert_eq!(pool.waiting.load(Ordering::Relaxed), 0);
    }

    #[tokio::test]
    async fn a_busy_pool_gives_each_search_its_share_of_the_plan() {
        let pool = SearchPool::new(2);
        let second = Duration::from_secs(1);
        assert_eq!(
            pool.fair_share(second),
            None,
            "an idle pool gives the whole plan"
        );
        let _a = pool.acquire().await;
        let _b = pool.acquire().await;
        let queued: Vec<_> = (0..2)
            .map(|_| {
                let pool = pool.clone();
                tokio::spawn(async move { drop(pool.acquire().await) })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(30)).await;
        // Two running and two waiting on two workers: half the plan each.
        assert_eq!(pool.fair_share(second), Some(Duration::from_millis(500)));
        for q in queued {
            q.abort();
        }
    }
}
