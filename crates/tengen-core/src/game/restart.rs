//! A fresh start from a game's position: review, GTP `undo` and a GTP move out of turn
//! rebuild the game this way, under the same rules and komi.

use super::{Game, Setup, SetupError};
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
}
