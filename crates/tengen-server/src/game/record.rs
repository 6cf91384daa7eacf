//! The persisted records of a game: its append-only log, one JSON object per action.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use tengen_core::Color;

use crate::{game::clock::ClockState, game::settings::GameSetup, game::wire::Xy};

/// Wall-clock milliseconds since the Unix epoch: the time records are stamped with (and
/// invitations expire by), which a restart must not reset as it resets an `Instant`.
pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// One persisted action. Records are appended, never changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum Record {
    /// The game was created. Seat and invite secrets are stored as SHA-256 hashes.
    Created {
        id: String,
        setup: GameSetup,
        seats: [Option<String>; 2],
        invite: Option<String>,
        at_ms: u64,
    },
    /// A person took the open seat through the invite.
    Joined {
        color: Color,
        token: String,
        /// The name the joiner gave (cleaned as a creator's is); absent: the seat keeps
        /// its placeholder name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// Black's free handicap stones.
    Placed {
        points: Vec<Xy>,
    },
    /// A move (`at: None` is a pass), with the mover's clock after it.
    Move {
        color: Color,
        at: Option<Xy>,
        #[serde(default)]
        clock: Option<ClockState>,
        /// An engine's illegal move replaced by a pass (AGA-8), in records written before
        /// [`Record::Illegal`].
        #[serde(default)]
        illegal: Option<String>,
    },
    /// An engine's illegal move (`reason`: why it was illegal), penalized by the rules: a
    /// pass (AGA-8) or the loss of the game (JP-11).
    Illegal {
        color: Color,
        reason: String,
    },
    /// An engine's illegal move lost the game (JP-11, in records written before
    /// [`Record::Illegal`]), or its opponent claimed the game after the engine failed
    /// (`reason`).
    Forfeit {
        color: Color,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    UndoRequested {
        by: Color,
        ply: u32,
        plies: u32,
    },
    UndoDeclined {
        by: Color,
    },
    UndoAccepted {
        plies: u32,
    },
    ToggleDead {
        by: Color,
        at: Xy,
    },
    SetDead {
        by: Color,
        points: Vec<Xy>,
    },
    /// Tengen's estimate of the dead stones became the proposal (the scoring phase opens
    /// with it; the players then change it or accept it).
    Estimated {
        points: Vec<Xy>,
    },
    Accept {
        by: Color,
        proposal: u32,
    },
    /// An engine's dead stones: its proposal and its acceptance, in one step.
    ProposeDead {
        by: Color,
        points: Vec<Xy>,
    },
    Resume {
        by: Color,
    },
    Resign {
        by: Color,
    },
    TimeOut {
        color: Color,
    },
    /// A player aborted the game within their first moves: it ends with no result.
    Aborted {
        by: Color,
    },
    /// Nobody opened the invitation in time: the game ends with no result.
    Expired,
    /// A rematch offered at the end (colours swapped, same settings). Not a game change.
    RematchOffered {
        by: Color,
    },
    /// The opponent declined the rematch offered.
    RematchDeclined {
        by: Color,
    },
    /// The rematch was accepted and is game `game`. The new seats' secrets are not here:
    /// secrets are stored only as hashes (in the new game's `created`), so a seat not yet
    /// handed out when the server restarts is lost and that player watches the rematch.
    RematchStarted {
        game: String,
    },
    /// A line of chat (not a game change: engines do not act on it).
    Chat {
        line: crate::game::wire::ChatLine,
    },
    /// A clock checkpoint: the player to move (`color`) has spent `spent_ms` on this turn so
    /// far. Written while a clock runs, so that a restart charges the thinking time up to the
    /// last checkpoint (and not the time the server was down). `left_ms` is the time the
    /// player had left at that moment, for people reading the log; replay uses `spent_ms`.
    Clock {
        color: Color,
        spent_ms: u64,
        #[serde(default)]
        left_ms: Option<u64>,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct UndoReq {
    pub by: Color,
    pub ply: u32,
    pub plies: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Logs written when the records had a colour type of their own (`"black"`/`"white"`)
    /// load unchanged, and are written back byte for byte.
    #[test]
    fn colours_in_stored_records_read_and_write_as_black_and_white() {
        for stored in [
            r#"{"type":"resign","by":"white"}"#,
            r#"{"type":"move","color":"black","at":[2,3],"clock":null,"illegal":null}"#,
        ] {
            let record: Record = serde_json::from_str(stored).unwrap();
            assert_eq!(serde_json::to_string(&record).unwrap(), stored);
        }
        assert_eq!(
            serde_json::from_str::<Record>(r#"{"type":"resign","by":"white"}"#).unwrap(),
            Record::Resign { by: Color::White }
        );
        assert!(serde_json::from_str::<Record>(r#"{"type":"resign","by":"red"}"#).is_err());
    }
}
