//! The estimate as players read it at the count: one verdict per group (the unit a player
//! toggles), with its status and why. The CLI (`tengen score --explain`), the server's
//! scoring phase and the Python binding all explain a count from these.

use tengen_core::{BoardSize, Color, Point};

use super::{ChainEstimate, Estimate, LineMove, Reason, Status, Unsettled, line_text};

/// One group's verdict: its chains share colour, status, reason and whether they are
/// settled (a group whose chains disagree gives one verdict per chain).
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Its colour.
    pub color: Color,
    /// Alive, dead or in seki.
    pub status: Status,
    /// Its stones, row by row.
    pub stones: Vec<Point>,
    /// Why it has its status.
    pub reason: Reason,
    /// Set when its status depends on who moves first.
    pub unsettled: Option<Unsettled>,
    /// The estimator could not decide it: its status is a best guess.
    pub uncertain: bool,
}

impl Verdict {
    /// The reading's line behind the verdict (the refuted attack or the killing sequence,
    /// also when the reading is why a seki lives); empty when the reason has none.
    #[must_use]
    pub fn line(&self) -> &[LineMove] {
        let reason = match &self.reason {
            Reason::Seki { lives_by, .. } => lives_by.as_ref(),
            reason => reason,
        };
        match reason {
            Reason::LivesByReading { line } | Reason::DiesByReading { line } => line,
            _ => &[],
        }
    }
}

impl Verdict {
    /// The reading's line as text, one move a string (`W B9`, `B pass`), points as GTP
    /// vertices on a board of `size`.
    #[must_use]
    pub fn line_moves(&self, size: BoardSize) -> Vec<String> {
        self.line()
            .iter()
            .map(|m| line_text(std::slice::from_ref(m), size))
            .collect()
    }
}

impl Status {
    /// `alive`, `dead` or `seki`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "seki",
        }
    }
}

impl Estimate {
    /// Every group's verdict, in row-major order of its first stone: one per group whose
    /// chains share status, reason and settledness, else one per chain.
    #[must_use]
    pub fn verdicts(&self) -> Vec<Verdict> {
        let verdict = |chains: &[&ChainEstimate]| {
            let first = chains[0];
            let mut stones: Vec<Point> = chains
                .iter()
                .flat_map(|c| c.stones.iter().copied())
                .collect();
            stones.sort_by_key(|p| (p.y, p.x));
            Verdict {
                color: first.color,
                status: first.status,
                stones,
                reason: first.reason.clone(),
                unsettled: first.unsettled.clone(),
                uncertain: first.uncertain(),
            }
        };
        let mut out = Vec::new();
        for group in self.groups() {
            let same = group.iter().all(|c| {
                c.status == group[0].status
                    && c.reason == group[0].reason
                    && c.unsettled == group[0].unsettled
            });
            if same {
                out.push(verdict(&group));
            } else {
                out.extend(group.iter().map(|c| verdict(&[c])));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use tengen_core::{BoardSize, Game, Move, Rules};

    use super::*;
    use crate::estimate::{EstimateBudget, estimate};

    /// ```text
    ///    A B C D E
    ///  5 . . B . W     Black's wall on C (one group of one chain) is alive; the White
    ///  4 W . B . W     stone on A4 inside Black's area is dead. Each is one verdict, row
    ///  3 . . B . W     by row, with its stones and a reason in words.
    ///  2 . . B . W
    ///  1 . . B . .
    /// ```
    #[test]
    fn every_group_has_one_verdict_with_its_stones() {
        let mut game = Game::new(BoardSize::new(5).unwrap(), Rules::japanese());
        for (x, y) in [
            (2, 0),
            (4, 0),
            (2, 1),
            (4, 1),
            (2, 2),
            (4, 2),
            (2, 3),
            (4, 3),
            (2, 4),
            (0, 1),
        ] {
            game.play(Move::Play(Point::new(x, y))).unwrap();
        }
        let estimate = estimate(&game, &EstimateBudget::default());
        let verdicts = estimate.verdicts();
        let stones: usize = verdicts.iter().map(|v| v.stones.len()).sum();
        assert_eq!(stones, 10, "{verdicts:?}");
        let wall = verdicts
            .iter()
            .find(|v| v.stones.contains(&Point::new(2, 2)))
            .unwrap();
        assert_eq!((wall.color, wall.status), (Color::Black, Status::Alive));
        assert_eq!(wall.stones.len(), 5);
        let invader = verdicts
            .iter()
            .find(|v| v.stones == [Point::new(0, 1)])
            .unwrap();
        assert_eq!(
            (invader.color, invader.status),
            (Color::White, Status::Dead)
        );
        assert!(!invader.reason.describe(game.size()).is_empty());
    }
}
