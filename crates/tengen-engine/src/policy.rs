//! The "heavy" playout policy, after MoGo's: answer the last move's ataris (capture the
//! chain it put in atari, save an own chain it put in atari), else play a 3×3 pattern move
//! around the last move, else a random move that fills no own eye and puts no chain of two
//! or more stones into atari (a lone stone may go into atari half of the time: throw-ins
//! and nakade need it). It records every move for RAVE. Off by default, for experiments:
//! ladders, nakade, two-liberty answers, and the last good reply (Baier and Drake's LGRF-2)
//! before the pattern moves (see [`PlayoutWeights`]).

use tengen_core::{
    Board, Color,
    playout::{PlayoutPolicy, XorShift32},
};

use crate::{
    pattern,
    tactics::{
        Candidates, LadderReader, atari_answers, bad_self_atari, nakade_point, two_liberty_answers,
    },
};

/// Chances, in percent, that a rule of the policy is tried at all (randomness keeps the
/// playouts balanced: a rule applied always is exploited by the other side).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayoutWeights {
    /// Answer the last move's ataris.
    pub atari: u32,
    /// Read ladders in the atari and two-liberty rules: give up (not extend) an own chain in
    /// atari that a ladder catches anyway, and put a chain into atari only when that catches
    /// it.
    pub ladder: u32,
    /// Play the vital point of a three-point eye space next to the last move.
    pub nakade: u32,
    /// Answer the last move's threats to chains with two liberties.
    pub two_liberties: u32,
    /// Play a pattern move next to the last move.
    pub pattern: u32,
    /// Refuse a random move that puts a single stone into atari.
    pub single_self_atari_reject: u32,
    /// Play the last good reply to the last two moves, or to the last move (Baier and
    /// Drake's LGRF-2), before the pattern moves.
    pub last_good_reply: u32,
}

impl Default for PlayoutWeights {
    fn default() -> PlayoutWeights {
        PlayoutWeights {
            atari: 90,
            ladder: 0,
            nakade: 0,
            two_liberties: 0,
            pattern: 95,
            single_self_atari_reject: 50,
            last_good_reply: 0,
        }
    }
}

/// One move of a playout as recorded for RAVE: the cell, and the colour in the top bit.
pub(crate) type Recorded = u16;

const WHITE_BIT: u16 = 1 << 15;

#[inline]
pub(crate) fn record(cell: usize, color: Color) -> Recorded {
    cell as u16 | if color == Color::White { WHITE_BIT } else { 0 }
}

#[inline]
pub(crate) fn recorded_cell(r: Recorded) -> usize {
    usize::from(r & !WHITE_BIT)
}

#[inline]
pub(crate) fn recorded_color(r: Recorded) -> Color {
    if r & WHITE_BIT != 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The heavy policy with its per-playout state. Reused across playouts (no allocation once
/// the move record has grown).
pub(crate) struct HeavyPolicy {
    patterns: &'static [u64],
    weights: PlayoutWeights,
    last: Option<usize>,
    /// The move before `last` (`None`: a pass, nothing, or not known).
    last2: Option<usize>,
    replies: Replies,
    candidates: Candidates,
    ladders: LadderReader,
    /// The moves played since the policy was reset.
    pub(crate) moves: Vec<Recorded>,
    /// Cells nobody plays on (empty: none). The estimator leaves pass-alive territory alone.
    excluded: Vec<bool>,
    /// The largest chain a random move may put into atari, refused even so with the chance
    /// `single_self_atari_reject` (the estimator lets a bent or straight three be thrown in,
    /// to kill an eye).
    max_self_atari: u32,
}

impl HeavyPolicy {
    pub(crate) fn new(weights: PlayoutWeights, capacity: usize) -> HeavyPolicy {
        HeavyPolicy {
            patterns: pattern::table(),
            weights,
            last: None,
            last2: None,
            replies: Replies::default(),
            candidates: Candidates::new(),
            ladders: LadderReader::new(),
            moves: Vec::with_capacity(capacity),
            excluded: Vec::new(),
            max_self_atari: 1,
        }
    }

    /// The same policy that never plays on the cells marked in `excluded` (one per cell of
    /// the board) and lets a random move put a chain of up to `max_self_atari` stones into
    /// atari: the dead-stone estimator's setting.
    pub(crate) fn restricted(
        weights: PlayoutWeights,
        excluded: Vec<bool>,
        max_self_atari: u32,
    ) -> HeavyPolicy {
        HeavyPolicy {
            excluded,
            max_self_atari,
            ..HeavyPolicy::new(weights, 0)
        }
    }

    #[inline]
    fn playable(&self, cell: usize) -> bool {
        self.excluded.is_empty() || !self.excluded[cell]
    }

    /// Starts a playout whose previous move was on `last` (`None`: a pass or no move).
    pub(crate) fn reset(&mut self, last: Option<usize>) {
        self.last = last;
        self.last2 = None;
        self.moves.clear();
    }

    /// Learns the replies of a finished simulation: `before` (the moves that led to the
    /// playout: the tree's, after the game's last move) and the playout's own moves, in
    /// order; `black_won` its result. Off unless the rule is on.
    pub(crate) fn learn_replies(&mut self, cells: usize, before: &[Recorded], black_won: bool) {
        if self.weights.last_good_reply == 0 {
            return;
        }
        self.replies
            .learn(cells, before.iter().chain(&self.moves).copied(), black_won);
    }

    /// A random pick among the candidates that are legal for `color` and no self-atari.
    fn pick(
        &mut self,
        board: &Board,
        color: Color,
        rng: &mut XorShift32,
        min_self_atari: u32,
    ) -> Option<usize> {
        while !self.candidates.is_empty() {
            let list = self.candidates.as_slice();
            let i = rng.below(list.len() as u32) as usize;
            let cell = usize::from(list[i]);
            if self.playable(cell)
                && board.playout_candidate_ok(cell, color)
                && !bad_self_atari(board, cell, color, min_self_atari)
            {
                return Some(cell);
            }
            self.candidates.swap_remove(i);
        }
        None
    }

    fn pattern_moves(&mut self, board: &Board, last: usize) {
        self.candidates.clear();
        let around = board.adjacent_cells(last);
        let diagonal = board.diagonal_cells_of(last);
        for cell in around.into_iter().chain(diagonal) {
            if board.content(cell) == tengen_core::CellContent::Empty
                && pattern::matches(self.patterns, board, cell)
            {
                self.candidates.push(cell);
            }
        }
    }

    /// A uniformly random move that fills no own eye and is no bad self-atari; `None` when
    /// there is none (the playout passes).
    fn random_move(&self, board: &mut Board, color: Color, rng: &mut XorShift32) -> Option<usize> {
        let mut k = board.empty_cells().len();
        while k > 0 {
            let i = rng.below(k as u32) as usize;
            let cell = usize::from(board.empty_cells()[i]);
            if self.playable(cell)
                && board.playout_candidate_ok(cell, color)
                && !self.random_self_atari(board, cell, color, rng)
            {
                return Some(cell);
            }
            board.swap_empties(i, k - 1);
            k -= 1;
        }
        None
    }

    #[inline]
    fn random_self_atari(
        &self,
        board: &Board,
        cell: usize,
        color: Color,
        rng: &mut XorShift32,
    ) -> bool {
        if board.neighbour_counts(cell).empty >= 2 {
            return false;
        }
        let shape = crate::tactics::move_shape(board, cell, color, 2);
        if !shape.self_atari() {
            return false;
        }
        shape.stones > self.max_self_atari || rng.below(100) < self.weights.single_self_atari_reject
    }
}

impl PlayoutPolicy for HeavyPolicy {
    fn choose(&mut self, board: &mut Board, color: Color, rng: &mut XorShift32) -> Option<usize> {
        if let Some(last) = self.last {
            if rng.below(100) < self.weights.atari {
                let ladders = (self.weights.ladder > 0 && rng.below(100) < self.weights.ladder)
                    .then_some(&mut self.ladders);
                atari_answers(board, last, color, &mut self.candidates, ladders);
                if let Some(cell) = self.pick(board, color, rng, 2) {
                    return Some(cell);
                }
            }
            if rng.below(100) < self.weights.nakade {
                if let Some(cell) = nakade_point(board, last) {
                    if self.playable(cell) && board.is_legal_cell(cell, color) {
                        return Some(cell);
                    }
                }
            }
            if rng.below(100) < self.weights.two_liberties {
                let ladders = (self.weights.ladder > 0 && rng.below(100) < self.weights.ladder)
                    .then_some(&mut self.ladders);
                two_liberty_answers(board, last, color, &mut self.candidates, ladders);
                if let Some(cell) = self.pick(board, color, rng, 1) {
                    return Some(cell);
                }
            }
            if self.weights.last_good_reply > 0 && rng.below(100) < self.weights.last_good_reply {
                self.candidates.clear();
                if let Some(cell) = self.replies.reply(color, self.last2, last) {
                    if board.content(cell) == tengen_core::CellContent::Empty {
                        self.candidates.push(cell);
                    }
                }
                if let Some(cell) = self.pick(board, color, rng, 1) {
                    return Some(cell);
                }
            }
            if rng.below(100) < self.weights.pattern {
                self.pattern_moves(board, last);
                if let Some(cell) = self.pick(board, color, rng, 1) {
                    return Some(cell);
                }
            }
        }
        self.random_move(board, color, rng)
    }

    #[inline]
    fn played(&mut self, _board: &Board, color: Color, cell: Option<usize>) {
        self.last2 = self.last;
        self.last = cell;
        if let Some(cell) = cell {
            self.moves.push(record(cell, color));
        }
    }
}

/// Last good reply with forgetting (Baier and Drake, "The Power of Forgetting: Improving the
/// Last-Good-Reply Policy in Monte Carlo Go", 2010): per colour, the reply that won the last
/// simulation it was played in, to the opponent's last move and to his last two moves; a
/// reply that loses is forgotten. Each search thread learns its own, from the simulations
/// of one search: local answers that the search has found to work (the other side of a
/// capturing race, the point that saves a cut) come back in the playouts that follow.
#[derive(Default)]
struct Replies {
    /// Cells of the board the tables are sized for (0: not yet sized).
    cells: usize,
    /// `[colour][previous]` → reply cell (0: none).
    one: Vec<u16>,
    /// `[colour][before previous][previous]` → reply cell (0: none).
    two: Vec<u16>,
}

impl Replies {
    fn reply(&self, color: Color, last2: Option<usize>, last: usize) -> Option<usize> {
        if self.cells == 0 {
            return None;
        }
        let two = last2.map_or(0, |l2| {
            self.two[(color.index() * self.cells + l2) * self.cells + last]
        });
        let reply = if two != 0 {
            two
        } else {
            self.one[color.index() * self.cells + last]
        };
        (reply != 0).then_some(usize::from(reply))
    }

    fn learn(&mut self, cells: usize, moves: impl Iterator<Item = Recorded>, black_won: bool) {
        if self.cells != cells {
            self.cells = cells;
            self.one = vec![0; 2 * cells];
            self.two = vec![0; 2 * cells * cells];
        }
        let (mut last, mut last2): (Option<Recorded>, Option<Recorded>) = (None, None);
        for mv in moves {
            let cell = recorded_cell(mv);
            let color = recorded_color(mv);
            // A pass (cell 0, from the tree) or two moves of one colour in a row (a pass
            // in the playout, which records none) break the chain of replies.
            let previous = last.filter(|&p| recorded_color(p) != color && recorded_cell(p) != 0);
            if cell != 0 {
                if let Some(p) = previous {
                    let won = (color == Color::Black) == black_won;
                    let one = color.index() * cells + recorded_cell(p);
                    remember(&mut self.one[one], cell, won);
                    if let Some(p2) =
                        last2.filter(|&p2| recorded_color(p2) == color && recorded_cell(p2) != 0)
                    {
                        let two =
                            (color.index() * cells + recorded_cell(p2)) * cells + recorded_cell(p);
                        remember(&mut self.two[two], cell, won);
                    }
                }
            }
            last2 = previous.and(last);
            last = Some(mv);
        }
    }
}

/// The winner's reply replaces what was there; the loser's is forgotten if it was there.
#[inline]
fn remember(slot: &mut u16, cell: usize, won: bool) {
    if won {
        *slot = cell as u16;
    } else if usize::from(*slot) == cell {
        *slot = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(cell: usize) -> Recorded {
        record(cell, Color::Black)
    }

    fn w(cell: usize) -> Recorded {
        record(cell, Color::White)
    }

    #[test]
    fn the_winners_replies_are_remembered_and_the_losers_forgotten() {
        let mut replies = Replies::default();
        // Black 10, White 11, Black 12: Black won.
        replies.learn(50, [b(10), w(11), b(12)].into_iter(), true);
        assert_eq!(replies.reply(Color::Black, Some(10), 11), Some(12), "LGR-2");
        assert_eq!(replies.reply(Color::Black, None, 11), Some(12), "LGR-1");
        assert_eq!(
            replies.reply(Color::White, None, 10),
            None,
            "White lost: nothing kept"
        );
        // The same reply loses next time: forgotten at both depths.
        replies.learn(50, [b(10), w(11), b(12)].into_iter(), false);
        assert_eq!(replies.reply(Color::Black, Some(10), 11), None);
        // White's winning reply 11 to Black's 10 is kept.
        assert_eq!(replies.reply(Color::White, None, 10), Some(11));
    }

    #[test]
    fn a_pass_breaks_the_chain_of_replies() {
        let mut replies = Replies::default();
        // Black 10, a White pass in the tree (cell 0), Black 12; then two Black moves in a
        // row (a playout pass between them).
        replies.learn(50, [b(10), w(0), b(12), b(13)].into_iter(), true);
        assert_eq!(replies.reply(Color::Black, None, 0), None);
        assert_eq!(replies.reply(Color::Black, None, 12), None);
    }
}
