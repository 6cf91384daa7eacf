//! Tengen's look at one game through the API: the score estimate of a game in play
//! (`GET /api/games/{id}/estimate`) and the review of a finished one
//! (`/api/games/{id}/review`).

use std::net::SocketAddr;

use axum::{
    Extension, Json,
    extract::{ConnectInfo, Path, Query, State},
    http::HeaderMap,
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};

use super::{AppState, here_or_get};
use tengen_engine::estimate::Estimate;

use crate::{
    error::AppError,
    game::actor::{self, ActorMsg, Estimable},
    game::wire::{Xy, xy},
    limits::peer_ip,
    secret,
};

/// Score estimates one address may ask for at once, and how often one more after that.
pub(super) const ESTIMATES_BURST: u32 = 10;
pub(super) const ESTIMATES_REFILL: std::time::Duration = std::time::Duration::from_secs(6);

/// Tengen's estimate of a game in play or in its count, as
/// `GET /api/games/{id}/estimate` answers it.
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
    /// Every group's verdict and why.
    groups: Vec<GroupVerdict>,
    /// The open boundaries: points a sealing move must fill before the count is final.
    needs_sealing: Vec<SealingView>,
    /// No open boundary and no unsettled group.
    finished: bool,
}

/// One group's verdict in [`ScoreEstimate`].
#[derive(Serialize)]
struct GroupVerdict {
    color: tengen_core::Color,
    /// `alive`, `dead` or `seki`.
    status: &'static str,
    stones: Vec<Xy>,
    /// The reason's name (`dies-by-reading`, …), as `tengen score --json` gives it.
    reason: &'static str,
    /// The reason in words; with the reading's line only where the game allows analysis
    /// (elsewhere play may resume after a dispute, and the line would be advice).
    why: String,
    /// Why its status depends on who moves first, if it does.
    unsettled: Option<String>,
    /// The estimator could not decide it: a best guess.
    uncertain: bool,
}

/// An open boundary in [`ScoreEstimate`].
#[derive(Serialize)]
struct SealingView {
    /// Who gains by sealing.
    color: tengen_core::Color,
    /// The points to play.
    points: Vec<Xy>,
    /// What becomes that side's territory once they are played.
    encloses: Vec<Xy>,
}

impl ScoreEstimate {
    fn new(estimate: &Estimate, game: &tengen_core::Game, with_lines: bool) -> ScoreEstimate {
        let size = game.size();
        let points = |ps: &[tengen_core::Point]| ps.iter().map(|&p| xy(p)).collect();
        ScoreEstimate {
            ply: game.moves().len(),
            ownership: crate::game::view::ownership_map(&estimate.score, game),
            result: estimate.score.result.to_string(),
            breakdown: estimate.score.breakdown(),
            unsettled: estimate.unsettled().count(),
            groups: estimate
                .verdicts()
                .iter()
                .map(|v| GroupVerdict {
                    color: v.color,
                    status: v.status.name(),
                    stones: points(&v.stones),
                    reason: v.reason.name(),
                    why: if with_lines {
                        v.reason.describe(size)
                    } else {
                        v.reason.summary().to_owned()
                    },
                    unsettled: v.unsettled.as_ref().map(|u| {
                        if with_lines {
                            u.describe(size)
                        } else {
                            "its status depends on who moves first: play it out".to_owned()
                        }
                    }),
                    uncertain: v.uncertain,
                })
                .collect(),
            needs_sealing: estimate
                .sealing
                .iter()
                .map(|s| SealingView {
                    color: s.color,
                    points: points(&s.points),
                    encloses: points(&s.encloses),
                })
                .collect(),
            finished: estimate.finished(),
        }
    }
}

/// `GET /api/games/{id}/estimate`: Tengen's estimate of the score, for anyone watching: of a
/// game in play whose settings allow it (never rated or tournament games), and of any game
/// in its scoring phase, where it explains the count (every group's verdict, the points that
/// need sealing) and is made once for all who ask.
pub(super) async fn score_estimate(
    State(state): State<AppState>,
    Path(id): Path<String>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let path = format!("/api/games/{id}/estimate");
    let handle = match here_or_get(&state, &id, &headers, path).await? {
        Ok(h) => h,
        Err(answer) => return Ok(answer),
    };
    let Estimable {
        game,
        analysis,
        known,
    } = handle
        .ask(|reply| ActorMsg::Estimable { reply })
        .await
        .ok_or_else(|| AppError::Unavailable("try again".into()))?
        .map_err(AppError::Forbidden)?;
    if let Some(estimate) = known {
        return Ok(Json(ScoreEstimate::new(&estimate, &game, analysis)).into_response());
    }
    state
        .0
        .estimates
        .take(peer_ip(peer.as_deref()))
        .map_err(|wait| {
            AppError::TooMany(format!(
                "too many score estimates from this address; try again in {} s",
                wait.as_secs() + 1
            ))
        })?;
    let estimate = {
        let _permit = state.0.searches.acquire().await;
        crate::game::dead_stones::estimate_position(game.clone()).await
    }
    .ok_or_else(|| AppError::Unavailable("the estimate did not finish; try again".into()))?;
    let answer = ScoreEstimate::new(&estimate, &game, analysis);
    if game.phase() == tengen_core::Phase::Scoring {
        let estimate = std::sync::Arc::new(estimate);
        let _ = handle
            .tx
            .send(ActorMsg::Explained {
                ply: answer.ply,
                estimate,
            })
            .await;
    }
    Ok(Json(answer).into_response())
}

#[derive(Deserialize)]
pub(super) struct ReviewQuery {
    /// Positions from this ply on (those before it the page already has).
    #[serde(default)]
    from: usize,
}

/// `POST /api/games/{id}/review`: starts Tengen's review of a finished game (or gives the one
/// under way or done).
pub(super) async fn start_review(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    if let Some(view) = state.0.reviews.get(&id, 0) {
        return Ok(Json(view).into_response());
    }
    if !secret::valid_id(&id) {
        return Err(AppError::NotFound("no such game".into()));
    }
    // A finished game's log is complete in the store, whichever server ran it.
    let rt = actor::load_runtime(state.0.store.as_ref(), &id)
        .await?
        .ok_or_else(|| AppError::NotFound("no such game".into()))?;
    let game = match &rt.game {
        Some(game) if rt.finished() => game,
        _ => {
            return Err(AppError::Forbidden(
                "a game can be reviewed when it is over (anyone may watch a live game, so a \
                 review of one would help its players)"
                    .into(),
            ));
        }
    };
    let info = crate::review::RecordInfo {
        black: rt.setup.black.name().to_owned(),
        white: rt.setup.white.name().to_owned(),
        result: game.result().map(|r| r.to_sgf()),
        title: None,
    };
    Ok(Json(state.0.reviews.start(&id, game, info)?).into_response())
}

/// `GET /api/games/{id}/review?from=N`: the review's progress and its positions from `N` on.
pub(super) async fn review_progress(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<ReviewQuery>,
) -> Result<Response, AppError> {
    state
        .0
        .reviews
        .get(&id, query.from)
        .map(|view| Json(view).into_response())
        .ok_or_else(|| {
            AppError::NotFound(
                "this game has no review yet: POST to this address starts one".into(),
            )
        })
}
