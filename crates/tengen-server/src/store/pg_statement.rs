//! One statement against PostgreSQL, as every part of the PostgreSQL store runs it: bounded
//! in time, and its error sorted into "the database cannot be reached" (a move is refused
//! and retried) and "the database refused it".

use std::{sync::Arc, time::Duration};

use super::StoreError;

/// The longest a statement may take before the store gives up on it (its outcome is then
/// unknown, and the actor reloads the game from the log).
const STATEMENT_TIMEOUT: Duration = Duration::from_secs(10);

/// Whether an error means the database cannot be reached (rather than that it refused the
/// statement): then a move is refused with `unavailable` and retried later.
fn unreachable(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Io(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed
        | sqlx::Error::Protocol(_)
        | sqlx::Error::Tls(_) => true,
        // Class 08: connection exceptions; 57P01-3: shutting down, crashed, starting up.
        sqlx::Error::Database(db) => db
            .code()
            .is_some_and(|c| c.starts_with("08") || c.starts_with("57P")),
        _ => false,
    }
}

/// The store's error for a statement's `e`: [`StoreError::Unavailable`] when the database
/// cannot be reached, else [`StoreError::Postgres`].
pub(super) fn pg_err(e: sqlx::Error) -> StoreError {
    if unreachable(&e) {
        StoreError::Unavailable(e.to_string())
    } else {
        StoreError::Postgres(Arc::new(e))
    }
}

/// Runs `f` with [`STATEMENT_TIMEOUT`].
pub(crate) async fn bounded<T>(
    f: impl std::future::Future<Output = Result<T, sqlx::Error>>,
) -> Result<T, StoreError> {
    bounded_raw(f).await?.map_err(pg_err)
}

/// As [`bounded`], leaving the database's error to the caller.
pub(super) async fn bounded_raw<T>(
    f: impl std::future::Future<Output = Result<T, sqlx::Error>>,
) -> Result<Result<T, sqlx::Error>, StoreError> {
    tokio::time::timeout(STATEMENT_TIMEOUT, f)
        .await
        .map_err(|_| {
            StoreError::Unavailable(format!(
                "no answer from PostgreSQL within {} s",
                STATEMENT_TIMEOUT.as_secs()
            ))
        })
}
