//! The state every connection sees, built from a game's runtime.

use std::time::Instant;

use tengen_core::{ByColor, Color, Game, HalfPoints, Ownership, Phase, Score, move_text};

use crate::{
    game::clock::ClockSettings,
    game::runtime::Runtime,
    game::settings::SeatKind,
    game::wire::{
        ClockView, LastMove, PlayerView, ScoreView, SideScoreView, StateView, UndoView, xy,
    },
};

impl Runtime {
    /// `move 37 (D4)` or `moves 36–37 (Q16, D4)`.
    pub(crate) fn undo_description(&self, plies: u32, _by: Color) -> String {
        let Some(game) = &self.game else {
            return String::new();
        };
        let moves = game.moves();
        let n = moves.len();
        let from = n.saturating_sub(plies as usize);
        let names: Vec<String> = moves[from..]
            .iter()
            .map(|m| move_text(m.mv, game.size()))
            .collect();
        if plies == 1 {
            format!("move {} ({})", n, names.join(", "))
        } else {
            format!("moves {}–{} ({})", from + 1, n, names.join(", "))
        }
    }

    /// The state every connection sees.
    pub(crate) fn view(
        &self,
        v: u64,
        connected: ByColor<bool>,
        spectators: u32,
        now: Instant,
    ) -> StateView {
        let size = self.setup.size.get();
        let running = self.clock_running();
        let elapsed = self.elapsed_ms(now);
        let game = self.game.as_ref();
        let player = |c: Color| {
            let kind = self.seat_kind(c);
            let clock = (self.setup.time != ClockSettings::None).then(|| {
                let state = *self.clocks.get(c);
                ClockView {
                    at_turn_start: state,
                    running: running == Some(c),
                    elapsed_ms: if running == Some(c) { elapsed } else { 0 },
                    overtime: matches!(self.setup.time, ClockSettings::ByoYomi { .. })
                        && state.main_ms == 0,
                }
            });
            PlayerView {
                name: kind.name().to_owned(),
                kind: match kind {
                    SeatKind::Person { .. } => "person".into(),
                    SeatKind::Engine { .. } => "engine".into(),
                },
                joined: self.joined(c),
                connected: self.is_engine(c) || *connected.get(c),
                captures: game.map_or(0, |g| g.captures(c)),
                pass_stones: game.map_or(0, |g| g.pass_stones(c)),
                accepted: game.is_some_and(|g| g.accepted(c)),
                can_abort: self.can_abort(c),
                can_claim: self.can_claim(c),
                failure: self.engine_failure.get(c).clone(),
                level: match kind {
                    SeatKind::Engine { engine, level } if engine == crate::game::seats::OWN => {
                        Some(level.unwrap_or(crate::game::seats::DEFAULT_LEVEL))
                    }
                    _ => None,
                },
                thinking: *self.engine_thinking.get(c),
                clock,
            }
        };
        let mut board = String::with_capacity(usize::from(size) * usize::from(size));
        if let Some(g) = game {
            for p in g.size().points() {
                board.push(match g.board().get(p) {
                    None => '.',
                    Some(Color::Black) => 'B',
                    Some(Color::White) => 'W',
                });
            }
        } else {
            board.extend(std::iter::repeat_n(
                '.',
                usize::from(size) * usize::from(size),
            ));
        }
        let phase = game.map(Game::phase).filter(|_| !self.void());
        let counted = match phase {
            Some(Phase::Scoring) => true,
            Some(Phase::Finished(r)) => matches!(
                r,
                tengen_core::GameResult::Score { .. } | tengen_core::GameResult::Jigo
            ),
            _ => false,
        };
        let score = counted.then(|| game.map(Game::score)).flatten();
        StateView {
            v,
            id: self.id.clone(),
            size,
            rules: self.setup.rules.to_string(),
            rules_summary: self.setup.rules.describe(),
            komi: self.setup.komi().to_string(),
            handicap: self.setup.handicap,
            placement: self.setup.placement,
            time: self.setup.time,
            time_desc: self.setup.time.describe(),
            analysis: self.setup.analysis,
            phase: self.phase_view(),
            board,
            to_move: game.map_or(Color::Black, Game::to_move),
            ply: self.ply(),
            last_move: game.and_then(|g| g.moves().last()).map(|m| LastMove {
                color: m.color,
                at: m.mv.point().map(xy),
            }),
            ko_point: game
                .filter(|g| g.phase() == Phase::Playing && !self.void())
                .and_then(|g| g.board().ko_point(g.to_move()))
                .map(xy),
            black: player(Color::Black),
            white: player(Color::White),
            undo: self.undo.map(|u| UndoView {
                by: u.by,
                ply: u.ply,
                plies: u.plies,
                what: self.undo_description(u.plies, u.by),
            }),
            proposal: game.map_or(0, Game::dead_version),
            estimated: game.is_some_and(|g| {
                g.phase() == Phase::Scoring
                    && self.estimated == Some((g.resumptions(), g.dead_version()))
            }),
            ownership: score.as_ref().zip(game).map(|(s, g)| ownership_map(s, g)),
            score: score.as_ref().map(score_view),
            result: game.and_then(Game::result).map(|r| r.to_string()),
            aborted_by: self.aborted,
            expired: self.expired,
            resumptions: game.map_or(0, Game::resumptions),
            spectators,
            rematch: None,
        }
    }
}

/// Each point's part in the count, row by row: `A`live, `S`eki, dead (`X`), dead in seki
/// (`Z`), dead in a region nobody owns (`x`: a prisoner, its point dame), `b`/`w` territory,
/// `e` an eye in seki, `-` dame.
pub(crate) fn ownership_map(score: &Score, game: &Game) -> String {
    game.size()
        .points()
        .map(|p| match score.ownership(p) {
            Ownership::Alive(_) => 'A',
            Ownership::Seki(_) => 'S',
            Ownership::Dead(_) => 'X',
            Ownership::DeadInDame(_) => 'x',
            Ownership::DeadInSeki(_) => 'Z',
            Ownership::Territory(Color::Black) => 'b',
            Ownership::Territory(Color::White) => 'w',
            Ownership::SekiEye(_) => 'e',
            Ownership::Dame => '-',
        })
        .collect()
}

fn score_view(score: &Score) -> ScoreView {
    let side = |c: Color| {
        let s = score.sides.get(c);
        SideScoreView {
            territory: s.territory,
            stones: s.stones,
            captures: s.captures,
            dead: s.dead,
            pass_stones: s.pass_stones,
            komi: HalfPoints(s.komi_half_points).to_string(),
            compensation: s.compensation,
            total: HalfPoints(s.total_half_points).to_string(),
        }
    };
    ScoreView {
        scoring: match score.scoring {
            tengen_core::Scoring::Territory => "territory".into(),
            tengen_core::Scoring::Area => "area".into(),
        },
        black: side(Color::Black),
        white: side(Color::White),
        result: score.result.to_string(),
    }
}
