//! Load generator for `tengen serve` on loopback: many concurrent games, two WebSocket
//! players each, moves at a steady total rate. Reports sustained moves per second, the time
//! from one player's move to the other player's update (p50/p99/max), and the server's
//! memory per idle game and per idle WebSocket.
//!
//! ```text
//! cargo run --release -p tengen-server --example load -- --games 2000 --rate 2000 --seconds 30
//! ```
//!
//! By default the server runs in this process on a fresh SQLite file (so memory per idle
//! game can be read from this process), with the per-address limits raised (every client
//! here is 127.0.0.1); `--db postgres://…` runs it on that PostgreSQL database instead, and
//! `--nodes N` runs N servers on it in this process (games are created round-robin, and each
//! player connects to a server picked by a hash of its seat, so about half of the players
//! are relayed by a server that does not run their game). `--addr HOST:PORT[,HOST:PORT…]`
//! drives running `tengen serve`s instead (start them with `--max-conns-per-ip` and
//! `--games-burst` above the load). `--slowest N` lists the N slowest moves, each with when
//! it arrived and its game, to tell a stall of the whole server from one slow game;
//! `--no-spectators` leaves out the idle spectators. `--logins N` registers N club members
//! before the games start and has all N log in at once two seconds into the measurement and
//! every ten seconds after (Argon2id makes each log-in cost tens of milliseconds of a core):
//! the report then gives the moves' latency while the log-ins were under way apart from the
//! rest. Every request goes to 127.0.0.1 only, and the run stops by itself.

mod common;

use std::{
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tengen_server::{AppState, PgStore, ServerConfig, SqliteStore, Store};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
    sync::Semaphore,
};
use tokio_tungstenite::tungstenite::Message;

struct Args {
    games: usize,
    rate: f64,
    seconds: u64,
    /// Running servers to drive, instead of servers in this process.
    addrs: Vec<SocketAddr>,
    /// The database of the servers in this process (default: a fresh SQLite file).
    db: Option<String>,
    /// Servers in this process (several need a PostgreSQL `db`).
    nodes: usize,
    /// Give every game a clock (byo-yomi, an hour of main time), so clock checkpoints run.
    clock: bool,
    /// Also list this many of the slowest moves: when (seconds into the measurement) and in
    /// which game, to tell a stall of the whole server from one slow game.
    slowest: usize,
    /// Open no idle spectator WebSockets (they are opened in this process's single server).
    no_spectators: bool,
    /// Members who all log in at once, every ten seconds of the measurement.
    logins: usize,
}

fn args() -> Args {
    let mut a = Args {
        games: 2000,
        rate: 2000.0,
        seconds: 30,
        addrs: Vec::new(),
        db: None,
        nodes: 1,
        clock: false,
        slowest: 0,
        no_spectators: false,
        logins: 0,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < argv.len() {
        let v = argv.get(i + 1).cloned().unwrap_or_default();
        match argv[i].as_str() {
            "--games" => a.games = v.parse().unwrap_or(a.games),
            "--rate" => a.rate = v.parse().unwrap_or(a.rate),
            "--seconds" => a.seconds = v.parse().unwrap_or(a.seconds).min(600),
            "--addr" => {
                a.addrs = v.split(',').filter_map(|s| s.parse().ok()).collect();
            }
            "--db" => a.db = Some(v),
            "--nodes" => a.nodes = v.parse().unwrap_or(1).max(1),
            "--slowest" => a.slowest = v.parse().unwrap_or(0),
            "--logins" => a.logins = v.parse().unwrap_or(0),
            "--no-spectators" => {
                a.no_spectators = true;
                i += 1;
                continue;
            }
            "--clock" => {
                a.clock = true;
                i += 1;
                continue;
            }
            other => {
                eprintln!("unknown argument {other}");
                std::process::exit(2);
            }
        }
        i += 2;
    }
    a
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// One request, or `Null` if it is not answered within 30 s.
async fn http(addr: SocketAddr, method: &str, path: &str, body: Value) -> Value {
    tokio::time::timeout(
        Duration::from_secs(30),
        common::request(addr, method, path, body),
    )
    .await
    .unwrap_or(Value::Null)
}

/// The n-th move: Black on rows 2, 4, 6, 8 and White on rows 11, 13, 15, 17 of 19×19, so
/// nothing is ever captured (152 moves).
fn nth_move(n: u64) -> Option<(u64, u64)> {
    let k = n / 2;
    if k >= 76 {
        return None;
    }
    let (x, row) = (k % 19, k / 19);
    Some(if n.is_multiple_of(2) {
        (x, 1 + 2 * row)
    } else {
        (x, 10 + 2 * row)
    })
}

/// One move's time from the mover's send to the opponent's update.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Sample {
    latency_us: u32,
    /// When the update arrived, in milliseconds since `Shared::start`.
    at_ms: u32,
    game: u32,
}

struct Shared {
    /// Per game: when the last move was sent, in microseconds since `start`.
    sent_at: Vec<AtomicU64>,
    start: Instant,
    measuring: AtomicBool,
    stop: AtomicBool,
    /// Players whose connection the server closed before the end.
    dropped: AtomicU64,
}

async fn player(
    addr: SocketAddr,
    game: usize,
    id: String,
    seat: String,
    me: &'static str,
    interval: Duration,
    shared: Arc<Shared>,
) -> Vec<Sample> {
    let mut latencies = Vec::new();
    let Ok((mut ws, _)) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{id}")).await
    else {
        return latencies;
    };
    let hello = json!({ "type": "hello", "seat": seat }).to_string();
    if ws.send(Message::Text(hello.into())).await.is_err() {
        return latencies;
    }
    let mut sent_for: Option<u64> = None;
    let mut seen_ply = 0u64;
    // Spread the games' first moves over one interval.
    let offset = interval.mul_f64((game as f64 * 0.618_034) % 1.0);
    let mut next_send = Instant::now() + offset;
    while !shared.stop.load(Ordering::Relaxed) {
        let t = match tokio::time::timeout(Duration::from_secs(2), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => t,
            Ok(Some(Ok(_))) | Err(_) => continue,
            // Closed (the server refused or lost the connection): this player is done.
            Ok(None | Some(Err(_))) => {
                shared.dropped.fetch_add(1, Ordering::Relaxed);
                break;
            }
        };
        let Ok(m) = serde_json::from_str::<Value>(t.as_str()) else {
            continue;
        };
        let Some(state) = m.get("state") else {
            continue;
        };
        let ply = state["ply"].as_u64().unwrap_or(0);
        if ply > seen_ply {
            seen_ply = ply;
            // The opponent's move arrived: time it from the opponent's send.
            if state["last_move"]["color"] != me {
                let sent = shared.sent_at[game].load(Ordering::Relaxed);
                let now = shared.start.elapsed().as_micros() as u64;
                if sent > 0 && shared.measuring.load(Ordering::Relaxed) {
                    latencies.push(Sample {
                        latency_us: now.saturating_sub(sent) as u32,
                        at_ms: (now / 1000) as u32,
                        game: game as u32,
                    });
                }
            }
        }
        if state["phase"] == "playing" && state["to_move"] == me && sent_for != Some(ply) {
            let Some((x, y)) = nth_move(ply) else { break };
            tokio::time::sleep_until(next_send.into()).await;
            next_send = Instant::now().max(next_send) + interval;
            shared.sent_at[game]
                .store(shared.start.elapsed().as_micros() as u64, Ordering::Relaxed);
            let msg = json!({ "type": "play", "ply": ply, "x": x, "y": y }).to_string();
            if ws.send(Message::Text(msg.into())).await.is_err() {
                break;
            }
            sent_for = Some(ply);
        }
    }
    let _ = ws.close(None).await;
    latencies
}

/// A WebSocket to game `id` that has said hello as a spectator and then reads nothing.
async fn idle_websocket(addr: SocketAddr, id: &str) -> Option<TcpStream> {
    let mut s = TcpStream::connect(addr).await.ok()?;
    let req = format!(
        "GET /ws/{id} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.ok()?;
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        if s.read(&mut byte).await.ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    // A masked text frame with a zero mask: the payload as it is.
    let hello = br#"{"type":"hello","seat":null}"#;
    let mut frame = vec![0x81, 0x80 | hello.len() as u8, 0, 0, 0, 0];
    frame.extend_from_slice(hello);
    s.write_all(&frame).await.ok()?;
    Some(s)
}

/// In milliseconds, of samples sorted by latency.
fn percentile(sorted: &[Sample], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i].latency_us) / 1000.0
}

fn main() {
    let a = args();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(run(a));
}

/// Servers in this process on `a.db` (or a fresh SQLite file): their addresses.
async fn start_servers(a: &Args) -> Vec<SocketAddr> {
    let mut addrs = Vec::new();
    for _ in 0..a.nodes {
        let store: Arc<dyn Store> = match &a.db {
            Some(url) => Arc::new(PgStore::connect(url).await.expect("database")),
            None => {
                assert_eq!(a.nodes, 1, "several servers need --db postgres://…");
                let dir = std::env::temp_dir().join(format!("tengen-load-{}", std::process::id()));
                std::fs::create_dir_all(&dir).expect("temp dir");
                Arc::new(SqliteStore::open(&dir.join("load.db")).expect("database"))
            }
        };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        store
            .join_cluster(addr.to_string())
            .await
            .expect("join the cluster");
        let config = ServerConfig {
            max_connections_per_ip: usize::MAX,
            games_burst: u32::MAX,
            accounts_burst: u32::MAX,
            logins_per_address: u32::MAX,
            logins_per_account: u32::MAX,
            ..ServerConfig::from_env()
        };
        let state = AppState::with_config(store, vec![], config);
        tokio::spawn(async move {
            let _ = tengen_server::serve(listener, state).await;
        });
        addrs.push(addr);
    }
    addrs
}

/// The server a player connects to: spread by a hash of its seat, so that with several
/// servers about half of the players are relayed.
fn server_for(addrs: &[SocketAddr], game: usize, seat: usize) -> SocketAddr {
    let h = ((game * 2 + seat) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
    addrs[h as usize % addrs.len()]
}

async fn run(a: Args) {
    let rss_start = rss_kib();
    let in_process = a.addrs.is_empty();
    let addrs = if in_process {
        start_servers(&a).await
    } else {
        a.addrs.clone()
    };
    let addr = addrs[0];
    let store = match (&a.db, in_process) {
        (_, false) => "running servers",
        (Some(_), true) => "PostgreSQL",
        (None, true) => "SQLite",
    };
    println!(
        "load: {} games on {} server(s) ({store}): {addrs:?}",
        a.games,
        addrs.len()
    );
    let t = Instant::now();
    let sem = Arc::new(Semaphore::new(16));
    let mut creating = Vec::new();
    let mut form = json!({ "size": 19, "rules": "japanese", "color": "black" });
    if a.clock {
        form["time"] = json!({ "kind": "byo_yomi", "main_s": 3600, "period_s": 30, "periods": 5 });
    }
    for i in 0..a.games {
        let form = form.clone();
        let sem = Arc::clone(&sem);
        let addr = addrs[i % addrs.len()];
        creating.push(tokio::spawn(async move {
            let _permit = sem.acquire().await;
            let g = http(addr, "POST", "/api/games", form).await;
            let id = g["id"].as_str().unwrap_or_default().to_owned();
            let j = http(
                addr,
                "POST",
                &format!("/api/games/{id}/join"),
                json!({ "invite": g["invite"] }),
            )
            .await;
            (
                id,
                g["seat"].as_str().unwrap_or_default().to_owned(),
                j["seat"].as_str().unwrap_or_default().to_owned(),
            )
        }));
    }
    let mut games = Vec::new();
    for c in creating {
        if let Ok(g) = c.await {
            games.push(g);
        }
    }
    let created = t.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_idle = rss_kib();
    if in_process && addrs.len() == 1 {
        println!(
            "load: created and joined {} games in {:.1} s; memory per idle game {:.1} KiB (RSS {} → {} MiB)",
            games.len(),
            created.as_secs_f64(),
            (rss_idle.saturating_sub(rss_start)) as f64 / games.len().max(1) as f64,
            rss_start / 1024,
            rss_idle / 1024
        );
    }
    if in_process && addrs.len() == 1 && !a.no_spectators {
        // One idle spectator per game, spoken to byte by byte so that the client side costs
        // next to nothing in this process: what RSS gains is the server's.
        let before = rss_kib();
        let mut idle = Vec::new();
        for (id, _, _) in &games {
            if let Some(s) = idle_websocket(addr, id).await {
                idle.push(s);
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        println!(
            "load: {} idle WebSockets; memory per idle WebSocket {:.1} KiB (RSS {} → {} MiB)",
            idle.len(),
            (rss_kib().saturating_sub(before)) as f64 / idle.len().max(1) as f64,
            before / 1024,
            rss_kib() / 1024
        );
    }
    // After the memory figures: a password hash takes 19 MiB while it runs.
    let members = register(addr, a.logins).await;
    let shared = Arc::new(Shared {
        sent_at: (0..games.len()).map(|_| AtomicU64::new(0)).collect(),
        start: Instant::now(),
        measuring: AtomicBool::new(false),
        stop: AtomicBool::new(false),
        dropped: AtomicU64::new(0),
    });
    // Each player moves once per `interval` (a game: twice), so the total is `rate` moves
    // per second.
    let interval = Duration::from_secs_f64(2.0 * games.len() as f64 / a.rate);
    let mut tasks = Vec::new();
    for (i, (id, black, white)) in games.iter().enumerate() {
        for (s, (seat, me)) in [(black, "black"), (white, "white")].into_iter().enumerate() {
            tasks.push(tokio::spawn(player(
                server_for(&addrs, i, s),
                i,
                id.clone(),
                seat.clone(),
                me,
                interval,
                Arc::clone(&shared),
            )));
        }
    }
    // Warm up for one interval plus two seconds, then measure.
    tokio::time::sleep(interval + Duration::from_secs(2)).await;
    shared.measuring.store(true, Ordering::Relaxed);
    let measure_start = Instant::now();
    let measure_start_ms = shared.start.elapsed().as_millis() as u32;
    let bursts = tokio::spawn(log_in_bursts(
        addr,
        members,
        Arc::clone(&shared),
        Duration::from_secs(a.seconds),
    ));
    tokio::time::sleep(Duration::from_secs(a.seconds)).await;
    shared.measuring.store(false, Ordering::Relaxed);
    let bursts = bursts.await.unwrap_or_default();
    let measured = measure_start.elapsed();
    let rss_busy = rss_kib();
    shared.stop.store(true, Ordering::Relaxed);
    let mut all = Vec::new();
    for t in tasks {
        if let Ok(l) = t.await {
            all.extend(l);
        }
    }
    all.sort_unstable();
    let dropped = shared.dropped.load(Ordering::Relaxed);
    if dropped > 0 {
        println!("load: {dropped} players' connections were closed by the server during the run");
    }
    println!(
        "load: {} moves in {:.1} s = {:.0} moves/s sustained (target rate {:.0}); move → opponent update: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms{}",
        all.len(),
        measured.as_secs_f64(),
        all.len() as f64 / measured.as_secs_f64(),
        a.rate,
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        percentile(&all, 1.0),
        if in_process {
            format!(
                "; RSS under load {} MiB (server and clients)",
                rss_busy / 1024
            )
        } else {
            String::new()
        }
    );
    if !bursts.is_empty() {
        report_logins(&all, &bursts, measure_start_ms);
    }
    for s in all.iter().rev().take(a.slowest) {
        println!(
            "load: slow move: {:.1} ms, arrived {:.2} s into the measurement, game {}",
            f64::from(s.latency_us) / 1000.0,
            f64::from(s.at_ms.saturating_sub(measure_start_ms)) / 1000.0,
            s.game
        );
    }
}

/// Registers `n` members (names `load-member-K`, one password) before the games start.
async fn register(addr: SocketAddr, n: usize) -> Vec<String> {
    let t = Instant::now();
    let mut names = Vec::new();
    for k in 0..n {
        let name = format!("load-member-{k}");
        let answer = http(
            addr,
            "POST",
            "/api/accounts",
            json!({ "name": name, "password": "load password", "rank": "5k" }),
        )
        .await;
        if answer["csrf"].is_string() {
            names.push(name);
        } else {
            eprintln!("load: {name} not registered: {answer}");
        }
    }
    if n > 0 {
        println!(
            "load: registered {} members in {:.1} s",
            names.len(),
            t.elapsed().as_secs_f64()
        );
    }
    names
}

/// One burst of log-ins: when it started and ended (ms since `Shared::start`), and each
/// log-in's time in ms (of those that succeeded).
#[derive(Default)]
struct Burst {
    from_ms: u32,
    to_ms: u32,
    times_ms: Vec<f64>,
}

/// All `members` log in at once two seconds into the measurement, then every ten seconds,
/// while it lasts.
async fn log_in_bursts(
    addr: SocketAddr,
    members: Vec<String>,
    shared: Arc<Shared>,
    measured: Duration,
) -> Vec<Burst> {
    let mut bursts = Vec::new();
    if members.is_empty() {
        return bursts;
    }
    let end = Instant::now() + measured;
    let mut next = Instant::now() + Duration::from_secs(2);
    while next + Duration::from_secs(5) < end {
        tokio::time::sleep_until(next.into()).await;
        let from_ms = shared.start.elapsed().as_millis() as u32;
        let logins: Vec<_> = members
            .iter()
            .map(|name| {
                let name = name.clone();
                tokio::spawn(async move {
                    let t = Instant::now();
                    let answer = http(
                        addr,
                        "POST",
                        "/api/session",
                        json!({ "name": name, "password": "load password" }),
                    )
                    .await;
                    answer["csrf"]
                        .is_string()
                        .then(|| t.elapsed().as_secs_f64() * 1000.0)
                })
            })
            .collect();
        let mut times_ms = Vec::new();
        for l in logins {
            if let Ok(Some(ms)) = l.await {
                times_ms.push(ms);
            }
        }
        bursts.push(Burst {
            from_ms,
            to_ms: shared.start.elapsed().as_millis() as u32,
            times_ms,
        });
        next += Duration::from_secs(10);
    }
    bursts
}

/// The moves' latency while log-ins were under way and outside, and the log-ins' own times.
fn report_logins(all: &[Sample], bursts: &[Burst], measure_start_ms: u32) {
    let during = |s: &&Sample| {
        bursts
            .iter()
            .any(|b| (b.from_ms..=b.to_ms).contains(&s.at_ms))
    };
    let inside: Vec<Sample> = all.iter().filter(during).copied().collect();
    let outside: Vec<Sample> = all.iter().filter(|s| !during(s)).copied().collect();
    for b in bursts {
        let mut times = b.times_ms.clone();
        times.sort_by(f64::total_cmp);
        let at = |p: f64| {
            times
                .get(((times.len() as f64 - 1.0) * p) as usize)
                .copied()
                .unwrap_or(0.0)
        };
        println!(
            "load: {} log-ins at once from {:.1} s: all done in {:.2} s; a log-in p50 {:.0} ms, max {:.0} ms",
            times.len(),
            f64::from(b.from_ms.saturating_sub(measure_start_ms)) / 1000.0,
            f64::from(b.to_ms - b.from_ms) / 1000.0,
            at(0.5),
            at(1.0)
        );
    }
    println!(
        "load: move → opponent update while log-ins ran: {} moves, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; the rest: {} moves, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        inside.len(),
        percentile(&inside, 0.5),
        percentile(&inside, 0.99),
        percentile(&inside, 1.0),
        outside.len(),
        percentile(&outside, 0.5),
        percentile(&outside, 0.99),
        percentile(&outside, 1.0),
    );
}
