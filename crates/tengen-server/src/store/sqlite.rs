//! SQLite, the default store: one file, and one writer thread that groups the appends
//! waiting at the same moment into one transaction (group commit).

use std::{
    path::Path,
    sync::{Arc, Mutex, mpsc as std_mpsc},
};

use tokio::sync::oneshot;

use super::{
    BoxFuture, GameSummary, MIGRATIONS, SCHEMA_VERSION, Store, StoreError,
    sqlite_jobs::{Append, Job},
};

/// SQLite, the default store: one file, created with its schema on first start.
///
/// WAL mode with `synchronous=NORMAL`: a committed append survives the process being killed
/// (`kill -9`); `synchronous=FULL` (see [`SqliteStore::open_with`]) also survives power loss.
pub struct SqliteStore {
    writer: Arc<Mutex<std_mpsc::Sender<Job>>>,
    reader: Arc<Mutex<rusqlite::Connection>>,
    /// The club's tables: reads on a connection of their own, writes on the writer thread.
    club: super::ClubDb,
}

fn open_conn(path: &Path, full_sync: bool) -> Result<rusqlite::Connection, StoreError> {
    let conn = rusqlite::Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(
        None,
        "synchronous",
        if full_sync { "FULL" } else { "NORMAL" },
    )?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(conn)
}

/// Applies the migrations the file lacks; refuses a file whose schema is newer than this
/// program's.
fn migrate(conn: &mut rusqlite::Connection) -> Result<(), StoreError> {
    let version: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::SchemaTooNew {
            found: version,
            known: SCHEMA_VERSION,
        });
    }
    for (i, migration) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(migration.sqlite)?;
        tx.pragma_update(None, "user_version", i + 1)?;
        tx.commit()?;
    }
    Ok(())
}

impl SqliteStore {
    /// Opens (or creates, with migrations) the database at `path`.
    ///
    /// # Errors
    /// [`StoreError::Open`] when the file cannot be opened or migrated.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, false)
    }

    /// As [`SqliteStore::open`]; `full_sync` makes every commit wait for the disk.
    ///
    /// # Errors
    /// [`StoreError::Open`] when the file cannot be opened or migrated (naming it), and
    /// [`StoreError::SchemaTooNew`] for a file written by a newer version.
    pub fn open_with(path: &Path, full_sync: bool) -> Result<SqliteStore, StoreError> {
        let named = |e: StoreError| match e {
            StoreError::Sqlite(why) => StoreError::Open(format!("{}: {why}", path.display())),
            e => e,
        };
        let mut conn = open_conn(path, full_sync).map_err(named)?;
        migrate(&mut conn).map_err(named)?;
        let reader = open_conn(path, full_sync).map_err(named)?;
        let (tx, rx) = std_mpsc::channel::<Job>();
        let writer = Arc::new(Mutex::new(tx));
        let club = super::ClubDb::sqlite(
            open_conn(path, full_sync).map_err(named)?,
            Arc::clone(&writer),
        );
        std::thread::Builder::new()
            .name("tengen-sqlite-writer".into())
            .spawn(move || writer_loop(conn, rx))
            .map_err(StoreError::Thread)?;
        Ok(SqliteStore {
            writer,
            reader: Arc::new(Mutex::new(reader)),
            club,
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
fn writer_loop(mut conn: rusqlite::Connection, rx: std_mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut next = Some(first);
        while let Some(job) = next.take() {
            let first = match job {
                Job::Club(run) => {
                    run(&mut conn);
                    continue;
                }
                Job::Append(a) => a,
            };
            let mut batch = vec![first];
            while batch.len() < 1024 {
                match rx.try_recv() {
                    Ok(Job::Append(a)) => batch.push(a),
                    Ok(club) => {
                        next = Some(club);
                        break;
                    }
                    Err(_) => break,
                }
            }
            let results = write_batch(&mut conn, &batch);
            for (append, result) in batch.into_iter().zip(results) {
                let _ = append.reply.send(result);
            }
        }
    }
}

fn write_batch(conn: &mut rusqlite::Connection, batch: &[Append]) -> Vec<Result<(), StoreError>> {
    let mut tx = match conn.transaction() {
        Ok(tx) => tx,
        Err(e) => {
            return batch
                .iter()
                .map(|_| Err(StoreError::from(e.clone_err())))
                .collect();
        }
    };
    let mut results = Vec::with_capacity(batch.len());
    for a in batch {
        results.push(write_one(&mut tx, a));
    }
    match tx.commit() {
        Ok(()) => results,
        Err(e) => batch
            .iter()
            .map(|_| Err(StoreError::from(e.clone_err())))
            .collect(),
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
    let sp = tx.savepoint_with_name("append")?;
    let summary = serde_json::to_string(&a.summary)?;
    let flags = a.summary.flags();
    let (finished, waiting, expired) = (
        i64::from(flags.finished),
        i64::from(flags.waiting),
        i64::from(flags.expired),
    );
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
        ?;
    }
    {
        let mut stmt =
            sp.prepare_cached("INSERT INTO records (game_id, seq, record) VALUES (?1, ?2, ?3)")?;
        for (i, r) in a.records.iter().enumerate() {
            let seq = a.first_seq + i as u64;
            stmt.execute(rusqlite::params![a.game, seq as i64, r])
                .map_err(|e| conflict_or(e, a, seq))?;
        }
    }
    sp.commit().map_err(StoreError::from)
}

fn conflict_or(e: rusqlite::Error, a: &Append, seq: u64) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::Conflict {
            game: a.game.clone(),
            seq,
        },
        _ => StoreError::from(e),
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
                w.send(Job::Append(Append {
                    game: game.to_owned(),
                    first_seq,
                    records,
                    summary,
                    reply,
                }))
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
                    e => Err(StoreError::from(e)),
                })?;
            if !exists {
                return Ok(None);
            }
            let mut stmt =
                conn.prepare_cached("SELECT record FROM records WHERE game_id = ?1 ORDER BY seq")?;
            let rows = stmt.query_map([&game], |r| r.get::<_, String>(0))?;
            rows.collect::<Result<Vec<_>, _>>()
                .map(Some)
                .map_err(StoreError::from)
        }))
    }

    fn list(
        &self,
        limit: u32,
        waiting_since_ms: u64,
    ) -> BoxFuture<'_, Result<Vec<GameSummary>, StoreError>> {
        Box::pin(self.read(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT summary FROM games
                     WHERE expired = 0 AND NOT (waiting = 1 AND created_ms < ?2)
                     ORDER BY created_ms DESC LIMIT ?1",
            )?;
            let rows = stmt.query_map(rusqlite::params![limit, waiting_since_ms as i64], |r| {
                r.get::<_, String>(0)
            })?;
            let mut out = Vec::new();
            for row in rows {
                let text = row?;
                if let Ok(s) = serde_json::from_str(&text) {
                    out.push(s);
                }
            }
            Ok(out)
        }))
    }

    fn club(&self) -> super::ClubDb {
        self.club.clone()
    }

    fn kind(&self) -> &'static str {
        "sqlite"
    }

    fn schema_version(&self) -> u32 {
        SCHEMA_VERSION
    }

    fn live_games(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(self.read(|conn| {
            let mut stmt =
                conn.prepare_cached("SELECT id FROM games WHERE finished = 0 AND waiting = 0")?;
            let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
            rows.collect::<Result<Vec<_>, _>>()
                .map_err(StoreError::from)
        }))
    }
}
