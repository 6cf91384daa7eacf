//! A player list from CSV, as a director exports it from a spreadsheet or a registration form.

use super::Entrant;
use crate::Rank;
use std::collections::HashMap;

/// The most players a list may hold: larger than any Go tournament yet held.
pub const MAX_PLAYERS: usize = 5000;

/// A player list that cannot be read, naming the row (as a spreadsheet numbers it, the header
/// being row 1) and the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayerListError {
    /// The header lacks a column every player needs.
    #[error(
        "the header has no {0:?} column (columns: surname, first_name, rank, club, country, egd_pin, aga_id)"
    )]
    MissingColumn(&'static str),
    /// A row's field is wrong.
    #[error("row {row}, {field}: {reason}")]
    Field {
        /// The row, from 1 (the header).
        row: usize,
        /// The column.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// Two rows name the same player.
    #[error("row {row}: {name} is already on row {first_row}")]
    Duplicate {
        /// The later row.
        row: usize,
        /// The earlier row.
        first_row: usize,
        /// The name.
        name: String,
    },
    /// The file is not CSV.
    #[error("row {row}: {reason}")]
    Malformed {
        /// The row.
        row: usize,
        /// What the CSV reader said.
        reason: String,
    },
    /// More rows than [`MAX_PLAYERS`].
    #[error("more than {MAX_PLAYERS} players")]
    TooMany,
}

/// The columns read, by the names a header may give them (case and spaces ignored).
const COLUMNS: [(&str, &[&str]); 7] = [
    (
        "surname",
        &[
            "surname",
            "name",
            "lastname",
            "last_name",
            "familyname",
            "family_name",
        ],
    ),
    (
        "first_name",
        &[
            "first_name",
            "firstname",
            "first",
            "givenname",
            "given_name",
        ],
    ),
    ("rank", &["rank", "grade", "level"]),
    ("club", &["club"]),
    ("country", &["country", "co"]),
    ("egd_pin", &["egd_pin", "egdpin", "pin", "egd"]),
    ("aga_id", &["aga_id", "agaid", "aga"]),
];

/// Longest text kept in one field: names and clubs are short, and an error quotes them.
const MAX_FIELD: usize = 100;

/// Reads a player list: a header row, then one player a row. `surname` and `rank` are
/// required; `first_name`, `club`, `country`, `egd_pin` and `aga_id` are optional. A malformed
/// rank, an empty name or the same player twice is refused with the row and field, and
/// nothing is returned: a list is taken whole or not at all.
pub fn read_player_list(text: &str) -> Result<Vec<Entrant>, PlayerListError> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let header = reader
        .headers()
        .map_err(|e| PlayerListError::Malformed {
            row: 1,
            reason: e.to_string(),
        })?
        .clone();
    let key = |s: &str| s.to_lowercase().replace([' ', '-'], "_");
    let mut index: HashMap<&'static str, usize> = HashMap::new();
    for (i, h) in header.iter().enumerate() {
        let h = key(h);
        if let Some((name, _)) = COLUMNS
            .iter()
            .find(|(_, aliases)| aliases.contains(&h.as_str()))
        {
            index.entry(name).or_insert(i);
        }
    }
    for required in ["surname", "rank"] {
        if !index.contains_key(required) {
            return Err(PlayerListError::MissingColumn(required));
        }
    }
    let mut players = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (i, record) in reader.records().enumerate() {
        let row = i + 2;
        let record = record.map_err(|e| PlayerListError::Malformed {
            row,
            reason: e.to_string(),
        })?;
        if record.iter().all(str::is_empty) {
            continue;
        }
        if players.len() == MAX_PLAYERS {
            return Err(PlayerListError::TooMany);
        }
        let field = |name: &'static str| -> Result<String, PlayerListError> {
            let value = index
                .get(name)
                .and_then(|&i| record.get(i))
                .unwrap_or("")
                .to_owned();
            if value.chars().count() > MAX_FIELD {
                return Err(PlayerListError::Field {
                    row,
                    field: name,
                    reason: format!("longer than {MAX_FIELD} characters"),
                });
            }
            if value.chars().any(char::is_control) {
                return Err(PlayerListError::Field {
                    row,
                    field: name,
                    reason: "contains a control character".to_owned(),
                });
            }
            Ok(value)
        };
        let surname = field("surname")?;
        if surname.is_empty() {
            return Err(PlayerListError::Field {
                row,
                field: "surname",
                reason: "empty".to_owned(),
            });
        }
        let rank_text = field("rank")?;
        let rank: Rank = rank_text.parse().map_err(|e| PlayerListError::Field {
            row,
            field: "rank",
            reason: format!("{rank_text:?}: {e}"),
        })?;
        let optional = |name| field(name).map(|v| (!v.is_empty()).then_some(v));
        let entrant = Entrant {
            first_name: field("first_name")?,
            rank,
            club: field("club")?,
            country: field("country")?,
            egd_pin: optional("egd_pin")?,
            aga_id: optional("aga_id")?,
            surname,
        };
        let name = entrant.full_name();
        if let Some(&first_row) = seen.get(&name.to_lowercase()) {
            return Err(PlayerListError::Duplicate {
                row,
                first_row,
                name,
            });
        }
        seen.insert(name.to_lowercase(), row);
        players.push(entrant);
    }
    Ok(players)
}
