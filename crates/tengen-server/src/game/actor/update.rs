//! What the actor broadcasts to a game's connections: each update's text, serialised once,
//! and who it is for.

use std::sync::Arc;

use super::to_json;
use crate::game::wire::{Role, ServerMsg};

/// Who one of the game's broadcast updates is for. Each connection passes on the updates
/// whose audience includes its role ([`Audience::includes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Audience {
    /// Every connection: the players and the spectators.
    Everyone,
    /// The spectators only: a line of the spectators' room while the game runs (the players
    /// do not see it until the game is over).
    Spectators,
}

impl Audience {
    /// Whether a connection in `role` gets an update meant for this audience.
    pub(crate) fn includes(self, role: Role) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Spectators => role == Role::Spectator,
        }
    }
}

/// One update of the game's broadcast: the message as the connections send it, and who
/// it is for.
#[derive(Clone, Debug)]
pub(crate) struct Update {
    pub audience: Audience,
    pub text: Arc<str>,
}

impl Update {
    /// `msg`, serialised once for every connection of `audience`.
    pub(super) fn new(audience: Audience, msg: &ServerMsg) -> Update {
        Update {
            audience,
            text: Arc::from(to_json(msg)),
        }
    }
}
