//! The reviews' API: upload a record, follow its review, try a variation, download the
//! record with the analysis. A finished game's review is started at
//! `POST /api/games/{id}/review` and then followed here under the game's id too.

use std::net::{IpAddr, SocketAddr};

use axum::{
    Extension, Json, Router,
    body::Body,
    extract::{ConnectInfo, Path, Query, State},
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::Deserialize;

use super::{ReviewTree, Reviews, UPLOAD_LIMIT};
use crate::{
    error::{AppError, form},
    game::record::now_ms,
    game::wire::Xy,
    limits::peer_ip,
    secret,
    store::ClubDb,
};

/// What the reviews' routes need of the server.
pub(crate) trait Host: Clone + Send + Sync + 'static {
    /// The server's reviews.
    fn reviews(&self) -> &Reviews;
    /// Counts an upload from `ip` against the allowance for new games (a review costs as
    /// much search as a game against Tengen).
    fn admit_upload(&self, ip: IpAddr) -> Result<(), AppError>;
    /// The database that keeps uploaded records.
    fn db(&self) -> ClubDb;
}

pub(crate) fn routes<H: Host>() -> Router<H> {
    Router::new()
        .route(
            "/api/reviews",
            // The record's own limit (`UPLOAD_LIMIT`), over the server's 16 KiB for forms.
            post(upload::<H>),
        )
        .route("/api/reviews/{id}", get(progress::<H>))
        .route("/api/reviews/{id}/try", post(try_variation::<H>))
        .route(
            "/api/reviews/{id}/sgf",
            get(download::<H>).post(download_with_variations::<H>),
        )
}

/// `POST /api/reviews` with an SGF record as the body: starts its review under a new,
/// unguessable id (`201`), or says which node of the record is wrong and why (`400`).
async fn upload<H: Host>(
    State(host): State<H>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, AppError> {
    let too_large = || {
        AppError::TooLarge(format!(
            "the record is over {} KiB, the most Tengen reviews (a game record with its \
             variations is a few KiB)",
            UPLOAD_LIMIT / 1024
        ))
    };
    // A body that says it is too long is refused before any of it is read; one that does
    // not say is read up to the limit.
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > UPLOAD_LIMIT as u64) {
        return Err(too_large());
    }
    let bytes = axum::body::to_bytes(body, UPLOAD_LIMIT)
        .await
        .map_err(|e| {
            if e.to_string().contains("length limit") {
                too_large()
            } else {
                AppError::BadRequest(format!("the upload broke off: {e}"))
            }
        })?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(AppError::BadRequest(
            "no record: send the SGF text as the request's body".into(),
        ));
    }
    host.admit_upload(peer_ip(peer.as_deref()))?;
    // Reading and checking a record of 1 MiB takes milliseconds; off the async threads all
    // the same.
    let record = bytes.clone();
    let tree = tokio::task::spawn_blocking(move || ReviewTree::from_sgf(&record))
        .await
        .map_err(|_| AppError::Internal("reading an uploaded record failed".into()))?
        .map_err(AppError::BadRequest)?;
    let id = secret::new_token();
    let view = host.reviews().start_tree(&id, tree)?;
    super::kept::keep(&host.db(), &id, &bytes, now_ms())
        .await
        .map_err(|e| AppError::Unavailable(format!("the record could not be kept: {e}")))?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// Starts review `id` again from its kept record when the server no longer has it in memory
/// (after a restart, or when it was forgotten to make room): its link keeps working.
async fn revive<H: Host>(host: &H, id: &str) -> Result<(), AppError> {
    if host.reviews().get(id, usize::MAX).is_some() || !secret::looks_like_token(id) {
        return Ok(());
    }
    let kept = super::kept::kept(&host.db(), id)
        .await
        .map_err(|e| AppError::Unavailable(format!("the kept record could not be read: {e}")))?;
    let Some(bytes) = kept else { return Ok(()) };
    let tree = tokio::task::spawn_blocking(move || ReviewTree::from_sgf(&bytes))
        .await
        .map_err(|_| AppError::Internal("reading a kept record failed".into()))?
        .map_err(|e| AppError::Internal(format!("the kept record no longer reads: {e}")))?;
    host.reviews().start_tree(id, tree)?;
    Ok(())
}

#[derive(Deserialize)]
struct ProgressQuery {
    /// Positions from the `from`-th searched on (those before it the page already has).
    #[serde(default)]
    from: usize,
}

fn missing() -> AppError {
    AppError::NotFound(
        "no such review: the link is wrong, or it is a finished game's review the server \
         has forgotten since (open the game and review it again)"
            .into(),
    )
}

/// `GET /api/reviews/{id}?from=N`: the review's progress and its positions from the `N`-th
/// searched on (with the record when `N` is 0).
async fn progress<H: Host>(
    State(host): State<H>,
    Path(id): Path<String>,
    Query(query): Query<ProgressQuery>,
) -> Result<Response, AppError> {
    revive(&host, &id).await?;
    host.reviews()
        .get(&id, query.from)
        .map(|view| Json(view).into_response())
        .ok_or_else(missing)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Tried {
    /// The review's node the variation leaves from.
    node: usize,
    /// Its moves in turn: `[x, y]`, or `null` for a pass.
    moves: Vec<Option<Xy>>,
}

/// `POST /api/reviews/{id}/try` `{node, moves}`: Tengen's view of the position after a
/// variation the player tries, with each move's captures; `400` saying which move is
/// illegal and why.
async fn try_variation<H: Host>(
    State(host): State<H>,
    Path(id): Path<String>,
    body: Result<Json<Tried>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, AppError> {
    let tried = form(body)?;
    revive(&host, &id).await?;
    let view = host
        .reviews()
        .try_variation(&id, tried.node, tried.moves)
        .await?;
    Ok(Json(view).into_response())
}

/// `GET /api/reviews/{id}/sgf`: the record with the analysis so far in it.
async fn download<H: Host>(
    State(host): State<H>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    revive(&host, &id).await?;
    let (tree, positions) = host.reviews().analysed(&id).ok_or_else(missing)?;
    sgf_attachment(&id, tree, positions, Vec::new()).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Download {
    /// The variations the reader tried on the page, as `POST /api/reviews/{id}/try` took them.
    variations: Vec<Tried>,
}

/// `POST /api/reviews/{id}/sgf` `{variations: [{node, moves}, …]}`: the record with the
/// analysis so far and the reader's own tried variations in it (each page keeps its own;
/// the server does not share one reader's variations with the others).
async fn download_with_variations<H: Host>(
    State(host): State<H>,
    Path(id): Path<String>,
    body: Result<Json<Download>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, AppError> {
    let variations = form(body)?
        .variations
        .into_iter()
        .map(|t| (t.node, t.moves))
        .collect();
    revive(&host, &id).await?;
    // Checking up to 200 variations replays them: off the async threads.
    let (tree, positions, tried) = {
        let host = host.clone();
        let id = id.clone();
        tokio::task::spawn_blocking(move || host.reviews().analysed_with(&id, variations))
            .await
            .map_err(|_| AppError::Internal("checking the tried variations failed".into()))??
    };
    sgf_attachment(&id, tree, positions, tried).await
}

/// The reviewed record, written off the async runtime, as a file to save.
async fn sgf_attachment(
    id: &str,
    tree: std::sync::Arc<ReviewTree>,
    positions: Vec<super::PositionReview>,
    tried: Vec<super::TriedLine>,
) -> Result<Response, AppError> {
    let text =
        tokio::task::spawn_blocking(move || super::sgf_out::write(&tree, &positions, &tried))
            .await
            .map_err(|_| AppError::Internal("writing the reviewed record failed".into()))?;
    let name: String = id.chars().take(8).collect();
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-go-sgf; charset=utf-8".to_owned(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"tengen-review-{name}.sgf\""),
            ),
        ],
        text,
    )
        .into_response())
}
