//! The "heavy" playout policy, after MoGo's: answer the last move's ataris (capture the
//! chain it put in atari, save an own chain it put in atari), else play a 3×3 pattern move
//! around the last move, else a random move that fills no own eye and puts no chain of two
//! or more stones into atari (a lone stone may go into atari half of the time: throw-ins
//! and nakade need it). It records every move for RAVE. Off by default in the search, on in
//! the dead-stone estimator: nakade and two-liberty answers (see [`PlayoutWeights`]).

use tengen_core::{
    Board, Color,
    playout::{PlayoutPolicy, XorShift32},
};

use crate::{
    pattern,
    tactics::{Candidates, atari_answers, bad_self_atari, nakade_point, two_liberty_answers},
};

/// Chances, in percent, that a rule of the policy is tried at all (randomness keeps the
/// playouts balanced: a rule applied always is exploited by the other side).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayoutWeights {
    /// Answer the last move's ataris.
    pub atari: u32,
    /// Play the vital point of a three-point eye space next to the last move.
    pub nakade: u32,
    /// Answer the last move's threats to chains with two liberties.
    pub two_liberties: u32,
    /// Play a pattern move next to the last move.
    pub pattern: u32,
    /// Refuse a random move that puts a single stone into atari.
    pub single_self_atari_reject: u32,
}

impl Default for PlayoutWeights {
    fn default() -> PlayoutWeights {
        PlayoutWeights {
            atari: 90,
            nakade: 0,
            two_liberties: 0,
            pattern: 95,
            single_self_atari_reject: 50,
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
    candidates: Candidates,
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
            candidates: Candidates::new(),
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
        self.moves.clear();
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
                && board.cells().playout_candidate_ok(cell, color)
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
        let around = board.cells().adjacent_cells(last);
        let diagonal = board.cells().diagonal_cells(last);
        for cell in around.into_iter().chain(diagonal) {
            if board.cells().content(cell) == tengen_core::cells::CellContent::Empty
                && pattern::matches(self.patterns, board, cell)
            {
                self.candidates.push(cell);
            }
        }
    }

    /// A uniformly random move that fills no own eye and is no bad self-atari; `None` when
    /// there is none (the playout passes).
    fn random_move(&self, board: &mut Board, color: Color, rng: &mut XorShift32) -> Option<usize> {
        let mut k = board.cells().empty_cells().len();
        while k > 0 {
            let i = rng.below(k as u32) as usize;
            let cell = usize::from(board.cells().empty_cells()[i]);
            if self.playable(cell)
                && board.cells().playout_candidate_ok(cell, color)
                && !self.random_self_atari(board, cell, color, rng)
            {
                return Some(cell);
            }
            board.cells_mut().swap_empties(i, k - 1);
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
        if board.cells().neighbour_counts(cell).empty >= 2 {
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
                atari_answers(board, last, color, &mut self.candidates);
                if let Some(cell) = self.pick(board, color, rng, 2) {
                    return Some(cell);
                }
            }
            if rng.below(100) < self.weights.nakade {
                if let Some(cell) = nakade_point(board, last) {
                    if self.playable(cell) && board.cells().is_legal(cell, color) {
                        return Some(cell);
                    }
                }
            }
            if rng.below(100) < self.weights.two_liberties {
                two_liberty_answers(board, last, color, &mut self.candidates);
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
        self.last = cell;
        if let Some(cell) = cell {
            self.moves.push(record(cell, color));
        }
    }
}
