//! What one game answers over HTTP, from whichever server runs it: its state and moves
//! (`GET /api/games/{id}`), its record once over (`/sgf`), and the score estimate during
//! play (`/estimate`: Tengen's estimator on the position as it stands, in games whose
//! settings allow analysis, throttled per address, as each takes a search worker for up to
//! a few seconds).

use std::{net::SocketAddr, time::Duration};

use axum::{
    Extension, Json, Router,
    extract::{ConnectInfo, Path, Query, State},
    http::{HeaderMap, header},
    response::{IntoResponse, Response},
    routing::get,
};
use serde::{Deserialize, Serialize};

use crate::{
    actor::{ActorMsg, GameHandle},
    error::AppError,
    limits::{PerAddress, peer_ip},
    own::SearchPool,
    store::BoxFuture,
};

/// What the game's routes need of the server.
pub(crate) trait Host: Clone + Send + Sync + 'static {
    /// Game `id` when this server runs it, else the answer of the server that does to the
    /// same `GET` of `path`.
    fn here_or_get<'a>(
        &'a self,
        id: &'a str,
        headers: &'a HeaderMap,
        path: String,
    ) -> BoxFuture<'a, Result<Result<GameHandle, Response>, AppError>>;
    /// The allowance of score estimates per address.
    fn estimates(&self) -> &PerAddress;
    /// The server's search workers.
    fn searches(&self) -> &SearchPool;
}

pub(crate) fn routes<H: Host>() -> Router<H> {
    Router::new()
        .route("/api/games/{id}", get(game_view::<H>))
        .route("/api/games/{id}/sgf", get(sgf::<H>))
        .route("/api/games/{id}/estimate", get(score_estimate::<H>))
}

/// `GET /api/games/{id}`: the game's state and every move.
async fn game_view<H: Host>(
    State(state): State<H>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let handle = match state
        .here_or_get(&id, &headers, format!("/api/games/{id}"))
        .await?
    {
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

/// `GET /api/games/{id}/sgf[?chat=players]`: the record, once the game is over.
async fn sgf<H: Host>(
    State(state): State<H>,
    Path(id): Path<String>,
    Query(query): Query<SgfQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let chat = match query.chat.as_deref() {
        None | Some("none") => crate::sgf::Chat::Without,
        Some("players") => crate::sgf::Chat::Players,
        Some(other) => {
            return Err(AppError::BadRequest(format!(
                "chat={other:?}: the record can carry the players' chat (chat=players) or none"
            )));
        }
    };
    let path = match chat {
        crate::sgf::Chat::Without => format!("/api/games/{id}/sgf"),
        crate::sgf::Chat::Players => format!("/api/games/{id}/sgf?chat=players"),
    };
    let handle = match state.here_or_get(&id, &headers, path).await? {
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

/// Score estimates one address may ask for at once, and how often one more after that.
pub(crate) const BURST: u32 = 10;
pub(crate) const REFILL: Duration = Duration::from_secs(6);

/// Tengen's estimate of a game in play, as `GET /api/games/{id}/estimate` answers it.
#[derive(Serialize)]
struct ScoreEstimate {
    /// The position estimated: the moves played.
    ply: usize,
    /// Each point's part in the estimated count, as the scoring phase's `ownership`.
    ownership: String,
    /// The estimated result, `B+3.5`.
    result: String,
    /// The count in words: each side's terms and total.
    breakdown: String,
    /// Groups whose life the estimator could not settle (their status depends on who
    /// plays first): the margin may swing with them.
    unsettled: usize,
}

/// `GET /api/games/{id}/estimate`: Tengen's estimate of the score of a game in play, for
/// anyone watching, in games whose settings allow it (never rated or tournament games).
async fn score_estimate<H: Host>(
    State(state): State<H>,
    Path(id): Path<String>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let path = format!("/api/games/{id}/estimate");
    let handle = match state.here_or_get(&id, &headers, path).await? {
        Ok(h) => h,
        Err(answer) => return Ok(answer),
    };
    let game = handle
        .ask(|reply| ActorMsg::Estimable { reply })
        .await
        .ok_or_else(|| AppError::Unavailable("try again".into()))?
        .map_err(AppError::Forbidden)?;
    state
        .estimates()
        .take(peer_ip(peer.as_deref()))
        .map_err(|wait| {
            AppError::TooMany(format!(
                "too many score estimates from this address; try again in {} s",
                wait.as_secs() + 1
            ))
        })?;
    let ply = game.moves().len();
    let estimate = {
        let _permit = state.searches().acquire().await;
        crate::dead_stones::estimate_position(game.clone()).await
    }
    .ok_or_else(|| AppError::Unavailable("the estimate did not finish; try again".into()))?;
    Ok(Json(ScoreEstimate {
        ply,
        ownership: crate::view::ownership_map(&estimate.score, &game),
        result: estimate.score.result.to_string(),
        breakdown: estimate.score.breakdown(),
        unsettled: estimate.unsettled().count(),
    })
    .into_response())
}
