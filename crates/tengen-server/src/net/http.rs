//! Routes: the embedded page, the JSON API and the WebSocket of each game.

use std::{
    collections::HashMap,
    net::SocketAddr,
    sync::{Arc, Mutex},
    time::Instant,
};

use axum::{
    Extension, Json, Router,
    extract::{
        ConnectInfo, DefaultBodyLimit, Path, Query, State, rejection::JsonRejection,
        ws::WebSocketUpgrade,
    },
    http::{HeaderMap, HeaderValue, Method, StatusCode, header},
    response::{Html, IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use tengen_core::{Color, Nigiri, Rules, aga_handicap, vertex};
use tower_http::{compression::CompressionLayer, timeout::TimeoutLayer};

use crate::{
    config::ServerConfig,
    error::AppError,
    error::{BODY_LIMIT, form},
    game::actor::{self, ActorMsg, GameHandle, to_json},
    game::record::now_ms,
    game::runtime::Record,
    game::settings::{CreateGame, HandicapPlacement},
    limits::{PerAddress, Shared, peer_ip},
    net::forward,
    secret,
    store::{Claim, GameSummary, Store},
};

mod analysis;
use analysis::{ESTIMATES_BURST, ESTIMATES_REFILL, review_progress, score_estimate, start_review};

const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");
/// The page at the address of a game that does not exist.
const MISSING_HTML: &str = include_str!("../../web/missing.html");

/// Locks for starting games (see `Inner::loading`).
const LOADING_STRIPES: usize = 64;

/// Games listed by `GET /api/games`, newest first.
const LIST_LIMIT: u32 = 500;

/// Shared state of the server: the store, the running games and the configured engines.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

struct Inner {
    store: Arc<dyn Store>,
    games: Mutex<HashMap<String, GameHandle>>,
    /// Held while a game is started, so that it starts once: one of these per game id's
    /// hash, so that starting (or looking up, with PostgreSQL a round trip) one game does
    /// not wait for another.
    loading: Vec<tokio::sync::Mutex<()>>,
    engines: Vec<(String, String)>,
    config: ServerConfig,
    /// Tengen's own player's searches, on a bounded pool of threads.
    searches: crate::game::seats::own::SearchPool,
    /// New games per client address.
    creations: PerAddress,
    /// Score estimates each address may ask for during play (each costs a search worker
    /// up to a second).
    estimates: PerAddress,
    /// New games in all, per minute.
    all_creations: Shared,
    /// "Review with Tengen" of finished games, on the search pool.
    reviews: crate::review::Reviews,
    /// Accounts, sessions, ratings and challenges.
    club: Arc<crate::club::Club>,
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
        let searches = crate::game::seats::own::SearchPool::new(config.search_workers);
        let analysis_engine = config.analysis_engine.as_deref().and_then(|command| {
            match tengen_gtp::KataEngine::spawn(command, config.engine_timeout) {
                Ok(engine) => Some(Arc::new(engine)),
                Err(e) => {
                    tracing::error!(
                        "the analysis engine cannot start ({e}): reviews use Tengen's own engine"
                    );
                    None
                }
            }
        });
        AppState(Arc::new(Inner {
            games: Mutex::new(HashMap::new()),
            loading: (0..LOADING_STRIPES)
                .map(|_| tokio::sync::Mutex::new(()))
                .collect(),
            engines,
            searches: searches.clone(),
            reviews: crate::review::Reviews::new(
                searches,
                analysis_engine,
                crate::review::ReviewLimits::for_workers(config.search_workers),
            ),
            creations: PerAddress::new(config.games_burst, config.games_refill),
            estimates: PerAddress::new(ESTIMATES_BURST, ESTIMATES_REFILL),
            all_creations: Shared::per_minute(config.max_games_per_minute),
            club: Arc::new(crate::club::Club::new(store.club(), config.clone())),
            store,
            config,
        }))
    }

    /// The command line of the external analysis engine reviews are asked of, if one was
    /// set ([`ServerConfig::analysis_engine`]) and could be started.
    #[must_use]
    pub fn analysis_engine(&self) -> Option<&str> {
        self.0.reviews.analysis_engine()
    }

    /// The settings this server runs with.
    #[must_use]
    pub fn config(&self) -> ServerConfig {
        self.0.config.clone()
    }

    /// Starts the actor of every started, unfinished game, so that their clocks and engines
    /// run. Time spent while the server was down is not charged: each clock restarts now.
    /// Games waiting for their invited player need no actor (no clock runs before both
    /// have joined) and start when someone opens them, so abandoned invitations cost
    /// start-up nothing.
    ///
    /// On a store shared by several servers, games another live server runs are left to it,
    /// and from now on, every second, this server takes over the unfinished games of any
    /// server that has stopped answering (see [`crate::PgStore`]).
    ///
    /// # Errors
    /// [`AppError::Internal`] when the store cannot be read.
    pub async fn resume_live_games(&self) -> Result<usize, AppError> {
        let ids = self.0.store.live_games().await.map_err(AppError::from)?;
        let mut n = 0;
        for id in ids {
            match self.route(&id).await {
                Ok(Route::Here(_)) => n += 1,
                Ok(Route::There(_)) => {}
                Err(e) => tracing::warn!("game {id} not resumed: {e}"),
            }
        }
        if self.0.store.shared() {
            tokio::spawn(self.clone().take_over_orphans());
        }
        tokio::spawn(Arc::clone(&self.0.club).rate_forever());
        Ok(n)
    }

    /// Every second, takes over the games whose server has stopped answering.
    async fn take_over_orphans(self) {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            let Ok(ids) = self.0.store.orphans().await else {
                continue;
            };
            for id in ids {
                if let Ok(Route::Here(_)) = self.route(&id).await {
                    tracing::info!("game {id}: taken over from a server that stopped answering");
                }
            }
        }
    }

    /// Stores a new game `id` with its seats' and invitation's hashes, and starts its actor.
    pub(crate) async fn start_game(
        &self,
        id: &str,
        setup: crate::game::settings::GameSetup,
        seats: [Option<String>; 2],
        invite: Option<String>,
    ) -> Result<(), AppError> {
        let record = Record::Created {
            id: id.to_owned(),
            setup,
            seats,
            invite,
            at_ms: now_ms(),
        };
        let rt = crate::game::runtime::Runtime::new(&record, Instant::now())
            .map_err(AppError::Internal)?;
        self.0
            .store
            .append(id, 1, vec![to_json(&record)], actor::summary(&rt))
            .await
            .map_err(AppError::from)?;
        self.game(id).await?;
        Ok(())
    }

    /// The number of games with a running actor.
    #[must_use]
    pub fn running_games(&self) -> usize {
        self.0.games.lock().map_or(0, |mut g| {
            g.retain(|_, h| !h.tx.is_closed());
            g.len()
        })
    }

    /// Whether the server takes one more new game: the server-wide caps on games running
    /// and on new games a minute ([`ServerConfig::max_live_games`],
    /// [`ServerConfig::max_games_per_minute`]). Refused with `503` and what to do.
    fn admit_new_game(&self) -> Result<(), AppError> {
        let cap = self.0.config.max_live_games;
        if self.running_games() >= cap {
            return Err(AppError::Unavailable(format!(
                "this server runs {cap} games, as many as it takes; try again when some have ended"
            )));
        }
        self.0.all_creations.take().map_err(|wait| {
            AppError::Unavailable(format!(
                "this server takes {} new games a minute and has had them; try again in {} s",
                self.0.config.max_games_per_minute,
                wait.as_secs() + 1
            ))
        })
    }

    /// The actor of a game this server runs (started if need be).
    pub(crate) async fn game(&self, id: &str) -> Result<GameHandle, AppError> {
        match self.route(id).await? {
            Route::Here(h) => Ok(h),
            Route::There(_) => Err(forward::moving()),
        }
    }

    /// Where game `id` runs: here (its actor, started if this server may run it: nobody
    /// else does, or the server that did has stopped answering), or at another server.
    pub(crate) async fn route(&self, id: &str) -> Result<Route, AppError> {
        if !secret::valid_id(id) {
            return Err(AppError::NotFound("no such game".into()));
        }
        if let Some(h) = self.running(id) {
            return Ok(Route::Here(h));
        }
        let stripe = id
            .bytes()
            .fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b.into()));
        let _guard = self.0.loading[stripe % LOADING_STRIPES].lock().await;
        if let Some(h) = self.running(id) {
            return Ok(Route::Here(h));
        }
        let lease = match self.0.store.claim(id).await.map_err(AppError::from)? {
            Claim::Held(lease) => lease,
            Claim::Elsewhere(addr) => return Ok(Route::There(addr)),
            Claim::Missing => return Err(AppError::NotFound("no such game".into())),
        };
        // Read after the lease is taken: the log holds everything its last holder wrote.
        let rt = actor::load_runtime(self.0.store.as_ref(), id)
            .await?
            .ok_or_else(|| AppError::NotFound("no such game".into()))?;
        let handle = actor::spawn(
            rt,
            lease,
            Arc::clone(&self.0.store),
            &self.0.engines,
            &self.0.searches,
            self.0.config.clone(),
        );
        if let Ok(mut games) = self.0.games.lock() {
            games.insert(id.to_owned(), handle.clone());
        }
        Ok(Route::Here(handle))
    }

    /// As [`AppState::route`] for a request: one that another server forwarded is not
    /// forwarded again.
    async fn route_request(&self, id: &str, headers: &HeaderMap) -> Result<Route, AppError> {
        match self.route(id).await? {
            Route::There(_) if forward::was_forwarded(headers) => Err(forward::moving()),
            route => Ok(route),
        }
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

impl crate::review::routes::Host for AppState {
    fn reviews(&self) -> &crate::review::Reviews {
        &self.0.reviews
    }

    fn db(&self) -> crate::store::ClubDb {
        self.0.store.club()
    }

    fn admit_upload(&self, ip: std::net::IpAddr) -> Result<(), AppError> {
        self.0.creations.take(ip).map_err(|wait| {
            AppError::TooMany(format!(
                "too many new games and reviews from this address; try again in {} s",
                wait.as_secs() + 1
            ))
        })
    }
}

impl crate::club::Host for AppState {
    fn club(&self) -> &crate::club::Club {
        &self.0.club
    }

    fn start_game(
        &self,
        id: &str,
        setup: crate::game::settings::GameSetup,
        seats: [Option<String>; 2],
    ) -> crate::store::BoxFuture<'_, Result<(), AppError>> {
        let id = id.to_owned();
        Box::pin(async move {
            self.admit_new_game()?;
            AppState::start_game(self, &id, setup, seats, None).await
        })
    }
}

/// Where a game runs.
pub(crate) enum Route {
    Here(GameHandle),
    /// At the server with this `host:port`.
    There(String),
}

/// The router: the page at `/` and `/g/{id}`, the API under `/api`, WebSockets at `/ws/{id}`.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/g/{id}", get(game_page))
        // An uploaded record's review: the page asks the API whether it exists.
        .route("/r/{id}", get(index))
        .route("/app.js", get(app_js))
        .route("/style.css", get(style_css))
        .route("/api/info", get(info))
        .route("/api/preview", post(preview))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(game_view))
        .route("/api/games/{id}/join", post(join_game))
        .route("/api/games/{id}/sgf", get(sgf))
        .route("/api/games/{id}/estimate", get(score_estimate))
        .route(
            "/api/games/{id}/review",
            get(review_progress).post(start_review),
        )
        .route("/ws/{id}", get(ws))
        .merge(crate::net::web::routes())
        .merge(crate::club::routes::<AppState>())
        .merge(crate::review::routes::routes::<AppState>())
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        // The whole request, body included (a WebSocket's request ends with its upgrade).
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            state.0.config.request_timeout,
        ))
        // gzip for clients that accept it: the page and its scripts shrink to about a third
        // (BENCHMARKS.md, page weight). Bodies under 32 bytes and WebSocket upgrades (no
        // body) go as they are.
        .layer(CompressionLayer::new().gzip(true))
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

/// `GET /g/{id}`: the page, if the game exists; else `404` with a page that says so and
/// links home (a mistyped link must not look like a game whose server is down). When the
/// store cannot say (it is unavailable), the page is served and tries for itself.
async fn game_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    match state.route_request(&id, &headers).await {
        Err(AppError::NotFound(_)) => {
            let mut r = (StatusCode::NOT_FOUND, Html(MISSING_HTML)).into_response();
            r.headers_mut().insert(
                header::REFERRER_POLICY,
                HeaderValue::from_static("no-referrer"),
            );
            r
        }
        _ => index().await,
    }
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
            summary: Rules::preset(name)
                .map(|r| r.describe())
                .unwrap_or_default(),
        })
        .collect();
    let engines: Vec<&str> = state.0.engines.iter().map(|(n, _)| n.as_str()).collect();
    Json(serde_json::json!({
        "rules": rules,
        "engines": engines,
        "store": state.0.store.kind(),
        "schema_version": state.0.store.schema_version(),
    }))
}

/// What a game form would create, shown before confirming.
#[derive(Serialize)]
struct Preview {
    komi: String,
    rules_summary: String,
    handicap: String,
    /// Tengen's levels 1 to 10 as ranks on this board ("12k"), where the level ladder
    /// measured them.
    level_ranks: Vec<Option<String>>,
}

async fn preview(
    State(state): State<AppState>,
    body: Result<Json<CreateGame>, JsonRejection>,
) -> Result<Json<Preview>, AppError> {
    let form = form(body)?;
    let names: Vec<String> = state.0.engines.iter().map(|(n, _)| n.clone()).collect();
    let setup = form.resolve(&names, true).map_err(AppError::BadRequest)?;
    let size = setup.size;
    let handicap = match (setup.handicap, setup.placement) {
        (0, _) => "Even game: Black moves first.".to_owned(),
        (1, _) => "One-stone handicap: Black moves first, no stones placed.".to_owned(),
        (n, HandicapPlacement::Fixed) => {
            let points = aga_handicap(size, n).unwrap_or_default();
            let names: Vec<String> = points.iter().map(|&p| vertex(p, size)).collect();
            format!(
                "Black places {n} stones on {}; White moves first.",
                names.join(" ")
            )
        }
        (n, HandicapPlacement::Free) => {
            format!("Black places {n} stones where Black chooses; White moves first.")
        }
    };
    Ok(Json(Preview {
        komi: setup.komi().to_string(),
        rules_summary: setup.rules.describe(),
        handicap,
        level_ranks: (1..=tengen_engine::MAX_LEVEL)
            .map(|level| {
                crate::game::seats::own::level_rank(level, size.get()).map(|r| r.to_string())
            })
            .collect(),
    }))
}

#[derive(Serialize, Deserialize)]
struct Created {
    id: String,
    color: String,
    seat: String,
    invite: Option<String>,
}

async fn create_game(
    State(state): State<AppState>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    body: Result<Json<CreateGame>, JsonRejection>,
) -> Result<(StatusCode, Json<Created>), AppError> {
    let form = form(body)?;
    if let Err(wait) = state.0.creations.take(peer_ip(peer.as_deref())) {
        return Err(AppError::TooMany(format!(
            "too many new games from this address; try again in {} s",
            wait.as_secs() + 1
        )));
    }
    state.admit_new_game()?;
    let names: Vec<String> = state.0.engines.iter().map(|(n, _)| n.clone()).collect();
    // The creator guesses (C7).
    let nigiri_black = Nigiri::from_random(rand::random::<u32>()).guesser_color() == Color::Black;
    let setup = form
        .resolve(&names, nigiri_black)
        .map_err(AppError::BadRequest)?;
    let id = secret::new_id();
    let seat = secret::new_token();
    let creator = setup.creator;
    let invite = matches!(
        setup.seat(creator.other()),
        crate::game::settings::SeatKind::Person { .. }
    )
    .then(secret::new_token);
    let mut seats: [Option<String>; 2] = [None, None];
    seats[creator.index()] = secret::hash(&seat);
    let color = creator;
    state
        .start_game(&id, setup, seats, invite.as_deref().and_then(secret::hash))
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(Created {
            id,
            color: tengen_core::color_name(color).to_owned(),
            seat,
            invite,
        }),
    ))
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
        .list(
            LIST_LIMIT,
            now_ms().saturating_sub(state.0.config.invite_ttl.as_millis() as u64),
        )
        .await
        .map_err(AppError::from)?;
    let (finished, live) = all.into_iter().partition(|g| g.phase == "finished");
    Ok(Json(GameList { live, finished }))
}

#[derive(Deserialize)]
struct JoinForm {
    /// The invite (none for a lobby game).
    #[serde(default)]
    invite: String,
    /// The joiner's name (optional).
    #[serde(default)]
    name: Option<String>,
}

#[derive(Serialize)]
struct Joined {
    color: String,
    seat: String,
}

async fn join_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Json<JoinForm>, JsonRejection>,
) -> Result<Response, AppError> {
    let form = form(body)?;
    let handle = match state.route_request(&id, &headers).await? {
        Route::Here(h) => h,
        Route::There(holder) => {
            let body = serde_json::json!({ "invite": form.invite, "name": form.name });
            let path = format!("/api/games/{id}/join");
            return forward::http(
                &holder,
                Method::POST,
                &path,
                Some(body),
                state.0.config.request_timeout,
            )
            .await;
        }
    };
    let ok = handle
        .ask(|reply| ActorMsg::Join {
            invite: form.invite,
            name: form.name,
            reply,
        })
        .await
        .ok_or_else(|| AppError::Unavailable("the game is restarting; try again".into()))??;
    Ok(Json(Joined {
        color: tengen_core::color_name(ok.color).to_owned(),
        seat: ok.seat,
    })
    .into_response())
}

/// The handle of a game this server runs, or the answer of the server that runs it to a
/// `GET` of `path`.
async fn here_or_get(
    state: &AppState,
    id: &str,
    headers: &HeaderMap,
    path: String,
) -> Result<Result<GameHandle, Response>, AppError> {
    Ok(match state.route_request(id, headers).await? {
        Route::Here(h) => Ok(h),
        Route::There(holder) => Err(forward::http(
            &holder,
            Method::GET,
            &path,
            None,
            state.0.config.request_timeout,
        )
        .await?),
    })
}

async fn game_view(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let handle = match here_or_get(&state, &id, &headers, format!("/api/games/{id}")).await? {
        Ok(h) => h,
        Err(answer) => return Ok(answer),
    };
    let view = handle
        .ask(|reply| ActorMsg::Snapshot { reply })
        .await
        .ok_or_else(|| AppError::Unavailable("try again".into()))?;
    Ok(Json(view).into_response())
}

#[derive(Deserialize)]
struct SgfQuery {
    /// `players`: the players' chat as comments.
    #[serde(default)]
    chat: Option<String>,
}

async fn sgf(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<SgfQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let chat = match query.chat.as_deref() {
        None | Some("none") => crate::game::sgf::Chat::Without,
        Some("players") => crate::game::sgf::Chat::Players,
        Some(other) => {
            return Err(AppError::BadRequest(format!(
                "chat={other:?}: the record can carry the players' chat (chat=players) or none"
            )));
        }
    };
    let path = match chat {
        crate::game::sgf::Chat::Without => format!("/api/games/{id}/sgf"),
        crate::game::sgf::Chat::Players => format!("/api/games/{id}/sgf?chat=players"),
    };
    let handle = match here_or_get(&state, &id, &headers, path).await? {
        Ok(h) => h,
        Err(answer) => return Ok(answer),
    };
    let text = handle
        .ask(|reply| ActorMsg::Sgf { chat, reply })
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
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, AppError> {
    Ok(match state.route_request(&id, &headers).await? {
        Route::Here(handle) => crate::net::ws::upgrade(
            upgrade,
            handle,
            state.0.config.clone(),
            peer_ip(peer.as_deref()),
        ),
        Route::There(holder) => forward::websocket(upgrade, holder, id, state.0.config.clone()),
    })
}
