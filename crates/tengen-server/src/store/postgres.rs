//! PostgreSQL, for several servers sharing one database: a pool of connections; each append
//! is one statement (the game's row and its records), and the appends waiting at the same
//! moment are committed together (`pg_writer.rs`).

use std::{str::FromStr, time::Duration};

use sqlx::{
    Connection, PgConnection, PgPool, Row,
    postgres::{PgConnectOptions, PgPoolOptions},
};

use tokio::sync::{mpsc, oneshot};

use super::{
    BoxFuture, Claim, GameSummary, MIGRATIONS, SCHEMA_VERSION, Store, StoreError,
    cluster::Cluster,
    pg_statement::bounded,
    pg_writer::{self, Append},
};

/// How long start-up waits for the first connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a query waits for a connection from the pool: while the database is down, a
/// move is refused after this long rather than waiting for it to come back.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);
/// Connections in the pool: the writers' (which group the appends) and the reads', and each
/// connection costs the database a process.
const POOL_SIZE: u32 = 16;
/// The key of the advisory lock that serialises migrations between servers starting at once.
const MIGRATION_LOCK: i64 = 0x7465_6e67_656e; // "tengen"

/// PostgreSQL, chosen with a `postgres://` URL. Every append is committed (with the
/// server's `synchronous_commit`, by default to disk) before its future resolves; a unique
/// `(game_id, seq)` key turns a second writer of one game into [`StoreError::Conflict`].
///
/// ```no_run
/// # async fn run() -> Result<(), tengen_server::StoreError> {
/// use tengen_server::{PgStore, Store};
/// let store = PgStore::connect("postgres://tengen:secret@127.0.0.1/tengen").await?;
/// println!("schema version {}", store.schema_version());
/// # Ok(()) }
/// ```
pub struct PgStore {
    pool: PgPool,
    cluster: Cluster,
    writer: mpsc::UnboundedSender<Append>,
}

/// `postgres://user@host:port/database`, without the password, for messages.
fn describe(options: &PgConnectOptions) -> String {
    let host = options.get_host();
    let place = if host.starts_with('/') {
        format!("socket {host}/.s.PGSQL.{}", options.get_port())
    } else {
        format!("{host}:{}", options.get_port())
    };
    format!(
        "PostgreSQL database {:?} as user {:?} at {place}",
        options.get_database().unwrap_or(options.get_username()),
        options.get_username()
    )
}

/// Why the first connection failed, in words an operator can act on.
fn connect_error(e: &sqlx::Error, options: &PgConnectOptions) -> String {
    match e {
        sqlx::Error::Io(io) => format!("cannot reach it: {io}"),
        sqlx::Error::Database(db) => match db.code().as_deref() {
            Some("28P01") => format!(
                "the password of user {:?} is wrong ({})",
                options.get_username(),
                db.message()
            ),
            Some(c) if c.starts_with("28") => format!("the login is refused: {}", db.message()),
            Some("3D000") => format!("{} (create it first)", db.message()),
            _ => db.message().to_owned(),
        },
        e => e.to_string(),
    }
}

/// Applies the migrations the database lacks, under an advisory lock so that servers
/// starting together apply each once; refuses a schema newer than this program's.
async fn migrate(conn: &mut PgConnection) -> Result<u32, sqlx::Error> {
    let mut tx = conn.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *tx)
        .await?;
    sqlx::raw_sql(
        "CREATE TABLE IF NOT EXISTS tengen_schema (version INTEGER NOT NULL);
         INSERT INTO tengen_schema SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM tengen_schema);",
    )
    .execute(&mut *tx)
    .await?;
    let found: i32 = sqlx::query_scalar("SELECT version FROM tengen_schema")
        .fetch_one(&mut *tx)
        .await?;
    let found = found.max(0) as u32;
    if found > SCHEMA_VERSION {
        return Ok(found);
    }
    for migration in &MIGRATIONS[found as usize..] {
        sqlx::raw_sql(migration.postgres).execute(&mut *tx).await?;
    }
    sqlx::query("UPDATE tengen_schema SET version = $1")
        .bind(SCHEMA_VERSION as i32)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(SCHEMA_VERSION)
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user:password@host:port/database`, or
    /// `postgres:///database?host=/run/postgresql` for a Unix socket), applies the
    /// migrations it lacks, and opens a pool.
    ///
    /// # Errors
    /// [`StoreError::Open`] naming the database and the problem (a malformed URL, a server
    /// that cannot be reached or does not answer, a wrong password, a missing database), and
    /// [`StoreError::SchemaTooNew`] for a database written by a newer version.
    pub async fn connect(url: &str) -> Result<PgStore, StoreError> {
        let options = PgConnectOptions::from_str(url)
            .map_err(|e| StoreError::Open(format!("not a PostgreSQL URL: {e}")))?;
        let place = describe(&options);
        let open = |why: String| StoreError::Open(format!("{place}: {why}"));
        // One connection first, so that what is wrong is said as it is, not as a pool's
        // timeout.
        let mut conn = tokio::time::timeout(CONNECT_TIMEOUT, PgConnection::connect_with(&options))
            .await
            .map_err(|_| open(format!("no answer within {} s", CONNECT_TIMEOUT.as_secs())))?
            .map_err(|e| open(connect_error(&e, &options)))?;
        let found = migrate(&mut conn)
            .await
            .map_err(|e| open(format!("the migrations failed: {e}")))?;
        let _ = conn.close().await;
        if found > SCHEMA_VERSION {
            return Err(StoreError::SchemaTooNew {
                found,
                known: SCHEMA_VERSION,
            });
        }
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_lazy_with(options);
        let cluster = Cluster::new(pool.clone());
        Ok(PgStore {
            writer: pg_writer::start(pool.clone(), cluster.clone()),
            cluster,
            pool,
        })
    }
}

impl Store for PgStore {
    fn append(
        &self,
        game: &str,
        first_seq: u64,
        records: Vec<String>,
        summary: GameSummary,
    ) -> BoxFuture<'_, Result<(), StoreError>> {
        let (reply, answer) = oneshot::channel();
        let sent = self.writer.send(Append {
            fence: self.cluster.fence(game),
            game: game.to_owned(),
            first_seq,
            records,
            summary,
            reply,
        });
        Box::pin(async move {
            sent.map_err(|_| StoreError::Closed)?;
            answer.await.map_err(|_| StoreError::Closed)?
        })
    }

    fn load(&self, game: &str) -> BoxFuture<'_, Result<Option<Vec<String>>, StoreError>> {
        let game = game.to_owned();
        Box::pin(async move {
            let exists: bool = bounded(
                sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)")
                    .bind(&game)
                    .fetch_one(&self.pool),
            )
            .await?;
            if !exists {
                return Ok(None);
            }
            let rows = bounded(
                sqlx::query_scalar("SELECT record FROM records WHERE game_id = $1 ORDER BY seq")
                    .bind(&game)
                    .fetch_all(&self.pool),
            )
            .await?;
            Ok(Some(rows))
        })
    }

    fn list(
        &self,
        limit: u32,
        waiting_since_ms: u64,
    ) -> BoxFuture<'_, Result<Vec<GameSummary>, StoreError>> {
        Box::pin(async move {
            let rows = bounded(
                sqlx::query(
                    "SELECT summary FROM games
                     WHERE NOT expired AND NOT (waiting AND created_ms < $2)
                     ORDER BY created_ms DESC LIMIT $1",
                )
                .bind(i64::from(limit))
                .bind(waiting_since_ms as i64)
                .fetch_all(&self.pool),
            )
            .await?;
            Ok(rows
                .iter()
                .filter_map(|r| serde_json::from_str(r.get::<&str, _>(0)).ok())
                .collect())
        })
    }

    fn live_games(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(bounded(
            sqlx::query_scalar("SELECT id FROM games WHERE NOT finished AND NOT waiting")
                .fetch_all(&self.pool),
        ))
    }

    fn club(&self) -> super::ClubDb {
        super::ClubDb::postgres(self.pool.clone())
    }

    fn kind(&self) -> &'static str {
        "postgres"
    }

    fn schema_version(&self) -> u32 {
        SCHEMA_VERSION
    }

    fn shared(&self) -> bool {
        true
    }

    fn join_cluster(&self, addr: String) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(self.cluster.join(addr))
    }

    fn claim(&self, game: &str) -> BoxFuture<'_, Result<Claim, StoreError>> {
        let game = game.to_owned();
        Box::pin(async move { self.cluster.claim(&game).await })
    }

    fn orphans(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(self.cluster.orphans())
    }
}
