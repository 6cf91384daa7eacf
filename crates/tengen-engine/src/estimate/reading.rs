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
//! the defender stands), or when its own move captures seven stones or more of the chains
//! next to it and leaves none of its chains in atari (the space won is larger than any
//! nakade). The reading looks only at the points where the fight is: the group's liberties,
//! the liberties of the opponent chains it races, and small eye regions; a group that
//! reaches more than [`MAX_AREA_EMPTIES`] empty points is not enclosed and beyond it
//! ([`Verdict::Unknown`]), as is anything the node budget or the deadline cuts off.
//!
//! Written by hand: no crate reads Go; copy-make on the fast board (a copy costs less than
//! the bookkeeping of an undo for the few thousand nodes a group needs).

use std::collections::HashMap;
use std::time::Instant;

use tengen_core::{Board, Color, cells::CellContent};

use super::eyes::{LocalEyes, chain_cells};
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

/// The most stones the attacker sacrifices in one move in any shape (a nakade of four); five
/// or six when a chain that stood fills the group's last liberty but one in a shape whose
/// capture leaves a space the vital point still kills (see [`Reader::kills_as_nakade`]).
/// The defender sacrifices one stone at most.
const MAX_SACRIFICE: u32 = 4;
/// The fewest stones whose capture by the group's own move makes it alive: the space they
/// leave is larger than any nakade (the largest that kills, the rabbity and flower sixes,
/// have six points). Without it the reading goes on playing inside the space it has won,
/// and a fight over a corner ko that ends in such a capture runs out of any budget.
const LARGE_CAPTURE: u32 = 7;
/// An ordering score from which a move is urgent (a capture, an atari answered).
const URGENT: i32 = 500;
/// The longest sequence read.
const MAX_DEPTH: u32 = 48;
/// Ko bans remembered per colour.
const MAX_BANS: usize = 4;

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

    /// The position after `mv` (`None`: a pass) of `color`, written into `next`, whose
    /// buffers are reused: the reading makes a copy per node.
    fn after_into(&self, mv: Option<usize>, color: Color, next: &mut State) {
        next.board.clone_from(&self.board);
        next.bans = self.bans;
        next.apply(mv, color);
    }

    /// The position after `mv` (`None`: a pass) of `color`.
    fn after(&self, mv: Option<usize>, color: Color) -> State {
        let mut next = self.clone();
        next.apply(mv, color);
        next
    }

    /// Plays `mv` (`None`: a pass) for `color`.
    fn apply(&mut self, mv: Option<usize>, color: Color) {
        match mv {
            Some(cell) => self.place(cell, color),
            None => {
                // `color` may retake its kos after a pass.
                self.board.clear_ko();
                self.bans[color.index()] = [0; MAX_BANS];
            }
        }
    }

    /// Plays `cell` for `color` and records the ko ban it creates for the opponent.
    fn place(&mut self, cell: usize, color: Color) {
        self.board.cells_mut().place_unchecked(cell, color);
        if let Some((ko, banned)) = self.board.cells().ko_cell() {
            let slots = &mut self.bans[banned.index()];
            if !slots.contains(&(ko as u16)) {
                if let Some(slot) = slots.iter_mut().find(|s| **s == 0) {
                    *slot = ko as u16;
                }
            }
        }
    }
}

/// What the reading found, with the line that shows it: the moves from the start, each
/// with its player (`None`: a pass), as far as the search proved them.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Reading {
    pub(crate) verdict: Verdict,
    /// For [`Verdict::Dead`]: the attacker's killing moves and the defender's best replies
    /// (the first the search tried, a pass only when he had nothing else), up to the capture.
    /// For [`Verdict::Alive`]: the attacker's most urgent try and the defender's answers that
    /// make the group pass-alive. Empty for [`Verdict::Unknown`].
    pub(crate) line: Vec<(Color, Option<usize>)>,
}

/// The stones a reading asks about, and the group whose surroundings bound it.
pub(crate) struct Target<'a> {
    /// The stones (of `defender`) whose capture is asked about.
    pub(crate) anchors: &'a [usize],
    /// The stones of the whole group they belong to (the anchors among them): the reading
    /// plays on the points around all of it, so a chain read alone still meets a fight over
    /// its neighbours' liberties and the races of the attacker's chains next to any of them.
    pub(crate) group: &'a [usize],
    pub(crate) defender: Color,
    /// By cell: the attacker's stones the estimate holds alive (a cell past the end: not).
    /// A nakade is counted a kill at once only inside walls of these (see
    /// [`Reader::kills_as_nakade`]).
    pub(crate) secure: &'a [bool],
}

/// Reads whether the target's stones die when the opponent moves first on `board`.
pub(crate) fn read(board: &Board, target: &Target, max_nodes: u32, deadline: Instant) -> Reading {
    read_with_first(board, target, target.defender.other(), max_nodes, deadline)
}

/// As [`read`], with `first` to move: the defender moving first asks whether the group's
/// status depends on who moves first.
pub(crate) fn read_with_first(
    board: &Board,
    target: &Target,
    first: Color,
    max_nodes: u32,
    deadline: Instant,
) -> Reading {
    let Some(area) = local_area(board, target.group, target.defender) else {
        return Reading {
            verdict: Verdict::Unknown,
            line: Vec::new(),
        };
    };
    let mut reader = Reader::new(board, target, area, max_nodes, deadline);
    let start = State::start(board);
    let verdict = reader.solve(&start, first, 0, None);
    let line = if verdict == Verdict::Unknown {
        Vec::new()
    } else {
        reader.line(start, first)
    };
    Reading { verdict, line }
}

/// The most empty points the group may reach (through empty points) for the reading to
/// take it on: more, and it is not enclosed.
const MAX_AREA_EMPTIES: usize = 14;

/// The points where the fight over the group on `anchors` happens: the empty points it
/// reaches through empty points, its stones, and the opponent chains next to it that have
/// few liberties, with their liberties. `None` when the group is not enclosed.
fn local_area(board: &Board, anchors: &[usize], defender: Color) -> Option<Vec<usize>> {
    let cells = board.cells();
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
        for nb in cells.adjacent_cells(here) {
            if cells.content(nb) != CellContent::Empty || area.contains(&nb) {
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
        let n = cells.chain_liberties(head, &mut libs);
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
    /// The stones of the whole group the anchors belong to (they include the anchors).
    group: Vec<usize>,
    /// The cells the reading plays on.
    area: Vec<usize>,
    nodes: u32,
    max_nodes: u32,
    deadline: Instant,
    /// Proven results: whether the attacker wins from (position, player to move, bans).
    table: HashMap<u64, bool>,
    /// Positions read to no result, with the plies that were left: read again only with more.
    unproven: HashMap<u64, u32>,
    /// The keys of the positions on the current line, against cycles.
    path: Vec<u64>,
    /// The move that decided each proven position (`None`: a pass), for the line shown.
    best: HashMap<u64, Option<usize>>,
    eyes: LocalEyes,
    /// Positions done with, whose buffers the next child reuses.
    spare: Vec<State>,
    /// By cell: whether an attacker's stone stood there when the reading began.
    standing: Vec<bool>,
    /// By cell: the attacker's stones the estimate holds alive ([`Target::secure`]).
    secure: Vec<bool>,
}

impl Reader {
    fn new(
        board: &Board,
        target: &Target,
        area: Vec<usize>,
        max_nodes: u32,
        deadline: Instant,
    ) -> Reader {
        let cells = board.cells();
        Reader {
            defender: target.defender,
            anchors: target.anchors.to_vec(),
            group: target.group.to_vec(),
            area,
            nodes: 0,
            max_nodes,
            deadline,
            table: HashMap::new(),
            unproven: HashMap::new(),
            path: Vec::new(),
            best: HashMap::new(),
            eyes: LocalEyes::new(cells.cell_count()),
            spare: Vec::new(),
            standing: (0..cells.cell_count())
                .map(|cell| cells.content(cell) == CellContent::stone(target.defender.other()))
                .collect(),
            secure: (0..cells.cell_count())
                .map(|cell| target.secure.get(cell).copied().unwrap_or(false))
                .collect(),
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
        // Captured, unless the defender retakes at once (snapback).
        let snapback_retake = if heads.is_empty() {
            match (
                to_move == self.defender,
                last.and_then(|l| snapback(board, l)),
            ) {
                (true, Some(retake)) => Some(retake),
                _ => return Verdict::Dead,
            }
        } else {
            None
        };
        // The table first: a position proven before costs no move generation.
        let key = state.key(to_move);
        if let Some(&attacker_wins) = self.table.get(&key) {
            return if attacker_wins {
                Verdict::Dead
            } else {
                Verdict::Alive
            };
        }
        // Only the defender's moves can make him pass-alive (and the attacker cannot undo
        // it), so the test runs at the start and after the defender's moves.
        let defender_moved = to_move == attacker;
        if !heads.is_empty()
            && (defender_moved || depth == 0)
            && self.eyes.pass_alive(board, &heads, self.defender)
        {
            return Verdict::Alive;
        }
        // A position reached again by another order of the same moves, already read to no
        // result with as many plies left, gives none again: without this the deep lines of a
        // fight with many points are read over and over (a quarter of the nodes of a corner
        // seki of four chains, more in longer fights).
        let plies_left = MAX_DEPTH.saturating_sub(depth);
        if plies_left == 0 || self.unproven.get(&key).is_some_and(|&p| p >= plies_left) {
            return Verdict::Unknown;
        }
        if self.path.contains(&key) {
            // A cycle: the side that repeats gains nothing; count it against the attacker,
            // who must make progress.
            return Verdict::Alive;
        }
        let libs = liberties(board, &heads, usize::MAX);
        let mut moves = match snapback_retake {
            Some(retake) => vec![(0, retake)],
            None => self.candidates(state, &libs, to_move),
        };
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        if to_move == self.defender
            && !heads.is_empty()
            && let Some(cell) = self.lives_in_one(state, &moves)
        {
            self.best.insert(key, Some(cell));
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
                || libs.len() < 2;
            if urgent {
                order.push(None);
            } else {
                order.insert(0, None);
            }
        }
        self.path.push(key);
        // Shown when every try fails: the first, which the ordering rates best; a pass only
        // when there is nothing else.
        let first_try = order
            .iter()
            .find(|m| m.is_some())
            .or(order.first())
            .copied();
        let mut unknown = false;
        let mut result = None;
        let mut decided_by = first_try;
        let winning = if to_move == attacker {
            Verdict::Dead
        } else {
            Verdict::Alive
        };
        for mv in order {
            let child = self.child(state, mv, to_move);
            let verdict = match mv {
                Some(cell)
                    if to_move == self.defender
                        && captures(board, cell, to_move) >= LARGE_CAPTURE
                        && taken_next_to(board, cell, &heads, attacker) >= LARGE_CAPTURE
                        && !in_atari(&child.board, &self.anchors, self.defender) =>
                {
                    Verdict::Alive
                }
                Some(cell)
                    if to_move == attacker && self.kills_as_nakade(board, cell, &heads, &libs) =>
                {
                    Verdict::Dead
                }
                _ => self.solve(&child, to_move.other(), depth + 1, mv),
            };
            self.spare.push(child);
            if verdict == winning {
                result = Some(winning);
                decided_by = Some(mv);
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
        if verdict == Verdict::Unknown {
            self.unproven.insert(key, plies_left);
        } else {
            self.table.insert(key, verdict == Verdict::Dead);
            if let Some(mv) = decided_by {
                self.best.insert(key, mv);
            }
        }
        verdict
    }

    /// The position after `mv` of `color`, in the buffers of a spare position.
    fn child(&mut self, state: &State, mv: Option<usize>, color: Color) -> State {
        match self.spare.pop() {
            Some(mut next) => {
                state.after_into(mv, color, &mut next);
                next
            }
            None => state.after(mv, color),
        }
    }

    /// The line the search proved from `state` with `to_move` to play: each position's
    /// deciding move, followed until the search recorded none (the group captured or
    /// pass-alive) or a position repeats.
    fn line(&self, mut state: State, mut to_move: Color) -> Vec<(Color, Option<usize>)> {
        let mut line = Vec::new();
        let mut seen = Vec::new();
        while line.len() < MAX_DEPTH as usize {
            let key = state.key(to_move);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(&mv) = self.best.get(&key) else {
                break;
            };
            line.push((to_move, mv));
            state = state.after(mv, to_move);
            to_move = to_move.other();
        }
        line
    }

    /// The first of the defender's `moves` that makes a chain of the group pass-alive at
    /// once. Each test counts as a node against the budget.
    fn lives_in_one(&mut self, state: &State, moves: &[(i32, usize)]) -> Option<usize> {
        for &(_, cell) in moves {
            if self.nodes >= self.max_nodes {
                return None;
            }
            self.nodes += 1;
            let child = self.child(state, Some(cell), self.defender);
            let heads = group_heads(&child.board, &self.anchors, self.defender);
            let lives =
                !heads.is_empty() && self.eyes.pass_alive(&child.board, &heads, self.defender);
            self.spare.push(child);
            if lives {
                return Some(cell);
            }
        }
        None
    }

    /// The moves worth reading for `to_move`, with an ordering score: the group's
    /// liberties, the liberties of weak opponent chains next to it, and its eye space.
    fn candidates(&mut self, state: &State, libs: &[usize], to_move: Color) -> Vec<(i32, usize)> {
        let board = &state.board;
        let defender = self.defender;
        let attacker = defender.other();
        // Eye space: small regions of non-defender points next to the group.
        let mut eye_space = Vec::new();
        self.eyes.eye_space(board, libs, defender, &mut eye_space);
        // The fixed area, and wherever the fight has spread: the group's liberties and
        // those of the opponent chains racing it.
        let mut cells: Vec<usize> = self.area.clone();
        cells.extend_from_slice(libs);
        // The chains racing it: the attacker's short of liberties next to any chain of the
        // whole group, not only the ones asked about (a chain read alone dies when the
        // attacker's chain that holds it wins a race against another chain of its group).
        let whole_group = group_heads(board, &self.group, defender);
        let mut racing = Vec::new();
        for head in adjacent_chains(board, &whole_group, attacker) {
            let mut theirs = [0usize; 4];
            let n = board.cells().chain_liberties(head, &mut theirs);
            if n <= 3 {
                cells.extend_from_slice(&theirs[..n]);
                racing.push(head);
            }
        }
        // A racing chain short of liberties gains them by capturing a chain of the
        // defender's in atari outside the group: the capture is a move of the race too.
        for head in adjacent_chains(board, &racing, defender) {
            let mut lib = [0usize; 2];
            if board.cells().chain_liberties(head, &mut lib) == 1 {
                cells.push(lib[0]);
            }
        }
        cells.sort_unstable();
        cells.dedup();
        let in_atari = libs.len() == 1;
        let heads_now = group_heads(board, &self.anchors, defender);
        let mut moves = Vec::with_capacity(cells.len());
        for cell in cells {
            if board.cells().content(cell) != CellContent::Empty
                || !board.cells().playout_candidate_ok(cell, to_move)
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
            if to_move == attacker
                && taken == 0
                && !eye_space.contains(&cell)
                && !near_stones(board, cell, defender)
                && fills_own_liberty(board, cell, attacker)
            {
                continue;
            }
            if to_move == attacker
                && taken == 0
                && !eye_space.contains(&cell)
                && !libs.contains(&cell)
                && !near_stones(board, cell, defender)
                && ahead_in_liberties(board, cell, attacker, libs.len())
            {
                // The race is not where the attacker's chains have liberties to spare.
                continue;
            }
            let empty_neighbours = board.cells().neighbour_counts(cell).empty;
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
                    if size > limit
                        && !(to_move == attacker
                            && self.kills_as_nakade(board, cell, &heads_now, libs))
                    {
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
    let cells = board.cells();
    let own = CellContent::stone(color);
    let mut heads = Vec::new();
    for &cell in anchors {
        if cells.content(cell) == own {
            let head = cells.chain_head(cell);
            if !heads.contains(&head) {
                heads.push(head);
            }
        }
    }
    heads
}

/// Whether a chain of the group on `anchors` has one liberty.
fn in_atari(board: &Board, anchors: &[usize], defender: Color) -> bool {
    let mut libs = [0usize; 2];
    group_heads(board, anchors, defender)
        .into_iter()
        .any(|head| board.cells().chain_liberties(head, &mut libs) < 2)
}

/// The stones of `color`'s chains next to the chains `heads` that a move on `cell` takes (the
/// ones in atari there).
fn taken_next_to(board: &Board, cell: usize, heads: &[usize], color: Color) -> u32 {
    let cells = board.cells();
    adjacent_chains(board, heads, color)
        .into_iter()
        .filter(|&head| cells.chain_atari_liberty(head) == Some(cell))
        .map(|head| cells.chain_stones(head))
        .sum()
}

/// Up to `limit` distinct liberties of the chains `heads`.
fn liberties(board: &Board, heads: &[usize], limit: usize) -> Vec<usize> {
    let cells = board.cells();
    let mut libs = Vec::new();
    for &head in heads {
        for stone in chain_cells(board, head) {
            for nb in cells.adjacent_cells(stone) {
                if cells.content(nb) == CellContent::Empty && !libs.contains(&nb) {
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
    let cells = board.cells();
    let theirs = CellContent::stone(color);
    let mut found = Vec::new();
    for &head in heads {
        for stone in chain_cells(board, head) {
            for nb in cells.adjacent_cells(stone) {
                if cells.content(nb) == theirs {
                    let h = cells.chain_head(nb);
                    if !found.contains(&h) {
                        found.push(h);
                    }
                }
            }
        }
    }
    found
}

/// Whether a stone of `color` stands next to `cell`, or next to an empty neighbour of it: a
/// move there takes a liberty of one of its chains, or approaches one (readies a fill, or
/// stops its extension).
fn near_stones(board: &Board, cell: usize, color: Color) -> bool {
    let cells = board.cells();
    let theirs = CellContent::stone(color);
    cells
        .adjacent_cells(cell)
        .into_iter()
        .any(|nb| match cells.content(nb) {
            CellContent::Empty => cells
                .adjacent_cells(nb)
                .into_iter()
                .any(|far| cells.content(far) == theirs),
            content => content == theirs,
        })
}

/// Whether every `color` chain next to the empty `cell` (one at least) has more than
/// `group_liberties` liberties: ahead of the group in a race, so a move that only extends or
/// joins them is not needed yet. False when the group has [`COUNTED_LIBERTIES`] or more: the
/// chains' liberties are counted no further.
fn ahead_in_liberties(board: &Board, cell: usize, color: Color, group_liberties: usize) -> bool {
    if group_liberties >= COUNTED_LIBERTIES {
        return false;
    }
    let cells = board.cells();
    let own = CellContent::stone(color);
    let mut buffer = [0usize; COUNTED_LIBERTIES];
    let wanted = group_liberties + 1;
    let mut touching = cells
        .adjacent_cells(cell)
        .into_iter()
        .filter(|&nb| cells.content(nb) == own)
        .peekable();
    touching.peek().is_some()
        && touching.all(|nb| cells.chain_liberties(nb, &mut buffer[..wanted]) >= wanted)
}

/// The most liberties counted when comparing a chain's before and after a move: as many as
/// [`move_shape`] counts (a chain with four is in no danger from a fill elsewhere).
const COUNTED_LIBERTIES: usize = 4;

/// Whether a `color` stone on the empty `cell` touches one chain of its own and leaves it
/// with no more liberties than it had: a fill of its own liberties that neither connects
/// nor extends. Away from the defender's stones (see [`near_stones`]) and the group's eye
/// space, such a move cannot help the attacker (it attacks nothing, stops nothing, and only
/// shortens his own chains), and reading it multiplies the tree in every standoff, a seki
/// above all.
fn fills_own_liberty(board: &Board, cell: usize, color: Color) -> bool {
    let cells = board.cells();
    let own = CellContent::stone(color);
    let mut heads = cells
        .adjacent_cells(cell)
        .into_iter()
        .filter(|&nb| cells.content(nb) == own)
        .map(|nb| cells.chain_head(nb));
    let Some(head) = heads.next() else {
        return false;
    };
    // A connection keeps a cut from being played, whatever it does to the liberties.
    if heads.any(|other| other != head) {
        return false;
    }
    let mut buffer = [0usize; COUNTED_LIBERTIES];
    let before = cells.chain_liberties(head, &mut buffer);
    // No capture here (the caller asks only of moves that take nothing), so the shape's
    // count is the chain's liberties after the move, without a copy of the board.
    let after = move_shape(board, cell, color, COUNTED_LIBERTIES as u32).liberties;
    after as usize <= before
}

/// How many stones a `color` stone on the empty `cell` captures.
fn captures(board: &Board, cell: usize, color: Color) -> u32 {
    let cells = board.cells();
    let theirs = CellContent::stone(color.other());
    let mut heads = [usize::MAX; 4];
    let mut taken = 0;
    for (i, nb) in cells.adjacent_cells(cell).into_iter().enumerate() {
        if cells.content(nb) == theirs && cells.chain_in_atari(nb) {
            let head = cells.chain_head(nb);
            if !heads.contains(&head) {
                heads[i] = head;
                taken += cells.chain_stones(nb);
            }
        }
    }
    taken
}

/// After a capture on `last`, the point where the captured side retakes the capturing chain
/// at once (a snapback; the board's ko ban forbids retaking a ko).
fn snapback(board: &Board, last: usize) -> Option<usize> {
    let cells = board.cells();
    let capturer = cells.content(last).color()?;
    let retake = cells.chain_atari_liberty(last)?;
    cells.is_legal(retake, capturer.other()).then_some(retake)
}

#[path = "nakade.rs"]
mod nakade;

#[cfg(test)]
#[path = "reading_tests.rs"]
mod tests;
