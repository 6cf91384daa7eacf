//! Tengen's engine as club members (`Tengen-L4` is level 4): a member challenges a bot, the
//! server accepts at once with the engine in the bot's seat, and a rated game rates both,
//! once. A bot cannot log in, be registered as, or be made an administrator; a level that
//! is no bot is refused naming the field.

use std::time::Duration;

use serde_json::{Value, json};
use tengen_club::{Handicap, Outcome, rate_game};
use tengen_server::{AccountChange, AdminCommand, administer};

use super::{Member, config, login, register, server};
use crate::common::{Db, Player};

crate::for_each_db!(
    a_rated_challenge_to_a_bot_is_accepted_at_once_with_the_engine_seat_and_rates_both_once,
    a_bot_cannot_log_in_be_registered_or_made_admin_and_an_unknown_level_is_refused,
    jp_3_a_bot_far_below_a_dan_player_takes_black_with_the_stones_capped_at_nine,
);

/// Level 4's measured 19×19 strength (`own.rs`'s `LEVEL_RATINGS`): its first rating.
const LEVEL_4_RATING: f64 = 12.0;

/// The page of `name` once its `rated_games` is `games` (ratings are applied every 2 s).
async fn page_after(member: &Member, name: &str, games: u64) -> Value {
    let mut page = Value::Null;
    for _ in 0..150 {
        page = member.page(name).await;
        if page["rated_games"] == games {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(page["rated_games"], games, "{page}");
    page
}

async fn a_rated_challenge_to_a_bot_is_accepted_at_once_with_the_engine_seat_and_rates_both_once(
    db: Db,
) {
    let (addr, _) = server(&db, config()).await;
    let mira = register(addr, "Mira", "24k").await;

    // The bots are listed, marked, and online; their pages say what they are.
    let (status, players) = mira.call("GET", "/api/players?online=true", None).await;
    assert_eq!(status, 200, "{players}");
    let listed: Vec<(&str, u64)> = players
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["bot"] == true)
        .map(|p| (p["name"].as_str().unwrap(), p["level"].as_u64().unwrap()))
        .collect();
    assert_eq!(listed.len(), 10, "{players}");
    assert!(listed.contains(&("Tengen-L4", 4)), "{players}");
    let bot = mira.page("tengen-l4").await;
    assert_eq!(
        (
            bot["bot"].as_bool(),
            bot["level"].as_u64(),
            bot["online"].as_bool()
        ),
        (Some(true), Some(4), Some(true)),
        "{bot}"
    );
    assert_eq!(bot["rating"], LEVEL_4_RATING);
    assert_eq!(bot["rank"], "21k");
    assert!(bot["about"].as_str().unwrap().contains("level 4"), "{bot}");

    // 24k against 21k: three ranks, JP-3's three stones for the member, komi 0.
    let terms = json!({ "opponent": "Tengen-L4", "size": 19, "rules": "japanese", "rated": true });
    let (status, preview) = mira
        .call("POST", "/api/challenges/preview", Some(terms.clone()))
        .await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(
        (preview["black"].as_str(), preview["white"].as_str()),
        (Some("Mira"), Some("Tengen-L4"))
    );
    assert_eq!(
        (preview["handicap"].as_u64(), preview["komi"].as_str()),
        (Some(3), Some("0"))
    );

    // Accepted at once: the answer has the game and the member's seat.
    let (status, sent) = mira.call("POST", "/api/challenges", Some(terms)).await;
    assert_eq!(status, 201, "{sent}");
    let game = &sent["game"];
    assert_eq!(
        (
            game["color"].as_str(),
            game["white"].as_str(),
            game["rated"].as_bool()
        ),
        (Some("black"), Some("Tengen-L4"), Some(true)),
        "{sent}"
    );
    let gid = game["game"].as_str().unwrap().to_owned();
    let (_, open) = mira.call("GET", "/api/challenges", None).await;
    assert_eq!(open["outgoing"], json!([]), "nothing is left open: {open}");

    // The bot's seat is Tengen's engine at level 4; it moves first after the stones.
    let mut black = Player::connect(addr, &gid, game["seat"].as_str())
        .await
        .unwrap();
    assert_eq!(black.state["white"]["kind"], "engine", "{}", black.state);
    assert_eq!(black.state["white"]["level"], 4, "{}", black.state);
    assert_eq!(black.state["analysis"], false, "{}", black.state);
    let state = black
        .until_state("the engine's first move", |s| s["to_move"] == "black")
        .await;
    let ply = state["ply"].as_u64().unwrap();
    black.send(json!({ "type": "resign", "ply": ply })).await;
    black
        .until_state("the game's end", |s| s["phase"] == "finished")
        .await;

    // Both ratings change by the EGF formula with three stones, once.
    let (expect_member, expect_bot) =
        rate_game(-300.0, LEVEL_4_RATING, Handicap::new(3), Outcome::WhiteWins);
    let page = page_after(&mira, "Mira", 1).await;
    assert_eq!(page["rating"], expect_member.round());
    assert_eq!(page["games"][0]["opponent"], "Tengen-L4");
    assert_eq!(page["opponents"]["Tengen-L4"]["losses"], 1, "{page}");
    let bot = page_after(&mira, "Tengen-L4", 1).await;
    assert_eq!(bot["rating"], expect_bot.round());
    let history: Vec<f64> = bot["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["rating"].as_f64().unwrap())
        .collect();
    assert_eq!(history, vec![LEVEL_4_RATING, expect_bot.round()]);
    assert_eq!(bot["games"][0]["opponent"], "Mira");
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(mira.page("Tengen-L4").await["rated_games"], 1);
    assert_eq!(mira.page("Mira").await["rated_games"], 1);

    // A rated game against the engine is on 19×19 (its rating's board); unrated, any board.
    let nine = json!({ "opponent": "Tengen-L4", "size": 9, "rules": "japanese", "rated": true });
    let (status, refused) = mira.call("POST", "/api/challenges", Some(nine)).await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["error"].as_str().unwrap().starts_with("size:"));
    let nine = json!({ "opponent": "Tengen-L4", "size": 9, "rules": "japanese", "rated": false });
    let (status, sent) = mira.call("POST", "/api/challenges", Some(nine)).await;
    assert_eq!(status, 201, "{sent}");
    assert_eq!(sent["game"]["rated"], false, "{sent}");
}

async fn a_bot_cannot_log_in_be_registered_or_made_admin_and_an_unknown_level_is_refused(db: Db) {
    let (addr, store) = server(&db, config()).await;
    let ana = register(addr, "Ana", "5k").await;

    // The bot exists (listed), and cannot log in, whatever the password.
    let (_, players) = ana.call("GET", "/api/players?q=tengen-l8", None).await;
    assert_eq!(players[0]["name"], "Tengen-L8", "{players}");
    for password in ["", "a long password"] {
        let (status, _, body) = login(addr, "Tengen-L8", password).await;
        assert_eq!(status, 403, "{body}");
        assert!(
            body["error"].as_str().unwrap().starts_with("name:"),
            "{body}"
        );
    }

    // Its names are the engine's: nobody registers one.
    let (status, _, body) = crate::common::request(
        addr,
        "POST",
        "/api/accounts",
        &[],
        Some(json!({ "name": "tengen-l9", "password": "a long password", "rank": "3k" })),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("name:"), "{body}");

    // A level that is no club member: no level at all.
    for name in ["Tengen-L0", "Tengen-L11"] {
        let terms = json!({ "opponent": name, "size": 19, "rated": true });
        let (status, refused) = ana.call("POST", "/api/challenges", Some(terms)).await;
        assert_eq!(status, 404, "{refused}");
        let error = refused["error"].as_str().unwrap();
        assert!(error.starts_with("opponent:"), "{error}");
        assert!(
            error.contains("Tengen-L8"),
            "the levels that exist: {error}"
        );
    }

    // No administrator, password or rank for a bot; each refusal names the field.
    for (change, field) in [
        (
            AccountChange {
                admin: Some(true),
                ..AccountChange::default()
            },
            "admin:",
        ),
        (
            AccountChange {
                password: Some("a long password".into()),
                ..AccountChange::default()
            },
            "password:",
        ),
        (
            AccountChange {
                rank: Some("1d".into()),
                ..AccountChange::default()
            },
            "rank:",
        ),
    ] {
        let command = AdminCommand::Change {
            name: "Tengen-L8".into(),
            change,
        };
        let error = administer(store.as_ref(), command).await.unwrap_err();
        assert!(error.to_string().contains(field), "{error}");
    }
    let (status, _, _) = login(addr, "Tengen-L8", "a long password").await;
    assert_eq!(status, 403);
}

/// JP-3 against the engine the other way round: a 1k challenges level 2 (26k by its 19×19
/// rating), the weaker side takes Black, and the stones are capped at nine (the proposal
/// says so). The engine places them and waits; the member resigns at once, and both
/// ratings move by the EGF formula with nine stones, Black winning.
async fn jp_3_a_bot_far_below_a_dan_player_takes_black_with_the_stones_capped_at_nine(db: Db) {
    let (addr, _) = server(&db, config()).await;
    let sora = register(addr, "Sora", "1k").await;
    let member_rating = sora.page("Sora").await["rating"].as_f64().unwrap();
    let bot_rating = sora.page("Tengen-L2").await["rating"].as_f64().unwrap();
    let terms = json!({ "opponent": "Tengen-L2", "size": 19, "rules": "japanese", "rated": true });
    let (status, preview) = sora
        .call("POST", "/api/challenges/preview", Some(terms.clone()))
        .await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(
        (
            preview["black"].as_str(),
            preview["white"].as_str(),
            preview["handicap"].as_u64()
        ),
        (Some("Tengen-L2"), Some("Sora"), Some(9)),
        "{preview}"
    );
    let (status, sent) = sora.call("POST", "/api/challenges", Some(terms)).await;
    assert_eq!(status, 201, "{sent}");
    let game = &sent["game"];
    assert_eq!(game["color"], "white", "{sent}");
    let gid = game["game"].as_str().unwrap().to_owned();
    let mut white = Player::connect(addr, &gid, game["seat"].as_str())
        .await
        .unwrap();
    assert_eq!(white.state["black"]["kind"], "engine", "{}", white.state);
    let state = white
        .until_state("the engine's nine stones", |s| {
            s["phase"] == "playing" && s["to_move"] == "white"
        })
        .await;
    let stones = state["board"].as_str().unwrap().matches('B').count();
    assert_eq!(stones, 9, "{state}");
    let ply = state["ply"].as_u64().unwrap();
    white.send(json!({ "type": "resign", "ply": ply })).await;
    white
        .until_state("the game's end", |s| s["phase"] == "finished")
        .await;
    let (expect_bot, expect_member) = rate_game(
        bot_rating,
        member_rating,
        Handicap::new(9),
        Outcome::BlackWins,
    );
    assert_eq!(
        page_after(&sora, "Sora", 1).await["rating"],
        expect_member.round()
    );
    assert_eq!(
        page_after(&sora, "Tengen-L2", 1).await["rating"],
        expect_bot.round()
    );
}
