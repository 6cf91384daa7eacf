//! Tengen's own engine as club members: each level whose strength the level ladder measured
//! on 19×19 has an account of its own, `Tengen-L5` for level 5, flagged with its level
//! (`accounts.bot_level`). A bot has no password and never logs in; a member challenges it
//! like anyone, the server accepts at once on its behalf, and its seat in the game is
//! Tengen's engine at that level (the seat the create form's engine opponent gets). Its
//! first rating is the level's measured 19×19 strength (`own::level_rating`); after that
//! its rated games move it as any member's do. A bot that has played no rated game yet
//! takes the level's current measure when the server starts: the ladder is refitted as
//! games are added, and an unplayed first rating is only that measure.
//!
//! Why 19×19: the EGF's ratings are ratings of 19×19 play, which is what a member's rating
//! and declared rank mean; the engine's strength depends on the board far more than a
//! person's does (level 8 is 2k on 9×9 and 14k on 19×19), so a bot's rated games are
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
                        sql.execute(
                            "UPDATE accounts SET rating = ?1, rank = ?2
                             WHERE bot_level = ?3 AND rated_games = 0
                                 AND (rating <> ?1 OR rank <> ?2)",
                            &[
                                rating.into(),
                                rank.to_string().into(),
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
        assert_eq!(levels, (1..=10).collect::<Vec<u8>>());
        let ratings: Vec<f64> = levels
            .iter()
            .filter_map(|&l| level_rating(l, BOT_SIZE))
            .collect();
        // Never lower; equal where the fit inverted two levels and they were pooled (5, 6).
        assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "{ratings:?}");
    }

    /// Level 4's rating and rank in the accounts table.
    async fn level_4(club: &Club) -> (f64, String) {
        club.db
            .read(|sql| {
                let row = sql
                    .query_one("SELECT rating, rank FROM accounts WHERE bot_level = 4", &[])?
                    .expect("the level 4 bot exists");
                Ok((row.real(0), row.text(1)))
            })
            .await
            .unwrap()
    }

    /// A bot made from an older fit of the ladder, that has played no rated game, takes the
    /// level's current measure when the server starts; one with rated games keeps the
    /// rating its games gave it.
    async fn an_unplayed_bot_takes_the_current_measure_and_a_played_one_keeps_its_rating(
        store: std::sync::Arc<dyn crate::Store>,
    ) {
        let measured = level_rating(4, BOT_SIZE).unwrap();
        let fresh = || Club::new(store.club(), crate::ServerConfig::default());
        fresh().ensure_bots().await.unwrap();
        let stale = |games: i64| {
            move |sql: &mut dyn crate::store::Sql| {
                sql.execute(
                    "UPDATE accounts SET rating = 386.0, rank = '17k', rated_games = ?1
                     WHERE bot_level = 4",
                    &[Value::from(games)],
                )
            }
        };

        store.club().transaction(stale(0)).await.unwrap();
        let restarted = fresh();
        restarted.ensure_bots().await.unwrap();
        let expected_rank = tengen_club::Rank::from_rating(measured).to_string();
        assert_eq!(level_4(&restarted).await, (measured, expected_rank));

        store.club().transaction(stale(3)).await.unwrap();
        let restarted = fresh();
        restarted.ensure_bots().await.unwrap();
        assert_eq!(level_4(&restarted).await, (386.0, "17k".to_owned()));
    }

    #[tokio::test]
    async fn sqlite_an_unplayed_bot_takes_the_current_measure_and_a_played_one_keeps_its_rating() {
        let dir = std::env::temp_dir().join(format!("tengen-bots-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bots.db");
        let _ = std::fs::remove_file(&path);
        let store = std::sync::Arc::new(crate::SqliteStore::open(&path).unwrap());
        an_unplayed_bot_takes_the_current_measure_and_a_played_one_keeps_its_rating(store).await;
    }

    #[tokio::test]
    async fn postgres_an_unplayed_bot_takes_the_current_measure_and_a_played_one_keeps_its_rating()
    {
        let Some(url) = crate::test_postgres::fresh_database("bots").await else {
            println!("skipped: TENGEN_TEST_POSTGRES_URL not set");
            return;
        };
        let store = std::sync::Arc::new(crate::PgStore::connect(&url).await.unwrap());
        an_unplayed_bot_takes_the_current_measure_and_a_played_one_keeps_its_rating(store).await;
    }
}
