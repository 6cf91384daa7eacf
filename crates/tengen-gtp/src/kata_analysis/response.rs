//! The lines Tengen answers in KataGo's analysis protocol: an analysis of one turn, a
//! turn terminated before any search, an error, a warning.
//!
//! Keys come out sorted, as KataGo's JSON library writes them.

use serde_json::{Map, Value, json};
use tengen_core::{BoardSize, Color, Game, Move, move_text};
use tengen_engine::SearchResult;

use super::query::{Notice, Perspective, Settings};

/// KataGo's error without an id: the line could not be read as a query.
pub(crate) fn general_error(message: &str) -> String {
    json!({ "error": message }).to_string()
}

/// An error about one field of the query `id`: the query is dropped.
pub(crate) fn field_error(id: &str, notice: &Notice) -> String {
    json!({ "id": id, "field": notice.field, "error": notice.message }).to_string()
}

/// A warning about one field of the query `id`: the query goes on.
pub(crate) fn field_warning(id: &str, notice: &Notice) -> String {
    json!({ "id": id, "field": notice.field, "warning": notice.message }).to_string()
}

/// A turn terminated before its search began.
pub(crate) fn no_results(id: &str, turn: usize) -> String {
    json!({ "id": id, "turnNumber": turn, "isDuringSearch": false, "noResults": true }).to_string()
}

/// The search's result for one turn.
pub(crate) struct Analysis<'a> {
    pub(crate) id: &'a str,
    pub(crate) turn: usize,
    pub(crate) game: &'a Game,
    pub(crate) settings: &'a Settings,
    pub(crate) result: &'a SearchResult,
    pub(crate) during_search: bool,
    /// The root's prior per move, when the query asked for the policy.
    pub(crate) priors: Option<&'a [(Move, f64)]>,
}

/// Values for the player to move, turned to the perspective asked: `flip` when that is
/// the opponent's.
struct View {
    flip: bool,
}

impl View {
    fn winrate(&self, w: f64) -> f64 {
        round(if self.flip { 1.0 - w } else { w })
    }

    fn score(&self, s: f64) -> f64 {
        // `+ 0.0` turns −0 into 0.
        round(if self.flip { -s } else { s }) + 0.0
    }
}

/// Eight significant digits at most, as KataGo rounds (`Global::roundDynamic`).
fn round(x: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return 0.0;
    }
    let scale = 10f64.powi(7 - x.abs().log10().floor() as i32);
    (x * scale).round() / scale
}

impl Analysis<'_> {
    /// The response line.
    pub(crate) fn to_line(&self) -> String {
        let to_move = self.game.to_move();
        let view = View {
            flip: match self.settings.perspective {
                Perspective::Black => to_move == Color::White,
                Perspective::White => to_move == Color::Black,
                Perspective::SideToMove => false,
            },
        };
        let size = self.game.size();
        let move_infos: Vec<Value> = self
            .result
            .moves
            .iter()
            .enumerate()
            .map(|(order, info)| {
                let pv: Vec<String> = info
                    .pv
                    .iter()
                    .take(self.settings.pv_len + 1)
                    .map(|&mv| move_text(mv, size))
                    .collect();
                json!({
                    "move": move_text(info.mv, size),
                    "visits": info.visits,
                    "edgeVisits": info.visits,
                    "winrate": view.winrate(info.winrate),
                    "lcb": view.winrate(info.lcb),
                    "utility": view.score(2.0 * info.winrate - 1.0),
                    "scoreLead": view.score(info.score_lead),
                    "scoreMean": view.score(info.score_lead),
                    "scoreSelfplay": view.score(info.score_lead),
                    "prior": round(info.prior),
                    "order": order,
                    "pv": pv,
                })
            })
            .collect();
        let result = self.result;
        let mut response = Map::new();
        response.insert("id".into(), self.id.into());
        response.insert("turnNumber".into(), self.turn.into());
        response.insert("isDuringSearch".into(), self.during_search.into());
        response.insert("moveInfos".into(), Value::Array(move_infos));
        response.insert(
            "rootInfo".into(),
            json!({
                "currentPlayer": if to_move == Color::Black { "B" } else { "W" },
                "visits": result.root_visits,
                "winrate": view.winrate(result.winrate),
                "scoreLead": view.score(result.score_lead),
                "scoreSelfplay": view.score(result.score_lead),
                "utility": view.score(2.0 * result.winrate - 1.0),
            }),
        );
        if self.settings.ownership {
            response.insert("ownership".into(), self.ownership().into());
        }
        if let Some(priors) = self.priors {
            response.insert("policy".into(), policy(self.game, priors).into());
        }
        Value::Object(response).to_string()
    }

    /// Black-positive ownership turned to the perspective, row by row from the top-left.
    fn ownership(&self) -> Vec<f64> {
        let black_sign = match self.settings.perspective {
            Perspective::Black => 1.0,
            Perspective::White => -1.0,
            Perspective::SideToMove => f64::from(self.game.to_move().sign()),
        };
        let points = self.game.size().area();
        let mut values: Vec<f64> = self
            .result
            .ownership
            .iter()
            .map(|&o| (black_sign * o * 1e6).round() / 1e6 + 0.0)
            .collect();
        // A search cancelled before its first playout has no map: nobody owns anything.
        values.resize(points, 0.0);
        values
    }
}

/// KataGo's `policy`: a value per point, row by row from the top-left, then the pass;
/// `-1` for an illegal move, 0 for a legal one the search's root leaves out.
fn policy(game: &Game, priors: &[(Move, f64)]) -> Vec<f64> {
    let size: BoardSize = game.size();
    let index = |mv: Move| match mv {
        Move::Play(p) => usize::from(p.y) * usize::from(size.get()) + usize::from(p.x),
        Move::Pass => size.area(),
    };
    let mut values = vec![-1.0; size.area() + 1];
    for mv in game.legal_moves() {
        values[index(mv)] = 0.0;
    }
    for &(mv, prior) in priors {
        if values[index(mv)] >= 0.0 {
            values[index(mv)] = round(prior);
        }
    }
    values
}
