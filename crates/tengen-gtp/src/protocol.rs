//! The GTP 2 wire format: preprocessing of command lines, ids, and response framing.

use std::io::{self, BufRead};

/// One command line after preprocessing: an optional id, the name and the arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CommandLine {
    pub(crate) id: Option<u64>,
    pub(crate) name: String,
    pub(crate) args: Vec<String>,
}

/// What a line turned into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Parsed {
    /// An empty line or a comment: no response.
    Nothing,
    /// A command.
    Command(CommandLine),
    /// An id without a command (`12`), answered with an error.
    MissingName(Option<u64>),
}

/// GTP 2 preprocessing (section 3.1): control characters other than tab and newline are
/// removed, tabs become spaces, and everything from `#` on is a comment.
pub(crate) fn parse_line(line: &str) -> Parsed {
    let cleaned: String = line
        .chars()
        .take_while(|&c| c != '#')
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let mut words = cleaned.split_whitespace();
    let Some(first) = words.next() else {
        return Parsed::Nothing;
    };
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        match first.parse::<u64>() {
            Ok(id) => match words.next() {
                Some(name) => (Some(id), name),
                None => return Parsed::MissingName(Some(id)),
            },
            Err(_) => return Parsed::MissingName(None),
        }
    } else {
        (None, first)
    };
    Parsed::Command(CommandLine {
        id,
        name: name.to_owned(),
        args: words.map(str::to_owned).collect(),
    })
}

/// The framed response: `=id text\n\n` or `?id text\n\n`. Empty lines inside `text` are
/// dropped, since an empty line ends a response.
pub(crate) fn frame(id: Option<u64>, ok: bool, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    out.push(if ok { '=' } else { '?' });
    if let Some(id) = id {
        out.push_str(&id.to_string());
    }
    out.push(' ');
    let mut first = true;
    for line in text.split('\n') {
        let line = line.trim_end_matches('\r');
        if !first && line.trim().is_empty() {
            continue;
        }
        if !first {
            out.push('\n');
        }
        out.push_str(line);
        first = false;
    }
    out.push_str("\n\n");
    out
}

/// The longest GTP command line kept (the rest of a longer line is skipped).
pub(crate) const GTP_LINE_LIMIT: usize = 1 << 20;

/// What [`read_line_bounded`] read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct LineRead {
    /// Bytes consumed from the input, the newline included; 0 at the end of the input.
    pub(crate) consumed: usize,
    /// Whether a newline ended the line (rather than the end of the input).
    pub(crate) newline: bool,
}

impl LineRead {
    /// The line's length without its newline.
    pub(crate) fn length(self) -> usize {
        self.consumed - usize::from(self.newline)
    }
}

/// Reads one line into `buf`, keeping at most `keep` bytes of it: the rest of a longer line is
/// consumed unread, so that no input line takes more memory than that.
pub(crate) fn read_line_bounded<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
    keep: usize,
) -> io::Result<LineRead> {
    let mut consumed = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(LineRead {
                consumed,
                newline: false,
            });
        }
        let (used, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (available.len(), false),
        };
        let room = keep.saturating_sub(buf.len());
        buf.extend_from_slice(&available[..used.min(room)]);
        input.consume(used);
        consumed += used;
        if done {
            return Ok(LineRead {
                consumed,
                newline: true,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_preprocessing_drops_comments_control_characters_and_tabs() {
        assert_eq!(parse_line("  # only a comment"), Parsed::Nothing);
        assert_eq!(parse_line("\r"), Parsed::Nothing);
        let Parsed::Command(c) = parse_line("7\tplay\x01 b\tD4 # the move\r") else {
            panic!("not a command");
        };
        assert_eq!(c.id, Some(7));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, ["b", "D4"]);
        assert_eq!(parse_line("42"), Parsed::MissingName(Some(42)));
    }

    #[test]
    fn gtp_response_framing() {
        assert_eq!(frame(None, true, ""), "= \n\n");
        assert_eq!(
            frame(Some(3), false, "unknown command"),
            "?3 unknown command\n\n"
        );
        assert_eq!(frame(None, true, "\na\n\nb"), "= \na\nb\n\n");
    }
}
