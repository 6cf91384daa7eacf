//! Zobrist keys: one random 64-bit key per (colour, cell) of the padded array, made at
//! compile time by a fixed generator so that hashes are the same in every run.

use super::MAX_CELLS;

/// Zobrist keys for every (colour, cell), and one for "White to move" (situational superko).
pub(super) struct Zobrist {
    pub(super) stones: [[u64; MAX_CELLS]; 2],
}

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn zobrist_table() -> Zobrist {
    let mut stones = [[0u64; MAX_CELLS]; 2];
    let mut state = 0x7465_6e67_656e_u64; // "tengen"
    let mut color = 0;
    while color < 2 {
        let mut cell = 0;
        while cell < MAX_CELLS {
            let (next, key) = splitmix64(state);
            state = next;
            stones[color][cell] = key;
            cell += 1;
        }
        color += 1;
    }
    Zobrist { stones }
}

pub(super) static ZOBRIST: Zobrist = zobrist_table();
