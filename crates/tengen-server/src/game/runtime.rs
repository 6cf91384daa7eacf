//! A game's state as a pure state machine over the persisted records ([`Record`]):
//! `decide` (in `decide.rs`) turns a command into records (or refuses it, changing nothing),
//! `apply` plays a record, and `view` (in `view.rs`) is what connections see. The live actor
//! and the replay after a restart use the same `apply`, so a restarted game is exactly the
//! game that was running. This file holds the state, its clocks and `apply`.

use std::time::Instant;

use tengen_core::{ActionError, ByColor, Color, Game, Move, Penalty, Phase, Point};

pub(crate) use crate::game::record::{Record, UndoReq};
pub(crate) use crate::game::rematch_state::Rematch;
use crate::{
    game::clock::{ClockSettings, ClockState},
    game::lag,
    game::settings::{GameSetup, SeatKind},
    game::wire::{EventView, PhaseView, point},
};

/// A game and everything around it that the records decide.
#[derive(Clone, Debug)]
pub(crate) struct Runtime {
    pub id: String,
    pub setup: GameSetup,
    pub seats: [Option<String>; 2],
    pub invite: Option<String>,
    pub game: Option<Game>,
    pub clocks: ByColor<ClockState>,
    pub undo: Option<UndoReq>,
    /// Who aborted the game, if it was aborted (then it is over, with no result).
    pub aborted: Option<Color>,
    /// The invitation expired unopened (then the game is over, with no result).
    pub expired: bool,
    /// Why an engine seat has failed (it does not start, died, or stopped answering), as
    /// the actor saw it; not a record: after a restart the engine is tried again.
    pub engine_failure: ByColor<Option<String>>,
    /// Tengen's own player is searching a move for this colour (not a record either).
    pub engine_thinking: ByColor<bool>,
    /// Moves before this index cannot be taken back (handicap, resumption).
    pub undo_floor: usize,
    /// Records applied.
    pub seq: u64,
    /// `seq` of the last record that changed the game (every record but clock checkpoints):
    /// engines act for this version.
    pub game_seq: u64,
    /// The version clients are sent (`v`): one for each record but clock checkpoints and
    /// chat lines (which change nothing in the state, or go out as their own message). It
    /// is counted from the log alone, so a game restarted, reloaded after an outage or
    /// taken over by another server goes on from the version its clients last saw: `v`
    /// never repeats or goes back. Changes outside the log (an engine thinking or failing)
    /// do not take a version.
    pub version: u64,
    pub created_ms: u64,
    /// When the clock of the turn was last (re)started: the turn's start, or the moment of
    /// the last checkpoint applied.
    pub turn_started: Instant,
    /// Time of this turn already charged before `turn_started` (from a checkpoint).
    pub spent_before_ms: u64,
    /// The dead-stone proposal that is Tengen's estimate, unchanged: (resumptions, version).
    pub estimated: Option<(u32, u32)>,
    /// The chat, both rooms, in order.
    pub chat: Vec<crate::game::wire::ChatLine>,
    /// The rematch offered at the end, if any.
    pub rematch: Rematch,
}

impl Runtime {
    /// The state right after a `Created` record.
    pub(crate) fn new(record: &Record, now: Instant) -> Result<Runtime, String> {
        let Record::Created {
            id,
            setup,
            seats,
            invite,
            at_ms,
        } = record
        else {
            return Err("the first record is not `created`".into());
        };
        Ok(Runtime {
            id: id.clone(),
            setup: setup.clone(),
            seats: seats.clone(),
            invite: invite.clone(),
            game: setup.start_game(),
            clocks: ByColor {
                black: setup.time.start(),
                white: setup.time.start(),
            },
            undo: None,
            aborted: None,
            expired: false,
            engine_failure: ByColor::default(),
            engine_thinking: ByColor::default(),
            undo_floor: 0,
            seq: 1,
            game_seq: 1,
            version: 1,
            created_ms: *at_ms,
            turn_started: now,
            spent_before_ms: 0,
            estimated: None,
            chat: Vec::new(),
            rematch: Rematch::default(),
        })
    }

    /// Rebuilds a game from its records.
    pub(crate) fn replay(records: &[Record], now: Instant) -> Result<Runtime, String> {
        let (first, rest) = records.split_first().ok_or("no records")?;
        let mut rt = Runtime::new(first, now)?;
        for (i, r) in rest.iter().enumerate() {
            rt.apply(r, now)
                .map_err(|e| format!("record {} does not apply: {e}", i + 2))?;
        }
        Ok(rt)
    }

    pub(crate) fn seat_kind(&self, color: Color) -> &SeatKind {
        self.setup.seat(color)
    }

    pub(crate) fn is_engine(&self, color: Color) -> bool {
        matches!(self.seat_kind(color), SeatKind::Engine { .. })
    }

    pub(crate) fn joined(&self, color: Color) -> bool {
        self.is_engine(color) || self.seats[color.index()].is_some()
    }

    /// Both seats are taken and the stones are on the board.
    pub(crate) fn started(&self) -> bool {
        self.game.is_some() && self.joined(Color::Black) && self.joined(Color::White)
    }

    pub(crate) fn ply(&self) -> u32 {
        self.game.as_ref().map_or(0, |g| g.moves().len() as u32)
    }

    /// Aborted or expired: over, with no result.
    pub(crate) fn void(&self) -> bool {
        self.aborted.is_some() || self.expired
    }

    /// A person's seat is still open and the game is not over: the invitation can expire.
    pub(crate) fn waiting_for_invite(&self) -> bool {
        !self.finished() && Color::ALL.into_iter().any(|c| !self.joined(c))
    }

    pub(crate) fn finished(&self) -> bool {
        self.void()
            || matches!(
                self.game.as_ref().map(Game::phase),
                Some(Phase::Finished(_))
            )
    }

    pub(crate) fn phase_view(&self) -> PhaseView {
        if self.void() {
            return PhaseView::Finished;
        }
        if !self.joined(Color::Black) || !self.joined(Color::White) {
            // A resignation can end a game before anyone joined.
            if !self.finished() {
                return PhaseView::Waiting;
            }
        }
        match self.game.as_ref().map(Game::phase) {
            None => PhaseView::Placing,
            Some(Phase::Playing) => PhaseView::Playing,
            Some(Phase::Scoring) => PhaseView::Scoring,
            Some(Phase::Finished(_)) => PhaseView::Finished,
        }
    }

    /// Whether the clock of the player to move is running.
    pub(crate) fn clock_running(&self) -> Option<Color> {
        if self.setup.time == ClockSettings::None || !self.started() || self.void() {
            return None;
        }
        let game = self.game.as_ref()?;
        (game.phase() == Phase::Playing).then(|| game.to_move())
    }

    /// When the player to move is flagged, if a clock runs: the flag grace and the seat's
    /// lag credit (`lag_ms`, capped) after the clock reaches zero.
    pub(crate) fn flag_deadline(&self, lag_ms: u64) -> Option<Instant> {
        Some(
            self.deadline()?
                + std::time::Duration::from_millis(
                    lag::FLAG_GRACE_MS + lag_ms.min(lag::LAG_CAP_MS),
                ),
        )
    }

    /// When the clock of the player to move reaches zero, if a clock runs.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        let color = self.clock_running()?;
        let left = self.setup.time.time_left_ms(self.clocks.get(color))?;
        Some(
            self.turn_started
                + std::time::Duration::from_millis(left.saturating_sub(self.spent_before_ms)),
        )
    }

    /// Time spent on the current turn at `now`, checkpointed time included.
    pub(crate) fn elapsed_ms(&self, now: Instant) -> u64 {
        self.spent_before_ms
            .saturating_add(now.saturating_duration_since(self.turn_started).as_millis() as u64)
    }

    fn start_turn(&mut self, now: Instant) {
        self.turn_started = now;
        self.spent_before_ms = 0;
    }

    /// When the next clock checkpoint is due: `interval` after the turn started or after the
    /// last checkpoint, while a clock runs (never when nothing changes).
    pub(crate) fn next_checkpoint(&self, interval: std::time::Duration) -> Option<Instant> {
        self.clock_running()?;
        Some(self.turn_started + interval)
    }

    /// The checkpoint record of the running clock at `now`, if a clock runs, and the instant
    /// it stands for (`now` less the fraction of a millisecond it does not count), at which
    /// it is to be applied so that no time is given back.
    pub(crate) fn checkpoint_at(&self, now: Instant) -> Option<(Record, Instant)> {
        let record = self.checkpoint(now)?;
        let Record::Clock { spent_ms, .. } = record else {
            return None;
        };
        let at = self.turn_started
            + std::time::Duration::from_millis(spent_ms.saturating_sub(self.spent_before_ms));
        Some((record, at.min(now)))
    }

    /// The checkpoint record of the running clock at `now`, if a clock runs.
    pub(crate) fn checkpoint(&self, now: Instant) -> Option<Record> {
        let color = self.clock_running()?;
        let spent_ms = self.elapsed_ms(now);
        let left_ms = self
            .setup
            .time
            .time_left_ms(self.clocks.get(color))
            .map(|l| l.saturating_sub(spent_ms));
        Some(Record::Clock {
            color,
            spent_ms,
            left_ms,
        })
    }

    /// Plays a record. On an error nothing may be assumed about the state (the actor reloads).
    /// Clock checkpoints change no position and produce no event (`None`).
    pub(crate) fn apply(
        &mut self,
        record: &Record,
        now: Instant,
    ) -> Result<Option<EventView>, String> {
        if let Record::Clock {
            color, spent_ms, ..
        } = record
        {
            if self.clock_running() != Some(*color) {
                return Err("a clock checkpoint for a clock that is not running".into());
            }
            self.start_turn(now);
            self.spent_before_ms = *spent_ms;
            self.seq += 1;
            return Ok(None);
        }
        if let Record::Chat { line } = record {
            self.chat.push(line.clone());
            self.seq += 1;
            return Ok(None);
        }
        let finished = self.finished();
        if let Some(applied) = self.rematch.apply(record, finished) {
            applied?;
            self.seq += 1;
            self.version += 1;
            return Ok(None);
        }
        let event = self.apply_inner(record, now)?;
        self.seq += 1;
        self.game_seq = self.seq;
        self.version += 1;
        Ok(Some(event))
    }

    fn game_mut(&mut self) -> Result<&mut Game, String> {
        self.game.as_mut().ok_or_else(|| "no game yet".to_owned())
    }

    fn apply_inner(&mut self, record: &Record, now: Instant) -> Result<EventView, String> {
        let e = |x: ActionError| x.to_string();
        if self.void() {
            return Err("the game is over with no result".into());
        }
        Ok(match record {
            Record::Created { .. } => return Err("a second `created`".into()),
            Record::Joined { color, token, name } => {
                let c = *color;
                if self.seats[c.index()].is_some() {
                    return Err("seat already taken".into());
                }
                self.seats[c.index()] = Some(token.clone());
                if let Some(name) = name {
                    self.setup.name_seat(c, name);
                }
                self.invite = None;
                self.start_turn(now);
                EventView::Joined { color: *color }
            }
            Record::Placed { points } => {
                let pts: Vec<Point> = points.iter().map(|&p| point(p)).collect();
                self.game = Some(self.setup.start_free(&pts)?);
                self.start_turn(now);
                EventView::Placed {
                    count: points.len() as u32,
                }
            }
            Record::Move {
                color,
                at,
                clock,
                illegal,
            } => {
                let c = *color;
                let mv = at.map_or(Move::Pass, |p| Move::Play(point(p)));
                let outcome = self.game_mut()?.play_as(c, mv).map_err(|x| x.to_string())?;
                if let Some(clock) = clock {
                    *self.clocks.get_mut(c) = *clock;
                }
                self.undo = None;
                self.start_turn(now);
                match at {
                    Some(p) => EventView::Played {
                        color: *color,
                        at: *p,
                        captures: outcome.captures,
                    },
                    None => EventView::Passed {
                        color: *color,
                        forced_white_pass: outcome.forced_white_pass,
                        illegal: illegal.clone(),
                    },
                }
            }
            Record::Illegal { color, reason } => {
                let penalty = self
                    .game_mut()?
                    .penalize_illegal(*color)
                    .map_err(|x| x.to_string())?;
                self.undo = None;
                self.start_turn(now);
                match penalty {
                    Penalty::Pass(outcome) => EventView::Passed {
                        color: *color,
                        forced_white_pass: outcome.forced_white_pass,
                        illegal: Some(reason.clone()),
                    },
                    Penalty::Loss(result) => EventView::Finished {
                        result: result.to_string(),
                    },
                }
            }
            Record::Forfeit { color, .. } => {
                let r = self.game_mut()?.forfeit(*color).map_err(e)?;
                EventView::Finished {
                    result: r.to_string(),
                }
            }
            Record::UndoRequested { by, ply, plies } => {
                let what = self.undo_description(*plies, *by);
                self.undo = Some(UndoReq {
                    by: (*by),
                    ply: *ply,
                    plies: *plies,
                });
                EventView::UndoRequested {
                    by: *by,
                    what,
                    plies: *plies,
                }
            }
            Record::UndoDeclined { by } => {
                self.undo = None;
                EventView::UndoDeclined { by: *by }
            }
            Record::UndoAccepted { plies } => {
                let game = self.game_mut()?;
                for _ in 0..*plies {
                    game.undo().map_err(e)?;
                }
                self.undo = None;
                self.start_turn(now);
                EventView::UndoAccepted { plies: *plies }
            }
            Record::ToggleDead { by, at } => {
                self.game_mut()?.toggle_dead(point(*at)).map_err(e)?;
                EventView::DeadChanged { by: *by }
            }
            Record::SetDead { by, points } => {
                let pts: Vec<Point> = points.iter().map(|&p| point(p)).collect();
                self.game_mut()?.set_dead(&pts).map_err(e)?;
                EventView::DeadChanged { by: *by }
            }
            Record::Estimated { points } => {
                let pts: Vec<Point> = points.iter().map(|&p| point(p)).collect();
                let game = self.game_mut()?;
                game.set_dead(&pts).map_err(e)?;
                self.estimated = Some((game.resumptions(), game.dead_version()));
                EventView::Estimated {
                    dead: points.len() as u32,
                }
            }
            Record::Accept { by, proposal } => {
                let game = self.game_mut()?;
                if game.dead_version() != *proposal {
                    return Err("accepted a stale proposal".into());
                }
                match game.accept(*by).map_err(e)? {
                    Some(result) => EventView::Finished {
                        result: result.to_string(),
                    },
                    None => EventView::Accepted { by: *by },
                }
            }
            Record::ProposeDead { by, points } => {
                let pts: Vec<Point> = points.iter().map(|&p| point(p)).collect();
                match self.game_mut()?.propose_dead(*by, &pts).map_err(e)? {
                    Some(result) => EventView::Finished {
                        result: result.to_string(),
                    },
                    None => EventView::Accepted { by: *by },
                }
            }
            Record::Resume { by } => {
                let game = self.game_mut()?;
                let phase = game.resume(*by).map_err(e)?;
                let to_move = game.to_move();
                self.undo_floor = game.moves().len();
                self.start_turn(now);
                match phase {
                    Phase::Finished(result) => EventView::Finished {
                        result: result.to_string(),
                    },
                    _ => EventView::Resumed { by: *by, to_move },
                }
            }
            Record::Resign { by } => {
                let result = match self.game.as_mut() {
                    Some(g) => g.resign(*by).map_err(e)?,
                    None => {
                        // Resigning before the handicap stones are placed: an empty game.
                        let mut g = tengen_core::Game::new(self.setup.size, self.setup.rules);
                        let r = g.resign(*by).map_err(e)?;
                        self.game = Some(g);
                        r
                    }
                };
                EventView::Finished {
                    result: result.to_string(),
                }
            }
            Record::TimeOut { color } => {
                let r = self.game_mut()?.time_out(*color).map_err(e)?;
                EventView::Finished {
                    result: r.to_string(),
                }
            }
            Record::Aborted { by } => {
                if self.finished() {
                    return Err("aborting a finished game".into());
                }
                self.aborted = Some(*by);
                self.undo = None;
                EventView::Aborted { by: *by }
            }
            Record::Expired => {
                if !self.waiting_for_invite() {
                    return Err("expiring an invitation that was opened".into());
                }
                self.expired = true;
                EventView::Expired
            }
            Record::Clock { .. } => return Err("a clock checkpoint out of place".into()),
            Record::Chat { .. } => return Err("a chat line out of place".into()),
            Record::RematchOffered { .. }
            | Record::RematchDeclined { .. }
            | Record::RematchStarted { .. } => return Err("a rematch record out of place".into()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        game::settings::{CreateGame, OpponentChoice},
        game::wire::{ClientMsg, ErrorCode, WireError},
    };

    fn created(rules: &str) -> Record {
        created_with(rules, ClockSettings::None)
    }

    fn created_with(rules: &str, time: ClockSettings) -> Record {
        let form = CreateGame {
            open: false,
            analysis: true,
            size: 9,
            rules: rules.into(),
            handicap: 0,
            placement: Default::default(),
            komi: None,
            color: crate::game::settings::ColorChoice::Black,
            time,
            opponent: OpponentChoice::Person,
            name: None,
        };
        Record::Created {
            id: "g".into(),
            setup: form.resolve(&[], true).unwrap(),
            seats: [Some("b".into()), Some("w".into())],
            invite: None,
            at_ms: 0,
        }
    }

    #[test]
    fn replay_rebuilds_the_same_game() {
        let now = Instant::now();
        let mut rt = Runtime::new(&created("aga"), now).unwrap();
        let mut log = vec![created("aga")];
        for (c, m) in [
            (Color::Black, ClientMsg::Play { ply: 0, x: 2, y: 2 }),
            (Color::White, ClientMsg::Play { ply: 1, x: 6, y: 6 }),
            (Color::Black, ClientMsg::Pass { ply: 2 }),
            (Color::White, ClientMsg::Pass { ply: 3 }),
        ] {
            for r in rt.decide(c, &m, now).unwrap() {
                rt.apply(&r, now).unwrap();
                log.push(r);
            }
        }
        let again = Runtime::replay(&log, now).unwrap();
        assert_eq!(again.game, rt.game);
        assert_eq!(again.seq, rt.seq);
    }

    #[test]
    fn stale_move_is_refused() {
        let now = Instant::now();
        let rt = Runtime::new(&created("japanese"), now).unwrap();
        let err = rt
            .decide(Color::Black, &ClientMsg::Play { ply: 3, x: 0, y: 0 }, now)
            .unwrap_err();
        assert_eq!(WireError::from(err).code, ErrorCode::Stale);
    }

    #[test]
    fn undo_request_names_the_move() {
        let now = Instant::now();
        let mut rt = Runtime::new(&created("japanese"), now).unwrap();
        for r in rt
            .decide(Color::Black, &ClientMsg::Play { ply: 0, x: 3, y: 5 }, now)
            .unwrap()
        {
            rt.apply(&r, now).unwrap();
        }
        let recs = rt
            .decide(Color::Black, &ClientMsg::UndoRequest { ply: 1 }, now)
            .unwrap();
        let ev = rt.apply(&recs[0], now).unwrap().unwrap();
        assert_eq!(
            ev,
            EventView::UndoRequested {
                by: Color::Black,
                what: "move 1 (D4)".into(),
                plies: 1
            }
        );
    }

    fn ms(n: u64) -> std::time::Duration {
        std::time::Duration::from_millis(n)
    }

    /// Plays `msg` for `color` at `now`, returning the records.
    fn act(rt: &mut Runtime, color: Color, msg: ClientMsg, now: Instant) -> Vec<Record> {
        let recs = rt.decide(color, &msg, now).unwrap();
        for r in &recs {
            rt.apply(r, now).unwrap();
        }
        recs
    }

    #[test]
    fn replay_from_a_clock_checkpoint_charges_the_time_up_to_it_and_not_the_time_down() {
        let fischer = ClockSettings::Fischer {
            initial_s: 60,
            increment_s: 0,
            max_s: 60,
        };
        let t0 = Instant::now();
        let mut log = vec![created_with("aga", fischer)];
        let mut rt = Runtime::new(&log[0], t0).unwrap();
        log.extend(act(
            &mut rt,
            Color::Black,
            ClientMsg::Play { ply: 0, x: 2, y: 2 },
            t0 + ms(1_000),
        ));
        // White thinks; checkpoints at 5 s and 10 s into the turn.
        for at in [6_000, 11_000] {
            let due = rt.next_checkpoint(ms(5_000)).unwrap();
            assert_eq!(due, t0 + ms(at));
            let r = rt.checkpoint(due).unwrap();
            assert_eq!(rt.apply(&r, due).unwrap(), None, "no event");
            log.push(r);
        }
        assert_eq!(
            log.last(),
            Some(&Record::Clock {
                color: Color::White,
                spent_ms: 10_000,
                left_ms: Some(50_000)
            })
        );
        // Live, the deadline has not moved.
        assert_eq!(rt.deadline(), Some(t0 + ms(61_000)));
        // A restart an hour later: 10 s charged, the hour not.
        let later = t0 + ms(3_600_000);
        let again = Runtime::replay(&log, later).unwrap();
        assert_eq!(again.elapsed_ms(later), 10_000);
        assert_eq!(again.deadline(), Some(later + ms(50_000)));
        assert_eq!(
            again.game_seq,
            again.seq - 2,
            "checkpoints are not game changes"
        );
        // White's move 2 s after the restart is charged 12 s.
        let mut again = again;
        act(
            &mut again,
            Color::White,
            ClientMsg::Play { ply: 1, x: 6, y: 6 },
            later + ms(2_000),
        );
        assert_eq!(again.clocks.white.main_ms, 48_000);
    }

    #[test]
    fn a_checkpoint_inside_a_byo_yomi_period_keeps_the_time_used_in_it() {
        let byo = ClockSettings::ByoYomi {
            main_s: 0,
            period_s: 30,
            periods: 2,
        };
        let t0 = Instant::now();
        let mut log = vec![created_with("aga", byo)];
        let rt = Runtime::new(&log[0], t0).unwrap();
        // Black is 20 s into the first period at the checkpoint.
        let r = rt.checkpoint(t0 + ms(20_000)).unwrap();
        log.push(r);
        let later = t0 + ms(999_000);
        let again = Runtime::replay(&log, later).unwrap();
        // 40 s left in all, not a fresh 60.
        assert_eq!(again.deadline(), Some(later + ms(40_000)));
        // A checkpoint for the wrong colour does not apply.
        let mut bad = again.clone();
        let wrong = Record::Clock {
            color: Color::White,
            spent_ms: 1,
            left_ms: None,
        };
        assert!(bad.apply(&wrong, later).is_err());
    }

    #[test]
    fn no_checkpoints_without_a_running_clock() {
        let now = Instant::now();
        let rt = Runtime::new(&created("aga"), now).unwrap();
        assert_eq!(rt.next_checkpoint(ms(5_000)), None);
        assert_eq!(rt.checkpoint(now), None);
    }

    fn byo_one_second() -> ClockSettings {
        ClockSettings::ByoYomi {
            main_s: 0,
            period_s: 1,
            periods: 1,
        }
    }

    fn black_plays_after(rt: &Runtime, t0: Instant, after_ms: u64, lag_ms: u64) -> Vec<Record> {
        rt.decide_lagged(
            Color::Black,
            &ClientMsg::Play { ply: 0, x: 4, y: 4 },
            t0 + ms(after_ms),
            lag_ms,
        )
        .unwrap()
    }

    #[test]
    fn a_move_inside_the_flag_grace_is_played_and_one_after_it_times_out() {
        let t0 = Instant::now();
        let rt = Runtime::new(&created_with("aga", byo_one_second()), t0).unwrap();
        // One second on the clock, one second of grace.
        assert_eq!(rt.deadline(), Some(t0 + ms(1_000)));
        assert_eq!(rt.flag_deadline(0), Some(t0 + ms(2_000)));
        let inside = black_plays_after(&rt, t0, 1_900, 0);
        assert!(
            matches!(
                inside[..],
                [Record::Move {
                    clock: Some(ClockState {
                        main_ms: 0,
                        periods: 1
                    }),
                    ..
                }]
            ),
            "{inside:?}"
        );
        let after = black_plays_after(&rt, t0, 2_000, 0);
        assert_eq!(
            after,
            vec![Record::TimeOut {
                color: Color::Black
            }]
        );
        // Fischer: a move in the grace keeps the increment on an empty clock.
        let f = ClockSettings::Fischer {
            initial_s: 2,
            increment_s: 3,
            max_s: 10,
        };
        let rt = Runtime::new(&created_with("aga", f), t0).unwrap();
        let inside = black_plays_after(&rt, t0, 2_500, 0);
        assert!(
            matches!(
                inside[..],
                [Record::Move {
                    clock: Some(ClockState { main_ms: 3_001, .. }),
                    ..
                }]
            ),
            "{inside:?}"
        );
    }

    #[test]
    fn network_lag_is_credited_up_to_one_second() {
        let t0 = Instant::now();
        let rt = Runtime::new(&created_with("aga", byo_one_second()), t0).unwrap();
        // 2.8 s after the turn started, with 0.9 s of lag: 1.9 s charged, inside the grace.
        assert!(matches!(
            black_plays_after(&rt, t0, 2_800, 900)[..],
            [Record::Move { .. }]
        ));
        // A claimed lag of 5 s is credited 1 s only: 2.5 s charged, past the grace.
        assert_eq!(
            black_plays_after(&rt, t0, 3_500, 5_000),
            vec![Record::TimeOut {
                color: Color::Black
            }]
        );
        assert_eq!(rt.flag_deadline(5_000), Some(t0 + ms(3_000)));
        // Lag is credited on the clock too: 0.3 s of a 0.5 s move.
        let f = ClockSettings::Fischer {
            initial_s: 10,
            increment_s: 0,
            max_s: 10,
        };
        let rt = Runtime::new(&created_with("aga", f), t0).unwrap();
        assert!(matches!(
            black_plays_after(&rt, t0, 500, 300)[..],
            [Record::Move {
                clock: Some(ClockState { main_ms: 9_800, .. }),
                ..
            }]
        ));
    }
}
