//! Names as people see them: a guest's free-text name and a member's account name.
//!
//! Both lose what makes a name display as something else: control characters (Unicode's
//! Cc) and format characters (Cf: zero-width spaces, the byte-order mark, the direction
//! marks and overrides), and both are normalised (NFC), so that "Al\u{200b}ice" is "Alice".
//! An account name is refused rather than mended, and is told apart from every other
//! account name by case and by confusable characters (UTS #39 skeletons): "alice",
//! "ALICE" and "Аlice" (a Cyrillic А) are one name.

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Account names: at least this many characters…
pub(crate) const NAME_MIN: usize = 2;
/// …and at most this many.
pub(crate) const NAME_MAX: usize = 24;

/// Whether `c` is a control (Cc) or format (Cf) character.
fn invisible(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::Control | GeneralCategory::Format
    )
}

/// A guest's name as shown to everyone: NFC, without control or format characters,
/// trimmed, at most 40 characters; "Player" when nothing is left.
pub(crate) fn guest_name(given: Option<&str>) -> String {
    let shown: String = given
        .unwrap_or("")
        .chars()
        .take(400)
        .filter(|&c| !invisible(c))
        .nfc()
        .collect();
    let shown = shown.trim();
    if shown.is_empty() {
        return "Player".to_owned();
    }
    shown.chars().take(40).collect()
}

/// An account name, checked: the name as stored (NFC, trimmed) and the two keys no other
/// account may share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AccountName {
    /// As shown.
    pub(crate) name: String,
    /// Case-folded (NFKC, lower case) and then reduced to its skeleton: "ALICE" and
    /// "alice" meet here.
    pub(crate) key: String,
    /// Reduced to its skeleton and then case-folded: "AIice" (a capital I) and "Alice"
    /// meet here, which the other key misses because lower case turns I into i, not l.
    pub(crate) skeleton: String,
}

/// Checks an account name; the error names what is wrong.
pub(crate) fn account_name(given: &str) -> Result<AccountName, String> {
    if given.len() > 4 * NAME_MAX + 64 {
        return Err(format!("name: at most {NAME_MAX} characters"));
    }
    if let Some(c) = given.chars().find(|&c| invisible(c)) {
        return Err(format!(
            "name: U+{:04X} is an invisible or control character",
            u32::from(c)
        ));
    }
    let name: String = given.trim().nfc().collect();
    let count = name.chars().count();
    if !(NAME_MIN..=NAME_MAX).contains(&count) {
        return Err(format!(
            "name: {NAME_MIN} to {NAME_MAX} characters, not {count}"
        ));
    }
    if let Some(c) = name.chars().find(|&c| !allowed(c)) {
        return Err(format!(
            "name: {c:?} is not allowed (letters, digits, spaces and - _ . ' are)"
        ));
    }
    if name.contains("  ") {
        return Err("name: two spaces in a row".into());
    }
    let key = case_key(&name);
    let skeleton = unicode_security::skeleton(&name)
        .flat_map(char::to_lowercase)
        .collect::<String>();
    let skeleton = unicode_security::skeleton(&skeleton).collect();
    Ok(AccountName {
        name,
        key,
        skeleton,
    })
}

/// The key an account is looked up by: [`AccountName::key`] of a name as typed, for a
/// log-in or a challenge (it need not be a valid new name: an unknown one finds nothing).
pub(crate) fn lookup_key(given: &str) -> String {
    let name: String = given.trim().chars().take(4 * NAME_MAX).collect();
    case_key(&name)
}

/// [`AccountName::key`]: case-folded (NFKC, lower case), then reduced to its skeleton.
fn case_key(name: &str) -> String {
    let folded: String = name.nfkc().flat_map(char::to_lowercase).collect();
    unicode_security::skeleton(&folded).collect()
}

fn allowed(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(c, ' ' | '-' | '_' | '.' | '\'')
        || matches!(
            c.general_category(),
            GeneralCategory::NonspacingMark | GeneralCategory::SpacingMark
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guest_names_lose_every_control_and_format_character_and_are_nfc() {
        for hidden in [
            '\u{200b}', '\u{feff}', '\u{200e}', '\u{200f}', '\u{061c}', '\u{202e}',
        ] {
            assert_eq!(guest_name(Some(&format!("Al{hidden}ice"))), "Alice");
        }
        // "é" as e and a combining acute: one character after NFC.
        assert_eq!(guest_name(Some("Rene\u{301}")), "Ren\u{e9}");
        assert_eq!(guest_name(Some("\u{200b} \u{0}")), "Player");
    }

    #[test]
    fn account_names_differing_by_case_or_confusables_share_a_key() {
        let a = account_name("Alice").unwrap();
        for other in ["alice", "ALICE", "\u{410}lice", "Ａlice"] {
            assert_eq!(account_name(other).unwrap().key, a.key, "{other}");
        }
        assert_eq!(account_name("AIice").unwrap().skeleton, a.skeleton);
        assert_ne!(account_name("Alicia").unwrap().key, a.key);
        assert_eq!(lookup_key(" alice "), a.key);
    }

    #[test]
    fn account_names_refuse_invisible_characters_and_say_which() {
        let e = account_name("Al\u{200b}ice").unwrap_err();
        assert!(e.contains("U+200B"), "{e}");
        assert!(account_name("Bob\n").unwrap_err().contains("U+000A"));
    }

    #[test]
    fn account_names_have_length_limits_and_a_plain_alphabet() {
        assert!(account_name("A").unwrap_err().contains("2 to 24"));
        assert!(account_name(&"x".repeat(25)).is_err());
        assert!(account_name(&"x".repeat(100_000)).is_err());
        assert!(account_name("a/b").unwrap_err().contains("'/'"));
        assert!(account_name("a  b").is_err());
        assert_eq!(account_name("  Jürgen ").unwrap().name, "Jürgen");
        assert!(account_name("O'Brien-Smith_2").is_ok());
        assert!(account_name("本因坊").is_ok());
    }
}
