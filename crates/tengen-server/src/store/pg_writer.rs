//! PostgreSQL's appends, grouped: a few writer tasks each take the appends waiting at the
//! moment and commit them in one transaction (one WAL flush for them all instead of one
//! each, which is what bounds the rate on a disk that flushes in milliseconds). A group that
//! fails (a conflict, a fenced writer) is rolled back and its appends are then made one by
//! one, so each gets its own answer; no append is answered before its commit.

use std::sync::Arc;

use sqlx::{PgPool, postgres::PgQueryResult};
use tokio::sync::{Mutex, mpsc, oneshot};

use super::{
    GameSummary, StoreError,
    cluster::Cluster,
    pg_statement::{bounded_raw, pg_err},
};

/// Appends in one group at most.
const GROUP: usize = 256;
/// Writer tasks, so that one group's flush overlaps the next group's statements.
pub(super) const WRITERS: usize = 4;

/// One append waiting for a writer.
pub(super) struct Append {
    pub(super) game: String,
    pub(super) first_seq: u64,
    pub(super) records: Vec<String>,
    pub(super) summary: GameSummary,
    /// The writer's fence, if this server holds the game's lease.
    pub(super) fence: Option<i64>,
    pub(super) reply: oneshot::Sender<Result<(), StoreError>>,
}

/// Starts the writers; they stop when the returned sender is dropped.
pub(super) fn start(pool: PgPool, cluster: Cluster) -> mpsc::UnboundedSender<Append> {
    let (tx, rx) = mpsc::unbounded_channel();
    let rx = Arc::new(Mutex::new(rx));
    for _ in 0..WRITERS {
        tokio::spawn(writer(pool.clone(), cluster.clone(), Arc::clone(&rx)));
    }
    tx
}

async fn writer(pool: PgPool, cluster: Cluster, rx: Arc<Mutex<mpsc::UnboundedReceiver<Append>>>) {
    loop {
        let group = {
            let mut rx = rx.lock().await;
            let Some(first) = rx.recv().await else {
                return;
            };
            let mut group = vec![first];
            while group.len() < GROUP {
                match rx.try_recv() {
                    Ok(a) => group.push(a),
                    Err(_) => break,
                }
            }
            group
        };
        let results = write_group(&pool, &cluster, &group).await;
        for (append, result) in group.into_iter().zip(results) {
            let _ = append.reply.send(result);
        }
    }
}

async fn write_group(
    pool: &PgPool,
    cluster: &Cluster,
    group: &[Append],
) -> Vec<Result<(), StoreError>> {
    if group.len() > 1 {
        match bounded_raw(together(pool, group)).await {
            Ok(Ok(true)) => return group.iter().map(|_| Ok(())).collect(),
            // One of them is refused: each on its own below.
            Ok(Ok(false)) => {}
            // The commit's outcome is unknown (or nothing was sent): every actor reloads.
            Ok(Err(e)) => {
                let e = pg_err(e);
                return group.iter().map(|_| Err(same(&e))).collect();
            }
            Err(e) => return group.iter().map(|_| Err(same(&e))).collect(),
        }
    }
    let mut results = Vec::with_capacity(group.len());
    for a in group {
        let result = match bounded_raw(statement(a).execute(pool)).await {
            Ok(r) => answer(a, r, cluster),
            Err(e) => Err(e),
        };
        results.push(result);
    }
    results
}

/// The whole group in one transaction: `Ok(false)` (rolled back) if any append is refused.
async fn together(pool: &PgPool, group: &[Append]) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    for a in group {
        match statement(a).execute(&mut *tx).await {
            Ok(done) if done.rows_affected() == a.records.len() as u64 => {}
            Ok(_) => return Ok(false),
            Err(sqlx::Error::Database(_)) => return Ok(false),
            Err(e) => return Err(e),
        }
    }
    tx.commit().await?;
    Ok(true)
}

/// A copy of an error for every append of a failed group.
fn same(e: &StoreError) -> StoreError {
    match e {
        StoreError::Unavailable(why) => StoreError::Unavailable(why.clone()),
        StoreError::Postgres(e) => StoreError::Postgres(Arc::clone(e)),
        // Nothing else reaches it (`pg_err` and the statement timeout make only these two),
        // and an unknown outcome is what `Unavailable` means.
        e => StoreError::Unavailable(e.to_string()),
    }
}

/// The game row and the records in one statement. A game's first append creates it
/// (nobody can hold a lease on it yet). Later ones are taken from the holder of its lease
/// (the fence: a lease taken over since has another), or from anyone while nobody holds
/// one; the lease row is locked until the commit, so a takeover waits for an append under
/// way.
fn statement(a: &Append) -> sqlx::query::Query<'_, sqlx::Postgres, sqlx::postgres::PgArguments> {
    const CREATE: &str = "WITH g AS (
            INSERT INTO games (id, created_ms, finished, waiting, expired, summary)
            VALUES ($1, $7, $2, $3, $4, $5) RETURNING id)
        INSERT INTO records (game_id, seq, record)
        SELECT g.id, $6 + r.n - 1, r.record
        FROM g, unnest($8::text[]) WITH ORDINALITY AS r(record, n)";
    const APPEND: &str = "WITH g AS (
            UPDATE games SET finished = $2, waiting = $3, expired = $4, summary = $5
            WHERE id = $1 AND CASE WHEN $9::bigint IS NULL
                THEN NOT EXISTS (SELECT 1 FROM leases WHERE game_id = $1)
                ELSE EXISTS (SELECT 1 FROM leases WHERE game_id = $1 AND fence = $9 FOR SHARE)
            END
            RETURNING id)
        INSERT INTO records (game_id, seq, record)
        SELECT g.id, $6 + r.n - 1, r.record
        FROM g, unnest($8::text[]) WITH ORDINALITY AS r(record, n)";
    let flags = a.summary.flags();
    let summary = serde_json::to_string(&a.summary).unwrap_or_default();
    sqlx::query(if a.first_seq == 1 { CREATE } else { APPEND })
        .bind(&a.game)
        .bind(flags.finished)
        .bind(flags.waiting)
        .bind(flags.expired)
        .bind(summary)
        .bind(a.first_seq as i64)
        .bind(a.summary.created_ms as i64)
        .bind(&a.records)
        .bind(a.fence)
}

/// The answer to one append made on its own.
fn answer(
    a: &Append,
    result: Result<PgQueryResult, sqlx::Error>,
    cluster: &Cluster,
) -> Result<(), StoreError> {
    match result {
        Ok(done) if done.rows_affected() == a.records.len() as u64 => Ok(()),
        Ok(_) if a.fence.is_some() => {
            cluster.lose(&a.game);
            Err(StoreError::NotHeld(a.game.clone()))
        }
        Ok(_) => Err(StoreError::NoSuchGame(a.game.clone())),
        Err(e) if unique_violation(&e) => Err(StoreError::Conflict {
            game: a.game.clone(),
            seq: a.first_seq,
        }),
        Err(e) => Err(pg_err(e)),
    }
}

/// A unique key refused the statement: another writer has this record.
fn unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.code().as_deref() == Some("23505"))
}
