//! SGF files: the size cap, and files that hold no game record.

use std::path::PathBuf;

use tengen_core::playout::XorShift32;
use tengen_sgf::{FileError, MAX_FILE_BYTES, Mode, NotSgf, read_file};

/// A file of this test run in the temporary directory.
fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-sgf-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// 200 KB of pseudo-random bytes, as `head -c 200000 /dev/urandom` gives.
fn random_bytes() -> Vec<u8> {
    let mut rng = XorShift32::new(43);
    (0..200_000).map(|_| rng.below(256) as u8).collect()
}

#[test]
fn a_file_over_the_size_limit_is_refused_naming_it_and_the_limit() {
    let path = temp_file("big.sgf", b"");
    std::fs::File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_len(MAX_FILE_BYTES + 1))
        .unwrap();
    for mode in [Mode::Strict, Mode::Lenient] {
        let err = read_file(&path, mode).unwrap_err();
        assert!(matches!(
            err,
            FileError::TooLarge {
                limit: MAX_FILE_BYTES,
                ..
            }
        ));
        assert_eq!(
            err.to_string(),
            format!(
                "{}: larger than 16777216 bytes (16 MiB), the most Tengen reads of an SGF file",
                path.display()
            )
        );
    }
}

#[test]
fn random_bytes_are_not_an_sgf_file_and_the_error_names_the_file() {
    let bytes = random_bytes();
    // The lenient reader alone finds games in them, with stray properties.
    let games = tengen_sgf::parse(&bytes, Mode::Lenient).unwrap().games;
    assert!(!games.is_empty());
    let path = temp_file("random.sgf", &bytes);
    let err = read_file(&path, Mode::Lenient).unwrap_err();
    assert!(matches!(
        err,
        FileError::NotSgf {
            why: NotSgf::Binary { bytes: 200_000, .. },
            ..
        }
    ));
    assert!(
        err.to_string()
            .starts_with(&format!("{}: not an SGF file: binary data", path.display())),
        "{err}"
    );
    assert!(read_file(&path, Mode::Strict).is_err());
}

#[test]
fn a_file_without_any_property_is_not_a_game() {
    for text in [
        "(;)",
        "(;;(;)(;))",
        "Minutes of the meeting (; see below) and more.",
    ] {
        let path = temp_file("no-property.sgf", text.as_bytes());
        let err = read_file(&path, Mode::Lenient).unwrap_err();
        assert!(
            matches!(
                err,
                FileError::NotSgf {
                    why: NotSgf::NoProperty,
                    ..
                }
            ),
            "{text}: {err}"
        );
        assert_eq!(
            err.to_string(),
            format!(
                "{}: not an SGF file: it holds no SGF property (such as SZ[19] or B[pd])",
                path.display()
            )
        );
    }
    let path = temp_file("one-property.sgf", b"(;SZ[9])");
    assert_eq!(read_file(&path, Mode::Strict).unwrap().games.len(), 1);
}

#[test]
fn a_stray_control_character_in_a_value_is_text() {
    let path = temp_file(
        "nul.sgf",
        b"(;GM[1]FF[4]SZ[9]N[\x00 illegal ascii code];B[ee]C[\x1b$B])",
    );
    assert_eq!(read_file(&path, Mode::Lenient).unwrap().games.len(), 1);
}

#[test]
fn a_utf16_file_holds_nul_bytes_and_is_read() {
    let mut bytes = vec![0xFF, 0xFE];
    for unit in "(;SZ[9];B[ee])".encode_utf16() {
        bytes.extend(unit.to_le_bytes());
    }
    let path = temp_file("utf16.sgf", &bytes);
    let collection = read_file(&path, Mode::Strict).unwrap();
    assert_eq!(collection.games[0].size().unwrap().get(), 9);
}
