//! Test support, shared by the unit tests and the integration tests (which include this
//! file by path): a fresh database on the PostgreSQL server that `TENGEN_TEST_POSTGRES_URL`
//! names, so that tests do not see each other's games.

use sqlx::Connection as _;

/// The variable that names the test server (`scripts/pg.sh url` prints one).
pub(crate) const POSTGRES_URL_ENV: &str = "TENGEN_TEST_POSTGRES_URL";

/// The URL of the test server, if the variable is set.
pub(crate) fn server_url() -> Option<String> {
    std::env::var(POSTGRES_URL_ENV)
        .ok()
        .filter(|u| !u.trim().is_empty())
}

/// `url` with its database replaced by `database`.
pub(crate) fn with_database(url: &str, database: &str) -> String {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let path_start = url[after_scheme..]
        .find(['/', '?'])
        .map_or(url.len(), |i| after_scheme + i);
    let query_start = url[path_start..]
        .find('?')
        .map_or(url.len(), |i| path_start + i);
    format!("{}/{database}{}", &url[..path_start], &url[query_start..])
}

/// Creates an empty database named after `name` on the test server and returns its URL;
/// `None` when no test server is set.
pub(crate) async fn fresh_database(name: &str) -> Option<String> {
    let url = server_url()?;
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let short: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(30)
        .collect::<String>()
        .to_ascii_lowercase();
    let database = format!("t_{short}_{}_{n}", std::process::id());
    let mut conn = sqlx::PgConnection::connect(&url)
        .await
        .unwrap_or_else(|e| panic!("{POSTGRES_URL_ENV}: cannot connect: {e}"));
    sqlx::raw_sql(&format!("CREATE DATABASE {database}"))
        .execute(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("CREATE DATABASE {database}: {e}"));
    let _ = conn.close().await;
    Some(with_database(&url, &database))
}
