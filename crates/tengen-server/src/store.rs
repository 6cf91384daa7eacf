//! Persistence behind a small trait: an append-only log of records per game, plus a summary
//! row per game for the lists. The SQLite implementation commits every append before it
//! returns, from one writer thread that groups concurrent appends into one transaction.

use std::{
    future::Future,
    path::Path,
    pin::Pin,
    sync::{Arc, Mutex, mpsc as std_mpsc},
};

use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

/// A boxed future, so that [`Store`] can be used as `dyn Store`.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A storage failure.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The database reported an error.
    #[error("database: {0}")]
    Database(String),
    /// A record with this sequence number exists already (two writers for one game).
    #[error("record {seq} of game {game} exists already")]
    Conflict {
        /// The game.
        game: String,
        /// The sequence number.
        seq: u64,
    },
    /// The store has shut down.
    #[error("the store is closed")]
    Closed,
}

/// One row of the games list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// Board size.
    pub size: u8,
    /// Rules, text form.
    pub rules: String,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// `waiting`, `placing`, `playing`, `scoring` or `finished`.
    pub phase: String,
    /// The result once finished.
    pub result: Option<String>,
    /// Moves played.
    pub moves: u32,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// The game was aborted (it is finished, with no result).
    #[serde(default)]
    pub aborted: bool,
    /// The invitation expired unopened (finished, no result; not listed).
    #[serde(default)]
    pub expired: bool,
}

/// Where games are kept. Every method commits before its future resolves.
pub trait Store: Send + Sync + 'static {
    /// Appends `records` (JSON, numbered from `first_seq`) to `game`'s log and replaces its
    /// summary, in one transaction. `first_seq == 1` creates the game.
    fn append(
        &self,
        game: &str,
        first_seq: u64,
        records: Vec<String>,
        summary: GameSummary,
    ) -> BoxFuture<'_, Result<(), StoreError>>;

    /// A game's records in order, or `None` for an unknown game.
    fn load(&self, game: &str) -> BoxFuture<'_, Result<Option<Vec<String>>, StoreError>>;

    /// The summaries of the games worth listing, newest first (at most `limit`): not those
    /// whose invitation expired, nor those still waiting for their invited player that were
    /// created before `waiting_since_ms` (their invitation has expired, whether or not a
    /// record says so yet).
    fn list(
        &self,
        limit: u32,
        waiting_since_ms: u64,
    ) -> BoxFuture<'_, Result<Vec<GameSummary>, StoreError>>;

    /// The ids of the games that have started and are not finished (those waiting for their
    /// invited player are not among them).
    fn live_games(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>>;
}

/// The schema, one migration per entry; `PRAGMA user_version` counts those applied.
const MIGRATIONS: &[&str] = &[
    // 1: games and their logs.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        created_ms INTEGER NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        summary TEXT NOT NULL
    );
    CREATE INDEX games_created ON games(created_ms);
    CREATE TABLE records (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;",
    // 2: whether a game waits for its invited player, or its invitation expired, so that
    // start-up and the lists skip abandoned invitations without reading their summaries.
    "ALTER TABLE games ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN expired INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET waiting = (json_extract(summary, '$.phase') = 'waiting');
    CREATE INDEX games_live ON games(finished, waiting);",
];

struct Append {
    game: String,
    first_seq: u64,
    records: Vec<String>,
    summary: GameSummary,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// SQLite, the default store: one file, created with its schema on first start.
///
/// WAL mode with `synchronous=NORMAL`: a committed append survives the process being killed
/// (`kill -9`); `synchronous=FULL` (see [`SqliteStore::open_with`]) also survives power loss.
pub struct SqliteStore {
    writer: Mutex<std_mpsc::Sender<Append>>,
    reader: Arc<Mutex<rusqlite::Connection>>,
}

fn db_err(e: rusqlite::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

fn open_conn(path: &Path, full_sync: bool) -> Result<rusqlite::Connection, StoreError> {
    let conn = rusqlite::Connection::open(path).map_err(db_err)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))
        .map_err(db_err)?;
    conn.pragma_update(None, "journal_mode", "WAL")
        .map_err(db_err)?;
    conn.pragma_update(
        None,
        "synchronous",
        if full_sync { "FULL" } else { "NORMAL" },
    )
    .map_err(db_err)?;
    conn.pragma_update(None, "foreign_keys", "ON")
        .map_err(db_err)?;
    Ok(conn)
}

fn migrate(conn: &mut rusqlite::Connection) -> Result<(), StoreError> {
    let version: u32 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(db_err)?;
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let tx = conn.transaction().map_err(db_err)?;
        tx.execute_batch(sql).map_err(db_err)?;
        tx.pragma_update(None, "user_version", i + 1)
            .map_err(db_err)?;
        tx.commit().map_err(db_err)?;
    }
    Ok(())
}

impl SqliteStore {
    /// Opens (or creates, with migrations) the database at `path`.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the file cannot be opened or migrated.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, false)
    }

    /// As [`SqliteStore::open`]; `full_sync` makes every commit wait for the disk.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the file cannot be opened or migrated.
    pub fn open_with(path: &Path, full_sync: bool) -> Result<SqliteStore, StoreError> {
        let mut conn = open_conn(path, full_sync)?;
        migrate(&mut conn)?;
        let reader = open_conn(path, full_sync)?;
        let (tx, rx) = std_mpsc::channel::<Append>();
        std::thread::Builder::new()
            .name("tengen-sqlite-writer".into())
            .spawn(move || writer_loop(conn, rx))
            .map_err(|e| StoreError::Database(e.to_string()))?;
        Ok(SqliteStore {
            writer: Mutex::new(tx),
            reader: Arc::new(Mutex::new(reader)),
        })
    }

    async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&rusqlite::Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let reader = Arc::clone(&self.reader);
        tokio::task::spawn_blocking(move || {
            let conn = reader.lock().map_err(|_| StoreError::Closed)?;
            f(&conn)
        })
        .await
        .map_err(|_| StoreError::Closed)?
    }
}

/// Writes appends as they come, grouping whatever is waiting into one transaction (group
/// commit), and answers each append only after the commit.
fn writer_loop(mut conn: rusqlite::Connection, rx: std_mpsc::Receiver<Append>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < 1024 {
            match rx.try_recv() {
                Ok(a) => batch.push(a),
                Err(_) => break,
            }
        }
        let results = write_batch(&mut conn, &batch);
        for (append, result) in batch.into_iter().zip(results) {
            let _ = append.reply.send(result);
        }
    }
}

fn write_batch(conn: &mut rusqlite::Connection, batch: &[Append]) -> Vec<Result<(), StoreError>> {
    let mut tx = match conn.transaction() {
        Ok(tx) => tx,
        Err(e) => return batch.iter().map(|_| Err(db_err(e.clone_err()))).collect(),
    };
    let mut results = Vec::with_capacity(batch.len());
    for a in batch {
        results.push(write_one(&mut tx, a));
    }
    match tx.commit() {
        Ok(()) => results,
        Err(e) => batch.iter().map(|_| Err(db_err(e.clone_err()))).collect(),
    }
}

trait CloneErr {
    fn clone_err(&self) -> rusqlite::Error;
}

impl CloneErr for rusqlite::Error {
    fn clone_err(&self) -> rusqlite::Error {
        rusqlite::Error::InvalidParameterName(self.to_string())
    }
}

fn write_one(tx: &mut rusqlite::Transaction<'_>, a: &Append) -> Result<(), StoreError> {
    let sp = tx.savepoint_with_name("append").map_err(db_err)?;
    let summary =
        serde_json::to_string(&a.summary).map_err(|e| StoreError::Database(e.to_string()))?;
    let finished = i64::from(a.summary.phase == "finished");
    let waiting = i64::from(a.summary.phase == "waiting");
    let expired = i64::from(a.summary.expired);
    if a.first_seq == 1 {
        sp.execute(
            "INSERT INTO games (id, created_ms, finished, summary, waiting, expired)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            rusqlite::params![
                a.game,
                a.summary.created_ms as i64,
                finished,
                summary,
                waiting,
                expired
            ],
        )
        .map_err(|e| conflict_or(e, a, 1))?;
    } else {
        sp.execute(
            "UPDATE games SET finished = ?2, summary = ?3, waiting = ?4, expired = ?5 WHERE id = ?1",
            rusqlite::params![a.game, finished, summary, waiting, expired],
        )
        .map_err(db_err)?;
    }
    {
        let mut stmt = sp
            .prepare_cached("INSERT INTO records (game_id, seq, record) VALUES (?1, ?2, ?3)")
            .map_err(db_err)?;
        for (i, r) in a.records.iter().enumerate() {
            let seq = a.first_seq + i as u64;
            stmt.execute(rusqlite::params![a.game, seq as i64, r])
                .map_err(|e| conflict_or(e, a, seq))?;
        }
    }
    sp.commit().map_err(db_err)
}

fn conflict_or(e: rusqlite::Error, a: &Append, seq: u64) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::Conflict {
            game: a.game.clone(),
            seq,
        },
        _ => db_err(e),
    }
}

impl Store for SqliteStore {
    fn append(
        &self,
        game: &str,
        first_seq: u64,
        records: Vec<String>,
        summary: GameSummary,
    ) -> BoxFuture<'_, Result<(), StoreError>> {
        let (reply, rx) = oneshot::channel();
        let sent = self
            .writer
            .lock()
            .map_err(|_| StoreError::Closed)
            .and_then(|w| {
                w.send(Append {
                    game: game.to_owned(),
                    first_seq,
                    records,
                    summary,
                    reply,
                })
                .map_err(|_| StoreError::Closed)
            });
        Box::pin(async move {
            sent?;
            rx.await.map_err(|_| StoreError::Closed)?
        })
    }

    fn load(&self, game: &str) -> BoxFuture<'_, Result<Option<Vec<String>>, StoreError>> {
        let game = game.to_owned();
        Box::pin(self.read(move |conn| {
            let exists: bool = conn
                .query_row("SELECT 1 FROM games WHERE id = ?1", [&game], |_| Ok(()))
                .map(|()| true)
                .or_else(|e| match e {
                    rusqlite::Error::QueryReturnedNoRows => Ok(false),
                    e => Err(db_err(e)),
                })?;
            if !exists {
                return Ok(None);
            }
            let mut stmt = conn
                .prepare_cached("SELECT record FROM records WHERE game_id = ?1 ORDER BY seq")
                .map_err(db_err)?;
            let rows = stmt
                .query_map([&game], |r| r.get::<_, String>(0))
                .map_err(db_err)?;
            rows.collect::<Result<Vec<_>, _>>()
                .map(Some)
                .map_err(db_err)
        }))
    }

    fn list(
        &self,
        limit: u32,
        waiting_since_ms: u64,
    ) -> BoxFuture<'_, Result<Vec<GameSummary>, StoreError>> {
        Box::pin(self.read(move |conn| {
            let mut stmt = conn
                .prepare_cached(
                    "SELECT summary FROM games
                     WHERE expired = 0 AND NOT (waiting = 1 AND created_ms < ?2)
                     ORDER BY created_ms DESC LIMIT ?1",
                )
                .map_err(db_err)?;
            let rows = stmt
                .query_map(rusqlite::params![limit, waiting_since_ms as i64], |r| {
                    r.get::<_, String>(0)
                })
                .map_err(db_err)?;
            let mut out = Vec::new();
            for row in rows {
                let text = row.map_err(db_err)?;
                if let Ok(s) = serde_json::from_str(&text) {
                    out.push(s);
                }
            }
            Ok(out)
        }))
    }

    fn live_games(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(self.read(|conn| {
            let mut stmt = conn
                .prepare_cached("SELECT id FROM games WHERE finished = 0 AND waiting = 0")
                .map_err(db_err)?;
            let rows = stmt
                .query_map([], |r| r.get::<_, String>(0))
                .map_err(db_err)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(db_err)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(id: &str, phase: &str) -> GameSummary {
        GameSummary {
            id: id.into(),
            size: 9,
            rules: "aga".into(),
            black: "a".into(),
            white: "b".into(),
            phase: phase.into(),
            result: None,
            moves: 0,
            created_ms: 1,
            aborted: false,
            expired: false,
        }
    }

    #[tokio::test]
    async fn appends_survive_reopening_and_duplicates_conflict() {
        let dir = std::env::temp_dir().join(format!("tengen-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let _ = std::fs::remove_file(&path);
        {
            let s = SqliteStore::open(&path).unwrap();
            s.append(
                "g1",
                1,
                vec!["a".into(), "b".into()],
                summary("g1", "playing"),
            )
            .await
            .unwrap();
            s.append("g1", 3, vec!["c".into()], summary("g1", "playing"))
                .await
                .unwrap();
            let dup = s
                .append("g1", 3, vec!["x".into()], summary("g1", "playing"))
                .await;
            assert!(matches!(dup, Err(StoreError::Conflict { seq: 3, .. })));
        }
        let s = SqliteStore::open(&path).unwrap();
        assert_eq!(
            s.load("g1").await.unwrap().unwrap(),
            vec!["a".to_string(), "b".into(), "c".into()]
        );
        assert_eq!(s.load("nope").await.unwrap(), None);
        assert_eq!(s.live_games().await.unwrap(), vec!["g1".to_string()]);
        assert_eq!(s.list(10, 0).await.unwrap().len(), 1);
    }

    #[tokio::test]
    async fn waiting_games_are_not_live_and_expired_invitations_are_not_listed() {
        let dir = std::env::temp_dir().join(format!("tengen-store-w-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.db");
        let _ = std::fs::remove_file(&path);
        let s = SqliteStore::open(&path).unwrap();
        let mut old = summary("old", "waiting");
        old.created_ms = 100;
        let mut new = summary("new", "waiting");
        new.created_ms = 300;
        let mut gone = summary("gone", "finished");
        gone.expired = true;
        for row in [old, new, gone, summary("live", "playing")] {
            let id = row.id.clone();
            s.append(&id, 1, vec!["{}".into()], row).await.unwrap();
        }
        assert_eq!(s.live_games().await.unwrap(), vec!["live".to_string()]);
        let ids = |rows: Vec<GameSummary>| rows.into_iter().map(|g| g.id).collect::<Vec<_>>();
        // Waiting since 200: the older invitation is past its time.
        let mut listed = ids(s.list(10, 200).await.unwrap());
        listed.sort();
        assert_eq!(listed, vec!["live".to_string(), "new".into()]);
    }
}
