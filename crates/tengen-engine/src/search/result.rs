//! What a search answers: its move, its values and every root move's, and ownership.

use std::time::Duration;

use tengen_core::{Move, Point};

/// What the search thinks of one move at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveInfo {
    /// The move.
    pub mv: Move,
    /// Playouts through it.
    pub visits: u32,
    /// The mean value for the player to move (win rate, with a little of the score).
    pub winrate: f64,
    /// A lower confidence bound of the win rate (about 95 %).
    pub lcb: f64,
    /// The learned model's probability for the move among the root's moves, in `0..=1`
    /// (with the hand-set priors of the lowest levels: the prior's share).
    pub prior: f64,
    /// The median final score of this search's playouts through it, in points for the
    /// player to move (negative: behind), under the game's rules and komi (the root's when
    /// all its visits came from an earlier search). Everything the search tried after the
    /// move counts: in a decided position the losing side tries hopeless stones that cost
    /// it points, so the lead there can overstate the count.
    pub score_lead: f64,
    /// The principal variation from this move on, this move first.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The most visited move (always legal under the game's rules), `Pass` if nothing else.
    pub best: Move,
    /// The root value for the player to move.
    pub winrate: f64,
    /// The median final score of this search's playouts, in points for the player to move
    /// (0 when it ran none).
    pub score_lead: f64,
    /// Playouts run by this search (not counting reused ones).
    pub playouts: u64,
    /// Visits of the root, reused ones included.
    pub root_visits: u32,
    /// Wall time of this search.
    pub elapsed: Duration,
    /// Every root move with a visit, most visited first.
    pub moves: Vec<MoveInfo>,
    /// Per point, row by row (`y * size + x`, as [`SearchResult::ownership_at`] reads it):
    /// the share of playouts Black owned it at the end minus the share White did (`+1`
    /// surely Black's, `-1` surely White's).
    pub ownership: Vec<f64>,
}

impl SearchResult {
    /// The ownership of `p` ([`SearchResult::ownership`]): the share of playouts Black
    /// owned it at the end minus the share White did, `+1` surely Black's, `-1` surely
    /// White's; 0 for a point off the board.
    ///
    /// ```
    /// use tengen_core::{BoardSize, Game, Point, Rules};
    /// use tengen_engine::{Budget, Search, SearchConfig};
    ///
    /// let game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    /// let result = Search::new(SearchConfig::default()).run(&game, Budget::playouts(300));
    /// let tengen = result.ownership_at(Point::new(4, 4));
    /// assert!((-1.0..=1.0).contains(&tengen));
    /// assert_eq!(result.ownership_at(Point::new(9, 0)), 0.0);
    /// ```
    #[must_use]
    pub fn ownership_at(&self, p: Point) -> f64 {
        let size = self.ownership.len().isqrt();
        let (x, y) = (usize::from(p.x), usize::from(p.y));
        if x < size && y < size {
            self.ownership[y * size + x]
        } else {
            0.0
        }
    }
}
