//! What the load examples share: one HTTP/1.1 request with a JSON body over a fresh
//! connection (hand-written so that the examples need no HTTP client crate).

use std::net::SocketAddr;

use serde_json::Value;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

/// Sends `method path` with `body` and returns the answer's JSON body (`Null` if it is none).
pub(crate) async fn request(addr: SocketAddr, method: &str, path: &str, body: Value) -> Value {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let body = body.to_string();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    stream.read_to_end(&mut buf).await.expect("read");
    let text = String::from_utf8_lossy(&buf);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    serde_json::from_str(body).unwrap_or(Value::Null)
}
