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
    // All at once: asked one after another on a loaded machine, the estimates themselves
    // could take long enough for the bucket to refill (one more per 6 s).
    let answers =
        futures_util::future::join_all((0..11).map(|_| http(addr, "GET", &path, None))).await;
    let statuses: Vec<u16> = answers.iter().map(|(s, _)| *s).collect();
    assert_eq!(
        (
            statuses.iter().filter(|&&s| s == 200).count(),
            statuses.iter().filter(|&&s| s == 429).count()
        ),
        (10, 1),
        "{statuses:?}"
    );
    let (_, v) = answers.into_iter().find(|(s, _)| *s == 429).unwrap();
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("too many score estimates"),
        "{v}"
    );
}

/// Passes twice, Black first, and waits for both to see the scoring phase.
async fn both_pass(b: &mut crate::common::Player, w: &mut crate::common::Player) {
    b.pass().await;
    w.sync_ply(b.state["ply"].as_u64().unwrap()).await;
    w.pass().await;
    b.until_state("scoring", |s| s["phase"] == "scoring").await;
    w.until_state("scoring", |s| s["phase"] == "scoring").await;
}

/// Whether `text` names a point (a column letter followed by a row number, `C8`).
fn names_a_point(text: &str) -> bool {
    text.as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_uppercase() && w[1].is_ascii_digit())
}

/// ```text
///    A B C D E F G H J
///  9 . . . . X O . . .     The walls: Black's on E, White's on F, a White stone on B8
///  8 . O . . X O . . .     inside Black's area. In a game whose settings allow no
///  7 . . . . X O . . .     analysis the count still explains itself once both have passed
///  …                        (JP-7: every group's verdict and why, B8 dead), but without the
///  1 . . . . X O . . .     reading's line: play may resume after a dispute.
/// ```
#[tokio::test]
async fn jp_7_the_count_explains_every_group_in_the_scoring_phase_even_without_analysis() {
    let addr = start_server(vec![]).await;
    let mut no_analysis = form("japanese");
    no_analysis["analysis"] = json!(false);
    let (g, mut b, mut w) = seated(addr, no_analysis).await;
    play_walls(&mut b, &mut w).await;
    both_pass(&mut b, &mut w).await;
    let path = format!("/api/games/{}/estimate", g.id);
    let (status, notes) = http(addr, "GET", &path, None).await;
    assert_eq!(status, 200, "{notes}");
    let groups = notes["groups"].as_array().unwrap();
    let stones: usize = groups
        .iter()
        .map(|g| g["stones"].as_array().unwrap().len())
        .sum();
    assert_eq!(stones, 19, "every stone has a verdict: {notes}");
    let invader = groups
        .iter()
        .find(|g| g["stones"] == json!([[1, 1]]))
        .unwrap_or_else(|| panic!("B8 has its own verdict: {notes}"));
    assert_eq!(
        (&invader["color"], &invader["status"]),
        (&json!("white"), &json!("dead")),
        "{notes}"
    );
    for g in groups {
        let why = g["why"].as_str().unwrap();
        assert!(!why.is_empty() && !names_a_point(why), "no line: {g}");
    }
    // The walls live by the playouts: without analysis the reason's words only, not the
    // survival share that `tengen score --explain` prints.
    let wall = groups
        .iter()
        .find(|g| g["stones"].as_array().unwrap().contains(&json!([4, 4])))
        .unwrap();
    assert_eq!(
        (&wall["reason"], &wall["why"]),
        (&json!("playouts"), &json!("by the playouts, no proof")),
        "{wall}"
    );
    assert_eq!(notes["needs_sealing"], json!([]), "{notes}");
    assert_eq!(notes["finished"], true, "{notes}");
    // Asked again (by anyone), the same explanation: made once, not per question.
    for _ in 0..12 {
        let (status, again) = http(addr, "GET", &path, None).await;
        assert_eq!((status, &again), (200, &notes));
    }
}

/// ```text
///    A B C D E F G H J
///  9 . . . X O . . . .     Black's wall on D stops short of the edge: D1 is open, so
///  8 . . . X O . . . .     A–D are one region bordered by both colours, dame as the board
///  …                        stands. Black must seal D1 before the count is final; the
///  2 . . . X O . . . .     scoring phase says so and marks it.
///  1 . . . . O . . . .
/// ```
#[tokio::test]
async fn an_open_boundary_in_the_count_is_flagged_as_needing_a_sealing_move() {
    let addr = start_server(vec![]).await;
    let (g, mut b, mut w) = seated(addr, form("japanese")).await;
    for y in 0..9u8 {
        if y < 8 {
            b.play(3, y).await;
        } else {
            b.pass().await;
        }
        w.sync_ply(b.state["ply"].as_u64().unwrap()).await;
        w.play(4, y).await;
        b.sync_ply(w.state["ply"].as_u64().unwrap()).await;
    }
    both_pass(&mut b, &mut w).await;
    let (status, notes) = http(addr, "GET", &format!("/api/games/{}/estimate", g.id), None).await;
    assert_eq!(status, 200, "{notes}");
    assert_eq!(notes["finished"], false, "{notes}");
    // A game that allows analysis is told the whole reason (here the playouts' share).
    let whys: Vec<&str> = notes["groups"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["reason"] == "playouts")
        .map(|g| g["why"].as_str().unwrap())
        .collect();
    assert!(
        !whys.is_empty() && whys.iter().all(|w| w.contains(" % of the games")),
        "{notes}"
    );
    let seals = notes["needs_sealing"].as_array().unwrap();
    assert!(
        seals
            .iter()
            .any(|s| s["color"] == "black" && s["points"] == json!([[3, 8]])),
        "Black seals D1: {notes}"
    );
}
