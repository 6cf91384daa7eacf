//! What the actor keeps for the features beside the game itself.

use std::{
    collections::HashMap,
    sync::Arc,
    time::{Duration, Instant},
};

use tengen_core::Color;
use tengen_engine::estimate::Estimate;
use tokio::sync::mpsc;

use super::{Actor, ActorMsg, Audience, Update};
use crate::game::wire::ServerMsg;

/// Audience changes (spectators, seats connected) go out at most this often: a crowd
/// arriving, or a client reconnecting in a loop, costs one small message per interval.
const AUDIENCE_EVERY: Duration = Duration::from_millis(500);

use super::chat::Speaker;
use crate::game::seats::own::SearchPool;

pub(crate) struct Extras {
    /// The pool of blocking threads that also runs dead-stone estimates.
    pub searches: SearchPool,
    /// The actor's own inbox (weak, so that it still closes when the handles go).
    pub inbox: mpsc::WeakSender<ActorMsg>,
    /// When each seat and each spectator address last chatted (the chat's rate limit).
    pub chat_times: HashMap<Speaker, Vec<Instant>>,
    /// The accepted rematch's seat secrets not yet handed out, by the *old* colours (in
    /// memory only: secrets are stored as hashes).
    pub rematch_seats: [Option<String>; 2],
    /// Tengen's estimate of the scoring phase's position and the ply it was made at: the
    /// count's explanation, made once however many ask.
    pub position_estimate: Option<(usize, Arc<Estimate>)>,
}

impl Extras {
    pub(crate) fn new(searches: &SearchPool, inbox: &mpsc::Sender<ActorMsg>) -> Extras {
        Extras {
            searches: searches.clone(),
            inbox: inbox.downgrade(),
            chat_times: HashMap::new(),
            rematch_seats: [None, None],
            position_estimate: None,
        }
    }
}

impl Actor {
    /// When the audience is to go out: at once if it has not for an interval.
    pub(super) fn audience_due(&self) -> Option<Instant> {
        if !self.audience_changed {
            return None;
        }
        Some(
            self.audience_sent
                .map_or_else(Instant::now, |t| t + AUDIENCE_EVERY),
        )
    }

    pub(super) fn audience_did_change(&mut self) {
        self.audience_changed = true;
    }

    pub(super) fn send_audience(&mut self) {
        self.audience_changed = false;
        self.audience_sent = Some(Instant::now());
        if self.updates.receiver_count() == 0 {
            return;
        }
        let connected = |c: Color| self.rt.is_engine(c) || *self.conns.get(c) > 0;
        let msg = ServerMsg::Audience {
            spectators: self.spectators,
            black: connected(Color::Black),
            white: connected(Color::White),
        };
        let _ = self.updates.send(Update::new(Audience::Everyone, &msg));
    }
}
