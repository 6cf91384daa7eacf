//! The writer: `FF[4]` text that the reader reads back to the same trees.

use crate::decode::reads_back_as_utf8;
use crate::tree::{GameTree, Node, NodeId, Property};
use std::{borrow::Cow, fmt};

/// Lines are broken before a property that starts past this column.
const WRAP: usize = 72;

/// `value` with `\` and `]` escaped, as it must appear between `[` and `]`.
pub(crate) fn escape(value: &str) -> Cow<'_, str> {
    if !value.bytes().any(|b| b == b']' || b == b'\\') {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len() + 8);
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// Writes a collection of games as SGF text: one node per line, long nodes wrapped between
/// properties, values escaped. Reading the text back gives equal trees.
///
/// The text is UTF-8: a root's `CA` naming another charset is written `CA[UTF-8]`, and the
/// text starts with a UTF-8 byte-order mark when it could otherwise read back as another
/// charset (a value holding `CA[`, or zero bytes that look like UTF-16). Writing what was read
/// from written text gives the same text again.
///
/// ```
/// use tengen_sgf::{parse, write, Mode};
/// let games = parse(b"(;GM[1]SZ[9]C[a \\] b];B[ee](;W[cc])(;W[gg]))", Mode::Strict)?.games;
/// let text = write(&games);
/// assert_eq!(text, "(;GM[1]SZ[9]C[a \\] b]\n;B[ee]\n(;W[cc])\n(;W[gg]))\n");
/// assert_eq!(parse(text.as_bytes(), Mode::Strict)?.games, games);
/// # Ok::<(), tengen_sgf::SgfError>(())
/// ```
#[must_use]
pub fn write(games: &[GameTree]) -> String {
    let mut w = Writer {
        out: String::new(),
        line_start: 0,
    };
    for game in games {
        w.game(game);
    }
    if !reads_back_as_utf8(&w.out) {
        w.out.insert(0, '\u{FEFF}');
    }
    w.out
}

enum Step {
    Node(NodeId, bool),
    Open,
    Close,
}

struct Writer {
    out: String,
    line_start: usize,
}

impl Writer {
    fn newline(&mut self) {
        self.out.push('\n');
        self.line_start = self.out.len();
    }

    fn game(&mut self, game: &GameTree) {
        if game.is_empty() {
            return;
        }
        self.out.push('(');
        let mut stack = vec![Step::Close, Step::Node(game.root(), true)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Open => {
                    self.newline();
                    self.out.push('(');
                }
                Step::Close => self.out.push(')'),
                Step::Node(id, first_in_sequence) => {
                    if !first_in_sequence {
                        self.newline();
                    }
                    self.node(game, id);
                    let node = game.node(id);
                    let mut children = node.children();
                    match (children.next(), children.next()) {
                        (None, _) => {}
                        (Some(only), None) => stack.push(Step::Node(only.id(), false)),
                        (Some(_), Some(_)) => {
                            let all: Vec<NodeId> = node.children().map(|c| c.id()).collect();
                            for &child in all.iter().rev() {
                                stack.push(Step::Close);
                                stack.push(Step::Node(child, true));
                                stack.push(Step::Open);
                            }
                        }
                    }
                }
            }
        }
        self.newline();
    }

    fn node(&mut self, game: &GameTree, id: NodeId) {
        self.out.push(';');
        let is_root = id == game.root();
        for (i, prop) in game.node(id).properties().enumerate() {
            // Lines wrap before the rewritten CA as before any other property: read back, it
            // is an ordinary CA[UTF-8], and the second writing must break the line there too.
            if i > 0 && self.out.len() - self.line_start > WRAP {
                self.newline();
            }
            if is_root && prop.id() == "CA" {
                let utf8 = prop.value().trim().eq_ignore_ascii_case("utf-8");
                if !utf8 {
                    self.out.push_str("CA[UTF-8]");
                    continue;
                }
            }
            self.out.push_str(prop.id());
            for value in prop.values() {
                self.out.push('[');
                self.out.push_str(&escape(value));
                self.out.push(']');
                if value.contains('\n') {
                    self.line_start = self.out.rfind('\n').map_or(0, |at| at + 1);
                }
            }
        }
    }
}

// The trees print as the SGF text the writer makes, so that a failed comparison shows SGF.

impl fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(";")?;
        for p in self.properties() {
            write!(f, "{p:?}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Property<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())?;
        for v in self.values() {
            write!(f, "[{}]", escape(v))?;
        }
        Ok(())
    }
}

impl fmt::Debug for GameTree {
    /// The tree as SGF text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write(std::slice::from_ref(self)))
    }
}
