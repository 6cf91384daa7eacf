//! The durability test: the real `tengen serve` binary, killed with SIGKILL during play and
//! restarted on the same database, continues every game exactly where it was.

use std::{
    ffi::OsStr,
    io::{BufRead, BufReader},
    net::SocketAddr,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
};

use serde_json::{Value, json};

use crate::common::{Db, Player, create_and_join, http, seated};

// Each on SQLite and on PostgreSQL.
crate::for_each_db!(
    kill_9_during_play_then_restart_continues_every_game_move_by_move_clocks_included,
    kill_9_while_a_player_thinks_charges_the_thinking_time_up_to_the_last_checkpoint_not_the_time_down,
);

/// `target/<profile>/tengen`, built if it is not there yet.
pub(crate) fn tengen_binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().and_then(Path::parent).unwrap().to_path_buf();
    let bin = profile_dir.join("tengen");
    if !bin.exists() {
        let release = profile_dir.file_name().is_some_and(|n| n == "release");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "-p", "tengen"]);
        if release {
            cmd.arg("--release");
        }
        assert!(
            cmd.status().unwrap().success(),
            "cargo build -p tengen failed"
        );
    }
    bin
}

/// A server process, killed (SIGKILL) when dropped, so a failing test leaves none behind.
pub(crate) struct Server(pub(crate) Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `tengen serve` on a free port with the database `db` (a SQLite path or a
/// PostgreSQL URL); returns the process and its address.
pub(crate) fn serve(db: impl AsRef<OsStr>) -> (Server, SocketAddr) {
    serve_with(db.as_ref(), &[])
}

/// As [`serve`], with environment variables (the clock checkpoint interval).
pub(crate) fn serve_with(db: &OsStr, env: &[(&str, &str)]) -> (Server, SocketAddr) {
    serve_logged(db, env, Stdio::null())
}

/// As [`serve_with`], with the server's stderr going to `stderr`.
pub(crate) fn serve_logged(
    db: &OsStr,
    env: &[(&str, &str)],
    stderr: impl Into<Stdio>,
) -> (Server, SocketAddr) {
    let mut child = Command::new(tengen_binary())
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (Server(child), addr)
}

/// The n-th move of the test games: Black on rows 1 and 3, White on rows 5 and 7, so that
/// nothing is ever captured.
pub(crate) fn nth_move(n: u64) -> (u8, u8) {
    let k = (n / 2) as u8;
    let (x, row) = (k % 9, k / 9);
    if n.is_multiple_of(2) {
        (x, 1 + 2 * row)
    } else {
        (x, 5 + 2 * row)
    }
}

pub(crate) async fn play_moves(b: &mut Player, w: &mut Player, count: u64) {
    for _ in 0..count {
        let ply = b.state["ply"].as_u64().unwrap();
        let (x, y) = nth_move(ply);
        if ply.is_multiple_of(2) {
            b.play(x, y).await;
            w.sync_ply(ply + 1).await;
        } else {
            w.play(x, y).await;
            b.sync_ply(ply + 1).await;
        }
    }
}

/// The game's view. On PostgreSQL a restarted server is a new one, which takes over the
/// games of the killed one once their lease lapses ([`tengen_server::LEASE_TTL`]); until then
/// it answers `503` (it would forward to the killed server), so this asks again.
async fn game_view(addr: SocketAddr, id: &str) -> Value {
    let start = std::time::Instant::now();
    loop {
        let (status, v) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
        if status == 503 && start.elapsed() < tengen_server::LEASE_TTL * 4 {
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            continue;
        }
        assert_eq!(status, 200, "{v}");
        return v;
    }
}

fn clocks(v: &Value) -> Value {
    json!([
        v["state"]["black"]["clock"]["main_ms"],
        v["state"]["black"]["clock"]["periods"],
        v["state"]["white"]["clock"]["main_ms"],
        v["state"]["white"]["clock"]["periods"],
    ])
}

async fn kill_9_during_play_then_restart_continues_every_game_move_by_move_clocks_included(db: Db) {
    let (server, addr) = serve(&db);
    let forms = [
        json!({ "size": 9, "rules": "aga" }),
        json!({ "size": 9, "rules": "japanese",
            "time": { "kind": "fischer", "initial_s": 600, "increment_s": 5, "max_s": 900 } }),
        json!({ "size": 9, "rules": "chinese",
            "time": { "kind": "byo_yomi", "main_s": 0, "period_s": 60, "periods": 3 } }),
    ];
    let mut games = Vec::new();
    for (i, form) in forms.into_iter().enumerate() {
        let (g, mut b, mut w) = seated(addr, form).await;
        play_moves(&mut b, &mut w, 7 + 4 * i as u64).await;
        games.push((g, b, w));
    }
    let before: Vec<Value> = {
        let mut v = Vec::new();
        for (g, _, _) in &games {
            v.push(game_view(addr, &g.id).await);
        }
        v
    };
    // Game 0: a move is in flight when the server is killed.
    let in_flight_ply = before[0]["state"]["ply"].as_u64().unwrap();
    let (x, y) = nth_move(in_flight_ply);
    let mover = if in_flight_ply.is_multiple_of(2) {
        &mut games[0].1
    } else {
        &mut games[0].2
    };
    mover
        .send(json!({ "type": "play", "ply": in_flight_ply, "x": x, "y": y }))
        .await;
    drop(server); // SIGKILL
    let acked_in_flight = mover
        .log
        .iter()
        .any(|m| m["state"]["ply"].as_u64() > Some(in_flight_ply));

    let (server, addr) = serve(&db);
    for (i, (g, _, _)) in games.iter().enumerate() {
        let after = game_view(addr, &g.id).await;
        let (b_moves, a_moves) = (
            before[i]["moves"].as_array().unwrap(),
            after["moves"].as_array().unwrap(),
        );
        if i == 0 {
            // Every acknowledged move is there; the one in flight is there if it was committed.
            assert_eq!(&a_moves[..b_moves.len()], &b_moves[..], "game {i}");
            assert!(a_moves.len() <= b_moves.len() + 1);
            if acked_in_flight {
                assert_eq!(
                    a_moves.len(),
                    b_moves.len() + 1,
                    "an acknowledged move was lost"
                );
            }
        } else {
            assert_eq!(a_moves, b_moves, "game {i} move by move");
            assert_eq!(after["state"]["board"], before[i]["state"]["board"]);
            // Clocks as they were at the last move; the time down is not charged.
            assert_eq!(clocks(&after), clocks(&before[i]), "game {i} clocks");
            let to_move = after["state"]["to_move"].as_str().unwrap().to_owned();
            let c = &after["state"][&to_move]["clock"];
            assert_eq!(c["running"], true);
            assert!(c["elapsed_ms"].as_u64().unwrap() < 2000, "{c}");
        }
        assert_eq!(after["state"]["phase"], "playing");
    }
    // Play goes on with the same seat secrets.
    for (g, _, _) in &games {
        let mut b = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
        let mut w = Player::connect(addr, &g.id, Some(&g.white)).await.unwrap();
        let ply = b.state["ply"].as_u64().unwrap();
        play_moves(&mut b, &mut w, 2).await;
        assert_eq!(b.state["ply"].as_u64(), Some(ply + 2));
    }
    drop(server);
}

async fn kill_9_while_a_player_thinks_charges_the_thinking_time_up_to_the_last_checkpoint_not_the_time_down(
    db: Db,
) {
    const INTERVAL_MS: u64 = 1000;
    const THINK_MS: u64 = 3500;
    const DOWN_MS: u64 = 3000;
    let env = [(tengen_server::CHECKPOINT_ENV, "1000")];
    let (server, addr) = serve_with(&db, &env);
    let g = create_and_join(
        addr,
        json!({ "size": 9, "rules": "japanese",
            "time": { "kind": "fischer", "initial_s": 600, "increment_s": 0, "max_s": 600 } }),
    )
    .await;
    let mut b = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
    let mut w = Player::connect(addr, &g.id, Some(&g.white)).await.unwrap();
    play_moves(&mut b, &mut w, 2).await;
    // Black thinks past three checkpoints; then the server is killed.
    tokio::time::sleep(std::time::Duration::from_millis(THINK_MS)).await;
    let before = game_view(addr, &g.id).await;
    let spent_before = before["state"]["black"]["clock"]["elapsed_ms"]
        .as_u64()
        .unwrap();
    assert!(spent_before >= THINK_MS, "{spent_before}");
    drop(server); // SIGKILL
    tokio::time::sleep(std::time::Duration::from_millis(DOWN_MS)).await;

    let (server, addr) = serve_with(&db, &env);
    let after = game_view(addr, &g.id).await;
    assert_eq!(
        clocks(&after),
        clocks(&before),
        "clocks at the turn's start"
    );
    let c = &after["state"]["black"]["clock"];
    assert_eq!(c["running"], true);
    let spent = c["elapsed_ms"].as_u64().unwrap();
    // The thinking time is charged to within one checkpoint interval...
    assert!(
        spent + INTERVAL_MS + 100 >= spent_before,
        "charged {spent} ms of {spent_before} ms thought"
    );
    // ...and the time the server was down is not.
    assert!(
        spent < spent_before + 1000 && spent < THINK_MS + DOWN_MS,
        "charged {spent} ms after {spent_before} ms thought and {DOWN_MS} ms down"
    );
    // Black's move now costs the time thought before the crash plus the time since.
    let mut b = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
    let mut w = Player::connect(addr, &g.id, Some(&g.white)).await.unwrap();
    play_moves(&mut b, &mut w, 1).await;
    let left = b.state["black"]["clock"]["main_ms"].as_u64().unwrap();
    assert!(
        (600_000 - spent_before - 1500..=600_000 - spent).contains(&left),
        "{left} ms left after thinking {spent_before} ms before the crash"
    );
    drop(server);
}
