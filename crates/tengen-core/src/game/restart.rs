//! A fresh start from a game's position: review, GTP `undo` and a GTP move out of turn
//! rebuild the game this way, under the same rules and komi; and [`Game::undo`], which
//! rebuilds it from its first actions.

use super::{Action, ActionError, Game, Setup, SetupError};
use crate::Color;

impl Game {
    /// The position before the first move (setup stones, handicap, who moved first).
    #[must_use]
    pub fn initial_setup(&self) -> Setup {
        Setup {
            size: self.size(),
            stones: self.initial_board().stones().collect(),
            to_move: self.initial_to_move(),
            handicap: self.handicap(),
        }
    }

    /// The board as it stands, with `to_move` to play, as a setup.
    #[must_use]
    pub fn current_setup(&self, to_move: Color) -> Setup {
        Setup {
            size: self.size(),
            stones: self.board().stones().collect(),
            to_move,
            handicap: self.handicap(),
        }
    }

    /// A game without moves from `setup`, under this game's rules and komi.
    ///
    /// ```
    /// use tengen_core::{BoardSize, Game, Komi, Move, Point, Rules};
    /// let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    /// game.set_komi(Komi::from_f64(0.5).unwrap());
    /// game.play(Move::Play(Point::new(4, 4)))?;
    /// let start = game.restarted_from(&game.initial_setup())?;
    /// assert!(start.moves().is_empty() && start.board().stones().count() == 0);
    /// assert_eq!(start.komi(), game.komi());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SetupError`] as [`Game::from_setup`] gives it (never for a setup this game made).
    pub fn restarted_from(&self, setup: &Setup) -> Result<Game, SetupError> {
        let mut game = Game::from_setup(setup, *self.rules())?;
        game.set_komi(self.komi());
        Ok(game)
    }

    /// Takes back the last move and every action after it (dead marks, acceptances,
    /// resignation), restoring the game exactly as it was before that move.
    ///
    /// # Errors
    /// [`ActionError::NothingToUndo`] when no move has been played.
    pub fn undo(&mut self) -> Result<(), ActionError> {
        let last_move = self
            .actions
            .iter()
            .rposition(|a| matches!(a, Action::Move { .. }))
            .ok_or(ActionError::NothingToUndo)?;
        let mut actions = std::mem::take(&mut self.actions);
        actions.truncate(last_move);
        let mut game = Game::from_board(
            self.initial.clone(),
            self.initial_to_move,
            self.handicap,
            self.rules,
        );
        game.komi = self.komi;
        game.play_through_cycles = self.play_through_cycles;
        for action in actions {
            // Every action was accepted once; replaying it from the same start accepts it again.
            let _ = match action {
                Action::Move {
                    color,
                    mv,
                    tolerant,
                } => {
                    if tolerant {
                        game.play_tolerant(color, mv).map(|_| ()).map_err(|_| ())
                    } else {
                        game.play_as(color, mv).map(|_| ()).map_err(|_| ())
                    }
                }
                Action::ToggleDead(p) => game.toggle_dead(p).map(|_| ()).map_err(|_| ()),
                Action::SetDead(points) => game.set_dead(&points).map_err(|_| ()),
                Action::Accept(c) => game.accept(c).map(|_| ()).map_err(|_| ()),
                Action::Resume(c) => game.resume(c).map(|_| ()).map_err(|_| ()),
                Action::ResumeTolerant(c) => {
                    game.resume_tolerant(c);
                    Ok(())
                }
                Action::End(result) => game.end(result).map(|_| ()).map_err(|_| ()),
            };
        }
        *self = game;
        Ok(())
    }
}
