//! Whole games over the wire: to the score under AGA and Japanese rules, disputes and
//! resumption, undo, and games against Tengen's own player.

use serde_json::json;

use crate::common::{
    Player, create_and_join, form, http, http_text, play_walls, seated, start_server,
};

async fn end_with_two_passes(b: &mut Player, w: &mut Player) {
    b.pass().await;
    w.sync_ply(b.state["ply"].as_u64().unwrap()).await;
    w.pass().await;
    b.until_state("scoring", |s| s["phase"] == "scoring").await;
    w.until_state("scoring", |s| s["phase"] == "scoring").await;
}

/// Marks B8 dead from Black's side and has both accept; returns the final state.
async fn mark_and_accept(b: &mut Player, w: &mut Player) -> serde_json::Value {
    let p = b.state["proposal"].as_u64().unwrap();
    b.send(json!({ "type": "toggle_dead", "proposal": p, "x": 1, "y": 1 }))
        .await;
    b.until_state("the mark", |s| s["proposal"].as_u64() > Some(p))
        .await;
    w.until_state("the mark", |s| s["proposal"].as_u64() > Some(p))
        .await;
    let p2 = b.state["proposal"].as_u64().unwrap();
    assert_eq!(&b.state["ownership"].as_str().unwrap()[10..11], "X");
    b.send(json!({ "type": "accept", "proposal": p2 })).await;
    w.until_state("black's tick", |s| s["black"]["accepted"] == true)
        .await;
    assert_eq!(w.state["white"]["accepted"], false);
    w.send(json!({ "type": "accept", "proposal": p2 })).await;
    b.until_state("the end", |s| s["phase"] == "finished").await
}

#[tokio::test]
async fn aga_game_to_the_score_with_pass_stones_and_dead_stones() {
    let addr = start_server(vec![]).await;
    let (g, mut b, mut w) = seated(addr, form("aga")).await;
    assert_eq!(b.role, "black");
    assert_eq!(w.role, "white");
    assert_eq!(b.state["phase"], "playing");
    assert_eq!(b.state["komi"], "5.5");
    play_walls(&mut b, &mut w).await;
    // Black's earlier pass handed White a pass stone (AGA-7).
    assert_eq!(b.state["white"]["pass_stones"], 1);
    end_with_two_passes(&mut b, &mut w).await;
    let last = b.state["last_move"].clone();
    assert_eq!(last["color"], "white", "White passes last (AGA-11)");
    let end = mark_and_accept(&mut b, &mut w).await;
    let score = &end["score"];
    assert_eq!(score["scoring"], "territory");
    assert_eq!(score["black"]["territory"], 36);
    assert_eq!(score["black"]["dead"], 1);
    assert_eq!(score["black"]["pass_stones"], 1);
    assert_eq!(score["white"]["territory"], 27);
    assert_eq!(score["white"]["pass_stones"], 2);
    assert_eq!(score["white"]["komi"], "5.5");
    assert_eq!(score["black"]["total"], "38");
    assert_eq!(score["white"]["total"], "34.5");
    assert_eq!(end["result"], "B+3.5");
    // The record is downloadable once the game is over.
    let (status, sgf) = http_text(addr, "GET", &format!("/api/games/{}/sgf", g.id), None).await;
    assert_eq!(status, 200);
    assert!(
        sgf.contains("RE[B+3.5]") && sgf.contains("PB[Player]") && sgf.contains(";B[ea]"),
        "{sgf}"
    );
    // It reads back into the same game.
    let trees = tengen_sgf::parse(sgf.as_bytes(), tengen_sgf::Mode::Strict).unwrap();
    let replayed = tengen_sgf::replay(&trees.games[0], &tengen_sgf::ReplayOptions::default())
        .unwrap()
        .game;
    let (_, view) = http(addr, "GET", &format!("/api/games/{}", g.id), None).await;
    assert_eq!(
        replayed.moves().len(),
        view["moves"].as_array().unwrap().len()
    );
    let (_, list) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(list["finished"][0]["result"], "B+3.5");
}

#[tokio::test]
async fn japanese_game_to_the_score_without_pass_stones() {
    let addr = start_server(vec![]).await;
    let (_, mut b, mut w) = seated(addr, form("japanese")).await;
    play_walls(&mut b, &mut w).await;
    end_with_two_passes(&mut b, &mut w).await;
    let end = mark_and_accept(&mut b, &mut w).await;
    let score = &end["score"];
    assert_eq!(score["black"]["pass_stones"], 0);
    assert_eq!(score["black"]["total"], "37");
    assert_eq!(score["white"]["total"], "33.5");
    assert_eq!(end["result"], "B+3.5");
}

#[tokio::test]
async fn sgf_is_refused_while_the_game_is_in_progress() {
    let addr = start_server(vec![]).await;
    let g = create_and_join(addr, form("aga")).await;
    let (status, _) = http(addr, "GET", &format!("/api/games/{}/sgf", g.id), None).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn aga_10_dispute_resumes_with_the_opponent_of_the_last_passer_then_all_alive() {
    let addr = start_server(vec![]).await;
    let (_, mut b, mut w) = seated(addr, form("aga")).await;
    play_walls(&mut b, &mut w).await;
    end_with_two_passes(&mut b, &mut w).await;
    // White passed last; White disputes: Black (the opponent of the last passer) moves.
    let p = w.state["proposal"].as_u64().unwrap();
    w.send(json!({ "type": "reject", "proposal": p })).await;
    let s = b
        .until_state("resumption", |s| s["phase"] == "playing")
        .await;
    assert_eq!(s["to_move"], "black");
    assert_eq!(s["resumptions"], 1);
    // Two passes again, a second dispute: every stone counts as alive (AGA-10).
    end_with_two_passes(&mut b, &mut w).await;
    let p = b.state["proposal"].as_u64().unwrap();
    b.send(json!({ "type": "reject", "proposal": p })).await;
    let end = w.until_state("the end", |s| s["phase"] == "finished").await;
    assert_eq!(end["score"]["black"]["dead"], 0);
    assert!(end["result"].as_str().is_some());
}

#[tokio::test]
async fn jp_8_dispute_resumes_with_the_opponent_of_the_player_who_asked() {
    let addr = start_server(vec![]).await;
    let (_, mut b, mut w) = seated(addr, form("japanese")).await;
    play_walls(&mut b, &mut w).await;
    end_with_two_passes(&mut b, &mut w).await;
    let p = b.state["proposal"].as_u64().unwrap();
    b.send(json!({ "type": "reject", "proposal": p })).await;
    let s = w
        .until_state("resumption", |s| s["phase"] == "playing")
        .await;
    assert_eq!(s["to_move"], "white");
}

#[tokio::test]
async fn acceptance_binds_to_the_proposal_and_a_change_clears_both_ticks() {
    let addr = start_server(vec![]).await;
    let (_, mut b, mut w) = seated(addr, form("japanese")).await;
    play_walls(&mut b, &mut w).await;
    end_with_two_passes(&mut b, &mut w).await;
    let p = b.state["proposal"].as_u64().unwrap();
    b.send(json!({ "type": "accept", "proposal": p })).await;
    w.until_state("tick", |s| s["black"]["accepted"] == true)
        .await;
    w.send(json!({ "type": "toggle_dead", "proposal": p, "x": 1, "y": 1 }))
        .await;
    let s = b
        .until_state("the change", |s| s["proposal"].as_u64() > Some(p))
        .await;
    assert_eq!(s["black"]["accepted"], false);
    // An acceptance of the old proposal is stale.
    let e = w
        .expect_error(json!({ "type": "accept", "proposal": p }))
        .await;
    assert_eq!(e["code"], "stale");
    assert_eq!(w.state["phase"], "scoring");
}

#[tokio::test]
async fn undo_request_names_the_move_and_who_asked_and_takes_it_back() {
    let addr = start_server(vec![]).await;
    let (_, mut b, mut w) = seated(addr, form("japanese")).await;
    b.play(2, 2).await;
    w.sync_ply(1).await;
    w.play(6, 6).await;
    b.sync_ply(2).await;
    // Black asks on Black's own turn: both plies go back.
    b.send(json!({ "type": "undo_request", "ply": 2 })).await;
    let ev = w
        .until("the request", |m| m["event"]["type"] == "undo_requested")
        .await;
    assert_eq!(ev["event"]["by"], "black");
    assert_eq!(ev["event"]["what"], "moves 1–2 (C7, G3)");
    assert_eq!(w.state["undo"]["by"], "black");
    w.send(json!({ "type": "undo_answer", "ply": 2, "accept": true }))
        .await;
    let s = b.until_state("undo", |s| s["ply"] == 0).await;
    assert_eq!(s["board"].as_str().unwrap().find(|c| c != '.'), None);
    assert!(s["undo"].is_null());
}

#[tokio::test]
async fn game_against_tengens_own_player_reaches_a_result() {
    let addr = start_server(vec![]).await;
    let (status, created) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "size": 5, "rules": "japanese", "color": "black",
            "opponent": { "kind": "tengen" } })),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    assert!(created["invite"].is_null());
    let id = created["id"].as_str().unwrap();
    let mut b = Player::connect(addr, id, created["seat"].as_str())
        .await
        .unwrap();
    assert_eq!(b.state["white"]["kind"], "engine");
    // Black passes every turn; the engine plays until it has nothing left, then passes.
    for _ in 0..60 {
        let s = b
            .until_state("black's turn or the end", |s| {
                s["phase"] != "playing" || s["to_move"] == "black"
            })
            .await;
        if s["phase"] != "playing" {
            break;
        }
        b.pass().await;
    }
    let s = b
        .until_state("the engine's proposal", |s| {
            s["phase"] == "finished" || s["white"]["accepted"] == true
        })
        .await;
    if s["phase"] == "scoring" {
        let p = s["proposal"].as_u64().unwrap();
        b.send(json!({ "type": "accept", "proposal": p })).await;
        b.until_state("the end", |s| s["phase"] == "finished").await;
    }
    assert!(b.state["result"].as_str().unwrap().starts_with('W'));
}

fn gnugo() -> Option<String> {
    ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .map(|p| format!("{p} --mode gtp --level 1 --chinese-rules"))
}

#[tokio::test]
async fn game_against_a_gtp_engine_with_its_dead_stone_proposal_and_a_dispute() {
    let Some(command) = gnugo() else {
        eprintln!("gnugo is not installed (scripts/setup.sh installs it): skipped");
        return;
    };
    let addr = start_server(vec![("gnugo".into(), command)]).await;
    let (status, created) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "size": 9, "rules": "japanese", "color": "black",
            "opponent": { "kind": "gtp", "name": "gnugo" } })),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let mut b = Player::connect(addr, id, created["seat"].as_str())
        .await
        .unwrap();
    assert_eq!(b.state["white"]["name"], "gnugo");
    // A few moves, then Black passes until the engine passes too.
    for _ in 0..3 {
        b.until_state("black's turn", |s| s["to_move"] == "black")
            .await;
        let board = b.state["board"].as_str().unwrap().as_bytes().to_vec();
        let (x, y) = [(2u8, 2u8), (6, 2), (2, 6), (6, 6), (4, 4), (4, 2)]
            .into_iter()
            .find(|&(x, y)| board[usize::from(y) * 9 + usize::from(x)] == b'.')
            .unwrap();
        b.play(x, y).await;
    }
    let mut disputed = false;
    for _ in 0..100 {
        let s = b
            .until_state("black's turn or the engine's proposal", |s| {
                (s["phase"] == "playing" && s["to_move"] == "black")
                    || (s["phase"] == "scoring" && s["white"]["accepted"] == true)
                    || s["phase"] == "finished"
            })
            .await;
        match s["phase"].as_str() {
            Some("playing") => b.pass().await,
            Some("scoring") if !disputed => {
                // Dispute once: JP-8, the engine (the opponent of who asked) moves first.
                disputed = true;
                let p = s["proposal"].as_u64().unwrap();
                b.send(json!({ "type": "reject", "proposal": p })).await;
                b.until_state("resumption", |s| s["phase"] == "playing")
                    .await;
                assert_eq!(b.state["to_move"], "white");
            }
            Some("scoring") => {
                let p = s["proposal"].as_u64().unwrap();
                b.send(json!({ "type": "accept", "proposal": p })).await;
                b.until_state("the end", |s| s["phase"] == "finished").await;
                break;
            }
            _ => break,
        }
    }
    assert!(disputed);
    assert_eq!(b.state["phase"], "finished");
    assert!(b.state["score"]["white"]["total"].as_str().is_some());
}

#[tokio::test]
async fn fixed_handicap_stones_are_placed_and_white_moves_first() {
    let addr = start_server(vec![]).await;
    let mut f = form("japanese");
    f["handicap"] = json!(3);
    let g = create_and_join(addr, f).await;
    let b = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
    assert_eq!(b.state["phase"], "playing");
    assert_eq!(b.state["to_move"], "white");
    assert_eq!(b.state["komi"], "0");
    assert_eq!(b.state["board"].as_str().unwrap().matches('B').count(), 3);
}

#[tokio::test]
async fn free_handicap_is_placed_by_black_then_white_moves() {
    let addr = start_server(vec![]).await;
    let mut f = form("chinese");
    f["handicap"] = json!(2);
    f["placement"] = json!("free");
    let (_, mut b, mut w) = seated(addr, f).await;
    assert_eq!(b.state["phase"], "placing");
    let e = w
        .expect_error(json!({ "type": "place_handicap", "points": [[1, 1], [2, 2]] }))
        .await;
    assert_eq!(e["code"], "not_your_seat");
    let e = b
        .expect_error(json!({ "type": "place_handicap", "points": [[1, 1], [1, 1]] }))
        .await;
    assert_eq!(e["code"], "not_now");
    b.send(json!({ "type": "place_handicap", "points": [[1, 1], [7, 7]] }))
        .await;
    let s = w.until_state("placed", |s| s["phase"] == "playing").await;
    assert_eq!(s["to_move"], "white");
    assert_eq!(&s["board"].as_str().unwrap()[10..11], "B");
    w.play(4, 4).await;
}

#[tokio::test]
async fn the_server_flags_a_player_whose_byo_yomi_runs_out() {
    let addr = start_server(vec![]).await;
    let mut f = form("aga");
    f["time"] = json!({ "kind": "byo_yomi", "main_s": 0, "period_s": 1, "periods": 1 });
    let g = create_and_join(addr, f).await;
    let mut w = Player::connect(addr, &g.id, Some(&g.white)).await.unwrap();
    let c = &w.state["black"]["clock"];
    assert_eq!(c["running"], true);
    assert_eq!(c["overtime"], true);
    let end = w
        .until_state("the flag", |s| s["phase"] == "finished")
        .await;
    assert_eq!(end["result"], "W+T");
}

#[tokio::test]
async fn resync_sends_the_whole_state() {
    let addr = start_server(vec![]).await;
    let g = create_and_join(addr, form("aga")).await;
    let mut s = Player::connect(addr, &g.id, None).await.unwrap();
    s.send(json!({ "type": "resync" })).await;
    let m = s.until("the state", |m| m["type"] == "state").await;
    assert_eq!(m["state"]["id"], g.id.as_str());
    assert_eq!(m["state"]["spectators"], 1);
}

#[tokio::test]
async fn a_player_may_abort_before_their_second_move_and_the_game_ends_aborted_with_no_result() {
    let addr = start_server(vec![]).await;
    let (g, mut b, mut w) = seated(addr, form("japanese")).await;
    assert_eq!(b.state["black"]["can_abort"], true);
    b.play(2, 2).await;
    w.sync_ply(1).await;
    w.play(6, 6).await;
    b.sync_ply(2).await;
    b.play(2, 6).await;
    w.sync_ply(3).await;
    // Black has played two moves: too late for Black.
    assert_eq!(w.state["black"]["can_abort"], false);
    assert_eq!(w.state["white"]["can_abort"], true);
    let err = b.expect_error(json!({ "type": "abort", "ply": 3 })).await;
    assert_eq!(err["code"], "not_now");
    assert!(
        err["message"].as_str().unwrap().contains("resign instead"),
        "{err}"
    );
    // Spectators cannot abort.
    let mut s = Player::connect(addr, &g.id, None).await.unwrap();
    let err = s.expect_error(json!({ "type": "abort", "ply": 3 })).await;
    assert_eq!(err["code"], "not_your_seat");
    // White has played one: White may.
    w.send(json!({ "type": "abort", "ply": 3 })).await;
    let m = b
        .until("the abort", |m| m["event"]["type"] == "aborted")
        .await;
    assert_eq!(m["event"]["by"], "white");
    let st = &b.state;
    assert_eq!(st["phase"], "finished");
    assert_eq!(st["result"], serde_json::Value::Null, "no result");
    assert_eq!(st["aborted_by"], "white");
    assert_eq!(st["black"]["can_abort"], false);
    // Nothing more can be done in it.
    for msg in [
        json!({ "type": "play", "ply": 3, "x": 4, "y": 4 }),
        json!({ "type": "resign", "ply": 3 }),
        json!({ "type": "abort", "ply": 3 }),
    ] {
        let err = w.expect_error(msg).await;
        assert_eq!(err["code"], "not_now", "{err}");
    }
    // Listed with the finished games, as aborted.
    let (_, list) = http(addr, "GET", "/api/games", None).await;
    let row = list["finished"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == g.id.as_str())
        .expect("listed as finished")
        .clone();
    assert_eq!(row["aborted"], true);
    assert_eq!(row["result"], serde_json::Value::Null);
    // The record has the moves and no result.
    let (status, sgf) = http_text(addr, "GET", &format!("/api/games/{}/sgf", g.id), None).await;
    assert_eq!(status, 200);
    assert!(
        sgf.contains("GC[Aborted by White: no result]") && !sgf.contains("RE["),
        "{sgf}"
    );
}

#[tokio::test]
async fn the_creator_may_abort_before_anyone_joins() {
    let addr = start_server(vec![]).await;
    let mut f = form("aga");
    f["color"] = json!("black");
    let (status, created) = http(addr, "POST", "/api/games", Some(f)).await;
    assert_eq!(status, 201);
    let id = created["id"].as_str().unwrap();
    let mut b = Player::connect(addr, id, created["seat"].as_str())
        .await
        .unwrap();
    assert_eq!(b.state["phase"], "waiting");
    b.send(json!({ "type": "abort", "ply": 0 })).await;
    let st = b
        .until_state("the abort", |s| s["phase"] == "finished")
        .await;
    assert_eq!(st["aborted_by"], "black");
    // The invite no longer gives a seat in it.
    let (status, _) = http(
        addr,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({ "invite": created["invite"] })),
    )
    .await;
    assert_ne!(status, 200);
}

/// One GET with `Accept-Encoding: gzip` (or none): the response head, lowercased, and the
/// body's bytes.
async fn get_raw(addr: std::net::SocketAddr, path: &str, gzip: bool) -> (String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let accept = if gzip {
        "Accept-Encoding: gzip\r\n"
    } else {
        ""
    };
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{accept}Connection: close\r\n\r\n");
    stream.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    stream.read_to_end(&mut buf).await.unwrap();
    let split = buf.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&buf[..split]).to_ascii_lowercase();
    (head, buf[split + 4..].to_vec())
}

#[tokio::test]
async fn the_page_and_the_api_are_gzipped_for_clients_that_accept_it() {
    let addr = start_server(vec![]).await;
    for path in ["/", "/app.js", "/js/board.js", "/api/info"] {
        let (head, body) = get_raw(addr, path, true).await;
        assert!(head.contains("content-encoding: gzip"), "{path}: {head}");
        // Chunked: the first chunk's data starts after its size line; gzip starts 1f 8b.
        let data = body
            .windows(2)
            .position(|w| w == b"\r\n")
            .map(|i| &body[i + 2..])
            .unwrap();
        assert_eq!(&data[..2], &[0x1f, 0x8b], "{path}: a gzip stream");
        let (plain, body) = get_raw(addr, path, false).await;
        assert!(!plain.contains("content-encoding"), "{path}: {plain}");
        assert!(!body.is_empty());
    }
}

#[tokio::test]
async fn a_review_is_refused_while_the_game_runs_and_given_after_it() {
    let addr = start_server(vec![]).await;
    let (g, mut b, mut w) = seated(addr, form("japanese")).await;
    let path = format!("/api/games/{}/review", g.id);
    let (status, body) = http(addr, "GET", &path, None).await;
    assert_eq!(status, 404, "no review before one is asked for: {body}");
    let (status, body) = http(addr, "POST", &path, None).await;
    assert_eq!(status, 403, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("when it is over"),
        "{body}"
    );
    b.play(2, 2).await;
    w.sync_ply(1).await;
    w.send(json!({"type": "resign", "ply": 1})).await;
    b.until_state("the end", |s| s["phase"] == "finished").await;
    let (status, started) = http(addr, "POST", &path, None).await;
    assert_eq!(status, 200, "{started}");
    assert_eq!(
        (started["moves"].as_u64(), started["total"].as_u64()),
        (Some(1), Some(2))
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let done = loop {
        let (status, v) = http(addr, "GET", &path, None).await;
        assert_eq!(status, 200, "{v}");
        if v["status"] == "done" {
            break v;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the review did not finish: {v}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let plies: Vec<u64> = done["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["ply"].as_u64().unwrap())
        .collect();
    assert_eq!(plies, vec![0, 1]);
    let (_, later) = http(addr, "GET", &format!("{path}?from=1"), None).await;
    assert_eq!(later["positions"].as_array().unwrap().len(), 1);
    let (status, bad) = http(addr, "GET", &format!("{path}?from=x"), None).await;
    assert_eq!(status, 400, "{bad}");
}

#[tokio::test]
async fn an_unknown_games_address_answers_404_with_a_page_that_links_home() {
    let addr = start_server(vec![]).await;
    for path in ["/g/0123456789abcdef", "/g/not-a-game"] {
        let (status, page) = http_text(addr, "GET", path, None).await;
        assert_eq!(status, 404, "{path}: {page}");
        assert!(page.contains("No such game"), "{path}: {page}");
        assert!(page.contains("href=\"/\""), "{path}: no link home");
        assert!(!page.contains("id=\"board\""), "{path}: the game page");
    }
    let g = create_and_join(addr, form("aga")).await;
    let (status, page) = http_text(addr, "GET", &format!("/g/{}", g.id), None).await;
    assert_eq!(status, 200);
    assert!(page.contains("id=\"board\""));
}

/// While the game runs, a line of the spectators' room reaches the spectators and not the
/// players (no advice from the audience); a line of the players' room reaches everyone. The
/// updates of one game reach each connection in order, so a player who has the later line
/// would have had the earlier one.
#[tokio::test]
async fn a_spectators_line_reaches_only_the_spectators_while_the_game_runs() {
    let addr = start_server(vec![]).await;
    let (g, mut b, mut w) = seated(addr, form("aga")).await;
    let mut s = Player::connect(addr, &g.id, None).await.unwrap();
    let said = |text: &'static str| {
        move |m: &serde_json::Value| m["type"] == "chat" && m["line"]["text"] == text
    };
    s.send(json!({ "type": "chat", "text": "play the 3-3 point" }))
        .await;
    s.until("the spectators' line", said("play the 3-3 point"))
        .await;
    b.send(json!({ "type": "chat", "text": "good luck" })).await;
    for p in [&mut b, &mut w, &mut s] {
        p.until("the players' line", said("good luck")).await;
    }
    for p in [&b, &w] {
        assert!(
            !p.log.iter().any(said("play the 3-3 point")),
            "a player got the spectators' line: {:?}",
            p.log
        );
    }
}
