//! Uploaded records kept in the database, so that a review's link outlives a restart (the
//! analysis itself lives in memory and is searched again when a kept record comes back).

use crate::{
    secret,
    store::{ClubDb, StoreError, Value},
};

/// Uploaded records kept at most: the oldest go first beyond this (at 1 MiB each at most,
/// uploads are also throttled per address as new games are).
pub(crate) const KEPT_UPLOADS: i64 = 5_000;

/// Keeps upload `id`'s record as it was sent.
pub(crate) async fn keep(
    db: &ClubDb,
    id: &str,
    bytes: &[u8],
    at_ms: u64,
) -> Result<(), StoreError> {
    let id = id.to_owned();
    let record = secret::hex(bytes);
    db.transaction(move |sql| {
        sql.execute(
            "INSERT INTO reviews (id, record, created_ms) VALUES (?1, ?2, ?3)",
            &[
                id.into(),
                record.into(),
                Value::Int(i64::try_from(at_ms).unwrap_or(i64::MAX)),
            ],
        )?;
        sql.execute(
            "DELETE FROM reviews WHERE created_ms < \
             (SELECT created_ms FROM reviews ORDER BY created_ms DESC LIMIT 1 OFFSET ?1)",
            &[Value::Int(KEPT_UPLOADS - 1)],
        )?;
        Ok(())
    })
    .await
}

/// Upload `id`'s record as it was sent, if it is kept.
pub(crate) async fn kept(db: &ClubDb, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
    let id = id.to_owned();
    let text = db
        .read(move |sql| {
            Ok(sql
                .query_one("SELECT record FROM reviews WHERE id = ?1", &[id.into()])?
                .map(|row| row.text(0)))
        })
        .await?;
    Ok(text.and_then(|t| from_hex(&t)))
}

/// `None` for text that is not the hex [`secret::hex`] writes (a damaged row is no record).
fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_record_comes_back_byte_for_byte(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            prop_assert_eq!(from_hex(&secret::hex(&bytes)), Some(bytes));
        }
    }

    #[test]
    fn a_damaged_row_is_no_record() {
        assert_eq!(from_hex("abc"), None);
        assert_eq!(from_hex("zz"), None);
        assert_eq!(from_hex("é0"), None);
    }
}
