//! The page's scripts beyond `app.js`, embedded in the binary like the rest of the page
//! (plain scripts sharing one scope, loaded in order by `index.html`; no build step).

use axum::{
    Router,
    extract::Path,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};

const SCRIPTS: &[(&str, &str)] = &[
    ("board.js", include_str!("../../web/board.js")),
    ("review.js", include_str!("../../web/review.js")),
    ("analysis.js", include_str!("../../web/analysis.js")),
    ("sound.js", include_str!("../../web/sound.js")),
    ("chat.js", include_str!("../../web/chat.js")),
    ("rematch.js", include_str!("../../web/rematch.js")),
    ("club.js", include_str!("../../web/club.js")),
    ("tournaments.js", include_str!("../../web/tournaments.js")),
    ("variations.js", include_str!("../../web/variations.js")),
    ("count.js", include_str!("../../web/count.js")),
    ("record.js", include_str!("../../web/record.js")),
    ("home.js", include_str!("../../web/home.js")),
];

/// `GET /js/{name}`: one of [`SCRIPTS`].
pub(crate) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new().route("/js/{name}", get(script))
}

async fn script(Path(name): Path<String>) -> Response {
    match SCRIPTS.iter().find(|(n, _)| *n == name) {
        Some((_, text)) => (
            [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
            *text,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such script").into_response(),
    }
}
