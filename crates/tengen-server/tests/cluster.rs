//! Two `tengen serve` processes on one PostgreSQL: players connect to either, a game runs on
//! one of them (its lease holder) and the other relays; when the holder is killed (`kill -9`)
//! the survivor takes its games over within seconds with every acknowledged move, and a
//! holder paused past its lease (SIGSTOP) is refused when it resumes and tries to write.

use std::{
    fs::File,
    net::SocketAddr,
    process::Command,
    time::{Duration, Instant},
};

use serde_json::{Value, json};
use tengen_server::LEASE_TTL;

use crate::{
    common::{Player, create_and_join, http, temp_db, test_postgres},
    durability::{Server, nth_move, play_moves, serve_logged},
};

/// Two servers on a fresh database, with their stderr in files (printed on failure by
/// the assertions that read them).
async fn two_nodes(
    name: &str,
) -> Option<(String, [(Server, SocketAddr); 2], [std::path::PathBuf; 2])> {
    let Some(url) = test_postgres::fresh_database(name).await else {
        println!("skipped: TENGEN_TEST_POSTGRES_URL not set");
        return None;
    };
    let logs = [temp_db("node-a.log"), temp_db("node-b.log")];
    let a = serve_logged(url.as_ref(), &[], File::create(&logs[0]).unwrap());
    let b = serve_logged(url.as_ref(), &[], File::create(&logs[1]).unwrap());
    Some((url, [a, b], logs))
}

fn signal(server: &Server, sig: &str) {
    let pid = server.0.id().to_string();
    assert!(
        Command::new("kill")
            .args([sig, &pid])
            .status()
            .unwrap()
            .success()
    );
}

/// `GET /api/games/{id}` until it answers 200 (a game being taken over answers 503): the
/// view and how long it took.
async fn view_when_served(addr: SocketAddr, id: &str, within: Duration) -> (Value, Duration) {
    let start = Instant::now();
    loop {
        let (status, v) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
        if status == 200 {
            return (v, start.elapsed());
        }
        assert_eq!(status, 503, "{v}");
        assert!(start.elapsed() < within, "not served after {within:?}: {v}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Connects a seat to `addr` once it serves the game (a WebSocket to a game being taken over
/// is closed with "reconnect").
async fn reconnect(addr: SocketAddr, id: &str, seat: &str) -> Player {
    let start = Instant::now();
    loop {
        if let Ok(p) = Player::connect(addr, id, Some(seat)).await {
            return p;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "cannot reconnect to {addr}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn moves(view: &Value) -> Vec<Value> {
    view["moves"].as_array().unwrap().clone()
}

#[tokio::test]
async fn two_nodes_serve_every_game_and_the_survivor_of_a_kill_9_continues_them_with_every_acknowledged_move()
 {
    let Some((_url, [(a, a_addr), (b, b_addr)], logs)) = two_nodes("kill").await else {
        return;
    };
    // Games created on A (so A runs them), each played with Black on A and White through B.
    let mut games = Vec::new();
    for i in 0..3u64 {
        let g = create_and_join(a_addr, json!({ "size": 9, "rules": "aga" })).await;
        let mut black = Player::connect(a_addr, &g.id, Some(&g.black))
            .await
            .unwrap();
        let mut white = Player::connect(b_addr, &g.id, Some(&g.white))
            .await
            .unwrap();
        play_moves(&mut black, &mut white, 5 + i).await;
        games.push((g, black, white));
    }
    // Both list every game (the lists come from the database).
    for addr in [a_addr, b_addr] {
        let (status, list) = http(addr, "GET", "/api/games", None).await;
        assert_eq!(status, 200);
        let live: Vec<&str> = list["live"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap())
            .collect();
        for (g, _, _) in &games {
            assert!(live.contains(&g.id.as_str()), "{addr} lists {live:?}");
        }
    }
    // What each player has seen acknowledged before the kill.
    let mut acked = Vec::new();
    for (g, black, white) in &games {
        let (view, _) = view_when_served(b_addr, &g.id, Duration::from_secs(5)).await;
        assert_eq!(view["state"]["ply"], black.state["ply"]);
        assert_eq!(view["state"]["ply"], white.state["ply"]);
        acked.push(moves(&view));
    }
    signal(&a, "-KILL");
    let killed = Instant::now();
    drop(a);
    for (i, (g, black, white)) in games.iter_mut().enumerate() {
        let (view, _) = view_when_served(b_addr, &g.id, Duration::from_secs(20)).await;
        if i == 0 {
            let took = killed.elapsed();
            assert!(
                took < LEASE_TTL + Duration::from_secs(5),
                "taken over after {took:?}; {}",
                std::fs::read_to_string(&logs[1]).unwrap_or_default()
            );
            println!("the survivor serves the first game {took:?} after the kill");
        }
        assert_eq!(
            moves(&view),
            acked[i],
            "game {i}: every acknowledged move, in order"
        );
        // The players reconnect to the survivor and play on.
        *black = reconnect(b_addr, &g.id, &g.black).await;
        *white = reconnect(b_addr, &g.id, &g.white).await;
        play_moves(black, white, 2).await;
        let (view, _) = view_when_served(b_addr, &g.id, Duration::from_secs(5)).await;
        assert_eq!(&moves(&view)[..acked[i].len()], &acked[i][..]);
        assert_eq!(moves(&view).len(), acked[i].len() + 2);
    }
    drop(b);
}

#[tokio::test]
async fn a_node_paused_past_its_lease_is_refused_when_it_resumes_and_the_game_goes_on_elsewhere() {
    let Some((_url, [(a, a_addr), (b, b_addr)], logs)) = two_nodes("pause").await else {
        return;
    };
    let g = create_and_join(a_addr, json!({ "size": 9, "rules": "aga" })).await;
    let mut black = Player::connect(a_addr, &g.id, Some(&g.black))
        .await
        .unwrap();
    let mut white = Player::connect(a_addr, &g.id, Some(&g.white))
        .await
        .unwrap();
    play_moves(&mut black, &mut white, 4).await;

    signal(&a, "-STOP");
    tokio::time::sleep(LEASE_TTL + Duration::from_secs(2)).await;
    // B has taken the game over (or does so now), and White plays there.
    let (view, _) = view_when_served(b_addr, &g.id, Duration::from_secs(20)).await;
    assert_eq!(view["state"]["ply"], 4);
    let mut white_b = reconnect(b_addr, &g.id, &g.white).await;
    // Black, still on the paused A, sends move 5; A resumes and must not record it.
    let (x, y) = nth_move(4);
    black
        .send(json!({ "type": "play", "ply": 4, "x": x, "y": y }))
        .await;
    signal(&a, "-CONT");
    let mut answer = None;
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        match black.next().await {
            Some(m) if m["type"] == "error" || m["state"]["ply"].as_u64() > Some(4) => {
                answer = Some(m);
                break;
            }
            Some(_) => {}
            None => break, // closed: the paused server stopped the game
        }
    }
    if let Some(m) = &answer {
        assert_eq!(
            m["type"], "error",
            "the stale server acknowledged a move: {m}"
        );
        assert_eq!(m["code"], "unavailable", "{m}");
    }
    let log_a = std::fs::read_to_string(&logs[0]).unwrap_or_default();
    assert!(
        log_a.contains("this server's write was refused") || log_a.contains("another server"),
        "A says why it stopped: {log_a}"
    );
    println!("A after resuming: {log_a}");
    // The game is at ply 4 on B, and goes on there with Black reconnected.
    let (view, _) = view_when_served(b_addr, &g.id, Duration::from_secs(5)).await;
    assert_eq!(
        view["state"]["ply"], 4,
        "the stale append is not in the log"
    );
    let mut black_b = reconnect(b_addr, &g.id, &g.black).await;
    play_moves(&mut black_b, &mut white_b, 2).await;
    let (view, _) = view_when_served(a_addr, &g.id, Duration::from_secs(10)).await;
    assert_eq!(view["state"]["ply"], 6, "A, resumed, forwards to B: {view}");
    drop((a, b));
}
