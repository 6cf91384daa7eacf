//! What the actor keeps for the features beside the game itself.

use std::{collections::HashMap, time::Instant};

use tokio::sync::mpsc;

use super::ActorMsg;
use super::chat::Speaker;
use crate::own::SearchPool;

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
}

impl Extras {
    pub(crate) fn new(searches: &SearchPool, inbox: &mpsc::Sender<ActorMsg>) -> Extras {
        Extras {
            searches: searches.clone(),
            inbox: inbox.downgrade(),
            chat_times: HashMap::new(),
            rematch_seats: [None, None],
        }
    }
}
