//! One tokio task per live game. It owns the [`Runtime`], takes commands from an mpsc
//! channel, commits each accepted action to the store *before* it tells anyone, and fans
//! versioned updates out through a broadcast channel.

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use tengen_core::{ByColor, Color, Game, Move, Phase};
use tokio::sync::{broadcast, mpsc, oneshot, watch};

use crate::{
    config::ServerConfig,
    error::AppError,
    game::refusal::Refusal,
    game::runtime::{Record, Runtime},
    game::seats::gtp,
    game::seats::own::{self, SearchPool},
    game::seats::{self, SeatAction, SeatMsg, SeatSnap},
    game::settings::SeatKind,
    game::wire::{ClientMsg, EventView, Role, ServerMsg, xy},
    secret,
    store::{GameSummary, Lease, Store, StoreError},
};

mod chat;
mod dead_estimate;
mod extras;
mod rematch;
mod update;

pub(crate) use dead_estimate::Estimable;
pub(crate) use update::{Audience, Update};

/// What a connection gets when it joins a game's stream.
pub(crate) struct Connected {
    pub role: Role,
    pub welcome: String,
    pub updates: broadcast::Receiver<Update>,
}

/// A seat taken through the invite link.
pub(crate) struct JoinOk {
    pub color: Color,
    pub seat: String,
}

/// Messages to a game's actor.
pub(crate) enum ActorMsg {
    Connect {
        token: Option<String>,
        reply: oneshot::Sender<Result<Connected, Refusal>>,
    },
    Disconnect {
        role: Role,
    },
    /// A seat's connection measured its lag credit.
    Lag {
        color: Color,
        lag_ms: u64,
    },
    Command {
        role: Role,
        /// The connection's address: each spectator address has its own chat allowance.
        from: std::net::IpAddr,
        msg: ClientMsg,
        /// The connection's lag credit (half its smoothed round trip).
        lag_ms: u64,
        reply: oneshot::Sender<Result<Option<String>, Refusal>>,
    },
    /// What an engine seat did, or whether Tengen's own player is thinking.
    Seat(SeatMsg),
    /// Tengen's estimate of the dead stones for proposal `version` after `resumptions`.
    Estimated {
        version: u32,
        resumptions: u32,
        ply: usize,
        estimate: Arc<tengen_engine::estimate::Estimate>,
    },
    /// An estimate of the position `ply` moves in, made for a question about the count.
    Explained {
        ply: usize,
        estimate: Arc<tengen_engine::estimate::Estimate>,
    },
    Join {
        invite: String,
        name: Option<String>,
        reply: oneshot::Sender<Result<JoinOk, AppError>>,
    },
    Sgf {
        chat: crate::game::sgf::Chat,
        reply: oneshot::Sender<Option<String>>,
    },
    Snapshot {
        reply: oneshot::Sender<crate::game::wire::GameView>,
    },
    /// The game in play, if its settings allow a score estimate now: `Err` says why not.
    Estimable {
        reply: oneshot::Sender<Result<dead_estimate::Estimable, String>>,
    },
}

impl From<SeatMsg> for ActorMsg {
    fn from(msg: SeatMsg) -> ActorMsg {
        ActorMsg::Seat(msg)
    }
}

/// A handle to a running actor.
#[derive(Clone)]
pub(crate) struct GameHandle {
    pub tx: mpsc::Sender<ActorMsg>,
}

impl GameHandle {
    /// Sends the message `make` builds around a reply channel and waits for the answer;
    /// `None` when the actor has gone (stopped or restarting).
    pub(crate) async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<T>) -> ActorMsg,
    ) -> Option<T> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(make(reply)).await.ok()?;
        answer.await.ok()
    }
}

/// How long an actor with nobody connected stays in memory when no clock needs it.
const IDLE_EXIT: Duration = Duration::from_secs(300);

struct Actor {
    rt: Runtime,
    store: Arc<dyn Store>,
    updates: broadcast::Sender<Update>,
    conns: ByColor<u32>,
    /// Each seat's lag credit, from its connections' latest measurement.
    lag: ByColor<u64>,
    spectators: u32,
    /// When the audience last went out, and whether it changed since.
    audience_sent: Option<Instant>,
    audience_changed: bool,
    engine_snaps: Option<watch::Sender<Option<Arc<SeatSnap>>>>,
    last_activity: Instant,
    config: ServerConfig,
    /// Set when the state could not be rebuilt: the actor stops.
    broken: bool,
    /// An append failed: the log may hold more than this state, which takes no command
    /// until it is reloaded.
    stale: bool,
    /// When to try reloading a stale state again.
    retry_at: Option<Instant>,
    /// The estimate's pool, the chat's rate limit, the rematch offer.
    extras: extras::Extras,
}

/// How often a stale game tries to reload while the store cannot be read.
const RELOAD_RETRY: Duration = Duration::from_secs(1);

/// Starts the actor of a game rebuilt from `rt`, which runs while this server holds `lease`
/// (and releases it when it stops).
pub(crate) fn spawn(
    rt: Runtime,
    lease: Lease,
    store: Arc<dyn Store>,
    engines: &[(String, String)],
    searches: &SearchPool,
    config: ServerConfig,
) -> GameHandle {
    let (tx, rx) = mpsc::channel(256);
    let (updates, _) = broadcast::channel(64);
    let mut actor = Actor {
        rt,
        store,
        updates,
        conns: ByColor::default(),
        lag: ByColor::default(),
        spectators: 0,
        audience_sent: None,
        audience_changed: false,
        engine_snaps: None,
        last_activity: Instant::now(),
        config,
        broken: false,
        stale: false,
        retry_at: None,
        extras: extras::Extras::new(searches, &tx),
    };
    if !actor.rt.finished() {
        for color in Color::ALL {
            if let SeatKind::Engine { engine, level } = actor.rt.seat_kind(color).clone() {
                let (snap_tx, snap_rx) = watch::channel(None);
                actor.engine_snaps = Some(snap_tx);
                let own = engine == seats::OWN;
                let seat = seats::Seat {
                    color,
                    name: engine,
                    timeout: actor.config.engine_timeout,
                };
                if own {
                    let level = level.unwrap_or(seats::DEFAULT_LEVEL);
                    let pool = searches.clone();
                    let pace = actor.config.engine_human_pace;
                    tokio::spawn(own::run(seat, level, pace, pool, snap_rx, tx.clone()));
                } else {
                    // A GTP engine the server (still) offers.
                    let command = engines
                        .iter()
                        .find(|(n, _)| *n == seat.name)
                        .map(|(_, c)| c.clone())
                        .ok_or_else(|| format!("{}: this server no longer offers it", seat.name));
                    tokio::spawn(gtp::run(seat, command, snap_rx, tx.clone()));
                }
            }
        }
    }
    actor.notify_engine();
    tokio::spawn(actor.run(rx, lease));
    GameHandle { tx }
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<ActorMsg>, mut lease: Lease) {
        loop {
            let deadline = self.flag_deadline();
            let checkpoint = self.rt.next_checkpoint(self.config.clock_checkpoint);
            let idle = self.idle_deadline();
            let audience = self.audience_due();
            let expiry = self.expiry();
            let retry = self.retry_at;
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(msg) => self.handle(msg).await,
                    None => break,
                },
                () = sleep_until(deadline), if deadline.is_some() => self.flag().await,
                () = sleep_until(checkpoint), if checkpoint.is_some() => self.checkpoint().await,
                () = sleep_until(audience), if audience.is_some() => self.send_audience(),
                () = sleep_until(expiry), if expiry.is_some() => self.expire().await,
                () = sleep_until(retry), if retry.is_some() => {
                    self.retry_at = None;
                    self.reload().await;
                }
                () = lease.lost() => {
                    tracing::info!("game {}: now run by another server", self.rt.id);
                    break;
                }
                () = sleep_until(idle), if idle.is_some() => {
                    if self.idle_deadline().is_some_and(|d| d <= Instant::now()) {
                        break;
                    }
                }
            }
            if self.broken {
                break;
            }
        }
    }

    /// When the player to move is flagged: the flag grace and the seat's lag after zero.
    fn flag_deadline(&self) -> Option<Instant> {
        let color = self.rt.clock_running()?;
        self.rt.flag_deadline(*self.lag.get(color))
    }

    /// When the invitation expires, while a person's seat is open.
    fn expiry(&self) -> Option<Instant> {
        if !self.rt.waiting_for_invite() {
            return None;
        }
        let expires_ms = self
            .rt
            .created_ms
            .saturating_add(self.config.invite_ttl.as_millis() as u64);
        let left = expires_ms.saturating_sub(crate::game::record::now_ms());
        Some(Instant::now() + Duration::from_millis(left))
    }

    async fn expire(&mut self) {
        if self.expiry().is_some_and(|d| d <= Instant::now()) {
            let _ = self.commit(vec![Record::Expired]).await;
        }
    }

    fn idle_deadline(&self) -> Option<Instant> {
        let nobody = self.conns.black == 0 && self.conns.white == 0 && self.spectators == 0;
        // A running engine needs the actor; a failed one waits for its opponent, who may be
        // gone for good.
        let engine_running = self.engine_snaps.is_some()
            && !self.rt.finished()
            && Color::ALL
                .into_iter()
                .all(|c| self.rt.engine_failure.get(c).is_none());
        let needed = self.rt.deadline().is_some() || engine_running;
        (nobody && !needed).then(|| self.last_activity + IDLE_EXIT)
    }

    async fn handle(&mut self, msg: ActorMsg) {
        self.last_activity = Instant::now();
        match msg {
            ActorMsg::Connect { token, reply } => {
                let role = match token {
                    None => Role::Spectator,
                    Some(t) => match self.role_of(&t) {
                        Some(c) => Role::of(c),
                        None => {
                            let _ = reply.send(Err(Refusal::UnknownSeat));
                            return;
                        }
                    },
                };
                let updates = self.updates.subscribe();
                match role.color() {
                    Some(c) => *self.conns.get_mut(c) += 1,
                    None => self.spectators += 1,
                }
                self.audience_did_change();
                let welcome = to_json(&ServerMsg::Welcome {
                    you: role,
                    state: Box::new(self.view()),
                    chat: chat::visible(&self.rt.chat, role, self.rt.finished()),
                });
                let _ = reply.send(Ok(Connected {
                    role,
                    welcome,
                    updates,
                }));
            }
            ActorMsg::Disconnect { role } => {
                match role.color() {
                    Some(c) => {
                        let n = self.conns.get_mut(c);
                        *n = n.saturating_sub(1);
                    }
                    None => self.spectators = self.spectators.saturating_sub(1),
                }
                self.audience_did_change();
            }
            ActorMsg::Lag { color, lag_ms } => *self.lag.get_mut(color) = lag_ms,
            ActorMsg::Command {
                role,
                from,
                msg,
                lag_ms,
                reply,
            } => {
                let result = self.command(role, from, msg, lag_ms).await;
                let _ = reply.send(result);
            }
            ActorMsg::Seat(SeatMsg::Action { color, seq, action }) => {
                self.engine_action(color, seq, action).await;
            }
            ActorMsg::Estimated {
                version,
                resumptions,
                ply,
                estimate,
            } => self.estimated(version, resumptions, ply, estimate).await,
            ActorMsg::Explained { ply, estimate } => self.keep_estimate(ply, estimate),
            ActorMsg::Seat(SeatMsg::Thinking { color, thinking }) => {
                if *self.rt.engine_thinking.get(color) != thinking {
                    *self.rt.engine_thinking.get_mut(color) = thinking;
                    self.broadcast_state();
                }
            }
            ActorMsg::Join {
                invite,
                name,
                reply,
            } => {
                let result = self.join(&invite, name.as_deref()).await;
                let _ = reply.send(result);
            }
            ActorMsg::Snapshot { reply } => {
                let (moves, initial_board) = crate::game::history::moves(&self.rt);
                let _ = reply.send(crate::game::wire::GameView {
                    state: self.view(),
                    moves,
                    initial_board,
                });
            }
            ActorMsg::Estimable { reply } => {
                let _ = reply.send(self.estimable());
            }
            ActorMsg::Sgf { chat, reply } => {
                let _ = reply.send(
                    self.rt
                        .finished()
                        .then(|| crate::game::sgf::write(&self.rt, chat)),
                );
            }
        }
    }

    fn role_of(&self, token: &str) -> Option<Color> {
        let hash = secret::hash(token)?;
        Color::ALL
            .into_iter()
            .find(|c| self.rt.seats[c.index()].as_deref() == Some(hash.as_str()))
    }

    async fn command(
        &mut self,
        role: Role,
        from: std::net::IpAddr,
        msg: ClientMsg,
        lag_ms: u64,
    ) -> Result<Option<String>, Refusal> {
        if let ClientMsg::Chat { text } = &msg {
            return self.chat(role, from, text).await.map(|()| None);
        }
        if let Some(answer) = self.rematch_command(role, &msg).await {
            return answer;
        }
        if msg == ClientMsg::Resync {
            return Ok(Some(to_json(&ServerMsg::State {
                state: Box::new(self.view()),
                event: None,
            })));
        }
        let Some(color) = role.color() else {
            return Err(Refusal::Spectator);
        };
        let records = self.rt.decide_lagged(color, &msg, Instant::now(), lag_ms)?;
        self.commit(records).await.map(|()| None)
    }

    async fn engine_action(&mut self, color: Color, seq: u64, action: SeatAction) {
        *self.rt.engine_thinking.get_mut(color) = false;
        if let SeatAction::Failed(reason) = action {
            tracing::warn!("game {}: engine {reason}", self.rt.id);
            if !self.rt.finished() {
                *self.rt.engine_failure.get_mut(color) = Some(reason.clone());
                self.broadcast_state_with(Some(EventView::EngineFailed { color, reason }));
            }
            return;
        }
        if seq != self.rt.game_seq {
            return; // made for an older state
        }
        let now = Instant::now();
        let records = match action {
            SeatAction::Move(mv) => {
                let ply = self.rt.ply();
                let msg = match mv {
                    Move::Play(p) => ClientMsg::Play {
                        ply,
                        x: p.x,
                        y: p.y,
                    },
                    Move::Pass => ClientMsg::Pass { ply },
                };
                match self.rt.decide(color, &msg, now) {
                    Ok(r) => r,
                    Err(e) if e.is_rule_breach() => {
                        vec![self.rt.engine_illegal(color, e.to_string())]
                    }
                    Err(_) => return,
                }
            }
            SeatAction::Illegal(reason) => vec![self.rt.engine_illegal(color, reason)],
            SeatAction::Resign => vec![Record::Resign { by: color }],
            SeatAction::Failed(_) => return,
            SeatAction::Place(points) => {
                match self.rt.decide(
                    color,
                    &ClientMsg::PlaceHandicap {
                        points: points.into_iter().map(xy).collect(),
                    },
                    now,
                ) {
                    Ok(r) => r,
                    Err(_) => return,
                }
            }
            SeatAction::Dead(points) => {
                let Some(game) = &self.rt.game else { return };
                if game.phase() != Phase::Scoring || game.accepted(color) {
                    return;
                }
                vec![Record::ProposeDead {
                    by: color,
                    points: points.into_iter().map(xy).collect(),
                }]
            }
        };
        if let Err(e) = self.commit(records).await {
            tracing::warn!("game {}: engine action not recorded: {}", self.rt.id, e);
        }
    }

    async fn join(&mut self, invite: &str, name: Option<&str>) -> Result<JoinOk, AppError> {
        if self.rt.aborted.is_some() {
            return Err(AppError::Conflict(
                "this game was aborted: you can look at it".into(),
            ));
        }
        self.expire().await;
        if self.rt.expired {
            return Err(AppError::Gone(
                "this invitation has expired: ask for a new one".into(),
            ));
        }
        let open = Color::ALL.into_iter().find(|&c| {
            matches!(self.rt.seat_kind(c), SeatKind::Person { .. })
                && self.rt.seats[c.index()].is_none()
        });
        let (Some(color), Some(expected)) = (open, self.rt.invite.as_deref()) else {
            return Err(AppError::Conflict(
                "the seat has been taken: you can watch the game".into(),
            ));
        };
        // A lobby game's seat is anyone's; an invited one needs the invite.
        if !self.rt.setup.open && secret::hash(invite).as_deref() != Some(expected) {
            return Err(AppError::Forbidden("this invite is not valid".into()));
        }
        let seat = secret::new_token();
        let token = secret::hash(&seat).unwrap_or_default();
        self.commit(vec![Record::Joined {
            color,
            token,
            name: name.map(|n| crate::game::settings::player_name(Some(n))),
        }])
        .await
        .map_err(|e| AppError::Unavailable(e.to_string()))?;
        Ok(JoinOk { color, seat })
    }

    async fn flag(&mut self) {
        let Some(color) = self.rt.clock_running() else {
            return;
        };
        if self.flag_deadline().is_some_and(|d| d <= Instant::now()) {
            let _ = self.commit(vec![Record::TimeOut { color }]).await;
        }
    }

    /// Records the time spent on the running clock, so that a restart charges it.
    async fn checkpoint(&mut self) {
        let now = Instant::now();
        if self
            .rt
            .next_checkpoint(self.config.clock_checkpoint)
            .is_none_or(|due| due > now)
        {
            return;
        }
        if let Some((record, at)) = self.rt.checkpoint_at(now) {
            let _ = self.commit_at(vec![record], at).await;
        }
    }

    /// Applies `records`, commits them, and only then broadcasts. If the store refuses or
    /// does not answer, nothing changes here, the game is reloaded from the log (which
    /// holds the records if the commit happened after all), and the caller gets an error.
    async fn commit(&mut self, records: Vec<Record>) -> Result<(), Refusal> {
        self.commit_at(records, Instant::now()).await
    }

    /// As [`Actor::commit`], applying the records at `now`.
    async fn commit_at(&mut self, records: Vec<Record>, now: Instant) -> Result<(), Refusal> {
        if records.is_empty() {
            return Ok(());
        }
        if !self.fresh().await {
            return Err(Refusal::Unrecorded);
        }
        let first_seq = self.rt.seq + 1;
        // Applied to a copy, kept only once committed: a failed append leaves the state as
        // it was even when the log cannot be read back.
        let mut next = self.rt.clone();
        let mut events = Vec::with_capacity(records.len());
        for r in &records {
            match next.apply(r, now) {
                Ok(e) => events.extend(e.map(|e| (next.version, e))),
                Err(e) => {
                    tracing::warn!("game {}: {e}", self.rt.id);
                    return Err(Refusal::Inapplicable(e));
                }
            }
        }
        let json: Vec<String> = records.iter().map(to_json).collect();
        if let Err(e) = self
            .store
            .append(&self.rt.id, first_seq, json, summary(&next))
            .await
        {
            tracing::warn!("game {}: {e}", self.rt.id);
            if let StoreError::NotHeld(_) = e {
                // Another server runs the game now: this one stops, its connections are
                // closed and reconnect to wherever the game is.
                self.broken = true;
                return Err(Refusal::Moved);
            }
            self.stale = true;
            self.reload().await;
            return Err(Refusal::Unrecorded);
        }
        let scoring_began = next
            .game
            .as_ref()
            .is_some_and(|g| g.phase() == Phase::Scoring)
            && self
                .rt
                .game
                .as_ref()
                .is_none_or(|g| g.phase() != Phase::Scoring);
        self.rt = next;
        if scoring_began {
            self.start_estimate();
        }
        let changed = !events.is_empty();
        for (v, e) in events {
            self.broadcast(v, e);
        }
        if changed {
            self.notify_engine();
        }
        Ok(())
    }

    /// Whether the state is the log's: after a failed append it is reloaded first.
    async fn fresh(&mut self) -> bool {
        !self.stale || self.reload().await
    }

    /// Rebuilds the state from the log. While the store cannot be read the old state stays
    /// (shown, not acted on) and a retry is due in a second; a game gone from the store, or
    /// a log that does not replay, stops the actor.
    async fn reload(&mut self) -> bool {
        match load_runtime(self.store.as_ref(), &self.rt.id).await {
            Ok(Some(rt)) => {
                self.rt = rt;
                self.stale = false;
                self.retry_at = None;
                self.broadcast_state();
                self.notify_engine();
                true
            }
            Err(AppError::Unavailable(why)) => {
                tracing::warn!("game {}: not reloaded: {why}", self.rt.id);
                self.retry_at = Some(Instant::now() + RELOAD_RETRY);
                false
            }
            Ok(None) | Err(_) => {
                self.broken = true;
                false
            }
        }
    }

    fn view(&self) -> crate::game::wire::StateView {
        self.view_at(self.rt.version)
    }

    /// The state, labelled with version `v` (an update's, when one commit made several).
    fn view_at(&self, v: u64) -> crate::game::wire::StateView {
        let connected = ByColor {
            black: self.conns.black > 0,
            white: self.conns.white > 0,
        };
        let mut view = self.rt.view(v, connected, self.spectators, Instant::now());
        view.rematch = self.rt.rematch.view();
        view
    }

    /// The update of the record that made version `v`, with the state after the commit.
    fn broadcast(&mut self, v: u64, event: EventView) {
        if self.updates.receiver_count() == 0 {
            return;
        }
        let msg = ServerMsg::Update {
            v,
            event,
            state: Box::new(self.view_at(v)),
        };
        let _ = self.updates.send(Update::new(Audience::Everyone, &msg));
    }

    /// The whole state, with no new version: after a reload, a rematch record, or a change
    /// outside the log (`event`: an engine failed).
    fn broadcast_state_with(&mut self, event: Option<EventView>) {
        if self.updates.receiver_count() == 0 {
            return;
        }
        let msg = ServerMsg::State {
            state: Box::new(self.view()),
            event,
        };
        let _ = self.updates.send(Update::new(Audience::Everyone, &msg));
    }

    fn broadcast_state(&mut self) {
        self.broadcast_state_with(None);
    }

    fn notify_engine(&self) {
        if let Some(tx) = &self.engine_snaps {
            let snap = SeatSnap {
                seq: self.rt.game_seq,
                over: self.rt.finished(),
                started: self.rt.started(),
                both_joined: self.rt.joined(Color::Black) && self.rt.joined(Color::White),
                handicap: self.rt.setup.handicap,
                size: self.rt.setup.size,
                game: self.rt.game.clone(),
                time: self.rt.setup.time,
                clock: self
                    .rt
                    .game
                    .as_ref()
                    .map(|g| *self.rt.clocks.get(g.to_move()))
                    .unwrap_or_default(),
                turn_started: self.rt.turn_started,
                spent_before_ms: self.rt.spent_before_ms,
            };
            let _ = tx.send(Some(Arc::new(snap)));
        }
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d.into()).await,
        None => std::future::pending().await,
    }
}

pub(crate) fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "{}".into())
}

/// The list row of a game.
pub(crate) fn summary(rt: &Runtime) -> GameSummary {
    GameSummary {
        id: rt.id.clone(),
        size: rt.setup.size.get(),
        rules: rt.setup.rules.to_string(),
        black: rt.setup.black.name().to_owned(),
        white: rt.setup.white.name().to_owned(),
        phase: serde_json::to_value(rt.phase_view())
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        result: rt
            .game
            .as_ref()
            .and_then(Game::result)
            .map(|r| r.to_string()),
        moves: rt.ply(),
        created_ms: rt.created_ms,
        aborted: rt.aborted.is_some(),
        expired: rt.expired,
        open: rt.setup.open && rt.waiting_for_invite(),
    }
}

/// Rebuilds a game from the store.
pub(crate) async fn load_runtime(store: &dyn Store, id: &str) -> Result<Option<Runtime>, AppError> {
    let Some(rows) = store.load(id).await.map_err(AppError::from)? else {
        return Ok(None);
    };
    let records: Vec<Record> = rows
        .iter()
        .map(|r| serde_json::from_str(r))
        .collect::<Result<_, _>>()
        .map_err(|e| AppError::Internal(format!("game {id}: {e}")))?;
    Runtime::replay(&records, Instant::now())
        .map(Some)
        .map_err(|e| AppError::Internal(format!("game {id}: {e}")))
}
