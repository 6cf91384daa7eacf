//! Benson's unconditional life: chains that cannot be captured even if their owner passes for
//! ever, and the small regions they enclose (pass-alive territory).

use crate::{Board, BoardSize, Color, Point};

/// The pass-alive chains and territory of both colours.
///
/// ```
/// use tengen_core::{Board, BoardSize, Color, Point, UnconditionalLife};
/// // Black has two one-point eyes in the corner.
/// let mut board = Board::new(BoardSize::new(5).unwrap());
/// for (x, y) in [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (3, 0), (4, 1)] {
///     board.set(Point::new(x, y), Some(Color::Black)).unwrap();
/// }
/// let life = UnconditionalLife::of(&board);
/// assert!(life.is_alive(Point::new(1, 0)));
/// assert_eq!(life.territory(Point::new(0, 0)), Some(Color::Black));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnconditionalLife {
    size: BoardSize,
    alive: Vec<bool>,
    territory: Vec<Option<Color>>,
}

impl UnconditionalLife {
    /// Runs Benson's algorithm for both colours.
    #[must_use]
    pub fn of(board: &Board) -> UnconditionalLife {
        let size = board.size();
        let mut life = UnconditionalLife {
            size,
            alive: vec![false; size.area()],
            territory: vec![None; size.area()],
        };
        for color in Color::ALL {
            life.run(board, color);
        }
        life
    }

    fn index(&self, p: Point) -> usize {
        usize::from(p.y) * usize::from(self.size.get()) + usize::from(p.x)
    }

    /// Whether the stone on `point` belongs to a pass-alive chain.
    #[must_use]
    pub fn is_alive(&self, point: Point) -> bool {
        self.size.contains(point) && self.alive[self.index(point)]
    }

    /// The colour whose pass-alive territory `point` lies in (stones of the other colour there
    /// are dead).
    #[must_use]
    pub fn territory(&self, point: Point) -> Option<Color> {
        if self.size.contains(point) {
            self.territory[self.index(point)]
        } else {
            None
        }
    }

    /// The stones that lie in the other colour's pass-alive territory: certainly dead.
    #[must_use]
    pub fn dead_stones(&self, board: &Board) -> Vec<Point> {
        board
            .stones()
            .filter(|&(p, c)| self.territory(p) == Some(c.other()))
            .map(|(p, _)| p)
            .collect()
    }

    fn run(&mut self, board: &Board, color: Color) {
        let size = board.size();
        let n = usize::from(size.get());
        let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
        // Chains of `color`, numbered.
        let mut chain_of = vec![usize::MAX; n * n];
        let mut chains: Vec<Vec<Point>> = Vec::new();
        for (p, c) in board.stones() {
            if c == color && chain_of[idx(p)] == usize::MAX {
                let stones = board.chain(p);
                for &s in &stones {
                    chain_of[idx(s)] = chains.len();
                }
                chains.push(stones);
            }
        }
        // Regions: maximal connected sets of points not of `color`.
        let mut region_of = vec![usize::MAX; n * n];
        let mut regions: Vec<Region> = Vec::new();
        for start in size.points() {
            if board.get(start) == Some(color) || region_of[idx(start)] != usize::MAX {
                continue;
            }
            let id = regions.len();
            let mut region = Region::default();
            let mut stack = vec![start];
            region_of[idx(start)] = id;
            while let Some(p) = stack.pop() {
                region.points.push(p);
                let empty = board.get(p).is_none();
                if empty {
                    region.empty_points.push(p);
                }
                for nb in board.neighbors(p) {
                    if board.get(nb) == Some(color) {
                        let chain = chain_of[idx(nb)];
                        if !region.chains.contains(&chain) {
                            region.chains.push(chain);
                        }
                    } else if region_of[idx(nb)] == usize::MAX {
                        region_of[idx(nb)] = id;
                        stack.push(nb);
                    }
                }
            }
            regions.push(region);
        }
        // The chains each region is vital to: every empty point of it is a liberty of the chain.
        for region in &mut regions {
            if region.empty_points.is_empty() {
                continue;
            }
            let chains = region.chains.clone();
            region.vital_to = chains
                .into_iter()
                .filter(|&chain| {
                    region.empty_points.iter().all(|&e| {
                        board
                            .neighbors(e)
                            .any(|nb| board.get(nb) == Some(color) && chain_of[idx(nb)] == chain)
                    })
                })
                .collect();
        }
        let mut chain_alive = vec![true; chains.len()];
        let mut region_alive = vec![true; regions.len()];
        loop {
            let mut changed = false;
            for (chain, alive) in chain_alive.iter_mut().enumerate() {
                if !*alive {
                    continue;
                }
                let vital = regions
                    .iter()
                    .zip(&region_alive)
                    .filter(|(r, ok)| **ok && r.vital_to.contains(&chain))
                    .count();
                if vital < 2 {
                    *alive = false;
                    changed = true;
                }
            }
            for (region, alive) in regions.iter().zip(region_alive.iter_mut()) {
                if *alive && region.chains.iter().any(|&c| !chain_alive[c]) {
                    *alive = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (chain, stones) in chains.iter().enumerate() {
            if chain_alive[chain] {
                for &s in stones {
                    self.alive[idx(s)] = true;
                }
            }
        }
        for (region, alive) in regions.iter().zip(&region_alive) {
            // Only regions that give a pass-alive chain an eye are safe from an invasion.
            if *alive && region.vital_to.iter().any(|&c| chain_alive[c]) {
                for &p in &region.points {
                    self.territory[idx(p)] = Some(color);
                }
            }
        }
    }
}

#[derive(Clone, Debug, Default)]
struct Region {
    points: Vec<Point>,
    empty_points: Vec<Point>,
    /// Chains of the colour that border the region.
    chains: Vec<usize>,
    vital_to: Vec<usize>,
}
