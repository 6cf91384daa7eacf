//! Integration tests of `tengen-server` over real HTTP and WebSocket on 127.0.0.1.

mod abuse;
mod clocks;
mod club;
mod cluster;
mod common;
mod durability;
mod engines;
mod estimate;
mod games;
mod own_engine;
mod reviews;
mod security;
mod stores;
mod tournaments;
