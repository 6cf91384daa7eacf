//! Analysis for GUIs: `lz-analyze` (Leela Zero's format, read by Sabaki and Lizzie) and
//! `kata-analyze` (KataGo's), streaming `info` lines at the interval asked until the next
//! command arrives.
//!
//! `lz-analyze [color] [interval]`: an `=` line, then every `interval` centiseconds (at
//! least [`MIN_INTERVAL`], a tenth of a second: `lz-analyze 0` asks for a flood) one line
//! `info move D4 visits 120 winrate 5312 prior 804 lcb 5100 order 0 pv D4 Q16 …` with one
//! `info` block per move searched (win rate, prior and lcb in ten-thousandths), then an
//! empty line when the next command stops it. `kata-analyze` writes the same blocks with
//! `utility`, `scoreMean` and `scoreLead` (the playouts' median final score in points for
//! the player to move; both, since Lizzie reads the one and Sabaki the other), and win
//! rate, prior and lcb as fractions; `ownership true` appends
//! `ownership` and one value per point (row by row from the top, Black positive).
//! Sabaki's reader (`src/modules/analysis.js`) splits a line on `info`, takes key–value
//! pairs up to the `pv`, and reads a win rate with a `.` as a fraction, without one as
//! ten-thousandths.

use std::{
    io::{self, BufRead, Write},
    sync::{
        atomic::{AtomicBool, Ordering::Relaxed},
        mpsc::{Receiver, sync_channel},
    },
    time::Duration,
};

use tengen_core::{Color, Game, Phase};
use tengen_engine::{Budget, Progress, RunOptions, SearchResult};

use crate::{
    move_text, parse_color,
    player::GtpPlayer,
    protocol::{self, CommandLine, Parsed, read_line_bounded},
};

/// Lines of input read by a thread of their own, so that an analysis notices the next
/// command while it searches.
pub(crate) type Lines = Receiver<io::Result<Vec<u8>>>;

/// Starts the reader thread. It ends at the end of the input, or with the process.
pub(crate) fn spawn_reader<R: BufRead + Send + 'static>(mut input: R) -> Lines {
    let (sender, receiver) = sync_channel(16);
    std::thread::spawn(move || {
        loop {
            let mut buf = Vec::new();
            match read_line_bounded(&mut input, &mut buf, protocol::GTP_LINE_LIMIT) {
                Ok(read) if read.consumed == 0 => break,
                Ok(_) => {
                    if sender.send(Ok(buf)).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    let _ = sender.send(Err(e));
                    break;
                }
            }
        }
    });
    receiver
}

/// The shortest interval between two analysis lines: 10 centiseconds, ten lines a second
/// (Lizzie's default). A shorter one, `0` included, is raised to it: at 1 centisecond a GUI
/// got about a hundred lines a second, each a full list of moves.
pub(crate) const MIN_INTERVAL: Duration = Duration::from_millis(100);

/// Which analysis format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Format {
    Leela,
    Kata,
}

/// An analysis request, checked.
#[derive(Clone, Debug, PartialEq)]
struct Request {
    id: Option<u64>,
    format: Format,
    color: Option<Color>,
    interval: Duration,
    ownership: bool,
}

/// The analysis command in `line`, if it is one (`lz-analyze`, `kata-analyze`).
pub(crate) fn command(line: &str) -> Option<CommandLine> {
    match protocol::parse_line(line) {
        Parsed::Command(c) if c.name == "lz-analyze" || c.name == "kata-analyze" => Some(c),
        _ => None,
    }
}

fn syntax(detail: impl std::fmt::Display) -> String {
    format!("syntax error: {detail}")
}

fn parse(command: &CommandLine) -> Result<Request, String> {
    let format = if command.name == "kata-analyze" {
        Format::Kata
    } else {
        Format::Leela
    };
    let name = &command.name;
    let mut args = command.args.iter().peekable();
    let mut request = Request {
        id: command.id,
        format,
        color: None,
        interval: Duration::from_secs(1),
        ownership: false,
    };
    if let Some(first) = args.peek() {
        if let Ok(color) = parse_color(first) {
            request.color = Some(color);
            args.next();
        }
    }
    let centiseconds = |text: &str| {
        text.parse::<u64>()
            .ok()
            .filter(|&cs| cs <= 360_000)
            .map(|cs| Duration::from_millis(10 * cs).max(MIN_INTERVAL))
            .ok_or_else(|| {
                syntax(format!(
                    "{name}: interval {text:?} is not a whole number of centiseconds (0 to 360000)"
                ))
            })
    };
    if let Some(first) = args.peek() {
        if first.bytes().all(|b| b.is_ascii_digit()) {
            request.interval = centiseconds(first)?;
            args.next();
        }
    }
    while let Some(key) = args.next() {
        let known = ["interval", "minmoves", "maxmoves"].contains(&key.as_str())
            || (format == Format::Kata && key == "ownership");
        if !known {
            return Err(syntax(format!(
                "{name}: {key:?} is neither a color, an interval nor a known option \
                 (interval, minmoves, maxmoves{})",
                if format == Format::Kata {
                    ", ownership"
                } else {
                    ""
                }
            )));
        }
        let value = args
            .next()
            .ok_or_else(|| syntax(format!("{name}: {key:?} needs a value")))?;
        match key.as_str() {
            "interval" => request.interval = centiseconds(value)?,
            "ownership" if format == Format::Kata => {
                request.ownership = match value.as_str() {
                    "true" => true,
                    "false" => false,
                    other => {
                        return Err(syntax(format!(
                            "{name}: ownership {other:?} is neither true nor false"
                        )));
                    }
                }
            }
            _ => {
                value.parse::<u32>().map_err(|_| {
                    syntax(format!("{name}: {key} {value:?} is not a whole number"))
                })?;
            }
        }
    }
    Ok(request)
}

/// What the caller reads next after an analysis.
pub(crate) enum Next {
    /// The next line from the reader.
    Read,
    /// This line, which arrived during the analysis and stopped it.
    Line(String),
    /// Nothing: the input ended.
    End,
}

/// Runs one analysis command on a copy of `game` with the engine's `player`: writes its
/// response while it searches, until the next line of input arrives. Gives the reader back
/// with what to read next.
///
/// # Errors
/// Errors of reading the input or writing the output.
pub(crate) fn run<W: Write>(
    game: &Game,
    player: &mut GtpPlayer,
    command: &CommandLine,
    lines: Lines,
    output: &mut W,
) -> io::Result<(Lines, Next)> {
    let request = match parse(command) {
        Ok(r) => r,
        Err(message) => {
            output.write_all(protocol::frame(command.id, false, &message).as_bytes())?;
            output.flush()?;
            return Ok((lines, Next::Read));
        }
    };
    let mut game = game.clone();
    if game.phase() == Phase::Scoring {
        let _ = game.resume(game.to_move().other());
    }
    if let Some(color) = request.color {
        game = crate::player::with_to_move(game, color);
    }
    let mut head = String::from("=");
    if let Some(id) = request.id {
        head.push_str(&id.to_string());
    }
    head.push('\n');
    output.write_all(head.as_bytes())?;
    output.flush()?;
    let cancel = AtomicBool::new(false);
    let mut write_error = None;
    let (lines, next) = std::thread::scope(|scope| {
        let waiter = scope.spawn(|| {
            let next = match lines.recv() {
                Ok(Ok(buf)) => Ok(Next::Line(String::from_utf8_lossy(&buf).into_owned())),
                Ok(Err(e)) => Err(e),
                Err(_) => Ok(Next::End),
            };
            cancel.store(true, Relaxed);
            (lines, next)
        });
        if game.phase() == Phase::Playing {
            let mut report = |result: &SearchResult| {
                if write_error.is_some() {
                    return;
                }
                let line = info_line(&request, &game, result);
                if let Err(e) = output
                    .write_all(line.as_bytes())
                    .and_then(|()| output.flush())
                {
                    write_error = Some(e);
                    cancel.store(true, Relaxed);
                }
            };
            let search = player.player_mut().search_mut();
            search.run_with(
                &game,
                RunOptions {
                    budget: Budget::default(),
                    cancel: Some(&cancel),
                    progress: Some(Progress {
                        every: request.interval,
                        report: &mut report,
                    }),
                    ..RunOptions::default()
                },
            );
        }
        waiter.join().unwrap_or_else(|_| {
            (
                sync_channel(0).1,
                Err(io::Error::other("the input reader failed")),
            )
        })
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    output.write_all(b"\n")?;
    output.flush()?;
    Ok((lines, next?))
}

/// One line of analysis: an `info` block per searched move, most visited first.
fn info_line(request: &Request, game: &Game, result: &SearchResult) -> String {
    let size = game.size();
    let mut line = String::new();
    for (order, m) in result.moves.iter().enumerate() {
        if !line.is_empty() {
            line.push(' ');
        }
        let pv: Vec<String> = m.pv.iter().map(|&mv| move_text(mv, size)).collect();
        let mv = move_text(m.mv, size);
        match request.format {
            Format::Leela => line.push_str(&format!(
                "info move {mv} visits {} winrate {} prior {} lcb {} order {order} pv {}",
                m.visits,
                ten_thousandths(m.winrate),
                ten_thousandths(m.prior),
                ten_thousandths(m.lcb),
                pv.join(" ")
            )),
            Format::Kata => line.push_str(&format!(
                "info move {mv} visits {} utility {:.6} winrate {:.6} scoreMean {:.2} scoreLead {:.2} prior {:.6} lcb {:.6} order {order} pv {}",
                m.visits,
                2.0 * m.winrate - 1.0,
                m.winrate,
                m.score_lead,
                m.score_lead,
                m.prior,
                m.lcb,
                pv.join(" ")
            )),
        }
    }
    if request.ownership && !result.ownership.is_empty() {
        line.push_str(" ownership");
        for value in &result.ownership {
            line.push_str(&format!(" {value:.4}"));
        }
    }
    line.push('\n');
    line
}

fn ten_thousandths(fraction: f64) -> i64 {
    (fraction.clamp(0.0, 1.0) * 10_000.0).round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(line: &str) -> Result<Request, String> {
        parse(&command(line).expect("an analysis command"))
    }

    #[test]
    fn lz_analyze_takes_an_optional_color_and_interval() {
        let r = request("lz-analyze b 50").unwrap();
        assert_eq!(r.color, Some(Color::Black));
        assert_eq!(r.interval, Duration::from_millis(500));
        assert_eq!(request("lz-analyze 10").unwrap().color, None);
        assert_eq!(
            request("kata-analyze interval 20 ownership true").unwrap(),
            Request {
                id: None,
                format: Format::Kata,
                color: None,
                interval: Duration::from_millis(200),
                ownership: true,
            }
        );
    }

    #[test]
    fn an_analysis_interval_under_a_tenth_of_a_second_is_raised_to_a_tenth() {
        for line in [
            "lz-analyze 0",
            "lz-analyze b 1",
            "lz-analyze 9",
            "kata-analyze interval 0",
        ] {
            assert_eq!(
                request(line).unwrap().interval,
                Duration::from_millis(100),
                "{line}"
            );
        }
        assert_eq!(
            request("lz-analyze 10").unwrap().interval,
            Duration::from_millis(100)
        );
        assert_eq!(
            request("lz-analyze 11").unwrap().interval,
            Duration::from_millis(110)
        );
    }

    #[test]
    fn lz_analyze_names_a_bad_argument() {
        let e = request("lz-analyze x").unwrap_err();
        assert!(e.contains("\"x\""), "{e}");
        let e = request("lz-analyze 10 ownership true").unwrap_err();
        assert!(e.contains("\"ownership\""), "{e}");
        let e = request("kata-analyze 10 ownership maybe").unwrap_err();
        assert!(e.contains("maybe"), "{e}");
        let e = request("lz-analyze 9999999").unwrap_err();
        assert!(e.contains("9999999"), "{e}");
    }
}
