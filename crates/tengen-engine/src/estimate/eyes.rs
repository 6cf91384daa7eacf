//! Eye space and local pass-alive tests for the reading: regions of non-defender points and
//! Benson's rule computed on the chains and small regions near a group.

use tengen_core::{Board, Color, cells::CellContent};

/// The largest region of non-defender points counted as eye space.
pub(crate) const MAX_EYE_REGION: usize = 9;
/// The most chains the local Benson test takes in.
const MAX_BENSON_CHAINS: usize = 8;

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
    pub(crate) fn clear(&mut self) {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
    }

    /// Marks `cell`; whether it was unmarked.
    pub(crate) fn mark(&mut self, cell: usize) -> bool {
        let fresh = self.stamp[cell] != self.now;
        self.stamp[cell] = self.now;
        fresh
    }

    pub(crate) fn is_marked(&self, cell: usize) -> bool {
        self.stamp[cell] == self.now
    }
}

/// A connected set of points that are not `owner`'s stones.
pub(crate) struct Region {
    pub(crate) cells: Vec<usize>,
    /// The heads of the `owner` chains around it.
    pub(crate) border: Vec<usize>,
}

/// The region of non-`owner` points through `start`, if it has at most `limit` points.
pub(crate) fn small_region(
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
pub(crate) fn region_through(
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
pub(crate) fn pass_alive(
    board: &Board,
    heads: &[usize],
    owner: Color,
    marks: &mut Marks,
    seen: &mut Marks,
) -> bool {
    let cells = board.cells();
    let mut chains: Vec<usize> = heads.to_vec();
    let mut regions: Vec<Region> = Vec::new();
    seen.clear();
    let mut i = 0;
    while i < chains.len() {
        let head = chains[i];
        i += 1;
        for stone in chain_cells(board, head) {
            for nb in cells.adjacent_cells(stone) {
                if cells.content(nb) != CellContent::Empty || seen.is_marked(nb) {
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
            cells.content(c) != CellContent::Empty
                || cells.adjacent_cells(c).iter().any(|&nb| {
                    cells.content(nb).color() == Some(owner) && cells.chain_head(nb) == head
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
