//! One WebSocket connection: `hello`, then commands to the game's actor and its updates
//! back, pings for liveness and the clocks' lag credit, and a close frame with the reason
//! for whatever ends it.

use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use futures_util::{
    SinkExt, StreamExt,
    stream::{SplitSink, SplitStream},
};
use tokio::sync::broadcast;

use crate::{
    config::ServerConfig,
    game::actor::{ActorMsg, GameHandle, Update, to_json},
    game::lag::LagMeter,
    game::wire::{ClientMsg, ErrorCode, Role, ServerMsg, WireError},
    limits::TokenBucket,
};

/// The largest WebSocket message a client may send, in bytes.
pub const MAX_CLIENT_MESSAGE: usize = 4096;
/// The largest frame or message read at all: up to it, a message over
/// [`MAX_CLIENT_MESSAGE`] is refused with `too_large` and the connection stays; past it the
/// connection is closed (code 1009, reason `too_large`).
const MAX_FRAME: usize = 64 * 1024;
/// Buffers sized for this traffic: commands are under 200 bytes, states a few KiB. The
/// library's defaults (128 KiB each way) cost 143 KB per idle connection.
const READ_BUFFER: usize = 4 * 1024;
/// Frames not yet written past which the connection has failed (a client that does not
/// read); a state is at most a few KiB.
const MAX_WRITE_BUFFER: usize = 256 * 1024;
/// Messages a connection may send in a burst, and per second after it.
const RATE_BURST: f64 = 30.0;
const RATE_PER_SECOND: f64 = 15.0;
/// Refusals for flooding after which the connection is closed.
const FLOOD_CLOSE_AFTER: u32 = 50;
/// The first message must come within this time.
const HELLO_WITHIN: Duration = Duration::from_secs(15);

// Close codes (RFC 6455, 7.4.1).
const CLOSE_NORMAL: u16 = 1000;
const CLOSE_PROTOCOL: u16 = 1002;
const CLOSE_NOT_UTF8: u16 = 1007;
const CLOSE_POLICY: u16 = 1008;
const CLOSE_TOO_BIG: u16 = 1009;
const CLOSE_RESTART: u16 = 1012;

/// The upgrade with this server's limits; `connection` then serves the socket.
pub(crate) fn upgrade(
    upgrade: WebSocketUpgrade,
    handle: GameHandle,
    config: ServerConfig,
    from: std::net::IpAddr,
) -> axum::response::Response {
    limited(upgrade).on_upgrade(move |socket| connection(socket, handle, config, from))
}

/// This server's limits on a WebSocket.
pub(crate) fn limited(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
}

type Sink = SplitSink<WebSocket, Message>;
type Stream = SplitStream<WebSocket>;

/// What ends a connection from our side: the close frame to send, if any.
struct Close(Option<(u16, String)>);

impl Close {
    fn with(code: u16, reason: impl Into<String>) -> Close {
        Close(Some((code, reason.into())))
    }

    /// The close frame for a frame the client should not have sent; `None` for a
    /// connection that is simply gone (reset, closed).
    fn for_read_error(e: axum::Error) -> Close {
        let inner = e.into_inner();
        let Some(e) = inner.downcast_ref::<tungstenite::Error>() else {
            return Close(None);
        };
        match e {
            tungstenite::Error::Capacity(_) => Close::with(
                CLOSE_TOO_BIG,
                format!("too_large: frames and messages are at most {MAX_FRAME} bytes"),
            ),
            tungstenite::Error::Utf8(_) => Close::with(
                CLOSE_NOT_UTF8,
                "bad_message: a text frame that is not UTF-8",
            ),
            tungstenite::Error::Protocol(p) => {
                Close::with(CLOSE_PROTOCOL, format!("bad_message: {p}"))
            }
            _ => Close(None),
        }
    }
}

/// Sends `text` unless the client cannot take it within `within` (it does not read).
async fn send_text(sink: &mut Sink, text: &str, within: Duration) -> Result<(), Close> {
    match tokio::time::timeout(within, sink.send(Message::Text(text.into()))).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(_)) | Err(_) => Err(Close(None)),
    }
}

async fn close(sink: &mut Sink, why: Close) {
    if let Some((code, reason)) = why.0 {
        // A close reason is at most 123 bytes.
        let mut reason = reason;
        while reason.len() > 123 {
            reason.pop();
        }
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ = tokio::time::timeout(
            Duration::from_secs(1),
            sink.send(Message::Close(Some(frame))),
        )
        .await;
    }
}

/// A close reason for a refusal: its code, then its sentence (`bad_seat: …`).
fn reason(e: &WireError) -> String {
    let code = serde_json::to_value(e.code)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    format!("{code}: {}", e.message)
}

fn parse(msg: &Message) -> Result<Option<ClientMsg>, WireError> {
    match msg {
        Message::Text(t) => {
            if t.len() > MAX_CLIENT_MESSAGE {
                return Err(WireError::new(
                    ErrorCode::TooLarge,
                    format!("messages are at most {MAX_CLIENT_MESSAGE} bytes"),
                ));
            }
            serde_json::from_str(t.as_str())
                .map(Some)
                .map_err(|e| WireError::new(ErrorCode::BadMessage, format!("not a command: {e}")))
        }
        Message::Binary(_) => Err(WireError::new(
            ErrorCode::BadMessage,
            "send JSON text messages",
        )),
        _ => Ok(None),
    }
}

async fn connection(
    socket: WebSocket,
    handle: GameHandle,
    config: ServerConfig,
    from: std::net::IpAddr,
) {
    let (mut sink, mut stream) = socket.split();
    let why = match hello(&mut sink, &mut stream, &handle, &config).await {
        Ok((role, mut updates)) => {
            let why = serve(
                &mut sink,
                &mut stream,
                &mut updates,
                &handle,
                role,
                from,
                config,
            )
            .await
            .err()
            .unwrap_or_else(|| Close::with(CLOSE_NORMAL, ""));
            let _ = handle.tx.send(ActorMsg::Disconnect { role }).await;
            why
        }
        Err(why) => why,
    };
    close(&mut sink, why).await;
}

/// The first message says who this is; the welcome answers it.
async fn hello(
    sink: &mut Sink,
    stream: &mut Stream,
    handle: &GameHandle,
    config: &ServerConfig,
) -> Result<(Role, broadcast::Receiver<Update>), Close> {
    let refuse = |e: WireError| Close::with(CLOSE_POLICY, reason(&e));
    let token = loop {
        let first = tokio::time::timeout(HELLO_WITHIN, stream.next())
            .await
            .map_err(|_| Close::with(CLOSE_POLICY, "bad_message: say hello first"))?;
        let message = match first {
            Some(Ok(m)) => m,
            Some(Err(e)) => return Err(Close::for_read_error(e)),
            None => return Err(Close(None)),
        };
        match parse(&message) {
            Ok(Some(ClientMsg::Hello { seat })) => break seat,
            Ok(None) => {} // a ping or pong before hello
            Ok(Some(_)) => {
                let e = WireError::new(ErrorCode::BadMessage, "say hello first");
                send_text(sink, &to_json(&e.to_msg()), config.ws_pong_timeout).await?;
                return Err(refuse(e));
            }
            Err(e) => {
                send_text(sink, &to_json(&e.to_msg()), config.ws_pong_timeout).await?;
                return Err(refuse(e));
            }
        }
    };
    let connected = match handle.ask(|reply| ActorMsg::Connect { token, reply }).await {
        Some(Ok(c)) => c,
        Some(Err(refusal)) => {
            let e = WireError::from(refusal);
            send_text(sink, &to_json(&e.to_msg()), config.ws_pong_timeout).await?;
            return Err(refuse(e));
        }
        None => return Err(Close::with(1001, "the game is restarting; reconnect")),
    };
    if let Err(why) = send_text(sink, &connected.welcome, config.ws_pong_timeout).await {
        let _ = handle
            .tx
            .send(ActorMsg::Disconnect {
                role: connected.role,
            })
            .await;
        return Err(why);
    }
    Ok((connected.role, connected.updates))
}

/// Resolves at `deadline`; never without one.
async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d.into()).await,
        None => std::future::pending().await,
    }
}

/// Serves the connection until it ends: `Ok` when the client closed it or the game went.
async fn serve(
    sink: &mut Sink,
    stream: &mut Stream,
    updates: &mut broadcast::Receiver<Update>,
    handle: &GameHandle,
    role: Role,
    from: std::net::IpAddr,
    config: ServerConfig,
) -> Result<(), Close> {
    let within = config.ws_pong_timeout;
    let mut limit = TokenBucket::full(RATE_BURST, Instant::now());
    let mut refused = 0u32;
    // Round trips: a ping frame now and every `ws_ping_every`; the answer's delay is
    // measured, and a connection that answers none for `ws_pong_timeout` is closed.
    let mut meter = LagMeter::default();
    let mut pings = tokio::time::interval(config.ws_ping_every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut ping_seq: u64 = 0;
    let mut pending: Option<(u64, Instant)> = None;
    // The first ping not answered since the last pong: the connection is closed exactly
    // `ws_pong_timeout` after it, not at the next ping after that (which was up to a ping
    // interval later: 40 s for the documented 30 s).
    let mut unanswered_since: Option<Instant> = None;
    loop {
        let give_up = unanswered_since.map(|t| t + within);
        tokio::select! {
            () = sleep_until(give_up) => {
                return Err(Close::with(
                    CLOSE_POLICY,
                    format!("no answer to pings for {} s", within.as_secs_f64()),
                ));
            }
            _ = pings.tick() => {
                let now = Instant::now();
                unanswered_since.get_or_insert(now);
                ping_seq += 1;
                pending = Some((ping_seq, now));
                let payload = ping_seq.to_be_bytes().to_vec();
                match tokio::time::timeout(within, sink.send(Message::Ping(payload.into()))).await {
                    Ok(Ok(())) => {}
                    _ => return Err(Close(None)),
                }
            }
            incoming = stream.next() => {
                let m = match incoming {
                    Some(Ok(m)) => m,
                    Some(Err(e)) => return Err(Close::for_read_error(e)),
                    None => return Err(Close(None)),
                };
                match &m {
                    Message::Close(_) => return Ok(()),
                    Message::Pong(payload) => {
                        unanswered_since = None;
                        if let Some((seq, sent)) = pending {
                            if payload.as_ref() == seq.to_be_bytes() {
                                pending = None;
                                meter.sample(sent.elapsed());
                                if let Some(color) = role.color() {
                                    let msg = ActorMsg::Lag { color, lag_ms: meter.credit_ms() };
                                    if handle.tx.send(msg).await.is_err() {
                                        return Err(Close(None));
                                    }
                                }
                            }
                        }
                        continue;
                    }
                    _ => {}
                }
                if limit.take(RATE_BURST, RATE_PER_SECOND, Instant::now()).is_err() {
                    refused += 1;
                    if refused > FLOOD_CLOSE_AFTER {
                        return Err(Close::with(CLOSE_POLICY, "rate_limited: too many messages"));
                    }
                    let e = WireError::new(ErrorCode::RateLimited, "too many messages; slow down");
                    send_text(sink, &to_json(&e.to_msg()), within).await?;
                    continue;
                }
                let msg = match parse(&m) {
                    Ok(Some(msg)) => msg,
                    Ok(None) => continue,
                    Err(e) => {
                        send_text(sink, &to_json(&e.to_msg()), within).await?;
                        continue;
                    }
                };
                let answer = match msg {
                    ClientMsg::Ping => Some(to_json(&ServerMsg::Pong)),
                    ClientMsg::Hello { .. } => Some(to_json(
                        &WireError::new(ErrorCode::BadMessage, "already said hello").to_msg(),
                    )),
                    msg => {
                        let lag_ms = meter.credit_ms();
                        match handle.ask(|reply| ActorMsg::Command { role, from, msg, lag_ms, reply }).await {
                            Some(Ok(text)) => text,
                            Some(Err(refusal)) => Some(to_json(&WireError::from(refusal).to_msg())),
                            None => return Err(Close::with(1001, "the game is restarting; reconnect")),
                        }
                    }
                };
                if let Some(text) = answer {
                    send_text(sink, &text, within).await?;
                }
            }
            update = updates.recv() => match update {
                Ok(update) if !update.audience.includes(role) => {}
                Ok(update) => send_text(sink, &update.text, within).await?,
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    // Too far behind: send the whole state instead of the missed updates.
                    let resync = |reply| ActorMsg::Command { role, from, msg: ClientMsg::Resync, lag_ms: 0, reply };
                    if let Some(Ok(Some(text))) = handle.ask(resync).await {
                        send_text(sink, &text, within).await?;
                    }
                }
                // The actor has stopped: another server runs the game now, or it restarts.
                Err(broadcast::error::RecvError::Closed) => {
                    return Err(Close::with(CLOSE_RESTART, "the game has moved or restarted; reconnect"));
                }
            },
        }
    }
}
