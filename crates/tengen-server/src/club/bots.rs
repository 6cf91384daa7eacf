//! Tengen's own engine as club members: each level whose strength the level ladder measured
//! on 19×19 has an account of its own, `Tengen-L5` for level 5, flagged with its level
//! (`accounts.bot_level`). A bot has no password and never logs in; a member challenges it
//! like anyone, the server accepts at once on its behalf, and its seat in the game is
//! Tengen's engine at that level (the seat the create form's engine opponent gets). Its
//! first rating is the level's measured 19×19 strength (`own::level_rating`); after that
//! its rated games move it as any member's do.
//!
//! Why 19×19: the EGF's ratings are ratings of 19×19 play, which is what a member's rating
//! and declared rank mean; the engine's strength depends on the board far more than a
//! person's does (level 8 is 5k on 9×9 and 15k on 19×19), so a bot's rated games are
//! 19×19 games, and only the levels measured there are bots. Unrated games against a bot
//! may be on any board.

use super::Club;
use crate::{
    error::AppError,
    game::{record::now_ms, seats::own::level_rating},
    store::Value,
};

/// The board the bots' ratings are of, and the only one their rated games are played on.
pub(crate) const BOT_SIZE: u8 = 19;

/// The account name of Tengen's `level`.
pub(crate) fn bot_name(level: u8) -> String {
    format!("Tengen-L{level}")
}

/// The levels that are club members: those measured on [`BOT_SIZE`].
pub(crate) fn bot_levels() -> impl Iterator<Item = u8> {
    (1..=tengen_engine::MAX_LEVEL).filter(|&l| level_rating(l, BOT_SIZE).is_some())
}

/// Whether `name` (as typed, any case) has the shape of a bot's name, `Tengen-L` and digits:
/// such names are kept for the engine. The digits, if any.
pub(crate) fn bot_shaped(name: &str) -> Option<&str> {
    let name = name.trim();
    let prefix = name.get(..8)?;
    let digits = &name[8..];
    (prefix.eq_ignore_ascii_case("tengen-l")
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit()))
    .then_some(digits)
}

/// The refusal of a challenge to a bot-shaped name that is no bot, naming the field.
pub(crate) fn no_such_bot(name: &str) -> AppError {
    let levels: Vec<String> = bot_levels().map(bot_name).collect();
    AppError::NotFound(format!(
        "opponent: Tengen's engine has no club account {name:?}; the levels that play club \
         games (measured on 19×19) are {}",
        levels.join(", ")
    ))
}

/// What a bot's page says of it.
pub(crate) fn about(level: u8) -> String {
    format!(
        "Tengen's own engine at level {level}. It plays from the server, accepts every \
         challenge at once, and cannot log in. Its first rating was level {level}'s \
         measured 19×19 strength; its rated games (19×19 only) move it as any member's do."
    )
}

impl Club {
    /// Makes sure every bot account exists: once per server, and harmless when several
    /// servers sharing the database do it at once (the names are unique).
    pub(crate) async fn ensure_bots(&self) -> Result<(), AppError> {
        let db = self.db.clone();
        self.bots
            .get_or_try_init(|| async move {
                let now = now_ms() as i64;
                db.transaction(move |sql| {
                    for level in bot_levels() {
                        let Some(rating) = level_rating(level, BOT_SIZE) else {
                            continue;
                        };
                        let Ok(name) = crate::names::account_name(&bot_name(level)) else {
                            continue;
                        };
                        let rank = tengen_club::Rank::from_rating(rating);
                        sql.execute(
                            "INSERT INTO accounts (name, name_key, name_skeleton, password_hash,
                                 rank, rating, rated_games, admin, disabled, created_ms, bot_level)
                             SELECT ?1, ?2, ?3, '', ?4, ?5, 0, 0, 0, ?6, ?7
                             WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE bot_level = ?7)
                             ON CONFLICT DO NOTHING",
                            &[
                                name.name.as_str().into(),
                                name.key.as_str().into(),
                                name.skeleton.as_str().into(),
                                rank.to_string().into(),
                                rating.into(),
                                now.into(),
                                Value::from(i64::from(level)),
                            ],
                        )?;
                    }
                    Ok(())
                })
                .await?;
                Ok::<_, AppError>(())
            })
            .await
            .map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_names_are_recognised_in_any_case_and_only_with_digits() {
        assert_eq!(bot_shaped("Tengen-L5"), Some("5"));
        assert_eq!(bot_shaped("tengen-l12"), Some("12"));
        assert_eq!(bot_shaped("Tengen-L"), None);
        assert_eq!(bot_shaped("Tengen-Lx"), None);
        assert_eq!(bot_shaped("Tengen"), None);
        assert_eq!(bot_shaped("Tengen-L5a"), None);
    }

    #[test]
    fn the_bots_are_the_levels_measured_on_19x19_and_their_ranks_rise_with_the_level() {
        let levels: Vec<u8> = bot_levels().collect();
        assert_eq!(levels, vec![1, 2, 3, 4, 5, 6, 7, 8]);
        let ratings: Vec<f64> = levels
            .iter()
            .filter_map(|&l| level_rating(l, BOT_SIZE))
            .collect();
        // Never lower; equal where the fit inverted two levels and they were pooled (5, 6).
        assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "{ratings:?}");
    }
}
