//! What the SQLite store's one writer thread is handed (`sqlite.rs` runs it; the club's
//! tables hand it their writes, `club_db.rs`).

use tokio::sync::oneshot;

use super::{GameSummary, StoreError};

/// What the writer thread does: the games' appends, grouped, and the club's transactions
/// that write, one at a time between the groups, so that SQLite's one write lock is never
/// fought over (a writer that meets it taken waits in growing sleeps, which the games'
/// moves would feel).
// Appends are nearly every job and go one way through a channel: boxing them would add an
// allocation to each for no saving.
#[allow(clippy::large_enum_variant)]
pub(super) enum Job {
    Append(Append),
    Club(ClubJob),
}

/// A club transaction, run on the writer's connection.
pub(super) type ClubJob = Box<dyn FnOnce(&mut rusqlite::Connection) + Send>;

/// One game's records to append, and whom to tell once they are committed.
pub(super) struct Append {
    pub(super) game: String,
    pub(super) first_seq: u64,
    pub(super) records: Vec<String>,
    pub(super) summary: GameSummary,
    pub(super) reply: oneshot::Sender<Result<(), StoreError>>,
}
