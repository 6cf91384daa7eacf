//! Ladder reading, for the tree's priors and the playouts: is a chain in atari lost when
//! the attacker keeps giving atari, and does a move start or run into such a ladder?

use tengen_core::{Board, CellContent, Color};

use crate::tactics::{Candidates, captures_around_chain, move_shape};

/// How deep a ladder is read before it is assumed to fail for the attacker.
const LADDER_DEPTH: usize = 60;

/// Reads ladders on boards it keeps, one per ply of the reading, so that after the first
/// reading it allocates nothing: the playouts read them too (an escape that a ladder
/// catches anyway is a wasted move).
#[derive(Clone, Debug, Default)]
pub(crate) struct LadderReader {
    boards: Vec<Board>,
}

impl LadderReader {
    pub(crate) fn new() -> LadderReader {
        LadderReader { boards: Vec::new() }
    }

    /// Whether the chain through `chain` (in atari, its owner to move) is lost to a ladder:
    /// every way out (capturing a neighbour in atari, or extending) ends captured when the
    /// attacker keeps giving atari.
    pub(crate) fn caught(&mut self, board: &Board, chain: usize) -> bool {
        let Some(defender) = board.content(chain).color() else {
            return false;
        };
        // Most chains in atari get out at once, and the playouts ask often: no copy for them.
        if let Some(escapes) = obvious_escape(board, chain, defender) {
            return !escapes;
        }
        match self.boards.first_mut() {
            Some(first) => first.clone_from(board),
            None => self.boards.push(board.clone()),
        }
        !self.escapes(0, chain, defender)
    }

    /// Whether `attacker`'s atari on `atari` (an empty cell, legal and no self-atari for
    /// `attacker`) catches the chain through `chain`, which has two liberties.
    pub(crate) fn atari_catches(
        &mut self,
        board: &Board,
        atari: usize,
        attacker: Color,
        chain: usize,
    ) -> bool {
        let Some(defender) = board.content(chain).color() else {
            return false;
        };
        match self.boards.first_mut() {
            Some(first) => first.clone_from(board),
            None => self.boards.push(board.clone()),
        }
        if !self.boards[0].is_legal_cell(atari, attacker) {
            return false;
        }
        self.boards[0].place(atari, attacker);
        self.boards[0].chain_in_atari(chain) && !self.escapes(0, chain, defender)
    }

    /// Whether the chain, in atari with its owner to move on `boards[depth]`, gets out.
    fn escapes(&mut self, depth: usize, chain: usize, defender: Color) -> bool {
        if depth > LADDER_DEPTH {
            return true;
        }
        let board = &self.boards[depth];
        if let Some(escapes) = obvious_escape(board, chain, defender) {
            return escapes;
        }
        let Some(lib) = board.chain_atari_liberty(chain) else {
            return true;
        };
        self.copy_down(depth);
        let after = &mut self.boards[depth + 1];
        after.place(lib, defender);
        let mut libs = [0usize; 3];
        match after.chain_liberties(chain, &mut libs) {
            0 | 1 => false,
            2 => {
                let attacker = defender.other();
                for &atari in &libs[..2] {
                    let after = &self.boards[depth + 1];
                    if !after.is_legal_cell(atari, attacker)
                        || move_shape(after, atari, attacker, 2).self_atari()
                    {
                        continue;
                    }
                    self.copy_down(depth + 1);
                    let next = &mut self.boards[depth + 2];
                    next.place(atari, attacker);
                    if next.chain_in_atari(chain) && !self.escapes(depth + 2, chain, defender) {
                        return false;
                    }
                }
                true
            }
            _ => true,
        }
    }

    /// Copies `boards[depth]` into `boards[depth + 1]`.
    fn copy_down(&mut self, depth: usize) {
        if self.boards.len() == depth + 1 {
            let copy = self.boards[depth].clone();
            self.boards.push(copy);
        } else {
            let (upper, lower) = self.boards.split_at_mut(depth + 1);
            lower[0].clone_from(&upper[depth]);
        }
    }
}

/// [`LadderReader::caught`] with a reader of its own (the tree's priors, not the playouts).
pub(crate) fn caught_in_ladder(board: &Board, chain: usize) -> bool {
    LadderReader::new().caught(board, chain)
}

/// For `color` playing on `cell`: whether it gives atari to an opponent chain that then
/// cannot escape the ladder (a capture in a ladder), and whether it is an escape of an own
/// chain in atari that the ladder catches anyway (a wasted move).
pub(crate) fn ladder_effects(board: &Board, cell: usize, color: Color) -> (bool, bool) {
    let mut after = board.clone();
    if !after.is_legal_cell(cell, color) {
        return (false, false);
    }
    let opponent = CellContent::stone(color.other());
    let mut was_in_atari = false;
    for nb in board.adjacent_cells(cell) {
        if board.content(nb) == CellContent::stone(color) && board.chain_in_atari(nb) {
            was_in_atari = true;
        }
    }
    after.place(cell, color);
    let mut catches = false;
    for nb in after.adjacent_cells(cell) {
        if after.content(nb) == opponent && after.chain_in_atari(nb) && caught_in_ladder(&after, nb)
        {
            catches = true;
        }
    }
    (
        catches,
        was_in_atari && left_to_a_ladder(&after, cell, &mut LadderReader::new()),
    )
}

/// Whether the chain through `cell`, with two liberties on `after` and its opponent to
/// move, is caught in a ladder begun from one of them (read by `reader`, which keeps its
/// boards between readings).
pub(crate) fn left_to_a_ladder(after: &Board, cell: usize, reader: &mut LadderReader) -> bool {
    let Some(color) = after.content(cell).color() else {
        return false;
    };
    let Some(libs) = after.chain_two_liberties(cell) else {
        return false;
    };
    let attacker = color.other();
    libs.into_iter().any(|atari| {
        !move_shape(after, atari, attacker, 2).self_atari()
            && reader.atari_catches(after, atari, attacker, cell)
    })
}

/// Whether the chain through `chain`, in atari with `defender` to move, gets out or is
/// lost without reading: out when it is not in atari, can capture a neighbour, or extends
/// to three or more liberties; lost when it cannot extend. `None`: read on.
fn obvious_escape(board: &Board, chain: usize, defender: Color) -> Option<bool> {
    let Some(lib) = board.chain_atari_liberty(chain) else {
        return Some(true);
    };
    let mut captures = Candidates::new();
    captures_around_chain(board, chain, &mut captures);
    if !captures.is_empty() {
        return Some(true);
    }
    if !board.is_legal_cell(lib, defender) {
        return Some(false);
    }
    // `move_shape` may undercount, never overcount: three is surely three.
    (move_shape(board, lib, defender, 3).liberties >= 3).then_some(true)
}
