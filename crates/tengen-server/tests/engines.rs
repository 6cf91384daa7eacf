//! Engine seats that cannot start, die or stop answering: fake GTP engines as small shell
//! scripts.

use std::{
    io::{BufRead, BufReader, Read},
    os::unix::fs::PermissionsExt,
    path::PathBuf,
    process::{Command, Stdio},
    sync::{Arc, Mutex},
    time::Duration,
};

use serde_json::json;
use tengen_server::ServerConfig;

use crate::{
    common::{Player, http, start_server_with, temp_db},
    durability::{Server, tengen_binary},
};

/// A GTP engine in `sh` that answers every command; its `genmove` plays A1, B1, … and, from
/// the `fail_at`-th `genmove` on, runs `failure` instead (`exit 1`, `exec sleep 30`).
fn fake_engine(name: &str, fail_at: u32, failure: &str) -> PathBuf {
    let dir = temp_db(name).parent().unwrap().to_path_buf();
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        r#"#!/bin/sh
n=0
while read -r cmd rest; do
  case "$cmd" in
    name) printf '= fake\n\n' ;;
    protocol_version) printf '= 2\n\n' ;;
    genmove)
      n=$((n + 1))
      if [ "$n" -ge {fail_at} ]; then {failure}; fi
      col=$(echo ABCDEFGHJ | cut -c "$n")
      printf '= %s1\n\n' "$col" ;;
    final_status_list) printf '= \n\n' ;;
    quit) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done
"#
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A script that does something else than GTP: `body` is its whole text after `#!/bin/sh`.
fn script(name: &str, body: &str) -> PathBuf {
    let dir = temp_db(name).parent().unwrap().to_path_buf();
    let path = dir.join(format!("{name}.sh"));
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[tokio::test]
async fn engines_that_do_not_answer_at_start_up_are_named_with_the_reason_and_not_offered() {
    let good = fake_engine("good", 1000, "exit 1");
    let exits = script("exits", "exit 3");
    let mute = script("mute", "exec sleep 30");
    let mut child = Command::new(tengen_binary())
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--engine-timeout",
            "2",
            "--db",
        ])
        .arg(temp_db("engines"))
        .arg("--engine")
        .arg(format!("fake={}", good.display()))
        .arg("--engine")
        .arg("missing=no-such-engine-anywhere --mode gtp")
        .arg("--engine")
        .arg(format!("exits={}", exits.display()))
        .arg("--engine")
        .arg(format!("mute={}", mute.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = Arc::new(Mutex::new(String::new()));
    let mut pipe = child.stderr.take().unwrap();
    let sink = Arc::clone(&stderr);
    std::thread::spawn(move || {
        let mut buf = [0u8; 1024];
        while let Ok(n) = pipe.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    let stdout = child.stdout.take().unwrap();
    let server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let addr: std::net::SocketAddr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}; stderr {}", stderr.lock().unwrap()));
    let (_, info) = http(addr, "GET", "/api/info", None).await;
    assert_eq!(info["engines"], json!(["fake"]), "{info}");
    // The reasons were written before the address, but the thread reading stderr may not
    // have them yet on a busy machine: give it a few seconds.
    let reasons = [
        ("missing", "no-such-engine-anywhere"),
        ("exits", "exit"),
        ("mute", "no answer"),
    ];
    let said = |text: &str, name: &str, why: &str| {
        text.lines().any(|l| l.contains(name) && l.contains(why))
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let text = loop {
        let text = stderr.lock().unwrap().clone();
        if reasons.iter().all(|(n, w)| said(&text, n, w)) || std::time::Instant::now() > deadline {
            break text;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    for (name, why) in reasons {
        assert!(
            said(&text, name, why),
            "stderr does not say why {name} failed: {text}"
        );
    }
    // A game against the unlisted engine is refused.
    let (status, _) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "size": 9, "rules": "aga", "opponent": { "kind": "gtp", "name": "exits" } })),
    )
    .await;
    assert_eq!(status, 400);
    drop(server);
}

/// Starts a server with `engine` as "fake", and a game against it in which the creator is
/// Black.
async fn game_against(engine: PathBuf, timeout: Duration) -> (Player, String) {
    let addr = start_server_with(
        vec![("fake".into(), engine.display().to_string())],
        ServerConfig {
            engine_timeout: timeout,
            ..ServerConfig::default()
        },
    )
    .await;
    let (status, created) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "size": 9, "rules": "japanese", "color": "black",
            "opponent": { "kind": "gtp", "name": "fake" } })),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let b = Player::connect(addr, &id, created["seat"].as_str())
        .await
        .unwrap();
    (b, id)
}

#[tokio::test]
async fn an_engine_that_dies_mid_game_is_reported_and_the_player_can_claim_the_game() {
    let (mut b, _) = game_against(fake_engine("dies", 2, "exit 1"), Duration::from_secs(5)).await;
    b.play(4, 0).await;
    b.sync_ply(2).await;
    b.play(5, 0).await;
    let s = b
        .until_state("the engine's failure", |s| !s["white"]["failure"].is_null())
        .await;
    assert!(
        s["white"]["failure"].as_str().unwrap().contains("fake"),
        "{s}"
    );
    assert_eq!(s["black"]["can_claim"], true);
    b.send(json!({ "type": "claim", "ply": 3 })).await;
    let end = b.until_state("the end", |s| s["phase"] == "finished").await;
    assert_eq!(end["result"], "B+F");
}

#[tokio::test]
async fn an_engine_that_stops_answering_is_reported_and_the_player_can_abort_even_late() {
    let (mut b, _) = game_against(
        fake_engine("hangs", 2, "exec sleep 30"),
        Duration::from_millis(800),
    )
    .await;
    b.play(4, 0).await;
    b.sync_ply(2).await;
    b.play(5, 0).await;
    // Two moves of Black's own: too late to abort, unless the engine has failed.
    assert_eq!(b.state["black"]["can_abort"], false);
    let s = b
        .until_state("the engine's failure", |s| !s["white"]["failure"].is_null())
        .await;
    assert!(
        s["white"]["failure"]
            .as_str()
            .unwrap()
            .contains("no answer"),
        "{s}"
    );
    assert_eq!(s["black"]["can_abort"], true);
    b.send(json!({ "type": "abort", "ply": 3 })).await;
    let end = b.until_state("the end", |s| s["phase"] == "finished").await;
    assert_eq!(end["aborted_by"], "black");
}

/// ```text
///    A B C D E F G H J
///  5 . . . . B . . . .     White (an engine without `final_status_list`) plays A1 and
///  …                       passes; Black puts it in atari with B1 and passes. The engine
///  1 W B . . . . . . .     cannot list dead stones, so it proposes Tengen's estimate
/// ```                      (A1 dead) instead of "nothing is dead".
#[tokio::test]
async fn an_engine_without_final_status_list_proposes_tengens_estimate_of_the_dead_stones() {
    let engine = script(
        "no-status-list",
        r#"n=0
while read -r cmd rest; do
  case "$cmd" in
    name) printf '= no-status-list\n\n' ;;
    protocol_version) printf '= 2\n\n' ;;
    genmove)
      n=$((n + 1))
      if [ "$n" -eq 1 ]; then printf '= A1\n\n'; else printf '= pass\n\n'; fi ;;
    final_status_list) printf '? unknown command\n\n' ;;
    quit) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done"#,
    );
    let (mut b, _) = game_against(engine, Duration::from_secs(5)).await;
    b.play(4, 4).await;
    b.sync_ply(2).await;
    let board = b.state["board"].as_str().unwrap().to_owned();
    let white = board.find('W').expect("the engine's stone on the board");
    let (x, y) = ((white % 9) as u8, (white / 9) as u8);
    assert_eq!(x, 0, "A1 is on the left edge: {board}");
    b.play(x + 1, y).await;
    b.sync_ply(4).await;
    b.pass().await;
    let s = b
        .until_state("the engine's acceptance", |s| {
            s["phase"] == "scoring" && s["white"]["accepted"] == true
        })
        .await;
    let ownership = s["ownership"].as_str().expect("ownership in scoring");
    assert_eq!(
        ownership.as_bytes()[white],
        b'X',
        "A1 dead in the engine's proposal: {s}"
    );
}
