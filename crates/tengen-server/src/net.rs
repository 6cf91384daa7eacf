//! The server's outside: the routes of the page, the JSON API and each game's WebSocket
//! ([`http`]), one WebSocket connection ([`ws`]), the requests for a game another server runs
//! ([`forward`]), and the page's embedded scripts ([`web`]).

pub(crate) mod forward;
pub(crate) mod http;
pub(crate) mod web;
pub(crate) mod ws;
