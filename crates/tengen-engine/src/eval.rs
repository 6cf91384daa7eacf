//! The value of a finished playout under the game's rules: area scoring as counted, and
//! territory scoring derived from the area count.
//!
//! A playout ends with every dead stone captured and every dame filled, so its area count
//! is exact; the territory count of the same end differs by the stones each side placed
//! and the prisoners it took. Tengen charges only the stones placed in the *tree* (the
//! moves the search chooses between), not those of the playout: a tree move inside one's
//! own territory or on a neutral point then costs what it costs under territory scoring
//! (a point, or nothing), while the playout's clean-up (capturing dead stones, filling
//! dame) is free, as the dead-stone agreement of a real game is. This is what makes the
//! search pass instead of filling its own territory.

use tengen_core::{Color, Game, Scoring};

/// How a playout's end is turned into a value.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Evaluation {
    /// Subtracted from Black's area margin, in half points: komi (with any dynamic komi),
    /// area compensation for handicap stones, or the territory offset of the root.
    offset_half: i32,
    territory: bool,
    pass_stones: bool,
    /// Weight of the score term next to the win (0: win or loss only).
    score_weight: f64,
    /// Half points that move the score term from 0.5 to about 0.73.
    score_scale: f64,
    /// The dynamic komi in `offset_half`, given back when a margin is reported.
    extra_komi_half: i32,
}

impl Evaluation {
    /// The evaluation of playouts from the position of `game`, with `extra_komi_half` more
    /// komi for White (dynamic komi; negative favours White less).
    pub(crate) fn new(game: &Game, extra_komi_half: i32, score_weight: f64) -> Evaluation {
        let rules = game.rules();
        let board = game.board();
        let komi_half = i32::from(game.komi().half_points()) + extra_komi_half;
        let territory = rules.scoring == Scoring::Territory;
        let mut offset_half = komi_half;
        if territory {
            let (mut black_stones, mut white_stones) = (0i32, 0i32);
            for (_, c) in board.stones() {
                match c {
                    Color::Black => black_stones += 1,
                    Color::White => white_stones += 1,
                }
            }
            let captures =
                board.captures(Color::Black) as i32 - board.captures(Color::White) as i32;
            let pass_stones =
                game.pass_stones(Color::Black) as i32 - game.pass_stones(Color::White) as i32;
            offset_half += 2 * ((black_stones - white_stones) - captures - pass_stones);
        } else {
            let stones = if game.handicap() >= 2 {
                u32::from(game.handicap())
            } else {
                0
            };
            offset_half += 2 * rules.handicap_compensation(stones) as i32;
        }
        Evaluation {
            offset_half,
            territory,
            pass_stones: rules.pass_stones,
            score_weight,
            score_scale: 2.0 * f64::from(board.size().get()),
            extra_komi_half,
        }
    }

    /// Black's margin in half points: the playout's area margin, and the stones placed and
    /// passes made by the tree (Black's minus White's).
    #[inline]
    pub(crate) fn margin_half(
        &self,
        area_margin_half: i32,
        tree_stones: i32,
        tree_passes: i32,
    ) -> i32 {
        let mut margin = area_margin_half - self.offset_half;
        if self.territory {
            margin -= 2 * tree_stones;
            if self.pass_stones {
                margin -= 2 * tree_passes;
            }
        }
        margin
    }

    /// Black's margin under the game's own komi, without the dynamic komi: the score a
    /// player reads, in half points.
    #[inline]
    pub(crate) fn game_margin_half(&self, margin_half: i32) -> i32 {
        margin_half + self.extra_komi_half
    }

    /// The value for Black of a playout with this margin, in `0..=1`.
    #[inline]
    pub(crate) fn value_for_black(&self, margin_half: i32) -> f64 {
        let win = match margin_half.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
        if self.score_weight == 0.0 {
            return win;
        }
        let score = 1.0 / (1.0 + (-f64::from(margin_half) / self.score_scale).exp());
        (1.0 - self.score_weight) * win + self.score_weight * score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_core::{BoardSize, Move, Point, Rules};

    #[test]
    fn territory_margin_charges_tree_stones_and_not_the_playout() {
        let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
        game.play(Move::Play(Point::new(2, 2))).unwrap();
        let eval = Evaluation::new(&game, 0, 0.0);
        // Black has one stone more on the board than White: an area margin of 13 points
        // is 12 points of territory, minus 6.5 komi.
        assert_eq!(eval.margin_half(26, 0, 0), 26 - 2 - 13);
        // A further Black stone placed by the tree costs Black a point.
        assert_eq!(eval.margin_half(26, 1, 0), 26 - 2 - 2 - 13);
        let chinese = Game::new(BoardSize::new(9).unwrap(), Rules::chinese());
        let eval = Evaluation::new(&chinese, 0, 0.0);
        assert_eq!(eval.margin_half(26, 1, 0), 26 - 15);
        assert_eq!(eval.value_for_black(1), 1.0);
        assert_eq!(eval.value_for_black(0), 0.5);
    }

    #[test]
    fn the_reported_margin_gives_the_dynamic_komi_back() {
        let game = Game::new(BoardSize::new(9).unwrap(), Rules::chinese());
        // Four more half points of komi for White while Black is far ahead.
        let eval = Evaluation::new(&game, 4, 0.0);
        let margin = eval.margin_half(30, 0, 0);
        assert_eq!(margin, 30 - 15 - 4);
        assert_eq!(eval.game_margin_half(margin), 30 - 15);
    }
}
