//! GNU Go 3.8 over GTP, asked the same question as the estimator in the same run.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use anyhow::{Context, bail};

use super::recorded_margin;

/// GNU Go over GTP: one process for every game.
pub(super) struct GnuGo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GnuGo {
    /// GNU Go with its default (Japanese) counting, or its Chinese (area) counting.
    pub(super) fn start(program: &Path, area: bool) -> anyhow::Result<GnuGo> {
        let mut args = vec!["--mode", "gtp", "--level", "10"];
        if area {
            args.push("--chinese-rules");
        }
        let mut child = Command::new(program)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {}", program.display()))?;
        let input = child.stdin.take().context("GNU Go's input")?;
        let output = BufReader::new(child.stdout.take().context("GNU Go's output")?);
        Ok(GnuGo {
            child,
            input,
            output,
        })
    }

    fn ask(&mut self, command: &str) -> anyhow::Result<String> {
        writeln!(self.input, "{command}")?;
        self.input.flush()?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                bail!("GNU Go closed its output after {command:?}");
            }
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(line.trim_end());
        }
        match answer.strip_prefix('=') {
            Some(rest) => Ok(rest.trim().to_owned()),
            None => bail!("GNU Go: {command:?}: {answer}"),
        }
    }

    /// GNU Go's `final_score` of a file, as Black's margin.
    pub(super) fn final_score(&mut self, file: &Path) -> Result<i32, String> {
        let path = file.display().to_string();
        self.ask(&format!("loadsgf {path}"))
            .and_then(|_| self.ask("final_score"))
            .map_err(|e| e.to_string())
            .and_then(|answer| {
                recorded_margin(&answer).ok_or_else(|| format!("unexpected answer {answer:?}"))
            })
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}
