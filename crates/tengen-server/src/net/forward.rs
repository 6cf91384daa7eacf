//! A request for a game that another server runs (several servers on one PostgreSQL): HTTP
//! requests are sent on to that server and its answer returned, and a WebSocket is relayed
//! message by message, so a player may connect to any server. A forwarded request carries
//! [`FORWARDED`] and is never forwarded again (a lease changing hands answers `503`, and the
//! client tries again).

use std::time::{Duration, Instant};

use axum::{
    body::Body,
    extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade},
    http::{HeaderMap, HeaderValue, Method, Request, header},
    response::Response,
};
use futures_util::{SinkExt, StreamExt};
use hyper_util::rt::TokioIo;
use tokio_tungstenite::tungstenite::{self as ts, client::IntoClientRequest};

use crate::{config::ServerConfig, error::AppError};

/// The header of a request one server sends another.
pub(crate) const FORWARDED: &str = "x-tengen-forwarded";
/// How long the server running a game has to accept a forwarded connection.
const CONNECT_WITHIN: Duration = Duration::from_secs(10);

/// Whether a request came from another server.
pub(crate) fn was_forwarded(headers: &HeaderMap) -> bool {
    headers.contains_key(FORWARDED)
}

fn not_answering(holder: &str, why: impl std::fmt::Display) -> AppError {
    AppError::Unavailable(format!(
        "the server running this game ({holder}) does not answer ({why}); another takes it over within seconds, try again"
    ))
}

/// The refusal of a forwarded request for a game this server does not run either.
pub(crate) fn moving() -> AppError {
    AppError::Unavailable("this game is moving between servers; try again".into())
}

/// Sends `method path` (with a JSON `body`) to `holder` and returns its answer.
pub(crate) async fn http(
    holder: &str,
    method: Method,
    path: &str,
    body: Option<serde_json::Value>,
    timeout: Duration,
) -> Result<Response, AppError> {
    let stream = tokio::time::timeout(CONNECT_WITHIN, tokio::net::TcpStream::connect(holder))
        .await
        .map_err(|_| not_answering(holder, "no connection within 10 s"))?
        .map_err(|e| not_answering(holder, e))?;
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| not_answering(holder, e))?;
    tokio::spawn(connection);
    let body = body.map_or_else(Body::empty, |b| Body::from(b.to_string()));
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, holder)
        .header(header::CONTENT_TYPE, "application/json")
        .header(FORWARDED, HeaderValue::from_static("1"))
        .body(body)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let answer = tokio::time::timeout(timeout, sender.send_request(request))
        .await
        .map_err(|_| not_answering(holder, "no answer in time"))?
        .map_err(|e| not_answering(holder, e))?;
    Ok(answer.map(Body::new))
}

/// Relays the WebSocket of game `id` to `holder`, with this server's limits on the client's
/// side. The holder's pings reach the client through the relay; a client that sends nothing
/// (not even a pong) for the pong timeout is closed.
pub(crate) fn websocket(
    upgrade: WebSocketUpgrade,
    holder: String,
    id: String,
    config: ServerConfig,
) -> Response {
    crate::net::ws::limited(upgrade).on_upgrade(move |socket| relay(socket, holder, id, config))
}

async fn relay(mut client: WebSocket, holder: String, id: String, config: ServerConfig) {
    let upstream = match connect(&holder, &id).await {
        Ok(u) => u,
        Err(why) => {
            tracing::warn!("game {id}: cannot relay to {holder}: {why}");
            let frame = CloseFrame {
                code: 1013,
                reason: "the server running this game does not answer; reconnect".into(),
            };
            let _ = client.send(Message::Close(Some(frame))).await;
            return;
        }
    };
    let (mut up_tx, mut up_rx) = upstream.split();
    let (mut down_tx, mut down_rx) = client.split();
    let within = config.ws_pong_timeout;
    let mut heard = Instant::now();
    let mut check = tokio::time::interval(within / 4);
    loop {
        tokio::select! {
            m = down_rx.next() => {
                let Some(Ok(m)) = m else { break };
                heard = Instant::now();
                let closing = matches!(m, Message::Close(_));
                if up_tx.send(to_upstream(m)).await.is_err() || closing {
                    break;
                }
            }
            m = up_rx.next() => {
                let Some(Ok(m)) = m else {
                    let frame = CloseFrame { code: 1012, reason: "the game has moved or restarted; reconnect".into() };
                    let _ = down_tx.send(Message::Close(Some(frame))).await;
                    break;
                };
                let Some(m) = to_client(m) else { continue };
                let closing = matches!(m, Message::Close(_));
                let sent = tokio::time::timeout(within, down_tx.send(m)).await;
                if !matches!(sent, Ok(Ok(()))) || closing {
                    break;
                }
            }
            _ = check.tick() => {
                if heard.elapsed() > within {
                    break;
                }
            }
        }
    }
    let _ = up_tx.close().await;
}

type Upstream =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(holder: &str, id: &str) -> Result<Upstream, String> {
    let mut request = format!("ws://{holder}/ws/{id}")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    request
        .headers_mut()
        .insert(FORWARDED, HeaderValue::from_static("1"));
    let (stream, _) =
        tokio::time::timeout(CONNECT_WITHIN, tokio_tungstenite::connect_async(request))
            .await
            .map_err(|_| "no connection within 10 s".to_owned())?
            .map_err(|e| e.to_string())?;
    Ok(stream)
}

fn to_upstream(m: Message) -> ts::Message {
    match m {
        Message::Text(t) => ts::Message::text(t.as_str()),
        Message::Binary(b) => ts::Message::Binary(b),
        Message::Ping(b) => ts::Message::Ping(b),
        Message::Pong(b) => ts::Message::Pong(b),
        Message::Close(frame) => ts::Message::Close(frame.map(|f| ts::protocol::CloseFrame {
            code: f.code.into(),
            reason: f.reason.as_str().into(),
        })),
    }
}

fn to_client(m: ts::Message) -> Option<Message> {
    Some(match m {
        ts::Message::Text(t) => Message::Text(t.as_str().into()),
        ts::Message::Binary(b) => Message::Binary(b),
        ts::Message::Ping(b) => Message::Ping(b),
        ts::Message::Pong(b) => Message::Pong(b),
        ts::Message::Close(frame) => Message::Close(frame.map(|f| CloseFrame {
            code: f.code.into(),
            reason: f.reason.as_str().into(),
        })),
        ts::Message::Frame(_) => return None,
    })
}
