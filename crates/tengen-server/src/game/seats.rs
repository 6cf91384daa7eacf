//! Who plays a seat other than a person: an external GTP program ([`gtp`]) or Tengen's own
//! player ([`own`]), and what a game's actor and these engine seats share. The actor sends each seat the game as it
//! stands ([`SeatSnap`]); the seat answers with a [`SeatMsg`], which the actor's inbox
//! carries beside the people's commands, so that the actor referees engines as it referees
//! people. The seats know nothing of the actor but that its messages wrap a [`SeatMsg`].

pub(crate) mod gtp;
pub(crate) mod own;

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use tengen_core::{BoardSize, Color, Game, Move, Phase, Point, aga_handicap};
use tokio::sync::{mpsc, watch};

use crate::game::clock::{ClockSettings, ClockState};

/// The name of Tengen's own player, which runs in this process.
pub(crate) const OWN: &str = "tengen";

/// The level of games whose stored seat names none (created before levels existed, or by a
/// client that sends none).
pub(crate) const DEFAULT_LEVEL: u8 = 5;

/// What the engine seat does.
#[derive(Clone, Debug)]
pub(crate) enum SeatAction {
    Move(Move),
    Illegal(String),
    Resign,
    Place(Vec<Point>),
    Dead(Vec<Point>),
    /// The engine did not start, died or stopped answering: why, naming the engine.
    Failed(String),
}

/// An engine seat of one game.
pub(crate) struct Seat {
    pub color: Color,
    pub name: String,
    /// The longest an answer may take.
    pub timeout: Duration,
}

/// The game as the engine task sees it after each change.
pub(crate) struct SeatSnap {
    pub seq: u64,
    /// The game is over (finished, or aborted).
    pub over: bool,
    pub started: bool,
    pub both_joined: bool,
    pub handicap: u32,
    pub size: BoardSize,
    pub game: Option<Game>,
    /// The game's clock, and the clock of the engine's colour at the start of this turn.
    pub time: ClockSettings,
    pub clock: ClockState,
    /// When the turn's clock was last (re)started, and the time charged before that.
    pub turn_started: Instant,
    pub spent_before_ms: u64,
}

impl SeatSnap {
    /// Whether the seat has nothing more to do: the game finished or was aborted.
    pub(crate) fn is_over(&self) -> bool {
        self.over
            || self
                .game
                .as_ref()
                .is_some_and(|g| matches!(g.phase(), Phase::Finished(_)))
    }

    /// What the seat of `color` has to do in this state before its engine is asked anything:
    /// Black places the handicap once both seats are joined; nothing is due before the game
    /// starts; after that, the game to act in.
    pub(crate) fn due(&self, color: Color) -> Due<'_> {
        match &self.game {
            None if color == Color::Black && self.both_joined => {
                Due::Handicap(handicap_points(self.size, self.handicap))
            }
            None => Due::Nothing,
            Some(_) if !self.started => Due::Nothing,
            Some(game) => Due::Game(game),
        }
    }
}

/// What a seat has to do in one state of its game ([`SeatSnap::due`]).
pub(crate) enum Due<'a> {
    Nothing,
    /// Place these handicap stones.
    Handicap(Vec<Point>),
    /// Act in this game, as its phase asks.
    Game(&'a Game),
}

/// The states of a game one seat has to act in, and its actions told to the actor: the one
/// loop of every engine seat.
pub(crate) struct Turns<M> {
    color: Color,
    snaps: watch::Receiver<Option<Arc<SeatSnap>>>,
    actor: mpsc::Sender<M>,
    /// The version the seat last acted in: it acts once in each.
    acted_at: Option<u64>,
    /// Whether to wait for the next change before looking (not at the start, nor after
    /// [`Turns::look_again`]).
    wait: bool,
}

impl<M: From<SeatMsg>> Turns<M> {
    pub(crate) fn new(
        color: Color,
        snaps: watch::Receiver<Option<Arc<SeatSnap>>>,
        actor: mpsc::Sender<M>,
    ) -> Turns<M> {
        Turns {
            color,
            snaps,
            actor,
            acted_at: None,
            wait: false,
        }
    }

    /// The next state the seat has not acted in; `None` when the game is over or the actor
    /// has gone.
    pub(crate) async fn next(&mut self) -> Option<Arc<SeatSnap>> {
        loop {
            if self.wait && self.snaps.changed().await.is_err() {
                return None;
            }
            self.wait = true;
            let Some(snap) = self.snaps.borrow_and_update().clone() else {
                continue;
            };
            if snap.is_over() {
                return None;
            }
            if self.acted_at != Some(snap.seq) {
                return Some(snap);
            }
        }
    }

    /// Hands the seat's `action` in `snap` to the actor. Whether the seat must stop: the
    /// actor is gone, or the action is the engine's failure (a failed engine is not
    /// restarted in its game).
    pub(crate) async fn act(&mut self, snap: &SeatSnap, action: SeatAction) -> bool {
        self.acted_at = Some(snap.seq);
        let failed = matches!(action, SeatAction::Failed(_));
        let msg = SeatMsg::Action {
            color: self.color,
            seq: snap.seq,
            action,
        };
        self.actor.send(msg.into()).await.is_err() || failed
    }

    /// The next [`Turns::next`] looks at the state at once: its change was already seen
    /// (by a search that gave up when the game moved on).
    pub(crate) fn look_again(&mut self) {
        self.wait = false;
    }

    /// The game's states and the actor, for a seat that watches the one and tells the other
    /// while it thinks.
    pub(crate) fn channels(
        &mut self,
    ) -> (
        &mut watch::Receiver<Option<Arc<SeatSnap>>>,
        &mpsc::Sender<M>,
    ) {
        (&mut self.snaps, &self.actor)
    }
}

/// What a seat tells its game's actor.
#[derive(Clone, Debug)]
pub(crate) enum SeatMsg {
    /// The seat's `action` for the game's version `seq`.
    Action {
        color: Color,
        seq: u64,
        action: SeatAction,
    },
    /// Tengen's own player started (or stopped) searching a move.
    Thinking { color: Color, thinking: bool },
}

/// Where the handicap stones of a seat that places them freely go: the fixed points where
/// the rules have them, else `n` points at random.
pub(crate) fn handicap_points(size: BoardSize, n: u32) -> Vec<Point> {
    if let Ok(points) = aga_handicap(size, n) {
        return points;
    }
    let mut all: Vec<Point> = size.points().collect();
    let mut rng = rand::rng();
    rand::seq::SliceRandom::shuffle(all.as_mut_slice(), &mut rng);
    all.truncate(n as usize);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snap(both_joined: bool, started: bool, game: Option<Game>) -> SeatSnap {
        SeatSnap {
            seq: 1,
            over: false,
            started,
            both_joined,
            handicap: 2,
            size: BoardSize::new(9).expect("9×9"),
            game,
            time: ClockSettings::None,
            clock: ClockState::default(),
            turn_started: Instant::now(),
            spent_before_ms: 0,
        }
    }

    #[test]
    fn black_seat_places_the_handicap_once_both_seats_are_joined_and_white_waits() {
        assert!(matches!(
            snap(false, false, None).due(Color::Black),
            Due::Nothing
        ));
        let Due::Handicap(points) = snap(true, false, None).due(Color::Black) else {
            panic!("the handicap is due for Black");
        };
        assert_eq!(points, handicap_points(BoardSize::new(9).expect("9×9"), 2));
        assert!(matches!(
            snap(true, false, None).due(Color::White),
            Due::Nothing
        ));
    }

    #[test]
    fn nothing_is_due_before_the_game_starts_and_the_game_after() {
        let game = Game::new(BoardSize::new(9).expect("9×9"), tengen_core::Rules::aga());
        assert!(matches!(
            snap(true, false, Some(game.clone())).due(Color::Black),
            Due::Nothing
        ));
        assert!(matches!(
            snap(true, true, Some(game)).due(Color::White),
            Due::Game(_)
        ));
    }
}
