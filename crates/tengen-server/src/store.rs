//! Persistence behind a small trait: an append-only log of records per game, plus a summary
//! row per game for the lists. Two implementations: SQLite ([`SqliteStore`], one file, the
//! default) and PostgreSQL ([`PgStore`], shared by several servers). Both commit every append
//! before its future resolves, and both number their schema with the one list of migrations
//! here ([`SCHEMA_VERSION`]).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

mod club_db;
mod cluster;
mod pg_statement;
mod pg_writer;
mod postgres;
mod sqlite;
mod sqlite_jobs;

pub use club_db::ClubDb;
pub(crate) use club_db::{Row, Sql, Value};
pub use cluster::LEASE_TTL;
pub(crate) use pg_statement::bounded as bounded_pg;
pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// A boxed future, so that [`Store`] can be used as `dyn Store`.
pub use futures_util::future::BoxFuture;

/// A storage failure.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// SQLite reported an error.
    #[error("SQLite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL refused a statement (one it could be reached for: see
    /// [`StoreError::Unavailable`]). Shared, as every append of a failed group gets it.
    #[error("PostgreSQL: {0}")]
    Postgres(#[source] Arc<sqlx::Error>),
    /// A game's summary could not be written as JSON.
    #[error("the game's summary as JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The SQLite writer's thread could not be started.
    #[error("the SQLite writer's thread: {0}")]
    Thread(#[source] std::io::Error),
    /// An append touched another number of rows than it writes: the game is not there, or
    /// another server runs it.
    #[error("game {0}: no such game, or another server runs it")]
    NoSuchGame(String),
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
    /// The database cannot be reached now (down, restarting, unreachable); nothing was
    /// written, or (for an append whose answer was lost) the log says whether it was.
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// The database could not be opened at start: the reason, naming the database.
    #[error("{0}")]
    Open(String),
    /// The database's schema is newer than this program knows: it was written by a newer
    /// version, which an older one must not write to.
    #[error(
        "the database's schema is version {found}, newer than the {known} this tengen knows: run a newer tengen (or restore an older database)"
    )]
    SchemaTooNew {
        /// The version found.
        found: u32,
        /// [`SCHEMA_VERSION`].
        known: u32,
    },
    /// This server no longer holds the game's lease: another has taken it over, and this
    /// append was refused (fenced).
    #[error("game {0} is run by another server now; this server's write was refused")]
    NotHeld(String),
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
    /// Waiting for an opponent in the lobby: anyone may take the seat.
    #[serde(default)]
    pub open: bool,
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

    /// The club's tables (accounts, sessions, ratings, challenges) in the same database.
    fn club(&self) -> ClubDb;

    /// What keeps the games, for the log and `/api/info`: `sqlite` or `postgres`.
    fn kind(&self) -> &'static str;

    /// The schema version of the database (after the migrations applied at start):
    /// [`SCHEMA_VERSION`].
    fn schema_version(&self) -> u32;

    /// Whether several servers may share this store (then games are leased, see
    /// [`Store::claim`]).
    fn shared(&self) -> bool {
        false
    }

    /// Announces this server to the others sharing the store, reachable at `addr`
    /// (`host:port`), and keeps announcing it while the process lives. Nothing for a store
    /// of one server.
    fn join_cluster(&self, addr: String) -> BoxFuture<'_, Result<(), StoreError>> {
        let _ = addr;
        Box::pin(async { Ok(()) })
    }

    /// Takes the right to run `game` on this server: a game runs on one server at a time,
    /// and only the holder's appends are taken. A store of one server always grants it.
    fn claim(&self, game: &str) -> BoxFuture<'_, Result<Claim, StoreError>> {
        let _ = game;
        Box::pin(async { Ok(Claim::Held(Lease::sole())) })
    }

    /// Games not finished whose server has stopped answering, for this one to take over.
    fn orphans(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(async { Ok(Vec::new()) })
    }
}

/// The answer to [`Store::claim`].
#[non_exhaustive]
pub enum Claim {
    /// This server may run the game until the lease is lost.
    Held(Lease),
    /// Another server runs it, reachable at this `host:port`.
    Elsewhere(String),
    /// No such game.
    Missing,
}

/// This server's right to write one game; released when dropped.
pub struct Lease {
    lost: tokio::sync::watch::Receiver<bool>,
    /// Keeps `lost` open for a lease that cannot be lost.
    _sole: Option<tokio::sync::watch::Sender<bool>>,
    release: Option<Box<dyn FnOnce() + Send + Sync>>,
}

impl Lease {
    /// The lease of a store of one server: never lost.
    #[must_use]
    pub fn sole() -> Lease {
        let (tx, rx) = tokio::sync::watch::channel(false);
        Lease {
            lost: rx,
            _sole: Some(tx),
            release: None,
        }
    }

    /// A lease that is lost when `lost` turns true (or its sender goes), and calls
    /// `release` when dropped.
    pub(crate) fn shared(
        lost: tokio::sync::watch::Receiver<bool>,
        release: impl FnOnce() + Send + Sync + 'static,
    ) -> Lease {
        Lease {
            lost,
            _sole: None,
            release: Some(Box::new(release)),
        }
    }

    /// Resolves when another server has taken the game over (or may have: this server lost
    /// touch with the database for longer than a lease lasts).
    pub async fn lost(&mut self) {
        while !*self.lost.borrow_and_update() {
            if self.lost.changed().await.is_err() {
                return;
            }
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(release) = self.release.take() {
            release();
        }
    }
}

/// One step of the schema, in both dialects: one numbered list for both stores, so that a
/// schema version means the same tables whichever database holds them. A database records
/// how many it has applied (SQLite: `PRAGMA user_version`; PostgreSQL: `tengen_schema`).
pub(crate) struct Migration {
    pub(crate) sqlite: &'static str,
    pub(crate) postgres: &'static str,
}

/// The migrations, oldest first; never change one that has shipped, add another.
pub(crate) const MIGRATIONS: &[Migration] = &[
    // 1: games and their logs.
    Migration {
        sqlite: "CREATE TABLE games (
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
        postgres: "CREATE TABLE games (
            id TEXT PRIMARY KEY,
            created_ms BIGINT NOT NULL,
            finished BOOLEAN NOT NULL DEFAULT FALSE,
            summary TEXT NOT NULL
        );
        CREATE INDEX games_created ON games(created_ms);
        CREATE TABLE records (
            game_id TEXT NOT NULL REFERENCES games(id),
            seq BIGINT NOT NULL,
            record TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        );",
    },
    // 2: whether a game waits for its invited player, or its invitation expired, so that
    // start-up and the lists skip abandoned invitations without reading their summaries.
    Migration {
        sqlite: "ALTER TABLE games ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE games ADD COLUMN expired INTEGER NOT NULL DEFAULT 0;
        UPDATE games SET waiting = (json_extract(summary, '$.phase') = 'waiting');
        CREATE INDEX games_live ON games(finished, waiting);",
        postgres: "ALTER TABLE games ADD COLUMN waiting BOOLEAN NOT NULL DEFAULT FALSE;
        ALTER TABLE games ADD COLUMN expired BOOLEAN NOT NULL DEFAULT FALSE;
        UPDATE games SET waiting = (summary::jsonb ->> 'phase' = 'waiting');
        CREATE INDEX games_live ON games(finished, waiting);",
    },
    // 3: the servers sharing the database and their leases on games (PostgreSQL; a SQLite
    // file has one server). A lease's fence comes from a sequence, so that it never repeats.
    Migration {
        sqlite: "",
        postgres: "CREATE TABLE nodes (
            id TEXT PRIMARY KEY,
            addr TEXT NOT NULL,
            seen TIMESTAMPTZ NOT NULL
        );
        CREATE SEQUENCE lease_fence;
        CREATE TABLE leases (
            game_id TEXT PRIMARY KEY REFERENCES games(id),
            node TEXT NOT NULL,
            fence BIGINT NOT NULL
        );
        CREATE INDEX leases_node ON leases(node);",
    },
    // 4: the club: accounts, their sessions, the games between members, rating history,
    // challenges and seeks, and the server's keys. Flags are integers (0/1) in both
    // dialects, so that one SQL text serves both (`club/db.rs`).
    Migration {
        sqlite: "CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            name_skeleton TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            rank TEXT NOT NULL,
            rating DOUBLE PRECISION NOT NULL,
            rated_games INTEGER NOT NULL DEFAULT 0,
            admin INTEGER NOT NULL DEFAULT 0,
            disabled INTEGER NOT NULL DEFAULT 0,
            created_ms INTEGER NOT NULL
        );
        CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            created_ms INTEGER NOT NULL,
            expires_ms INTEGER NOT NULL,
            seen_ms INTEGER NOT NULL
        );
        CREATE INDEX sessions_account ON sessions(account_id);
        CREATE TABLE club_games (
            game_id TEXT PRIMARY KEY REFERENCES games(id),
            black_id INTEGER REFERENCES accounts(id),
            white_id INTEGER REFERENCES accounts(id),
            rated INTEGER NOT NULL,
            created_ms INTEGER NOT NULL,
            rating_done INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX club_games_black ON club_games(black_id, created_ms);
        CREATE INDEX club_games_white ON club_games(white_id, created_ms);
        CREATE INDEX club_games_pending ON club_games(rating_done);
        CREATE TABLE ratings (
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            game_id TEXT NOT NULL REFERENCES games(id),
            at_ms INTEGER NOT NULL,
            rating_before DOUBLE PRECISION NOT NULL,
            rating_after DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (account_id, game_id)
        );
        CREATE TABLE challenges (
            id TEXT PRIMARY KEY,
            from_id INTEGER NOT NULL REFERENCES accounts(id),
            to_id INTEGER REFERENCES accounts(id),
            settings TEXT NOT NULL,
            rated INTEGER NOT NULL,
            min_rank TEXT,
            max_rank TEXT,
            state TEXT NOT NULL,
            game_id TEXT,
            created_ms INTEGER NOT NULL
        );
        CREATE INDEX challenges_to ON challenges(to_id, state);
        CREATE INDEX challenges_from ON challenges(from_id, state);
        CREATE TABLE server_keys (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );",
        postgres: "CREATE TABLE accounts (
            id BIGSERIAL PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            name_skeleton TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            rank TEXT NOT NULL,
            rating DOUBLE PRECISION NOT NULL,
            rated_games BIGINT NOT NULL DEFAULT 0,
            admin BIGINT NOT NULL DEFAULT 0,
            disabled BIGINT NOT NULL DEFAULT 0,
            created_ms BIGINT NOT NULL
        );
        CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY,
            account_id BIGINT NOT NULL REFERENCES accounts(id),
            created_ms BIGINT NOT NULL,
            expires_ms BIGINT NOT NULL,
            seen_ms BIGINT NOT NULL
        );
        CREATE INDEX sessions_account ON sessions(account_id);
        CREATE TABLE club_games (
            game_id TEXT PRIMARY KEY REFERENCES games(id),
            black_id BIGINT REFERENCES accounts(id),
            white_id BIGINT REFERENCES accounts(id),
            rated BIGINT NOT NULL,
            created_ms BIGINT NOT NULL,
            rating_done BIGINT NOT NULL DEFAULT 0
        );
        CREATE INDEX club_games_black ON club_games(black_id, created_ms);
        CREATE INDEX club_games_white ON club_games(white_id, created_ms);
        CREATE INDEX club_games_pending ON club_games(rating_done);
        CREATE TABLE ratings (
            account_id BIGINT NOT NULL REFERENCES accounts(id),
            game_id TEXT NOT NULL REFERENCES games(id),
            at_ms BIGINT NOT NULL,
            rating_before DOUBLE PRECISION NOT NULL,
            rating_after DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (account_id, game_id)
        );
        CREATE TABLE challenges (
            id TEXT PRIMARY KEY,
            from_id BIGINT NOT NULL REFERENCES accounts(id),
            to_id BIGINT REFERENCES accounts(id),
            settings TEXT NOT NULL,
            rated BIGINT NOT NULL,
            min_rank TEXT,
            max_rank TEXT,
            state TEXT NOT NULL,
            game_id TEXT,
            created_ms BIGINT NOT NULL
        );
        CREATE INDEX challenges_to ON challenges(to_id, state);
        CREATE INDEX challenges_from ON challenges(from_id, state);
        CREATE TABLE server_keys (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );",
    },
    // 5: tournaments. A tournament is one document (settings, players, rounds: what
    // `tengen_club::tournament` reads), changed whole under a version number so that two
    // directors' changes never interleave; its games on the server are indexed apart, so that
    // a finished game finds its tournament. Directors are members an administrator allows.
    Migration {
        sqlite: "ALTER TABLE accounts ADD COLUMN director INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE tournaments (
            id TEXT PRIMARY KEY,
            director_id INTEGER NOT NULL REFERENCES accounts(id),
            data TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_ms INTEGER NOT NULL
        );
        CREATE TABLE tournament_games (
            game_id TEXT PRIMARY KEY REFERENCES games(id),
            tournament_id TEXT NOT NULL REFERENCES tournaments(id),
            round INTEGER NOT NULL,
            board INTEGER NOT NULL,
            done INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX tournament_games_pending ON tournament_games(done);",
        postgres: "ALTER TABLE accounts ADD COLUMN director INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE tournaments (
            id TEXT PRIMARY KEY,
            director_id BIGINT NOT NULL REFERENCES accounts(id),
            data TEXT NOT NULL,
            version BIGINT NOT NULL,
            created_ms BIGINT NOT NULL
        );
        CREATE TABLE tournament_games (
            game_id TEXT PRIMARY KEY REFERENCES games(id),
            tournament_id TEXT NOT NULL REFERENCES tournaments(id),
            round BIGINT NOT NULL,
            board BIGINT NOT NULL,
            done INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX tournament_games_pending ON tournament_games(done);",
    },
    // 6: uploaded records under review, so that a review's link outlives a restart. The
    // record is kept as the uploader's bytes (hex), whatever its charset: reading it again
    // gives the same tree.
    Migration {
        sqlite: "CREATE TABLE reviews (
            id TEXT PRIMARY KEY,
            record TEXT NOT NULL,
            created_ms INTEGER NOT NULL
        );
        CREATE INDEX reviews_created ON reviews(created_ms);",
        postgres: "CREATE TABLE reviews (
            id TEXT PRIMARY KEY,
            record TEXT NOT NULL,
            created_ms BIGINT NOT NULL
        );
        CREATE INDEX reviews_created ON reviews(created_ms);",
    },
    // 7: Tengen's engine as club members: an account per level that plays rated games has
    // the level here (no password; it cannot log in). Members' accounts have none.
    Migration {
        sqlite: "ALTER TABLE accounts ADD COLUMN bot_level INTEGER;",
        postgres: "ALTER TABLE accounts ADD COLUMN bot_level BIGINT;",
    },
];

/// The schema version this program writes: the number of migrations it knows.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// The columns the lists filter on, from a summary.
pub(crate) struct Flags {
    pub(crate) finished: bool,
    pub(crate) waiting: bool,
    pub(crate) expired: bool,
}

impl GameSummary {
    pub(crate) fn flags(&self) -> Flags {
        Flags {
            finished: self.phase == "finished",
            waiting: self.phase == "waiting",
            expired: self.expired,
        }
    }
}

#[cfg(test)]
mod tests {
    //! The one suite of store tests, run against each store: SQLite in a temporary file, and
    //! PostgreSQL in a fresh database of the server `TENGEN_TEST_POSTGRES_URL` names (a
    //! real one; the tests say they are skipped when it is not set).

    use std::{path::PathBuf, sync::Arc};

    use super::*;

    /// Where a test's games are kept; each `open` opens the same place anew.
    enum Place {
        Sqlite(PathBuf),
        Postgres(String),
    }

    impl Place {
        fn sqlite(name: &str) -> Place {
            let dir = std::env::temp_dir().join(format!("tengen-store-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(format!("{name}.db"));
            let _ = std::fs::remove_file(&path);
            Place::Sqlite(path)
        }

        /// A new database on the test server, or `None` (and a line saying so) without one.
        async fn postgres(name: &str) -> Option<Place> {
            let Some(url) = crate::test_postgres::fresh_database(name).await else {
                println!("skipped: TENGEN_TEST_POSTGRES_URL not set");
                return None;
            };
            Some(Place::Postgres(url))
        }

        async fn open(&self) -> Arc<dyn Store> {
            match self {
                Place::Sqlite(path) => Arc::new(SqliteStore::open(path).unwrap()),
                Place::Postgres(url) => Arc::new(PgStore::connect(url).await.unwrap()),
            }
        }
    }

    /// Runs the suite's test `$name` (an `async fn(Place)`) once per store.
    macro_rules! for_each_store {
        ($($name:ident),* $(,)?) => {
            mod sqlite {
                $(#[tokio::test]
                async fn $name() {
                    super::$name(super::Place::sqlite(stringify!($name))).await;
                })*
            }
            mod postgres {
                $(#[tokio::test]
                async fn $name() {
                    if let Some(place) = super::Place::postgres(stringify!($name)).await {
                        super::$name(place).await;
                    }
                })*
            }
        };
    }

    for_each_store!(
        appends_survive_reopening_and_duplicates_conflict,
        waiting_games_are_not_live_and_expired_invitations_are_not_listed,
        concurrent_appends_to_one_game_keep_one_gap_free_order,
    );

    /// A lease whose holder is not seen (never announced, or paused past [`LEASE_TTL`]) is
    /// taken over with a new fence, and the old holder's next append is refused; a holder
    /// that is seen keeps its game.
    #[tokio::test]
    async fn postgres_a_lease_taken_over_fences_the_old_holder() {
        let Some(Place::Postgres(url)) = Place::postgres("fence").await else {
            return;
        };
        // `stale` holds a lease but is never seen (it has not announced itself).
        let stale = PgStore::connect(&url).await.unwrap();
        let fresh = PgStore::connect(&url).await.unwrap();
        fresh.join_cluster("fresh:1".into()).await.unwrap();
        let third = PgStore::connect(&url).await.unwrap();
        third.join_cluster("third:1".into()).await.unwrap();
        let row = || summary("g", "playing");
        stale
            .append("g", 1, vec!["created".into()], row())
            .await
            .unwrap();
        let Claim::Held(mut old) = stale.claim("g").await.unwrap() else {
            panic!("a game nobody holds is granted");
        };
        stale
            .append("g", 2, vec!["old 2".into()], row())
            .await
            .unwrap();
        // Nobody else may write while a lease exists, even with the next number.
        assert!(third.append("g", 3, vec!["x".into()], row()).await.is_err());

        let Claim::Held(_new) = fresh.claim("g").await.unwrap() else {
            panic!("the lease of a holder not seen is taken over");
        };
        let refused = stale.append("g", 3, vec!["old 3".into()], row()).await;
        assert!(
            matches!(refused, Err(StoreError::NotHeld(_))),
            "{refused:?}"
        );
        tokio::time::timeout(std::time::Duration::from_secs(1), old.lost())
            .await
            .expect("the old holder is told it lost the lease");
        fresh
            .append("g", 3, vec!["new 3".into()], row())
            .await
            .unwrap();
        assert!(matches!(
            third.claim("g").await.unwrap(),
            Claim::Elsewhere(addr) if addr == "fresh:1"
        ));
        assert_eq!(
            fresh.load("g").await.unwrap().unwrap(),
            vec!["created".to_string(), "old 2".into(), "new 3".into()]
        );
        assert!(matches!(fresh.claim("nope").await.unwrap(), Claim::Missing));
    }

    fn summary(id: &str, phase: &str) -> GameSummary {
        GameSummary {
            open: false,
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

    async fn appends_survive_reopening_and_duplicates_conflict(place: Place) {
        {
            let s = place.open().await;
            assert_eq!(s.schema_version(), SCHEMA_VERSION);
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
            let again = s
                .append("g1", 1, vec!["x".into()], summary("g1", "playing"))
                .await;
            assert!(matches!(again, Err(StoreError::Conflict { seq: 1, .. })));
        }
        let s = place.open().await;
        assert_eq!(
            s.load("g1").await.unwrap().unwrap(),
            vec!["a".to_string(), "b".into(), "c".into()]
        );
        assert_eq!(s.load("nope").await.unwrap(), None);
        assert_eq!(s.live_games().await.unwrap(), vec!["g1".to_string()]);
        assert_eq!(s.list(10, 0).await.unwrap().len(), 1);
    }

    async fn waiting_games_are_not_live_and_expired_invitations_are_not_listed(place: Place) {
        let s = place.open().await;
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

    /// Two writers race for every sequence number of one game: exactly one wins each, the
    /// loser is told `Conflict`, and the log has every number once, in order.
    async fn concurrent_appends_to_one_game_keep_one_gap_free_order(place: Place) {
        let s = place.open().await;
        s.append(
            "race",
            1,
            vec!["created".into()],
            summary("race", "playing"),
        )
        .await
        .unwrap();
        let mut winners = Vec::new();
        for seq in 2..=40u64 {
            let a = s.append(
                "race",
                seq,
                vec![format!("a{seq}")],
                summary("race", "playing"),
            );
            let b = s.append(
                "race",
                seq,
                vec![format!("b{seq}")],
                summary("race", "playing"),
            );
            let (ra, rb) = tokio::join!(a, b);
            match (ra, rb) {
                (Ok(()), Err(StoreError::Conflict { seq: s, .. })) if s == seq => {
                    winners.push(format!("a{seq}"));
                }
                (Err(StoreError::Conflict { seq: s, .. }), Ok(())) if s == seq => {
                    winners.push(format!("b{seq}"));
                }
                other => panic!("seq {seq}: not one winner: {other:?}"),
            }
        }
        let log = s.load("race").await.unwrap().unwrap();
        assert_eq!(log[0], "created");
        assert_eq!(&log[1..], &winners[..]);
    }
}
