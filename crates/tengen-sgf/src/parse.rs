//! The reader: one pass over the decoded text with an explicit stack, no recursion.

use crate::decode::{self, charset_for_label};
use crate::error::{ErrorKind, SgfError, TextPosition, positions};
use crate::tree::{GameTree, NodeId};

/// How forgiving the reader is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// `FF[4]` as specified: the first problem is an error with its line and column.
    #[default]
    Strict,
    /// Reads what real files contain (missing `]` or `)` at the end, `FF[3]` identifiers such
    /// as `AddBlack`, text around the games, wrong charsets) and lists what it read past.
    Lenient,
}

/// What a read gives: the games, and the problems read past.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collection {
    /// The game trees, in file order.
    pub games: Vec<GameTree>,
    /// Problems the reader went past (lenient mode), and charset guesses (both modes).
    pub warnings: Vec<SgfError>,
    /// The charset the bytes were decoded with (`UTF-8`, `Shift_JIS`, `GBK`, ...).
    pub charset: &'static str,
}

/// At most this many warnings are kept; one more says how many were left out.
const MAX_WARNINGS: usize = 1000;

/// Reads SGF bytes: the charset comes from a byte-order mark, the `CA` property or a guess.
///
/// # Errors
/// In [`Mode::Strict`], the first problem, with its line and column. In both modes, a text
/// without any game tree, or 4 GiB or more.
///
/// ```
/// use tengen_sgf::{parse, Mode, ErrorKind};
/// let games = parse(b"(;FF[4]SZ[9];B[ee];W[])", Mode::Strict)?.games;
/// assert_eq!(games[0].len(), 3);
///
/// let err = parse(b"(;FF[4]\n;B[ee", Mode::Strict).unwrap_err();
/// assert_eq!((err.position.line, err.position.column), (2, 3));
/// assert!(matches!(err.kind, ErrorKind::UnclosedValue { .. }));
///
/// let lenient = parse(b"(;FF[4]\n;B[ee", Mode::Lenient)?;
/// assert_eq!(lenient.games[0].main_line().count(), 2);
/// assert_eq!(lenient.warnings.len(), 2); // unclosed value, unclosed tree
/// # Ok::<(), tengen_sgf::SgfError>(())
/// ```
pub fn parse(input: &[u8], mode: Mode) -> Result<Collection, SgfError> {
    if u32::try_from(input.len()).is_err() {
        return Err(SgfError {
            position: TextPosition { line: 1, column: 1 },
            kind: ErrorKind::TooLarge,
        });
    }
    let decoded = decode::decode(input, mode == Mode::Strict).map_err(|p| SgfError {
        position: p.position,
        kind: p.kind,
    })?;
    let mut warnings: Vec<SgfError> = decoded
        .problems
        .into_iter()
        .map(|p| SgfError {
            position: p.position,
            kind: p.kind,
        })
        .collect();
    let mut collection = parse_str(&decoded.text, mode)?;
    warnings.append(&mut collection.warnings);
    collection.warnings = warnings;
    collection.charset = decoded.charset;
    check_charsets(&mut collection, &decoded.text, mode)?;
    Ok(collection)
}

/// Games of one file declaring different charsets: an error in strict mode.
fn check_charsets(collection: &mut Collection, text: &str, mode: Mode) -> Result<(), SgfError> {
    let mut first: Option<(&str, &'static encoding_rs::Encoding)> = None;
    for game in &collection.games {
        let Some(name) = game.node(game.root()).value("CA") else {
            continue;
        };
        let encoding = charset_for_label(name);
        match (first, encoding) {
            (None, Some(e)) => first = Some((name, e)),
            (Some((first_name, e1)), Some(e2)) if e1 != e2 => {
                // Place it at the first `CA[` whose value is the second name.
                let needle = format!("CA[{name}");
                let at = text
                    .match_indices(&needle)
                    .map(|(i, _)| i)
                    .next()
                    .unwrap_or(0);
                let error = SgfError {
                    position: positions(text, &[at]).first().copied().unwrap_or_default(),
                    kind: ErrorKind::MixedCharsets {
                        first: first_name.to_owned(),
                        second: name.to_owned(),
                    },
                };
                if mode == Mode::Strict {
                    return Err(error);
                }
                collection.warnings.push(error);
                return Ok(());
            }
            _ => {}
        }
    }
    Ok(())
}

/// Reads SGF text that is already decoded (any `CA` property is kept but not applied).
///
/// # Errors
/// As [`parse`].
pub fn parse_str(text: &str, mode: Mode) -> Result<Collection, SgfError> {
    if u32::try_from(text.len()).is_err() {
        return Err(SgfError {
            position: TextPosition { line: 1, column: 1 },
            kind: ErrorKind::TooLarge,
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        strict: mode == Mode::Strict,
        games: Vec::new(),
        warnings: Vec::new(),
        dropped_warnings: 0,
    };
    let result = parser.run();
    let mut offsets: Vec<usize> = parser.warnings.iter().map(|w| w.0).collect();
    if let Err(at) = &result {
        offsets.push(at.0);
    }
    let places = positions(text, &offsets);
    if let Err((_, kind)) = result {
        return Err(SgfError {
            position: places.last().copied().unwrap_or_default(),
            kind,
        });
    }
    let mut warnings: Vec<SgfError> = parser
        .warnings
        .into_iter()
        .zip(places)
        .map(|((_, kind), position)| SgfError { position, kind })
        .collect();
    if parser.dropped_warnings > 0 {
        warnings.push(SgfError {
            position: warnings.last().map(|w| w.position).unwrap_or_default(),
            kind: ErrorKind::MoreWarnings(parser.dropped_warnings),
        });
    }
    Ok(Collection {
        games: parser.games,
        warnings,
        charset: "UTF-8",
    })
}

type Problem = (usize, ErrorKind);

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    strict: bool,
    games: Vec<GameTree>,
    warnings: Vec<Problem>,
    dropped_warnings: usize,
}

/// The game being read.
struct Open {
    tree: GameTree,
    /// For each open `(`: the node to go back to at its `)`.
    stack: Vec<Option<NodeId>>,
    /// The last node of the current sequence.
    current: Option<NodeId>,
    /// A `)` closed a variation of `current` since its last node.
    after_variation: bool,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

impl Parser<'_> {
    /// A problem at byte `at`: the error in strict mode, a warning in lenient mode.
    fn problem(&mut self, at: usize, kind: ErrorKind) -> Result<(), Problem> {
        if self.strict {
            return Err((at, kind));
        }
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push((at, kind));
        } else {
            self.dropped_warnings += 1;
        }
        Ok(())
    }

    fn char_at(&self, at: usize) -> char {
        self.text
            .get(at..)
            .and_then(|s| s.chars().next())
            .unwrap_or('\u{fffd}')
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            if !is_space(b) {
                break;
            }
            self.pos += 1;
        }
    }

    fn run(&mut self) -> Result<(), Problem> {
        let mut open: Option<Open> = None;
        loop {
            self.skip_space();
            let Some(&b) = self.bytes.get(self.pos) else {
                break;
            };
            let Some(game) = open.as_mut() else {
                // Between games.
                if b == b'(' {
                    self.pos += 1;
                    open = Some(Open {
                        tree: GameTree::empty(),
                        stack: vec![None],
                        current: None,
                        after_variation: false,
                    });
                } else {
                    let found = self.char_at(self.pos);
                    self.problem(self.pos, ErrorKind::OutsideGameTree { found })?;
                    self.skip_junk();
                }
                continue;
            };
            match b {
                b';' => {
                    if game.after_variation {
                        game.after_variation = false;
                        let at = self.pos;
                        self.problem(at, ErrorKind::NodeAfterVariation)?;
                    }
                    let parent = match game.current {
                        Some(node) => Some(node),
                        None if game.tree.is_empty() => None,
                        // `((;` read leniently: attach to the root created then.
                        None => Some(game.tree.root()),
                    };
                    game.current = Some(game.tree.new_node(parent));
                    self.pos += 1;
                }
                b'(' => {
                    if game.current.is_none() {
                        self.problem(self.pos, ErrorKind::EmptyGameTree)?;
                        if game.tree.is_empty() {
                            game.current = Some(game.tree.new_node(None));
                        }
                    }
                    game.stack.push(game.current);
                    game.after_variation = false;
                    self.pos += 1;
                }
                b')' => {
                    if game.current.is_none() {
                        self.problem(self.pos, ErrorKind::EmptyGameTree)?;
                    }
                    self.pos += 1;
                    let back = game.stack.pop().flatten();
                    game.current = back;
                    game.after_variation = true;
                    if game.stack.is_empty() {
                        if let Some(done) = open.take() {
                            if !done.tree.is_empty() {
                                self.games.push(done.tree);
                            }
                        }
                    }
                }
                b'A'..=b'Z' | b'a'..=b'z' => {
                    self.property(game)?;
                }
                b'[' => {
                    self.problem(self.pos, ErrorKind::ValueWithoutProperty)?;
                    self.value(None, "")?;
                }
                _ => {
                    let found = self.char_at(self.pos);
                    self.problem(
                        self.pos,
                        ErrorKind::Unexpected {
                            found,
                            expected: "`;`, `(`, `)` or a property identifier",
                        },
                    )?;
                    self.pos += found.len_utf8().max(1);
                }
            }
        }
        if let Some(game) = open.take() {
            self.problem(self.bytes.len(), ErrorKind::UnclosedGameTree)?;
            if !game.tree.is_empty() {
                self.games.push(game.tree);
            }
        }
        if self.games.is_empty() {
            return Err((self.bytes.len(), ErrorKind::NoGame));
        }
        Ok(())
    }

    /// Lenient: skips text outside games up to a `(` that starts a game (`(;` or `((`).
    fn skip_junk(&mut self) {
        loop {
            let Some(i) = memchr::memchr(b'(', &self.bytes[self.pos..]) else {
                self.pos = self.bytes.len();
                return;
            };
            let at = self.pos + i;
            let mut next = at + 1;
            while self.bytes.get(next).is_some_and(|&b| is_space(b)) {
                next += 1;
            }
            if matches!(self.bytes.get(next), Some(b';' | b'(')) {
                self.pos = at;
                return;
            }
            self.pos = at + 1;
        }
    }

    /// A property: identifier, then one or more values.
    fn property(&mut self, game: &mut Open) -> Result<(), Problem> {
        let start = self.pos;
        let mut end = start;
        let mut lowercase = false;
        while let Some(&b) = self.bytes.get(end) {
            if b.is_ascii_uppercase() {
            } else if b.is_ascii_lowercase() {
                lowercase = true;
            } else {
                break;
            }
            end += 1;
        }
        self.pos = end;
        let text = self.text;
        let written = text.get(start..end).unwrap_or("");
        let mut id_buf = String::new();
        let id: &str = if lowercase {
            self.problem(
                start,
                ErrorKind::LowercaseIdentifier {
                    identifier: written.to_owned(),
                },
            )?;
            id_buf.extend(written.chars().filter(char::is_ascii_uppercase));
            &id_buf
        } else {
            written
        };
        if game.after_variation {
            game.after_variation = false;
            let found = self.char_at(start);
            self.problem(
                start,
                ErrorKind::Unexpected {
                    found,
                    expected: "`(` or `)` after a variation",
                },
            )?;
        }
        let node = match game.current {
            Some(node) => node,
            None => {
                self.problem(
                    start,
                    ErrorKind::PropertyOutsideNode {
                        property: written.to_owned(),
                    },
                )?;
                let parent = (!game.tree.is_empty()).then(|| game.tree.root());
                let node = game.tree.new_node(parent);
                game.current = Some(node);
                node
            }
        };
        self.skip_space();
        if self.bytes.get(self.pos) != Some(&b'[') {
            return self.problem(
                start,
                ErrorKind::MissingValue {
                    property: written.to_owned(),
                },
            );
        }
        let keep = !id.is_empty();
        if keep {
            if self.node_has(game, node, id) {
                self.problem(
                    start,
                    ErrorKind::DuplicateProperty {
                        property: id.to_owned(),
                    },
                )?;
            }
            game.tree.prepare_node_for_property(node);
            game.tree.parser_begin_property(id);
        }
        loop {
            self.value(keep.then_some(&mut game.tree), written)?;
            self.skip_space();
            if self.bytes.get(self.pos) != Some(&b'[') {
                break;
            }
        }
        if keep {
            game.tree.parser_end_property(node);
        }
        Ok(())
    }

    /// Whether `node` already has property `id` (checked for the first 32 properties of a
    /// node, so that a node with a huge number of properties stays linear).
    fn node_has(&self, game: &Open, node: NodeId, id: &str) -> bool {
        let properties = game.tree.node(node).properties();
        properties.len() <= 32 && game.tree.node(node).properties().any(|p| p.id() == id)
    }

    /// A value `[...]` at `self.pos`, appended to `tree` when given.
    fn value(&mut self, mut tree: Option<&mut GameTree>, property: &str) -> Result<(), Problem> {
        let open_at = self.pos;
        self.pos += 1;
        let start = tree.as_deref_mut().map_or(0, |t| t.parser_text().len());
        let mut seg = self.pos;
        loop {
            let found = memchr::memchr2(b']', b'\\', &self.bytes[self.pos..]);
            let Some(i) = found else {
                if let Some(t) = tree.as_deref_mut() {
                    t.parser_text().push_str(self.text.get(seg..).unwrap_or(""));
                }
                self.pos = self.bytes.len();
                self.problem(
                    open_at,
                    ErrorKind::UnclosedValue {
                        property: property.to_owned(),
                    },
                )?;
                break;
            };
            let at = self.pos + i;
            if let Some(t) = tree.as_deref_mut() {
                t.parser_text()
                    .push_str(self.text.get(seg..at).unwrap_or(""));
            }
            if self.bytes[at] == b']' {
                self.pos = at + 1;
                break;
            }
            // A backslash: a soft line break disappears, any other character is literal.
            let mut next = at + 1;
            match self.bytes.get(next) {
                Some(b'\n') => {
                    next += 1;
                    if self.bytes.get(next) == Some(&b'\r') {
                        next += 1;
                    }
                    seg = next;
                }
                Some(b'\r') => {
                    next += 1;
                    if self.bytes.get(next) == Some(&b'\n') {
                        next += 1;
                    }
                    seg = next;
                }
                Some(_) => {
                    seg = next;
                    next += 1;
                }
                None => seg = next,
            }
            self.pos = next.min(self.bytes.len());
        }
        if let Some(t) = tree {
            if t.text_len() > u32::MAX as usize - 1 {
                return Err((open_at, ErrorKind::TooLarge));
            }
            t.parser_end_value(start);
        }
        Ok(())
    }
}
