//! Why an estimate's count differs from a record's result: which group the estimator got
//! wrong, or why no choice of dead stones reproduces the result.

use std::fmt;

use tengen_core::move_text;
use tengen_core::{Color, Game, GameResult, HalfPoints, Move, Point, Scoring};
use tengen_engine::estimate::{Estimate, Status, count};

/// The reason of one miss.
pub(crate) enum Diagnosis {
    /// The record's own territory marks reproduce the result, and they differ from the
    /// estimate on these chains (their status by the marks).
    MarksDiffer(Vec<(Point, Status)>),
    /// Changing the status of these groups reproduces the result: the estimator was wrong.
    Wrong(Vec<(Point, Status)>),
    /// The result counts these fills (points a player must still fill to save a chain in
    /// atari) as territory.
    FillsCounted(Vec<Point>),
    /// The result is the count of the estimate under the other counting method.
    OtherCounting(Scoring),
    /// The record's own territory marks give the estimate's count, not the result: the
    /// players' own dead stones do not explain it either (off by this much for Black, in half
    /// points). A point the marks do not show (a fill, a dame counted) may, or the result is
    /// not derivable.
    MarksAgree(i32),
    /// No change of one or two groups reproduces it: several groups are wrong, or the result
    /// is not derivable from the final position (off by this much for Black, in half points).
    NotDerivable(i32),
    /// No change of one or two groups reproduces it, and the record stops before two passes:
    /// the result rests on moves it does not have (a boundary closed, a dame filled), off by
    /// this much for Black, in half points.
    Unfinished(i32),
}

/// A diagnosis with the board size its vertices need.
pub(crate) struct Shown<'a>(&'a Diagnosis, tengen_core::BoardSize);

impl fmt::Display for Diagnosis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Diagnosis::Wrong(_) | Diagnosis::MarksDiffer(_) => f.write_str("estimator wrong"),
            Diagnosis::FillsCounted(_) => f.write_str("not derivable under RU: fills counted"),
            Diagnosis::OtherCounting(Scoring::Area) => {
                f.write_str("not derivable under RU: RE is the area count of the estimate")
            }
            Diagnosis::OtherCounting(Scoring::Territory) => {
                f.write_str("not derivable under RU: RE is the territory count of the estimate")
            }
            Diagnosis::MarksAgree(delta) => write!(
                f,
                "estimator wrong or RE not derivable: the record's own territory marks count as \
                 Tengen does (RE is {} for Black)",
                signed_half(*delta)
            ),
            Diagnosis::NotDerivable(delta) => write!(
                f,
                "estimator wrong or RE not derivable: no change of one or two groups gives RE \
                 (RE is {} for Black)",
                signed_half(*delta)
            ),
            Diagnosis::Unfinished(delta) => write!(
                f,
                "not derivable: the record stops before two passes and no change of one or two \
                 groups gives RE (RE is {} for Black)",
                signed_half(*delta)
            ),
        }
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Diagnosis::Wrong(changes) | Diagnosis::MarksDiffer(changes) => {
                f.write_str(if matches!(self.0, Diagnosis::Wrong(_)) {
                    "estimator wrong: "
                } else {
                    "estimator wrong (by the record's marks): "
                })?;
                for (i, (p, status)) in changes.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    let v = move_text(Move::Play(*p), self.1);
                    write!(f, "{v} group is {}", status_name(*status))?;
                }
                Ok(())
            }
            Diagnosis::FillsCounted(points) => {
                f.write_str("not derivable under RU: RE counts as territory the fill at")?;
                for p in points {
                    write!(f, " {}", move_text(Move::Play(*p), self.1))?;
                }
                Ok(())
            }
            other => other.fmt(f),
        }
    }
}

impl Diagnosis {
    pub(crate) fn shown(&self, size: tengen_core::BoardSize) -> Shown<'_> {
        Shown(self, size)
    }
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Alive => "alive",
        Status::Dead => "dead",
        Status::Seki => "in seki",
    }
}

/// `+6.5`, `+0`, `-3`: a difference in points, with its sign either way.
fn signed_half(half: i32) -> String {
    let plus = if half < 0 { "" } else { "+" };
    format!("{plus}{}", HalfPoints(half))
}

fn margin(result: GameResult) -> Option<i32> {
    match result {
        GameResult::Score {
            winner,
            margin_half_points,
        } => Some(if winner == Color::Black {
            margin_half_points as i32
        } else {
            -(margin_half_points as i32)
        }),
        GameResult::Jigo => Some(0),
        _ => None,
    }
}

/// Looks for the smallest change of the estimate's dead set (one group, then two) whose count
/// is `recorded` (Black's margin in half points); failing that, whether `other_counting` (the
/// same record replayed under the other counting method) gives it with the estimate's dead set,
/// or whether the record's own marks count as Tengen does; failing that, whether the record
/// `ended` with two passes.
pub(crate) fn diagnose(
    game: &Game,
    estimate: &Estimate,
    recorded: i32,
    other_counting: Option<&Game>,
    marked: Option<&[Point]>,
    ended: bool,
) -> Diagnosis {
    let dead = estimate.dead_stones();
    if !estimate.fills.is_empty() && margin(game.score_as_ended(&dead).result) == Some(recorded) {
        return Diagnosis::FillsCounted(estimate.fills.iter().map(|&(_, p)| p).collect());
    }
    if let Some(marked) = marked {
        if margin(count(game, marked).0.result) == Some(recorded) {
            let mut differ = Vec::new();
            for chain in &estimate.chains {
                let first = chain.stones[0];
                let should_be_dead = marked.contains(&first);
                if should_be_dead != dead.contains(&first) {
                    let status = if should_be_dead {
                        Status::Dead
                    } else {
                        Status::Alive
                    };
                    differ.push((first, status));
                }
            }
            if !differ.is_empty() {
                return Diagnosis::MarksDiffer(differ);
            }
        }
    }
    // The groups a player would toggle, each once.
    let mut groups: Vec<Vec<Point>> = Vec::new();
    for chain in &estimate.chains {
        let first = chain.stones[0];
        if groups.iter().any(|g| g.contains(&first)) {
            continue;
        }
        groups.push(game.group(first));
    }
    let toggled = |toggles: &[usize]| {
        let mut set = dead.clone();
        for &g in toggles {
            let group = &groups[g];
            if group.iter().all(|p| set.contains(p)) {
                set.retain(|p| !group.contains(p));
            } else {
                let missing: Vec<Point> =
                    group.iter().filter(|p| !set.contains(p)).copied().collect();
                set.extend(missing);
            }
        }
        set
    };
    let matches = |set: &[Point]| margin(count(game, set).0.result) == Some(recorded);
    let change = |toggles: &[usize]| {
        let set = toggled(toggles);
        toggles
            .iter()
            .map(|&g| {
                let p = groups[g][0];
                let status = if set.contains(&p) {
                    Status::Dead
                } else {
                    Status::Alive
                };
                (p, status)
            })
            .collect::<Vec<_>>()
    };
    for g in 0..groups.len() {
        if matches(&toggled(&[g])) {
            return Diagnosis::Wrong(change(&[g]));
        }
    }
    if groups.len() <= 120 {
        for a in 0..groups.len() {
            for b in a + 1..groups.len() {
                if matches(&toggled(&[a, b])) {
                    return Diagnosis::Wrong(change(&[a, b]));
                }
            }
        }
    }
    if let Some(other) = other_counting {
        if margin(count(other, &dead).0.result) == Some(recorded) {
            return Diagnosis::OtherCounting(other.rules().scoring);
        }
    }
    let ours = margin(estimate.score.result).unwrap_or(0);
    if let Some(marked) = marked {
        if margin(count(game, marked).0.result) == Some(ours) {
            return Diagnosis::MarksAgree(recorded - ours);
        }
    }
    if ended {
        Diagnosis::NotDerivable(recorded - ours)
    } else {
        Diagnosis::Unfinished(recorded - ours)
    }
}

#[cfg(test)]
mod tests {
    use super::signed_half;

    #[test]
    fn a_difference_in_half_points_is_written_with_its_sign_either_way() {
        assert_eq!(signed_half(13), "+6.5");
        assert_eq!(signed_half(0), "+0");
        assert_eq!(signed_half(-6), "-3");
        assert_eq!(signed_half(-1), "-0.5");
    }
}
