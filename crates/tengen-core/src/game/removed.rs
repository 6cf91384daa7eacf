//! The stones each move took off the board, for a record that is stepped through without
//! the rules (the server's review, a viewer).

use super::Game;
use crate::{Move, Point};

impl Game {
    /// For every move of [`Game::moves`], in order, the points whose stones it took off the
    /// board, in board order: the opponent's captured chains (C4) and, after a multi-stone
    /// suicide (C5, or a suicide kept by [`Game::play_tolerant`]), the mover's own chain,
    /// the stone just placed included. A pass removes nothing. Placing each move's stone and
    /// then emptying these points steps from [`Game::initial_board`] to [`Game::board`].
    ///
    /// ```
    /// use tengen_core::{Color, Game, Move, Point, Rules, Setup};
    /// let setup = Setup::from_diagram("
    ///     X . O
    ///     O O .
    ///     . . .", Color::Black).unwrap();
    /// let mut game = Game::from_setup(&setup, Rules::tromp_taylor()).unwrap();
    /// game.play(Move::Play(Point::new(1, 0))).unwrap(); // suicide of two stones
    /// assert_eq!(game.stones_removed(), [vec![Point::new(0, 0), Point::new(1, 0)]]);
    /// ```
    #[must_use]
    pub fn stones_removed(&self) -> Vec<Vec<Point>> {
        let mut board = self.initial_board().clone();
        self.moves()
            .iter()
            .map(|m| {
                let Move::Play(at) = m.mv else {
                    return Vec::new();
                };
                let before = board.clone();
                let cell = board.cells().cell(at);
                board.cells_mut().place_unchecked(cell, m.color);
                board
                    .size()
                    .points()
                    .filter(|&q| board.get(q).is_none() && (q == at || before.get(q).is_some()))
                    .collect()
            })
            .collect()
    }
}
