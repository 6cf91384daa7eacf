//! Command checks: the records a seat's command produces, or why it is refused (changing
//! nothing).

use std::time::Instant;

use tengen_core::{Color, Game, IllegalMove, Move, Phase, Point};

use crate::{
    game::clock::ClockSettings,
    game::lag,
    game::record::Record,
    game::refusal::{Outdated, Refusal},
    game::runtime::Runtime,
    game::wire::{ClientMsg, point, xy},
};

/// A player may abort the game until they play this many moves of their own (so: before
/// their second move).
pub(crate) const ABORT_BEFORE_OWN_MOVE: usize = 2;

impl Runtime {
    /// The records a seat's command produces, or why it is refused. Changes nothing.
    pub(crate) fn decide(
        &self,
        color: Color,
        msg: &ClientMsg,
        now: Instant,
    ) -> Result<Vec<Record>, Refusal> {
        self.decide_lagged(color, msg, now, 0)
    }

    /// As [`Runtime::decide`], for a command that came over a connection whose lag credit is
    /// `lag_ms` (half its round trip; capped at [`lag::LAG_CAP_MS`] here).
    pub(crate) fn decide_lagged(
        &self,
        color: Color,
        msg: &ClientMsg,
        now: Instant,
        lag_ms: u64,
    ) -> Result<Vec<Record>, Refusal> {
        let ply = self.ply();
        if self.aborted.is_some() {
            return Err(Refusal::Aborted);
        }
        if self.expired {
            return Err(Refusal::Expired);
        }
        match *msg {
            ClientMsg::Play { ply: p, x, y } => {
                self.move_records(color, p, Move::Play(Point::new(x, y)), now, lag_ms)
            }
            ClientMsg::Pass { ply: p } => self.move_records(color, p, Move::Pass, now, lag_ms),
            ClientMsg::Resign { .. } => {
                if self.finished() {
                    return Err(Refusal::GameOver);
                }
                Ok(vec![Record::Resign { by: color }])
            }
            ClientMsg::Abort { .. } => {
                if self.finished() {
                    return Err(Refusal::GameOver);
                }
                let own = self.own_moves(color);
                if own >= ABORT_BEFORE_OWN_MOVE && !self.opponent_failed(color) {
                    return Err(Refusal::AbortTooLate {
                        before: ABORT_BEFORE_OWN_MOVE,
                        played: own,
                    });
                }
                Ok(vec![Record::Aborted { by: color }])
            }
            ClientMsg::Claim { .. } => {
                if !self.can_claim(color) {
                    return Err(Refusal::NothingToClaim);
                }
                let reason = self.engine_failure.get(color.other()).clone();
                Ok(vec![Record::Forfeit {
                    color: color.other(),
                    reason,
                }])
            }
            ClientMsg::UndoRequest { ply: p } => {
                let game = self.playing()?;
                if p != ply {
                    return Err(Refusal::Outdated(Outdated::UndoRequest));
                }
                if self.undo.is_some() {
                    return Err(Refusal::UndoPending);
                }
                let moves = game.moves();
                let last_own = moves
                    .iter()
                    .enumerate()
                    .skip(self.undo_floor)
                    .rev()
                    .find(|(_, m)| m.color == color && !m.forced)
                    .map(|(i, _)| i)
                    .filter(|&i| moves.len() - i <= 2)
                    .ok_or(Refusal::NoMoveToTakeBack)?;
                let plies = (moves.len() - last_own) as u32;
                let mut records = vec![Record::UndoRequested {
                    by: color,
                    ply,
                    plies,
                }];
                if self.is_engine(color.other()) {
                    records.push(Record::UndoAccepted { plies });
                }
                Ok(records)
            }
            ClientMsg::UndoAnswer { ply: p, accept } => {
                let req = self
                    .undo
                    .filter(|r| r.by == color.other())
                    .ok_or(Refusal::NoUndoRequest)?;
                if p != req.ply || ply != req.ply {
                    return Err(Refusal::Outdated(Outdated::UndoAnswer));
                }
                Ok(vec![if accept {
                    Record::UndoAccepted { plies: req.plies }
                } else {
                    Record::UndoDeclined { by: color }
                }])
            }
            ClientMsg::PlaceHandicap { ref points } => {
                if color != Color::Black {
                    return Err(Refusal::HandicapIsBlacks);
                }
                if self.game.is_some() {
                    return Err(Refusal::StonesPlaced);
                }
                if !self.joined(Color::White) {
                    return Err(Refusal::OpponentAbsent);
                }
                let pts: Vec<Point> = points.iter().map(|&p| point(p)).collect();
                self.setup.start_free(&pts).map_err(Refusal::BadPlacement)?;
                Ok(vec![Record::Placed {
                    points: points.clone(),
                }])
            }
            ClientMsg::ToggleDead { proposal, x, y } => {
                let game = self.scoring(proposal)?;
                let p = Point::new(x, y);
                if !game.size().contains(p) {
                    return Err(Refusal::DeadOffBoard);
                }
                if game.board().get(p).is_none() {
                    return Err(Refusal::NoStone);
                }
                Ok(vec![Record::ToggleDead {
                    by: color,
                    at: [x, y],
                }])
            }
            ClientMsg::SuggestDead { proposal } => {
                let game = self.scoring(proposal)?;
                Ok(vec![Record::SetDead {
                    by: color,
                    points: game.suggest_dead().into_iter().map(xy).collect(),
                }])
            }
            ClientMsg::Accept { proposal } => {
                let game = self.scoring(proposal)?;
                if game.accepted(color) {
                    return Err(Refusal::AcceptedAlready);
                }
                Ok(vec![Record::Accept {
                    by: color,
                    proposal,
                }])
            }
            ClientMsg::Reject { proposal } => {
                self.scoring(proposal)?;
                Ok(vec![Record::Resume { by: color }])
            }
            ClientMsg::Hello { .. }
            | ClientMsg::Resync
            | ClientMsg::Ping
            | ClientMsg::Chat { .. }
            | ClientMsg::Rematch
            | ClientMsg::RematchAnswer { .. }
            | ClientMsg::RematchSeat => Err(Refusal::NotAGameCommand),
        }
    }

    /// Moves (passes included) `color` has played so far; handicap stones and White's forced
    /// closing pass do not count.
    pub(crate) fn own_moves(&self, color: Color) -> usize {
        self.game.as_ref().map_or(0, |g| {
            g.moves()
                .iter()
                .filter(|m| m.color == color && !m.forced)
                .count()
        })
    }

    /// Whether `color` may still abort the game: before their second move, or at any time
    /// once the engine they play against has failed.
    pub(crate) fn can_abort(&self, color: Color) -> bool {
        !self.finished()
            && (self.own_moves(color) < ABORT_BEFORE_OWN_MOVE || self.opponent_failed(color))
    }

    /// Whether the engine `color` plays against has failed.
    fn opponent_failed(&self, color: Color) -> bool {
        self.is_engine(color.other()) && self.engine_failure.get(color.other()).is_some()
    }

    /// Whether `color` may claim the game: its engine opponent has failed during play.
    pub(crate) fn can_claim(&self, color: Color) -> bool {
        !self.finished() && self.game.is_some() && self.opponent_failed(color)
    }

    fn playing(&self) -> Result<&Game, Refusal> {
        match &self.game {
            Some(g) if self.started() && g.phase() == Phase::Playing => Ok(g),
            _ if !self.started() => Err(Refusal::NotStarted),
            _ => Err(Refusal::PlayStopped),
        }
    }

    fn scoring(&self, proposal: u32) -> Result<&Game, Refusal> {
        match &self.game {
            Some(g) if g.phase() == Phase::Scoring => {
                if g.dead_version() == proposal {
                    Ok(g)
                } else {
                    Err(Refusal::Outdated(Outdated::DeadStoneAction))
                }
            }
            _ => Err(Refusal::NotScoring),
        }
    }

    fn move_records(
        &self,
        color: Color,
        ply: u32,
        mv: Move,
        now: Instant,
        lag_ms: u64,
    ) -> Result<Vec<Record>, Refusal> {
        let game = self.playing()?;
        if ply != self.ply() {
            return Err(Refusal::Outdated(Outdated::Move));
        }
        if let Err(why) = game.check_as(color, mv) {
            return Err(Refusal::Illegal {
                why,
                ko_point: if why == IllegalMove::Ko {
                    game.board().ko_point(color)
                } else {
                    None
                },
            });
        }
        let clock = if self.setup.time == ClockSettings::None {
            None
        } else {
            // Network lag is not thinking time (capped); a move inside the flag grace is
            // played as if made on the last millisecond.
            let clock = self.clocks.get(color);
            let elapsed = self
                .elapsed_ms(now)
                .saturating_sub(lag_ms.min(lag::LAG_CAP_MS));
            let left = self.setup.time.time_left_ms(clock).unwrap_or(u64::MAX);
            let charged = self.setup.time.charge(clock, elapsed).or_else(|| {
                (elapsed < left.saturating_add(lag::FLAG_GRACE_MS))
                    .then(|| self.setup.time.charge(clock, left.saturating_sub(1)))
                    .flatten()
            });
            match charged {
                Some(c) => Some(c),
                None => {
                    return Ok(vec![Record::TimeOut { color }]);
                }
            }
        };
        Ok(vec![Record::Move {
            color,
            at: mv.point().map(xy),
            clock,
            illegal: None,
        }])
    }

    /// The record for an engine's illegal move: the rules penalize it (AGA-8, JP-11).
    pub(crate) fn engine_illegal(&self, color: Color, reason: String) -> Record {
        Record::Illegal { color, reason }
    }
}
