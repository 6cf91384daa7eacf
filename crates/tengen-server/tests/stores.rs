//! The databases behind the server: a start on a database that cannot be used stops with the
//! reason (never a half-started server), and a PostgreSQL that goes away while games are
//! played makes the server refuse moves, not acknowledge them, until it comes back.

use std::{
    net::SocketAddr,
    process::{Command, Stdio},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use serde_json::{Value, json};
use tengen_server::{
    BoxFuture, ClubDb, GameSummary, PgStore, SCHEMA_VERSION, ServerConfig, SqliteStore, Store,
    StoreError,
};
use tokio::net::{TcpListener, TcpStream};

use crate::{
    common::{Player, http, seated, start_server_at, start_server_on, temp_db, test_postgres},
    durability::tengen_binary,
};

/// Runs `tengen serve --db db`, which must exit with an error within 20 s: its stderr.
fn serve_refuses(db: &str) -> String {
    let mut child = Command::new(tengen_binary())
        .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("tengen serve --db {db} is still running after 20 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!status.success(), "started on {db}: {stdout}");
    assert!(!stdout.contains("serving"), "half-started: {stdout}");
    stderr
}

/// A loopback port nothing listens on.
fn closed_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// `postgres://user:password@host:port/db` → its `host:port`.
fn host_port(url: &str) -> &str {
    let after = url.split_once('@').map_or(url, |(_, r)| r);
    after.split(['/', '?']).next().unwrap_or(after)
}

#[test]
fn a_sqlite_file_written_by_a_newer_version_is_refused_at_start() {
    let db = temp_db("newer");
    drop(SqliteStore::open(&db).unwrap());
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.pragma_update(None, "user_version", SCHEMA_VERSION + 7)
        .unwrap();
    drop(conn);
    let stderr = serve_refuses(db.to_str().unwrap());
    assert!(
        stderr.contains(&format!(
            "schema is version {}, newer than the {SCHEMA_VERSION}",
            SCHEMA_VERSION + 7
        )),
        "{stderr}"
    );
}

#[test]
fn an_unreachable_postgres_url_is_refused_at_start_naming_it() {
    let port = closed_port();
    let stderr = serve_refuses(&format!("postgres://tengen:pw@127.0.0.1:{port}/games"));
    assert!(
        stderr.contains(&format!("127.0.0.1:{port}")) && stderr.contains("cannot reach it"),
        "{stderr}"
    );
    assert!(
        !stderr.contains(":pw@"),
        "the password is not logged: {stderr}"
    );
    let stderr = serve_refuses("postgres://tengen@127.0.0.1:notaport/games");
    assert!(stderr.contains("not a PostgreSQL URL"), "{stderr}");
}

#[tokio::test]
async fn wrong_postgres_credentials_are_refused_at_start() {
    let Some(url) = test_postgres::server_url() else {
        println!("skipped: TENGEN_TEST_POSTGRES_URL not set");
        return;
    };
    let (user, _) = url
        .split_once("://")
        .and_then(|(_, r)| r.split_once('@'))
        .unwrap();
    let user = user.split(':').next().unwrap();
    let wrong = format!(
        "postgres://{user}:not-the-password@{}/tengen",
        host_port(&url)
    );
    let stderr = serve_refuses(&wrong);
    assert!(
        stderr.contains(&format!("the password of user \"{user}\" is wrong")),
        "{stderr}"
    );
    let missing = test_postgres::with_database(&url, "no_such_database");
    let stderr = serve_refuses(&missing);
    assert!(
        stderr.contains("\"no_such_database\" does not exist"),
        "{stderr}"
    );
}

#[tokio::test]
async fn a_postgres_schema_newer_than_the_binary_is_refused_at_start() {
    let Some(url) = test_postgres::fresh_database("newer").await else {
        println!("skipped: TENGEN_TEST_POSTGRES_URL not set");
        return;
    };
    let store = PgStore::connect(&url).await.unwrap();
    assert_eq!(store.schema_version(), SCHEMA_VERSION);
    drop(store);
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    sqlx::query("UPDATE tengen_schema SET version = $1")
        .bind(SCHEMA_VERSION as i32 + 1)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let stderr = serve_refuses(&url);
    assert!(
        stderr.contains(&format!(
            "schema is version {}, newer than the {SCHEMA_VERSION}",
            SCHEMA_VERSION + 1
        )),
        "{stderr}"
    );
}

/// A TCP relay to the database that can be cut (every connection dropped, new ones closed
/// at once) and restored: the database going away and coming back, as the server sees it.
struct Relay {
    addr: SocketAddr,
    open: Arc<AtomicBool>,
    links: Arc<Mutex<Vec<tokio::task::AbortHandle>>>,
}

impl Relay {
    async fn to(upstream: String) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let relay = Relay {
            addr: listener.local_addr().unwrap(),
            open: Arc::new(AtomicBool::new(true)),
            links: Arc::default(),
        };
        let (open, links) = (Arc::clone(&relay.open), Arc::clone(&relay.links));
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if !open.load(Ordering::SeqCst) {
                    continue; // dropped: closed at once
                }
                let upstream = upstream.clone();
                let link = tokio::spawn(async move {
                    if let Ok(mut db) = TcpStream::connect(&upstream).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut db).await;
                    }
                });
                links.lock().unwrap().push(link.abort_handle());
            }
        });
        relay
    }

    fn cut(&self) {
        self.open.store(false, Ordering::SeqCst);
        for link in self.links.lock().unwrap().drain(..) {
            link.abort();
        }
    }

    fn restore(&self) {
        self.open.store(true, Ordering::SeqCst);
    }
}

/// Sends a move and waits (up to 30 s) for its answer: the new state or an error.
async fn try_play(p: &mut Player, x: u8, y: u8) -> Value {
    let ply = p.state["ply"].as_u64().unwrap();
    p.send(json!({ "type": "play", "ply": ply, "x": x, "y": y }))
        .await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if let Some(m) = p.next().await {
            if m["type"] == "error" || m["state"]["ply"].as_u64() > Some(ply) {
                return m;
            }
        }
    }
    panic!("no answer to a move within 30 s");
}

#[tokio::test]
async fn moves_are_refused_while_postgres_is_away_and_play_resumes_when_it_is_back() {
    let Some(url) = test_postgres::fresh_database("away").await else {
        println!("skipped: TENGEN_TEST_POSTGRES_URL not set");
        return;
    };
    let relay = Relay::to(host_port(&url).to_owned()).await;
    let relayed = url.replacen(host_port(&url), &relay.addr.to_string(), 1);
    let store = Arc::new(PgStore::connect(&relayed).await.unwrap());
    let (addr, _state) = start_server_on(store, vec![], ServerConfig::default()).await;
    let (g, mut b, mut w) = seated(addr, json!({ "size": 9, "rules": "aga" })).await;
    b.play(2, 2).await;
    w.sync_ply(1).await;

    relay.cut();
    let refused = try_play(&mut w, 6, 6).await;
    assert_eq!(refused["code"], "unavailable", "{refused}");
    assert!(
        refused["message"].as_str().unwrap().contains("not played"),
        "{refused}"
    );
    assert_eq!(w.state["ply"], 1, "the refused move is not shown");
    let (status, body) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(status, 503, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("database is unavailable")
    );

    relay.restore();
    // The game takes moves again once the database answers (it reloads the log first).
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let m = try_play(&mut w, 6, 6).await;
        if m["type"] != "error" {
            break;
        }
        assert_eq!(m["code"], "unavailable", "{m}");
        assert!(Instant::now() < deadline, "still refused after 30 s: {m}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    b.sync_ply(2).await;
    b.play(3, 3).await;
    // The log has exactly the acknowledged moves, in order.
    let (status, view) = http(addr, "GET", &format!("/api/games/{}", g.id), None).await;
    assert_eq!(status, 200, "{view}");
    let moves: Vec<Value> = view["moves"].as_array().unwrap().clone();
    assert_eq!(moves.len(), 3, "{moves:?}");
    let direct = PgStore::connect(&url).await.unwrap();
    let log = direct.load(&g.id).await.unwrap().unwrap();
    let played: Vec<&str> = log
        .iter()
        .filter(|r| r.contains("\"type\":\"move\""))
        .map(String::as_str)
        .collect();
    assert_eq!(played.len(), 3, "{log:?}");
}

/// A SQLite store whose appends fail while `down` is set, as with a database that went away.
struct Flaky {
    inner: SqliteStore,
    down: AtomicBool,
}

impl Store for Flaky {
    fn append(
        &self,
        game: &str,
        first_seq: u64,
        records: Vec<String>,
        summary: GameSummary,
    ) -> BoxFuture<'_, Result<(), StoreError>> {
        if self.down.load(Ordering::SeqCst) {
            return Box::pin(async { Err(StoreError::Unavailable("switched off".into())) });
        }
        self.inner.append(game, first_seq, records, summary)
    }

    fn load(&self, game: &str) -> BoxFuture<'_, Result<Option<Vec<String>>, StoreError>> {
        self.inner.load(game)
    }

    fn list(
        &self,
        limit: u32,
        waiting_since_ms: u64,
    ) -> BoxFuture<'_, Result<Vec<GameSummary>, StoreError>> {
        self.inner.list(limit, waiting_since_ms)
    }

    fn live_games(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        self.inner.live_games()
    }

    fn club(&self) -> ClubDb {
        self.inner.club()
    }

    fn kind(&self) -> &'static str {
        self.inner.kind()
    }

    fn schema_version(&self) -> u32 {
        self.inner.schema_version()
    }
}

/// The largest version in what `p` was sent.
fn last_version(p: &Player) -> u64 {
    p.log
        .iter()
        .filter_map(|m| m["v"].as_u64().or_else(|| m["state"]["v"].as_u64()))
        .max()
        .unwrap()
}

#[tokio::test]
async fn the_version_never_goes_back_across_an_outage_and_a_takeover() {
    let db = temp_db("versions");
    let flaky = Arc::new(Flaky {
        inner: SqliteStore::open(&db).unwrap(),
        down: AtomicBool::new(false),
    });
    let (addr, _first) = start_server_on(flaky.clone(), vec![], ServerConfig::default()).await;
    let (g, mut b, mut w) = seated(addr, json!({ "size": 9, "rules": "aga" })).await;
    b.play(2, 2).await;
    w.sync_ply(1).await;
    w.play(6, 6).await;
    b.sync_ply(2).await;
    // The database goes away: the move is refused and the game reloads its log.
    flaky.down.store(true, Ordering::SeqCst);
    let refused = try_play(&mut b, 3, 3).await;
    assert_eq!(refused["code"], "unavailable", "{refused}");
    flaky.down.store(false, Ordering::SeqCst);
    b.drain(300).await;
    w.drain(300).await;
    let seen = last_version(&b).max(last_version(&w));
    // Another server runs the game from its log (on SQLite: a second server on the file).
    let (second, _state) = start_server_at(&db, vec![], ServerConfig::default()).await;
    let mut b2 = Player::connect(second, &g.id, Some(&g.black))
        .await
        .unwrap();
    let welcome = b2.state["v"].as_u64().unwrap();
    assert!(
        welcome >= seen,
        "the new server's state is version {welcome}; the players had seen {seen}"
    );
    b2.play(3, 3).await;
    let next = b2.log.iter().rev().find(|m| m["type"] == "update").unwrap();
    assert!(
        next["v"].as_u64().unwrap() > seen,
        "the next move is version {}; the players had seen {seen}: a client keeping its \
         version would drop it",
        next["v"]
    );
}
