//! How well the estimator's doubts point at its errors: its chains set against the dead
//! stones of a record's own marks, apart by what each verdict rests on. A playout share may
//! be wrong; a reading or Benson's test differs from the marks only where the players judged
//! otherwise than the rules, or where the reading's area was too small.

use tengen_core::Point;
use tengen_engine::estimate::{Basis, Estimate, Status};

use super::{decided_by, vertex};

/// The chains of one or more estimates checked against their records' marks.
#[derive(Default)]
pub(super) struct FlagCheck {
    chains: u32,
    /// Flagged unsure: uncertain, or their status depends on who moves first.
    flagged: u32,
    /// Counted otherwise than the marks: [by the playouts, by reading or Benson].
    differ: [u32; 2],
    /// Of those, flagged unsure.
    differ_flagged: [u32; 2],
    /// Each chain counted otherwise, with what its verdict rests on.
    pub(super) differences: Vec<String>,
}

impl FlagCheck {
    /// Each chain of `estimate`, against `marked_dead` (the record's dead stones).
    pub(super) fn of(estimate: &Estimate, marked_dead: &[Point]) -> FlagCheck {
        let mut check = FlagCheck::default();
        for chain in &estimate.chains {
            let flagged = chain.uncertain() || chain.unsettled.is_some();
            check.chains += 1;
            check.flagged += u32::from(flagged);
            if (chain.status == Status::Dead) != marked_dead.contains(&chain.stones[0]) {
                let proved = usize::from(chain.basis != Basis::Playouts);
                check.differ[proved] += 1;
                check.differ_flagged[proved] += u32::from(flagged);
                check.differences.push(format!(
                    "{} {}{}",
                    vertex(chain.stones[0], estimate),
                    decided_by(chain),
                    if flagged { ", flagged" } else { "" }
                ));
            }
        }
        check
    }

    /// Adds the counts of `other` (not its list).
    pub(super) fn add(&mut self, other: &FlagCheck) {
        self.chains += other.chains;
        self.flagged += other.flagged;
        for i in 0..2 {
            self.differ[i] += other.differ[i];
            self.differ_flagged[i] += other.differ_flagged[i];
        }
    }

    /// The line of the report, for `records` records.
    pub(super) fn summary(&self, records: usize) -> String {
        format!(
            "chains against the record's own marks ({records} records whose marks reproduce \
             RE): {} chains; counted otherwise than the marks: {} by the playouts ({} of them \
             flagged unsure), {} by reading or Benson ({} flagged: they depend on who moves \
             first); flagged unsure (uncertain, or depending on who moves first): {} chains, {} \
             of them counted otherwise than the marks",
            self.chains,
            self.differ[0],
            self.differ_flagged[0],
            self.differ[1],
            self.differ_flagged[1],
            self.flagged,
            self.differ_flagged.iter().sum::<u32>(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::FlagCheck;
    use tengen_core::{Color, Game, Point, Rules};
    use tengen_engine::estimate::{EstimateBudget, Status, estimate};

    /// White's stone at B2 stands alone in Black's closed corner: dead by JP-7.
    fn white_stone_inside_black_area() -> Game {
        Game::from_diagram(
            "
            . . X O . . .
            . . X O . . .
            . . X O . . .
            X X X O . . .
            . . . X O O O
            . O . X . . .
            . . . X . . .",
            Color::Black,
            Rules::japanese(),
        )
        .unwrap()
    }

    #[test]
    fn jp_7_a_chain_the_marks_count_otherwise_is_a_difference_and_marks_that_agree_are_none() {
        let game = white_stone_inside_black_area();
        let estimate = estimate(&game, &EstimateBudget::default());
        let dead_white = Point::new(1, 5);
        let estimated_dead = estimate
            .chain(dead_white)
            .is_some_and(|c| c.status == Status::Dead);
        assert!(estimated_dead, "{}", estimate.diagram());
        let agreeing = FlagCheck::of(&estimate, &[dead_white]);
        assert!(agreeing.differences.is_empty());
        let differing = FlagCheck::of(&estimate, &[]);
        assert_eq!(differing.differences.len(), 1);
        assert!(
            differing.differences[0].starts_with("B2 "),
            "{:?}",
            differing.differences
        );
        assert_eq!(differing.chains, agreeing.chains);
        let mut both = FlagCheck::default();
        both.add(&agreeing);
        both.add(&differing);
        assert!(both.summary(2).contains("2 records"));
        assert_eq!(both.differ.iter().sum::<u32>(), 1);
    }
}
