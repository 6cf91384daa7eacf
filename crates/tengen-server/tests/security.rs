//! Nobody acts for another; bad input is refused and leaves the game untouched.

use serde_json::json;

use crate::common::{Player, create_and_join, form, http, seated, start_server};

#[tokio::test]
async fn two_connections_of_one_seat_sending_different_moves_for_one_ply_exactly_one_is_accepted() {
    let addr = start_server(vec![]).await;
    for round in 0..5u8 {
        let g = create_and_join(addr, form("aga")).await;
        let mut b1 = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
        let mut b2 = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
        tokio::join!(
            b1.send(json!({ "type": "play", "ply": 0, "x": round, "y": 0 })),
            b2.send(json!({ "type": "play", "ply": 0, "x": round, "y": 8 })),
        );
        // Both connections see the one accepted move; the loser gets a refusal.
        b1.until_state("ply 1", |s| s["ply"] == 1).await;
        b2.until_state("ply 1", |s| s["ply"] == 1).await;
        let top_won = b1.state["board"].as_str().unwrap().as_bytes()[usize::from(round)] == b'B';
        let (winner, loser) = if top_won {
            (&mut b1, &mut b2)
        } else {
            (&mut b2, &mut b1)
        };
        if !loser.log.iter().any(|m| m["type"] == "error") {
            loser.until("the refusal", |m| m["type"] == "error").await;
        }
        let e = loser
            .log
            .iter()
            .find(|m| m["type"] == "error")
            .unwrap()
            .clone();
        assert!(
            matches!(e["code"].as_str(), Some("stale" | "not_your_turn")),
            "{e}"
        );
        winner.drain(300).await;
        assert!(
            winner.log.iter().all(|m| m["type"] != "error"),
            "the accepted move's connection got an error"
        );
        let board = b1.state["board"].as_str().unwrap().to_owned();
        assert_eq!(board.matches('B').count(), 1, "one stone: {board}");
        let (_, view) = http(addr, "GET", &format!("/api/games/{}", g.id), None).await;
        assert_eq!(view["moves"].as_array().unwrap().len(), 1);
    }
}

#[tokio::test]
async fn a_seat_cannot_act_for_the_other_and_spectators_only_watch() {
    let addr = start_server(vec![]).await;
    let (g, mut b, mut w) = seated(addr, form("japanese")).await;
    let mut s = Player::connect(addr, &g.id, None).await.unwrap();
    assert_eq!(s.role, "spectator");
    // White cannot move in Black's turn.
    let e = w
        .expect_error(json!({ "type": "play", "ply": 0, "x": 3, "y": 3 }))
        .await;
    assert_eq!(e["code"], "not_your_turn");
    // A spectator can do nothing.
    for msg in [
        json!({ "type": "play", "ply": 0, "x": 3, "y": 3 }),
        json!({ "type": "pass", "ply": 0 }),
        json!({ "type": "resign", "ply": 0 }),
        json!({ "type": "accept", "proposal": 0 }),
        json!({ "type": "undo_request", "ply": 0 }),
    ] {
        let e = s.expect_error(msg).await;
        assert_eq!(e["code"], "not_your_seat");
    }
    // A made-up or mistyped secret is refused outright.
    let forged = "0123456789abcdef0123456789abcdef";
    let e = Player::connect(addr, &g.id, Some(forged))
        .await
        .err()
        .unwrap();
    assert_eq!(e["code"], "bad_seat");
    let e = Player::connect(addr, &g.id, Some("black"))
        .await
        .err()
        .unwrap();
    assert_eq!(e["code"], "bad_seat");
    // Black's secret does not open a seat in another game.
    let g2 = create_and_join(addr, form("japanese")).await;
    let e = Player::connect(addr, &g2.id, Some(&g.black))
        .await
        .err()
        .unwrap();
    assert_eq!(e["code"], "bad_seat");
    // The invite works once; the seat is then taken.
    let (status, _) = http(
        addr,
        "POST",
        &format!("/api/games/{}/join", g.id),
        Some(json!({ "invite": g.invite })),
    )
    .await;
    assert_eq!(status, 409);
    // Nothing anyone received contains a secret.
    b.play(3, 3).await;
    s.sync_ply(1).await;
    w.sync_ply(1).await;
    for p in [&b, &w, &s] {
        for m in &p.log {
            let text = m.to_string();
            for secret in [&g.black, &g.white, &g.invite] {
                assert!(!text.contains(secret.as_str()), "a secret leaked: {text}");
            }
        }
    }
    assert_eq!(s.state["ply"], 1);
}

#[tokio::test]
async fn malformed_oversized_and_stale_messages_are_refused_and_the_game_is_untouched() {
    let addr = start_server(vec![]).await;
    let g = create_and_join(addr, form("aga")).await;
    let mut b = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
    b.send_text("this is not json").await;
    let e = b.until("error", |m| m["type"] == "error").await;
    assert_eq!(e["code"], "bad_message");
    b.send(json!({ "type": "play", "x": 1 })).await;
    let e = b.until("error", |m| m["type"] == "error").await;
    assert_eq!(e["code"], "bad_message");
    b.send(json!({ "type": "play", "ply": 0, "x": 300, "y": 1 }))
        .await;
    let e = b.until("error", |m| m["type"] == "error").await;
    assert_eq!(e["code"], "bad_message");
    b.send(json!({ "type": "play", "ply": 0, "x": 20, "y": 1 }))
        .await;
    let e = b.until("error", |m| m["type"] == "error").await;
    assert_eq!(e["code"], "off_board");
    let big = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(10_000));
    b.send_text(&big).await;
    let e = b.until("error", |m| m["type"] == "error").await;
    assert_eq!(e["code"], "too_large");
    let e = b
        .expect_error(json!({ "type": "play", "ply": 7, "x": 1, "y": 1 }))
        .await;
    assert_eq!(e["code"], "stale");
    assert_eq!(b.state["ply"], 0);
    // Still playing normally.
    b.play(4, 4).await;
    assert_eq!(b.state["ply"], 1);
    // Unknown games and junk ids are 404s, bad forms 400s.
    let (status, _) = http(addr, "GET", "/api/games/0000000000000000", None).await;
    assert_eq!(status, 404);
    let (status, _) = http(addr, "GET", "/api/games/..%2f..%2fetc", None).await;
    assert_eq!(status, 404);
    let (status, body) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "size": 40, "rules": "aga" })),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "size": 9, "rules": "aga,ko=sometimes" })),
    )
    .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn a_flood_from_one_connection_is_rate_limited_and_the_server_stays_up() {
    let addr = start_server(vec![]).await;
    let g = create_and_join(addr, form("aga")).await;
    let mut flood = Player::connect(addr, &g.id, Some(&g.white)).await.unwrap();
    for _ in 0..60 {
        flood
            .send(json!({ "type": "play", "ply": 0, "x": 1, "y": 1 }))
            .await;
    }
    let mut limited = 0;
    while let Some(m) = flood.next().await {
        if m["code"] == "rate_limited" {
            limited += 1;
        }
        if flood.log.len() > 61 {
            break;
        }
    }
    assert!(limited > 0, "no rate limiting");
    // The other seat plays on.
    let mut b = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
    b.play(2, 2).await;
    assert_eq!(b.state["ply"], 1);
}
