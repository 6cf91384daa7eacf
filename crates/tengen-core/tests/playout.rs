//! docs/playout.md: the reference playout reproduces the published checksums, and the fast policy
//! draws from the same distribution.

use tengen_core::{
    BoardSize,
    playout::{CandidateOrder, run},
};

fn checksum(size: u32, playouts: u32, seed: u32, policy: CandidateOrder) -> String {
    format!(
        "{:08x}",
        run(BoardSize::new(size).unwrap(), playouts, seed, policy).checksum
    )
}

#[test]
fn playout_reference_checksums_match_playout_md() {
    assert_eq!(checksum(9, 300, 1, CandidateOrder::Reference), "4deecf8b");
    assert_eq!(checksum(9, 300, 2, CandidateOrder::Reference), "538f3c90");
    assert_eq!(checksum(19, 30, 5, CandidateOrder::Reference), "e20ff4ef");
}

#[test]
fn playout_reference_checksum_over_20000_games() {
    assert_eq!(checksum(9, 20000, 1, CandidateOrder::Reference), "0e9d8e76");
}

/// The fast policy must draw from the same distribution as the reference: uniform over the
/// legal moves that do not fill the mover's own eye. Its order differs, so single games
/// differ; the averages must not. Seeds are fixed, so the test is deterministic; the bounds
/// are about four standard errors of the difference.
#[test]
fn playout_fast_policy_draws_from_the_reference_distribution() {
    for (size, count) in [(9, 6000), (13, 1500)] {
        let board = BoardSize::new(size).unwrap();
        let reference = run(board, count, 11, CandidateOrder::Reference);
        let fast = run(board, count, 12, CandidateOrder::Fast);
        let mean = |s: &tengen_core::playout::Summary| s.plies as f64 / f64::from(count);
        let rate = |s: &tengen_core::playout::Summary| f64::from(s.black_wins) / f64::from(count);
        let (plies_ref, plies_fast) = (mean(&reference), mean(&fast));
        let (wins_ref, wins_fast) = (rate(&reference), rate(&fast));
        eprintln!(
            "{size}x{size}: plies {plies_ref:.2} vs {plies_fast:.2}, Black wins {wins_ref:.3} vs {wins_fast:.3}"
        );
        assert!(
            (plies_ref - plies_fast).abs() < 0.02 * plies_ref,
            "{size}x{size}: mean plies {plies_ref:.2} (reference) vs {plies_fast:.2} (fast)"
        );
        let se = (2.0 * 0.25 / f64::from(count)).sqrt();
        assert!(
            (wins_ref - wins_fast).abs() < 4.0 * se,
            "{size}x{size}: Black wins {wins_ref:.3} (reference) vs {wins_fast:.3} (fast)"
        );
    }
}
