//! The status of every chain: Benson first, then the playouts, then local reading where the
//! playouts cannot tell.

use std::time::Instant;

use tengen_core::{Board, Color, Point, UnconditionalLife, cells::CellContent};

use super::fills::{Threat, threat};
use super::ownership::Ownership;
use super::reading::{self, Verdict};
use super::{Basis, Chain, ChainEstimate, EstimateBudget, Reason, Status, Unsettled};

/// Chains the playouts decide with less confidence than this are read.
const READ_BELOW: f64 = 0.8;

/// A chain lives when its points stayed its owner's in at least this share of the playouts
/// its opponent started. JP-7 lets the opponent move first and choose his best attack; the
/// playouts' attacker is a weak player, so a chain that he kills in more than a third of the
/// games is one a careful attacker kills. (On the dev records: 0.5 gave 299 of 333, 0.6 300,
/// 0.65 and 0.7 301.)
const ALIVE_FROM: f64 = 0.65;

/// How far `survival` is from the threshold, from 0 (on it) to 1 (always or never survived).
fn confidence_of(survival: f64) -> f64 {
    if survival >= ALIVE_FROM {
        (survival - ALIVE_FROM) / (1.0 - ALIVE_FROM)
    } else {
        (ALIVE_FROM - survival) / ALIVE_FROM
    }
}

/// The share of the playouts its opponent started in which the chain's points stayed its
/// owner's.
fn survival_of(ownership: &Ownership, chain: &Chain) -> f64 {
    chain
        .cells
        .iter()
        .map(|&c| ownership.share_when_first(c, chain.color, chain.color.other()))
        .sum::<f64>()
        / chain.cells.len() as f64
}

/// How near [`ALIVE_FROM`] a chain's survival may be before the playouts are run again, more
/// of them: about three standard errors of a share near the threshold over the 500 playouts
/// the opponent starts at the default budget (0.021 each). Closer than that, which side of
/// the threshold a chain falls on is the luck of the playouts.
const NEAR_THRESHOLD: f64 = 0.06;

/// Whether a chain whose status Benson does not settle has a survival within
/// [`NEAR_THRESHOLD`] of [`ALIVE_FROM`].
pub(crate) fn near_threshold(
    board: &Board,
    life: &UnconditionalLife,
    ownership: &Ownership,
    chains: &[Chain],
) -> bool {
    let cells = board.cells();
    chains.iter().any(|chain| {
        let first = cells.point(chain.cells[0]);
        !life.is_alive(first)
            && life.territory(first) != Some(chain.color.other())
            && (survival_of(ownership, chain) - ALIVE_FROM).abs() < NEAR_THRESHOLD
    })
}

/// The status of one chain from Benson and the playouts.
pub(crate) fn judge(
    board: &Board,
    life: &UnconditionalLife,
    ownership: &Ownership,
    chain: &Chain,
) -> ChainEstimate {
    let cells = board.cells();
    let stones: Vec<Point> = chain.cells.iter().map(|&c| cells.point(c)).collect();
    let first = stones[0];
    let survival = survival_of(ownership, chain);
    let (status, confidence, basis, reason) = if life.is_alive(first) {
        let mut eyes: Vec<Point> = Vec::new();
        for &cell in &chain.cells {
            for nb in cells.adjacent_cells(cell) {
                if cells.content(nb) == CellContent::Empty {
                    let p = cells.point(nb);
                    if life.territory(p) == Some(chain.color) && !eyes.contains(&p) {
                        eyes.push(p);
                    }
                }
            }
        }
        eyes.sort_by_key(|p| (p.y, p.x));
        let reason = Reason::UnconditionallyAlive { eyes };
        (Status::Alive, 1.0, Basis::PassAlive, reason)
    } else if life.territory(first) == Some(chain.color.other()) {
        let reason = Reason::InPassAliveTerritory;
        (Status::Dead, 1.0, Basis::PassAlive, reason)
    } else {
        let status = if survival >= ALIVE_FROM {
            Status::Alive
        } else {
            Status::Dead
        };
        let reason = Reason::Playouts { survival };
        (status, confidence_of(survival), Basis::Playouts, reason)
    };
    let unsettled = (basis == Basis::Playouts && status == Status::Dead)
        .then(|| {
            let owner_first: f64 = chain
                .cells
                .iter()
                .map(|&c| ownership.share_when_first(c, chain.color, chain.color))
                .sum::<f64>()
                / chain.cells.len() as f64;
            (owner_first >= ALIVE_FROM).then_some(Unsettled::PlayoutsSwing {
                owner_first,
                opponent_first: survival,
            })
        })
        .flatten();
    ChainEstimate {
        color: chain.color,
        stones,
        status,
        confidence,
        basis,
        survival,
        reason,
        unsettled,
        group: 0,
    }
}

/// The chains of one colour that live or die together: chains sharing a liberty, joined
/// transitively (the unit a player toggles at the count), as indices into `chains`.
pub(crate) fn groups(board: &Board, chains: &[Chain], chain_at: &[usize]) -> Vec<Vec<usize>> {
    let cells = board.cells();
    let mut sets = UnionFind::new(chains.len());
    for &cell in cells.empty_cells() {
        let cell = usize::from(cell);
        let around: Vec<usize> = cells
            .adjacent_cells(cell)
            .iter()
            .map(|&nb| chain_at[nb])
            .filter(|&j| j != usize::MAX)
            .collect();
        for (k, &a) in around.iter().enumerate() {
            for &b in &around[k + 1..] {
                if chains[a].color == chains[b].color {
                    sets.join(a, b);
                }
            }
        }
    }
    sets.sets()
}

/// Disjoint sets of indices (chains joined into groups or units).
pub(crate) struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    pub(crate) fn new(count: usize) -> UnionFind {
        UnionFind {
            parent: (0..count).collect(),
        }
    }

    fn root(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    pub(crate) fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        self.parent[ra] = rb;
    }

    /// Every set, each in increasing order, ordered by their roots.
    pub(crate) fn sets(&mut self) -> Vec<Vec<usize>> {
        let mut by_root: Vec<Vec<usize>> = vec![Vec::new(); self.parent.len()];
        for i in 0..self.parent.len() {
            let r = self.root(i);
            by_root[r].push(i);
        }
        by_root.into_iter().filter(|set| !set.is_empty()).collect()
    }
}

/// The chain index of every stone cell (`usize::MAX` elsewhere).
pub(crate) fn chain_index(board: &Board, chains: &[Chain]) -> Vec<usize> {
    let mut chain_at = vec![usize::MAX; board.cells().cell_count()];
    for (i, chain) in chains.iter().enumerate() {
        for &cell in &chain.cells {
            chain_at[cell] = i;
        }
    }
    chain_at
}

/// Settles the chains in atari (see [`fills`](super::fills)) by the status of the stones
/// around them: a chain whose liberty its owner cannot extend to two (the fill is suicide or
/// still atari) is dead when a living stone holds it; of the ones that live in the playouts,
/// a snapback is alive, a stone in an unresolved ko is dead (JP-7, seed 003), a chain only
/// dead stones hold in atari is alive and needs no move (seed 003: "Black need not play at A
/// for his stones to be alive"), a chain a living chain threatens is alive and must fill.
///
/// Run before the reading with the playouts' statuses, and again after it for the chains
/// `recheck` names (the ones held only by dead stones): the reading may have found the
/// holders alive after all. Returns which chains it settled and which of them only dead
/// stones hold.
pub(crate) fn settle_ataris(
    board: &Board,
    chains: &[Chain],
    estimates: &mut [ChainEstimate],
    recheck: Option<&[bool]>,
) -> (Vec<bool>, Vec<bool>) {
    let cells = board.cells();
    let chain_at = chain_index(board, chains);
    let survival: Vec<f64> = estimates.iter().map(|e| e.survival).collect();
    let dead: Vec<bool> = estimates.iter().map(|e| e.status == Status::Dead).collect();
    let is_dead = |cell: usize| dead[chain_at[cell]];
    let mut settled = vec![false; chains.len()];
    let mut held_by_dead = vec![false; chains.len()];
    for (i, chain) in chains.iter().enumerate() {
        if estimates[i].basis == Basis::PassAlive || recheck.is_some_and(|r| !r[i]) {
            continue;
        }
        let lives = survival[i] >= ALIVE_FROM;
        let Some(liberty) = cells.chain_atari_liberty(chain.cells[0]) else {
            continue;
        };
        let liberty_point = cells.point(liberty);
        let (status, reason) = match threat(board, chain.cells[0], &is_dead) {
            Threat::None => continue,
            // The opponent takes it and its owner cannot prevent it.
            Threat::Real(lib) if !fill_saves(board, lib, chain.color) => (
                Status::Dead,
                Reason::CannotEscapeAtari {
                    liberty: cells.point(lib),
                },
            ),
            // A dead stone in atari is just dead; only a living chain is one its owner saves.
            Threat::Real(lib)
                if lives || fill_joins_the_living(board, lib, chain, &chain_at, &survival) =>
            {
                (
                    Status::Alive,
                    Reason::MustFill {
                        liberty: cells.point(lib),
                    },
                )
            }
            _ if !lives => continue,
            Threat::Ko => (
                Status::Dead,
                Reason::UnresolvedKo {
                    capture: liberty_point,
                },
            ),
            Threat::DeadStones => {
                held_by_dead[i] = true;
                (
                    Status::Alive,
                    Reason::HeldOnlyByDeadStones {
                        liberty: liberty_point,
                    },
                )
            }
            Threat::Snapback => (
                Status::Alive,
                Reason::Snapback {
                    liberty: liberty_point,
                },
            ),
            Threat::Real(lib) => (
                Status::Alive,
                Reason::MustFill {
                    liberty: cells.point(lib),
                },
            ),
        };
        let estimate = &mut estimates[i];
        estimate.status = status;
        estimate.reason = reason;
        estimate.unsettled = None;
        estimate.confidence = 1.0;
        estimate.basis = Basis::Reading;
        settled[i] = true;
    }
    (settled, held_by_dead)
}

/// Revives the chains the playouts killed that no living opponent stone borders: the empty
/// points and dead stones around such a chain (its region) touch living stones of its own
/// colour and none of the opponent's, so the region is its owner's territory, and if a dead
/// opponent stone takes the chain its owner captures the takers and plays there anew (JP-7's
/// second clause). The playouts kill such a stone when a dead stone next to it captures it
/// before being captured itself (a stone in atari inside its own wall, held by an invader
/// that is dead too), and the reading kills it when the chains that capture it are dead
/// themselves (they take it, then die with one eye). A ko keeps its proof (seed 003's stone
/// in an unresolved ko is dead though only dead stones take it), and so does a race its
/// owner wins only by moving first. Repeated until nothing changes: a revived chain is a
/// living border for the regions next to it.
pub(crate) fn revive_uncapturable(
    board: &Board,
    chains: &[Chain],
    estimates: &mut [ChainEstimate],
) {
    let cells = board.cells();
    let mut owners = vec![None; cells.cell_count()];
    loop {
        // The area owner of each point with the dead stones off: a dead stone's region is
        // its colour's when it touches living stones of that colour only.
        let dead: Vec<Point> = estimates
            .iter()
            .filter(|e| e.status == Status::Dead)
            .flat_map(|e| e.stones.iter().copied())
            .collect();
        let mut alive = board.clone();
        alive.remove_stones(&dead);
        alive.cells().area_owners(&mut owners);
        let mut revived = false;
        for (chain, estimate) in chains.iter().zip(estimates.iter_mut()) {
            if estimate.status == Status::Dead
                && revivable(estimate)
                && owners[chain.cells[0]] == Some(chain.color)
            {
                estimate.status = Status::Alive;
                estimate.reason = Reason::InOwnTerritory;
                estimate.unsettled = None;
                estimate.confidence = 1.0;
                estimate.basis = Basis::Reading;
                revived = true;
            }
        }
        if !revived {
            return;
        }
    }
}

/// Whether a dead chain's verdict leaves room for JP-7's second clause: the playouts', or the
/// reading's when the opponent captures it whoever moves first (a race its owner wins by
/// moving first stays unsettled). A ko keeps its proof (seed 003), as does a stone in atari
/// a living stone holds.
fn revivable(estimate: &ChainEstimate) -> bool {
    match estimate.basis {
        Basis::Playouts => true,
        Basis::Reading => {
            matches!(estimate.reason, Reason::DiesByReading { .. }) && estimate.unsettled.is_none()
        }
        Basis::PassAlive => false,
    }
}

/// Whether a stone of `color` on `lib` (the liberty of its chain in atari) leaves the chain
/// with two liberties or more.
fn fill_saves(board: &Board, lib: usize, color: Color) -> bool {
    if !board.cells().is_legal(lib, color) {
        return false;
    }
    let mut after = board.clone();
    after.cells_mut().place_unchecked(lib, color);
    !after.cells().chain_in_atari(lib)
}

/// Whether the owner's stone on `lib`, the liberty of `chain` in atari, joins it to an own
/// chain that lives in the playouts: a cut the owner connects, not a dead stone kept in play.
fn fill_joins_the_living(
    board: &Board,
    lib: usize,
    chain: &Chain,
    chain_at: &[usize],
    survival: &[f64],
) -> bool {
    let cells = board.cells();
    let own = CellContent::stone(chain.color);
    cells.adjacent_cells(lib).iter().any(|&nb| {
        cells.content(nb) == own && {
            let j = chain_at[nb];
            !chain.cells.contains(&nb) && survival[j] >= ALIVE_FROM
        }
    })
}

/// Reads the groups the playouts left unclear, or that live in them only as one side of a
/// standoff; returns whether the deadline cut the reading short.
pub(crate) fn refine_by_reading(
    board: &Board,
    chains: &[Chain],
    estimates: &mut [ChainEstimate],
    settled: &[bool],
    budget: &EstimateBudget,
    deadline: Instant,
) -> bool {
    let chain_at = chain_index(board, chains);
    let survival: Vec<f64> = estimates.iter().map(|e| e.survival).collect();
    let pass_alive: Vec<bool> = estimates
        .iter()
        .map(|e| e.basis == Basis::PassAlive)
        .collect();
    // Which chains live, as far as known: the playouts' view, then the reading's. A seki's
    // two sides often both die in the playouts; once the reading has found one side alive,
    // the other stands off against a living chain and is read too (a second pass, so the
    // order of the groups does not matter).
    let mut alive: Vec<bool> = survival.iter().map(|&s| s >= ALIVE_FROM).collect();
    let mut groups = groups(board, chains, &chain_at);
    for group in &mut groups {
        group.retain(|&i| !settled[i]);
    }
    groups.retain(|g| !g.is_empty() && !g.iter().any(|&i| pass_alive[i]));
    let mut read = vec![false; groups.len()];
    for pass in 0..2 {
        let alive_before = alive.clone();
        for (g, group) in groups.iter().enumerate() {
            if read[g] {
                continue;
            }
            let unclear = pass == 0 && group.iter().any(|&i| estimates[i].confidence < READ_BELOW);
            let standoff = group
                .iter()
                .any(|&i| seki_like(board, &chains[i], &chain_at, &alive_before, chains));
            if !(unclear || standoff) {
                continue;
            }
            read[g] = true;
            if Instant::now() >= deadline {
                return true;
            }
            for (i, status) in
                read_group(board, chains, estimates, group, &survival, budget, deadline)
            {
                alive[i] = status == Status::Alive;
            }
        }
        if alive == alive_before {
            break;
        }
    }
    false
}

/// Reads one group and, where the reading decides, writes the status, reason and whether it
/// is unsettled into `estimates`; returns the statuses it found, by chain.
///
/// The group is read whole first: its chains live or die together when they share their
/// eyes. When that reading does not finish within its budget, each chain is read on its own,
/// still on the points around the whole group: where the lines of the whole multiply (each
/// of the attacker's stones captured in a shared eye space opens new ones), one chain's are
/// often few (three chains around one bent four: 5,000 nodes did not decide them whole, under
/// 200 each alone).
fn read_group(
    board: &Board,
    chains: &[Chain],
    estimates: &mut [ChainEstimate],
    group: &[usize],
    survival: &[f64],
    budget: &EstimateBudget,
    deadline: Instant,
) -> Vec<(usize, Status)> {
    let color = chains[group[0]].color;
    let without_dead = without_dead_chains(board, chains, survival, color, group);
    let mut secure = vec![false; board.cells().cell_count()];
    for (chain, estimate) in chains.iter().zip(estimates.iter()) {
        if chain.color != color && estimate.status == Status::Alive {
            for &cell in &chain.cells {
                secure[cell] = true;
            }
        }
    }
    let reader = GroupReader {
        position: without_dead.as_ref().unwrap_or(board),
        chains,
        secure,
        group_stones: stones_of(chains, group),
        budget,
        deadline,
    };
    if let Some(found) = reader.read(group) {
        found.write(estimates, group);
        return group.iter().map(|&i| (i, found.status)).collect();
    }
    if group.len() == 1 {
        return Vec::new();
    }
    // Only a group whose every chain lives alone is called alive so: a chain that dies alone
    // may be one its owner gives up to save the rest, which only the whole reading can tell
    // (taking those verdicts too put a second stone wrong in an OGS removal map).
    let mut alone = Vec::with_capacity(group.len());
    for &i in group {
        match reader.read(&[i]) {
            Some(found) if found.status == Status::Alive => alone.push((i, found)),
            _ => return Vec::new(),
        }
    }
    alone
        .into_iter()
        .map(|(i, found)| {
            found.write(estimates, &[i]);
            (i, found.status)
        })
        .collect()
}

/// The stones of the chains `indices`.
fn stones_of(chains: &[Chain], indices: &[usize]) -> Vec<usize> {
    indices
        .iter()
        .flat_map(|&i| chains[i].cells.iter().copied())
        .collect()
}

/// The reading of one group: the position it is read on (without the defender's clearly dead
/// chains elsewhere), and the group's stones, whose surroundings bound it.
struct GroupReader<'a> {
    position: &'a Board,
    chains: &'a [Chain],
    /// By cell: the opponent's stones the estimate holds alive so far.
    secure: Vec<bool>,
    group_stones: Vec<usize>,
    budget: &'a EstimateBudget,
    deadline: Instant,
}

/// What a reading decided about some chains: their status, why, and whether it depends on
/// who moves first.
struct Decided {
    status: Status,
    reason: Reason,
    unsettled: Option<Unsettled>,
}

impl Decided {
    /// Writes the decision into the estimates of the chains `members`.
    fn write(&self, estimates: &mut [ChainEstimate], members: &[usize]) {
        for &i in members {
            let estimate = &mut estimates[i];
            estimate.status = self.status;
            estimate.confidence = 1.0;
            estimate.basis = Basis::Reading;
            estimate.reason = self.reason.clone();
            estimate.unsettled = self.unsettled.clone();
        }
    }
}

impl GroupReader<'_> {
    /// Reads the chains `members` as one unit; `None` when the reading does not decide.
    fn read(&self, members: &[usize]) -> Option<Decided> {
        let anchors = stones_of(self.chains, members);
        let target = reading::Target {
            anchors: &anchors,
            group: &self.group_stones,
            defender: self.chains[members[0]].color,
            secure: &self.secure,
        };
        let reading = reading::read(
            self.position,
            &target,
            self.budget.reading_nodes,
            self.deadline,
        );
        let line = |cells: &[(Color, Option<usize>)]| -> Vec<(Color, Option<Point>)> {
            cells
                .iter()
                .map(|&(c, cell)| (c, cell.map(|cell| self.position.cells().point(cell))))
                .collect()
        };
        let (status, reason) = match reading.verdict {
            Verdict::Dead => (
                Status::Dead,
                Reason::DiesByReading {
                    line: line(&reading.line),
                },
            ),
            Verdict::Alive => (
                Status::Alive,
                Reason::LivesByReading {
                    line: line(&reading.line),
                },
            ),
            Verdict::Unknown => return None,
        };
        // A group the opponent kills by moving first may live if its owner does: then the
        // count is JP-7's answer, but the game is not finished.
        let unsettled = if status == Status::Dead {
            let owner_first = reading::read_with_first(
                self.position,
                &target,
                target.defender,
                self.budget.reading_nodes,
                self.deadline,
            );
            (owner_first.verdict == Verdict::Alive).then(|| Unsettled::OwnerMovingFirstLives {
                line: line(&owner_first.line),
            })
        } else {
            None
        };
        Some(Decided {
            status,
            reason,
            unsettled,
        })
    }
}

/// Below this survival a chain of the defender's outside the group read counts as captured
/// in the reading: well below [`ALIVE_FROM`], clearly dead and not a borderline call.
const CAPTURED_BELOW: f64 = 0.35;

/// `board` without the `color` chains outside `group` that the playouts call clearly dead
/// and that are not in atari, or `None` when there are none. In the confirmation phase
/// (JP-7) the attacker may first take those prisoners: a corner that stands in seki only
/// while a dead chain of the defender's presses on it lives once that chain is gone, and
/// the group read must face it so. A dead chain in atari stays: it sits in an eye of the
/// attacker's, whose capture would only fill that eye (JP-9: it stays in a seki).
fn without_dead_chains(
    board: &Board,
    chains: &[Chain],
    survival: &[f64],
    color: Color,
    group: &[usize],
) -> Option<Board> {
    let cells = board.cells();
    let dead: Vec<Point> = chains
        .iter()
        .enumerate()
        .filter(|&(i, chain)| {
            chain.color == color
                && !group.contains(&i)
                && survival[i] < CAPTURED_BELOW
                && cells.chain_liberties(chain.cells[0], &mut [0usize; 2]) >= 2
        })
        .flat_map(|(_, chain)| chain.cells.iter().map(|&cell| cells.point(cell)))
        .collect();
    (!dead.is_empty()).then(|| {
        let mut without = board.clone();
        without.remove_stones(&dead);
        without
    })
}

/// Whether `chain` has at most three liberties, one of them shared with an opponent chain
/// that lives (`alive`: in the playouts, or by the reading) and is short of liberties too (at
/// most three). A seki, or a bent
/// four in the corner, looks like that: the playouts (which never fill a shared liberty of a
/// large chain, and let a small one be sacrificed) cannot tell them apart; the reading can.
fn seki_like(
    board: &Board,
    chain: &Chain,
    chain_at: &[usize],
    alive: &[bool],
    chains: &[Chain],
) -> bool {
    let cells = board.cells();
    let mut libs = [0usize; 4];
    let n = cells.chain_liberties(chain.cells[0], &mut libs);
    n <= 3
        && libs[..n].iter().any(|&lib| {
            cells.adjacent_cells(lib).iter().any(|&nb| {
                let j = chain_at[nb];
                j != usize::MAX
                    && cells.content(nb) != CellContent::Empty
                    && chains[j].color != chain.color
                    && alive[j]
                    && cells.chain_liberties(nb, &mut [0usize; 4]) <= 3
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::chains_of;
    use tengen_core::{Game, Rules};

    fn board(diagram: &str) -> Board {
        let game = Game::from_diagram(diagram, Color::Black, Rules::japanese());
        game.expect("a position").board().clone()
    }

    #[test]
    fn jp_7_playouts_run_again_when_a_chain_is_near_the_alive_threshold() {
        // A lone White stone: only the playouts can judge it.
        let lone = board(
            "
            . . . . .
            . . . . .
            . . O . .
            . . . . .
            . . . . .",
        );
        // A White wall with three eyes: Benson settles it whatever the playouts say.
        let eyes = board(
            "
            . O . O .
            O O O O O
            . . . . .
            . . . . .
            . . . . .",
        );
        let near = |board: &Board, owned: u32| {
            let ownership =
                Ownership::for_test(board.cells().cell_count(), 500, Color::White, owned);
            near_threshold(
                board,
                &UnconditionalLife::of(board),
                &ownership,
                &chains_of(board),
            )
        };
        // 0.65 is the threshold; 0.06 either side of it is near.
        assert!(near(&lone, 310), "0.62");
        assert!(near(&lone, 350), "0.70");
        assert!(!near(&lone, 150), "0.30: clearly dead");
        assert!(!near(&lone, 475), "0.95: clearly alive");
        assert!(!near(&eyes, 310), "Benson's verdict needs no more playouts");
    }
}
