//! Tournaments over real HTTP: a director registers members and over-the-board players,
//! pairs a round, swaps a pairing and is told its cost, starts the round; the members' game
//! is played on the server and its result recorded when it ends, the other result entered;
//! the standings and the `.h9` follow. Bad input names what is wrong and changes nothing.

use serde_json::{Value, json};
use tengen_club::tournament::{H9Entry, read_h9};
use tengen_server::{AccountChange, AdminCommand, administer};

use crate::club::{Member, config, play_and_resign, register, server};
use crate::common::{Db, Player, request};

crate::for_each_db!(
    a_director_runs_a_mcmahon_round_with_a_game_on_the_server_and_one_over_the_board
);

async fn seat(member: &Member, game: &str) -> String {
    let (_, seat) = member
        .call("GET", &format!("/api/games/{game}/seat"), None)
        .await;
    seat["seat"].as_str().unwrap().to_owned()
}

async fn players_of(t: &Value) -> usize {
    t["players"].as_array().map_or(0, Vec::len)
}

async fn a_director_runs_a_mcmahon_round_with_a_game_on_the_server_and_one_over_the_board(db: Db) {
    let (addr, store) = server(&db, config()).await;
    let director = register(addr, "Director", "2k").await;
    let kaito = register(addr, "Kaito", "3k").await;
    let dana = register(addr, "Dana", "1d").await;

    let form = json!({
        "name": "Club Championship", "place": "Helsinki", "country": "FI",
        "start_date": "2026-12-05", "end_date": "2026-12-06",
        "rules": "japanese", "size": 9,
        "settings": {
            "system": { "kind": "mc_mahon", "bar": "1d", "floor": "20k" },
            "rounds": 2,
            "handicap": { "kind": "rank_difference", "reduction": 0, "ceiling": 4 },
            "tie_breakers": ["MMS", "SOS", "SOSOS"]
        }
    });
    // Only a director an administrator allowed creates a tournament.
    let (status, refused) = director
        .call("POST", "/api/tournaments", Some(form.clone()))
        .await;
    assert_eq!(status, 403, "{refused}");
    administer(
        &*store,
        AdminCommand::Change {
            name: "Director".into(),
            change: AccountChange {
                director: Some(true),
                ..AccountChange::default()
            },
        },
    )
    .await
    .unwrap();
    let mut bad = form.clone();
    bad["size"] = json!(7);
    bad["settings"]["handicap"]["ceiling"] = json!(9);
    let (status, refused) = director.call("POST", "/api/tournaments", Some(bad)).await;
    assert_eq!(status, 400, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .starts_with("handicap ceiling:"),
        "{refused}"
    );
    let (status, t) = director
        .call("POST", "/api/tournaments", Some(form.clone()))
        .await;
    assert_eq!(status, 201, "{t}");
    let id = t["id"].as_str().unwrap().to_owned();
    // A list as long as a national championship's, in a tournament of its own: past the
    // other forms' 16 KiB; a list over 1 MiB is refused whole.
    let (_, big_t) = director
        .call("POST", "/api/tournaments", Some(form.clone()))
        .await;
    let big_id = big_t["id"].as_str().unwrap().to_owned();
    let (status, big) = director
        .call(
            "POST",
            &format!("/api/tournaments/{big_id}/players/import"),
            Some(json!({ "csv": "x".repeat(2 << 20) })),
        )
        .await;
    assert_eq!(status, 413, "{big}");
    let long: String = std::iter::once("surname,first_name,rank,club,country\n".to_owned())
        .chain((0..600).map(|i| format!("Player{i:04},Given{i},{}k,Club,FI\n", 1 + i % 20)))
        .collect();
    assert!(long.len() > 16 * 1024);
    let (status, t) = director
        .call(
            "POST",
            &format!("/api/tournaments/{big_id}/players/import"),
            Some(json!({ "csv": long })),
        )
        .await;
    assert_eq!(status, 200, "{t}");
    assert_eq!(players_of(&t).await, 600);

    let url = |path: &str| format!("/api/tournaments/{id}{path}");

    // Two members, two players over the board from a CSV list.
    for name in ["Kaito", "Dana"] {
        let (status, t) = director
            .call("POST", &url("/players"), Some(json!({ "member": name })))
            .await;
        assert_eq!(status, 200, "{t}");
    }
    let (status, t) = director
        .call(
            "POST",
            &url("/players/import"),
            Some(json!({ "csv": "surname,rank\nBerg,1k\nSato,13q\n" })),
        )
        .await;
    assert_eq!(status, 400, "{t}");
    assert!(
        t["error"].as_str().unwrap().starts_with("row 3, rank:"),
        "{t}"
    );
    let (_, t) = director.call("GET", &url(""), None).await;
    assert_eq!(players_of(&t).await, 2, "a refused list adds nobody");
    let (status, t) = director
        .call("POST", &url("/players/import"), Some(json!({ "csv": "surname,first_name,rank,club\nBerg,Anna,1k,Hels\nSato,Yuki,2k,Hels\n" })))
        .await;
    assert_eq!(status, 200, "{t}");
    assert_eq!(players_of(&t).await, 4);
    // A member cannot run it.
    let (status, _) = kaito.call("POST", &url("/rounds"), Some(json!({}))).await;
    assert_eq!(status, 403);

    // Round 1, the members pinned together (players 1 and 2): JP-3, 3k against 1d is three
    // stones. Then a swap is shown what it costs: nothing yet in round 1.
    let (status, t) = director
        .call("POST", &url("/rounds"), Some(json!({ "pinned": [[1, 2]] })))
        .await;
    assert_eq!(status, 200, "{t}");
    let round = &t["rounds"][0];
    assert_eq!(round["started"], false);
    let members_game = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .position(|g| g["black"] == 1 && g["white"] == 2)
        .unwrap_or_else(|| panic!("Kaito (3k) Black against Dana (1d): {round}"));
    assert_eq!(round["games"][members_game]["handicap"], 3);
    let (status, t) = director
        .call(
            "PUT",
            &url("/rounds/1"),
            Some(json!({ "games": [[1, 2], [3, 4]] })),
        )
        .await;
    assert_eq!(status, 200, "{t}");
    let (status, t) = director
        .call(
            "PUT",
            &url("/rounds/1"),
            Some(json!({ "games": [[1, 2], [3, 3]] })),
        )
        .await;
    assert_eq!(status, 400, "{t}");
    assert!(
        t["error"]
            .as_str()
            .unwrap()
            .contains("player 3 is paired twice"),
        "{t}"
    );

    let (status, t) = director.call("POST", &url("/rounds/1/start"), None).await;
    assert_eq!(status, 200, "{t}");
    let games = t["rounds"][0]["games"].as_array().unwrap().clone();
    let on_server = games
        .iter()
        .find(|g| g["game"].is_string())
        .expect("the members' game is on the server");
    let over_the_board = games.iter().position(|g| g["game"].is_null()).unwrap() + 1;
    let gid = on_server["game"].as_str().unwrap().to_owned();

    // Pairing round 2 now is refused: round 1 is being played.
    let (status, refused) = director
        .call("POST", &url("/rounds"), Some(json!({})))
        .await;
    assert_eq!(status, 409, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("without a result"),
        "{refused}"
    );
    // A result for a round not started is refused, naming it.
    let (status, refused) = director
        .call(
            "PUT",
            &url("/rounds/2/boards/1"),
            Some(json!({ "result": "white_wins" })),
        )
        .await;
    assert_eq!(status, 400, "{refused}");

    // The members play: Kaito (Black) resigns.
    let black_seat = seat(&kaito, &gid).await;
    let white_seat = seat(&dana, &gid).await;
    let mut black = Player::connect(addr, &gid, Some(&black_seat))
        .await
        .unwrap();
    let mut white = Player::connect(addr, &gid, Some(&white_seat))
        .await
        .unwrap();
    assert_eq!(black.state["handicap"], 3, "{}", black.state);
    play_and_resign(&mut black, &mut white, &[(4, 4)]).await;

    // The director enters the game played over the board.
    let (status, t) = director
        .call(
            "PUT",
            &url(&format!("/rounds/1/boards/{over_the_board}")),
            Some(json!({ "result": "black_wins" })),
        )
        .await;
    assert_eq!(status, 200, "{t}");
    // The server's result arrives within the results' poll.
    let mut t = t;
    for _ in 0..50 {
        let result = t["rounds"][0]["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["game"] == gid)
            .unwrap()["result"]
            .clone();
        if result == "white_wins" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        t = director.call("GET", &url(""), None).await.1;
    }
    let standings = t["standings"].as_array().unwrap();
    let dana_row = standings.iter().find(|s| s["name"] == "Dana").unwrap();
    assert_eq!(dana_row["nbw"], 1.0, "Dana won on the server: {t}");
    // Dana: 1d starts at 30 (bar 1d), plus the win.
    assert_eq!(dana_row["mms"], 31.0);

    // The public standings, and the .h9 read back.
    let (status, _, text) = request(addr, "GET", &url("/results.h9"), &[], None).await;
    assert_eq!(status, 200);
    let table = read_h9(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(table.len(), 4, "{text}");
    let line = table.iter().find(|p| p.name == "Dana").unwrap();
    assert!(
        matches!(
            line.results[0],
            H9Entry::Game {
                white: true,
                handicap: 3,
                ..
            }
        ),
        "{text}"
    );
    let (status, _, aga) = request(addr, "GET", &url("/results-aga.txt"), &[], None).await;
    assert_eq!(status, 200);
    assert!(aga.contains("GAMES\n"), "{aga}");

    // Withdrawn, then round 2 pairs the three others with a bye.
    let (status, _) = director
        .call("POST", &url("/players/4/withdraw"), None)
        .await;
    assert_eq!(status, 200);
    let (status, t) = director
        .call("POST", &url("/rounds"), Some(json!({})))
        .await;
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["rounds"][1]["games"].as_array().unwrap().len(), 1, "{t}");
    assert!(t["rounds"][1]["bye"].is_number(), "{t}");
    // Round 1's results are closed now that round 2 is paired.
    let (status, refused) = director
        .call(
            "PUT",
            &url("/rounds/1/boards/1"),
            Some(json!({ "result": "jigo" })),
        )
        .await;
    assert_eq!(status, 409, "{refused}");
}
