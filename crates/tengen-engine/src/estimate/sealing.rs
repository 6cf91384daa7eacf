//! Open boundaries: empty regions bordered by both colours, which the count leaves dame, but
//! which the playouts give to one player. A stone of hers on each point next to the other
//! colour closes the region into her territory: the game is not finished until those points
//! are played (OGS's "needs sealing"), and the count would change with them.

use tengen_core::{Board, Color, Ownership as PointOwnership, Point, Score};

use super::Sealing;
use super::ownership::Ownership;

/// How clearly the playouts must give a region to one player (the mean of her share minus
/// the other's over its points) for its open points to be reported: OGS's seal threshold.
const OWNED_FROM: f64 = 0.3;

/// Whether a point at the count belongs to a seki.
fn in_seki(ownership: PointOwnership) -> bool {
    matches!(
        ownership,
        PointOwnership::Seki(_) | PointOwnership::SekiEye(_) | PointOwnership::DeadInSeki(_)
    )
}

/// The open boundaries of `board` counted as `score`.
pub(crate) fn open_boundaries(board: &Board, score: &Score, ownership: &Ownership) -> Vec<Sealing> {
    let size = board.size();
    let n = usize::from(size.get());
    let index = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    // A point of a dame region: empty and dame, or a dead stone lying in one.
    let open = |p: Point| {
        matches!(
            score.ownership(p),
            PointOwnership::Dame | PointOwnership::Dead(_) | PointOwnership::DeadInDame(_)
        )
    };
    let mut seen = vec![false; n * n];
    let mut found = Vec::new();
    for start in size.points() {
        if seen[index(start)] || score.ownership(start) != PointOwnership::Dame {
            continue;
        }
        seen[index(start)] = true;
        let mut region = vec![start];
        let mut borders = [false; 2];
        let mut next = 0;
        while next < region.len() {
            let here = region[next];
            next += 1;
            for nb in board.neighbors(here) {
                match score.ownership(nb) {
                    PointOwnership::Alive(c) => borders[c.index()] = true,
                    _ if open(nb) && !seen[index(nb)] => {
                        seen[index(nb)] = true;
                        region.push(nb);
                    }
                    _ => {}
                }
            }
        }
        // A region one colour alone borders is no dame region.
        if !(borders[0] && borders[1]) || region.len() < 2 {
            continue;
        }
        let lean: f64 = region
            .iter()
            .map(|&p| {
                let cell = board.cells().cell(p);
                ownership.share(cell, Color::Black) - ownership.share(cell, Color::White)
            })
            .sum::<f64>()
            / region.len() as f64;
        let color = if lean >= OWNED_FROM {
            Color::Black
        } else if lean <= -OWNED_FROM {
            Color::White
        } else {
            continue;
        };
        // The dame of a seki are no boundary to close (whoever fills one is captured), but
        // a region may touch a seki and still be open elsewhere.
        let touches_other = |p: Point| {
            board
                .neighbors(p)
                .any(|nb| score.ownership(nb) == PointOwnership::Alive(color.other()))
                && !board.neighbors(p).any(|nb| in_seki(score.ownership(nb)))
        };
        let (mut points, mut encloses): (Vec<Point>, Vec<Point>) =
            region.into_iter().partition(|&p| touches_other(p));
        if encloses.is_empty() || points.is_empty() {
            continue;
        }
        points.sort_by_key(|p| (p.y, p.x));
        encloses.sort_by_key(|p| (p.y, p.x));
        found.push(Sealing {
            color,
            points,
            encloses,
        });
    }
    found
}
