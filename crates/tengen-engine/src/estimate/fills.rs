//! Chains in atari at the end of the game: the ones whose owner must still fill a liberty,
//! the snapbacks that need nothing, and the ones only dead stones threaten.
//!
//! A chain in atari next to a living opponent stone is saved by a move of its owner (when
//! play resumes, JP-8, the opponent of the player who asks moves first): under territory
//! scoring without pass stones that point is not territory. A capture that is taken back at
//! once (a snapback) threatens nothing. A stone the opponent would take in a ko is dead: the
//! ko is unresolved, and in the confirmation phase the opponent takes it and its owner may
//! not take back (JP-7, seed 003). And a chain that only dead stones hold in atari is alive
//! and needs no move (seed 003: "the white stone is of course dead because Black can capture
//! it", "conversely Black need not play at A for his stones to be alive"): the dead stones come
//! off and its liberty is its owner's territory.

use tengen_core::{
    Board, Color, Game, GameResult, Ownership, Point, Score, Scoring, cells::CellContent,
};

/// What threatens a chain in atari.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Threat {
    /// Not in atari.
    None,
    /// The capture would be retaken at once.
    Snapback,
    /// Only stones that are dead hold it in atari, and their capture is no ko.
    DeadStones,
    /// A single stone the opponent takes in a ko: after the game has stopped he may, and
    /// its owner may not take back without passing first (JP-7: an unresolved ko at the
    /// end kills the stone that failed to connect it), even when the stones that take it
    /// are dead themselves (seed 003: "both the white and the black stones are dead").
    Ko,
    /// A living opponent chain holds it in atari: its owner must fill this liberty.
    Real(usize),
}

/// The threat to the chain through `cell` on `board`, when the stones for which `dead` is
/// true are dead.
pub(crate) fn threat(board: &Board, cell: usize, dead: &dyn Fn(usize) -> bool) -> Threat {
    let cells = board.cells();
    let Some(lib) = cells.chain_atari_liberty(cell) else {
        return Threat::None;
    };
    let color = cells.content(cell).color().expect("a stone");
    if capture_is_retaken(board, lib, color.other()) {
        return Threat::Snapback;
    }
    if is_ko_capture(board, lib, color.other()) {
        // Whoever holds it: seed 003's white stone in the ko is dead though the Black stones
        // around it die too.
        return Threat::Ko;
    }
    let theirs = CellContent::stone(color.other());
    let mut stone = cell;
    loop {
        for nb in cells.adjacent_cells(stone) {
            if cells.content(nb) == theirs && !dead(nb) {
                return Threat::Real(lib);
            }
        }
        stone = cells.next_in_chain(stone);
        if stone == cell {
            return Threat::DeadStones;
        }
    }
}

/// Whether a stone of `capturer` on `cell` takes a ko that stays one: one stone captured,
/// the capturing stone left alone in atari on the captured point, and no other chain of the
/// capturer's next to that point that its victim's owner can first put in atari (a chain
/// with one liberty besides it, which he may fill): then the retake would capture more than
/// one stone, and it is no ko (JP-7's second clause: he takes back and plays anew).
fn is_ko_capture(board: &Board, cell: usize, capturer: Color) -> bool {
    let mut after = board.clone();
    let placed = after.cells_mut().place_unchecked(cell, capturer);
    let cells = after.cells();
    if placed.captured != 1 || cells.chain_stones(cell) != 1 {
        return false;
    }
    let Some(retake) = cells.chain_atari_liberty(cell) else {
        return false;
    };
    let ours = CellContent::stone(capturer);
    !cells.adjacent_cells(retake).iter().any(|&nb| {
        let mut libs = [0usize; 3];
        nb != cell
            && cells.content(nb) == ours
            && cells.chain_liberties(nb, &mut libs) == 2
            && libs[..2]
                .iter()
                .any(|&lib| lib != retake && cells.is_legal(lib, capturer.other()))
    })
}

/// Whether a capture by `capturer` on `cell` is answered by a snapback: the capturing chain
/// is left in atari and its victim's owner takes it back, more than one stone (not a ko).
/// Then nobody gains by the capture, and the chain it threatened needs no fill.
fn capture_is_retaken(board: &Board, cell: usize, capturer: Color) -> bool {
    if !board.cells().is_legal(cell, capturer) {
        return true;
    }
    let mut after = board.clone();
    let placed = after.cells_mut().place_unchecked(cell, capturer);
    let Some(retake) = after.cells().chain_atari_liberty(cell) else {
        return false;
    };
    let retaken = after.cells().chain_stones(cell);
    after.cells().is_legal(retake, capturer.other()) && (retaken > 1 || placed.captured > 1)
}

/// The points owners must still fill: the liberty of every chain in atari, not dead, that a
/// living opponent chain threatens.
pub(crate) fn fills_needed(board: &Board, dead: &[Point]) -> Vec<(Color, Point)> {
    let cells = board.cells();
    let mut dead_cell = vec![false; cells.cell_count()];
    for &p in dead {
        if board.size().contains(p) {
            dead_cell[cells.cell(p)] = true;
        }
    }
    let is_dead = |c: usize| dead_cell[c];
    let mut fills: Vec<(Color, Point)> = Vec::new();
    for chain in super::chains_of(board) {
        let head = chain.cells[0];
        if dead_cell[head] {
            continue;
        }
        if let Threat::Real(lib) = threat(board, head, &is_dead) {
            let fill = (chain.color, cells.point(lib));
            if !fills.contains(&fill) {
                fills.push(fill);
            }
        }
    }
    fills
}

/// Takes the fills off the territory they lie in, under territory scoring without pass
/// stones (with pass stones, the fill is paid back by the opponent's pass: AGA-12).
pub(crate) fn charge_fills(score: &mut Score, fills: &[(Color, Point)], game: &Game) {
    if score.scoring != Scoring::Territory || game.rules().pass_stones {
        return;
    }
    let mut changed = false;
    for &(color, point) in fills {
        if score.ownership(point) == Ownership::Territory(color) {
            let side = score.sides.get_mut(color);
            side.territory -= 1;
            side.total_half_points -= 2;
            changed = true;
        }
    }
    if changed {
        score.result = GameResult::from_margin(score.margin_half_points());
    }
}
