//! The scores of a search's playouts per root move, for the score lead that analysis
//! reports beside the win rate.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// Counts of Black's final margin (under the game's komi, in half points, clamped to
/// `±reach`) per root child. A median, unlike the mean, is not dragged by the rare playout
/// that loses a large group.
pub(crate) struct MarginHistograms {
    reach: i32,
    counts: Vec<AtomicU32>,
}

impl MarginHistograms {
    pub(crate) fn new(children: usize, area: usize) -> MarginHistograms {
        let reach = 2 * area as i32 + 40;
        let bins = (2 * reach + 1) as usize;
        MarginHistograms {
            reach,
            counts: (0..children * bins).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    fn bins(&self) -> usize {
        (2 * self.reach + 1) as usize
    }

    #[inline]
    pub(crate) fn add(&self, child: usize, margin_half: i32) {
        let bin = (margin_half.clamp(-self.reach, self.reach) + self.reach) as usize;
        if let Some(count) = self.counts.get(child * self.bins() + bin) {
            count.fetch_add(1, Relaxed);
        }
    }

    /// Black's median margin in points over the children in `children`, or `None` without
    /// a playout.
    pub(crate) fn median(&self, children: std::ops::Range<usize>) -> Option<f64> {
        let bins = self.bins();
        let count_at = |bin: usize| -> u64 {
            children
                .clone()
                .filter_map(|c| self.counts.get(c * bins + bin))
                .map(|n| u64::from(n.load(Relaxed)))
                .sum()
        };
        let totals: Vec<u64> = (0..bins).map(count_at).collect();
        let total: u64 = totals.iter().sum();
        if total == 0 {
            return None;
        }
        let mut seen = 0;
        for (bin, n) in totals.iter().enumerate() {
            seen += n;
            if 2 * seen >= total {
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
        let margins = MarginHistograms::new(2, 81);
        // Root move 0: Black ahead by 1 to 2 points, once behind by 40 (a group died).
        for half in [2, 3, 4, 4, -80] {
            margins.add(0, half);
        }
        assert_eq!(margins.median(0..1), Some(1.5));
        // Root move 1: one playout beyond the histogram's reach is kept at its end.
        margins.add(1, 10_000);
        assert_eq!(margins.median(1..2), Some(f64::from(2 * 81 + 40) / 2.0));
        // Both together: six playouts, the lower median is the third, 3 half points.
        assert_eq!(margins.median(0..2), Some(1.5));
        assert_eq!(MarginHistograms::new(1, 81).median(0..1), None);
    }
}
