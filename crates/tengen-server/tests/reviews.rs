//! Reviews over HTTP: an uploaded record reviewed with its variations, a variation tried on a
//! finished game's review, the record downloaded with the analysis, and bad uploads refused
//! early with the node and why; reviews by an external analysis engine (a fake one in
//! Python that speaks KataGo's protocol), and what happens when it dies.

use std::{net::SocketAddr, time::Duration};

use serde_json::{Value, json};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use tengen_server::ServerConfig;

use crate::common::{form, http, http_text, seated, start_server, start_server_with};

/// `POST` of `body` as it is (an SGF record, not JSON): the status and the JSON answer.
async fn post_raw(addr: SocketAddr, path: &str, body: &[u8]) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/x-go-sgf\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // A refusal may close the connection before the whole body is sent.
    let _ = stream.write_all(body).await;
    let mut buf = Vec::new();
    let _ = stream.read_to_end(&mut buf).await;
    let text = String::from_utf8_lossy(&buf).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

async fn until_done(addr: SocketAddr, id: &str) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    loop {
        let (status, v) = http(addr, "GET", &format!("/api/reviews/{id}"), None).await;
        assert_eq!(status, 200, "{v}");
        if v["status"] == "done" {
            return v;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the review did not finish: {v}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

const RECORD: &str = "(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]HA[2]AB[cc][gg]PB[Ann]PW[Bo]RE[W+R]\
    ;W[ee];B[ce](;W[ec];B[eg])(;W[gc]C[a variation]))";

#[tokio::test]
async fn an_uploaded_record_is_reviewed_with_its_rules_handicap_and_variations() {
    let addr = start_server(vec![]).await;
    let (status, started) = post_raw(addr, "/api/reviews", RECORD.as_bytes()).await;
    assert_eq!(status, 201, "{started}");
    let id = started["id"].as_str().unwrap().to_owned();
    assert_eq!(id.len(), 32, "an unguessable id: {id}");
    let tree = &started["tree"];
    assert_eq!(
        (tree["size"].as_u64(), tree["komi"].as_str()),
        (Some(9), Some("7.5"))
    );
    assert_eq!(
        (tree["handicap"].as_u64(), tree["rules"].as_str()),
        (Some(2), Some("Chinese"))
    );
    assert_eq!(tree["info"]["black"], "Ann");
    assert_eq!(
        tree["initial_board"].as_str().unwrap().matches('B').count(),
        2
    );
    assert_eq!(
        tree["nodes"].as_array().unwrap().len(),
        6,
        "4 moves and a variation's"
    );
    assert_eq!(tree["nodes"][5]["parent"], 2);
    let done = until_done(addr, &id).await;
    let nodes: Vec<u64> = done["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["node"].as_u64().unwrap())
        .collect();
    assert_eq!(
        nodes,
        vec![0, 1, 2, 3, 4, 5],
        "the main line, then the variation"
    );
    assert_eq!(
        done["positions"][1]["to_move"], "black",
        "White moved first (handicap)"
    );
    assert!(done["positions"][0]["candidates"].as_array().unwrap().len() > 1);
    assert!(
        done["positions"][0]["candidates"][0]["visits"]
            .as_u64()
            .unwrap()
            > 0
    );

    // Not listed anywhere: only the link opens it.
    let (_, listed) = http_text(addr, "GET", "/api/games", None).await;
    assert!(!listed.contains(&id));
    let (status, _) = http(
        addr,
        "GET",
        "/api/reviews/0123456789abcdef0123456789abcdef",
        None,
    )
    .await;
    assert_eq!(status, 404);

    // The record comes back with the analysis, and replays as the record did.
    let (status, sgf) = http_text(addr, "GET", &format!("/api/reviews/{id}/sgf"), None).await;
    assert_eq!(status, 200);
    assert!(
        sgf.contains("RU[Chinese]") && sgf.contains("KM[7.5]") && sgf.contains("HA[2]"),
        "{sgf}"
    );
    assert_eq!(sgf.matches("SBKV[").count(), 6, "{sgf}");
    assert!(
        sgf.contains("Black's win rate: ") && sgf.contains("Score lead: "),
        "{sgf}"
    );
    let read = tengen_sgf::parse(sgf.as_bytes(), tengen_sgf::Mode::Strict).unwrap();
    let replayed =
        tengen_sgf::replay(&read.games[0], &tengen_sgf::ReplayOptions::default()).unwrap();
    assert_eq!(replayed.game.moves().len(), 4);
}

#[tokio::test]
async fn a_bad_upload_is_refused_early_with_the_node_and_why() {
    let addr = start_server(vec![]).await;
    let (status, e) = post_raw(
        addr,
        "/api/reviews",
        b"(;SZ[9];B[ee];W[dd](;B[cc])(;B[dd]))",
    )
    .await;
    assert_eq!(status, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("variation leaving the main line after move 2, move 3 (B D6): illegal: the point is occupied"), "{e}");
    let (status, e) = post_raw(addr, "/api/reviews", b"(;SZ[9];B[ee];W[ee])").await;
    assert_eq!(
        (status, e["error"].as_str()),
        (400, Some("main line, move 2 (W E5): illegal: occupied"))
    );
    // 100,000 nodes deep: 600 KB, under the size limit, refused by its count of nodes.
    let deep = format!("(;SZ[19]{})", ";B[aa];W[bb]".repeat(50_000));
    let started = std::time::Instant::now();
    let (status, e) = post_raw(addr, "/api/reviews", deep.as_bytes()).await;
    assert_eq!(status, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("100001 nodes"), "{e}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // 50 MB: refused by its length before the body is read.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /api/reviews HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n(;SZ[19]",
        50 * 1024 * 1024
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut buf))
        .await
        .expect("refused at once")
        .unwrap();
    let text = String::from_utf8_lossy(&buf);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(text.contains("over 1024 KiB"), "{text}");
    let (status, e) = post_raw(addr, "/api/reviews", b"   ").await;
    assert_eq!(status, 400, "{e}");
}

#[tokio::test]
async fn a_variation_tried_on_a_finished_games_review_is_analysed_and_an_illegal_move_refused() {
    let addr = start_server(vec![]).await;
    let (g, mut b, mut w) = seated(addr, form("japanese")).await;
    b.play(4, 4).await;
    w.sync_ply(1).await;
    w.send(json!({"type": "resign", "ply": 1})).await;
    b.until_state("the end", |s| s["phase"] == "finished").await;
    let (status, started) = http(addr, "POST", &format!("/api/games/{}/review", g.id), None).await;
    assert_eq!(status, 200, "{started}");
    let path = format!("/api/reviews/{}/try", g.id);
    // From the start: Black C3 instead of E5, White's answer, Black again.
    let (status, tried) = http(
        addr,
        "POST",
        &path,
        Some(json!({"node": 0, "moves": [[2, 6], [6, 2], null]})),
    )
    .await;
    assert_eq!(status, 200, "{tried}");
    assert_eq!(tried["nodes"].as_array().unwrap().len(), 3);
    let p = &tried["position"];
    assert_eq!(
        (p["ply"].as_u64(), p["to_move"].as_str()),
        (Some(3), Some("white"))
    );
    assert!((0.0..=1.0).contains(&p["black_winrate"].as_f64().unwrap()));
    assert!(p["best_text"].is_string() && p["playouts"].as_u64().unwrap() > 0);
    let (status, e) = http(
        addr,
        "POST",
        &path,
        Some(json!({"node": 1, "moves": [[4, 4]]})),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(e["error"], "White E5 is illegal: the point is occupied");
    let (status, _) = http(addr, "POST", &path, Some(json!({"node": 7, "moves": []}))).await;
    assert_eq!(status, 400);
    let (status, _) = http(
        addr,
        "POST",
        "/api/reviews/nope/try",
        Some(json!({"node": 0, "moves": []})),
    )
    .await;
    assert_eq!(status, 404);
}

crate::for_each_db!(an_uploaded_records_review_link_outlives_a_restart);

/// A restart is a second server on the same database: the first forgot nothing it was not
/// told to, but the second has nothing in memory.
async fn an_uploaded_records_review_link_outlives_a_restart(db: crate::common::Db) {
    let (first, _) = crate::club::server(&db, crate::club::config()).await;
    let (status, started) = post_raw(first, "/api/reviews", RECORD.as_bytes()).await;
    assert_eq!(status, 201, "{started}");
    let id = started["id"].as_str().unwrap().to_owned();

    let (second, _) = crate::club::server(&db, crate::club::config()).await;
    let again = until_done(second, &id).await;
    assert_eq!(again["moves"], started["moves"], "{again}");
    assert_eq!(
        again["tree"], started["tree"],
        "the same record, variations and all"
    );
    let (status, sgf) = http_text(second, "GET", &format!("/api/reviews/{id}/sgf"), None).await;
    assert_eq!(status, 200);
    assert!(sgf.contains("PB[Ann]") && sgf.contains("SBKV["), "{sgf}");

    let unknown = "0123456789abcdef0123456789abcdef";
    let (status, v) = http(second, "GET", &format!("/api/reviews/{unknown}"), None).await;
    assert_eq!(status, 404, "{v}");
}

/// A server whose reviews ask the fake KataGo of `tests/fixtures/fake_kata.py`, with `args`.
async fn start_server_with_fake_kata(args: &str) -> SocketAddr {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/fake_kata.py");
    let config = ServerConfig {
        analysis_engine: Some(format!("python3 '{script}' {args}")),
        engine_timeout: Duration::from_secs(20),
        ..ServerConfig::from_env()
    };
    start_server_with(vec![], config).await
}

#[tokio::test]
async fn a_review_and_a_tried_variation_show_the_external_engines_numbers() {
    let addr = start_server_with_fake_kata("").await;
    let (status, started) = post_raw(addr, "/api/reviews", RECORD.as_bytes()).await;
    assert_eq!(status, 201, "{started}");
    let id = started["id"].as_str().unwrap().to_owned();
    let done = until_done(addr, &id).await;
    assert!(done.get("engine_failure").is_none(), "{done}");
    // The review credits the program it ran (here the fake's interpreter), not Tengen.
    assert_eq!(done["engine"], "python3", "{done}");
    let positions = done["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 6, "the main line and the variation");
    for p in positions {
        assert_eq!(p["engine"], "python3", "{p}");
        assert_eq!(p["black_winrate"], 0.625, "{p}");
        assert_eq!(p["black_lead"], 3.5, "{p}");
        assert_eq!(p["best_text"], "J9", "{p}");
        assert_eq!(p["pv"], json!(["J9", "pass"]), "{p}");
        assert_eq!(p["playouts"], 80, "{p}");
        assert_eq!(p["candidates"][0]["visits"], 77, "{p}");
        assert_eq!(p["candidates"][1]["text"], "pass", "{p}");
        assert_eq!(p["candidates"][1]["black_winrate"], 0.25, "{p}");
        let ownership = p["ownership"].as_array().unwrap();
        assert_eq!(ownership.len(), 81);
        assert!(ownership.iter().all(|o| o == 75), "{p}");
    }
    assert_eq!(
        positions[1]["to_move"], "black",
        "White moved first (handicap)"
    );

    let (status, sgf) = http_text(addr, "GET", &format!("/api/reviews/{id}/sgf"), None).await;
    assert_eq!(status, 200);
    assert!(sgf.contains("Black's win rate: 62.5%"), "{sgf}");
    assert!(
        sgf.contains("python3's move for") && sgf.contains("(80 visits)"),
        "{sgf}"
    );
    assert!(!sgf.contains("Tengen's move"), "{sgf}");

    let (status, tried) = http(
        addr,
        "POST",
        &format!("/api/reviews/{id}/try"),
        Some(json!({"node": 0, "moves": [[8, 0]]})),
    )
    .await;
    assert_eq!(status, 200, "{tried}");
    assert_eq!(tried["position"]["black_winrate"], 0.625, "{tried}");
    assert_eq!(
        tried["position"]["best_text"], "H9",
        "J9 is taken in the variation"
    );
}

#[tokio::test]
async fn a_position_the_external_engine_refuses_is_reviewed_by_tengens_own_engine() {
    let addr = start_server_with_fake_kata("--refuse-turn 1").await;
    let (status, started) = post_raw(addr, "/api/reviews", RECORD.as_bytes()).await;
    assert_eq!(status, 201, "{started}");
    let id = started["id"].as_str().unwrap().to_owned();
    let done = until_done(addr, &id).await;
    let by_fake: Vec<bool> = done["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["playouts"] == 80)
        .collect();
    assert_eq!(
        by_fake,
        [true, false, true, true, true, true],
        "only position 1 by Tengen: {done}"
    );
    let engines: Vec<&str> = done["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["engine"].as_str().unwrap())
        .collect();
    assert_eq!(
        engines,
        [
            "python3", "Tengen", "python3", "python3", "python3", "python3"
        ],
        "each position credits whose view it is"
    );
    let failure = done["engine_failure"].as_str().unwrap();
    assert!(
        failure.contains("refused position 1") && failure.contains("Illegal move 2: D4"),
        "{failure}"
    );
}

#[tokio::test]
async fn a_review_goes_on_with_tengens_own_engine_when_the_external_one_dies() {
    let addr = start_server_with_fake_kata("--fail-after 2").await;
    let (status, started) = post_raw(addr, "/api/reviews", RECORD.as_bytes()).await;
    assert_eq!(status, 201, "{started}");
    let id = started["id"].as_str().unwrap().to_owned();
    let done = until_done(addr, &id).await;
    let positions = done["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 6, "every position reviewed: {done}");
    let by_fake: Vec<bool> = positions.iter().map(|p| p["playouts"] == 80).collect();
    assert_eq!(by_fake, [true, true, false, false, false, false], "{done}");
    let failure = done["engine_failure"].as_str().unwrap();
    assert!(
        failure.contains("position 2") && failure.contains("giving up as asked"),
        "{failure}"
    );
}
