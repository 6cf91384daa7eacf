//! SGF files: read with a size cap, so that a device or a huge file is refused, not slurped,
//! and refused when what the lenient reader found in them is no game record.

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
    /// The lenient reader read past its contents, but they are no game record.
    #[error("{}: not an SGF file: {why}", .path.display())]
    NotSgf {
        /// The file.
        path: PathBuf,
        /// Why not.
        why: NotSgf,
    },
}

/// Why a file the lenient reader went through is no game record.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum NotSgf {
    /// Not one property in any game tree: `(;)` and nothing more, or text that happens to
    /// hold a `(;`.
    #[error("it holds no SGF property (such as SZ[19] or B[pd])")]
    NoProperty,
    /// Binary data, not text: more than one byte in a hundred (and more than a few) is a
    /// control character that text does not hold. Random bytes, about a tenth of them control characters, hold a `(;`
    /// and stray `A[..]`-like properties every few kilobytes, which the lenient reader reads.
    #[error("binary data, not text ({control} of its {bytes} bytes are control characters)")]
    Binary {
        /// The control bytes.
        control: usize,
        /// The file's length.
        bytes: usize,
    },
}

/// The control characters of `bytes` that text does not hold: all but the white space SGF
/// allows (tab, line ends, vertical tab and form feed), escape (ISO-2022-JP switches with it)
/// and the DOS end of file (^Z). Real records hold none, or one in a broken value; random
/// bytes a tenth.
fn control_bytes(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .filter(|&&b| matches!(b, 0x00..=0x08 | 0x0E..=0x19 | 0x1C..=0x1F | 0x7F))
        .count()
}

/// Whether a file of `bytes` (not UTF-16) with `control` [control bytes](control_bytes) is
/// binary data: more than one in a hundred, and more than a stray one or two.
fn is_binary(control: usize, bytes: usize) -> bool {
    control > 3 && control * 100 > bytes
}

/// Reads the SGF file at `path`, at most [`MAX_FILE_BYTES`] of it (a bounded read: a device
/// that never ends is refused as soon as it passes the limit), and parses it in `mode`. What
/// is no game record is refused too ([`NotSgf`]): binary data, or a file without a single
/// property.
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
/// [`FileError`]: the file cannot be read, is too large, is not readable SGF, or holds no
/// game record.
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
    let collection = parse(&bytes, mode).map_err(|error| FileError::Sgf {
        path: path.to_owned(),
        error,
    })?;
    let not_sgf = |why| FileError::NotSgf {
        path: path.to_owned(),
        why,
    };
    let control = control_bytes(&bytes);
    if !collection.charset.starts_with("UTF-16") && is_binary(control, bytes.len()) {
        return Err(not_sgf(NotSgf::Binary {
            control,
            bytes: bytes.len(),
        }));
    }
    let no_property = collection
        .games
        .iter()
        .all(|game| game.preorder().all(|node| node.properties().len() == 0));
    if no_property {
        return Err(not_sgf(NotSgf::NoProperty));
    }
    Ok(collection)
}
