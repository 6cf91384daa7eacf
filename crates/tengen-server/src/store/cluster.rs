//! Several servers on one PostgreSQL: each announces itself in `nodes` and renews its `seen`
//! every second (one row per server, however many games it runs); a game's actor runs on
//! the server whose row in `leases` names it. A lease lapses when its server has not been
//! seen for [`LEASE_TTL`]; another server may then take it over, with a new fence from a
//! sequence, and every append of the old holder (which carries the old fence) is refused.

use std::{
    collections::HashMap,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use sqlx::PgPool;
use tokio::sync::watch;

use super::{
    Claim, Lease, StoreError,
    pg_statement::{bounded, pg_err},
};

/// How long a server may go unseen before its games may be taken over: the longest a game
/// waits for another server after its own has died (plus one scan, a second).
pub const LEASE_TTL: Duration = Duration::from_secs(5);
/// How often a server renews its `seen`, and checks its leases after a gap.
const HEARTBEAT: Duration = Duration::from_secs(1);
/// Check that every lease is still held at least this often, even without a gap.
const VERIFY_EVERY: u32 = 5;
/// Games taken over in one scan at most.
const ORPHANS_PER_SCAN: i64 = 500;

struct Held {
    fence: i64,
    lost: watch::Sender<bool>,
    since: Instant,
}

struct Inner {
    pool: PgPool,
    /// This process's name in `nodes`: random, so a restarted server is a new one.
    node: String,
    held: Mutex<HashMap<String, Held>>,
    joined: AtomicBool,
}

/// The leases of this server.
#[derive(Clone)]
pub(super) struct Cluster(Arc<Inner>);

fn ttl_secs() -> f64 {
    LEASE_TTL.as_secs_f64()
}

impl Cluster {
    pub(super) fn new(pool: PgPool) -> Cluster {
        Cluster(Arc::new(Inner {
            pool,
            node: format!("node-{}", crate::secret::new_id()),
            held: Mutex::new(HashMap::new()),
            joined: AtomicBool::new(false),
        }))
    }

    /// The fence of this server's lease on `game`, if it holds one.
    pub(super) fn fence(&self, game: &str) -> Option<i64> {
        self.0.held.lock().ok()?.get(game).map(|h| h.fence)
    }

    /// The lease on `game` is gone: its actor is told.
    pub(super) fn lose(&self, game: &str) {
        self.0.lose(game, None);
    }

    /// Writes this server's row and starts renewing it.
    pub(super) async fn join(&self, addr: String) -> Result<(), StoreError> {
        bounded(
            sqlx::query(
                "INSERT INTO nodes (id, addr, seen) VALUES ($1, $2, now())
                 ON CONFLICT (id) DO UPDATE SET addr = $2, seen = now()",
            )
            .bind(&self.0.node)
            .bind(&addr)
            .execute(&self.0.pool),
        )
        .await?;
        // Servers long gone that hold nothing.
        bounded(
            sqlx::query(
                "DELETE FROM nodes WHERE seen < now() - interval '1 hour'
                 AND NOT EXISTS (SELECT 1 FROM leases WHERE node = nodes.id)",
            )
            .execute(&self.0.pool),
        )
        .await?;
        if !self.0.joined.swap(true, Ordering::SeqCst) {
            tokio::spawn(heartbeat(Arc::downgrade(&self.0), addr));
        }
        Ok(())
    }

    /// Takes `game`'s lease if nobody holds it, this server does, or its holder has not been
    /// seen for [`LEASE_TTL`]; else says who holds it.
    pub(super) async fn claim(&self, game: &str) -> Result<Claim, StoreError> {
        // First a plain read: a game another live server holds (the common case, for a
        // relayed player) is answered without locking its lease row, which would wait for
        // the holder's append under way.
        let current: Option<(Option<String>, bool, bool)> = bounded(
            sqlx::query_as(
                "SELECT n.addr, COALESCE(n.seen > now() - make_interval(secs => $3), false),
                        l.node = $2
                 FROM leases l LEFT JOIN nodes n ON n.id = l.node WHERE l.game_id = $1",
            )
            .bind(game)
            .bind(&self.0.node)
            .bind(ttl_secs())
            .fetch_optional(&self.0.pool),
        )
        .await?;
        if let Some((Some(addr), true, false)) = current {
            return Ok(Claim::Elsewhere(addr));
        }
        for _ in 0..3 {
            let taken = bounded_raw_claim(&self.0, game).await?;
            match taken {
                Err(e) if foreign_key_violation(&e) => return Ok(Claim::Missing),
                Err(e) => return Err(pg_err(e)),
                Ok(Some(fence)) => return Ok(Claim::Held(self.0.lease(game, fence))),
                Ok(None) => {}
            }
            let holder: Option<String> = bounded(
                sqlx::query_scalar(
                    "SELECT n.addr FROM leases l JOIN nodes n ON n.id = l.node
                     WHERE l.game_id = $1",
                )
                .bind(game)
                .fetch_optional(&self.0.pool),
            )
            .await?;
            if let Some(addr) = holder {
                return Ok(Claim::Elsewhere(addr));
            }
            // Released or gone between the two statements: try again.
        }
        Err(StoreError::Unavailable(format!(
            "game {game}: its lease keeps changing hands"
        )))
    }

    /// Unfinished games whose server has not been seen for [`LEASE_TTL`].
    pub(super) async fn orphans(&self) -> Result<Vec<String>, StoreError> {
        bounded(
            sqlx::query_scalar(
                "SELECT l.game_id FROM leases l JOIN games g ON g.id = l.game_id
                 WHERE NOT g.finished AND l.node <> $1 AND NOT EXISTS (
                     SELECT 1 FROM nodes n
                     WHERE n.id = l.node AND n.seen > now() - make_interval(secs => $2))
                 LIMIT $3",
            )
            .bind(&self.0.node)
            .bind(ttl_secs())
            .bind(ORPHANS_PER_SCAN)
            .fetch_all(&self.0.pool),
        )
        .await
    }
}

async fn bounded_raw_claim(
    inner: &Inner,
    game: &str,
) -> Result<Result<Option<i64>, sqlx::Error>, StoreError> {
    let claim = sqlx::query_scalar(
        "INSERT INTO leases (game_id, node, fence) VALUES ($1, $2, nextval('lease_fence'))
         ON CONFLICT (game_id) DO UPDATE SET node = EXCLUDED.node, fence = EXCLUDED.fence
         WHERE leases.node = $2 OR NOT EXISTS (
             SELECT 1 FROM nodes n
             WHERE n.id = leases.node AND n.seen > now() - make_interval(secs => $3))
         RETURNING fence",
    )
    .bind(game)
    .bind(&inner.node)
    .bind(ttl_secs())
    .fetch_optional(&inner.pool);
    match tokio::time::timeout(Duration::from_secs(10), claim).await {
        Ok(r) => Ok(r),
        Err(_) => Err(StoreError::Unavailable(
            "no answer from PostgreSQL within 10 s".into(),
        )),
    }
}

fn foreign_key_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.code().as_deref() == Some("23503"))
}

impl Inner {
    fn lease(self: &Arc<Inner>, game: &str, fence: i64) -> Lease {
        let (lost, watch) = watch::channel(false);
        if let Ok(mut held) = self.held.lock() {
            if let Some(old) = held.insert(
                game.to_owned(),
                Held {
                    fence,
                    lost,
                    since: Instant::now(),
                },
            ) {
                let _ = old.lost.send(true);
            }
        }
        let inner = Arc::clone(self);
        let game = game.to_owned();
        Lease::shared(watch, move || inner.release(game, fence))
    }

    /// Forgets `game` (if held with `fence`, or with any fence) and tells its actor.
    fn lose(&self, game: &str, fence: Option<i64>) {
        let Ok(mut held) = self.held.lock() else {
            return;
        };
        if held
            .get(game)
            .is_some_and(|h| fence.is_none_or(|f| f == h.fence))
        {
            if let Some(h) = held.remove(game) {
                let _ = h.lost.send(true);
            }
        }
    }

    /// The actor has stopped: the lease row goes, so that any server may start the game.
    fn release(self: &Arc<Inner>, game: String, fence: i64) {
        self.lose(&game, Some(fence));
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let inner = Arc::clone(self);
        runtime.spawn(async move {
            let _ = bounded(
                sqlx::query("DELETE FROM leases WHERE game_id = $1 AND fence = $2")
                    .bind(&game)
                    .bind(fence)
                    .execute(&inner.pool),
            )
            .await;
        });
    }

    /// Which held leases the database no longer gives this server: those actors stop.
    async fn verify(&self) -> Result<(), StoreError> {
        let asked = Instant::now();
        let rows: Vec<(String, i64)> = bounded(
            sqlx::query_as("SELECT game_id, fence FROM leases WHERE node = $1")
                .bind(&self.node)
                .fetch_all(&self.pool),
        )
        .await?;
        let current: HashMap<String, i64> = rows.into_iter().collect();
        let lost: Vec<(String, i64)> = match self.held.lock() {
            Ok(held) => held
                .iter()
                .filter(|(game, h)| h.since < asked && current.get(*game) != Some(&h.fence))
                .map(|(game, h)| (game.clone(), h.fence))
                .collect(),
            Err(_) => Vec::new(),
        };
        for (game, fence) in lost {
            tracing::info!("game {game}: another server has taken it over");
            self.lose(&game, Some(fence));
        }
        Ok(())
    }
}

/// Renews this server's `seen` every second; after a gap longer than half a lease (the
/// process was paused, or the database away) and every few seconds anyway, checks which
/// leases it still holds. Stops when the store is dropped.
async fn heartbeat(inner: std::sync::Weak<Inner>, addr: String) {
    let mut last_ok = Instant::now();
    let mut until_verify = VERIFY_EVERY;
    let mut failing = false;
    loop {
        tokio::time::sleep(HEARTBEAT).await;
        let Some(inner) = inner.upgrade() else {
            return;
        };
        let gap = last_ok.elapsed();
        let renewed = bounded(
            sqlx::query(
                "INSERT INTO nodes (id, addr, seen) VALUES ($1, $2, now())
                 ON CONFLICT (id) DO UPDATE SET seen = now()",
            )
            .bind(&inner.node)
            .bind(&addr)
            .execute(&inner.pool),
        )
        .await;
        if let Err(e) = renewed {
            if !failing {
                tracing::warn!("cannot renew this server's leases: {e}");
            }
            failing = true;
            continue;
        }
        if failing {
            tracing::info!("the database answers again");
        }
        failing = false;
        last_ok = Instant::now();
        until_verify = until_verify.saturating_sub(1);
        if gap > LEASE_TTL / 2 || until_verify == 0 {
            until_verify = VERIFY_EVERY;
            if let Err(e) = inner.verify().await {
                tracing::warn!("cannot check this server's leases: {e}");
            }
        }
    }
}
