//! Small tactical reading on the fast board, allocation-free: liberties a move would leave,
//! self-atari, and the urgent answers to the last move (capture the chain it put in atari,
//! save an own chain it put in atari). Shared by the playout policy and the tree's priors.

use std::cell::RefCell;

use tengen_core::{
    Board, Color, Position,
    cells::{CellContent, OtherLiberties},
};

/// At most this many distinct cells are collected by a liberty count.
const MAX_COUNTED: usize = 4;

/// What a stone of `color` on the empty `cell` would be: its liberties (counted up to
/// `limit`, at most 4), the stones of its chain, and whether it captures.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveShape {
    pub(crate) liberties: u32,
    pub(crate) stones: u32,
    pub(crate) captures: u32,
}

impl MoveShape {
    /// In atari (or without liberty) after the move, having captured nothing: the
    /// opponent takes it next.
    #[inline]
    pub(crate) fn self_atari(&self) -> bool {
        self.liberties <= 1 && self.captures == 0
    }
}

#[inline]
fn push_distinct(found: &mut [usize; MAX_COUNTED], count: &mut usize, cell: usize) {
    if *count < MAX_COUNTED && !found[..*count].contains(&cell) {
        found[*count] = cell;
        *count += 1;
    }
}

/// The shape of a stone of `color` on the empty on-board `cell`, liberties counted up to
/// `limit` (1..=4). Captured stones next to the move count as liberties; liberties they
/// would open next to the rest of the chain are not counted (an undercount, on the safe
/// side for self-atari).
pub(crate) fn move_shape(board: &Board, cell: usize, color: Color, limit: u32) -> MoveShape {
    let cells = board.cells();
    let limit = (limit as usize).clamp(1, MAX_COUNTED);
    let own = CellContent::stone(color);
    let mut found = [0usize; MAX_COUNTED];
    let mut count = 0;
    let mut heads = [usize::MAX; 4];
    let mut stones = 1;
    let mut captures = 0;
    for (i, nb) in cells.adjacent_cells(cell).into_iter().enumerate() {
        match cells.content(nb) {
            CellContent::Empty => push_distinct(&mut found, &mut count, nb),
            CellContent::Border => {}
            content => {
                let head = cells.chain_head(nb);
                if heads[..i].contains(&head) {
                    continue;
                }
                heads[i] = head;
                if content == own {
                    stones += cells.chain_stones(nb);
                    // The sums tell none or one other liberty without a walk (the
                    // self-atari question needs no more); several are walked for only when
                    // more than two are asked for.
                    match cells.chain_liberties_besides(nb, cell) {
                        OtherLiberties::None => {}
                        OtherLiberties::One(lib) => push_distinct(&mut found, &mut count, lib),
                        OtherLiberties::Several if limit <= 2 => count = count.max(limit),
                        OtherLiberties::Several => {
                            let mut libs = [0usize; MAX_COUNTED + 1];
                            let n = cells.chain_liberties(nb, &mut libs[..=limit]);
                            for &lib in &libs[..n] {
                                if lib != cell {
                                    push_distinct(&mut found, &mut count, lib);
                                }
                            }
                        }
                    }
                } else if cells.chain_in_atari(nb) {
                    captures += cells.chain_stones(nb);
                    push_distinct(&mut found, &mut count, nb);
                }
            }
        }
        if count >= limit {
            break;
        }
    }
    MoveShape {
        liberties: count.min(limit) as u32,
        stones,
        captures,
    }
}

/// Whether a stone of `color` on the empty `cell` is a self-atari worth avoiding: at most
/// one liberty without a capture, for a chain of `min_stones` stones or more. Cheap when
/// the point has two empty neighbours (never a self-atari).
#[inline]
pub(crate) fn bad_self_atari(board: &Board, cell: usize, color: Color, min_stones: u32) -> bool {
    if board.cells().neighbour_counts(cell).empty >= 2 {
        return false;
    }
    let shape = move_shape(board, cell, color, 2);
    shape.self_atari() && shape.stones >= min_stones
}

/// A list of candidate cells without allocation.
#[derive(Clone, Debug)]
pub(crate) struct Candidates {
    cells: [u16; 32],
    len: usize,
}

impl Candidates {
    pub(crate) const fn new() -> Candidates {
        Candidates {
            cells: [0; 32],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub(crate) fn push(&mut self, cell: usize) {
        if self.len < self.cells.len() && !self.cells[..self.len].contains(&(cell as u16)) {
            self.cells[self.len] = cell as u16;
            self.len += 1;
        }
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[u16] {
        &self.cells[..self.len]
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub(crate) fn swap_remove(&mut self, i: usize) {
        self.len -= 1;
        self.cells[i] = self.cells[self.len];
    }
}

/// Whether a stone of `color` on `cell` would put an opponent chain next to it into atari
/// (a neighbour chain with exactly two liberties).
pub(crate) fn gives_atari(board: &Board, cell: usize, color: Color) -> bool {
    let cells = board.cells();
    let opponent = CellContent::stone(color.other());
    cells
        .adjacent_cells(cell)
        .into_iter()
        .any(|nb| cells.content(nb) == opponent && cells.chain_two_liberties(nb).is_some())
}

/// How many distinct last liberties a stone of `color` on `cell` would leave the opponent's
/// chains next to it that it puts in atari: two or more is a double atari (two chains
/// left with the same liberty can be saved together there).
pub(crate) fn ataris_given(board: &Board, cell: usize, color: Color) -> u32 {
    let cells = board.cells();
    let opponent = CellContent::stone(color.other());
    let mut last_liberties = [usize::MAX; 4];
    let mut count = 0;
    for nb in cells.adjacent_cells(cell) {
        if cells.content(nb) != opponent {
            continue;
        }
        if let Some([a, b]) = cells.chain_two_liberties(nb) {
            let left = if a == cell { b } else { a };
            if !last_liberties.contains(&left) {
                last_liberties[count] = left;
                count += 1;
            }
        }
    }
    count as u32
}

/// Whether `color`'s stone on `cell`, a lone stone the opponent can take at once, sets a
/// snapback: the opponent's capturing chain is left in atari with two stones or more, so it
/// is taken back at once, and not as a ko.
pub(crate) fn snapback(board: &Board, cell: usize, color: Color) -> bool {
    if !board.cells().is_legal(cell, color) {
        return false;
    }
    let mut after = board.clone();
    after.cells_mut().place_unchecked(cell, color);
    let mut libs = [0usize; 2];
    if after.cells().chain_stones(cell) != 1 || after.cells().chain_liberties(cell, &mut libs) != 1
    {
        return false;
    }
    let taker = color.other();
    if !after.cells().is_legal(libs[0], taker) {
        return false;
    }
    after.cells_mut().place_unchecked(libs[0], taker);
    after.cells().content(cell) == CellContent::Empty
        && after.cells().chain_stones(libs[0]) >= 2
        && after.cells().chain_in_atari(libs[0])
}

/// The moves that capture an opponent chain in atari next to the stones of own chain
/// `own_cell` (which saves the chain when it is in atari itself).
fn captures_around_chain(board: &Board, own_cell: usize, out: &mut Candidates) {
    let cells = board.cells();
    let opponent = cells
        .content(own_cell)
        .color()
        .map(|c| CellContent::stone(c.other()));
    let mut stone = own_cell;
    let mut guard = 0;
    loop {
        for nb in cells.adjacent_cells(stone) {
            if Some(cells.content(nb)) == opponent {
                if let Some(lib) = cells.chain_atari_liberty(nb) {
                    out.push(lib);
                }
            }
        }
        stone = cells.next_in_chain(stone);
        guard += 1;
        if stone == own_cell || guard > 400 {
            return;
        }
    }
}

/// One stone of each distinct chain of `color` next to `cell`.
fn chains_next_to(board: &Board, cell: usize, color: Color) -> [Option<usize>; 4] {
    let cells = board.cells();
    let own = CellContent::stone(color);
    let mut heads = [usize::MAX; 4];
    let mut out = [None; 4];
    for (i, nb) in cells.adjacent_cells(cell).into_iter().enumerate() {
        if cells.content(nb) == own {
            let head = cells.chain_head(nb);
            if !heads[..i].contains(&head) {
                heads[i] = head;
                out[i] = Some(nb);
            }
        }
    }
    out
}

/// The urgent answers for `color` to the opponent's stone on `last`: capture the chain of
/// `last` when it is in atari, and save every own chain next to `last` that is in atari,
/// by capturing a neighbour in atari or by extending to at least two liberties. Candidates
/// are not checked for legality.
pub(crate) fn atari_answers(board: &Board, last: usize, color: Color, out: &mut Candidates) {
    let cells = board.cells();
    out.clear();
    if cells.content(last).color() != Some(color.other()) {
        return;
    }
    if let Some(lib) = cells.chain_atari_liberty(last) {
        out.push(lib);
    }
    for nb in chains_next_to(board, last, color).into_iter().flatten() {
        if let Some(lib) = cells.chain_atari_liberty(nb) {
            captures_around_chain(board, nb, out);
            if move_shape(board, lib, color, 2).liberties >= 2 {
                out.push(lib);
            }
        }
    }
}

/// Answers for `color` to the opponent's stone on `last` that concern chains with two
/// liberties (Fuego's "low liberty" rule): an own chain next to `last` left with two
/// liberties extends to three or more, and the chain of `last`, if it has two, is put in
/// atari from a point that is no self-atari. Candidates are not checked for legality.
pub(crate) fn two_liberty_answers(board: &Board, last: usize, color: Color, out: &mut Candidates) {
    let cells = board.cells();
    out.clear();
    if cells.content(last).color() != Some(color.other()) {
        return;
    }
    if let Some(libs) = cells.chain_two_liberties(last) {
        for lib in libs {
            if move_shape(board, lib, color, 2).liberties >= 2 {
                out.push(lib);
            }
        }
    }
    for nb in chains_next_to(board, last, color).into_iter().flatten() {
        if let Some(libs) = cells.chain_two_liberties(nb) {
            for lib in libs {
                if move_shape(board, lib, color, 3).liberties >= 3 {
                    out.push(lib);
                }
            }
        }
    }
}

/// The vital point of a three-point eye space next to `last` (MoGo's nakade rule): an empty
/// region of exactly three points, every stone around it of one colour. Its middle point
/// (the one next to both others, in a straight or a bent three) makes two eyes for the
/// owner and kills for the other side. From the neighbour counts the board keeps, without
/// a flood fill: it runs after most moves of a playout.
pub(crate) fn nakade_point(board: &Board, last: usize) -> Option<usize> {
    let cells = board.cells();
    let empty_neighbours = |cell: usize| {
        cells
            .adjacent_cells(cell)
            .into_iter()
            .filter(move |&nb| cells.content(nb) == CellContent::Empty)
    };
    for start in cells.adjacent_cells(last) {
        if cells.content(start) != CellContent::Empty {
            continue;
        }
        // Three points in a line (straight or bent): the middle has two empty neighbours,
        // each end one.
        let middle = match cells.neighbour_counts(start).empty {
            1 => match empty_neighbours(start).next() {
                Some(next) => next,
                None => continue,
            },
            2 => start,
            _ => continue,
        };
        let counts = cells.neighbour_counts(middle);
        if counts.empty != 2 {
            continue;
        }
        let (mut black, mut white) = (counts.black, counts.white);
        let mut ends_closed = true;
        for end in empty_neighbours(middle) {
            let end_counts = cells.neighbour_counts(end);
            ends_closed &= end_counts.empty == 1;
            black += end_counts.black;
            white += end_counts.white;
        }
        if ends_closed && (black == 0) != (white == 0) {
            return Some(middle);
        }
    }
    None
}

/// How many of the attacker's ataris a ladder is read for before it is assumed to fail.
const LADDER_ATARIS: usize = 30;

/// Reads ladders on boards it keeps, one per atari of the reading, so that after the first
/// reading it allocates nothing: the priors and the learned features read them for every
/// new node (an escape that a ladder catches anyway is a wasted move).
#[derive(Clone, Debug, Default)]
pub(crate) struct LadderReader {
    /// `boards[k]`: the position after the attacker's `k`-th atari (0: the one read from),
    /// then the defender's extension on it; the reading at depth `k` owns it.
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
        let Some(defender) = board.cells().content(chain).color() else {
            return false;
        };
        // Most chains in atari get out at once, and the playouts ask often: no copy for them.
        match first_look(board, chain, defender) {
            FirstLook::Out => false,
            FirstLook::Lost => true,
            FirstLook::Extend(lib) => {
                self.start(board);
                !self.extension_escapes(0, chain, defender, lib)
            }
        }
    }

    /// Whether `attacker`'s atari on `atari` (an empty cell, no self-atari for `attacker`;
    /// an illegal one catches nothing) catches the chain through `chain`, which has two
    /// liberties.
    pub(crate) fn atari_catches(
        &mut self,
        board: &Board,
        atari: usize,
        attacker: Color,
        chain: usize,
    ) -> bool {
        let Some(defender) = board.cells().content(chain).color() else {
            return false;
        };
        if !board.cells().is_legal(atari, attacker) {
            return false;
        }
        self.start(board);
        self.boards[0].cells_mut().place_unchecked(atari, attacker);
        self.boards[0].cells().chain_in_atari(chain) && !self.escapes(0, chain, defender)
    }

    /// Copies `board` into `boards[0]`.
    fn start(&mut self, board: &Board) {
        match self.boards.first_mut() {
            Some(first) => first.clone_from(board),
            None => self.boards.push(board.clone()),
        }
    }

    /// Whether the chain, in atari with its owner to move on `boards[depth]`, gets out.
    fn escapes(&mut self, depth: usize, chain: usize, defender: Color) -> bool {
        if depth > LADDER_ATARIS {
            return true;
        }
        match first_look(&self.boards[depth], chain, defender) {
            FirstLook::Out => true,
            FirstLook::Lost => false,
            FirstLook::Extend(lib) => self.extension_escapes(depth, chain, defender, lib),
        }
    }

    /// Whether the chain gets out by extending on `lib`, its liberty on `boards[depth]`:
    /// whether it survives every atari the attacker can give next.
    fn extension_escapes(
        &mut self,
        depth: usize,
        chain: usize,
        defender: Color,
        lib: usize,
    ) -> bool {
        // `boards[depth]` is this reading's own: the extension goes on it, uncopied.
        let after = &mut self.boards[depth];
        after.cells_mut().place_unchecked(lib, defender);
        let mut libs = [0usize; 3];
        match after.cells().chain_liberties(chain, &mut libs) {
            0 | 1 => false,
            2 => {
                let attacker = defender.other();
                for &atari in &libs[..2] {
                    let after = &self.boards[depth];
                    if !after.cells().is_legal(atari, attacker)
                        || move_shape(after, atari, attacker, 2).self_atari()
                    {
                        continue;
                    }
                    self.copy_down(depth);
                    let next = &mut self.boards[depth + 1];
                    next.cells_mut().place_unchecked(atari, attacker);
                    if next.cells().chain_in_atari(chain)
                        && !self.escapes(depth + 1, chain, defender)
                    {
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

/// What a chain in atari, its owner to move, comes to before any reading.
enum FirstLook {
    /// It gets out: it is not in atari, can capture a neighbour, or extends to three or
    /// more liberties.
    Out,
    /// It is lost: it cannot extend.
    Lost,
    /// Extending on this liberty leaves it two or fewer: read on.
    Extend(usize),
}

fn first_look(board: &Board, chain: usize, defender: Color) -> FirstLook {
    let cells = board.cells();
    let Some(lib) = cells.chain_atari_liberty(chain) else {
        return FirstLook::Out;
    };
    let mut captures = Candidates::new();
    captures_around_chain(board, chain, &mut captures);
    if !captures.is_empty() {
        return FirstLook::Out;
    }
    if !cells.is_legal(lib, defender) {
        return FirstLook::Lost;
    }
    // `move_shape` may undercount, never overcount: three is surely three.
    if move_shape(board, lib, defender, 3).liberties >= 3 {
        FirstLook::Out
    } else {
        FirstLook::Extend(lib)
    }
}

/// For `color` playing on `cell`: whether it gives atari to an opponent chain that then
/// cannot escape the ladder (a capture in a ladder), and whether it is an escape of an own
/// chain in atari that the ladder catches anyway (a wasted move).
pub(crate) fn ladder_effects(board: &Board, cell: usize, color: Color) -> (bool, bool) {
    let cells = board.cells();
    if !cells.is_legal(cell, color) {
        return (false, false);
    }
    let own = CellContent::stone(color);
    let opponent = CellContent::stone(color.other());
    let was_in_atari = cells
        .adjacent_cells(cell)
        .into_iter()
        .any(|nb| cells.content(nb) == own && cells.chain_in_atari(nb));
    with_stone_placed(board, cell, color, |after, reader| {
        let catches = after.cells().adjacent_cells(cell).into_iter().any(|nb| {
            after.cells().content(nb) == opponent
                && after.cells().chain_in_atari(nb)
                && reader.caught(after, nb)
        });
        (
            catches,
            was_in_atari && left_to_a_ladder(after, cell, reader),
        )
    })
}

thread_local! {
    /// A board and a ladder reader per thread, reused so that the priors' ladder reading
    /// allocates nothing after a thread's first: it runs for many candidates of every new
    /// node of the tree.
    static LADDER_SCRATCH: RefCell<(Option<Board>, LadderReader)> =
        RefCell::new((None, LadderReader::new()));
}

/// `read` on a copy of `board` with `color`'s stone on `cell` (a legal move), with a
/// ladder reader; both are the thread's own, reused from one call to the next. `read` must
/// not call back into this function.
pub(crate) fn with_stone_placed<R>(
    board: &Board,
    cell: usize,
    color: Color,
    read: impl FnOnce(&Board, &mut LadderReader) -> R,
) -> R {
    LADDER_SCRATCH.with_borrow_mut(|(after, reader)| {
        let after = match after {
            Some(after) => {
                after.clone_from(board);
                after
            }
            None => after.insert(board.clone()),
        };
        after.cells_mut().place_unchecked(cell, color);
        read(after, reader)
    })
}

/// Whether the chain through `cell`, with two liberties on `after` and its opponent to
/// move, is caught in a ladder begun from one of them (read by `reader`, which keeps its
/// boards between readings).
pub(crate) fn left_to_a_ladder(after: &Board, cell: usize, reader: &mut LadderReader) -> bool {
    let Some(color) = after.cells().content(cell).color() else {
        return false;
    };
    let Some(libs) = after.cells().chain_two_liberties(cell) else {
        return false;
    };
    let attacker = color.other();
    libs.into_iter().any(|atari| {
        !move_shape(after, atari, attacker, 2).self_atari()
            && reader.atari_catches(after, atari, attacker, cell)
    })
}

/// Own chains of the player to move that are in atari, by their liberty.
pub(crate) fn own_chains_in_atari(board: &Board, color: Color, out: &mut Candidates) {
    let cells = board.cells();
    out.clear();
    let own = CellContent::stone(color);
    let n = usize::from(board.size().get());
    let stride = cells.stride();
    for y in 1..=n {
        for x in 1..=n {
            let cell = y * stride + x;
            if cells.content(cell) == own && cells.chain_head(cell) == cell {
                if let Some(lib) = cells.chain_atari_liberty(cell) {
                    out.push(lib);
                }
            }
        }
    }
}

/// The candidates the tree considers in `position` besides the pass: legal, not filling an
/// own eye.
pub(crate) fn candidates(position: &Position) -> impl Iterator<Item = usize> + '_ {
    let board = position.board();
    let color = position.to_move();
    board
        .cells()
        .empty_cells()
        .iter()
        .map(|&c| usize::from(c))
        .filter(move |&c| !board.cells().is_own_eye(c, color) && position.is_legal_cell(c))
}

/// Whether a stone lies within Manhattan distance `distance` of `cell`.
pub(crate) fn stone_nearby(board: &Board, cell: usize, distance: i32) -> bool {
    let cells = board.cells();
    let n = i32::from(board.size().get());
    let p = cells.point(cell);
    let (px, py) = (i32::from(p.x), i32::from(p.y));
    for dy in -distance..=distance {
        let y = py + dy;
        if !(0..n).contains(&y) {
            continue;
        }
        let span = distance - dy.abs();
        for dx in -span..=span {
            let x = px + dx;
            if (0..n).contains(&x) {
                let c = cells.cell(tengen_core::Point::new(x as u8, y as u8));
                if cells.content(c).color().is_some() {
                    return true;
                }
            }
        }
    }
    false
}

/// The line of a cell counted from the nearest edge (1 for the edge).
pub(crate) fn line(board: &Board, cell: usize) -> u8 {
    let n = board.size().get();
    let p = board.cells().point(cell);
    1 + p.x.min(p.y).min(n - 1 - p.x).min(n - 1 - p.y)
}

/// Gridcular distance (|dx| + |dy| + max(|dx|, |dy|)), as Pachi measures closeness.
pub(crate) fn gridcular(board: &Board, a: usize, b: usize) -> u32 {
    let cells = board.cells();
    let (pa, pb) = (cells.point(a), cells.point(b));
    let dx = u32::from(pa.x.abs_diff(pb.x));
    let dy = u32::from(pa.y.abs_diff(pb.y));
    dx + dy + dx.max(dy)
}

#[cfg(test)]
mod tests;
