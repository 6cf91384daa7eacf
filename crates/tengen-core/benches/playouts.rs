//! Random-playout speed: Tengen against the `go_game_board` crate (0.1.1), on 9×9 and 19×19,
//! for the fast policy and the reference policy of `docs/playout.md`.
//!
//! `cargo bench -p tengen-core --bench playouts` does, in one run:
//!
//! 1. a correctness check: both libraries following the reference policy must print the
//!    docs/playout.md checksums (9×9 300 playouts seed 1 and 2, 19×19 30 playouts seed 5,
//!    9×9 20000 playouts seed 1);
//! 2. criterion timings, one benchmark per (policy, size, library), each iteration a batch of
//!    playouts (throughput in playouts/s);
//! 3. a plain timed loop (two seconds per case) and a summary table of playouts/s, the
//!    Tengen / `go_game_board` ratio and whether the targets (fast policy: ≥2.1× on 9×9,
//!    ≥3.1× on 19×19) are met. Targets are reported, never enforced.
//!
//! `go_game_board` plays the same distribution as Tengen: uniform over the legal moves that do
//! not fill the mover's own eye (docs/playout.md's eye), simple ko, no suicide, stop after two
//! passes or 3·N·N plies, area score with komi 7.5. It uses its own legality check
//! (`Board::is_legal`), its own move execution (`Board::play_legal`) and, for the fast policy,
//! its own list of empty points (`Board::empty_vertex`); the eye test and the area score are
//! written here on `Board::color_at`, since the crate has neither (its `playout_score` counts
//! single-point eyes only, with komi 6.5).
//!
//! Run without `--bench` (`cargo test --benches`), it only checks the checksums and runs each
//! criterion benchmark once.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use tengen_core::BoardSize;
use tengen_core::playout::{self, CandidateOrder};

/// The docs/playout.md checksums: (size, playouts, seed, checksum).
const KNOWN_CHECKSUMS: [(u8, u32, u32, u32); 4] = [
    (9, 300, 1, 0x4dee_cf8b),
    (9, 300, 2, 0x538f_3c90),
    (19, 30, 5, 0xe20f_f4ef),
    (9, 20000, 1, 0x0e9d_8e76),
];

/// Fast-policy speed targets, Tengen / `go_game_board`: (size, ratio).
const TARGETS: [(u8, f64); 2] = [(9, 2.1), (19, 3.1)];

/// Wall time of each case of the plain timed loop.
const TIMED_LOOP: Duration = Duration::from_secs(2);

/// docs/playout.md komi, in half points.
const KOMI_HALF_POINTS: i32 = 15;

/// What a run of playouts adds up to (the same fields as Tengen's `playout::Summary`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Tally {
    checksum: u32,
    plies: u64,
    black_wins: u32,
}

impl Tally {
    /// Folds one playout in, as docs/playout.md step 7 says.
    fn add(&mut self, plies: u32, black_minus_white: i32) {
        let diff_half_points = 2 * black_minus_white - KOMI_HALF_POINTS;
        self.checksum = self
            .checksum
            .wrapping_mul(31)
            .wrapping_add(plies)
            .wrapping_mul(31)
            .wrapping_add((diff_half_points + 100_000) as u32);
        self.plies += u64::from(plies);
        self.black_wins += u32::from(diff_half_points > 0);
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Lib {
    Tengen,
    GoGameBoard,
}

impl Lib {
    fn name(self) -> &'static str {
        match self {
            Lib::Tengen => "tengen",
            Lib::GoGameBoard => "go_game_board",
        }
    }
}

fn policy_name(policy: CandidateOrder) -> &'static str {
    match policy {
        CandidateOrder::Reference => "reference",
        CandidateOrder::Fast => "fast",
    }
}

/// The xorshift32 of docs/playout.md (the same code as `tengen_core::playout::XorShift32`, kept
/// here so that the `go_game_board` side depends on nothing of Tengen's).
struct XorShift32(u32);

impl XorShift32 {
    fn new(seed: u32) -> XorShift32 {
        XorShift32(seed.max(1))
    }

    #[inline]
    fn below(&mut self, k: u32) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        ((u64::from(x) * u64::from(k)) >> 32) as u32
    }
}

/// Random playouts on `go_game_board::Board`.
mod gg {
    use go_game_board::{Board, Color, Player, Vertex};
    use tengen_core::playout::CandidateOrder;

    use super::{Tally, XorShift32};

    /// Plays runs of playouts on one board size, reusing its buffers.
    pub(super) struct Runner {
        size: usize,
        empty: Board,
        board: Board,
        /// The on-board points, row by row.
        points: Vec<Vertex>,
        /// Reference policy: the empty points of this ply, row by row.
        candidates: Vec<Vertex>,
        /// Fast policy: the candidate swaps of this ply, over the board's own empty list, as a
        /// sparse overlay (`slot_vertex[i]` replaces `empty_vertex(i)` while
        /// `slot_stamp[i] == stamp`), so that a ply costs its draws and not a copy of the list.
        slot_stamp: Vec<u32>,
        slot_vertex: Vec<Vertex>,
        stamp: u32,
        /// Area scoring: flood-fill marks and stack.
        mark: Vec<u32>,
        mark_stamp: u32,
        stack: Vec<Vertex>,
    }

    impl Runner {
        pub(super) fn new(size: u8) -> Runner {
            let n = usize::from(size);
            let mut empty = Board::with_size(n, n);
            empty.clear();
            let points: Vec<Vertex> = (0..n)
                .flat_map(|row| {
                    (0..n).map(move |col| Vertex::from_coords(row as isize, col as isize))
                })
                .collect();
            Runner {
                size: n,
                board: empty.clone(),
                empty,
                candidates: Vec::with_capacity(points.len()),
                slot_stamp: vec![0; points.len()],
                slot_vertex: vec![Vertex::none(); points.len()],
                stamp: 0,
                mark: vec![0; Vertex::COUNT],
                mark_stamp: 0,
                stack: Vec::with_capacity(points.len()),
                points,
            }
        }

        /// `count` playouts from one generator seeded with `seed`, folded into the checksum.
        pub(super) fn run(&mut self, count: u32, seed: u32, policy: CandidateOrder) -> Tally {
            let mut rng = XorShift32::new(seed);
            let max_plies = 3 * (self.size * self.size) as u32;
            let mut tally = Tally::default();
            for _ in 0..count {
                self.board.load(&self.empty);
                let plies = self.playout(&mut rng, policy, max_plies);
                let margin = self.area_margin();
                tally.add(plies, margin);
            }
            tally
        }

        fn playout(&mut self, rng: &mut XorShift32, policy: CandidateOrder, max_plies: u32) -> u32 {
            let mut to_move = Player::Black;
            let mut passes = 0;
            let mut plies = 0;
            while passes < 2 && plies < max_plies {
                let chosen = match policy {
                    CandidateOrder::Reference => self.reference_choice(to_move, rng),
                    CandidateOrder::Fast => self.fast_choice(to_move, rng),
                };
                match chosen {
                    Some(v) => {
                        self.board.play_legal(to_move, v);
                        passes = 0;
                    }
                    None => {
                        // A pass: lifts the ko ban.
                        self.board.play_legal(to_move, Vertex::pass());
                        passes += 1;
                    }
                }
                to_move = to_move.opponent();
                plies += 1;
            }
            plies
        }

        /// docs/playout.md step 3: all empty points row by row, rebuilt every ply.
        fn reference_choice(&mut self, player: Player, rng: &mut XorShift32) -> Option<Vertex> {
            let board = &self.board;
            self.candidates.clear();
            self.candidates.extend(
                self.points
                    .iter()
                    .copied()
                    .filter(|&v| board.color_at(v) == Color::Empty),
            );
            let mut k = self.candidates.len();
            while k > 0 {
                let i = rng.below(k as u32) as usize;
                let v = self.candidates[i];
                if acceptable(board, v, player) {
                    return Some(v);
                }
                self.candidates.swap(i, k - 1);
                k -= 1;
            }
            None
        }

        /// The same draw over the board's own list of empty points, in its order.
        fn fast_choice(&mut self, player: Player, rng: &mut XorShift32) -> Option<Vertex> {
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.slot_stamp.fill(0);
                self.stamp = 1;
            }
            let stamp = self.stamp;
            let board = &self.board;
            let mut k = board.empty_vertex_count();
            while k > 0 {
                let i = rng.below(k as u32) as usize;
                let v = if self.slot_stamp[i] == stamp {
                    self.slot_vertex[i]
                } else {
                    board.empty_vertex(i)
                };
                if acceptable(board, v, player) {
                    return Some(v);
                }
                // Candidate i takes the place of candidate k - 1, which leaves the range.
                let last = if self.slot_stamp[k - 1] == stamp {
                    self.slot_vertex[k - 1]
                } else {
                    board.empty_vertex(k - 1)
                };
                self.slot_stamp[i] = stamp;
                self.slot_vertex[i] = last;
                k -= 1;
            }
            None
        }

        /// Area score: Black's stones and territory minus White's (docs/playout.md step 6).
        fn area_margin(&mut self) -> i32 {
            self.mark_stamp = self.mark_stamp.wrapping_add(1);
            if self.mark_stamp == 0 {
                self.mark.fill(0);
                self.mark_stamp = 1;
            }
            let stamp = self.mark_stamp;
            let board = &self.board;
            let mut margin = 0;
            for &start in &self.points {
                match board.color_at(start) {
                    Color::Black => margin += 1,
                    Color::White => margin -= 1,
                    _ if self.mark[usize::from(start)] == stamp => {}
                    _ => {
                        let (mut cells, mut black, mut white) = (0, false, false);
                        self.mark[usize::from(start)] = stamp;
                        self.stack.push(start);
                        while let Some(v) = self.stack.pop() {
                            cells += 1;
                            for nb in [v.up(), v.left(), v.right(), v.down()] {
                                match board.color_at(nb) {
                                    Color::Empty if self.mark[usize::from(nb)] != stamp => {
                                        self.mark[usize::from(nb)] = stamp;
                                        self.stack.push(nb);
                                    }
                                    Color::Black => black = true,
                                    Color::White => white = true,
                                    _ => {}
                                }
                            }
                        }
                        match (black, white) {
                            (true, false) => margin += cells,
                            (false, true) => margin -= cells,
                            _ => {}
                        }
                    }
                }
            }
            margin
        }
    }

    /// Legal for `player` (the crate's own check: occupied, ko point, suicide) and not
    /// `player`'s own eye. The cheap eye test goes first: `is_legal` is slow exactly on the
    /// points with no empty neighbour, which every eye is.
    #[inline]
    fn acceptable(board: &Board, v: Vertex, player: Player) -> bool {
        !is_own_eye(board, v, player) && board.is_legal(player, v)
    }

    /// docs/playout.md step 4: every on-board orthogonal neighbour is the player's, and the
    /// opponent holds fewer than two diagonal points (fewer than one on the edge).
    #[inline]
    fn is_own_eye(board: &Board, v: Vertex, player: Player) -> bool {
        let own = Color::from(player);
        let mut edge = false;
        for nb in [v.up(), v.left(), v.right(), v.down()] {
            match board.color_at(nb) {
                Color::OffBoard => edge = true,
                c if c == own => {}
                _ => return false,
            }
        }
        // A diagonal off the board implies an orthogonal one, so `edge` is already known.
        let opponent = Color::from(player.opponent());
        let enemy_diagonals = [
            v.up().left(),
            v.up().right(),
            v.down().left(),
            v.down().right(),
        ]
        .into_iter()
        .filter(|&d| board.color_at(d) == opponent)
        .count();
        enemy_diagonals < if edge { 1 } else { 2 }
    }
}

/// Runs playouts for one library, with per-size state kept between calls.
struct Runners {
    gg: std::collections::BTreeMap<u8, gg::Runner>,
}

impl Runners {
    fn new() -> Runners {
        Runners {
            gg: std::collections::BTreeMap::new(),
        }
    }

    fn run(&mut self, lib: Lib, size: u8, count: u32, seed: u32, policy: CandidateOrder) -> Tally {
        match lib {
            Lib::Tengen => {
                let board_size = BoardSize::new(u32::from(size)).expect("a valid size");
                let s = playout::run(board_size, count, seed, policy);
                Tally {
                    checksum: s.checksum,
                    plies: s.plies,
                    black_wins: s.black_wins,
                }
            }
            Lib::GoGameBoard => self
                .gg
                .entry(size)
                .or_insert_with(|| gg::Runner::new(size))
                .run(count, seed, policy),
        }
    }
}

/// Playouts per criterion iteration (and per batch of the timed loop).
fn batch(size: u8) -> u32 {
    if size == 9 { 500 } else { 50 }
}

const CASES: [(CandidateOrder, u8); 4] = [
    (CandidateOrder::Fast, 9),
    (CandidateOrder::Fast, 19),
    (CandidateOrder::Reference, 9),
    (CandidateOrder::Reference, 19),
];

/// Checks both libraries against the docs/playout.md checksums; returns whether all matched.
fn check_checksums(runners: &mut Runners) -> bool {
    println!("== docs/playout.md checksums, reference policy ==");
    let mut all = true;
    for (size, count, seed, expected) in KNOWN_CHECKSUMS {
        for lib in [Lib::Tengen, Lib::GoGameBoard] {
            let got = runners.run(lib, size, count, seed, CandidateOrder::Reference);
            let ok = got.checksum == expected;
            all &= ok;
            println!(
                "checksum {lib:<13} {size}x{size} {count:>5} playouts seed {seed}: {:08x} (expected {expected:08x}) {}",
                got.checksum,
                if ok { "MATCH" } else { "MISMATCH" },
                lib = lib.name(),
            );
        }
    }
    // docs/playout.md: "Other sizes and seeds are checked the same way": the two independent
    // implementations must agree wherever they are run (go_game_board stops at 19×19).
    for (size, count, seed) in [
        (3, 2000, 3),
        (5, 1000, 7),
        (7, 500, 11),
        (13, 100, 13),
        (17, 30, 17),
        (2, 3000, 19),
    ] {
        let ours = runners.run(Lib::Tengen, size, count, seed, CandidateOrder::Reference);
        let theirs = runners.run(
            Lib::GoGameBoard,
            size,
            count,
            seed,
            CandidateOrder::Reference,
        );
        let ok = ours.checksum == theirs.checksum;
        all &= ok;
        println!(
            "checksum both          {size}x{size} {count:>5} playouts seed {seed}: tengen {:08x}, go_game_board {:08x} {}",
            ours.checksum,
            theirs.checksum,
            if ok { "AGREE" } else { "DIFFER" },
        );
    }
    println!(
        "go_game_board follows the reference policy exactly: {}",
        if all {
            "yes (all checksums match)"
        } else {
            "NO (see the mismatches above)"
        }
    );
    all
}

fn criterion_benches(c: &mut Criterion, runners: &mut Runners) {
    for (policy, size) in CASES {
        let mut group =
            c.benchmark_group(format!("playouts_{}_{size}x{size}", policy_name(policy)));
        let count = batch(size);
        group.throughput(Throughput::Elements(u64::from(count)));
        group.sampling_mode(SamplingMode::Flat);
        for lib in [Lib::Tengen, Lib::GoGameBoard] {
            let mut seed = 0u32;
            group.bench_function(BenchmarkId::from_parameter(lib.name()), |b| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    black_box(runners.run(lib, size, count, seed, policy))
                });
            });
        }
        group.finish();
    }
}

/// The plain timed loop of one case.
#[derive(Copy, Clone, Debug, Default)]
struct Measured {
    playouts: u64,
    plies: u64,
    black_wins: u64,
    seconds: f64,
}

impl Measured {
    fn per_second(&self) -> f64 {
        self.playouts as f64 / self.seconds
    }

    fn plies_per_playout(&self) -> f64 {
        self.plies as f64 / self.playouts as f64
    }

    fn black_win_percent(&self) -> f64 {
        100.0 * self.black_wins as f64 / self.playouts as f64
    }
}

fn timed(
    runners: &mut Runners,
    lib: Lib,
    size: u8,
    policy: CandidateOrder,
    wall: Duration,
) -> Measured {
    let count = batch(size);
    // Warm-up batch, not counted.
    black_box(runners.run(lib, size, count, 1_000_000, policy));
    let mut m = Measured::default();
    let start = Instant::now();
    let mut seed = 1;
    while start.elapsed() < wall {
        let t = runners.run(lib, size, count, seed, policy);
        m.playouts += u64::from(count);
        m.plies += t.plies;
        m.black_wins += u64::from(t.black_wins);
        seed += 1;
    }
    m.seconds = start.elapsed().as_secs_f64();
    m
}

fn summary_table(runners: &mut Runners, checksums_ok: bool) {
    println!();
    println!(
        "== Summary: plain timed loop, {:.0} s per case, single thread, batches of 500 (9x9) / 50 (19x19) playouts ==",
        TIMED_LOOP.as_secs_f64()
    );
    println!(
        "{:<9} {:<5} {:<13} {:>12} {:>10} {:>14} {:>11}",
        "policy", "size", "library", "playouts/s", "playouts", "plies/playout", "black wins"
    );
    let mut ratios = Vec::new();
    for (policy, size) in CASES {
        let mut rates = [0.0; 2];
        for (slot, lib) in [Lib::Tengen, Lib::GoGameBoard].into_iter().enumerate() {
            let m = timed(runners, lib, size, policy, TIMED_LOOP);
            rates[slot] = m.per_second();
            println!(
                "{:<9} {:<5} {:<13} {:>12.0} {:>10} {:>14.1} {:>10.1}%",
                policy_name(policy),
                format!("{size}x{size}"),
                lib.name(),
                m.per_second(),
                m.playouts,
                m.plies_per_playout(),
                m.black_win_percent()
            );
        }
        ratios.push((policy, size, rates[0] / rates[1]));
    }
    println!();
    println!("== Ratio tengen / go_game_board (playouts/s) ==");
    for (policy, size, ratio) in ratios {
        let target = TARGETS
            .iter()
            .find(|&&(s, _)| policy == CandidateOrder::Fast && s == size)
            .map(|&(_, t)| t);
        match target {
            Some(t) => println!(
                "ratio {:<9} {size}x{size}: {ratio:.2}x  (target >= {t:.1}x: {})",
                policy_name(policy),
                if ratio >= t { "MET" } else { "NOT MET" }
            ),
            None => println!(
                "ratio {:<9} {size}x{size}: {ratio:.2}x  (no target)",
                policy_name(policy)
            ),
        }
    }
    println!(
        "go_game_board reference checksums: {}",
        if checksums_ok {
            "all match docs/playout.md"
        } else {
            "MISMATCH (see above)"
        }
    );
    println!(
        "machine: {} logical CPUs (std::thread::available_parallelism); other builds may share them",
        std::thread::available_parallelism().map_or(0, std::num::NonZeroUsize::get)
    );
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` does not (criterion's test mode).
    let benchmarking = std::env::args().any(|a| a == "--bench");
    let mut runners = Runners::new();
    let checksums_ok = check_checksums(&mut runners);
    println!();

    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    criterion_benches(&mut criterion, &mut runners);
    criterion.final_summary();

    if benchmarking {
        summary_table(&mut runners, checksums_ok);
    } else {
        println!("(not run with --bench: timed summary skipped)");
        // As a test (CI runs `cargo test --benches`), disagreement is a failure.
        assert!(
            checksums_ok,
            "Tengen and go_game_board disagree on the reference playout checksums"
        );
    }
}
