//! The server under abuse, on 127.0.0.1 (and 127.0.0.2 as a second client address): idle
//! and half-sent connections, too many connections from one address, WebSockets that never
//! answer pings, a flood of games, abandoned invitations, broken frames.

use std::time::{Duration, Instant};

use serde_json::json;
use tengen_server::ServerConfig;
use tokio::io::AsyncWriteExt;

use crate::common::{
    Player, RawWs, closed_within, connect_from, create_and_join, form, http, http_from,
    start_server_at, start_server_with, temp_db,
};

const ME: [u8; 4] = [127, 0, 0, 1];
const OTHER: [u8; 4] = [127, 0, 0, 2];

fn config() -> ServerConfig {
    ServerConfig::default()
}

/// A server with the defaults changed by `change`.
async fn server(change: impl FnOnce(&mut ServerConfig)) -> std::net::SocketAddr {
    let mut c = config();
    change(&mut c);
    start_server_with(vec![], c).await
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[tokio::test]
async fn silent_and_half_sent_connections_are_closed_after_the_header_timeout() {
    let addr = server(|c| c.header_read_timeout = ms(500)).await;
    let mut silent = connect_from(ME, addr).await;
    let mut half = connect_from(ME, addr).await;
    half.write_all(b"GET /api/info HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let t = Instant::now();
    assert!(
        closed_within(&mut silent, 5.0).await,
        "silent connection kept"
    );
    assert!(
        closed_within(&mut half, 5.0).await,
        "half-sent request kept"
    );
    assert!(t.elapsed() >= ms(400), "closed too early");
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_the_header_timeout() {
    let addr = server(|c| c.header_read_timeout = ms(500)).await;
    let mut c = connect_from(ME, addr).await;
    c.write_all(b"GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    // The answer comes, then the connection waits for another request and is closed.
    assert!(closed_within(&mut c, 5.0).await, "idle keep-alive kept");
}

#[tokio::test]
async fn a_request_whose_body_never_comes_is_answered_408() {
    let addr = server(|c| c.request_timeout = ms(500)).await;
    let mut c = connect_from(ME, addr).await;
    c.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    )
    .await
    .unwrap();
    let mut buf = vec![0u8; 512];
    let n = tokio::time::timeout(
        Duration::from_secs(5),
        tokio::io::AsyncReadExt::read(&mut c, &mut buf),
    )
    .await
    .expect("no answer to a stalled body")
    .unwrap();
    let text = String::from_utf8_lossy(&buf[..n]);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
}

#[tokio::test]
async fn connections_past_the_per_address_cap_are_refused_and_other_addresses_are_served() {
    let addr = server(|c| c.max_connections_per_ip = 8).await;
    let mut held = Vec::new();
    for _ in 0..8 {
        held.push(connect_from(ME, addr).await);
    }
    tokio::time::sleep(ms(100)).await;
    let (status, body) = http_from(ME, addr, "GET", "/api/info", None).await;
    assert_eq!(status, 429, "the ninth connection was served: {body}");
    let (status, _) = http_from(OTHER, addr, "GET", "/api/info", None).await;
    assert_eq!(status, 200, "another address is refused too");
    drop(held);
    tokio::time::sleep(ms(100)).await;
    let (status, _) = http_from(ME, addr, "GET", "/api/info", None).await;
    assert_eq!(status, 200, "the address is still refused after closing");
}

#[tokio::test]
async fn a_websocket_that_never_answers_pings_is_closed_and_its_spectator_not_counted() {
    let addr = server(|c| {
        c.ws_ping_every = ms(200);
        c.ws_pong_timeout = ms(700);
    })
    .await;
    let g = create_and_join(addr, form("aga")).await;
    // A browser answers pings by itself: it stays.
    let mut live = Player::connect(addr, &g.id, None).await.unwrap();
    let mut silent = RawWs::connect(addr, &g.id, true).await;
    let spectators = || async {
        let (_, v) = http(addr, "GET", &format!("/api/games/{}", g.id), None).await;
        v["state"]["spectators"].as_u64().unwrap()
    };
    tokio::time::sleep(ms(100)).await;
    assert_eq!(spectators().await, 2);
    live.drain(2000).await;
    assert_eq!(
        spectators().await,
        1,
        "the spectator that never answers is still counted"
    );
    let close = silent.close_frame(3).await;
    assert!(
        matches!(close, Some((1001 | 1008, _))),
        "no close frame for the missed pongs: {close:?}"
    );
}

#[tokio::test]
async fn a_websocket_that_answers_no_ping_is_closed_at_the_pong_timeout_not_the_next_ping() {
    // Pings every 2 s and 400 ms to answer one: the close comes 400 ms after the first
    // ping, not at the second ping (it came at the first ping after the timeout: 40 s for
    // the documented 30 s with the defaults).
    let addr = server(|c| {
        c.ws_ping_every = Duration::from_secs(2);
        c.ws_pong_timeout = ms(400);
    })
    .await;
    let g = create_and_join(addr, form("aga")).await;
    let t = Instant::now();
    let mut silent = RawWs::connect(addr, &g.id, true).await;
    let close = silent.close_frame(5).await;
    let after = t.elapsed();
    assert!(matches!(close, Some((1008, _))), "{close:?}");
    assert!(
        after >= ms(350) && after < ms(1200),
        "closed {after:?} after the first ping, with a pong timeout of 400 ms"
    );
}

#[tokio::test]
async fn audience_changes_are_a_small_event_not_the_whole_state() {
    let addr = server(|_| {}).await;
    let g = create_and_join(addr, form("aga")).await;
    let mut watcher = Player::connect(addr, &g.id, None).await.unwrap();
    watcher.drain(300).await;
    let seen = watcher.log.len();
    let newcomer = Player::connect(addr, &g.id, None).await.unwrap();
    watcher.drain(1500).await;
    let after: Vec<_> = watcher.log[seen..].to_vec();
    assert!(
        after.iter().all(|m| m.get("state").is_none()),
        "a spectator's arrival resent the state: {after:?}"
    );
    let audience = after
        .iter()
        .find(|m| m["type"] == "audience")
        .unwrap_or_else(|| panic!("no audience event in {after:?}"));
    assert_eq!(audience["spectators"], 2);
    assert!(audience.to_string().len() < 200, "{audience}");
    // The state sent later counts the newcomer too.
    newcomer.close().await;
    watcher.send(json!({ "type": "resync" })).await;
    let state = watcher.until("the state", |m| m["type"] == "state").await;
    assert_eq!(state["state"]["spectators"], 1);
}

#[tokio::test]
async fn game_creation_is_rate_limited_per_address() {
    let addr = server(|c| {
        c.games_burst = 3;
        c.games_refill = Duration::from_secs(3600);
    })
    .await;
    for _ in 0..3 {
        let (status, body) = http_from(ME, addr, "POST", "/api/games", Some(form("aga"))).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = http_from(ME, addr, "POST", "/api/games", Some(form("aga"))).await;
    assert_eq!(status, 429, "a fourth game within the hour: {body}");
    assert!(body["error"].as_str().unwrap().contains("games"), "{body}");
    let (status, _) = http_from(OTHER, addr, "POST", "/api/games", Some(form("aga"))).await;
    assert_eq!(status, 201, "another address is limited too");
}

#[tokio::test]
async fn an_unjoined_invitation_expires_cannot_be_joined_and_is_not_listed() {
    let addr = server(|c| c.invite_ttl = ms(800)).await;
    let (status, created) = http(addr, "POST", "/api/games", Some(form("aga"))).await;
    assert_eq!(status, 201);
    let id = created["id"].as_str().unwrap();
    // A game joined in time is unaffected.
    let joined = create_and_join(addr, form("aga")).await;
    tokio::time::sleep(ms(1500)).await;
    let (status, body) = http(
        addr,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({ "invite": created["invite"] })),
    )
    .await;
    assert_eq!(status, 410, "an expired invitation was accepted: {body}");
    let (_, view) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(view["state"]["phase"], "finished");
    assert_eq!(view["state"]["expired"], true);
    assert_eq!(view["state"]["result"], serde_json::Value::Null);
    let (_, list) = http(addr, "GET", "/api/games", None).await;
    let listed = |l: &serde_json::Value, id: &str| {
        ["live", "finished"]
            .iter()
            .any(|k| l[k].as_array().unwrap().iter().any(|g| g["id"] == id))
    };
    assert!(
        !listed(&list, id),
        "an expired invitation is listed: {list}"
    );
    assert!(listed(&list, &joined.id));
    let (_, view) = http(addr, "GET", &format!("/api/games/{}", joined.id), None).await;
    assert_eq!(view["state"]["phase"], "playing");
}

#[tokio::test]
async fn start_up_resumes_started_games_only_however_many_invitations_wait() {
    let db = temp_db("abandoned");
    let many = ServerConfig {
        games_burst: 1000,
        ..config()
    };
    let (addr, _) = start_server_at(&db, vec![], many.clone()).await;
    for _ in 0..40 {
        let (status, body) = http(addr, "POST", "/api/games", Some(form("aga"))).await;
        assert_eq!(status, 201, "{body}");
    }
    create_and_join(addr, form("aga")).await;
    // A second server on the same database: its start-up resumes the one started game.
    let (_, again) = start_server_at(&db, vec![], many).await;
    let t = Instant::now();
    let resumed = again.resume_live_games().await.unwrap();
    assert_eq!(resumed, 1, "waiting invitations were resumed");
    assert!(t.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn forbidden_frames_get_a_close_frame_with_the_reason() {
    let addr = server(|_| {}).await;
    let g = create_and_join(addr, form("aga")).await;
    // Over 64 KiB: only the head is sent; the server answers without reading the rest.
    let mut ws = RawWs::connect(addr, &g.id, true).await;
    ws.send_head(0x81, 70_000).await;
    let close = ws.close_frame(5).await;
    assert!(
        matches!(&close, Some((1009, r)) if r.contains("too_large")),
        "{close:?}"
    );
    // The same as the first message, before hello.
    let mut ws = RawWs::connect(addr, &g.id, false).await;
    ws.send_head(0x81, 70_000).await;
    let close = ws.close_frame(5).await;
    assert!(
        matches!(&close, Some((1009, r)) if r.contains("too_large")),
        "before hello: {close:?}"
    );
    let cases: [(&str, u8, &[u8], bool, u16); 4] = [
        ("invalid UTF-8", 0x81, &[0xff, 0xfe, 0x41], true, 1007),
        ("unmasked", 0x81, br#"{"type":"ping"}"#, false, 1002),
        ("reserved data opcode", 0x83, b"x", true, 1002),
        ("reserved control opcode", 0x8b, b"x", true, 1002),
    ];
    for (what, first, payload, masked, code) in cases {
        let mut ws = RawWs::connect(addr, &g.id, true).await;
        ws.send_frame(first, payload, masked).await;
        let close = ws.close_frame(5).await;
        assert!(
            matches!(&close, Some((c, r)) if *c == code && r.contains("bad_message")),
            "{what}: {close:?}"
        );
    }
    // The game is untouched and others still play.
    let mut b = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
    b.play(2, 2).await;
}

#[tokio::test]
async fn a_frame_over_64_kib_sent_whole_gets_the_close_frame_not_a_reset() {
    let addr = server(|_| {}).await;
    let g = create_and_join(addr, form("aga")).await;
    // The server stops reading at the head, with the payload unread: a socket closed so is
    // reset, and a client that had not read the close frame yet loses it.
    for attempt in 1..=5 {
        let mut ws = RawWs::connect(addr, &g.id, true).await;
        ws.send_frame(0x81, &[b'x'; 70_000], true).await;
        let close = ws.close_frame(5).await;
        assert!(
            matches!(&close, Some((1009, r)) if r.contains("too_large")),
            "try {attempt}: {close:?}"
        );
        assert_eq!(
            ws.end(5).await,
            Ok(()),
            "try {attempt}: the connection was reset after the close frame, not ended"
        );
    }
}

#[tokio::test]
async fn a_body_over_16_kib_sent_whole_gets_its_413() {
    let addr = server(|_| {}).await;
    for attempt in 1..=5 {
        let name = "x".repeat(100_000);
        let (status, body) = http(
            addr,
            "POST",
            "/api/games",
            Some(json!({ "size": 9, "rules": "aga", "name": name })),
        )
        .await;
        assert_eq!(status, 413, "try {attempt}: {body}");
    }
}

#[tokio::test]
async fn connections_past_the_server_wide_cap_are_refused_503_from_any_address() {
    let addr = server(|c| c.max_connections = 6).await;
    let mut held = Vec::new();
    for i in 0..6u8 {
        held.push(connect_from([127, 0, 1, i + 1], addr).await);
    }
    tokio::time::sleep(ms(100)).await;
    let (status, body) = http_from(OTHER, addr, "GET", "/api/info", None).await;
    assert_eq!(status, 503, "a seventh connection was served: {body}");
    assert!(
        body["error"].as_str().unwrap().contains("6 connections"),
        "{body}"
    );
    drop(held);
    tokio::time::sleep(ms(100)).await;
    let (status, _) = http_from(OTHER, addr, "GET", "/api/info", None).await;
    assert_eq!(status, 200, "still refused after the others closed");
}

#[tokio::test]
async fn new_games_past_the_server_wide_cap_a_minute_are_refused_503_from_any_address() {
    let addr = server(|c| c.max_games_per_minute = 3).await;
    for i in 0..3u8 {
        let (status, body) = http_from(
            [127, 0, 2, i + 1],
            addr,
            "POST",
            "/api/games",
            Some(form("aga")),
        )
        .await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = http_from(OTHER, addr, "POST", "/api/games", Some(form("aga"))).await;
    assert_eq!(status, 503, "a fourth game within the minute: {body}");
    let message = body["error"].as_str().unwrap();
    assert!(
        message.contains("3 new games a minute") && message.contains("try again in"),
        "{body}"
    );
}

#[tokio::test]
async fn new_games_past_the_cap_on_games_running_are_refused_and_running_ones_still_play() {
    let addr = server(|c| c.max_live_games = 2).await;
    let first = create_and_join(addr, form("aga")).await;
    let (status, _) = http_from(OTHER, addr, "POST", "/api/games", Some(form("aga"))).await;
    assert_eq!(status, 201);
    let (status, body) = http_from(OTHER, addr, "POST", "/api/games", Some(form("aga"))).await;
    assert_eq!(
        status, 503,
        "a third game on a server capped at two: {body}"
    );
    assert!(
        body["error"].as_str().unwrap().contains("runs 2 games"),
        "{body}"
    );
    let mut b = Player::connect(addr, &first.id, Some(&first.black))
        .await
        .unwrap();
    b.play(2, 2).await;
}

/// The resident memory of process `pid`, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[tokio::test]
async fn an_idle_websocket_costs_the_server_little_memory() {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("skipped: /proc absent");
        return;
    }
    let (server, addr) = crate::durability::serve(temp_db("memory"));
    let pid = server.0.id();
    let g = create_and_join(addr, form("aga")).await;
    // Warm up: the first connections allocate the runtime's pools.
    let mut warm = Vec::new();
    for _ in 0..20 {
        warm.push(Player::connect(addr, &g.id, None).await.unwrap());
    }
    tokio::time::sleep(ms(300)).await;
    let before = rss_kib(pid);
    let n = 100;
    let mut idle = Vec::new();
    for _ in 0..n {
        idle.push(Player::connect(addr, &g.id, None).await.unwrap());
    }
    tokio::time::sleep(ms(500)).await;
    let per = rss_kib(pid).saturating_sub(before) as f64 / f64::from(n);
    eprintln!("memory per idle WebSocket: {per:.1} KiB");
    assert!(per < 40.0, "{per:.1} KiB per idle WebSocket");
    drop(server);
}

#[tokio::test]
async fn a_client_that_sends_requests_but_never_reads_the_answers_is_closed() {
    let addr = server(|c| c.request_timeout = ms(500)).await;
    let c = connect_from(ME, addr).await;
    let (mut read, mut write) = c.into_split();
    // 20,000 pipelined requests for the 25 KB script: 500 MB of answers nobody reads.
    let writer = tokio::spawn(async move {
        let one = b"GET /app.js HTTP/1.1\r\nHost: x\r\n\r\n";
        for _ in 0..20_000 {
            if write.write_all(one).await.is_err() {
                break;
            }
        }
        write
    });
    tokio::time::sleep(Duration::from_secs(2)).await;
    // Now read: what the buffers held, then the end (the server gave up on the writes).
    let mut total = 0usize;
    let mut buf = vec![0u8; 64 * 1024];
    let ended = tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            match tokio::io::AsyncReadExt::read(&mut read, &mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => total += n,
            }
        }
    })
    .await
    .is_ok();
    writer.abort();
    assert!(ended, "still open after reading {total} bytes");
    assert!(
        total < 100 << 20,
        "the server went on answering: {total} bytes"
    );
}
