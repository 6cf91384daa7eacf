//! The club's tables, in whichever database keeps the games: one SQL text for SQLite and
//! PostgreSQL (placeholders `?1`, `?2`, … become `$1`, `$2`, … for PostgreSQL), run in a
//! transaction by synchronous Rust code on a blocking thread (SQLite's writes: on the
//! store's writer thread, between the games' appends).
//!
//! Why not async all the way: the club's operations read, decide and write in one
//! transaction (a rating update reads both ratings first), and rusqlite is synchronous. A
//! closure over [`Sql`] serves both databases with one implementation of each operation;
//! for PostgreSQL each statement is awaited with `Handle::block_on` on the blocking thread.
//! None of these run on a game's path: log-ins, challenges and rating updates.

use std::sync::{Arc, Mutex};

use super::{
    StoreError, bounded_pg,
    sqlite_jobs::{ClubJob, Job},
};

/// A value bound to, or read from, a statement.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(v)
    }
}

impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Real(v)
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Int(i64::from(v))
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_owned())
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

/// One row of a result, read by column index.
#[derive(Clone, Debug)]
pub(crate) struct Row(Vec<Value>);

impl Row {
    pub(crate) fn int(&self, i: usize) -> i64 {
        match self.0.get(i) {
            Some(Value::Int(v)) => *v,
            Some(Value::Real(v)) => *v as i64,
            _ => 0,
        }
    }

    pub(crate) fn real(&self, i: usize) -> f64 {
        match self.0.get(i) {
            Some(Value::Real(v)) => *v,
            Some(Value::Int(v)) => *v as f64,
            _ => 0.0,
        }
    }

    pub(crate) fn text(&self, i: usize) -> String {
        self.opt_text(i).unwrap_or_default()
    }

    pub(crate) fn opt_text(&self, i: usize) -> Option<String> {
        match self.0.get(i) {
            Some(Value::Text(v)) => Some(v.clone()),
            _ => None,
        }
    }

    pub(crate) fn opt_int(&self, i: usize) -> Option<i64> {
        match self.0.get(i) {
            Some(Value::Int(v)) => Some(*v),
            _ => None,
        }
    }

    pub(crate) fn flag(&self, i: usize) -> bool {
        self.int(i) != 0
    }
}

/// Statements inside one transaction.
pub(crate) trait Sql {
    /// Runs a statement; the rows it changed.
    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64, StoreError>;
    /// Runs a query; its rows.
    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>, StoreError>;

    /// Makes the rating updates of concurrent transactions wait for each other (they read
    /// ratings, then write them). SQLite's transactions here are all writers already
    /// (`BEGIN IMMEDIATE`); PostgreSQL takes an advisory lock until the commit.
    fn serialize_ratings(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    /// The first row of a query, if any.
    fn query_one(&mut self, sql: &str, params: &[Value]) -> Result<Option<Row>, StoreError> {
        Ok(self.query(sql, params)?.into_iter().next())
    }
}

/// The connection to the club's tables of a store: see the module's comment.
#[derive(Clone)]
pub struct ClubDb(Kind);

#[derive(Clone)]
enum Kind {
    Sqlite {
        /// Reads, on a connection of their own.
        reader: Arc<Mutex<rusqlite::Connection>>,
        /// Writes, on the store's writer thread.
        writer: Arc<Mutex<std::sync::mpsc::Sender<Job>>>,
    },
    Postgres(sqlx::PgPool),
}

impl ClubDb {
    pub(super) fn sqlite(
        reader: rusqlite::Connection,
        writer: Arc<Mutex<std::sync::mpsc::Sender<Job>>>,
    ) -> ClubDb {
        ClubDb(Kind::Sqlite {
            reader: Arc::new(Mutex::new(reader)),
            writer,
        })
    }

    pub(crate) fn postgres(pool: sqlx::PgPool) -> ClubDb {
        ClubDb(Kind::Postgres(pool))
    }

    /// Runs `f` in one transaction that writes, committed when it returns `Ok` and rolled
    /// back when it returns an error. (SQLite: it takes the write lock at once, so that its
    /// reads and writes see one state; the games' appends wait for it.)
    pub(crate) async fn transaction<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut dyn Sql) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let Kind::Sqlite { writer, .. } = &self.0 else {
            return self.run(rusqlite::TransactionBehavior::Immediate, f).await;
        };
        let (reply, answer) = tokio::sync::oneshot::channel();
        let job: ClubJob = Box::new(move |conn: &mut rusqlite::Connection| {
            let _ = reply.send(in_sqlite_tx(
                conn,
                rusqlite::TransactionBehavior::Immediate,
                f,
            ));
        });
        writer
            .lock()
            .map_err(|_| StoreError::Closed)?
            .send(Job::Club(job))
            .map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }

    /// Runs `f`, which only reads, in one transaction: on SQLite it does not hold up the
    /// games' appends (a write in it may fail: use [`ClubDb::transaction`] to write).
    pub(crate) async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut dyn Sql) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        self.run(rusqlite::TransactionBehavior::Deferred, f).await
    }

    async fn run<T: Send + 'static>(
        &self,
        behavior: rusqlite::TransactionBehavior,
        f: impl FnOnce(&mut dyn Sql) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let kind = self.0.clone();
        let handle = tokio::runtime::Handle::current();
        tokio::task::spawn_blocking(move || match kind {
            Kind::Sqlite { reader, .. } => {
                let mut conn = reader.lock().map_err(|_| StoreError::Closed)?;
                in_sqlite_tx(&mut conn, behavior, f)
            }
            Kind::Postgres(pool) => {
                let tx = handle.block_on(bounded_pg(pool.begin()))?;
                let mut sql = PgTx { tx, handle };
                let out = f(&mut sql)?;
                let PgTx { tx, handle } = sql;
                handle.block_on(bounded_pg(tx.commit()))?;
                Ok(out)
            }
        })
        .await
        .map_err(|_| StoreError::Closed)?
    }
}

/// Runs `f` in a transaction of `conn`, committed if it returns `Ok`.
fn in_sqlite_tx<T>(
    conn: &mut rusqlite::Connection,
    behavior: rusqlite::TransactionBehavior,
    f: impl FnOnce(&mut dyn Sql) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    let tx = conn.transaction_with_behavior(behavior)?;
    let out = f(&mut SqliteTx(&tx))?;
    tx.commit()?;
    Ok(out)
}

struct SqliteTx<'a>(&'a rusqlite::Transaction<'a>);

fn sqlite_params(params: &[Value]) -> Vec<rusqlite::types::Value> {
    params
        .iter()
        .map(|v| match v {
            Value::Null => rusqlite::types::Value::Null,
            Value::Int(i) => rusqlite::types::Value::Integer(*i),
            Value::Real(r) => rusqlite::types::Value::Real(*r),
            Value::Text(t) => rusqlite::types::Value::Text(t.clone()),
        })
        .collect()
}

impl Sql for SqliteTx<'_> {
    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64, StoreError> {
        let mut stmt = self.0.prepare_cached(sql)?;
        Ok(stmt.execute(rusqlite::params_from_iter(sqlite_params(params)))? as u64)
    }

    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>, StoreError> {
        let mut stmt = self.0.prepare_cached(sql)?;
        let columns = stmt.column_count();
        let rows = stmt.query_map(rusqlite::params_from_iter(sqlite_params(params)), |row| {
            (0..columns)
                .map(|i| {
                    Ok(match row.get_ref(i)? {
                        rusqlite::types::ValueRef::Null => Value::Null,
                        rusqlite::types::ValueRef::Integer(v) => Value::Int(v),
                        rusqlite::types::ValueRef::Real(v) => Value::Real(v),
                        rusqlite::types::ValueRef::Text(t) | rusqlite::types::ValueRef::Blob(t) => {
                            Value::Text(String::from_utf8_lossy(t).into_owned())
                        }
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Row)
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }
}

struct PgTx {
    tx: sqlx::Transaction<'static, sqlx::Postgres>,
    handle: tokio::runtime::Handle,
}

/// `?1` as `$1`: the club's SQL is written in SQLite's numbered form.
fn postgres_text(sql: &str) -> String {
    sql.replace('?', "$")
}

fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>,
    params: &'q [Value],
) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
    for p in params {
        query = match p {
            Value::Null => query.bind(None::<i64>),
            Value::Int(i) => query.bind(*i),
            Value::Real(r) => query.bind(*r),
            Value::Text(t) => query.bind(t.as_str()),
        };
    }
    query
}

/// The advisory lock of rating updates ("rating" in ASCII).
const RATINGS_LOCK: i64 = 0x7261_7469_6e67;

impl Sql for PgTx {
    fn serialize_ratings(&mut self) -> Result<(), StoreError> {
        // `execute`: the function returns `void`, which has no Rust type to read it into.
        self.execute(
            "SELECT pg_advisory_xact_lock(?1)",
            &[Value::Int(RATINGS_LOCK)],
        )?;
        Ok(())
    }

    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64, StoreError> {
        let text = postgres_text(sql);
        let query = bind_all(sqlx::query(&text), params);
        let done = self
            .handle
            .block_on(bounded_pg(query.execute(&mut *self.tx)))?;
        Ok(done.rows_affected())
    }

    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>, StoreError> {
        use sqlx::{Column, Row as _, TypeInfo, ValueRef};
        let text = postgres_text(sql);
        let query = bind_all(sqlx::query(&text), params);
        let rows = self
            .handle
            .block_on(bounded_pg(query.fetch_all(&mut *self.tx)))?;
        rows.iter()
            .map(|row| {
                row.columns()
                    .iter()
                    .map(|column| {
                        let i = column.ordinal();
                        if row.try_get_raw(i).map_err(pg_decode)?.is_null() {
                            return Ok(Value::Null);
                        }
                        Ok(match column.type_info().name() {
                            "INT2" | "INT4" => {
                                Value::Int(i64::from(row.try_get::<i32, _>(i).map_err(pg_decode)?))
                            }
                            "INT8" => Value::Int(row.try_get::<i64, _>(i).map_err(pg_decode)?),
                            "BOOL" => Value::from(row.try_get::<bool, _>(i).map_err(pg_decode)?),
                            "FLOAT4" | "FLOAT8" => {
                                Value::Real(row.try_get::<f64, _>(i).map_err(pg_decode)?)
                            }
                            _ => Value::Text(row.try_get::<String, _>(i).map_err(pg_decode)?),
                        })
                    })
                    .collect::<Result<Vec<_>, StoreError>>()
                    .map(Row)
            })
            .collect()
    }
}

fn pg_decode(e: sqlx::Error) -> StoreError {
    StoreError::Postgres(Arc::new(e))
}
