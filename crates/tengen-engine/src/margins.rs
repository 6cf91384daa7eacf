//! The scores of a search's playouts per root move, for the score lead that analysis
//! reports beside the win rate.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// Counts of Black's final margin (under the game's komi, in half points, clamped to
/// `±reach`) per root child, the children being the tree's edges `first..first + count`.
/// A median, unlike the mean, is not dragged by the rare playout that loses a large group.
pub(crate) struct MarginHistograms {
    first: u32,
    reach: i32,
    counts: Vec<AtomicU32>,
}

impl MarginHistograms {
    /// Histograms for the root children `first..first + count` on a board of `area` points.
    pub(crate) fn new(first: u32, count: u32, area: usize) -> MarginHistograms {
        let reach = 2 * area as i32 + 40;
        let bins = (2 * reach + 1) as usize;
        MarginHistograms {
            first,
            reach,
            counts: (0..count as usize * bins)
                .map(|_| AtomicU32::new(0))
                .collect(),
        }
    }

    fn bins(&self) -> usize {
        (2 * self.reach + 1) as usize
    }

    /// Counts a playout through the root child `edge` that ended with `margin_half`.
    #[inline]
    pub(crate) fn add(&self, edge: u32, margin_half: i32) {
        let Some(child) = edge.checked_sub(self.first) else {
            return;
        };
        let bin = (margin_half.clamp(-self.reach, self.reach) + self.reach) as usize;
        if let Some(count) = self.counts.get(child as usize * self.bins() + bin) {
            count.fetch_add(1, Relaxed);
        }
    }

    /// Black's median margin in points over the playouts through the root child `edge`,
    /// or `None` without one.
    pub(crate) fn median_of(&self, edge: u32) -> Option<f64> {
        let bins = self.bins();
        let child = edge.checked_sub(self.first)? as usize;
        self.median(self.counts.get(child * bins..(child + 1) * bins)?)
    }

    /// Black's median margin in points over all of this search's playouts, or `None`
    /// without one.
    pub(crate) fn median_of_all(&self) -> Option<f64> {
        self.median(&self.counts)
    }

    /// The lower median of `counts`, one histogram or several after each other.
    fn median(&self, counts: &[AtomicU32]) -> Option<f64> {
        let bins = self.bins();
        let at = |bin: usize| -> u64 {
            counts
                .iter()
                .skip(bin)
                .step_by(bins)
                .map(|n| u64::from(n.load(Relaxed)))
                .sum()
        };
        let total: u64 = counts.iter().map(|n| u64::from(n.load(Relaxed))).sum();
        let mut seen = 0;
        for bin in 0..bins {
            seen += at(bin);
            if total > 0 && 2 * seen >= total {
                return Some(f64::from(bin as i32 - self.reach) / 2.0);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_ignores_the_rare_playout_that_loses_a_group() {
        // The root's children are edges 5 and 6.
        let margins = MarginHistograms::new(5, 2, 81);
        // Root move 5: Black ahead by 1 to 2 points, once behind by 40 (a group died).
        for half in [2, 3, 4, 4, -80] {
            margins.add(5, half);
        }
        assert_eq!(margins.median_of(5), Some(1.5));
        // Root move 6: one playout beyond the histogram's reach is kept at its end.
        margins.add(6, 10_000);
        assert_eq!(margins.median_of(6), Some(f64::from(2 * 81 + 40) / 2.0));
        // Both together: six playouts, the lower median is the third, 3 half points.
        assert_eq!(margins.median_of_all(), Some(1.5));
        // Not a root child, or no playout.
        assert_eq!(margins.median_of(7), None);
        assert_eq!(margins.median_of(4), None);
        assert_eq!(MarginHistograms::new(5, 1, 81).median_of(5), None);
    }
}
