//! Accepting connections: hyper's HTTP/1 server with its header-read timeout, at most
//! [`ServerConfig::max_connections_per_ip`] open connections per address and
//! [`ServerConfig::max_connections`] in all, the peer's address handed to the routes (for the
//! per-address limit on new games), and a lingering close.
//!
//! Written out instead of `axum::serve` because that builds hyper's connections without a
//! timer, so hyper's `header_read_timeout` never fires, and offers no hook to refuse a
//! connection. hyper-util's `auto` builder is not used either: it waits for the first bytes
//! (to tell HTTP/1 from HTTP/2) with no timeout at all.

use std::{
    future::Future,
    io,
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};

use axum::{extract::ConnectInfo, http::Request};
use hyper::body::Incoming;
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    service::TowerToHyperService,
};
use tokio::{
    io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf},
    net::{TcpListener, TcpStream},
};

use crate::{
    config::ServerConfig,
    limits::{Connections, Full, Slot, limit_key},
    net::http::{AppState, app},
};

/// The largest request head taken, in bytes (hyper answers `431` past it).
const MAX_HEAD: usize = 16 * 1024;

/// Serves `state` on `listener` until the process ends. See [`serve_until`].
///
/// # Errors
/// Never in practice: accept errors are logged and retried.
pub async fn serve(listener: TcpListener, state: AppState) -> io::Result<()> {
    serve_until(listener, state, std::future::pending()).await
}

/// Serves `state` on `listener` until `shutdown` resolves, with the limits of the state's
/// [`ServerConfig`]: the header-read timeout (which also closes silent and idle keep-alive
/// connections), the request timeout (also for a write the client does not read), and the
/// caps on connections per address and in all (a connection past them is answered `429` or
/// `503` and closed). Connections still open at shutdown are dropped:
/// nothing is lost, as every action is committed before anyone is told of it.
///
/// # Errors
/// Never in practice: accept errors are logged and retried.
pub async fn serve_until(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let config = state.config();
    let router = app(state);
    let connections = Connections::default();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait instead of spinning.
                    tracing::warn!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                }
            },
            () = &mut shutdown => return Ok(()),
        };
        let slot = match connections.open(
            limit_key(peer.ip()),
            config.max_connections_per_ip,
            config.max_connections,
        ) {
            Ok(slot) => slot,
            Err(full) => {
                tokio::spawn(refuse(stream, full));
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = tower::ServiceExt::map_request(
            router.clone(),
            move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            },
        );
        let io = TokioIo::new(Counted::new(stream, slot, config.request_timeout));
        tokio::spawn(serve_connection(
            io,
            TowerToHyperService::new(service),
            config.clone(),
        ));
    }
}

async fn serve_connection<S>(io: TokioIo<Counted>, service: S, config: ServerConfig)
where
    S: hyper::service::Service<Request<Incoming>, Response = axum::response::Response>
        + Send
        + 'static,
    S::Future: Send + 'static,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout)
        .max_buf_size(MAX_HEAD)
        .serve_connection(io, service)
        .with_upgrades();
    // Errors here are the client's (a timeout, a reset, a malformed request).
    let _ = connection.await;
}

/// Answers a connection past a cap with `429` (its address's) or `503` (the server's) and
/// closes it, after reading what the client sent for a moment (closing with unread data
/// would reset the connection and lose the answer).
async fn refuse(mut stream: TcpStream, full: Full) {
    let (status, body) = match full {
        Full::Address(cap) => (
            "429 Too Many Requests",
            format!(
                "{{\"error\":\"this address has {cap} connections open already; close some and retry\"}}"
            ),
        ),
        Full::Server(cap) => (
            "503 Service Unavailable",
            format!(
                "{{\"error\":\"the server has {cap} connections open, as many as it takes; try again in a minute\"}}"
            ),
        ),
    };
    let answer = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 60\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 1024];
        while stream.read(&mut sink).await? > 0 {}
        io::Result::Ok(())
    })
    .await;
}

/// A TCP stream that holds its address's connection slot until it is dropped, so that a
/// WebSocket (which keeps the stream after hyper's part is over) is counted too, and that
/// fails a write the client has not let through for `write_stall` (a client that sends
/// requests and never reads the answers). Hand-written: hyper has no write timeout, and
/// tower's timeouts end with the handler, before the answer is written.
struct Counted {
    /// Always there until the connection is dropped, when [`linger`] takes it.
    stream: Option<TcpStream>,
    slot: Option<Slot>,
    write_stall: Duration,
    /// Since when writes have been blocked.
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl Counted {
    fn new(stream: TcpStream, slot: Slot, write_stall: Duration) -> Counted {
        Counted {
            stream: Some(stream),
            slot: Some(slot),
            write_stall,
            stalled: None,
        }
    }

    fn stream(&mut self) -> Pin<&mut TcpStream> {
        Pin::new(
            self.stream
                .as_mut()
                .expect("the stream is there until dropped"),
        )
    }

    /// `poll` is a write's result: a blocked one starts (or checks) the stall timer.
    fn watch<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let stall = self.write_stall;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(stall)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client has not read for too long",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        self.stream().poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = self.stream().poll_write(cx, buf);
        self.watch(cx, poll)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = self.stream().poll_flush(cx);
        self.watch(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.stream().poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = self.stream().poll_write_vectored(cx, bufs);
        self.watch(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream
            .as_ref()
            .is_some_and(TcpStream::is_write_vectored)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        if let (Some(stream), Ok(runtime)) =
            (self.stream.take(), tokio::runtime::Handle::try_current())
        {
            runtime.spawn(linger(stream, self.slot.take()));
        }
    }
}

/// How long a connection the server has finished with still has its input read, at most.
const LINGER: Duration = Duration::from_secs(2);
/// How much of that input is read, at most.
const LINGER_BYTES: usize = 1 << 20;

/// Closes a connection the server has finished with so that the client gets what it was
/// sent. Closing a socket with unread input makes the kernel answer with a reset (RFC 1122,
/// 4.2.2.13), which can destroy the last answer before the client reads it: the WebSocket
/// close frame after a frame over 64 KiB whose payload was sent, a `413` for a body that
/// was sent whole. So the writing half is shut down (the client reads everything, then the
/// end), and what the client still sends is read and dropped until it closes its side too,
/// for at most [`LINGER`] and [`LINGER_BYTES`]. The connection keeps its slot meanwhile.
async fn linger(mut stream: TcpStream, slot: Option<Slot>) {
    let _ = tokio::time::timeout(LINGER, async {
        stream.shutdown().await?;
        let mut sink = [0u8; 4096];
        let mut left = LINGER_BYTES;
        while left > 0 {
            match stream.read(&mut sink).await? {
                0 => break,
                n => left = left.saturating_sub(n),
            }
        }
        io::Result::Ok(())
    })
    .await;
    drop(slot);
}
