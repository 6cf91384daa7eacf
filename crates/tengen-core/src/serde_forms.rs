//! The serde forms of the feature `serde`, as a program stores them: a board size as its
//! number and rules in their text form (`"aga,scoring=area"`), so that what is stored reads
//! as what a person would type. A stored size or rules text that does not read fails to
//! load with the reason; it never turns into another size or other rules.

use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

use crate::{BoardSize, Rules};

impl Serialize for BoardSize {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.get())
    }
}

impl<'de> Deserialize<'de> for BoardSize {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<BoardSize, D::Error> {
        BoardSize::new(u32::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

impl Serialize for Rules {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rules {
    /// Any text [`Rules`] reads (`" AGA , Scoring=Area "` too), as earlier versions stored
    /// what the player typed.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse()
            .map_err(|e| D::Error::custom(format_args!("rules {text:?}: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use crate::{BoardSize, Color, Rules};

    #[test]
    fn a_board_size_is_stored_as_its_number_and_checked_when_read() {
        assert_eq!(
            serde_json::to_string(&BoardSize::new(9).unwrap()).unwrap(),
            "9"
        );
        assert_eq!(
            serde_json::from_str::<BoardSize>("13").unwrap(),
            BoardSize::new(13).unwrap()
        );
        let error = serde_json::from_str::<BoardSize>("26")
            .unwrap_err()
            .to_string();
        assert!(error.contains("board size 26 is out of range"), "{error}");
    }

    #[test]
    fn rules_are_stored_in_their_text_form_and_any_readable_text_loads() {
        let rules: Rules = "aga,scoring=area".parse().unwrap();
        assert_eq!(
            serde_json::to_string(&rules).unwrap(),
            r#""aga,scoring=area""#
        );
        // What earlier versions stored: the text as the player typed it.
        assert_eq!(
            serde_json::from_str::<Rules>(r#"" AGA , Scoring=Area ""#).unwrap(),
            rules
        );
    }

    #[test]
    fn unreadable_stored_rules_fail_with_the_text_and_the_reason() {
        let error = serde_json::from_str::<Rules>(r#""go""#)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with(r#"rules "go": unknown rules preset "go""#),
            "{error}"
        );
    }

    #[test]
    fn a_colour_is_stored_as_black_or_white() {
        assert_eq!(serde_json::to_string(&Color::White).unwrap(), r#""white""#);
        assert_eq!(
            serde_json::from_str::<Color>(r#""black""#).unwrap(),
            Color::Black
        );
        assert!(serde_json::from_str::<Color>(r#""red""#).is_err());
    }
}
