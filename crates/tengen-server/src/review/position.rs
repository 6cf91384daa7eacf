//! Tengen's view of one position (win rate, score lead, its move and the other candidates,
//! ownership), from its own search or from an external analysis engine's answer, and the
//! moves of the main line that cost their player the most.

use std::collections::HashMap;

use serde::Serialize;
use tengen_core::{BoardSize, Color, Game, Move, move_text};
use tengen_engine::SearchResult;
use tengen_gtp::KataAnalysis;

use crate::game::wire::{Xy, xy};

/// Candidates shown per position: the page colours them by how much worse than the best
/// they are, as KaTrain and Lizzie do.
const CANDIDATES: usize = 8;

/// Moves of the best move's principal variation shown, the move itself included.
const PV_SHOWN: usize = 6;

/// One of the moves the search looked at.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub(crate) struct Candidate {
    /// Where (`None`: pass), and as text.
    pub at: Option<Xy>,
    pub text: String,
    /// Playouts through it.
    pub visits: u32,
    /// Black's chance to win after it, 0 to 1, and Black's lead in points.
    pub black_winrate: f64,
    pub black_lead: f64,
}

/// Tengen's view of one position.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub(crate) struct PositionReview {
    /// The review's node (on the main line, the number of moves played).
    pub node: usize,
    /// The position after this many moves (0: before the first).
    pub ply: usize,
    /// Black's chance to win, 0 to 1.
    pub black_winrate: f64,
    /// Black's expected margin at the end in points under the game's rules and komi
    /// (negative: White leads): the median of the playouts.
    pub black_lead: f64,
    /// Who is to move here.
    pub to_move: Color,
    /// Tengen's move for the player to move (`None`: pass).
    pub best: Option<Xy>,
    /// The same as text (`D4`, `pass`), with the few moves it expects to follow.
    pub best_text: String,
    pub pv: Vec<String>,
    /// The moves the search looked at most, most visited first.
    pub candidates: Vec<Candidate>,
    /// Per point, row by row: how surely Black (+100) or White (−100) owns it at the end.
    pub ownership: Vec<i8>,
    /// Playouts this position got (an external engine's visits).
    pub playouts: u64,
    /// Whose view this is: `Tengen`, or the external analysis engine's name.
    pub engine: String,
}

/// The name of Tengen's own engine in a review.
pub(crate) const OWN_ENGINE: &str = "Tengen";

/// The name a review gives the external engine that runs `program` (its file name,
/// [`KataEngine::program`](tengen_gtp::KataEngine::program)), spelt as the program spells
/// itself where known: what the page and the downloaded record credit.
pub(crate) fn engine_name(program: &str) -> String {
    match program.to_ascii_lowercase().as_str() {
        "" => "the analysis engine".to_owned(),
        "katago" => "KataGo".to_owned(),
        "tengen" => OWN_ENGINE.to_owned(),
        _ => program.to_owned(),
    }
}

/// Black's share of a value the search gives for the player to move.
fn for_black(to_move: Color, winrate: f64) -> f64 {
    let w = match to_move {
        Color::Black => winrate,
        Color::White => 1.0 - winrate,
    };
    share(w)
}

/// A lead as the page shows it, to a tenth of a point (an analysis engine's mean lead has
/// every digit; Tengen's median is already in halves).
fn points(lead: f64) -> f64 {
    (lead * 10.0).round() / 10.0
}

/// A win rate as the page shows it: 0 to 1, to a tenth of a percent.
fn share(winrate: f64) -> f64 {
    (winrate.clamp(0.0, 1.0) * 1000.0).round() / 1000.0
}

/// An owner's certainty as the page draws it: −1..1 as −100..100.
fn percent(ownership: f64) -> i8 {
    (ownership.clamp(-1.0, 1.0) * 100.0).round() as i8
}

/// Tengen's view of `result`, the search of `game` at review node `node`.
pub(crate) fn position_review(node: usize, game: &Game, result: &SearchResult) -> PositionReview {
    let size = game.size();
    let to_move = game.to_move();
    let sign = f64::from(to_move.sign());
    let best = result.best;
    PositionReview {
        node,
        ply: game.moves().len(),
        black_winrate: for_black(to_move, result.winrate),
        black_lead: sign * result.score_lead,
        to_move,
        best: best.point().map(xy),
        best_text: move_text(best, size),
        pv: result
            .moves
            .first()
            .map(|m| pv_text(&m.pv, size))
            .unwrap_or_default(),
        candidates: result
            .moves
            .iter()
            .take(CANDIDATES)
            .map(|m| Candidate {
                at: m.mv.point().map(xy),
                text: move_text(m.mv, size),
                visits: m.visits,
                black_winrate: for_black(to_move, m.winrate),
                black_lead: sign * m.score_lead,
            })
            .collect(),
        ownership: result.ownership.iter().copied().map(percent).collect(),
        playouts: result.playouts,
        engine: OWN_ENGINE.to_owned(),
    }
}

/// The first [`PV_SHOWN`] moves of a principal variation, as GTP vertices.
fn pv_text(pv: &[Move], size: BoardSize) -> Vec<String> {
    pv.iter()
        .take(PV_SHOWN)
        .map(|&mv| move_text(mv, size))
        .collect()
}

/// The view of `game` at review node `node` by the external analysis engine `engine` (its
/// name), in the same form as Tengen's own (its values are already Black's).
pub(crate) fn kata_review(
    node: usize,
    game: &Game,
    analysis: &KataAnalysis,
    engine: &str,
) -> PositionReview {
    let size = game.size();
    let best = analysis.moves.first();
    let best_move = best.map_or(Move::Pass, |m| m.mv);
    PositionReview {
        node,
        ply: game.moves().len(),
        black_winrate: share(analysis.winrate),
        black_lead: points(analysis.score_lead),
        to_move: game.to_move(),
        best: best_move.point().map(xy),
        best_text: move_text(best_move, size),
        pv: best.map(|m| pv_text(&m.pv, size)).unwrap_or_default(),
        candidates: analysis
            .moves
            .iter()
            .take(CANDIDATES)
            .map(|m| Candidate {
                at: m.mv.point().map(xy),
                text: move_text(m.mv, size),
                visits: u32::try_from(m.visits).unwrap_or(u32::MAX),
                black_winrate: share(m.winrate),
                black_lead: points(m.score_lead),
            })
            .collect(),
        // An engine that sends no ownership leaves the map blank (nobody's).
        ownership: analysis.ownership.as_ref().map_or_else(
            || vec![0; size.area()],
            |o| o.iter().copied().map(percent).collect(),
        ),
        playouts: analysis.visits,
        engine: engine.to_owned(),
    }
}

/// A move that lowered its player's win rate.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub(crate) struct Mistake {
    /// The move's number (the position before it is `ply - 1`).
    pub ply: usize,
    pub color: Color,
    /// What was played (`C4`, `pass`).
    pub played: String,
    /// The mover's win rate before and after the move.
    pub before: f64,
    pub after: f64,
    /// What Tengen would have played instead.
    pub best: String,
}

/// Only drops of at least this much are listed (lichess calls 10 points an inaccuracy).
const MISTAKE_DROP: f64 = 0.10;
/// The biggest mistakes listed.
const MISTAKES_SHOWN: usize = 6;

/// The moves after which their player's win rate was lowest compared with before, biggest
/// drop first: only moves whose positions before and after were both reviewed. `positions`
/// are the main line's (their `ply` is their node).
pub(crate) fn mistakes<'a>(
    positions: impl Iterator<Item = &'a PositionReview>,
    played: &[(Color, Move)],
    size: BoardSize,
) -> Vec<Mistake> {
    let by_ply: HashMap<usize, &PositionReview> = positions.map(|p| (p.ply, p)).collect();
    let mut found: Vec<(f64, Mistake)> = played
        .iter()
        .enumerate()
        .filter_map(|(i, &(color, mv))| {
            let (before, after) = (by_ply.get(&i)?, by_ply.get(&(i + 1))?);
            let mine = |p: &PositionReview| match color {
                Color::Black => p.black_winrate,
                Color::White => 1.0 - p.black_winrate,
            };
            let drop = mine(before) - mine(after);
            (drop >= MISTAKE_DROP).then(|| {
                (
                    drop,
                    Mistake {
                        ply: i + 1,
                        color,
                        played: move_text(mv, size),
                        before: mine(before),
                        after: mine(after),
                        best: before.best_text.clone(),
                    },
                )
            })
        })
        .collect();
    found.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.ply.cmp(&b.1.ply)));
    found
        .into_iter()
        .take(MISTAKES_SHOWN)
        .map(|(_, m)| m)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_core::Point;

    pub(crate) fn review(ply: usize, black_winrate: f64, best: &str) -> PositionReview {
        PositionReview {
            node: ply,
            ply,
            black_winrate,
            black_lead: 0.0,
            to_move: if ply.is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            },
            best: None,
            best_text: best.into(),
            pv: vec![],
            candidates: vec![],
            ownership: vec![],
            playouts: 0,
            engine: OWN_ENGINE.to_owned(),
        }
    }

    #[test]
    fn a_mistake_is_a_drop_in_the_win_rate_of_the_side_that_moved() {
        let played = [
            (Color::Black, Move::Play(Point::new(2, 2))),
            (Color::White, Move::Play(Point::new(0, 0))),
            (Color::Black, Move::Play(Point::new(4, 4))),
            (Color::White, Move::Pass),
        ];
        // White's 1-1 (move 2) lifts Black from 55 % to 80 %: White's mistake of 25
        // points. Black's move 3 drops Black to 60 %: 20 points. White's pass (move 4)
        // lowers White's chance by 5 points only: not listed. Move 1 raises Black's.
        let positions = [
            review(0, 0.5, "E5"),
            review(1, 0.55, "C3"),
            review(2, 0.8, "E5"),
            review(3, 0.6, "D4"),
            review(4, 0.65, "pass"),
        ];
        let found = mistakes(positions.iter(), &played, BoardSize::new(5).unwrap());
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!((found[0].ply, found[0].played.as_str()), (2, "A5"));
        assert_eq!(found[0].best, "C3", "what Tengen preferred before the move");
        assert!((found[0].before - 0.45).abs() < 1e-9 && (found[0].after - 0.2).abs() < 1e-9);
        assert_eq!((found[1].ply, found[1].best.as_str()), (3, "E5"));
    }

    #[test]
    fn an_external_engines_answer_reads_as_blacks_view_with_at_most_eight_candidates() {
        let size = BoardSize::new(9).unwrap();
        let mut game = Game::new(size, tengen_core::Rules::japanese());
        game.play(Move::Play(Point::new(4, 4))).unwrap();
        let c3 = Move::Play(Point::new(2, 6));
        let info = tengen_gtp::KataMoveInfo {
            mv: c3,
            visits: 10_000_000_000,
            winrate: 0.2345678,
            score_lead: -4.2345678,
            prior: 0.3,
            pv: vec![c3; 9],
        };
        let analysis = KataAnalysis {
            winrate: 0.2345678,
            score_lead: -4.2345678,
            visits: 1234,
            moves: vec![info; 12],
            ownership: Some(vec![-0.5; 81]),
            warnings: vec![],
        };
        let p = kata_review(1, &game, &analysis, "KataGo");
        assert_eq!((p.ply, p.to_move), (1, Color::White));
        // Shown to a tenth of a percent and of a point.
        assert_eq!((p.black_winrate, p.black_lead), (0.235, -4.2));
        assert_eq!(p.candidates[0].black_lead, -4.2);
        assert_eq!(
            (p.best_text.as_str(), p.best),
            ("C3", Some(xy(Point::new(2, 6))))
        );
        assert_eq!((p.pv.len(), p.candidates.len()), (PV_SHOWN, CANDIDATES));
        assert_eq!(p.candidates[0].visits, u32::MAX);
        assert_eq!(p.ownership, vec![-50; 81]);
        assert_eq!(p.playouts, 1234);

        let silent = KataAnalysis {
            moves: vec![],
            ownership: None,
            ..analysis
        };
        let p = kata_review(1, &game, &silent, "KataGo");
        assert_eq!((p.best, p.best_text.as_str()), (None, "pass"));
        assert_eq!(p.ownership, vec![0; 81], "no ownership sent: nobody's");
    }

    #[test]
    fn a_move_whose_positions_were_not_both_reviewed_is_not_judged() {
        let played = [(Color::Black, Move::Pass), (Color::White, Move::Pass)];
        // Position 2 (after the two passes) is not in play, so it has no review.
        let positions = [review(0, 0.9, "C3"), review(1, 0.1, "C3")];
        let found = mistakes(positions.iter(), &played, BoardSize::new(5).unwrap());
        assert_eq!(found.iter().map(|m| m.ply).collect::<Vec<_>>(), vec![1]);
    }
}
