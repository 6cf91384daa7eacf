//! Local reading under the confirmation phase of JP-7: can the opponent capture a group if
//! he moves first and its owner answers?
//!
//! The hypothetical play that decides life and death after the game has stopped: the
//! attacker moves first, the defender answers or passes, and a ko may be retaken only after
//! the player who wants to retake it has passed (ko threats no longer exist). Two passes in a
//! row end it; since the attacker gains nothing by passing, the search gives him no pass and
//! a position where he has nothing left to try is a win for the defender.
//!
//! The group is *dead* when the attacker can remove every stone of it from the points it
//! stands on, unless the capture is answered by a snapback (the capturing chain is retaken,
//! more than one stone: JP-7 counts snapback stones alive). It is *alive* when some chain of
//! it becomes pass-alive by Benson's rule on the eye regions nearby (which covers seki: the
//! attacker cannot fill a shared liberty without being captured, runs out of useful moves, and
//! the defender stands). The reading looks only at the points where the fight is: the
//! group's liberties, the liberties of the opponent chains it races, and small eye regions;
//! a group that reaches more than [`MAX_AREA_EMPTIES`] empty points is not enclosed and
//! beyond it ([`Verdict::Unknown`]), as is anything the node budget or the deadline cuts off.
//!
//! Written by hand: no crate reads Go; copy-make on the fast board (a copy costs less than
//! the bookkeeping of an undo for the few thousand nodes a group needs).

use std::collections::HashMap;
use std::time::Instant;

use tengen_core::{Board, CellContent, Color};

use crate::tactics::move_shape;

/// What the reading found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The attacker, moving first, captures the group.
    Dead,
    /// The group survives whatever the attacker does.
    Alive,
    /// Beyond the reading (too many liberties, budget, depth).
    Unknown,
}

/// The largest region of non-defender points counted as eye space.
const MAX_EYE_REGION: usize = 9;
/// The most stones the attacker sacrifices in one move (a nakade of four is the largest
/// that kills); the defender sacrifices one stone at most.
const MAX_SACRIFICE: u32 = 4;
/// An ordering score from which a move is urgent (a capture, an atari answered).
const URGENT: i32 = 500;
/// The longest sequence read.
const MAX_DEPTH: u32 = 48;
/// Ko bans remembered per colour.
const MAX_BANS: usize = 4;
/// The most chains the local Benson test takes in.
const MAX_BENSON_CHAINS: usize = 8;

/// A position of the hypothetical play.
#[derive(Clone)]
struct State {
    board: Board,
    /// Per colour: ko points it may not retake before it has passed (0: none; cell 0 is
    /// off the board).
    bans: [[u16; MAX_BANS]; 2],
}

impl State {
    /// The position the hypothetical play starts from: the board, no ko bans (play has
    /// stopped with passes).
    fn start(board: &Board) -> State {
        let mut state = State {
            board: board.clone(),
            bans: [[0; MAX_BANS]; 2],
        };
        state.board.clear_ko();
        state
    }

    fn banned(&self, cell: usize, color: Color) -> bool {
        self.bans[color.index()].contains(&(cell as u16))
    }

    fn key(&self, to_move: Color) -> u64 {
        let mut key = self.board.hash()
            ^ if to_move == Color::White {
                0x5bd1_e995_9e37_79b9
            } else {
                0
            };
        for (color, bans) in self.bans.iter().enumerate() {
            for &b in bans {
                if b != 0 {
                    key ^= (u64::from(b) + 1)
                        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                        .rotate_left(17 + 23 * color as u32);
                }
            }
        }
        key
    }

    /// Plays `cell` for `color` and records the ko ban it creates for the opponent.
    fn play(&self, cell: usize, color: Color) -> State {
        let mut next = self.clone();
        next.board.place(cell, color);
        if let Some((ko, banned)) = next.board.ko_cell() {
            let slots = &mut next.bans[banned.index()];
            if !slots.contains(&(ko as u16)) {
                if let Some(slot) = slots.iter_mut().find(|s| **s == 0) {
                    *slot = ko as u16;
                }
            }
        }
        next
    }

    /// `color` passes: it may retake its kos afterwards.
    fn pass(&self, color: Color) -> State {
        let mut next = self.clone();
        next.board.clear_ko();
        next.bans[color.index()] = [0; MAX_BANS];
        next
    }
}

/// Reads whether the group standing on `anchors` (stones of `defender`) dies when the
/// opponent moves first on `board`.
pub(crate) fn read(
    board: &Board,
    anchors: &[usize],
    defender: Color,
    max_nodes: u32,
    deadline: Instant,
) -> Verdict {
    let Some(area) = local_area(board, anchors, defender) else {
        return Verdict::Unknown;
    };
    let mut reader = Reader::new(board, anchors, defender, area, max_nodes, deadline);
    reader.solve(&State::start(board), defender.other(), 0, None)
}

/// The most empty points the group may reach (through empty points) for the reading to
/// take it on: more, and it is not enclosed.
const MAX_AREA_EMPTIES: usize = 14;

/// The points where the fight over the group on `anchors` happens: the empty points it
/// reaches through empty points, its stones, and the opponent chains next to it that have
/// few liberties, with their liberties. `None` when the group is not enclosed.
fn local_area(board: &Board, anchors: &[usize], defender: Color) -> Option<Vec<usize>> {
    let heads = group_heads(board, anchors, defender);
    let mut area: Vec<usize> = Vec::new();
    let mut empties = 0;
    for &head in &heads {
        area.extend(chain_cells(board, head));
    }
    let mut next = 0;
    while next < area.len() {
        let here = area[next];
        next += 1;
        for nb in board.adjacent_cells(here) {
            if board.content(nb) != CellContent::Empty || area.contains(&nb) {
                continue;
            }
            empties += 1;
            if empties > MAX_AREA_EMPTIES {
                return None;
            }
            area.push(nb);
        }
    }
    for head in adjacent_chains(board, &heads, defender.other()) {
        let mut libs = [0usize; 5];
        let n = board.chain_liberties(head, &mut libs);
        if n <= 4 {
            area.extend(chain_cells(board, head));
            area.extend_from_slice(&libs[..n]);
        }
    }
    area.sort_unstable();
    area.dedup();
    Some(area)
}

struct Reader {
    defender: Color,
    anchors: Vec<usize>,
    /// The cells the reading plays on.
    area: Vec<usize>,
    nodes: u32,
    max_nodes: u32,
    deadline: Instant,
    /// Proven results: whether the attacker wins from (position, player to move, bans).
    table: HashMap<u64, bool>,
    /// The keys of the positions on the current line, against cycles.
    path: Vec<u64>,
    marks: Marks,
    seen: Marks,
}

impl Reader {
    fn new(
        board: &Board,
        anchors: &[usize],
        defender: Color,
        area: Vec<usize>,
        max_nodes: u32,
        deadline: Instant,
    ) -> Reader {
        Reader {
            defender,
            anchors: anchors.to_vec(),
            area,
            nodes: 0,
            max_nodes,
            deadline,
            table: HashMap::new(),
            path: Vec::new(),
            marks: Marks::new(board.cell_count()),
            seen: Marks::new(board.cell_count()),
        }
    }

    fn solve(&mut self, state: &State, to_move: Color, depth: u32, last: Option<usize>) -> Verdict {
        self.nodes += 1;
        if self.nodes > self.max_nodes
            || (self.nodes.is_multiple_of(512) && Instant::now() >= self.deadline)
        {
            self.nodes = self.max_nodes.saturating_add(1);
            return Verdict::Unknown;
        }
        let board = &state.board;
        let heads = group_heads(board, &self.anchors, self.defender);
        let attacker = self.defender.other();
        let mut moves: Vec<(i32, usize)>;
        if heads.is_empty() {
            // Captured, unless the defender retakes at once (snapback).
            match (
                to_move == self.defender,
                last.and_then(|l| snapback(board, l)),
            ) {
                (true, Some(retake)) => moves = vec![(0, retake)],
                _ => return Verdict::Dead,
            }
        } else {
            // Only the defender's moves can make him pass-alive (and the attacker cannot undo
            // it), so the test runs at the start and after the defender's moves.
            let defender_moved = to_move == attacker;
            if (defender_moved || depth == 0)
                && pass_alive(
                    board,
                    &heads,
                    self.defender,
                    &mut self.marks,
                    &mut self.seen,
                )
            {
                return Verdict::Alive;
            }
            let libs = liberties(board, &heads, usize::MAX);
            moves = self.candidates(state, &heads, &libs, to_move);
        }
        if depth >= MAX_DEPTH {
            return Verdict::Unknown;
        }
        let key = state.key(to_move);
        if let Some(&attacker_wins) = self.table.get(&key) {
            return if attacker_wins {
                Verdict::Dead
            } else {
                Verdict::Alive
            };
        }
        if self.path.contains(&key) {
            // A cycle: the side that repeats gains nothing; count it against the attacker,
            // who must make progress.
            return Verdict::Alive;
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        if to_move == self.defender && !heads.is_empty() && self.lives_in_one(state, &moves) {
            // An answer that makes the group pass-alive at once ends the line; found before
            // the defender's pass is tried, or the attacker's every approach move (answered
            // by a pass) multiplies the tree where one reply settles it (two chains joined
            // into a ring of shared eyes).
            self.table.insert(key, false);
            return Verdict::Alive;
        }
        let mut order: Vec<Option<usize>> = moves.iter().map(|&(_, cell)| Some(cell)).collect();
        if to_move == self.defender {
            // The defender may pass (to lift his ko bans, or because nothing needs doing):
            // first when nothing is urgent (a seki is proved by passing), last otherwise.
            let urgent = heads.is_empty()
                || moves.first().is_some_and(|&(score, _)| score >= URGENT)
                || liberties(board, &heads, 2).len() < 2;
            if urgent {
                order.push(None);
            } else {
                order.insert(0, None);
            }
        }
        self.path.push(key);
        let mut unknown = false;
        let mut result = None;
        let winning = if to_move == attacker {
            Verdict::Dead
        } else {
            Verdict::Alive
        };
        for mv in order {
            let child = match mv {
                Some(cell) => state.play(cell, to_move),
                None => state.pass(to_move),
            };
            let verdict = self.solve(&child, to_move.other(), depth + 1, mv);
            if verdict == winning {
                result = Some(winning);
                break;
            }
            unknown |= verdict == Verdict::Unknown;
        }
        self.path.pop();
        let verdict = match result {
            Some(v) => v,
            None if unknown => Verdict::Unknown,
            // Every try failed: the attacker cannot kill, or the defender cannot live.
            None if to_move == attacker => Verdict::Alive,
            None => Verdict::Dead,
        };
        if verdict != Verdict::Unknown {
            self.table.insert(key, verdict == Verdict::Dead);
        }
        verdict
    }

    /// Whether one of the defender's `moves` makes a chain of the group pass-alive at once.
    /// Each test counts as a node against the budget.
    fn lives_in_one(&mut self, state: &State, moves: &[(i32, usize)]) -> bool {
        for &(_, cell) in moves {
            if self.nodes >= self.max_nodes {
                return false;
            }
            self.nodes += 1;
            let child = state.play(cell, self.defender);
            let heads = group_heads(&child.board, &self.anchors, self.defender);
            if !heads.is_empty()
                && pass_alive(
                    &child.board,
                    &heads,
                    self.defender,
                    &mut self.marks,
                    &mut self.seen,
                )
            {
                return true;
            }
        }
        false
    }

    /// The moves worth reading for `to_move`, with an ordering score: the group's
    /// liberties, the liberties of weak opponent chains next to it, and its eye space.
    fn candidates(
        &mut self,
        state: &State,
        heads: &[usize],
        libs: &[usize],
        to_move: Color,
    ) -> Vec<(i32, usize)> {
        let board = &state.board;
        let defender = self.defender;
        let attacker = defender.other();
        // Eye space: small regions of non-defender points next to the group.
        let mut eye_space = Vec::new();
        for &lib in libs {
            if eye_space.contains(&lib) {
                continue;
            }
            if let Some(region) =
                small_region(board, lib, defender, MAX_EYE_REGION, &mut self.marks)
            {
                for cell in region.cells {
                    if board.content(cell) == CellContent::Empty && !eye_space.contains(&cell) {
                        eye_space.push(cell);
                    }
                }
            }
        }
        // The fixed area, and wherever the fight has spread: the group's liberties and
        // those of the opponent chains racing it.
        let mut cells: Vec<usize> = self.area.clone();
        cells.extend_from_slice(libs);
        for head in adjacent_chains(board, heads, attacker) {
            let mut theirs = [0usize; 4];
            let n = board.chain_liberties(head, &mut theirs);
            if n <= 3 {
                cells.extend_from_slice(&theirs[..n]);
            }
        }
        cells.sort_unstable();
        cells.dedup();
        let in_atari = libs.len() == 1;
        let mut moves = Vec::with_capacity(cells.len());
        for cell in cells {
            if board.content(cell) != CellContent::Empty
                || !board.playout_candidate_ok(cell, to_move)
                || (state.banned(cell, to_move) && captures(board, cell, to_move) == 1)
            {
                continue;
            }
            let mut score = 0;
            let taken = captures(board, cell, to_move);
            if taken > 0 {
                score += 1000 + taken as i32;
            }
            if libs.contains(&cell) {
                score += 100;
                if to_move == attacker && libs.len() == 2 {
                    score += 300;
                }
                if to_move == defender && in_atari {
                    score += 500;
                }
            }
            let empty_neighbours = board.neighbour_counts(cell).empty;
            if eye_space.contains(&cell) {
                score += 20 + 10 * i32::from(empty_neighbours);
            }
            if taken == 0 {
                let shape = move_shape(board, cell, to_move, 2);
                if shape.self_atari() {
                    let size = shape.stones;
                    // A sacrifice of a few attacking stones can kill an eye; anything larger,
                    // and any sacrifice of the defender's, only hands over stones.
                    let limit = if to_move == attacker {
                        MAX_SACRIFICE
                    } else {
                        1
                    };
                    if size > limit {
                        continue;
                    }
                    score -= if to_move == attacker && eye_space.contains(&cell) {
                        50
                    } else {
                        400
                    };
                }
            }
            moves.push((score, cell));
        }
        moves
    }
}

/// The heads of the `color` chains standing on `anchors`.
fn group_heads(board: &Board, anchors: &[usize], color: Color) -> Vec<usize> {
    let own = CellContent::stone(color);
    let mut heads = Vec::new();
    for &cell in anchors {
        if board.content(cell) == own {
            let head = board.chain_head(cell);
            if !heads.contains(&head) {
                heads.push(head);
            }
        }
    }
    heads
}

/// The stones of the chain with head `head`.
fn chain_cells(board: &Board, head: usize) -> impl Iterator<Item = usize> + '_ {
    let mut current = Some(head);
    std::iter::from_fn(move || {
        let cell = current?;
        let next = board.next_in_chain(cell);
        current = (next != head).then_some(next);
        Some(cell)
    })
}

/// Up to `limit` distinct liberties of the chains `heads`.
fn liberties(board: &Board, heads: &[usize], limit: usize) -> Vec<usize> {
    let mut libs = Vec::new();
    for &head in heads {
        for stone in chain_cells(board, head) {
            for nb in board.adjacent_cells(stone) {
                if board.content(nb) == CellContent::Empty && !libs.contains(&nb) {
                    libs.push(nb);
                    if libs.len() >= limit {
                        return libs;
                    }
                }
            }
        }
    }
    libs
}

/// The heads of the `color` chains touching the chains `heads`.
fn adjacent_chains(board: &Board, heads: &[usize], color: Color) -> Vec<usize> {
    let theirs = CellContent::stone(color);
    let mut found = Vec::new();
    for &head in heads {
        for stone in chain_cells(board, head) {
            for nb in board.adjacent_cells(stone) {
                if board.content(nb) == theirs {
                    let h = board.chain_head(nb);
                    if !found.contains(&h) {
                        found.push(h);
                    }
                }
            }
        }
    }
    found
}

/// How many stones a `color` stone on the empty `cell` captures.
fn captures(board: &Board, cell: usize, color: Color) -> u32 {
    let theirs = CellContent::stone(color.other());
    let mut heads = [usize::MAX; 4];
    let mut taken = 0;
    for (i, nb) in board.adjacent_cells(cell).into_iter().enumerate() {
        if board.content(nb) == theirs && board.chain_in_atari(nb) {
            let head = board.chain_head(nb);
            if !heads.contains(&head) {
                heads[i] = head;
                taken += board.chain_stones(nb);
            }
        }
    }
    taken
}

/// After a capture on `last`, the point where the captured side retakes the capturing chain
/// at once (a snapback; the board's ko ban forbids retaking a ko).
fn snapback(board: &Board, last: usize) -> Option<usize> {
    let capturer = board.content(last).color()?;
    let retake = board.chain_atari_liberty(last)?;
    board
        .is_legal_cell(retake, capturer.other())
        .then_some(retake)
}

/// Visit marks over the cells of a board, cleared in constant time (a new stamp per use).
pub(crate) struct Marks {
    stamp: Vec<u32>,
    now: u32,
}

impl Marks {
    pub(crate) fn new(cells: usize) -> Marks {
        Marks {
            stamp: vec![0; cells],
            now: 0,
        }
    }

    /// Forgets every mark.
    fn clear(&mut self) {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
    }

    /// Marks `cell`; whether it was unmarked.
    fn mark(&mut self, cell: usize) -> bool {
        let fresh = self.stamp[cell] != self.now;
        self.stamp[cell] = self.now;
        fresh
    }

    fn is_marked(&self, cell: usize) -> bool {
        self.stamp[cell] == self.now
    }
}

/// A connected set of points that are not `owner`'s stones.
struct Region {
    cells: Vec<usize>,
    /// The heads of the `owner` chains around it.
    border: Vec<usize>,
}

/// The region of non-`owner` points through `start`, if it has at most `limit` points.
fn small_region(
    board: &Board,
    start: usize,
    owner: Color,
    limit: usize,
    marks: &mut Marks,
) -> Option<Region> {
    let region = region_through(board, start, owner, limit, marks);
    (region.cells.len() <= limit).then_some(region)
}

/// The region of non-`owner` points through `start`, or, when it has more than `limit`
/// points, `limit + 1` of them.
fn region_through(
    board: &Board,
    start: usize,
    owner: Color,
    limit: usize,
    marks: &mut Marks,
) -> Region {
    let own = CellContent::stone(owner);
    marks.clear();
    marks.mark(start);
    let mut region = Region {
        cells: vec![start],
        border: Vec::new(),
    };
    let mut next = 0;
    while next < region.cells.len() {
        let here = region.cells[next];
        next += 1;
        for nb in board.adjacent_cells(here) {
            match board.content(nb) {
                CellContent::Border => {}
                content if content == own => {
                    let head = board.chain_head(nb);
                    if !region.border.contains(&head) {
                        region.border.push(head);
                    }
                }
                _ => {
                    if marks.mark(nb) {
                        region.cells.push(nb);
                        if region.cells.len() > limit {
                            return region;
                        }
                    }
                }
            }
        }
    }
    region
}

/// Whether one of the chains `heads` is pass-alive by Benson's rule, computed on the chains
/// and small regions around them: every chain of the set needs two regions whose empty points
/// are all its liberties and whose surrounding chains are all in the set.
fn pass_alive(
    board: &Board,
    heads: &[usize],
    owner: Color,
    marks: &mut Marks,
    seen: &mut Marks,
) -> bool {
    let mut chains: Vec<usize> = heads.to_vec();
    let mut regions: Vec<Region> = Vec::new();
    seen.clear();
    let mut i = 0;
    while i < chains.len() {
        let head = chains[i];
        i += 1;
        for stone in chain_cells(board, head) {
            for nb in board.adjacent_cells(stone) {
                if board.content(nb) != CellContent::Empty || seen.is_marked(nb) {
                    continue;
                }
                let region = region_through(board, nb, owner, MAX_EYE_REGION, marks);
                // Every point visited belongs to this region, small or not.
                for &c in &region.cells {
                    seen.mark(c);
                }
                if region.cells.len() <= MAX_EYE_REGION {
                    for &h in &region.border {
                        if !chains.contains(&h) && chains.len() < MAX_BENSON_CHAINS {
                            chains.push(h);
                        }
                    }
                    regions.push(region);
                }
            }
        }
    }
    let vital = |region: &Region, head: usize| {
        region.cells.iter().all(|&c| {
            board.content(c) != CellContent::Empty
                || board.adjacent_cells(c).iter().any(|&nb| {
                    board.content(nb).color() == Some(owner) && board.chain_head(nb) == head
                })
        })
    };
    let mut alive = vec![true; chains.len()];
    let mut healthy: Vec<bool> = regions
        .iter()
        .map(|r| r.border.iter().all(|h| chains.contains(h)))
        .collect();
    loop {
        let mut changed = false;
        for (c, &head) in chains.iter().enumerate() {
            if !alive[c] {
                continue;
            }
            let eyes = regions
                .iter()
                .zip(&healthy)
                .filter(|(r, ok)| **ok && vital(r, head))
                .count();
            if eyes < 2 {
                alive[c] = false;
                changed = true;
            }
        }
        for (r, ok) in regions.iter().zip(healthy.iter_mut()) {
            if *ok
                && r.border
                    .iter()
                    .any(|h| chains.iter().position(|c| c == h).is_none_or(|c| !alive[c]))
            {
                *ok = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    heads
        .iter()
        .any(|h| chains.iter().position(|c| c == h).is_some_and(|c| alive[c]))
}

#[cfg(test)]
#[path = "reading_tests.rs"]
mod tests;
