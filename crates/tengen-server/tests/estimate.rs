//! The score estimate during play (`GET /api/games/{id}/estimate`): for anyone watching a
//! game whose settings allow it, of the position as it stands, and refused with the reason
//! otherwise (the club's rated games are checked in `club.rs`).

use serde_json::json;

use crate::common::{form, http, play_walls, seated, start_server};

#[tokio::test]
async fn a_game_in_play_is_estimated_with_its_territories_and_its_dead_stones() {
    let addr = start_server(vec![]).await;
    let (g, mut b, mut w) = seated(addr, form("japanese")).await;
    assert_eq!(b.state["analysis"], true, "{}", b.state);
    // Black's wall on E, White's on F; White's stone at B8 is dead inside Black's area.
    play_walls(&mut b, &mut w).await;
    let (status, estimate) =
        http(addr, "GET", &format!("/api/games/{}/estimate", g.id), None).await;
    assert_eq!(status, 200, "{estimate}");
    assert_eq!(estimate["ply"], b.state["ply"], "{estimate}");
    let ownership = estimate["ownership"].as_str().unwrap().as_bytes();
    let at = |x: usize, y: usize| ownership[y * 9 + x] as char;
    assert_eq!(ownership.len(), 81);
    assert_eq!((at(0, 8), at(8, 0)), ('b', 'w'), "{estimate}");
    assert_eq!(at(1, 1), 'X', "White's stone at B8 is dead: {estimate}");
    assert_eq!(
        (at(4, 4), at(5, 4)),
        ('A', 'A'),
        "the walls live: {estimate}"
    );
    let result = estimate["result"].as_str().unwrap();
    assert!(
        result.starts_with("B+") || result.starts_with("W+"),
        "{estimate}"
    );
    assert!(
        estimate["breakdown"].as_str().unwrap().contains("komi 6.5"),
        "{estimate}"
    );
}

#[tokio::test]
async fn a_game_whose_settings_refuse_it_or_that_is_over_gets_no_estimate_and_says_why() {
    let addr = start_server(vec![]).await;
    let mut no_analysis = form("japanese");
    no_analysis["analysis"] = json!(false);
    let (g, b, _w) = seated(addr, no_analysis).await;
    assert_eq!(b.state["analysis"], false, "{}", b.state);
    let (status, refused) = http(addr, "GET", &format!("/api/games/{}/estimate", g.id), None).await;
    assert_eq!(status, 403, "{refused}");
    assert!(refused.to_string().contains("settings"), "{refused}");

    let (g, mut b, _w) = seated(addr, form("japanese")).await;
    b.send(json!({ "type": "resign", "ply": 0 })).await;
    b.until_state("the resignation", |s| s["phase"] == "finished")
        .await;
    let (status, refused) = http(addr, "GET", &format!("/api/games/{}/estimate", g.id), None).await;
    assert_eq!(status, 403, "{refused}");
    assert!(refused.to_string().contains("in play"), "{refused}");

    let (status, missing) = http(addr, "GET", "/api/games/nosuchgame/estimate", None).await;
    assert_eq!(status, 404, "{missing}");
}

#[tokio::test]
async fn one_address_asking_estimate_after_estimate_is_told_to_wait() {
    let addr = start_server(vec![]).await;
    let (g, _b, _w) = seated(addr, form("japanese")).await;
    let path = format!("/api/games/{}/estimate", g.id);
    for ask in 1..=10 {
        let (status, v) = http(addr, "GET", &path, None).await;
        assert_eq!(status, 200, "ask {ask}: {v}");
    }
    let (status, v) = http(addr, "GET", &path, None).await;
    assert_eq!(status, 429, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("too many score estimates"),
        "{v}"
    );
}
