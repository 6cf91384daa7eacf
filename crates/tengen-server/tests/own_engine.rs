//! Tengen's own player as an opponent: its searches run on the bounded worker pool, never
//! on the async runtime, answer within the game's clock, and stop when the game ends.
//! These tests run on tokio's single-threaded test runtime: a search blocking it would
//! stall every game and every request, which is what they check does not happen.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tengen_server::ServerConfig;

use crate::common::{Player, http, start_server_with};

/// Points Black tries in turn (the first empty one is played): far from each other, so
/// that none is suicide or ko this early.
const BLACK_POINTS: [(u8, u8); 8] = [
    (2, 2),
    (6, 6),
    (2, 6),
    (6, 2),
    (4, 4),
    (4, 1),
    (1, 4),
    (7, 4),
];

fn empty_at(state: &Value, x: u8, y: u8) -> bool {
    let size = state["size"].as_u64().unwrap() as usize;
    state["board"].as_str().unwrap().as_bytes()[usize::from(y) * size + usize::from(x)] == b'.'
}

/// Creates a 9×9 game against Tengen at `level` with `time`, the creator Black.
async fn game_against_tengen(addr: std::net::SocketAddr, level: u8, time: Value) -> Player {
    let (status, created) = http(
        addr,
        "POST",
        "/api/games",
        Some(
            json!({ "size": 9, "rules": "chinese", "color": "black", "time": time,
            "opponent": { "kind": "tengen", "level": level } }),
        ),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    Player::connect(addr, id, created["seat"].as_str())
        .await
        .unwrap()
}

/// Black plays `moves` moves, each time waiting for Tengen's answer; the slowest answer.
async fn play_against(mut b: Player, moves: usize) -> (Duration, Player) {
    let mut slowest = Duration::ZERO;
    for _ in 0..moves {
        let (x, y) = BLACK_POINTS
            .into_iter()
            .find(|&(x, y)| empty_at(&b.state, x, y))
            .unwrap();
        b.play(x, y).await;
        let ply = b.state["ply"].as_u64().unwrap();
        let asked = Instant::now();
        let s = b
            .until_state("Tengen's answer", |s| {
                s["phase"] != "playing" || s["ply"].as_u64() > Some(ply)
            })
            .await;
        slowest = slowest.max(asked.elapsed());
        assert_eq!(s["phase"], "playing", "the game ended: {s}");
        assert!(s["white"]["failure"].is_null(), "{s}");
    }
    (slowest, b)
}

#[tokio::test]
async fn concurrent_engine_games_all_get_answers_within_their_clock_and_the_server_stays_responsive()
 {
    let addr = start_server_with(
        vec![],
        ServerConfig {
            search_workers: 2,
            ..ServerConfig::default()
        },
    )
    .await;
    // Level 10 spends its clock: a 2 s byo-yomi period gives it about 0.8 s a move, so six
    // games on two workers queue, and take their fair share.
    let byo = json!({ "kind": "byo_yomi", "main_s": 0, "period_s": 2, "periods": 1 });
    let mut players = Vec::new();
    for _ in 0..6 {
        players.push(game_against_tengen(addr, 10, byo.clone()).await);
    }
    let games: Vec<_> = players
        .into_iter()
        .map(|b| tokio::spawn(play_against(b, 3)))
        .collect();
    // While the searches run, the server answers at once.
    let mut slowest_info = Duration::ZERO;
    let mut polls = 0;
    while !games.iter().all(tokio::task::JoinHandle::is_finished) {
        let asked = Instant::now();
        let (status, _) = http(addr, "GET", "/api/info", None).await;
        assert_eq!(status, 200);
        slowest_info = slowest_info.max(asked.elapsed());
        polls += 1;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut slowest_answer = Duration::ZERO;
    let mut thinking_seen = false;
    for game in games {
        let (slowest, b) = game.await.unwrap();
        slowest_answer = slowest_answer.max(slowest);
        // White still has its period: it never lost a period, let alone the game.
        assert_eq!(b.state["white"]["clock"]["periods"], 1);
        assert_eq!(b.state["white"]["level"], 10);
        thinking_seen |= b
            .log
            .iter()
            .any(|m| m["state"]["white"]["thinking"] == true);
    }
    eprintln!(
        "6 games, level 10, 2 s byo-yomi, 2 workers: slowest answer {:.2} s, slowest /api/info {:.1} ms over {polls} polls",
        slowest_answer.as_secs_f64(),
        slowest_info.as_secs_f64() * 1e3
    );
    assert!(
        polls >= 5,
        "the games were over before the server was asked"
    );
    assert!(
        slowest_answer < Duration::from_millis(2000),
        "an answer took {slowest_answer:?}, beyond the 2 s period"
    );
    assert!(
        slowest_info < Duration::from_millis(300),
        "/api/info took {slowest_info:?} while searches ran"
    );
    assert!(thinking_seen, "the page was never told Tengen is thinking");
}

#[tokio::test]
async fn aborting_a_game_cancels_the_engines_search() {
    let addr = start_server_with(
        vec![],
        ServerConfig {
            search_workers: 1,
            // The level-1 game below times the answer itself, not a person's pace.
            engine_human_pace: false,
            ..ServerConfig::default()
        },
    )
    .await;
    // Without a clock level 10 thinks 5 s a move; the abort must free the worker at once.
    let mut b = game_against_tengen(addr, 10, json!({ "kind": "none" })).await;
    b.play(2, 2).await;
    b.until_state("Tengen thinking", |s| s["white"]["thinking"] == true)
        .await;
    let ply = b.state["ply"].as_u64().unwrap();
    b.send(json!({ "type": "abort", "ply": ply })).await;
    b.until_state("the abort", |s| s["phase"] == "finished")
        .await;
    // The one worker is free again: a game at level 1 gets its answer quickly.
    let asked = Instant::now();
    let (slowest, _) = play_against(
        game_against_tengen(addr, 1, json!({ "kind": "none" })).await,
        1,
    )
    .await;
    assert!(
        slowest < Duration::from_secs(2),
        "the next game waited {slowest:?} (asked {:?} ago): the aborted search still held the worker",
        asked.elapsed()
    );
}

#[tokio::test]
async fn levels_outside_one_to_ten_are_refused_naming_the_level() {
    let addr = start_server_with(vec![], ServerConfig::default()).await;
    for level in [0, 11] {
        let (status, body) = http(
            addr,
            "POST",
            "/api/games",
            Some(json!({ "size": 9, "rules": "aga", "opponent": { "kind": "tengen", "level": level } })),
        )
        .await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body.to_string().contains(&format!("level {level}")),
            "{body}"
        );
    }
}

#[tokio::test]
async fn a_weak_level_answers_at_a_persons_pace_not_at_once() {
    let addr = start_server_with(vec![], ServerConfig::default()).await;
    let (slowest, b) = play_against(
        game_against_tengen(addr, 1, json!({ "kind": "none" })).await,
        2,
    )
    .await;
    // Level 1's search takes milliseconds; a person of its strength takes 1.5 s or more.
    let fastest_allowed = Duration::from_millis(1_400);
    assert!(
        slowest >= fastest_allowed,
        "level 1 answered in {slowest:?}"
    );
    assert!(slowest < Duration::from_secs(5), "level 1 took {slowest:?}");
    drop(b);
}
