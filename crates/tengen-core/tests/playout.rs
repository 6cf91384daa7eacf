//! PLAYOUT.md: the reference playout reproduces the published checksums.

use tengen_core::{
    BoardSize,
    playout::{Policy, run},
};

fn checksum(size: u32, playouts: u32, seed: u32, policy: Policy) -> String {
    format!(
        "{:08x}",
        run(BoardSize::new(size).unwrap(), playouts, seed, policy).checksum
    )
}

#[test]
fn playout_reference_checksums_match_playout_md() {
    assert_eq!(checksum(9, 300, 1, Policy::Reference), "4deecf8b");
    assert_eq!(checksum(9, 300, 2, Policy::Reference), "538f3c90");
    assert_eq!(checksum(19, 30, 5, Policy::Reference), "e20ff4ef");
}

#[test]
fn playout_reference_checksum_over_20000_games() {
    assert_eq!(checksum(9, 20000, 1, Policy::Reference), "0e9d8e76");
}
