//! Ladder reading, for the tree's priors and the playouts: is a chain in atari lost when
//! the attacker keeps giving atari, and does an atari start such a ladder?
//!
//! The priors ask for hundreds of candidates of every new node, and a copy of a 19×19 board
//! per ply of each reading once took most of a 19×19 search's time. So the reading puts its
//! stones on a virtual board: the real board plus the stones the reading placed, which it
//! takes back on the way up. Nothing is ever captured on the virtual board: a reading in
//! which a stone would be captured (rare: a ladder breaker in atari, a capture of a third
//! chain) is read again on copied boards, where captures happen as in a game.

use tengen_core::{Board, CellContent, Color};

use crate::tactics::{Candidates, captures_around_chain, move_shape};

/// How deep a ladder is read before it is assumed to fail for the attacker.
const LADDER_DEPTH: usize = 60;

/// Reads ladders without allocating once it has read one on a board of the size.
#[derive(Clone, Debug, Default)]
pub(crate) struct LadderReader {
    /// The stone the reading put on each cell: 0 none, 1 Black, 2 White.
    placed: Vec<u8>,
    /// The cells of `placed`, in the order they were put there.
    stack: Vec<usize>,
    /// Flood-fill marks: a cell is seen when its mark is `generation`.
    marks: Vec<u32>,
    generation: u32,
    /// The flood fill's work list.
    flood: Vec<usize>,
    /// The stones of the last chain whose liberties were counted with stones asked for.
    stones: Vec<usize>,
    /// The reading on copied boards, for readings with a capture.
    copies: CopyingReader,
}

/// A reading met a capture: read it again on copied boards.
struct Capture;

type Reading = Result<bool, Capture>;

impl LadderReader {
    pub(crate) fn new() -> LadderReader {
        LadderReader::default()
    }

    /// Whether the chain through `chain` (in atari, its owner to move) is lost to a ladder:
    /// every way out (capturing a neighbour in atari, or extending) ends captured when the
    /// attacker keeps giving atari.
    pub(crate) fn caught(&mut self, board: &Board, chain: usize) -> bool {
        let Some(defender) = board.content(chain).color() else {
            return false;
        };
        self.start(board);
        let reading = self.escapes(board, chain, defender, 0);
        self.unwind();
        match reading {
            Ok(escapes) => !escapes,
            Err(Capture) => self.copies.caught(board, chain),
        }
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
        if !board.is_legal_cell(atari, attacker) {
            return false;
        }
        self.start(board);
        let reading = self.atari_reading(board, atari, attacker, chain, defender);
        self.unwind();
        reading.unwrap_or_else(|Capture| self.copies.atari_catches(board, atari, attacker, chain))
    }

    /// Whether `color`'s stone on the empty `cell`, which captures nothing and leaves its
    /// chain two liberties, can be caught by a ladder begun from one of them: the
    /// self-atari that a ladder takes.
    pub(crate) fn move_left_to_a_ladder(
        &mut self,
        board: &Board,
        cell: usize,
        color: Color,
    ) -> bool {
        self.start(board);
        let reading = self.left_reading(board, cell, color);
        self.unwind();
        reading.unwrap_or_else(|Capture| {
            let mut after = board.clone();
            after.place(cell, color);
            crate::tactics::left_to_a_ladder(&after, cell, self)
        })
    }

    fn left_reading(&mut self, board: &Board, cell: usize, color: Color) -> Reading {
        if self.captures_at(board, cell, color) {
            return Err(Capture);
        }
        self.place(cell, color);
        let mut libs = [0; 3];
        if self.liberties(board, cell, &mut libs, false) != 2 {
            return Ok(false);
        }
        let attacker = color.other();
        for atari in [libs[0], libs[1]] {
            if self.captures_at(board, atari, attacker) {
                return Err(Capture);
            }
            self.place(atari, attacker);
            let mut own = [0; 3];
            let caught = self.liberties(board, atari, &mut own, false) >= 2
                && !self.escapes(board, cell, color, 0)?;
            self.unplace();
            if caught {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn atari_reading(
        &mut self,
        board: &Board,
        atari: usize,
        attacker: Color,
        chain: usize,
        defender: Color,
    ) -> Reading {
        if self.captures_at(board, atari, attacker) {
            return Err(Capture);
        }
        self.place(atari, attacker);
        let mut libs = [0; 3];
        Ok(self.liberties(board, chain, &mut libs, false) == 1
            && !self.escapes(board, chain, defender, 0)?)
    }

    /// Whether the chain through `chain`, in atari on the virtual board with `defender` to
    /// move, gets out.
    fn escapes(&mut self, board: &Board, chain: usize, defender: Color, depth: usize) -> Reading {
        if depth > LADDER_DEPTH {
            return Ok(true);
        }
        let mut libs = [0; 3];
        if self.liberties(board, chain, &mut libs, true) != 1 {
            return Ok(true);
        }
        if self.can_capture_next_to_stones(board, defender) {
            return Ok(true);
        }
        let lib = libs[0];
        // The real board's ko only binds the first move: a move that captures nothing
        // lifts it, and the virtual board captures nothing.
        if self.stack.is_empty() && !board.is_legal_cell(lib, defender) {
            return Ok(false);
        }
        if self.captures_at(board, lib, defender) {
            return Err(Capture);
        }
        self.place(lib, defender);
        let reading = match self.liberties(board, chain, &mut libs, false) {
            0 | 1 => Ok(false),
            2 => self.attacks_fail(board, chain, defender, depth, [libs[0], libs[1]]),
            _ => Ok(true),
        };
        self.unplace();
        reading
    }

    /// Whether the chain (two liberties, `ataris`, after `defender`'s extension) survives
    /// every atari the attacker may give from them.
    fn attacks_fail(
        &mut self,
        board: &Board,
        chain: usize,
        defender: Color,
        depth: usize,
        ataris: [usize; 2],
    ) -> Reading {
        let attacker = defender.other();
        for atari in ataris {
            if self.captures_at(board, atari, attacker) {
                return Err(Capture);
            }
            self.place(atari, attacker);
            let mut own = [0; 3];
            // An atari that is suicide or self-atari is no attack.
            let reading = if self.liberties(board, atari, &mut own, false) < 2 {
                Ok(true)
            } else {
                self.escapes(board, chain, defender, depth + 2)
            };
            self.unplace();
            if !reading? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Sizes the scratch space for `board` and clears the virtual stones.
    fn start(&mut self, board: &Board) {
        let cells = board.cell_count();
        if self.placed.len() != cells {
            self.placed = vec![0; cells];
            self.marks = vec![0; cells];
            self.generation = 0;
        }
        self.unwind();
    }

    fn unwind(&mut self) {
        while !self.stack.is_empty() {
            self.unplace();
        }
    }

    #[inline]
    fn place(&mut self, cell: usize, color: Color) {
        self.placed[cell] = 1 + color.index() as u8;
        self.stack.push(cell);
    }

    #[inline]
    fn unplace(&mut self) {
        if let Some(cell) = self.stack.pop() {
            self.placed[cell] = 0;
        }
    }

    #[inline]
    fn content(&self, board: &Board, cell: usize) -> CellContent {
        match self.placed[cell] {
            0 => board.content(cell),
            1 => CellContent::stone(Color::Black),
            _ => CellContent::stone(Color::White),
        }
    }

    fn next_generation(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.marks.fill(0);
            self.generation = 1;
        }
        self.generation
    }

    /// The liberties on the virtual board of the chain through the stone on `cell`,
    /// counted up to `libs.len()` (and kept there); with `keep_stones` the chain's stones
    /// are left in `self.stones`.
    fn liberties(
        &mut self,
        board: &Board,
        cell: usize,
        libs: &mut [usize],
        keep_stones: bool,
    ) -> usize {
        let own = self.content(board, cell);
        let mark = self.next_generation();
        self.stones.clear();
        self.flood.clear();
        self.flood.push(cell);
        self.marks[cell] = mark;
        let mut count = 0;
        while let Some(stone) = self.flood.pop() {
            if keep_stones {
                self.stones.push(stone);
            }
            for nb in board.adjacent_cells(stone) {
                if self.marks[nb] == mark {
                    continue;
                }
                let content = self.content(board, nb);
                if content == own {
                    self.marks[nb] = mark;
                    self.flood.push(nb);
                } else if content == CellContent::Empty && count < libs.len() {
                    self.marks[nb] = mark;
                    libs[count] = nb;
                    count += 1;
                    if count == libs.len() && !keep_stones {
                        return count;
                    }
                }
            }
        }
        count
    }

    /// Whether a chain of `defender`'s opponent next to the stones in `self.stones` is in
    /// atari on the virtual board (the defender gets out by taking it).
    fn can_capture_next_to_stones(&mut self, board: &Board, defender: Color) -> bool {
        let opponent = CellContent::stone(defender.other());
        let stones = std::mem::take(&mut self.stones);
        let found = stones.iter().any(|&stone| {
            board.adjacent_cells(stone).into_iter().any(|nb| {
                self.content(board, nb) == opponent && {
                    let mut libs = [0; 2];
                    self.liberties(board, nb, &mut libs, false) == 1
                }
            })
        });
        self.stones = stones;
        found
    }

    /// Whether `color`'s stone on the empty `cell` would capture on the virtual board.
    fn captures_at(&mut self, board: &Board, cell: usize, color: Color) -> bool {
        let opponent = CellContent::stone(color.other());
        board.adjacent_cells(cell).into_iter().any(|nb| {
            self.content(board, nb) == opponent && {
                let mut libs = [0; 2];
                self.liberties(board, nb, &mut libs, false) == 1
            }
        })
    }
}

/// The reading on boards it copies, one per ply, captures and all: the reference the
/// virtual board's reading must agree with, and its fallback.
#[derive(Clone, Debug, Default)]
pub(crate) struct CopyingReader {
    boards: Vec<Board>,
}

impl CopyingReader {
    /// See [`LadderReader::caught`].
    pub(crate) fn caught(&mut self, board: &Board, chain: usize) -> bool {
        let Some(defender) = board.content(chain).color() else {
            return false;
        };
        if let Some(escapes) = obvious_escape(board, chain, defender) {
            return !escapes;
        }
        self.start(board);
        !self.escapes(0, chain, defender)
    }

    /// See [`LadderReader::atari_catches`].
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
        self.start(board);
        if !self.boards[0].is_legal_cell(atari, attacker) {
            return false;
        }
        self.boards[0].place(atari, attacker);
        self.boards[0].chain_in_atari(chain) && !self.escapes(0, chain, defender)
    }

    fn start(&mut self, board: &Board) {
        match self.boards.first_mut() {
            Some(first) => first.clone_from(board),
            None => self.boards.push(board.clone()),
        }
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

#[cfg(test)]
mod tests {
    use tengen_core::{BoardSize, Game, Move, Phase, Rules, playout::XorShift32};

    use super::*;

    /// How often each question was answered "caught" while the readers agreed.
    #[derive(Default)]
    struct Caught {
        in_atari: u32,
        by_atari: u32,
        left_to_a_ladder: u32,
    }

    /// Asks both readers every ladder question of `board`: each chain in atari, each atari
    /// on a chain with two liberties, each move that leaves its stone two liberties.
    fn agree_on(board: &Board, caught: &mut Caught) -> Result<(), String> {
        let (mut virtual_board, mut copies) = (LadderReader::new(), CopyingReader::default());
        for p in board.size().points() {
            let cell = board.cell(p);
            if let Some(color) = board.content(cell).color() {
                let mut libs = [0; 3];
                match board.chain_liberties(cell, &mut libs) {
                    1 => {
                        let (fast, reference) = (
                            virtual_board.caught(board, cell),
                            copies.caught(board, cell),
                        );
                        if fast != reference {
                            return Err(format!("caught {p:?}: {fast}, copying {reference}"));
                        }
                        caught.in_atari += u32::from(fast);
                    }
                    2 => {
                        for &atari in &libs[..2] {
                            let attacker = color.other();
                            if move_shape(board, atari, attacker, 2).self_atari() {
                                continue;
                            }
                            let fast = virtual_board.atari_catches(board, atari, attacker, cell);
                            let reference = copies.atari_catches(board, atari, attacker, cell);
                            if fast != reference {
                                return Err(format!(
                                    "atari at {atari} on {p:?}: {fast}, copying {reference}"
                                ));
                            }
                            caught.by_atari += u32::from(fast);
                        }
                    }
                    _ => {}
                }
            } else {
                for color in [Color::Black, Color::White] {
                    let shape = move_shape(board, cell, color, 3);
                    if shape.liberties != 2
                        || shape.captures != 0
                        || !board.is_legal_cell(cell, color)
                    {
                        continue;
                    }
                    let fast = virtual_board.move_left_to_a_ladder(board, cell, color);
                    let mut after = board.clone();
                    after.place(cell, color);
                    let reference = after.chain_two_liberties(cell).is_some_and(|libs| {
                        libs.into_iter().any(|atari| {
                            !move_shape(&after, atari, color.other(), 2).self_atari()
                                && copies.atari_catches(&after, atari, color.other(), cell)
                        })
                    });
                    if fast != reference {
                        return Err(format!("{color:?} on {p:?}: {fast}, copying {reference}"));
                    }
                    caught.left_to_a_ladder += u32::from(fast);
                }
            }
        }
        Ok(())
    }

    /// Plays `moves` random legal moves from the empty board, asking the readers after each.
    fn random_game(size: u32, moves: usize, seed: u32, caught: &mut Caught) -> Result<(), String> {
        let mut game = Game::new(BoardSize::new(size).unwrap(), Rules::chinese());
        let mut rng = XorShift32::new(seed);
        for _ in 0..moves {
            let legal: Vec<Move> = game.legal_moves().filter(|m| *m != Move::Pass).collect();
            if legal.is_empty() || game.phase() != Phase::Playing {
                break;
            }
            game.play(legal[rng.below(legal.len() as u32) as usize])
                .unwrap();
            agree_on(game.board(), caught)?;
        }
        Ok(())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 32, ..proptest::prelude::ProptestConfig::default()
        })]

        /// The reading on the virtual board answers every ladder question of crowded random
        /// positions as the reading on copied boards does.
        #[test]
        fn the_virtual_board_reads_ladders_as_copied_boards_do(
            size in proptest::sample::select(vec![7u32, 9, 13]),
            moves in 20usize..150,
            seed in 1u32..u32::MAX,
        ) {
            let result = random_game(size, moves, seed, &mut Caught::default());
            proptest::prop_assert!(result.is_ok(), "{}", result.unwrap_err());
        }
    }

    #[test]
    fn random_games_hold_ladders_of_every_kind() {
        // Without this the agreement above could hold because nothing is ever caught.
        let mut caught = Caught::default();
        for seed in 1..=12 {
            random_game(9, 80, seed, &mut caught).unwrap();
        }
        assert!(caught.in_atari > 0 && caught.by_atari > 0 && caught.left_to_a_ladder > 0);
    }
}
