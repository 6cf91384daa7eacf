//! One game's life, from the form that creates it to its SGF record: the pure state machine
//! over the persisted records ([`runtime`], [`decide`], [`record`], [`view`]), the clocks
//! ([`clock`], [`lag`]), the actor task that runs a live game ([`actor`]), the engine seats
//! that play in it ([`seats`]), and the WebSocket protocol its connections speak ([`wire`]).

pub(crate) mod actor;
pub(crate) mod clock;
pub(crate) mod dead_stones;
pub(crate) mod decide;
pub(crate) mod history;
pub(crate) mod lag;
pub(crate) mod record;
pub(crate) mod refusal;
pub(crate) mod rematch_state;
pub(crate) mod runtime;
pub(crate) mod seats;
pub(crate) mod settings;
pub(crate) mod sgf;
pub(crate) mod view;
pub mod wire;
