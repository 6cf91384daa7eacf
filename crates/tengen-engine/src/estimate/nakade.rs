//! The nakade the reading counts a kill at once: a chain of the attacker's standing in a
//! seki that fills the group's last liberty but one as a bulky five, a crossed five or a
//! rabbity six. Reading it out (the capture, the vital point, every throw-in and capture
//! inside the space after) costs thousands of nodes; the shape decides it.

use tengen_core::{Board, Color, cells::CellContent};

use super::{Reader, adjacent_chains, chain_cells, group_heads, liberties};

impl Reader {
    /// Whether the attacker's stone on the empty `cell`, with the group's chains `heads` and
    /// their liberties `libs`, is such a kill ([`kills`]).
    pub(super) fn kills_as_nakade(
        &self,
        board: &Board,
        cell: usize,
        heads: &[usize],
        libs: &[usize],
    ) -> bool {
        kills(
            board,
            cell,
            self.defender.other(),
            heads,
            libs,
            &self.standing,
            &self.secure,
        )
    }
}

/// Whether the attacker's (`color`) stone on the empty `cell`, one of the two liberties
/// `libs` of the group's chains `heads`, joins a chain of his that stood there when the
/// reading began (`standing`, by cell) into five or six stones touching no other stone of
/// the defender's, in the shape of a nakade that still kills once captured: the bulky five
/// (a square of four and one more), the crossed five (a point and its four neighbours) or
/// the rabbity six (the cross and a fourth point of one of its squares); and whether the
/// group must then take it and keep only that space ([`leaves_only_the_nakade`]; `secure`:
/// by cell, the attacker's stones the estimate holds alive).
///
/// The stones inside a corner seki that fill its last liberty but one so kill the group
/// that takes them; the reading, whose sacrifices are otherwise of
/// [`super::MAX_SACRIFICE`] stones, counts such a move a kill at once. Only for a chain
/// that stood: built inside the reading, such chains arise only where the defender
/// answered badly, and finding his other answers there took `corner_test_3`'s corner from
/// 481 nodes to over 200,000.
fn kills(
    board: &Board,
    cell: usize,
    color: Color,
    heads: &[usize],
    libs: &[usize],
    standing: &[bool],
    secure: &[bool],
) -> bool {
    if libs.len() != 2 || !libs.contains(&cell) {
        return false;
    }
    let cells = board.cells();
    let own = CellContent::stone(color);
    let mut stones = vec![cell];
    for nb in cells.adjacent_cells(cell) {
        if cells.content(nb) == own && !stones.contains(&nb) {
            stones.extend(chain_cells(board, cells.chain_head(nb)));
            if stones.len() > 6 {
                return false;
            }
        }
    }
    if !stones[1..].iter().all(|&stone| standing[stone]) {
        return false;
    }
    let defender = CellContent::stone(color.other());
    let enclosed = stones.iter().all(|&stone| {
        cells
            .adjacent_cells(stone)
            .into_iter()
            .all(|nb| cells.content(nb) != defender || heads.contains(&cells.chain_head(nb)))
    });
    if !enclosed {
        return false;
    }
    let neighbours = |at: usize| -> Vec<usize> {
        cells
            .adjacent_cells(at)
            .into_iter()
            .filter(|nb| stones.contains(nb))
            .collect()
    };
    let cross = stones.iter().any(|&at| neighbours(at).len() == 4);
    // A square: two neighbours of one stone that share another neighbour.
    let square = stones.iter().any(|&corner| {
        let sides = neighbours(corner);
        sides.iter().any(|&a| {
            sides.iter().any(|&b| {
                a != b
                    && neighbours(a)
                        .into_iter()
                        .any(|far| far != corner && neighbours(b).contains(&far))
            })
        })
    });
    let shaped = match stones.len() {
        5 => square || cross,
        6 => square && cross,
        _ => false,
    };
    shaped && {
        let mut after = board.clone();
        after.cells_mut().place_unchecked(cell, color);
        leaves_only_the_nakade(&after, cell, heads, color, secure)
    }
}

/// After the attacker's sacrifice on `cell`, whether the group on `anchors` must take it
/// and is left with its stones as its only liberties: it is in atari, the attacker's other
/// chains next to it are out of atari and joined to stones the estimate holds alive
/// (`secure`, by cell), and its capture on its last liberty takes the sacrifice alone and
/// leaves the group no liberty outside that space. The attacker then plays the vital point,
/// and no group lives in a bulky five, crossed five or rabbity six whose vital point is
/// taken with no liberty outside.
fn leaves_only_the_nakade(
    board: &Board,
    cell: usize,
    anchors: &[usize],
    attacker: Color,
    secure: &[bool],
) -> bool {
    let defender = attacker.other();
    let cells = board.cells();
    let heads = group_heads(board, anchors, defender);
    let [last] = liberties(board, &heads, 2)[..] else {
        return false;
    };
    let sacrifice = cells.chain_head(cell);
    let space: Vec<usize> = chain_cells(board, sacrifice).collect();
    // The attacker's other chains around it must stand whatever it does then: one in atari,
    // or a wall of chains that are themselves dead, it captures instead.
    let others_short = adjacent_chains(board, &heads, attacker)
        .into_iter()
        .any(|head| {
            head != sacrifice
                && (cells.chain_in_atari(head)
                    || !chain_cells(board, head).any(|stone| secure[stone]))
        });
    if others_short || cells.chain_atari_liberty(cell) != Some(last) {
        return false;
    }
    let mut after = board.clone();
    after.cells_mut().place_unchecked(last, defender);
    let after_heads = group_heads(&after, anchors, defender);
    let after_cells = after.cells();
    let enclosed_by_the_group = space.iter().all(|&point| {
        after_cells.adjacent_cells(point).into_iter().all(|nb| {
            space.contains(&nb)
                || match after_cells.content(nb) {
                    CellContent::Border => true,
                    CellContent::Empty => false,
                    _ => after_heads.contains(&after_cells.chain_head(nb)),
                }
        })
    });
    enclosed_by_the_group
        && liberties(&after, &after_heads, usize::MAX)
            .iter()
            .all(|lib| space.contains(lib))
}
