//! A member's seat in a game: an ordinary seat secret (the games check seats as they always
//! have), derived from the game, the colour and a key of the server's with HMAC-SHA256, so
//! that nothing more is stored and the member can take the seat from any browser they are
//! logged in on (`GET /api/games/{id}/seat`). The key is made once, at random, and kept in
//! the database, so that every server sharing it derives the same secrets.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
};
use hmac::{Hmac, Mac};
use serde::Serialize;
use sha2::Sha256;
use tengen_core::Color;

use super::{Club, session::Member};
use crate::store::Value;
use crate::{error::AppError, secret};

impl Club {
    async fn seat_key(&self) -> Result<Arc<[u8]>, AppError> {
        let db = self.db.clone();
        self.seat_key
            .get_or_try_init(|| async move {
                let fresh = secret::new_token() + &secret::new_token();
                let key = db
                    .transaction(move |sql| {
                        sql.execute(
                            "INSERT INTO server_keys (name, value) VALUES ('seats', ?1)
                             ON CONFLICT (name) DO NOTHING",
                            &[fresh.into()],
                        )?;
                        Ok(sql
                            .query_one("SELECT value FROM server_keys WHERE name = 'seats'", &[])?
                            .map(|row| row.text(0))
                            .unwrap_or_default())
                    })
                    .await?;
                Ok::<_, AppError>(Arc::from(key.into_bytes()))
            })
            .await
            .cloned()
    }

    /// The seat secret of `color` in `game` (32 hex digits, as every seat secret).
    pub(crate) async fn seat_secret(&self, game: &str, color: Color) -> Result<String, AppError> {
        let key = self.seat_key().await?;
        let mut mac = Hmac::<Sha256>::new_from_slice(&key)
            .map_err(|e| AppError::Internal(format!("seat key: {e}")))?;
        mac.update(format!("seat\0{game}\0{}", color.letter()).as_bytes());
        let bytes = mac.finalize().into_bytes();
        Ok(bytes[..16].iter().map(|b| format!("{b:02x}")).collect())
    }

    /// The colour `account` plays in `game`, if it is a member's game they play in.
    pub(crate) async fn color_in(
        &self,
        game: &str,
        account: i64,
    ) -> Result<Option<Color>, AppError> {
        let game = game.to_owned();
        Ok(self
            .db
            .read(move |sql| {
                Ok(sql
                    .query_one(
                        "SELECT black_id, white_id FROM club_games WHERE game_id = ?1",
                        &[Value::from(game)],
                    )?
                    .and_then(|row| {
                        if row.opt_int(0) == Some(account) {
                            Some(Color::Black)
                        } else if row.opt_int(1) == Some(account) {
                            Some(Color::White)
                        } else {
                            None
                        }
                    }))
            })
            .await?)
    }
}

#[derive(Serialize)]
pub(crate) struct MySeat {
    color: &'static str,
    seat: String,
}

/// `GET /api/games/{id}/seat`: the member's seat secret in a game they play (404 if they do
/// not play in it).
pub(crate) async fn my_seat<H: super::Host>(
    State(state): State<H>,
    member: Member,
    Path(id): Path<String>,
) -> Result<Json<MySeat>, AppError> {
    if !secret::valid_id(&id) {
        return Err(AppError::NotFound("no such game".into()));
    }
    let club = state.club();
    let color = club
        .color_in(&id, member.account.id)
        .await?
        .ok_or_else(|| AppError::NotFound("you do not play in this game".into()))?;
    Ok(Json(MySeat {
        color: tengen_core::color_name(color),
        seat: club.seat_secret(&id, color).await?,
    }))
}
