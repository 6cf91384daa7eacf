//! Helpers: a server on 127.0.0.1:0, a minimal HTTP client, and WebSocket players.

#![allow(dead_code, unreachable_pub)]

use std::{
    net::SocketAddr,
    path::PathBuf,
    sync::Arc,
    sync::atomic::{AtomicU32, Ordering},
    time::Duration,
};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tengen_server::{AppState, SqliteStore, app};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, tungstenite::Message};

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A fresh database path in the temp directory.
pub fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tengen-server-tests-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.db"))
}

/// Starts the app in-process on a free loopback port.
pub async fn start_server(engines: Vec<(String, String)>) -> SocketAddr {
    let store = Arc::new(SqliteStore::open(&temp_db("inproc")).unwrap());
    let state = AppState::new(store, engines);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        axum::serve(listener, app(state)).await.unwrap();
    });
    addr
}

/// One HTTP/1.1 request with `Connection: close`: the status and the JSON body (or `Null`).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let (status, text) = http_text(addr, method, path, body).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// As [`http`], with the body as text.
pub async fn http_text(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    stream.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status: u16 = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_owned()
    };
    (status, body)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((len, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// A created game: its id and both seat secrets (the second from the invite).
pub struct TestGame {
    pub id: String,
    pub black: String,
    pub white: String,
    pub invite: String,
}

/// Creates a game in which the creator plays Black, and joins White through the invite.
pub async fn create_and_join(addr: SocketAddr, form: Value) -> TestGame {
    let mut form = form;
    form["color"] = json!("black");
    let (status, created) = http(addr, "POST", "/api/games", Some(form)).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invite"].as_str().unwrap().to_owned();
    let (status, joined) = http(
        addr,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({ "invite": invite })),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["color"], "white");
    TestGame {
        id,
        black: created["seat"].as_str().unwrap().to_owned(),
        white: joined["seat"].as_str().unwrap().to_owned(),
        invite,
    }
}

/// A created and joined game with both players connected.
pub async fn seated(addr: SocketAddr, form: Value) -> (TestGame, Player, Player) {
    let g = create_and_join(addr, form).await;
    let b = Player::connect(addr, &g.id, Some(&g.black)).await.unwrap();
    let w = Player::connect(addr, &g.id, Some(&g.white)).await.unwrap();
    (g, b, w)
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A WebSocket connection to one game.
pub struct Player {
    ws: Ws,
    /// The last state seen.
    pub state: Value,
    /// Every message received, in order.
    pub log: Vec<Value>,
    /// The role the server gave.
    pub role: String,
}

impl Player {
    /// Connects and says hello with `seat` (none: spectator). Returns the welcome or the error.
    pub async fn connect(addr: SocketAddr, id: &str, seat: Option<&str>) -> Result<Player, Value> {
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{id}"))
            .await
            .unwrap();
        ws.send(Message::Text(
            json!({ "type": "hello", "seat": seat }).to_string().into(),
        ))
        .await
        .unwrap();
        let first = next_json(&mut ws).await.expect("an answer to hello");
        if first["type"] == "welcome" {
            Ok(Player {
                role: first["you"].as_str().unwrap().to_owned(),
                state: first["state"].clone(),
                log: vec![first],
                ws,
            })
        } else {
            Err(first)
        }
    }

    /// Sends a raw text frame.
    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// Sends a message.
    pub async fn send(&mut self, msg: Value) {
        self.send_text(&msg.to_string()).await;
    }

    /// The next message (updating `state`), or `None` after 5 s of silence.
    pub async fn next(&mut self) -> Option<Value> {
        let v = next_json(&mut self.ws).await?;
        if let Some(s) = v.get("state") {
            self.state = s.clone();
        }
        self.log.push(v.clone());
        Some(v)
    }

    /// Reads until a message matches `pred`; panics after 5 s without one.
    pub async fn until(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            match self.next().await {
                Some(v) if pred(&v) => return v,
                Some(_) => {}
                None => panic!("timed out waiting for {what}; last state {}", self.state),
            }
        }
    }

    /// Waits for a state at `ply` or later with `phase`.
    pub async fn until_state(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        if pred(&self.state) {
            return self.state.clone();
        }
        self.until(what, |m| m.get("state").is_some_and(&pred))
            .await;
        self.state.clone()
    }

    /// Sends `msg` and returns the error the server answers with.
    pub async fn expect_error(&mut self, msg: Value) -> Value {
        self.send(msg).await;
        self.until("an error", |m| m["type"] == "error").await
    }

    /// Plays at `(x, y)` for the current ply and waits for it to be on the board.
    pub async fn play(&mut self, x: u8, y: u8) {
        let ply = self.state["ply"].as_u64().unwrap();
        self.send(json!({ "type": "play", "ply": ply, "x": x, "y": y }))
            .await;
        let m = self
            .until("the move or an error", |m| {
                m["type"] == "error" || m["state"]["ply"].as_u64() > Some(ply)
            })
            .await;
        assert_ne!(m["type"], "error", "move ({x},{y}) refused: {m}");
    }

    /// Passes and waits for the pass to be recorded.
    pub async fn pass(&mut self) {
        let ply = self.state["ply"].as_u64().unwrap();
        self.send(json!({ "type": "pass", "ply": ply })).await;
        let m = self
            .until("the pass or an error", |m| {
                m["type"] == "error" || m["state"]["ply"].as_u64() > Some(ply)
            })
            .await;
        assert_ne!(m["type"], "error", "pass refused: {m}");
    }

    /// Waits until this connection has seen `ply` moves.
    pub async fn sync_ply(&mut self, ply: u64) {
        self.until_state("ply", |s| s["ply"].as_u64() >= Some(ply))
            .await;
    }

    /// Reads whatever arrives within `ms` milliseconds.
    pub async fn drain(&mut self, ms: u64) {
        let deadline = tokio::time::Instant::now() + Duration::from_millis(ms);
        while let Ok(Some(v)) = tokio::time::timeout_at(deadline, next_json(&mut self.ws)).await {
            if let Some(s) = v.get("state") {
                self.state = s.clone();
            }
            self.log.push(v);
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

async fn next_json(ws: &mut Ws) -> Option<Value> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .ok()??
            .ok()?;
        if let Message::Text(t) = m {
            return serde_json::from_str(t.as_str()).ok();
        }
    }
}

/// A 9×9 form.
pub fn form(rules: &str) -> Value {
    json!({ "size": 9, "rules": rules, "opponent": { "kind": "person" } })
}

/// Plays the walls position used by the scoring tests: Black owns columns A–D, White
/// columns G–J, and a White stone at B8 is dead inside Black's area. The last move is
/// White's; both players have seen every move.
pub async fn play_walls(b: &mut Player, w: &mut Player) {
    // B: E9..E1, W: B8 then F9..F2; then Black passes and White plays F1.
    for i in 0..9u8 {
        b.play(4, i).await;
        w.sync_ply(b.state["ply"].as_u64().unwrap()).await;
        if i == 0 {
            w.play(1, 1).await;
        } else {
            w.play(5, i - 1).await;
        }
        b.sync_ply(w.state["ply"].as_u64().unwrap()).await;
    }
    b.pass().await;
    w.sync_ply(b.state["ply"].as_u64().unwrap()).await;
    w.play(5, 8).await;
    b.sync_ply(w.state["ply"].as_u64().unwrap()).await;
}
