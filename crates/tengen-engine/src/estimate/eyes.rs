//! Eye space and local pass-alive tests for the reading: regions of non-defender points and
//! Benson's rule computed on the chains and small regions near a group.

use tengen_core::{Board, Color, cells::CellContent};

/// The largest region of non-defender points counted as eye space.
const MAX_EYE_REGION: usize = 9;
/// The most chains the local Benson test takes in.
const MAX_BENSON_CHAINS: usize = 8;

/// Visit marks over the cells of a board, cleared in constant time (a new stamp per use).
struct Marks {
    stamp: Vec<u32>,
    now: u32,
}

impl Marks {
    fn new(cells: usize) -> Marks {
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
#[derive(Default)]
struct Region {
    cells: Vec<usize>,
    /// The heads of the `owner` chains around it.
    border: Vec<usize>,
}

/// Fills `region` with the region of non-`owner` points through `start`, or, when it has
/// more than `limit` points, with `limit + 1` of them.
fn region_through(
    board: &Board,
    start: usize,
    owner: Color,
    limit: usize,
    marks: &mut Marks,
    region: &mut Region,
) {
    let own = CellContent::stone(owner);
    marks.clear();
    marks.mark(start);
    region.cells.clear();
    region.border.clear();
    region.cells.push(start);
    let mut next = 0;
    while next < region.cells.len() {
        let here = region.cells[next];
        next += 1;
        for nb in board.cells().adjacent_cells(here) {
            match board.cells().content(nb) {
                CellContent::Border => {}
                content if content == own => {
                    let head = board.cells().chain_head(nb);
                    if !region.border.contains(&head) {
                        region.border.push(head);
                    }
                }
                _ => {
                    if marks.mark(nb) {
                        region.cells.push(nb);
                        if region.cells.len() > limit {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// The local eye tests of the reading, with buffers kept from one test to the next: the
/// reading runs them at nearly every node, and allocating their regions afresh each time
/// cost about a sixth of the estimate's time on the slowest 9×9 records (BENCHMARKS.md).
pub(crate) struct LocalEyes {
    marks: Marks,
    seen: Marks,
    /// The regions of the last [`LocalEyes::pass_alive`], the first `used` of them valid.
    regions: Vec<Region>,
    used: usize,
    chains: Vec<usize>,
    alive: Vec<bool>,
    healthy: Vec<bool>,
    scratch: Region,
}

impl LocalEyes {
    /// Buffers for a board of `cells` cells.
    pub(crate) fn new(cells: usize) -> LocalEyes {
        LocalEyes {
            marks: Marks::new(cells),
            seen: Marks::new(cells),
            regions: Vec::new(),
            used: 0,
            chains: Vec::new(),
            alive: Vec::new(),
            healthy: Vec::new(),
            scratch: Region::default(),
        }
    }

    /// Adds to `eye_space` the empty points of the small regions (at most
    /// [`MAX_EYE_REGION`] points) of non-`owner` points through each of `starts`.
    pub(crate) fn eye_space(
        &mut self,
        board: &Board,
        starts: &[usize],
        owner: Color,
        eye_space: &mut Vec<usize>,
    ) {
        for &start in starts {
            if eye_space.contains(&start) {
                continue;
            }
            let region = &mut self.scratch;
            region_through(board, start, owner, MAX_EYE_REGION, &mut self.marks, region);
            if region.cells.len() > MAX_EYE_REGION {
                continue;
            }
            for &cell in &region.cells {
                if board.cells().content(cell) == CellContent::Empty && !eye_space.contains(&cell) {
                    eye_space.push(cell);
                }
            }
        }
    }

    /// Whether one of the chains `heads` is pass-alive by Benson's rule, computed on the
    /// chains and small regions around them: every chain of the set needs two regions whose
    /// empty points are all its liberties and whose surrounding chains are all in the set.
    pub(crate) fn pass_alive(&mut self, board: &Board, heads: &[usize], owner: Color) -> bool {
        let cells = board.cells();
        self.chains.clear();
        self.chains.extend_from_slice(heads);
        self.used = 0;
        self.seen.clear();
        let mut i = 0;
        while i < self.chains.len() {
            let head = self.chains[i];
            i += 1;
            for stone in chain_cells(board, head) {
                for nb in cells.adjacent_cells(stone) {
                    if cells.content(nb) != CellContent::Empty || self.seen.is_marked(nb) {
                        continue;
                    }
                    if self.used == self.regions.len() {
                        self.regions.push(Region::default());
                    }
                    let region = &mut self.regions[self.used];
                    region_through(board, nb, owner, MAX_EYE_REGION, &mut self.marks, region);
                    // Every point visited belongs to this region, small or not.
                    for &c in &region.cells {
                        self.seen.mark(c);
                    }
                    if region.cells.len() <= MAX_EYE_REGION {
                        for &h in &region.border {
                            if !self.chains.contains(&h) && self.chains.len() < MAX_BENSON_CHAINS {
                                self.chains.push(h);
                            }
                        }
                        self.used += 1;
                    }
                }
            }
        }
        let regions = &self.regions[..self.used];
        let chains = &self.chains;
        let vital = |region: &Region, head: usize| {
            region.cells.iter().all(|&c| {
                cells.content(c) != CellContent::Empty
                    || cells.adjacent_cells(c).iter().any(|&nb| {
                        cells.content(nb).color() == Some(owner) && cells.chain_head(nb) == head
                    })
            })
        };
        let alive = &mut self.alive;
        alive.clear();
        alive.resize(chains.len(), true);
        let healthy = &mut self.healthy;
        healthy.clear();
        healthy.extend(
            regions
                .iter()
                .map(|r| r.border.iter().all(|h| chains.contains(h))),
        );
        loop {
            let mut changed = false;
            for (c, &head) in chains.iter().enumerate() {
                if !alive[c] {
                    continue;
                }
                let eyes = regions
                    .iter()
                    .zip(healthy.iter())
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
}

/// The stones of the chain with head `head`.
pub(crate) fn chain_cells(board: &Board, head: usize) -> impl Iterator<Item = usize> + '_ {
    let mut current = Some(head);
    std::iter::from_fn(move || {
        let cell = current?;
        let next = board.cells().next_in_chain(cell);
        current = (next != head).then_some(next);
        Some(cell)
    })
}
