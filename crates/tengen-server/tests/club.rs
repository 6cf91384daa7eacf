//! The club over real HTTP: accounts, sessions, CSRF, throttling, challenges with the
//! handicap the ranks give (JP-3, AGA-4a), rated games and the ratings they change, player
//! pages, and the administrator's changes. Each test of data runs on SQLite and PostgreSQL.

use std::{net::SocketAddr, sync::Arc, time::Duration};

use serde_json::{Value, json};
use tengen_club::{Handicap, Outcome, Rank, rate_game};
use tengen_server::{AccountChange, AdminCommand, ServerConfig, Store, administer};

use crate::common::{Db, Player, http, request, start_server_on};

mod bots;

/// A server on the database `db` (SQLite path or PostgreSQL URL), with generous
/// registration limits (every test registers from 127.0.0.1).
pub(crate) async fn server(db: &Db, config: ServerConfig) -> (SocketAddr, Arc<dyn Store>) {
    let store = open(db).await;
    let (addr, state) = start_server_on(Arc::clone(&store), vec![], config).await;
    state.resume_live_games().await.unwrap();
    (addr, store)
}

async fn open(db: &Db) -> Arc<dyn Store> {
    let text = db.to_string_lossy();
    if text.starts_with("postgres") {
        Arc::new(tengen_server::PgStore::connect(&text).await.unwrap())
    } else {
        Arc::new(tengen_server::SqliteStore::open(std::path::Path::new(db)).unwrap())
    }
}

pub(crate) fn config() -> ServerConfig {
    ServerConfig {
        accounts_burst: 50,
        ..ServerConfig::default()
    }
}

/// A member logged in: the cookie and CSRF token their browser would hold.
pub(crate) struct Member {
    addr: SocketAddr,
    cookie: String,
    csrf: String,
}

fn json_of(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or(Value::Null)
}

/// The session cookie a response sets (`name=value`).
fn set_cookie(head: &str) -> Option<String> {
    head.lines()
        .find_map(|l| l.strip_prefix("set-cookie: "))
        .map(|c| c.split(';').next().unwrap_or("").to_owned())
}

pub(crate) async fn register(addr: SocketAddr, name: &str, rank: &str) -> Member {
    let (status, head, body) = request(
        addr,
        "POST",
        "/api/accounts",
        &[],
        Some(json!({ "name": name, "password": "a long password", "rank": rank })),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let cookie = set_cookie(&head).expect("registering logs in");
    Member {
        addr,
        cookie,
        csrf: json_of(&body)["csrf"].as_str().unwrap().to_owned(),
    }
}

async fn logged_in(addr: SocketAddr, name: &str, password: &str) -> Member {
    let (status, head, body) = login(addr, name, password).await;
    assert_eq!(status, 200, "{body}");
    Member {
        addr,
        cookie: set_cookie(&head).unwrap(),
        csrf: body["csrf"].as_str().unwrap().to_owned(),
    }
}

impl Member {
    pub(crate) async fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let (status, _, body) = request(
            self.addr,
            method,
            path,
            &[("Cookie", &self.cookie), ("X-CSRF-Token", &self.csrf)],
            body,
        )
        .await;
        (status, json_of(&body))
    }

    async fn page(&self, name: &str) -> Value {
        let (status, page) = self
            .call("GET", &format!("/api/players/{name}"), None)
            .await;
        assert_eq!(status, 200, "{page}");
        page
    }
}

async fn login(addr: SocketAddr, name: &str, password: &str) -> (u16, String, Value) {
    let (status, head, body) = request(
        addr,
        "POST",
        "/api/session",
        &[],
        Some(json!({ "name": name, "password": password })),
    )
    .await;
    (status, head, json_of(&body))
}

crate::for_each_db!(
    accounts_register_log_in_and_out_and_refuse_a_wrong_password_as_an_unknown_name,
    jp_3_a_rated_challenge_between_a_3k_and_a_1d_gives_three_stones_no_komi_and_rates_both,
    admin_commands_disable_reset_set_rank_and_unrate,
);

async fn accounts_register_log_in_and_out_and_refuse_a_wrong_password_as_an_unknown_name(db: Db) {
    let (addr, _) = server(&db, config()).await;
    let alice = register(addr, "Alice", "3k").await;
    let (status, me) = alice.call("GET", "/api/me", None).await;
    assert_eq!(status, 200);
    assert_eq!(
        (me["name"].as_str(), me["rank"].as_str()),
        (Some("Alice"), Some("3k"))
    );
    assert_eq!(
        me["rating"], 1800.0,
        "the first rating is the declared rank's (3k = 1800)"
    );

    // Log in by another case of the name; the cookie is HttpOnly and SameSite.
    let (status, head, body) = login(addr, "alice", "a long password").await;
    assert_eq!(status, 200, "{body}");
    assert!(
        head.contains("httponly") && head.contains("samesite=lax"),
        "{head}"
    );
    assert!(!head.contains("a long password") && !body.to_string().contains("argon2"));

    // A wrong password and an unknown name get the same answer.
    let (wrong, _, wrong_body) = login(addr, "Alice", "not the password").await;
    let (unknown, _, unknown_body) = login(addr, "Nobody", "not the password").await;
    assert_eq!((wrong, unknown), (401, 401));
    assert_eq!(wrong_body, unknown_body);
    assert_eq!(wrong_body["error"], "wrong name or password");

    // Logging out ends the session: the cookie no longer works.
    let (status, _) = alice.call("DELETE", "/api/session", None).await;
    assert_eq!(status, 204);
    assert_eq!(alice.call("GET", "/api/me", None).await.0, 401);
}

/// Plays `moves` stones alternately (Black first after the handicap's White move, or as
/// the position says) and has `resigner` resign.
pub(crate) async fn play_and_resign(black: &mut Player, white: &mut Player, moves: &[(u8, u8)]) {
    for (i, &(x, y)) in moves.iter().enumerate() {
        let ply = black.state["ply"]
            .as_u64()
            .unwrap_or(0)
            .max(white.state["ply"].as_u64().unwrap_or(0));
        let (mover, other) = if black.state["to_move"] == "black"
            || (i == 0 && ply == 0 && white.state["to_move"] != "white")
        {
            (&mut *black, &mut *white)
        } else {
            (&mut *white, &mut *black)
        };
        mover.play(x, y).await;
        other.sync_ply(mover.state["ply"].as_u64().unwrap()).await;
    }
    let ply = black.state["ply"].as_u64().unwrap();
    black.send(json!({ "type": "resign", "ply": ply })).await;
    black
        .until_state("the game's end", |s| s["phase"] == "finished")
        .await;
}

async fn jp_3_a_rated_challenge_between_a_3k_and_a_1d_gives_three_stones_no_komi_and_rates_both(
    db: Db,
) {
    let (addr, _) = server(&db, config()).await;
    let kyu = register(addr, "Kaito", "3k").await;
    let dan = register(addr, "Dana", "1d").await;
    let terms = json!({ "opponent": "Kaito", "size": 9, "rules": "japanese", "rated": true });
    let (status, preview) = dan
        .call("POST", "/api/challenges/preview", Some(terms.clone()))
        .await;
    assert_eq!(status, 200, "{preview}");
    // JP-3: three ranks apart, the weaker takes Black with three stones, komi 0.
    assert_eq!(preview["black"], "Kaito");
    assert_eq!(preview["white"], "Dana");
    assert_eq!(
        (preview["handicap"].as_u64(), preview["komi"].as_str()),
        (Some(3), Some("0"))
    );
    let (status, sent) = dan
        .call("POST", "/api/challenges", Some(terms.clone()))
        .await;
    assert_eq!(status, 201, "{sent}");
    let id = sent["id"].as_str().unwrap().to_owned();

    // The same challenge twice at once is refused, naming the field; nothing is stored.
    let (status, twice) = dan.call("POST", "/api/challenges", Some(terms)).await;
    assert_eq!(status, 409, "{twice}");
    assert!(twice["error"].as_str().unwrap().starts_with("opponent:"));

    // The challenged member sees it with the same proposal, and accepts.
    let (_, listed) = kyu.call("GET", "/api/challenges", None).await;
    assert_eq!(listed["incoming"].as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed["incoming"][0]["proposal"]["handicap"], 3);
    let (status, game) = kyu
        .call("POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(
        (game["color"].as_str(), game["komi"].as_str()),
        (Some("black"), Some("0"))
    );
    assert_eq!(game["handicap"], 3);
    let gid = game["game"].as_str().unwrap().to_owned();
    // Accepting again is too late.
    assert_eq!(
        kyu.call("POST", &format!("/api/challenges/{id}/accept"), None)
            .await
            .0,
        404
    );

    // The challenger takes the seat from their session; a third member has none.
    let (status, seat) = dan
        .call("GET", &format!("/api/games/{gid}/seat"), None)
        .await;
    assert_eq!((status, seat["color"].as_str()), (200, Some("white")));
    let third = register(addr, "Thea", "5k").await;
    assert_eq!(
        third
            .call("GET", &format!("/api/games/{gid}/seat"), None)
            .await
            .0,
        404
    );

    let mut black = Player::connect(addr, &gid, game["seat"].as_str())
        .await
        .unwrap();
    let mut white = Player::connect(addr, &gid, seat["seat"].as_str())
        .await
        .unwrap();
    assert_eq!(black.state["komi"], "0", "{}", black.state);
    // A rated game is played without help: no score estimate while it runs.
    assert_eq!(black.state["analysis"], false, "{}", black.state);
    let (status, refused) = http(addr, "GET", &format!("/api/games/{gid}/estimate"), None).await;
    assert_eq!(status, 403, "{refused}");
    // Three stones on the board: White moves first (JP-2).
    assert_eq!(white.state["to_move"], "white", "{}", white.state);
    play_and_resign(&mut black, &mut white, &[(4, 4), (3, 3)]).await;

    // Both ratings change by the EGF formula with the handicap, once.
    let (expect_black, expect_white) =
        rate_game(1800.0, 2100.0, Handicap::new(3), Outcome::WhiteWins);
    // Ratings are applied every 2 s; a busy machine may take a few rounds.
    let mut page = Value::Null;
    for _ in 0..150 {
        page = kyu.page("kaito").await;
        if page["rated_games"] == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(page["rated_games"], 1, "{page}");
    assert_eq!(page["rating"], expect_black.round());
    assert_eq!(page["history"].as_array().unwrap().len(), 2);
    assert_eq!(page["games"][0]["id"], gid.as_str());
    assert_eq!(page["games"][0]["result"], "W+R");
    assert_eq!(page["games"][0]["outcome"], "loss");
    assert_eq!(page["games"][0]["sgf"], format!("/api/games/{gid}/sgf"));
    assert_eq!(page["opponents"]["Dana"]["losses"], 1);
    let page = kyu.page("Dana").await;
    assert_eq!(page["rating"], expect_white.round());
    assert_eq!(page["opponents"]["Kaito"]["wins"], 1);
    // A second pass of the ratings changes nothing.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(kyu.page("Dana").await["rated_games"], 1);

    // A rematch (colours swapped, the handicap kept) is a members' game too, unrated.
    black.send(json!({ "type": "rematch" })).await;
    white.send(json!({ "type": "rematch" })).await;
    let state = black
        .until_state("the rematch", |s| s["rematch"]["game"].is_string())
        .await;
    let rematch = state["rematch"]["game"].as_str().unwrap().to_owned();
    let mut games = Value::Null;
    for _ in 0..150 {
        games = kyu.page("Kaito").await["games"].clone();
        if games.as_array().unwrap().len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(games[0]["id"], rematch.as_str(), "{games}");
    assert_eq!(
        (games[0]["color"].as_str(), games[0]["rated"].as_bool()),
        (Some("white"), Some(false))
    );
}

async fn admin_commands_disable_reset_set_rank_and_unrate(db: Db) {
    let (addr, store) = server(&db, config()).await;
    let done = administer(
        store.as_ref(),
        AdminCommand::CreateAccount {
            name: "Root".into(),
            password: "root password".into(),
            rank: "2d".into(),
            admin: true,
        },
    )
    .await
    .unwrap();
    assert!(done.contains("administrator"), "{done}");
    let bob = register(addr, "Bob", "10k").await;
    // Not an administrator: refused.
    let (status, _) = bob
        .call(
            "PATCH",
            "/api/admin/accounts/Bob",
            Some(json!({ "rank": "1d" })),
        )
        .await;
    assert_eq!(status, 403);
    let root = logged_in(addr, "root", "root password").await;
    let (status, changed) = root
        .call(
            "PATCH",
            "/api/admin/accounts/bob",
            Some(json!({ "rank": "9k" })),
        )
        .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(bob.page("Bob").await["rank"], "9k");
    // Disabled: the session ends, log-in is refused, nobody can challenge the account.
    administer(
        store.as_ref(),
        AdminCommand::Change {
            name: "BOB".into(),
            change: AccountChange {
                disabled: Some(true),
                ..AccountChange::default()
            },
        },
    )
    .await
    .unwrap();
    assert_eq!(bob.call("GET", "/api/me", None).await.0, 401);
    assert_eq!(login(addr, "Bob", "a long password").await.0, 403);
    let (status, refused) = root
        .call(
            "POST",
            "/api/challenges",
            Some(json!({ "opponent": "Bob" })),
        )
        .await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["error"].as_str().unwrap().contains("disabled"));
    // A reset password works once enabled again.
    administer(
        store.as_ref(),
        AdminCommand::Change {
            name: "Bob".into(),
            change: AccountChange {
                disabled: Some(false),
                password: Some("a new password".into()),
                ..AccountChange::default()
            },
        },
    )
    .await
    .unwrap();
    assert_eq!(login(addr, "Bob", "a long password").await.0, 401);
    assert_eq!(login(addr, "Bob", "a new password").await.0, 200);
    assert!(
        administer(
            store.as_ref(),
            AdminCommand::Unrate {
                game: "0123456789abcdef".into()
            }
        )
        .await
        .is_err()
    );
}

#[tokio::test]
async fn a_change_without_the_csrf_token_or_from_another_site_is_refused() {
    let (addr, _) = server(&crate::common::temp_db("csrf").into(), config()).await;
    let member = register(addr, "Carol", "1k").await;
    let body = Some(json!({ "opponent": "Nobody" }));
    let (status, _, text) = request(
        addr,
        "POST",
        "/api/challenges",
        &[("Cookie", &member.cookie)],
        body.clone(),
    )
    .await;
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("X-CSRF-Token"));
    let (status, _, _) = request(
        addr,
        "POST",
        "/api/challenges",
        &[
            ("Cookie", &member.cookie),
            ("X-CSRF-Token", "0".repeat(32).as_str()),
        ],
        body.clone(),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _, _) = request(
        addr,
        "POST",
        "/api/challenges",
        &[
            ("Cookie", &member.cookie),
            ("X-CSRF-Token", &member.csrf),
            ("Origin", "http://evil.example"),
        ],
        body.clone(),
    )
    .await;
    assert_eq!(status, 403);
    // With the token, the request is taken (and refused for its own reason).
    let (status, answer) = member.call("POST", "/api/challenges", body).await;
    assert_eq!(status, 404, "{answer}");
}

#[tokio::test]
async fn a_session_expires() {
    let config = ServerConfig {
        session_ttl: Duration::from_millis(1500),
        ..config()
    };
    let (addr, _) = server(&crate::common::temp_db("expiry").into(), config).await;
    let member = register(addr, "Dora", "2k").await;
    assert_eq!(member.call("GET", "/api/me", None).await.0, 200);
    tokio::time::sleep(Duration::from_millis(1700)).await;
    assert_eq!(member.call("GET", "/api/me", None).await.0, 401);
}

#[tokio::test]
async fn log_ins_are_throttled_per_account() {
    let (addr, _) = server(&crate::common::temp_db("throttle").into(), config()).await;
    register(addr, "Erin", "4k").await;
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(login(addr, "Erin", "wrong password").await.0);
    }
    assert_eq!(statuses, vec![401, 401, 401, 401, 401, 429]);
    // Even the right password waits now: the throttle does not tell them apart.
    assert_eq!(login(addr, "erin", "a long password").await.0, 429);
}

#[tokio::test]
async fn bad_names_passwords_ranks_and_challenges_are_refused_naming_the_field() {
    let (addr, _) = server(&crate::common::temp_db("bad").into(), config()).await;
    let frank = register(addr, "Frank", "5k").await;
    let post = |body: Value| async move {
        let (status, _, text) = request(addr, "POST", "/api/accounts", &[], Some(body)).await;
        (
            status,
            json_of(&text)["error"].as_str().unwrap_or("").to_owned(),
        )
    };
    let (status, e) =
        post(json!({ "name": "FRANK", "password": "a long password", "rank": "1k" })).await;
    assert_eq!((status, e.starts_with("name:")), (409, true), "{e}");
    let (status, e) =
        post(json!({ "name": "Frаnk", "password": "a long password", "rank": "1k" })).await;
    assert_eq!(
        (status, e.contains("too like")),
        (409, true),
        "a Cyrillic a: {e}"
    );
    let (status, e) =
        post(json!({ "name": "Fr\u{200b}ed", "password": "a long password", "rank": "1k" })).await;
    assert_eq!((status, e.contains("U+200B")), (400, true), "{e}");
    let (status, e) = post(json!({ "name": "Gina", "password": "short", "rank": "1k" })).await;
    assert_eq!((status, e.starts_with("password:")), (400, true), "{e}");
    let (status, e) =
        post(json!({ "name": "Gina", "password": "a long password", "rank": "10d" })).await;
    assert_eq!((status, e.starts_with("rank:")), (400, true), "{e}");
    // A megabyte password is refused before it is read.
    let (status, _) =
        post(json!({ "name": "Gina", "password": "x".repeat(1 << 20), "rank": "1k" })).await;
    assert_eq!(status, 413);

    let (status, e) = frank
        .call(
            "POST",
            "/api/challenges",
            Some(json!({ "opponent": "frank" })),
        )
        .await;
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("yourself"));
    let (status, e) = frank
        .call(
            "POST",
            "/api/challenges",
            Some(json!({ "opponent": "Ghost" })),
        )
        .await;
    assert_eq!(status, 404);
    assert!(e["error"].as_str().unwrap().starts_with("opponent:"));
    register(addr, "Hana", "5k").await;
    let (status, e) = frank
        .call(
            "POST",
            "/api/challenges",
            Some(json!({ "opponent": "Hana", "rated": true, "handicap": 2 })),
        )
        .await;
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().starts_with("handicap:"), "{e}");
    // Nothing was stored half-way.
    assert_eq!(
        frank.call("GET", "/api/challenges", None).await.1["outgoing"],
        json!([])
    );
}

#[tokio::test]
async fn aga_4a_one_rank_apart_is_black_first_with_half_point_komi_and_seeks_keep_to_their_ranks() {
    let (addr, _) = server(&crate::common::temp_db("aga").into(), config()).await;
    let ivan = register(addr, "Ivan", "2k").await;
    let jo = register(addr, "Jo", "1k").await;
    let terms = json!({ "opponent": "Jo", "size": 19, "rules": "aga", "rated": true });
    let (_, p) = ivan
        .call("POST", "/api/challenges/preview", Some(terms))
        .await;
    assert_eq!(
        (
            p["black"].as_str(),
            p["handicap"].as_u64(),
            p["komi"].as_str()
        ),
        (Some("Ivan"), Some(1), Some("0.5")),
        "{p}"
    );
    // A seek for 5k–3k: Jo (1k) is outside it, a 4k may take it.
    let (status, _) = ivan
        .call(
            "POST",
            "/api/challenges",
            Some(json!({ "min_rank": "5k", "max_rank": "3k", "size": 9 })),
        )
        .await;
    assert_eq!(status, 201);
    let (_, seen) = jo.call("GET", "/api/challenges", None).await;
    assert_eq!(seen["seeks"], json!([]));
    let kim = register(addr, "Kim", "4k").await;
    let (_, seen) = kim.call("GET", "/api/challenges", None).await;
    let seek = &seen["seeks"][0];
    assert_eq!(seek["proposal"]["black"], "Kim", "{seen}");
    assert_eq!(seek["proposal"]["handicap"], 2);
    let id = seek["id"].as_str().unwrap();
    assert_eq!(
        jo.call("POST", &format!("/api/challenges/{id}/accept"), None)
            .await
            .0,
        403
    );
    let (status, game) = kim
        .call("POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["rated"], false);
}

#[tokio::test]
async fn a_member_sending_challenge_after_challenge_is_throttled() {
    let (addr, _) = server(&crate::common::temp_db("spam").into(), config()).await;
    let spammer = register(addr, "Mallory", "5k").await;
    // The targets first: each registration hashes a password, slow enough on a loaded
    // machine that the throttle would refill (one challenge per 30 s) between challenges.
    let targets: Vec<String> = (0..21).map(|k| format!("Target{k}")).collect();
    for name in &targets {
        register(addr, name, "5k").await;
    }
    let mut statuses = Vec::new();
    for name in &targets {
        let (status, _) = spammer
            .call("POST", "/api/challenges", Some(json!({ "opponent": name })))
            .await;
        statuses.push(status);
    }
    assert!(statuses[..20].iter().all(|&s| s == 201), "{statuses:?}");
    assert_eq!(statuses[20], 429);
}

/// As an attacker would: a third member may neither accept nor decline a challenge between
/// two others, nor take a seat in their game; and a session a thief copied ends when its
/// owner changes the password (the owner's own session goes on).
#[tokio::test]
async fn another_members_challenge_game_and_a_stolen_session_are_refused() {
    let (addr, _) = server(&crate::common::temp_db("attacker").into(), config()).await;
    let alice = register(addr, "Alma", "2k").await;
    let bob = register(addr, "Boris", "2k").await;
    let eve = register(addr, "Eve", "2k").await;
    let (_, sent) = alice
        .call(
            "POST",
            "/api/challenges",
            Some(json!({ "opponent": "Boris", "size": 9 })),
        )
        .await;
    let id = sent["id"].as_str().unwrap();
    let (status, e) = eve
        .call("POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(status, 403, "{e}");
    let (status, e) = eve
        .call("POST", &format!("/api/challenges/{id}/decline"), None)
        .await;
    assert_eq!(status, 403, "{e}");
    let (status, game) = bob
        .call("POST", &format!("/api/challenges/{id}/accept"), None)
        .await;
    assert_eq!(status, 200, "{game}");
    let gid = game["game"].as_str().unwrap();
    assert_eq!(
        eve.call("GET", &format!("/api/games/{gid}/seat"), None)
            .await
            .0,
        404
    );

    // A thief's copy of Alma's cookie works until she changes her password.
    let (_, head, body) = login(addr, "Alma", "a long password").await;
    let stolen = Member {
        addr,
        cookie: set_cookie(&head).unwrap(),
        csrf: body["csrf"].as_str().unwrap().to_owned(),
    };
    assert_eq!(stolen.call("GET", "/api/me", None).await.0, 200);
    let (status, _) = alice
        .call(
            "POST",
            "/api/account/password",
            Some(json!({ "old": "a long password", "new": "a newer password" })),
        )
        .await;
    assert_eq!(status, 204);
    assert_eq!(stolen.call("GET", "/api/me", None).await.0, 401);
    assert_eq!(alice.call("GET", "/api/me", None).await.0, 200);
    // A wrong old password changes nothing.
    let (status, e) = alice
        .call(
            "POST",
            "/api/account/password",
            Some(json!({ "old": "a long password", "new": "yet another one" })),
        )
        .await;
    assert_eq!(status, 403, "{e}");
    assert!(e["error"].as_str().unwrap().starts_with("old:"));
    assert_eq!(login(addr, "Alma", "a newer password").await.0, 200);
}

#[test]
fn ranks_are_written_as_go_players_write_them() {
    assert_eq!("3k".parse::<Rank>().unwrap().to_string(), "3k");
    assert_eq!("1 dan".parse::<Rank>().unwrap().to_string(), "1d");
}

/// `tests/fixtures/schema3.db` was written by the server before the club (schema version
/// 3, commit cbc68cf): a game resigned after four moves, a game in play after three, and an
/// invitation nobody opened. Migration 4 opens it with every game as it was, and the club
/// works on it.
#[tokio::test]
async fn migration_4_opens_a_database_of_schema_3_with_every_game_intact() {
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema3.db");
    let db = crate::common::temp_db("schema3");
    std::fs::copy(&fixture, &db).unwrap();
    let (addr, store) = server(&db.clone().into(), config()).await;
    assert_eq!(store.schema_version(), tengen_server::SCHEMA_VERSION);
    let mut games = store.list(10, 0).await.unwrap();
    games.sort_by_key(|g| g.created_ms);
    let shape: Vec<(&str, &str, Option<&str>, u32)> = games
        .iter()
        .map(|g| {
            (
                g.black.as_str(),
                g.phase.as_str(),
                g.result.as_deref(),
                g.moves,
            )
        })
        .collect();
    assert_eq!(
        shape,
        vec![
            ("Alice", "finished", Some("B+R"), 4),
            ("Alice", "playing", None, 3),
            ("Carol", "waiting", None, 0),
        ]
    );
    // The game in play resumed where it was; the finished one gives its record.
    let live = &games[1].id;
    let (status, view) =
        crate::common::http(addr, "GET", &format!("/api/games/{live}"), None).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["state"]["ply"], 3, "{view}");
    let (status, sgf) = crate::common::http_text(
        addr,
        "GET",
        &format!("/api/games/{}/sgf", games[0].id),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert!(sgf.contains("RE[B+R]") && sgf.contains(";B[cc]"), "{sgf}");
    register(addr, "Luca", "3k").await;
}
