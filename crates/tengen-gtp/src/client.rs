//! The controller side of GTP: an engine run as a child process, with a deadline on every
//! answer.

use std::{
    io::{self, BufRead, BufReader, Read, Write},
    process::{Child, ChildStdin, Command, Stdio},
    sync::mpsc::{self, Receiver, RecvTimeoutError},
    thread,
    time::{Duration, Instant},
};

use wait_timeout::ChildExt;

/// What went wrong talking to an engine.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The command line is empty or has an unclosed quote.
    #[error("bad engine command line {0:?}")]
    BadCommandLine(String),
    /// The program could not be started.
    #[error("cannot start {command:?}: {source}{}", path_hint(.command, .source))]
    Spawn {
        /// The command line.
        command: String,
        /// Why.
        source: io::Error,
    },
    /// The engine exited or closed its output.
    #[error("the engine exited (while answering {0:?})")]
    Crashed(String),
    /// An analysis engine exited or closed its output.
    #[error("the engine exited (while answering {command:?}){}", last_words(.stderr))]
    Exited {
        /// The query.
        command: String,
        /// Its last lines on standard error (at most a few).
        stderr: Vec<String>,
    },
    /// No complete answer before the deadline.
    #[error("no answer to {command:?} within {timeout:?}")]
    Timeout {
        /// The command.
        command: String,
        /// The deadline.
        timeout: Duration,
    },
    /// An answer that is not a GTP response to this command.
    #[error("garbage answer to {command:?}: {answer:?}")]
    Garbage {
        /// The command.
        command: String,
        /// What came back (shortened).
        answer: String,
    },
    /// A `? message` answer.
    #[error("{command:?} failed: {message}")]
    Refused {
        /// The command.
        command: String,
        /// The engine's message.
        message: String,
    },
}

/// What an engine said on standard error before it exited, for its error message.
fn last_words(stderr: &[String]) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!("; its last words on stderr: {}", stderr.join(" / "))
    }
}

/// One line of the engine's output, or its end.
type Line = String;

/// An engine process that speaks GTP on its standard input and output: the controller side of
/// GTP, with a deadline on every answer.
///
/// ```no_run
/// use std::time::Duration;
/// use tengen_gtp::GtpProcess;
/// let mut gnugo = GtpProcess::spawn("gnugo --mode gtp", Duration::from_secs(10))?;
/// assert_eq!(gnugo.send("boardsize 9")?, "");
/// println!("{}", gnugo.send("genmove b")?);
/// gnugo.quit();
/// # Ok::<(), tengen_gtp::ClientError>(())
/// ```
#[derive(Debug)]
pub struct GtpProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    timeout: Duration,
    next_id: u64,
    /// Set after a timeout, crash or garbage: the process is not used again.
    broken: bool,
    /// Commands carry ids (`1 name`), and answers must echo them.
    numbered: bool,
}

/// Splits a command line into words as a POSIX shell does (quotes, backslashes), with no
/// expansion.
pub(crate) fn split_command_line(text: &str) -> Result<Vec<String>, ClientError> {
    match shlex::split(text) {
        Some(words) if !words.is_empty() => Ok(words),
        _ => Err(ClientError::BadCommandLine(text.to_owned())),
    }
}

/// The way out when `program` is only off `PATH`: Debian and Ubuntu install GNU Go (and other
/// games) in /usr/games, which is not on root's `PATH`.
fn path_hint(command: &str, error: &io::Error) -> String {
    let program = split_command_line(command)
        .ok()
        .and_then(|words| words.into_iter().next())
        .unwrap_or_default();
    if error.kind() != io::ErrorKind::NotFound || program.contains('/') {
        return String::new();
    }
    let games = std::path::Path::new("/usr/games").join(&program);
    if games.exists() {
        format!(
            " (it is not on PATH, but {} exists: give that path or add /usr/games to PATH)",
            games.display()
        )
    } else {
        " (it is not on PATH)".to_owned()
    }
}

impl GtpProcess {
    /// Starts `command_line` (a program and its arguments, shell-style quoting); every answer
    /// must come within `timeout`.
    ///
    /// # Errors
    /// [`ClientError::BadCommandLine`] or [`ClientError::Spawn`].
    pub fn spawn(command_line: &str, timeout: Duration) -> Result<Self, ClientError> {
        let words = split_command_line(command_line)?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ClientError::Spawn {
                command: command_line.to_owned(),
                source,
            })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (tx, rx) = mpsc::channel();
        if let Some(stdout) = stdout {
            thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    // Lines longer than 1 MiB are cut: an engine cannot exhaust memory.
                    match (&mut reader).take(1 << 20).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf)
                                .trim_end_matches(['\n', '\r'])
                                .to_owned();
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            });
        }
        Ok(GtpProcess {
            child,
            stdin,
            lines: rx,
            timeout,
            next_id: 1,
            broken: false,
            numbered: true,
        })
    }

    /// Whether commands carry ids that answers must echo (the default). GTP makes ids
    /// optional for the controller; an engine that does not read them (a small script) is
    /// spoken to without.
    #[must_use]
    pub fn numbered(mut self, numbered: bool) -> Self {
        self.numbered = numbered;
        self
    }

    /// Whether a timeout, crash or garbage answer has made the process unusable.
    #[must_use]
    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// Sends one command and waits for its answer: the text of `= text`, or
    /// [`ClientError::Refused`] for `? message`. After a crash, a timeout or garbage the
    /// process is killed and every later command fails.
    ///
    /// # Errors
    /// [`ClientError`]: the engine refused, crashed, hung or answered garbage.
    pub fn send(&mut self, command: &str) -> Result<String, ClientError> {
        let result = self.exchange(command);
        if matches!(
            result,
            Err(ClientError::Crashed(_)
                | ClientError::Timeout { .. }
                | ClientError::Garbage { .. })
        ) {
            self.broken = true;
            let _ = self.child.kill();
        }
        result
    }

    fn exchange(&mut self, command: &str) -> Result<String, ClientError> {
        if self.broken {
            return Err(ClientError::Crashed(command.to_owned()));
        }
        let id = self.next_id;
        self.next_id += 1;
        let crashed = || ClientError::Crashed(command.to_owned());
        let stdin = self.stdin.as_mut().ok_or_else(crashed)?;
        let line = if self.numbered {
            format!("{id} {command}\n")
        } else {
            format!("{command}\n")
        };
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|_| crashed())?;
        let deadline = Instant::now() + self.timeout;
        let mut answer: Vec<String> = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ClientError::Timeout {
                        command: command.to_owned(),
                        timeout: self.timeout,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(crashed()),
            };
            if answer.is_empty() {
                if line.trim().is_empty() {
                    continue;
                }
                answer.push(line);
            } else if line.trim().is_empty() {
                break;
            } else {
                answer.push(line);
            }
            if answer.len() > 10_000 {
                break;
            }
        }
        let garbage = || ClientError::Garbage {
            command: command.to_owned(),
            answer: answer.join("\n").chars().take(200).collect(),
        };
        let first = &answer[0];
        let (ok, rest) = match first.chars().next() {
            Some('=') => (true, &first[1..]),
            Some('?') => (false, &first[1..]),
            _ => return Err(garbage()),
        };
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let echoed = &rest[..digits];
        if (self.numbered && echoed != id.to_string()) || (!self.numbered && !echoed.is_empty()) {
            return Err(garbage());
        }
        let mut text = rest[digits..].trim().to_owned();
        for line in &answer[1..] {
            text.push('\n');
            text.push_str(line);
        }
        if ok {
            Ok(text)
        } else {
            Err(ClientError::Refused {
                command: command.to_owned(),
                message: text,
            })
        }
    }

    /// Sends `quit` and waits a moment for the process to exit, then kills it.
    pub fn quit(mut self) {
        if !self.broken {
            let _ = self.exchange("quit");
        }
        self.stdin = None;
        if !matches!(self.child.wait_timeout(Duration::from_secs(2)), Ok(Some(_))) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Drop for GtpProcess {
    fn drop(&mut self) {
        self.stdin = None;
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_command_lines_split_like_a_shell() {
        assert_eq!(
            split_command_line("gnugo --mode gtp  --level 0").unwrap(),
            ["gnugo", "--mode", "gtp", "--level", "0"]
        );
        assert_eq!(
            split_command_line("'my engine' \"a b\" ''").unwrap(),
            ["my engine", "a b", ""]
        );
        assert!(split_command_line("  ").is_err());
        assert!(split_command_line("x 'open").is_err());
        assert_eq!(split_command_line(r"a\ b 'c'd").unwrap(), ["a b", "cd"]);
    }
}
