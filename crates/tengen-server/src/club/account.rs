//! A member's account as the club's modules read it.

use tengen_club::{Rank, displayed_rank};

use crate::store::{Row, Sql, StoreError};

/// The columns [`Account::from_row`] reads, in its order.
pub(crate) const ACCOUNT_COLUMNS: &str =
    "a.id, a.name, a.rank, a.rating, a.rated_games, a.admin, a.disabled, a.created_ms, a.director,
     a.bot_level";

/// How many columns [`ACCOUNT_COLUMNS`] has: a column selected after them is at this index.
pub(crate) const ACCOUNT_COLUMN_COUNT: usize = 10;

/// A member's account, without its password hash.
#[derive(Clone, Debug)]
pub(crate) struct Account {
    pub(crate) id: i64,
    pub(crate) name: String,
    /// The rank declared at registration (or set by an administrator).
    pub(crate) declared: Rank,
    /// EGF rating (GoR).
    pub(crate) rating: f64,
    pub(crate) rated_games: u32,
    pub(crate) admin: bool,
    pub(crate) disabled: bool,
    pub(crate) created_ms: i64,
    /// May run tournaments (an administrator allows it; administrators may anyway).
    pub(crate) director: bool,
    /// Tengen's engine at this level plays as this account (`bots.rs`); none for a person.
    pub(crate) bot: Option<u8>,
}

impl Account {
    /// Reads [`ACCOUNT_COLUMNS`] from `row` starting at column `at`.
    pub(crate) fn from_row(row: &Row, at: usize) -> Account {
        Account {
            id: row.int(at),
            name: row.text(at + 1),
            declared: row.text(at + 2).parse().unwrap_or(Rank::MIN),
            rating: row.real(at + 3),
            rated_games: row.int(at + 4).clamp(0, i64::from(u32::MAX)) as u32,
            admin: row.flag(at + 5),
            disabled: row.flag(at + 6),
            created_ms: row.int(at + 7),
            director: row.flag(at + 8),
            bot: row.opt_int(at + 9).and_then(|l| u8::try_from(l).ok()),
        }
    }

    /// Whether the member may create and run tournaments.
    pub(crate) fn may_direct(&self) -> bool {
        self.director || self.admin
    }

    /// The rank shown and used for handicaps: the rating's once the member has played enough
    /// rated games, the declared one before.
    pub(crate) fn rank(&self) -> Rank {
        displayed_rank(self.declared, self.rating, self.rated_games)
    }
}

/// An account by the name as typed (any case, confusables alike), if there is one.
pub(crate) fn find(sql: &mut dyn Sql, name: &str) -> Result<Option<Account>, StoreError> {
    Ok(sql
        .query_one(
            &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts a WHERE a.name_key = ?1"),
            &[crate::names::lookup_key(name).into()],
        )?
        .map(|row| Account::from_row(&row, 0)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_column_count_is_the_columns_listed() {
        assert_eq!(
            super::ACCOUNT_COLUMNS.split(',').count(),
            super::ACCOUNT_COLUMN_COUNT
        );
    }
}
