//! Colour choice by nigiri (rule C7).

use crate::Color;

/// One nigiri: the holder hides a handful of white stones; the guesser shows one black stone
/// (odd) or two (even); a right guess takes Black.
///
/// ```
/// use tengen_core::{Color, Nigiri};
/// let n = Nigiri::from_random(0x0000_0103);
/// assert_eq!(n.stones_held, 4);
/// assert!(n.guessed_odd);
/// assert_eq!(n.guesser_color(), Color::White); // 4 is even: a wrong guess
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nigiri {
    /// Stones in the hidden handful (1 to 32).
    pub stones_held: u8,
    /// Whether the guesser said odd.
    pub guessed_odd: bool,
}

impl Nigiri {
    /// A nigiri from 32 random bits (the handful from the low byte, the guess from bit 8), so
    /// that a fair random source gives each player Black with probability one half, and the
    /// draw can be recorded and replayed.
    #[must_use]
    pub fn from_random(random: u32) -> Nigiri {
        Nigiri {
            stones_held: (random & 0x1f) as u8 + 1,
            guessed_odd: random & 0x100 != 0,
        }
    }

    /// The colour the guesser plays.
    #[must_use]
    pub fn guesser_color(&self) -> Color {
        let odd = self.stones_held % 2 == 1;
        if odd == self.guessed_odd {
            Color::Black
        } else {
            Color::White
        }
    }
}
