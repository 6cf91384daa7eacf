//! Many games against Tengen's own player at once, over the real HTTP and WebSocket API on
//! 127.0.0.1: how long each engine answer takes (from Black's move to White's reply on
//! Black's socket) and whether every engine move stayed within its clock.
//!
//! ```text
//! cargo run --release -p tengen-server --example engine_load -- --games 50 --level 3 --moves 20 --workers 2
//! ```
//!
//! Each game is 9×9 under Chinese rules with byo-yomi of `--period` seconds (one period, no
//! main time: a move over the period loses the game), Black played by this program at
//! random empty points, one move as soon as the engine has answered. The server runs in this
//! process with `--workers` search workers and stops after `--moves` Black moves per game
//! or `--seconds` (at most 600), whichever comes first.

mod common;

use std::{
    net::SocketAddr,
    sync::Arc,
    time::{Duration, Instant},
};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tengen_server::{AppState, ServerConfig, SqliteStore};
use tokio_tungstenite::tungstenite::Message;

struct Args {
    games: usize,
    level: u8,
    moves: usize,
    workers: usize,
    period: u32,
    seconds: u64,
}

fn args() -> Args {
    let mut a = Args {
        games: 50,
        level: 3,
        moves: 20,
        workers: 2,
        period: 5,
        seconds: 300,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    for pair in argv.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or("");
        let bad = |flag: &str| -> ! {
            eprintln!("{flag} {value:?}: not a number");
            std::process::exit(2)
        };
        match pair[0].as_str() {
            "--games" => a.games = value.parse().unwrap_or_else(|_| bad("--games")),
            "--level" => a.level = value.parse().unwrap_or_else(|_| bad("--level")),
            "--moves" => a.moves = value.parse().unwrap_or_else(|_| bad("--moves")),
            "--workers" => a.workers = value.parse().unwrap_or_else(|_| bad("--workers")),
            "--period" => a.period = value.parse().unwrap_or_else(|_| bad("--period")),
            "--seconds" => {
                a.seconds = value
                    .parse::<u64>()
                    .unwrap_or_else(|_| bad("--seconds"))
                    .min(600)
            }
            other => {
                eprintln!(
                    "unknown argument {other} (--games, --level, --moves, --workers, --period, --seconds)"
                );
                std::process::exit(2);
            }
        }
    }
    a
}

/// What one game saw.
#[derive(Default)]
struct GameReport {
    answers: Vec<Duration>,
    /// The engine lost its period, lost on time, or failed.
    over_clock: bool,
    failure: Option<String>,
    result: Option<String>,
}

fn empty_points(state: &Value) -> Vec<(usize, usize)> {
    let size = state["size"].as_u64().unwrap_or(9) as usize;
    state["board"]
        .as_str()
        .unwrap_or("")
        .bytes()
        .enumerate()
        .filter(|&(_, c)| c == b'.')
        .map(|(i, _)| (i % size, i / size))
        .collect()
}

async fn play_game(addr: SocketAddr, a: &Args, deadline: Instant, seed: u64) -> GameReport {
    let mut report = GameReport::default();
    let created = common::request(
        addr,
        "POST",
        "/api/games",
        json!({ "size": 9, "rules": "chinese", "color": "black",
            "time": { "kind": "byo_yomi", "main_s": 0, "period_s": a.period, "periods": 1 },
            "opponent": { "kind": "tengen", "level": a.level } }),
    )
    .await;
    let (Some(id), Some(seat)) = (created["id"].as_str(), created["seat"].as_str()) else {
        report.failure = Some(format!("not created: {created}"));
        return report;
    };
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{id}"))
        .await
        .expect("websocket");
    let hello = json!({ "type": "hello", "seat": seat }).to_string();
    ws.send(Message::Text(hello.into())).await.expect("hello");
    let mut state = Value::Null;
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut sent: Option<(u64, Instant)> = None;
    let mut tries = 0;
    let mut moves = 0;
    while Instant::now() < deadline {
        let text = match tokio::time::timeout(Duration::from_secs(30), ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => text,
            Ok(Some(Ok(_))) => continue,
            Ok(Some(Err(e))) => {
                report.failure = Some(format!("websocket: {e}"));
                break;
            }
            Ok(None) => {
                report.failure = Some("the server closed the websocket".into());
                break;
            }
            Err(_) => {
                report.failure = Some("no message for 30 s".into());
                break;
            }
        };
        let msg: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if let Some(s) = msg.get("state") {
            state = s.clone();
        }
        if state["white"]["clock"]["periods"].as_u64() == Some(0)
            || state["result"].as_str().is_some_and(|r| r.contains('T'))
        {
            report.over_clock = true;
        }
        if let Some(f) = state["white"]["failure"].as_str() {
            report.failure = Some(f.to_owned());
            report.over_clock = true;
            break;
        }
        if state["phase"] != "playing" {
            report.result = state["result"].as_str().map(str::to_owned);
            break;
        }
        let ply = state["ply"].as_u64().unwrap_or(0);
        if let Some((at_ply, at)) = sent {
            if ply > at_ply + 1 {
                // Black's move and White's answer are on the board.
                report.answers.push(at.elapsed());
                sent = None;
                moves += 1;
                tries = 0;
            } else if msg["type"] != "error" {
                continue;
            }
        }
        if state["to_move"] != "black" {
            continue;
        }
        if moves >= a.moves {
            break;
        }
        // A random empty point; a refused one (suicide, ko) is followed by another, and a
        // pass after a few.
        let empty = empty_points(&state);
        let msg = if tries < 5 && !empty.is_empty() {
            let (x, y) = empty[(next() % empty.len() as u64) as usize];
            tries += 1;
            json!({ "type": "play", "ply": ply, "x": x, "y": y })
        } else {
            json!({ "type": "pass", "ply": ply })
        };
        ws.send(Message::Text(msg.to_string().into())).await.ok();
        sent = Some((ply, Instant::now()));
    }
    report
}

#[tokio::main]
async fn main() {
    let a = Arc::new(args());
    let db = std::env::temp_dir().join(format!("tengen-engine-load-{}.db", std::process::id()));
    let store = Arc::new(SqliteStore::open(&db).expect("database"));
    let config = ServerConfig {
        search_workers: a.workers,
        games_burst: u32::try_from(a.games).unwrap_or(u32::MAX).max(10),
        max_connections_per_ip: a.games * 2 + 64,
        ..ServerConfig::default()
    };
    let state = AppState::with_config(store, vec![], config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move { tengen_server::serve(listener, state).await });
    let start = Instant::now();
    let deadline = start + Duration::from_secs(a.seconds);
    let games: Vec<_> = (0..a.games)
        .map(|g| {
            let a = Arc::clone(&a);
            tokio::spawn(async move { play_game(addr, &a, deadline, 0x9e37_79b9 + g as u64).await })
        })
        .collect();
    let mut reports = Vec::new();
    for g in games {
        reports.push(g.await.unwrap_or_default());
    }
    let mut answers: Vec<Duration> = reports.iter().flat_map(|r| r.answers.clone()).collect();
    answers.sort();
    let pct = |p: f64| {
        answers
            .get(((answers.len() as f64 * p) as usize).min(answers.len().saturating_sub(1)))
            .map_or(0.0, Duration::as_secs_f64)
    };
    let over = reports.iter().filter(|r| r.over_clock).count();
    let failed: Vec<&String> = reports.iter().filter_map(|r| r.failure.as_ref()).collect();
    let finished = reports.iter().filter(|r| r.result.is_some()).count();
    println!(
        "{} games at level {} (9x9, byo-yomi 1x{} s), {} search workers, {} cores: {} engine answers in {:.1} s",
        a.games,
        a.level,
        a.period,
        a.workers,
        std::thread::available_parallelism().map_or(1, usize::from),
        answers.len(),
        start.elapsed().as_secs_f64()
    );
    println!(
        "answer time: median {:.3} s, p99 {:.3} s, slowest {:.3} s",
        pct(0.5),
        pct(0.99),
        answers.last().map_or(0.0, Duration::as_secs_f64)
    );
    println!(
        "games whose engine overran its clock or failed: {over} of {}; games ended early (resign/pass): {finished}",
        a.games
    );
    for f in failed.iter().take(5) {
        println!("failure: {f}");
    }
    let _ = std::fs::remove_file(&db);
}
