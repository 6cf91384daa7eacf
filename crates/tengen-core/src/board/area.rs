//! Who owns the area: the count at the end of a playout, the owner of every cell, and the
//! empty regions with the colours they touch.

use super::{Board, Cell, EMPTY_MASK, MAX_CELLS};
use crate::Color;

impl Board {
    /// Area score of a finished playout: stones plus empty regions that touch one colour only.
    /// Returns `(black, white)`. Allocation-free, because it runs once per playout.
    #[must_use]
    pub fn area_counts(&self) -> (u32, u32) {
        let mut tally = [0u32; 4];
        for spot in self.used_spots() {
            tally[spot.kind as usize] += 1;
        }
        let (mut black, mut white) = (tally[Cell::Black as usize], tally[Cell::White as usize]);
        self.for_each_empty_region(|cells, touches| {
            let size = cells.len() as u32;
            black += u32::from(touches == [true, false]) * size;
            white += u32::from(touches == [false, true]) * size;
        });
        (black, white)
    }

    /// The area owner of every cell ([`super::cells::Cells::area_owners`]).
    pub(super) fn area_owners(&self, owners: &mut [Option<Color>]) {
        let owners = &mut owners[..self.spots.0.len()];
        for (owner, spot) in owners.iter_mut().zip(self.used_spots()) {
            *owner = spot.kind.color();
        }
        self.for_each_empty_region(|cells, touches| {
            let owner = match touches {
                [true, false] => Some(Color::Black),
                [false, true] => Some(Color::White),
                _ => None,
            };
            for &cell in cells {
                owners[usize::from(cell)] = owner;
            }
        });
    }

    /// Calls `f` once for every maximal empty region with its cells and the colours it
    /// touches (Black, White). Allocation-free: a point without empty neighbours, the usual
    /// region at the end of a playout, is settled by its neighbour counts; larger regions are
    /// flood-filled in a buffer on the stack.
    #[inline]
    fn for_each_empty_region(&self, mut f: impl FnMut(&[u16], [bool; 2])) {
        let mut visited = [0u64; MAX_CELLS.div_ceil(64)];
        let mut region = [0u16; MAX_CELLS];
        for &start in self.cells().empty_cells() {
            let cell = usize::from(start);
            let counts = self.spots[cell].counts;
            if counts & EMPTY_MASK == 0 {
                f(&[start], [counts & 0xf > 0, (counts >> 4) & 0xf > 0]);
                continue;
            }
            if visited[cell / 64] & (1 << (cell % 64)) != 0 {
                continue;
            }
            let (len, touches) = self.flood_empty_region(cell, &mut visited, &mut region);
            f(&region[..len], touches);
        }
    }

    /// Floods the empty region through `start`, which is not `visited` yet: marks its cells
    /// visited, leaves them in `region[..len]` and says which colours it touches (Black,
    /// White). Allocation-free: it runs at the end of every playout.
    fn flood_empty_region(
        &self,
        start: usize,
        visited: &mut [u64],
        region: &mut [u16],
    ) -> (usize, [bool; 2]) {
        visited[start / 64] |= 1 << (start % 64);
        let mut touches = [false; 2];
        region[0] = start as u16;
        // The region's cells stay in `region[..len]`; `next` walks them as a queue.
        let (mut next, mut len) = (0, 1);
        while next < len {
            let here = usize::from(region[next]);
            next += 1;
            for nb in self.neighbor_cells(here) {
                match self.spots[nb].kind {
                    Cell::Black => touches[0] = true,
                    Cell::White => touches[1] = true,
                    Cell::Border => {}
                    Cell::Empty => {
                        if visited[nb / 64] & (1 << (nb % 64)) == 0 {
                            visited[nb / 64] |= 1 << (nb % 64);
                            region[len] = nb as u16;
                            len += 1;
                        }
                    }
                }
            }
        }
        (len, touches)
    }

    /// The maximal connected sets of empty points, with the colours they touch.
    pub(crate) fn empty_regions(&self) -> EmptyRegions {
        let mut region_of = vec![u32::MAX; self.used_spots().len()];
        let mut list = Vec::new();
        let mut stack = Vec::new();
        for start in 0..self.used_spots().len() {
            if self.spots[start].kind != Cell::Empty || region_of[start] != u32::MAX {
                continue;
            }
            let id = list.len() as u32;
            let mut region = EmptyRegion::default();
            region_of[start] = id;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                region.cells.push(cell);
                for nb in self.neighbor_cells(cell) {
                    match self.spots[nb].kind {
                        Cell::Empty if region_of[nb] == u32::MAX => {
                            region_of[nb] = id;
                            stack.push(nb);
                        }
                        Cell::Black => region.touches[0] = true,
                        Cell::White => region.touches[1] = true,
                        _ => {}
                    }
                }
            }
            list.push(region);
        }
        EmptyRegions { list }
    }
}

/// One maximal connected set of empty points.
#[derive(Clone, Debug, Default)]
pub(crate) struct EmptyRegion {
    pub(crate) cells: Vec<usize>,
    /// Whether it touches a Black stone, a White stone.
    pub(crate) touches: [bool; 2],
}

impl EmptyRegion {
    pub(crate) fn sole_neighbor_color(&self) -> Option<Color> {
        match self.touches {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        }
    }
}

/// The empty regions of a board.
#[derive(Clone, Debug, Default)]
pub(crate) struct EmptyRegions {
    pub(crate) list: Vec<EmptyRegion>,
}
