//! Integration tests of `tengen-server` over real HTTP and WebSocket on 127.0.0.1.

mod clocks;
mod common;
mod durability;
mod games;
mod security;
