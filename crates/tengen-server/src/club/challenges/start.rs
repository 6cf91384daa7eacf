//! Starting a challenge's game once it is accepted: the claim (of two accepting at once,
//! one starts a game), the colours, the seats (a person's seat secret, or Tengen's engine
//! for a bot), and the link between the game and its two members.

use tengen_core::Color;

use super::{Accepted, Proposal, Stored};
use crate::{
    club::{Club, account::Account},
    error::AppError,
    game::record::now_ms,
    game::settings::{ColorChoice, OpponentChoice},
    secret,
};

/// A challenge's game, started.
pub(super) struct Started {
    pub(super) game: String,
    proposal: Proposal,
    black: Account,
    white: Account,
    rated: bool,
}

impl Started {
    /// What `member`, one of the players, is told of the game: their colour and seat.
    pub(super) async fn for_member(
        self,
        club: &Club,
        member: &Account,
    ) -> Result<Accepted, AppError> {
        let color = if self.black.id == member.id {
            Color::Black
        } else {
            Color::White
        };
        Ok(Accepted {
            seat: club.seat_secret(&self.game, color).await?,
            color: tengen_core::color_name(color),
            game: self.game,
            black: self.black.name,
            white: self.white.name,
            handicap: self.proposal.handicap,
            komi: self.proposal.komi,
            rated: self.rated,
        })
    }
}

/// Claims the open challenge `found` for `acceptor` and starts its game with the handicap
/// and komi of [`Terms::propose`]. If the game does not start, the challenge is put in
/// `on_failure` (`open` again for a member to retry; `declined` for the engine).
pub(super) async fn claim_and_start<H: crate::club::Host>(
    state: &H,
    found: &Stored,
    acceptor: &Account,
    on_failure: &'static str,
) -> Result<Started, AppError> {
    let club = state.club();
    let proposal = found.terms.propose(&found.from, acceptor)?;
    let game = secret::new_id();
    // Claim the challenge first: of two accepting at once, one starts a game.
    let (claim_id, claim_game) = (found.id.clone(), game.clone());
    let claimed = club
        .db
        .transaction(move |sql| {
            sql.execute(
                "UPDATE challenges SET state = 'accepted', game_id = ?2
                 WHERE id = ?1 AND state = 'open'",
                &[claim_id.into(), claim_game.into()],
            )
        })
        .await?;
    if claimed != 1 {
        return Err(AppError::Conflict(
            "this challenge was taken or withdrawn".into(),
        ));
    }
    let (black, white) = if proposal.nigiri {
        let black_first =
            tengen_core::Nigiri::from_random(rand::random::<u32>()).guesser_color() == Color::Black;
        if black_first {
            (acceptor, &found.from)
        } else {
            (&found.from, acceptor)
        }
    } else if proposal.black_id == acceptor.id {
        (acceptor, &found.from)
    } else {
        (&found.from, acceptor)
    };
    if let Err(e) = start_game(state, found, &proposal, black, white, &game).await {
        // The game did not start: the challenge is open again, as it was (or declined).
        let reopen = found.id.clone();
        let _ = club
            .db
            .transaction(move |sql| {
                sql.execute(
                    "UPDATE challenges SET state = ?2, game_id = NULL WHERE id = ?1",
                    &[reopen.into(), on_failure.into()],
                )
            })
            .await;
        return Err(e);
    }
    Ok(Started {
        game,
        black: black.clone(),
        white: white.clone(),
        rated: found.terms.rated,
        proposal,
    })
}

/// Starts the game of a claimed challenge, `black` and `white` seated as the proposal says.
/// A person's seat is their seat secret; a bot's is Tengen's engine at its level, the seat
/// the create form's engine opponent gets.
async fn start_game<H: crate::club::Host>(
    state: &H,
    found: &Stored,
    proposal: &Proposal,
    black: &Account,
    white: &Account,
    game: &str,
) -> Result<(), AppError> {
    let club = state.club();
    // The form's creator is a person: Black, unless Black is the engine.
    let (creator_color, creator) = if black.bot.is_some() {
        (ColorChoice::White, white)
    } else {
        (ColorChoice::Black, black)
    };
    let mut game_form = found.terms.game(
        proposal.handicap,
        proposal.komi.parse::<f64>().ok(),
        Some(creator.name.clone()),
    );
    game_form.color = creator_color;
    if let Some(level) = black.bot.or(white.bot) {
        game_form.opponent = OpponentChoice::Tengen { level: Some(level) };
    }
    let mut setup = game_form.resolve(&[], true).map_err(AppError::BadRequest)?;
    setup.nigiri = proposal.nigiri;
    setup.name_seat(Color::White, &white.name);
    setup.creator = if found.from.id == black.id {
        Color::Black
    } else {
        Color::White
    };
    let mut seats = [None, None];
    for (color, account) in [(Color::Black, black), (Color::White, white)] {
        if account.bot.is_none() {
            seats[color.index()] = secret::hash(&club.seat_secret(game, color).await?);
        }
    }
    state.start_game(game, setup, seats).await?;
    club.record_game(game, black.id, white.id, found.terms.rated)
        .await
}

impl Club {
    /// Links a game to its two members (for their pages and the ratings).
    pub(crate) async fn record_game(
        &self,
        game: &str,
        black: i64,
        white: i64,
        rated: bool,
    ) -> Result<(), AppError> {
        let game = game.to_owned();
        let now = now_ms() as i64;
        self.db
            .transaction(move |sql| {
                sql.execute(
                    "INSERT INTO club_games (game_id, black_id, white_id, rated, created_ms, rating_done)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    &[
                        game.into(),
                        black.into(),
                        white.into(),
                        rated.into(),
                        now.into(),
                        (!rated).into(),
                    ],
                )
            })
            .await?;
        Ok(())
    }
}
