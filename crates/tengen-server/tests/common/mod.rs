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
use tengen_server::{AppState, ServerConfig, SqliteStore};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, tungstenite::Message};

#[path = "../../src/test_postgres.rs"]
pub mod test_postgres;

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// Where a test server keeps its games, as `tengen serve --db` takes it.
pub type Db = std::ffi::OsString;

/// A fresh database of each kind for the test `$name` (an `async fn(Db)`): a SQLite file, and
/// a new database on the PostgreSQL server of `TENGEN_TEST_POSTGRES_URL` (skipped, saying
/// so, when it is not set). The tests are `$name::sqlite` and `$name::postgres`.
#[macro_export]
macro_rules! for_each_db {
    ($($name:ident),* $(,)?) => {
        $(mod $name {
            #[tokio::test]
            async fn sqlite() {
                super::$name($crate::common::temp_db(stringify!($name)).into()).await;
            }
            #[tokio::test]
            async fn postgres() {
                match $crate::common::test_postgres::fresh_database(stringify!($name)).await {
                    Some(url) => super::$name(url.into()).await,
                    None => println!("skipped: TENGEN_TEST_POSTGRES_URL not set"),
                }
            }
        })*
    };
}

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
    start_server_with(engines, ServerConfig::from_env()).await
}

/// As [`start_server`], with explicit settings.
pub async fn start_server_with(engines: Vec<(String, String)>, config: ServerConfig) -> SocketAddr {
    start_server_at(&temp_db("inproc"), engines, config).await.0
}

/// As [`start_server_with`], on the database at `db`; also returns the state.
pub async fn start_server_at(
    db: &std::path::Path,
    engines: Vec<(String, String)>,
    config: ServerConfig,
) -> (SocketAddr, AppState) {
    let store = Arc::new(SqliteStore::open(db).unwrap());
    start_server_on(store, engines, config).await
}

/// As [`start_server_at`], on `store`.
pub async fn start_server_on(
    store: Arc<dyn tengen_server::Store>,
    engines: Vec<(String, String)>,
    config: ServerConfig,
) -> (SocketAddr, AppState) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    store.join_cluster(addr.to_string()).await.unwrap();
    let state = AppState::with_config(store, engines, config);
    let served = state.clone();
    tokio::spawn(async move {
        tengen_server::serve(listener, served).await.unwrap();
    });
    (addr, state)
}

/// A TCP connection to `addr` from the loopback address `from` (127.0.0.x), so that tests
/// can be several clients.
pub async fn connect_from(from: [u8; 4], addr: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(addr).await.unwrap()
}

/// As [`http`], from the loopback address `from`.
pub async fn http_from(
    from: [u8; 4],
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let stream = connect_from(from, addr).await;
    let (status, text) = http_on(stream, addr, method, path, body).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
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
    let stream = TcpStream::connect(addr).await.unwrap();
    http_on(stream, addr, method, path, body).await
}

async fn http_on(
    stream: TcpStream,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, String) {
    let (status, _, body) = request_on(stream, addr, method, path, &[], body).await;
    (status, body)
}

/// One HTTP/1.1 request with extra `headers`: the status, the response's head (lower case)
/// and its body.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> (u16, String, String) {
    let stream = TcpStream::connect(addr).await.unwrap();
    request_on(stream, addr, method, path, headers, body).await
}

async fn request_on(
    mut stream: TcpStream,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> (u16, String, String) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let extra: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n{body}",
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
    (status, head.to_ascii_lowercase(), body)
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

/// A WebSocket spoken byte by byte, for frames a WebSocket library would not send and for a
/// client that never reads (so never answers pings).
pub struct RawWs {
    pub stream: TcpStream,
}

impl RawWs {
    /// The handshake for game `id`, and `hello` as a spectator unless `hello` is false.
    pub async fn connect(addr: SocketAddr, id: &str, hello: bool) -> RawWs {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let req = format!(
            "GET /ws/{id} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        stream.write_all(req.as_bytes()).await.unwrap();
        let mut head = Vec::new();
        while !head.ends_with(b"\r\n\r\n") {
            let mut byte = [0u8; 1];
            assert_eq!(stream.read(&mut byte).await.unwrap(), 1, "handshake cut");
            head.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&head);
        assert!(head.starts_with("HTTP/1.1 101"), "{head}");
        let mut ws = RawWs { stream };
        if hello {
            ws.send_frame(0x81, br#"{"type":"hello","seat":null}"#, true)
                .await;
        }
        ws
    }

    /// Sends one frame: `first` is the FIN bit and opcode byte; `masked` as clients must.
    pub async fn send_frame(&mut self, first: u8, payload: &[u8], masked: bool) {
        let bytes = frame_bytes(first, payload.len() as u64, payload, masked);
        self.stream.write_all(&bytes).await.unwrap();
    }

    /// Sends only the head of a frame announcing `len` payload bytes.
    pub async fn send_head(&mut self, first: u8, len: u64) {
        let bytes = frame_bytes(first, len, &[], true);
        self.stream.write_all(&bytes).await.unwrap();
    }

    /// Reads frames until a close frame: its code and reason, or `None` if the connection
    /// ended without one (or nothing came within `secs`).
    pub async fn close_frame(&mut self, secs: u64) -> Option<(u16, String)> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let (opcode, payload) = tokio::time::timeout_at(deadline, read_frame(&mut self.stream))
                .await
                .ok()??;
            if opcode == 0x8 {
                let code = payload
                    .get(..2)
                    .map_or(1005, |c| u16::from_be_bytes([c[0], c[1]]));
                let reason = String::from_utf8_lossy(payload.get(2..).unwrap_or(&[])).to_string();
                return Some((code, reason));
            }
        }
    }
}

impl RawWs {
    /// Reads whatever else comes until the connection ends: `Ok` for a clean end of stream,
    /// the error (a reset) otherwise, or `TimedOut` if it has not ended within `secs`.
    pub async fn end(&mut self, secs: u64) -> Result<(), std::io::ErrorKind> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        let mut buf = [0u8; 4096];
        loop {
            match tokio::time::timeout_at(deadline, self.stream.read(&mut buf)).await {
                Err(_) => return Err(std::io::ErrorKind::TimedOut),
                Ok(Ok(0)) => return Ok(()),
                Ok(Ok(_)) => {}
                Ok(Err(e)) => return Err(e.kind()),
            }
        }
    }
}

fn frame_bytes(first: u8, len: u64, payload: &[u8], masked: bool) -> Vec<u8> {
    let mask_bit = if masked { 0x80 } else { 0 };
    let mut out = vec![first];
    if len < 126 {
        out.push(mask_bit | len as u8);
    } else if len <= 0xffff {
        out.push(mask_bit | 126);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(mask_bit | 127);
        out.extend_from_slice(&len.to_be_bytes());
    }
    let key = [0x12, 0x34, 0x56, 0x78];
    if masked {
        out.extend_from_slice(&key);
    }
    out.extend(
        payload
            .iter()
            .enumerate()
            .map(|(i, b)| if masked { b ^ key[i % 4] } else { *b }),
    );
    out
}

/// One frame from the server (servers do not mask): opcode and payload; `None` at the end.
async fn read_frame(stream: &mut TcpStream) -> Option<(u8, Vec<u8>)> {
    let mut head = [0u8; 2];
    stream.read_exact(&mut head).await.ok()?;
    let mut len = u64::from(head[1] & 0x7f);
    if len == 126 {
        let mut b = [0u8; 2];
        stream.read_exact(&mut b).await.ok()?;
        len = u64::from(u16::from_be_bytes(b));
    } else if len == 127 {
        let mut b = [0u8; 8];
        stream.read_exact(&mut b).await.ok()?;
        len = u64::from_be_bytes(b);
    }
    let mut payload = vec![0u8; usize::try_from(len).ok()?];
    stream.read_exact(&mut payload).await.ok()?;
    Some((head[0] & 0x0f, payload))
}

/// Whether the server closes `stream` within `secs` (end of stream or reset; bytes it sends
/// first are read and ignored).
pub async fn closed_within(stream: &mut TcpStream, secs: f64) -> bool {
    let deadline = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}
