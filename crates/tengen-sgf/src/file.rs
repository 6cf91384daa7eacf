//! SGF files: read with a size cap, so that a device or a huge file is refused, not slurped.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::{Collection, Mode, SgfError, parse};

/// The largest SGF file Tengen reads (GTP `loadsgf`, `tengen check`, `tengen score`): 16 MiB.
/// A game record is a few KiB and a collection of thousands of games a few MiB; a larger
/// "SGF file" is a mistake (or `/dev/zero`), read no further than this.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Why an SGF file was not read. Each message starts with the file's name.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file cannot be opened or read.
    #[error("{}: cannot read: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error(
        "{}: larger than {limit} bytes (16 MiB), the most Tengen reads of an SGF file",
        .path.display()
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// [`MAX_FILE_BYTES`].
        limit: u64,
    },
    /// The text is not SGF the reader can read.
    #[error("{}: not a readable SGF file: {error}", .path.display())]
    Sgf {
        /// The file.
        path: PathBuf,
        /// The reader's error.
        error: SgfError,
    },
}

/// Reads the SGF file at `path`, at most [`MAX_FILE_BYTES`] of it (a bounded read: a device
/// that never ends is refused as soon as it passes the limit), and parses it in `mode`.
///
/// ```
/// use tengen_sgf::{read_file, FileError, Mode, MAX_FILE_BYTES};
/// let err = read_file("/dev/zero".as_ref(), Mode::Lenient).unwrap_err();
/// assert!(matches!(err, FileError::TooLarge { limit: MAX_FILE_BYTES, .. }));
/// assert_eq!(
///     err.to_string(),
///     "/dev/zero: larger than 16777216 bytes (16 MiB), the most Tengen reads of an SGF file"
/// );
/// ```
///
/// # Errors
/// [`FileError`]: the file cannot be read, is too large, or is not readable SGF.
pub fn read_file(path: &Path, mode: Mode) -> Result<Collection, FileError> {
    let io = |source| FileError::Io {
        path: path.to_owned(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(FileError::TooLarge {
            path: path.to_owned(),
            limit: MAX_FILE_BYTES,
        });
    }
    parse(&bytes, mode).map_err(|error| FileError::Sgf {
        path: path.to_owned(),
        error,
    })
}
