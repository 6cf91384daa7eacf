//! Routes: the embedded page, the JSON API and the WebSocket of each game.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use axum::{
    Json, Router,
    extract::{
        DefaultBodyLimit, Path, State,
        rejection::JsonRejection,
        ws::{Message, WebSocket, WebSocketUpgrade},
    },
    http::{HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Response},
    routing::{get, post},
};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use tengen_core::{Color, aga_handicap};
use tokio::sync::broadcast;

use crate::{
    actor::{self, ActorMsg, GameHandle, to_json},
    config::ServerConfig,
    error::AppError,
    lag::{LagMeter, PING_EVERY},
    runtime::Record,
    secret,
    settings::{CreateGame, Placement, rules_summary},
    store::{GameSummary, Store},
    wire::{ClientMsg, ErrorCode, Role, ServerMsg, WireError, coord_name},
};

const INDEX_HTML: &str = include_str!("../web/index.html");
const APP_JS: &str = include_str!("../web/app.js");
const STYLE_CSS: &str = include_str!("../web/style.css");

/// The largest WebSocket message a client may send, in bytes.
pub const MAX_CLIENT_MESSAGE: usize = 4096;
/// Messages a connection may send in a burst, and per second after it.
const RATE_BURST: f64 = 30.0;
const RATE_PER_SECOND: f64 = 15.0;
/// Refusals for flooding after which the connection is closed.
const FLOOD_CLOSE_AFTER: u32 = 50;

/// Shared state of the server: the store, the running games and the configured engines.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

struct Inner {
    store: Arc<dyn Store>,
    games: Mutex<HashMap<String, GameHandle>>,
    loading: tokio::sync::Mutex<()>,
    engines: Vec<(String, String)>,
    config: ServerConfig,
}

impl AppState {
    /// A server over `store`, with GTP `engines` as `(name, command line)`, and the settings
    /// of [`ServerConfig::from_env`].
    #[must_use]
    pub fn new(store: Arc<dyn Store>, engines: Vec<(String, String)>) -> AppState {
        AppState::with_config(store, engines, ServerConfig::from_env())
    }

    /// As [`AppState::new`], with explicit settings.
    #[must_use]
    pub fn with_config(
        store: Arc<dyn Store>,
        engines: Vec<(String, String)>,
        config: ServerConfig,
    ) -> AppState {
        AppState(Arc::new(Inner {
            store,
            games: Mutex::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
            engines,
            config,
        }))
    }

    /// Starts the actor of every unfinished game, so that their clocks and engines run.
    /// Time spent while the server was down is not charged: each clock restarts now.
    ///
    /// # Errors
    /// [`AppError::Internal`] when the store cannot be read.
    pub async fn resume_live_games(&self) -> Result<usize, AppError> {
        let ids = self
            .0
            .store
            .live_games()
            .await
            .map_err(|e| AppError::Internal(e.to_string()))?;
        let mut n = 0;
        for id in ids {
            match self.game(&id).await {
                Ok(_) => n += 1,
                Err(e) => eprintln!("tengen: game {id} not resumed: {e}"),
            }
        }
        Ok(n)
    }

    /// The number of games with a running actor.
    #[must_use]
    pub fn running_games(&self) -> usize {
        self.0.games.lock().map_or(0, |g| g.len())
    }

    pub(crate) async fn game(&self, id: &str) -> Result<GameHandle, AppError> {
        if !secret::valid_id(id) {
            return Err(AppError::NotFound("no such game".into()));
        }
        if let Some(h) = self.running(id) {
            return Ok(h);
        }
        let _guard = self.0.loading.lock().await;
        if let Some(h) = self.running(id) {
            return Ok(h);
        }
        let rt = actor::load_runtime(self.0.store.as_ref(), id)
            .await?
            .ok_or_else(|| AppError::NotFound("no such game".into()))?;
        let handle = actor::spawn(
            rt,
            Arc::clone(&self.0.store),
            &self.0.engines,
            self.0.config,
        );
        if let Ok(mut games) = self.0.games.lock() {
            games.insert(id.to_owned(), handle.clone());
        }
        Ok(handle)
    }

    fn running(&self, id: &str) -> Option<GameHandle> {
        let mut games = self.0.games.lock().ok()?;
        match games.get(id) {
            Some(h) if !h.tx.is_closed() => Some(h.clone()),
            Some(_) => {
                games.remove(id);
                None
            }
            None => None,
        }
    }
}

/// The router: the page at `/` and `/g/{id}`, the API under `/api`, WebSockets at `/ws/{id}`.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/g/{id}", get(index))
        .route("/app.js", get(app_js))
        .route("/style.css", get(style_css))
        .route("/api/info", get(info))
        .route("/api/preview", post(preview))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(game_view))
        .route("/api/games/{id}/join", post(join_game))
        .route("/api/games/{id}/sgf", get(sgf))
        .route("/ws/{id}", get(ws))
        .layer(DefaultBodyLimit::max(16 * 1024))
        .with_state(state)
}

async fn index() -> Response {
    let mut r = Html(INDEX_HTML).into_response();
    r.headers_mut().insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    r
}

async fn app_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
        .into_response()
}

async fn style_css() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE_CSS,
    )
        .into_response()
}

#[derive(Serialize)]
struct RulesInfo {
    name: &'static str,
    summary: String,
}

async fn info(State(state): State<AppState>) -> Json<serde_json::Value> {
    let rules: Vec<RulesInfo> = tengen_core::PRESET_NAMES
        .iter()
        .map(|&name| RulesInfo {
            name,
            summary: rules_summary(name),
        })
        .collect();
    let engines: Vec<&str> = state.0.engines.iter().map(|(n, _)| n.as_str()).collect();
    Json(serde_json::json!({ "rules": rules, "engines": engines }))
}

fn form<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, AppError> {
    body.map(|Json(t)| t)
        .map_err(|e| AppError::BadRequest(e.body_text()))
}

/// What a game form would create, shown before confirming.
#[derive(Serialize)]
struct Preview {
    komi: String,
    rules_summary: String,
    handicap: String,
}

async fn preview(
    State(state): State<AppState>,
    body: Result<Json<CreateGame>, JsonRejection>,
) -> Result<Json<Preview>, AppError> {
    let form = form(body)?;
    let names: Vec<String> = state.0.engines.iter().map(|(n, _)| n.clone()).collect();
    let setup = form.resolve(&names, true).map_err(AppError::BadRequest)?;
    let size = setup.board_size();
    let handicap = match (setup.handicap, setup.placement) {
        (0, _) => "Even game: Black moves first.".to_owned(),
        (1, _) => "One-stone handicap: Black moves first, no stones placed.".to_owned(),
        (n, Placement::Fixed) => {
            let points = aga_handicap(size, n).unwrap_or_default();
            let names: Vec<String> = points.iter().map(|&p| coord_name(p, setup.size)).collect();
            format!(
                "Black places {n} stones on {}; White moves first.",
                names.join(" ")
            )
        }
        (n, Placement::Free) => {
            format!("Black places {n} stones where Black chooses; White moves first.")
        }
    };
    Ok(Json(Preview {
        komi: tengen_core::Komi::from_half_points(setup.komi_half_points).to_string(),
        rules_summary: rules_summary(&setup.rules),
        handicap,
    }))
}

#[derive(Serialize, Deserialize)]
struct Created {
    id: String,
    color: String,
    seat: String,
    invite: Option<String>,
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

async fn create_game(
    State(state): State<AppState>,
    body: Result<Json<CreateGame>, JsonRejection>,
) -> Result<(StatusCode, Json<Created>), AppError> {
    let form = form(body)?;
    let names: Vec<String> = state.0.engines.iter().map(|(n, _)| n.clone()).collect();
    let nigiri_black = rand::random::<bool>();
    let setup = form
        .resolve(&names, nigiri_black)
        .map_err(AppError::BadRequest)?;
    let id = secret::new_id();
    let seat = secret::new_token();
    let creator = Color::from(setup.creator);
    let invite = matches!(
        setup.seat(creator.other()),
        crate::settings::SeatKind::Person { .. }
    )
    .then(secret::new_token);
    let mut seats: [Option<String>; 2] = [None, None];
    seats[creator.index()] = secret::hash(&seat);
    let color = creator;
    let record = Record::Created {
        id: id.clone(),
        setup,
        seats,
        invite: invite.as_deref().and_then(secret::hash),
        at_ms: now_ms(),
    };
    let rt = crate::runtime::Runtime::new(&record, Instant::now()).map_err(AppError::Internal)?;
    state
        .0
        .store
        .append(&id, 1, vec![to_json(&record)], actor::summary(&rt))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?;
    state.game(&id).await?;
    Ok((
        StatusCode::CREATED,
        Json(Created {
            id,
            color: color_name(color),
            seat,
            invite,
        }),
    ))
}

fn color_name(c: Color) -> String {
    match c {
        Color::Black => "black".into(),
        Color::White => "white".into(),
    }
}

#[derive(Serialize)]
struct GameList {
    live: Vec<GameSummary>,
    finished: Vec<GameSummary>,
}

async fn list_games(State(state): State<AppState>) -> Result<Json<GameList>, AppError> {
    let all = state
        .0
        .store
        .list(500)
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let (finished, live) = all.into_iter().partition(|g| g.phase == "finished");
    Ok(Json(GameList { live, finished }))
}

#[derive(Deserialize)]
struct JoinForm {
    invite: String,
}

#[derive(Serialize)]
struct Joined {
    color: String,
    seat: String,
}

async fn join_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Result<Json<JoinForm>, JsonRejection>,
) -> Result<Json<Joined>, AppError> {
    let form = form(body)?;
    let handle = state.game(&id).await?;
    let ok = handle
        .ask(|reply| ActorMsg::Join {
            invite: form.invite,
            reply,
        })
        .await
        .ok_or_else(|| AppError::Unavailable("the game is restarting; try again".into()))??;
    Ok(Json(Joined {
        color: color_name(ok.color),
        seat: ok.seat,
    }))
}

async fn game_view(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<crate::wire::GameView>, AppError> {
    let handle = state.game(&id).await?;
    let view = handle
        .ask(|reply| ActorMsg::Snapshot { reply })
        .await
        .ok_or_else(|| AppError::Unavailable("try again".into()))?;
    Ok(Json(view))
}

async fn sgf(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, AppError> {
    let handle = state.game(&id).await?;
    let text = handle
        .ask(|reply| ActorMsg::Sgf { reply })
        .await
        .ok_or_else(|| AppError::Unavailable("try again".into()))?
        .ok_or_else(|| {
            AppError::Forbidden("the record can be downloaded when the game is over".into())
        })?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-go-sgf; charset=utf-8".to_owned(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"tengen-{id}.sgf\""),
            ),
        ],
        text,
    )
        .into_response())
}

async fn ws(
    State(state): State<AppState>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, AppError> {
    let handle = state.game(&id).await?;
    Ok(upgrade
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .on_upgrade(move |socket| connection(socket, handle)))
}

/// A token bucket per connection.
struct RateLimit {
    tokens: f64,
    last: Instant,
    refused: u32,
}

impl RateLimit {
    fn allow(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * RATE_PER_SECOND).min(RATE_BURST);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            self.refused += 1;
            false
        }
    }
}

fn parse(msg: &Message) -> Result<Option<ClientMsg>, WireError> {
    match msg {
        Message::Text(t) => {
            if t.len() > MAX_CLIENT_MESSAGE {
                return Err(WireError::new(
                    ErrorCode::TooLarge,
                    format!("messages are at most {MAX_CLIENT_MESSAGE} bytes"),
                ));
            }
            serde_json::from_str(t.as_str())
                .map(Some)
                .map_err(|e| WireError::new(ErrorCode::BadMessage, format!("not a command: {e}")))
        }
        Message::Binary(_) => Err(WireError::new(
            ErrorCode::BadMessage,
            "send JSON text messages",
        )),
        _ => Ok(None),
    }
}

async fn send_text(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    text: &str,
) -> bool {
    sink.send(Message::Text(text.into())).await.is_ok()
}

async fn connection(socket: WebSocket, handle: GameHandle) {
    let (mut sink, mut stream) = socket.split();
    // The first message says who this is.
    let hello = tokio::time::timeout(Duration::from_secs(15), stream.next()).await;
    let token = match hello {
        Ok(Some(Ok(m))) => match parse(&m) {
            Ok(Some(ClientMsg::Hello { seat })) => seat,
            Ok(_) => {
                let e = WireError::new(ErrorCode::BadMessage, "say hello first");
                let _ = send_text(&mut sink, &to_json(&e.to_msg())).await;
                return;
            }
            Err(e) => {
                let _ = send_text(&mut sink, &to_json(&e.to_msg())).await;
                return;
            }
        },
        _ => return,
    };
    let connected = match handle.ask(|reply| ActorMsg::Connect { token, reply }).await {
        Some(Ok(c)) => c,
        Some(Err(e)) => {
            let _ = send_text(&mut sink, &to_json(&e.to_msg())).await;
            let _ = sink.close().await;
            return;
        }
        None => return,
    };
    let role = connected.role;
    let mut updates = connected.updates;
    if send_text(&mut sink, &connected.welcome).await {
        serve_connection(&mut sink, &mut stream, &mut updates, &handle, role).await;
    }
    let _ = handle.tx.send(ActorMsg::Disconnect { role }).await;
}

async fn serve_connection(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
    updates: &mut broadcast::Receiver<Arc<str>>,
    handle: &GameHandle,
    role: Role,
) {
    let mut limit = RateLimit {
        tokens: RATE_BURST,
        last: Instant::now(),
        refused: 0,
    };
    // Round trips: a ping frame now and every PING_EVERY; the answer's delay is measured.
    let mut meter = LagMeter::default();
    let mut pings = tokio::time::interval(PING_EVERY);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut ping_seq: u64 = 0;
    let mut pending: Option<(u64, Instant)> = None;
    loop {
        tokio::select! {
            _ = pings.tick() => {
                ping_seq += 1;
                pending = Some((ping_seq, Instant::now()));
                let payload = ping_seq.to_be_bytes().to_vec();
                if sink.send(Message::Ping(payload.into())).await.is_err() {
                    return;
                }
            }
            incoming = stream.next() => {
                let Some(Ok(m)) = incoming else { return };
                if matches!(m, Message::Close(_)) {
                    return;
                }
                if let Message::Pong(payload) = &m {
                    if let Some((seq, sent)) = pending {
                        if payload.as_ref() == seq.to_be_bytes() {
                            pending = None;
                            meter.sample(sent.elapsed());
                            if let Some(color) = role.color() {
                                let msg = ActorMsg::Lag { color, lag_ms: meter.credit_ms() };
                                if handle.tx.send(msg).await.is_err() {
                                    return;
                                }
                            }
                            continue;
                        }
                    }
                }
                if !limit.allow() {
                    if limit.refused > FLOOD_CLOSE_AFTER {
                        return;
                    }
                    let e = WireError::new(ErrorCode::RateLimited, "too many messages; slow down");
                    if !send_text(sink, &to_json(&e.to_msg())).await {
                        return;
                    }
                    continue;
                }
                let msg = match parse(&m) {
                    Ok(Some(msg)) => msg,
                    Ok(None) => continue,
                    Err(e) => {
                        if !send_text(sink, &to_json(&e.to_msg())).await {
                            return;
                        }
                        continue;
                    }
                };
                let answer = match msg {
                    ClientMsg::Ping => Some(to_json(&ServerMsg::Pong)),
                    ClientMsg::Hello { .. } => Some(to_json(
                        &WireError::new(ErrorCode::BadMessage, "already said hello").to_msg(),
                    )),
                    msg => {
                        let lag_ms = meter.credit_ms();
                        match handle.ask(|reply| ActorMsg::Command { role, msg, lag_ms, reply }).await {
                            Some(Ok(text)) => text,
                            Some(Err(e)) => Some(to_json(&e.to_msg())),
                            None => return,
                        }
                    }
                };
                if let Some(text) = answer {
                    if !send_text(sink, &text).await {
                        return;
                    }
                }
            }
            update = updates.recv() => match update {
                Ok(text) => {
                    if !send_text(sink, &text).await {
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    // Too far behind: send the whole state instead of the missed updates.
                    let resync = |reply| ActorMsg::Command { role, msg: ClientMsg::Resync, lag_ms: 0, reply };
                    if let Some(Ok(Some(text))) = handle.ask(resync).await {
                        if !send_text(sink, &text).await {
                            return;
                        }
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
        }
    }
}
