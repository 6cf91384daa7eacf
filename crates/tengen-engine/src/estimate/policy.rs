//! The estimator's playout policy: uniform random play that neither fills its own eyes nor
//! throws in stones that could never live, and that answers the last move's ataris.
//!
//! Uniform random playouts from a finished position kill living groups (a player fills its
//! own shared liberties of a seki, or never connects a cut) and keep dead ones (nobody
//! captures them). Three rules make the ownership of the end of a playout mean what a player
//! means by "alive":
//!
//! - no move inside a pass-alive territory (Benson): nothing there can change;
//! - no self-atari of a chain of more than [`MAX_SACRIFICE`] stones (that keeps a seki and a
//!   living group's shortage of liberties, and still allows the throw-ins and small nakade
//!   that kill an eye);
//! - the last move's ataris are answered first: a stone in atari is captured, an own chain in
//!   atari escapes when escaping gives it two liberties or captures.
//!
//! It should be unified with the Monte-Carlo player's heavy policy once that exists (see the
//! report of the estimator's branch); the estimator only needs these three rules.

use tengen_core::playout::{PlayoutPolicy, XorShift32};
use tengen_core::{Board, CellContent, Color};

use super::patterns;

/// The largest chain the policy lets a player put into atari (a sacrifice that can kill an
/// eye: one stone, two, or a bent or straight three).
pub(crate) const MAX_SACRIFICE: u32 = 3;

/// See the [module documentation](self).
pub(crate) struct EstimatePolicy<'a> {
    /// Cells nobody plays on (pass-alive territory).
    no_play: &'a [bool],
    last: Option<usize>,
}

impl<'a> EstimatePolicy<'a> {
    pub(crate) fn new(no_play: &'a [bool]) -> EstimatePolicy<'a> {
        EstimatePolicy {
            no_play,
            last: None,
        }
    }

    fn allowed(&self, board: &Board, cell: usize, color: Color) -> bool {
        !self.no_play[cell]
            && board.is_legal_cell(cell, color)
            && self_atari_size(board, cell, color).is_none_or(|size| size <= MAX_SACRIFICE)
    }

    /// The answer to the last move's ataris, if one is needed.
    fn reply(&self, board: &Board, last: usize, color: Color) -> Option<usize> {
        let own = CellContent::stone(color);
        let theirs = CellContent::stone(color.other());
        if board.content(last) == theirs {
            if let Some(lib) = board.chain_atari_liberty(last) {
                if self.allowed(board, lib, color) {
                    return Some(lib);
                }
            }
        }
        for nb in board.adjacent_cells(last) {
            if board.content(nb) != own {
                continue;
            }
            let Some(lib) = board.chain_atari_liberty(nb) else {
                continue;
            };
            if !self.no_play[lib]
                && board.is_legal_cell(lib, color)
                && self_atari_size(board, lib, color).is_none()
            {
                return Some(lib);
            }
            if let Some(capture) = self.counter_capture(board, nb, color) {
                return Some(capture);
            }
        }
        None
    }

    /// A capture of an opponent chain in atari next to the own chain through `chain`.
    fn counter_capture(&self, board: &Board, chain: usize, color: Color) -> Option<usize> {
        let theirs = CellContent::stone(color.other());
        let mut stone = chain;
        loop {
            for nb in board.adjacent_cells(stone) {
                if board.content(nb) != theirs {
                    continue;
                }
                if let Some(lib) = board.chain_atari_liberty(nb) {
                    if !self.no_play[lib] && board.is_legal_cell(lib, color) {
                        return Some(lib);
                    }
                }
            }
            stone = board.next_in_chain(stone);
            if stone == chain {
                return None;
            }
        }
    }

    /// A reply to the last move by one of MoGo's shapes, chosen at random among those next
    /// to it.
    fn shape_reply(
        &self,
        board: &Board,
        last: usize,
        color: Color,
        rng: &mut XorShift32,
    ) -> Option<usize> {
        let mut found = [0usize; 8];
        let mut n = 0;
        let around = board.adjacent_cells(last);
        let diagonal = board.diagonal_cells_of(last);
        for cell in around.into_iter().chain(diagonal) {
            if board.content(cell) == CellContent::Empty
                && !self.no_play[cell]
                && patterns::matches(board, cell, color)
                && board.is_legal_cell(cell, color)
                && self_atari_size(board, cell, color).is_none()
            {
                found[n] = cell;
                n += 1;
            }
        }
        (n > 0).then(|| found[rng.below(n as u32) as usize])
    }

    fn random(&self, board: &mut Board, color: Color, rng: &mut XorShift32) -> Option<usize> {
        let mut k = board.empty_cells().len();
        while k > 0 {
            let i = rng.below(k as u32) as usize;
            let cell = usize::from(board.empty_cells()[i]);
            if !self.no_play[cell]
                && board.playout_candidate_ok(cell, color)
                && self_atari_size(board, cell, color).is_none_or(|size| size <= MAX_SACRIFICE)
            {
                return Some(cell);
            }
            board.swap_empties(i, k - 1);
            k -= 1;
        }
        None
    }
}

impl PlayoutPolicy for EstimatePolicy<'_> {
    fn choose(&mut self, board: &mut Board, color: Color, rng: &mut XorShift32) -> Option<usize> {
        if let Some(last) = self.last {
            if let Some(cell) = self.reply(board, last, color) {
                return Some(cell);
            }
            if let Some(cell) = self.shape_reply(board, last, color, rng) {
                return Some(cell);
            }
        }
        self.random(board, color, rng)
    }

    fn played(&mut self, _board: &Board, _color: Color, cell: Option<usize>) {
        self.last = cell;
    }
}

/// The size of the chain a stone of `color` on the empty `cell` would form, when that chain
/// would have exactly one liberty and the move captures nothing; `None` otherwise (two
/// liberties or more, or a capture). Without allocation: this runs for every candidate.
pub(crate) fn self_atari_size(board: &Board, cell: usize, color: Color) -> Option<u32> {
    let own = CellContent::stone(color);
    let mut libs = [usize::MAX; 2];
    let mut found = 0;
    let mut heads = [usize::MAX; 4];
    let mut size = 1;
    for (i, nb) in board.adjacent_cells(cell).into_iter().enumerate() {
        match board.content(nb) {
            CellContent::Empty => {
                if !libs[..found].contains(&nb) {
                    libs[found] = nb;
                    found += 1;
                }
            }
            CellContent::Border => {}
            content if content == own => {
                let head = board.chain_head(nb);
                if heads.contains(&head) {
                    continue;
                }
                heads[i] = head;
                size += board.chain_stones(nb);
                let mut chain_libs = [0usize; 3];
                let n = board.chain_liberties(nb, &mut chain_libs);
                for &lib in &chain_libs[..n] {
                    if lib != cell && !libs[..found].contains(&lib) {
                        libs[found] = lib;
                        found += 1;
                        if found == 2 {
                            return None;
                        }
                    }
                }
            }
            _ => {
                if board.chain_in_atari(nb) {
                    return None;
                }
            }
        }
        if found == 2 {
            return None;
        }
    }
    Some(size)
}
