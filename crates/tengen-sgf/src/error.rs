//! Errors and warnings: where (line and column) and why.

use std::fmt;

/// A place in the text: 1-based line and 1-based column, the column counted in characters of
/// the decoded text (for a charset error before decoding: in bytes of the line).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TextPosition {
    /// Line, from 1. `\n`, `\r\n` and a lone `\r` each end a line.
    pub line: u32,
    /// Column, from 1.
    pub column: u32,
}

impl fmt::Display for TextPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A problem in an SGF text: the error of a strict read, or one warning of a lenient read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{position}: {kind}")]
pub struct SgfError {
    /// Where the problem starts.
    pub position: TextPosition,
    /// What is wrong.
    pub kind: ErrorKind,
}

/// What is wrong with an SGF text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// There is no game tree at all.
    #[error("no game tree found: an SGF file holds games written `(;...)`")]
    NoGame,
    /// Text outside any game tree (before the first, or between two).
    #[error("text {found:?} outside any game tree: expected `(;`")]
    OutsideGameTree {
        /// The first character of that text.
        found: char,
    },
    /// A character that cannot start anything here.
    #[error("unexpected {found:?}: expected {expected}")]
    Unexpected {
        /// The character found.
        found: char,
        /// What the grammar allows here.
        expected: &'static str,
    },
    /// `(` not followed by a node `;`.
    #[error("game tree without a node: `(` must be followed by `;`")]
    EmptyGameTree,
    /// A `)` that closes nothing.
    #[error("`)` closes no game tree")]
    UnbalancedParen,
    /// A node after the variations of a sequence, e.g. `(;B[aa](;W[bb]);W[cc])`.
    #[error("node after variations: a sequence's nodes must come before its `(` variations")]
    NodeAfterVariation,
    /// A property before any `;`.
    #[error("property {property} is outside any node: expected `;` before it")]
    PropertyOutsideNode {
        /// The property identifier.
        property: String,
    },
    /// A value `[...]` with no property identifier before it.
    #[error("value `[...]` without a property identifier")]
    ValueWithoutProperty,
    /// `FF[3]`-style identifier with lowercase letters, such as `AddBlack`.
    #[error(
        "property identifier {identifier:?} has lowercase letters (FF[3] style); FF[4] identifiers are uppercase letters only"
    )]
    LowercaseIdentifier {
        /// The identifier as written.
        identifier: String,
    },
    /// A property without any `[value]`.
    #[error("property {property} has no value: expected `[` after the identifier")]
    MissingValue {
        /// The property identifier.
        property: String,
    },
    /// A value still open at the end of the file.
    #[error("value of property {property} is not closed by `]` before the end of the text")]
    UnclosedValue {
        /// The property identifier.
        property: String,
    },
    /// A game tree still open at the end of the file.
    #[error("game tree is not closed by `)` before the end of the text")]
    UnclosedGameTree,
    /// The same property twice in one node.
    #[error("property {property} appears twice in one node")]
    DuplicateProperty {
        /// The property identifier.
        property: String,
    },
    /// `CA` names a charset this reader does not know.
    #[error("unknown charset CA[{name}]")]
    UnknownCharset {
        /// The name as written.
        name: String,
    },
    /// Bytes that are not text in the charset in use.
    #[error("bytes that are not valid {charset} text")]
    Undecodable {
        /// The charset in use.
        charset: &'static str,
    },
    /// A warning: the text was decoded with another charset than the one declared.
    #[error("decoded as {used} ({why})")]
    CharsetFallback {
        /// The charset used.
        used: &'static str,
        /// Why it was chosen.
        why: &'static str,
    },
    /// Games of one file that declare different charsets.
    #[error("games of one file declare different charsets: CA[{first}] and CA[{second}]")]
    MixedCharsets {
        /// The charset of the first game (used for the whole file).
        first: String,
        /// The other one.
        second: String,
    },
    /// More than 4 GiB of text.
    #[error("text too large: SGF texts of 4 GiB or more are not read")]
    TooLarge,
    /// A warning: more warnings were left out.
    #[error("{0} more warnings left out")]
    MoreWarnings(usize),
}

/// A property value that does not mean what its property requires.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{property}[{value}]: {reason}")]
pub struct PropertyError {
    /// The property identifier.
    pub property: String,
    /// The value as read (shortened when long).
    pub value: String,
    /// Why it is wrong.
    pub reason: String,
}

impl PropertyError {
    pub(crate) fn new(property: &str, value: &str, reason: impl Into<String>) -> PropertyError {
        let value = if value.chars().count() > 40 {
            let mut short: String = value.chars().take(40).collect();
            short.push('…');
            short
        } else {
            value.to_owned()
        };
        PropertyError {
            property: property.to_owned(),
            value,
            reason: reason.into(),
        }
    }
}

/// Converts byte offsets into line/column positions in one pass over `text`.
/// `offsets` need not be sorted; the result is in the same order.
pub(crate) fn positions(text: &str, offsets: &[usize]) -> Vec<TextPosition> {
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let mut result = vec![TextPosition::default(); offsets.len()];
    let bytes = text.as_bytes();
    let (mut line, mut column, mut at) = (1u32, 1u32, 0usize);
    for i in order {
        let target = offsets[i].min(bytes.len());
        while at < target {
            match bytes[at] {
                b'\n' => {
                    line = line.saturating_add(1);
                    column = 1;
                }
                b'\r' if bytes.get(at + 1) != Some(&b'\n') => {
                    line = line.saturating_add(1);
                    column = 1;
                }
                b'\r' => {}
                b if (b & 0xC0) != 0x80 => column = column.saturating_add(1),
                _ => {}
            }
            at += 1;
        }
        result[i] = TextPosition { line, column };
    }
    result
}
