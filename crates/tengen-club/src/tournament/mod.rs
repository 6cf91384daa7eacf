//! Handicap tournaments (seed 004: "the games of handicap tournaments are handicap games";
//! JP-3, AGA-4a): the players and their rounds, McMahon and Swiss pairing, standings with the
//! tie-breakers as OpenGotha names them, and the results the rating lists take (the EGF's
//! `.h9`, the AGA's results file). No I/O: the server stores a [`Tournament`] and calls these.
//!
//! A four-player McMahon tournament, paired, played and ranked:
//!
//! ```
//! use tengen_club::tournament::{Entrant, GameResult, Settings, Tournament, pair_round, standings};
//!
//! let mut t = Tournament::new(Settings::default());
//! for (name, rank) in [("Ito", "2d"), ("Berg", "1k"), ("Sato", "3k"), ("Novak", "5k")] {
//!     t.players.push(Entrant::new(name, rank.parse().unwrap()));
//! }
//! let present = vec![true; t.players.len()];
//! let round = pair_round(&t, &present, &[]).unwrap();
//! assert_eq!(round.games.len(), 2);
//! t.rounds.push(round);
//! for game in &mut t.rounds[0].games {
//!     game.result = GameResult::BlackWins;
//! }
//! let table = standings(&t);
//! assert_eq!(table.len(), 4);
//! assert_eq!(table[0].place, 1);
//! ```

mod aga;
mod h9;
mod pairing;
mod players_csv;
mod settings;
mod standings;

pub use aga::write_aga_results;
pub use h9::{
    EventInfo, H9Entry, H9Error, H9Player, H9Result, crosstable_entry, read_h9, write_h9,
};
pub use pairing::{
    PairingError, PairingNote, assign_colours, game_between, max_rounds, pair_round, pairing_notes,
};
pub use players_csv::{MAX_PLAYERS, PlayerListError, read_player_list};
pub use settings::{
    HandicapPolicy, MAX_ROUNDS, Seeding, Settings, SettingsError, System, TieBreaker,
};
pub use standings::{Points, Standing, mcmahon_start, standings};

use crate::Rank;
use serde::{Deserialize, Serialize};

/// A player of a tournament: a club member or someone entered by name for over-the-board
/// play. What the rating lists need to find them (`egd_pin`, `aga_id`) is optional.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// Family name, as the EGD writes it first.
    pub surname: String,
    /// Given name; may be empty.
    #[serde(default)]
    pub first_name: String,
    /// Declared rank at registration: the McMahon start score and the handicap come from it.
    pub rank: Rank,
    /// Club, as the EGD abbreviates it (up to four letters by custom); may be empty.
    #[serde(default)]
    pub club: String,
    /// Country code (ISO 3166 alpha-2, as the EGD uses); may be empty.
    #[serde(default)]
    pub country: String,
    /// The European Go Database's player number.
    #[serde(default)]
    pub egd_pin: Option<String>,
    /// The AGA membership number.
    #[serde(default)]
    pub aga_id: Option<String>,
}

impl Entrant {
    /// A player known by one name and a rank.
    #[must_use]
    pub fn new(surname: &str, rank: Rank) -> Entrant {
        Entrant {
            surname: surname.to_owned(),
            first_name: String::new(),
            rank,
            club: String::new(),
            country: String::new(),
            egd_pin: None,
            aga_id: None,
        }
    }

    /// "Surname Given", as standings print it.
    #[must_use]
    pub fn full_name(&self) -> String {
        if self.first_name.is_empty() {
            self.surname.clone()
        } else {
            format!("{} {}", self.surname, self.first_name)
        }
    }
}

/// How a tournament game ended, as the director records it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Not played yet, or not yet entered.
    #[default]
    Pending,
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Jigo: half a point each.
    Jigo,
    /// Both lose (both absent, or both disqualified): no point for either.
    BothLose,
}

impl GameResult {
    /// Whether the game has a result.
    #[must_use]
    pub fn is_known(self) -> bool {
        self != GameResult::Pending
    }
}

/// One game of a round: who has which colour, the handicap, and the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentGame {
    /// Index of White in [`Tournament::players`].
    pub white: usize,
    /// Index of Black.
    pub black: usize,
    /// Handicap stones (1: Black moves first without komi, JP-3).
    pub handicap: u32,
    /// The result once known.
    #[serde(default)]
    pub result: GameResult,
    /// Won by default (the opponent did not come): counts in the standings, not in the
    /// rating lists.
    #[serde(default)]
    pub by_default: bool,
}

impl TournamentGame {
    /// The opponent of `player` in this game, if `player` plays in it.
    #[must_use]
    pub fn opponent(&self, player: usize) -> Option<usize> {
        if self.white == player {
            Some(self.black)
        } else if self.black == player {
            Some(self.white)
        } else {
            None
        }
    }
}

/// A paired round: its games and who had the bye. A player in neither was absent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The games, board 1 first.
    pub games: Vec<TournamentGame>,
    /// The player with the bye (a free win), when the number present was odd.
    #[serde(default)]
    pub bye: Option<usize>,
}

impl Round {
    /// The game `player` plays in this round, if any.
    #[must_use]
    pub fn game_of(&self, player: usize) -> Option<&TournamentGame> {
        self.games.iter().find(|g| g.opponent(player).is_some())
    }

    /// Whether every game of the round has a result.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.games.iter().all(|g| g.result.is_known())
    }
}

/// A tournament's settings, players and the rounds paired so far: everything the pairing,
/// the standings and the exports read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// How it is paired, scored and ranked.
    pub settings: Settings,
    /// The players in registration order; indices into this list name them everywhere else.
    pub players: Vec<Entrant>,
    /// Rounds paired so far, round 1 first.
    pub rounds: Vec<Round>,
}

impl Tournament {
    /// A tournament with these settings, no players and no rounds yet.
    #[must_use]
    pub fn new(settings: Settings) -> Tournament {
        Tournament {
            settings,
            players: Vec::new(),
            rounds: Vec::new(),
        }
    }
}
