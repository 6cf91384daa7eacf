//! The scoring phase opens with Tengen's estimate of the dead stones as the proposal
//! (`tengen_engine::estimate`). The estimate runs on the blocking pool of the engine
//! searches, never on the async runtime, within the estimator's own time budget; the actor
//! takes it only if nobody has changed the marks in the meantime.

use tengen_core::Phase;

use super::{Actor, ActorMsg};
use crate::{game::dead_stones::estimate_dead_stones, game::runtime::Record, game::wire::xy};

impl Actor {
    /// Starts estimating the dead stones of the position that just entered scoring.
    pub(crate) fn start_estimate(&self) {
        let Some(game) = self.rt.game.clone() else {
            return;
        };
        let (version, resumptions) = (game.dead_version(), game.resumptions());
        let pool = self.extras.searches.clone();
        let inbox = self.extras.inbox.clone();
        tokio::spawn(async move {
            let _permit = pool.acquire().await;
            let Some(dead) = estimate_dead_stones(game).await else {
                return;
            };
            if let Some(inbox) = inbox.upgrade() {
                let points = dead.into_iter().map(xy).collect();
                let _ = inbox
                    .send(ActorMsg::Estimated {
                        version,
                        resumptions,
                        points,
                    })
                    .await;
            }
        });
    }

    /// Makes the estimate the proposal, if the scoring phase it was made for is still
    /// untouched (same proposal, no dispute since, nobody accepted).
    pub(crate) async fn estimated(&mut self, version: u32, resumptions: u32, points: Vec<[u8; 2]>) {
        let Some(game) = &self.rt.game else { return };
        let untouched = game.phase() == Phase::Scoring
            && game.dead_version() == version
            && game.resumptions() == resumptions
            && !game.accepted(tengen_core::Color::Black)
            && !game.accepted(tengen_core::Color::White);
        if !untouched {
            return;
        }
        if let Err(e) = self.commit(vec![Record::Estimated { points }]).await {
            tracing::warn!("game {}: estimate not recorded: {}", self.rt.id, e);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use tengen_core::{ByColor, Color};

    use crate::{
        game::history::tests::records_of,
        game::runtime::{Record, Runtime},
    };

    /// ```text
    ///    A B C D E
    ///  5 . . W . .     After two passes Tengen's estimate marks W C5 dead: the proposal
    ///  4 B B B B B     says so until a player changes it.
    ///  3 . . . . .
    /// ```
    #[test]
    fn the_estimate_is_the_proposal_until_a_player_changes_it() {
        let mut records = records_of(&[
            (0, 1),
            (2, 0),
            (1, 1),
            (9, 9),
            (2, 1),
            (9, 9),
            (3, 1),
            (9, 9),
            (4, 1),
            (9, 9),
            (9, 9),
        ]);
        records.push(Record::Estimated {
            points: vec![[2, 0]],
        });
        let estimated = |records: &[Record]| {
            let rt = Runtime::replay(records, Instant::now()).unwrap();
            let view = rt.view(1, ByColor::default(), 0, Instant::now());
            (view.estimated, view.ownership.unwrap().chars().nth(2))
        };
        assert_eq!(estimated(&records), (true, Some('X')));
        records.push(Record::ToggleDead {
            by: Color::Black,
            at: [2, 0],
        });
        assert_eq!(estimated(&records), (false, Some('A')));
    }
}
