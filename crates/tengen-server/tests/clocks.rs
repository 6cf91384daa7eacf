//! Clocks over the wire: the flag grace.

use serde_json::json;

use crate::common::{Player, create_and_join, http, start_server};

#[tokio::test]
async fn a_move_inside_the_flag_grace_is_played_and_a_move_after_it_loses_on_time() {
    let addr = start_server(vec![]).await;
    // One byo-yomi period of one second: one second to move, then one second of grace.
    let g = create_and_join(
        addr,
        json!({ "size": 9, "rules": "japanese",
            "time": { "kind": "byo_yomi", "main_s": 0, "period_s": 1, "periods": 1 } }),
    )
    .await;
    let mut b = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
    let mut w = Player::connect(addr, &g.id, Some(&g.white)).await.unwrap();
    // Both read while they wait, so they answer the server's pings at once (as browsers do)
    // and no lag is credited on loopback.
    // Black moves 1.4 s into a 1 s clock: inside the grace, played on the last period.
    tokio::join!(b.drain(1400), w.drain(1400));
    b.play(2, 2).await;
    assert_eq!(b.state["phase"], "playing");
    assert_eq!(b.state["black"]["clock"]["periods"], 1);
    w.sync_ply(1).await;
    // White is past zero but inside the grace: not flagged yet.
    tokio::join!(b.drain(1300), w.drain(1300));
    let (_, view) = http(addr, "GET", &format!("/api/games/{}", g.id), None).await;
    assert_eq!(
        view["state"]["phase"], "playing",
        "flagged inside the grace"
    );
    // After the grace: White's move is refused and White has lost on time.
    tokio::join!(b.drain(1000), w.drain(1000));
    w.send(json!({ "type": "play", "ply": 1, "x": 6, "y": 6 }))
        .await;
    let end = w
        .until_state("the time-out", |s| s["phase"] == "finished")
        .await;
    assert_eq!(end["result"], "B+T", "{:#?}", w.log);
    assert_eq!(end["ply"], 1, "the late move is not played");
    let err = w.until("the refusal", |m| m["type"] == "error").await;
    assert_eq!(err["code"], "not_now", "{err}");
}

#[tokio::test]
async fn a_slow_connection_is_credited_its_lag_on_the_move_and_on_the_flag() {
    let addr = start_server(vec![]).await;
    // Three seconds to move, then one second of grace (plus the lag credit).
    let g = create_and_join(
        addr,
        json!({ "size": 9, "rules": "japanese",
            "time": { "kind": "byo_yomi", "main_s": 0, "period_s": 3, "periods": 1 } }),
    )
    .await;
    let joined = tokio::time::Instant::now();
    let mut b = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
    // Black answers the server's first ping 2.5 s late (it does not read): a round trip of
    // 2.5 s, half of it 1.25 s, credited 1 s (the cap).
    tokio::time::sleep_until(joined + std::time::Duration::from_millis(2500)).await;
    b.drain(200).await;
    // Black moves 4.5 s after the clock started: without the credit Black would have been
    // flagged at 4 s; with it, 3.5 s are charged, inside the grace.
    tokio::time::sleep_until(joined + std::time::Duration::from_millis(4500)).await;
    b.play(2, 2).await;
    assert_eq!(b.state["phase"], "playing");
    assert_eq!(b.state["black"]["clock"]["periods"], 1);
}
