//! The search tree, shared by all search threads without a lock on the hot path: every
//! statistic is an atomic, a node is the range of its children's edges, and the edges live
//! in chunks of an arena that only grows during a search (a bump allocator behind a mutex,
//! taken once per expansion, not per playout).
//!
//! An edge is a move from its parent's position. It holds the move and its prior, the real
//! visits and values (from the point of view of the player who makes the move), the AMAF
//! (RAVE) visits and values, and its children: `0` while it is a leaf, [`EXPANDING`] while
//! one thread creates them, else the first child's index and the child count. A thread
//! that finds an edge being expanded plays out from there instead of waiting.

use std::sync::{
    Mutex, OnceLock,
    atomic::{
        AtomicU32, AtomicU64,
        Ordering::{Acquire, Relaxed, Release},
    },
};

/// Edges per arena chunk.
const CHUNK_BITS: u32 = 16;
const CHUNK: usize = 1 << CHUNK_BITS;

/// The move of a pass (cell 0 is a border cell, never a move).
pub(crate) const PASS: u16 = 0;

/// A `children` value: another thread is creating the children.
const EXPANDING: u64 = 1;

/// Values are sums of fixed-point numbers with this many fractional bits.
const VALUE_BITS: u32 = 16;
const VALUE_ONE: f64 = (1u64 << VALUE_BITS) as f64;

/// One move of the tree and its statistics.
#[derive(Debug, Default)]
pub(crate) struct Edge {
    /// The move (16 bits), the prior's visits (16 bits) and the prior's value (16 bits, as
    /// a fraction of 65,535).
    meta: AtomicU64,
    children: AtomicU64,
    visits: AtomicU32,
    rave_visits: AtomicU32,
    value: AtomicU64,
    rave_value: AtomicU64,
}

/// A snapshot of an edge's statistics.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Stats {
    pub(crate) mv: u16,
    pub(crate) prior_visits: f64,
    pub(crate) prior_value: f64,
    pub(crate) visits: u32,
    /// Mean value of the real visits (0.5 before any).
    pub(crate) value: f64,
    pub(crate) rave_visits: u32,
    pub(crate) rave_value: f64,
}

/// An edge's move and prior in one word: the move, the prior's visits, its value in
/// 1/65,535ths.
fn meta(mv: u16, prior_visits: u16, prior_value: f64) -> u64 {
    let value = (prior_value.clamp(0.0, 1.0) * 65_535.0).round() as u64;
    u64::from(mv) | u64::from(prior_visits) << 16 | value << 32
}

impl Edge {
    fn init(&self, mv: u16, prior_visits: u16, prior_value: f64) {
        self.meta
            .store(meta(mv, prior_visits, prior_value), Relaxed);
        self.children.store(0, Relaxed);
        self.visits.store(0, Relaxed);
        self.rave_visits.store(0, Relaxed);
        self.value.store(0, Relaxed);
        self.rave_value.store(0, Relaxed);
    }

    #[inline]
    pub(crate) fn mv(&self) -> u16 {
        self.meta.load(Relaxed) as u16
    }

    #[inline]
    pub(crate) fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    /// Counts a visit before its result is known: until the result arrives it weighs as a
    /// loss, which steers other threads elsewhere (virtual loss).
    #[inline]
    pub(crate) fn add_visit(&self) -> u32 {
        self.visits.fetch_add(1, Relaxed) + 1
    }

    /// Adds the result of a visit counted by [`Edge::add_visit`].
    #[inline]
    pub(crate) fn add_value(&self, value: f64) {
        self.value.fetch_add((value * VALUE_ONE) as u64, Relaxed);
    }

    /// Adds an AMAF result. A plain load and store instead of an atomic add: a simulation
    /// updates dozens of AMAF counts, a locked add costs about twenty cycles each, and the
    /// rare update lost when two threads meet on one edge does not matter to an average of
    /// thousands.
    #[inline]
    pub(crate) fn add_rave(&self, value: f64) {
        self.rave_visits
            .store(self.rave_visits.load(Relaxed) + 1, Relaxed);
        self.rave_value.store(
            self.rave_value.load(Relaxed) + (value * VALUE_ONE) as u64,
            Relaxed,
        );
    }

    /// The selection value of this edge for its mover: the real and the AMAF means, each
    /// with the prior's virtual visits (the real mean alone without `prior_in_rave`),
    /// blended by the RAVE weight (Gelly and Silver's
    /// `β = ñ / (ñ + n + ñ·n / equivalence)`), and the visits counted (prior included).
    /// Straight from the counters, with three divisions: this runs for every child of
    /// every node on every descent.
    ///
    /// A pass takes `node_value` (what its node is worth to the mover so far) as its prior
    /// mean, whatever was stored: a pass is as good as the position until its own visits say
    /// otherwise, and a fixed prior would keep a search that wins with every move from ever
    /// trying it.
    #[inline]
    pub(crate) fn urgency(
        &self,
        inverse_equivalence: f64,
        node_value: f64,
        prior_in_rave: bool,
    ) -> (f64, f64) {
        let meta = self.meta.load(Relaxed);
        let prior_visits = f64::from((meta >> 16) as u16);
        let prior_mean = if meta as u16 == PASS {
            node_value
        } else {
            f64::from((meta >> 32) as u16) * (1.0 / 65_535.0)
        };
        let prior_wins = prior_visits * prior_mean;
        let n = f64::from(self.visits.load(Relaxed)) + prior_visits;
        let w = self.value.load(Relaxed) as f64 * (1.0 / VALUE_ONE) + prior_wins;
        let (rave_prior_visits, rave_prior_wins) = if prior_in_rave {
            (prior_visits, prior_wins)
        } else {
            (0.0, 0.0)
        };
        let rn = f64::from(self.rave_visits.load(Relaxed)) + rave_prior_visits;
        let rw = self.rave_value.load(Relaxed) as f64 * (1.0 / VALUE_ONE) + rave_prior_wins;
        if n <= 0.0 {
            return (0.5, 0.0);
        }
        // A pass has no AMAF statistics (playouts do not record passes): only its own.
        if rn <= 0.0 || meta as u16 == PASS {
            return (w / n, n);
        }
        let beta = rn / (rn + n + n * rn * inverse_equivalence);
        ((1.0 - beta) * (w / n) + beta * (rw / rn), n)
    }

    /// Adds whole visits with a total value at once (a subtree copied into a new tree).
    fn add_totals(&self, visits: u32, value: u64, rave_visits: u32, rave_value: u64) {
        self.visits.store(visits, Relaxed);
        self.value.store(value, Relaxed);
        self.rave_visits.store(rave_visits, Relaxed);
        self.rave_value.store(rave_value, Relaxed);
    }

    pub(crate) fn stats(&self) -> Stats {
        let meta = self.meta.load(Relaxed);
        let visits = self.visits.load(Relaxed);
        let rave_visits = self.rave_visits.load(Relaxed);
        let mean = |sum: u64, n: u32| {
            if n == 0 {
                0.5
            } else {
                sum as f64 / VALUE_ONE / f64::from(n)
            }
        };
        Stats {
            mv: meta as u16,
            prior_visits: f64::from((meta >> 16) as u16),
            prior_value: f64::from((meta >> 32) as u16) / 65_535.0,
            visits,
            value: mean(self.value.load(Relaxed), visits),
            rave_visits,
            rave_value: mean(self.rave_value.load(Relaxed), rave_visits),
        }
    }

    /// The children: `None` for a leaf or while they are being created.
    #[inline]
    pub(crate) fn children(&self) -> Option<(u32, u32)> {
        let c = self.children.load(Acquire);
        (c > EXPANDING).then_some(((c >> 16) as u32, (c & 0xffff) as u32))
    }

    /// Whether nobody has started creating the children.
    #[inline]
    pub(crate) fn is_leaf(&self) -> bool {
        self.children.load(Relaxed) == 0
    }

    /// Claims the right to create the children; `false` if another thread has it or did it.
    #[inline]
    pub(crate) fn claim(&self) -> bool {
        self.children
            .compare_exchange(0, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Gives up a claim (the arena is full).
    pub(crate) fn unclaim(&self) {
        self.children.store(0, Release);
    }

    fn publish(&self, first: u32, count: u32) {
        debug_assert!(count > 0 && count <= 0xffff);
        self.children
            .store(u64::from(first) << 16 | u64::from(count), Release);
    }
}

/// The arena of edges.
pub(crate) struct Tree {
    chunks: Box<[OnceLock<Box<[Edge]>>]>,
    /// The next free edge (chunk and offset), and the chunks in use.
    next: Mutex<u32>,
    /// Edge 0 is the root.
    capacity: usize,
}

impl std::fmt::Debug for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tree")
            .field("edges", &self.len())
            .field("capacity", &self.capacity)
            .finish()
    }
}

/// What to create: a child's move and prior.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct NewChild {
    pub(crate) mv: u16,
    pub(crate) prior_visits: u16,
    pub(crate) prior_value: f64,
}

impl Tree {
    /// A tree with room for about `max_edges` edges (rounded up to whole chunks), holding
    /// only its root edge (move `root_move`).
    pub(crate) fn new(max_edges: usize, root_move: u16) -> Tree {
        let chunks = max_edges
            .div_ceil(CHUNK)
            .clamp(1, 1 << (32 - CHUNK_BITS - 1));
        let tree = Tree {
            chunks: (0..chunks).map(|_| OnceLock::new()).collect(),
            next: Mutex::new(1),
            capacity: chunks * CHUNK,
        };
        tree.chunk(0);
        tree.edge(0).init(root_move, 0, 0.5);
        tree
    }

    fn chunk(&self, index: usize) -> &[Edge] {
        self.chunks[index].get_or_init(|| (0..CHUNK).map(|_| Edge::default()).collect())
    }

    /// The edge at `index` (0 is the root).
    #[inline]
    pub(crate) fn edge(&self, index: u32) -> &Edge {
        let i = index as usize;
        match self.chunks[i >> CHUNK_BITS].get() {
            Some(chunk) => &chunk[i & (CHUNK - 1)],
            // Indices are handed out only after their chunk exists.
            None => unreachable!("edge {index} outside the allocated chunks"),
        }
    }

    /// The root edge.
    #[inline]
    pub(crate) fn root(&self) -> &Edge {
        self.edge(0)
    }

    /// Edges allocated so far.
    pub(crate) fn len(&self) -> usize {
        *self
            .next
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) as usize
    }

    fn allocate(&self, count: usize) -> Option<u32> {
        if count == 0 || count > CHUNK {
            return None;
        }
        let mut next = self
            .next
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut start = *next as usize;
        if (start & (CHUNK - 1)) + count > CHUNK {
            start = (start | (CHUNK - 1)) + 1; // a range never spans two chunks
        }
        if start + count > self.capacity {
            return None;
        }
        self.chunk(start >> CHUNK_BITS);
        *next = (start + count) as u32;
        Some(start as u32)
    }

    /// Creates the children of the claimed edge `parent` ([`Edge::claim`]); gives the claim
    /// up and returns `false` when the arena is full.
    pub(crate) fn expand(&self, parent: u32, children: &[NewChild]) -> bool {
        let Some(first) = self.allocate(children.len()) else {
            self.edge(parent).unclaim();
            return false;
        };
        for (i, child) in children.iter().enumerate() {
            self.edge(first + i as u32)
                .init(child.mv, child.prior_visits, child.prior_value);
        }
        self.edge(parent).publish(first, children.len() as u32);
        true
    }

    /// Copies the subtree under `from` (an edge of `self`) into a fresh tree whose root is
    /// that edge: tree reuse without keeping the rest.
    pub(crate) fn extract(&self, from: u32, max_edges: usize) -> Tree {
        let source = self.edge(from);
        let tree = Tree::new(max_edges, source.mv());
        copy_stats(source, tree.root());
        let mut stack = vec![(from, 0u32)];
        while let Some((old, new)) = stack.pop() {
            let Some((first, count)) = self.edge(old).children() else {
                continue;
            };
            let Some(start) = tree.allocate(count as usize) else {
                continue;
            };
            for i in 0..count {
                let (o, n) = (self.edge(first + i), tree.edge(start + i));
                n.meta.store(o.meta.load(Relaxed), Relaxed);
                copy_stats(o, n);
                stack.push((first + i, start + i));
            }
            tree.edge(new).publish(start, count);
        }
        tree
    }
}

fn copy_stats(from: &Edge, to: &Edge) {
    to.add_totals(
        from.visits.load(Relaxed),
        from.value.load(Relaxed),
        from.rave_visits.load(Relaxed),
        from.rave_value.load(Relaxed),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_published_once_and_copied_by_extract() {
        let tree = Tree::new(10, PASS);
        assert!(tree.root().claim());
        assert!(!tree.root().claim());
        let kids: Vec<NewChild> = (1..=3)
            .map(|mv| NewChild {
                mv,
                prior_visits: 10,
                prior_value: 0.5,
            })
            .collect();
        assert!(tree.expand(0, &kids));
        let (first, count) = tree.root().children().unwrap();
        assert_eq!(count, 3);
        let second = tree.edge(first + 1);
        second.add_visit();
        second.add_value(1.0);
        assert_eq!(second.stats().value, 1.0);
        assert!(second.claim());
        assert!(tree.expand(first + 1, &kids[..2]));
        let copy = tree.extract(first + 1, 10);
        assert_eq!(copy.root().mv(), 2);
        assert_eq!(copy.root().visits(), 1);
        assert_eq!(copy.root().children().map(|c| c.1), Some(2));
    }

    #[test]
    fn without_prior_in_rave_the_amaf_mean_is_the_playouts_alone() {
        let tree = Tree::new(10, PASS);
        assert!(tree.root().claim());
        let optimistic = NewChild {
            mv: 1,
            prior_visits: 100,
            prior_value: 1.0,
        };
        assert!(tree.expand(0, &[optimistic]));
        let edge = tree.edge(tree.root().children().unwrap().0);
        for _ in 0..100 {
            edge.add_rave(0.0);
        }
        let inverse_equivalence = 1.0 / 1000.0;
        // The real mean is the prior's 1.0 either way. With the prior, the AMAF mean is
        // (100 + 0) / 200; without it 0 / 100.
        let blend = |rn: f64, rave_mean: f64| {
            let beta = rn / (rn + 100.0 + 100.0 * rn * inverse_equivalence);
            (1.0 - beta) + beta * rave_mean
        };
        let (with, n) = edge.urgency(inverse_equivalence, 0.5, true);
        let (without, _) = edge.urgency(inverse_equivalence, 0.5, false);
        assert_eq!(n, 100.0);
        assert!((with - blend(200.0, 0.5)).abs() < 1e-9, "{with}");
        assert!((without - blend(100.0, 0.0)).abs() < 1e-9, "{without}");
        assert!(without < with);
    }
}
