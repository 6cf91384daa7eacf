//! The scoring phase opens with Tengen's estimate of the dead stones as the proposal
//! (`tengen_engine::estimate`). The estimate runs on the blocking pool of the engine
//! searches, never on the async runtime, within the estimator's own time budget; the actor
//! takes it as the proposal only if nobody has changed the marks in the meantime, and keeps
//! the whole estimate (every group's verdict, what needs sealing) for the players' questions
//! about the count (`GET /api/games/{id}/estimate` in the scoring phase).

use std::sync::Arc;

use tengen_core::{Game, Phase};
use tengen_engine::estimate::Estimate;

use super::{Actor, ActorMsg};
use crate::{game::dead_stones::estimate_position, game::runtime::Record, game::wire::xy};

/// What `GET /api/games/{id}/estimate` may be told of a game, from its actor.
pub(crate) struct Estimable {
    /// The position.
    pub game: Game,
    /// The game's settings allow analysis: the answer may carry the reading's lines.
    pub analysis: bool,
    /// The estimate of this very position the actor already holds (the scoring phase's).
    pub known: Option<Arc<Estimate>>,
}

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
            let ply = game.moves().len();
            let Some(estimate) = estimate_position(game).await else {
                return;
            };
            if let Some(inbox) = inbox.upgrade() {
                let _ = inbox
                    .send(ActorMsg::Estimated {
                        version,
                        resumptions,
                        ply,
                        estimate: Arc::new(estimate),
                    })
                    .await;
            }
        });
    }

    /// Keeps the estimate of the position `ply` moves in, and makes its dead stones the
    /// proposal if the scoring phase it was made for is still untouched (same proposal, no
    /// dispute since, nobody accepted).
    pub(crate) async fn estimated(
        &mut self,
        version: u32,
        resumptions: u32,
        ply: usize,
        estimate: Arc<Estimate>,
    ) {
        let Some(game) = &self.rt.game else { return };
        if !(game.phase() == Phase::Scoring && game.moves().len() == ply) {
            return;
        }
        let untouched = game.dead_version() == version
            && game.resumptions() == resumptions
            && !game.accepted(tengen_core::Color::Black)
            && !game.accepted(tengen_core::Color::White);
        self.extras.position_estimate = Some((ply, estimate.clone()));
        if !untouched {
            return;
        }
        let points = estimate.dead_stones().into_iter().map(xy).collect();
        if let Err(e) = self.commit(vec![Record::Estimated { points }]).await {
            tracing::warn!("game {}: estimate not recorded: {}", self.rt.id, e);
        }
    }

    /// Keeps an estimate made elsewhere of the position `ply` moves into the scoring phase
    /// (after a restart the actor has none), so the next question need not make it again.
    pub(crate) fn keep_estimate(&mut self, ply: usize, estimate: Arc<Estimate>) {
        if self
            .rt
            .game
            .as_ref()
            .is_some_and(|g| g.phase() == Phase::Scoring && g.moves().len() == ply)
        {
            self.extras.position_estimate = Some((ply, estimate));
        }
    }

    /// What a score estimate may be made of now: a game in play whose settings allow
    /// analysis, or any game in its scoring phase (the count is on the board for all to see).
    pub(crate) fn estimable(&self) -> Result<Estimable, String> {
        let analysis = self.rt.setup.analysis;
        match &self.rt.game {
            Some(game) if game.phase() == Phase::Scoring => {
                let ply = game.moves().len();
                Ok(Estimable {
                    game: game.clone(),
                    analysis,
                    known: self
                        .extras
                        .position_estimate
                        .as_ref()
                        .filter(|(at, _)| *at == ply)
                        .map(|(_, e)| e.clone()),
                })
            }
            _ if !analysis => Err("this game's settings allow no score estimate while it is \
                 played (rated and tournament games never do); the count explains itself once \
                 both have passed"
                .to_owned()),
            Some(game) if game.phase() == Phase::Playing => Ok(Estimable {
                game: game.clone(),
                analysis,
                known: None,
            }),
            _ => Err("a score estimate is for a game in play or in its count".to_owned()),
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
