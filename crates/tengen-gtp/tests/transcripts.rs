//! GTP transcripts: every `tests/gtp/NAME.gtp` is run through a fresh engine (AGA rules,
//! seed 1) in-process, and the whole response stream must equal `tests/gtp/NAME.out` byte for
//! byte. `UPDATE_GTP=1 cargo test -p tengen-gtp --test transcripts` rewrites the `.out` files
//! (review the diff before committing it).

use std::path::Path;

use tengen_core::Rules;
use tengen_gtp::Engine;

fn run_transcript(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gtp");
    let input = std::fs::read(dir.join(format!("{name}.gtp"))).expect("transcript input");
    let mut output = Vec::new();
    Engine::new(Rules::aga())
        .run(std::io::Cursor::new(input), &mut output)
        .expect("in-memory I/O");
    let actual = String::from_utf8(output).expect("GTP output is UTF-8");
    let expected_path = dir.join(format!("{name}.out"));
    if std::env::var_os("UPDATE_GTP").is_some() {
        std::fs::write(&expected_path, &actual).expect("write .out");
        return;
    }
    let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
    if actual != expected {
        panic!(
            "transcript {name}: output differs from {}\n--- actual ---\n{actual}",
            expected_path.display()
        );
    }
}

#[test]
fn gtp_protocol_framing_ids_comments_unknown_commands_quit() {
    run_transcript("protocol");
}

#[test]
fn gtp_boardsize_clear_board_komi() {
    run_transcript("boardsize_komi");
}

#[test]
fn gtp_play_any_order_illegal_moves_vertices_undo() {
    run_transcript("play_undo");
}

#[test]
fn gtp_is_legal_and_why_illegal_ko_suicide_superko() {
    run_transcript("ko");
}

#[test]
fn gtp_jp_6_cycle_play_goes_on_and_final_score_is_void() {
    run_transcript("cycle");
}

#[test]
fn gtp_genmove_reg_genmove_cleanup() {
    run_transcript("genmove");
}

#[test]
fn gtp_fixed_free_and_set_handicap() {
    run_transcript("handicap");
}

#[test]
fn gtp_final_status_list_seki_jp_9_and_aga_12() {
    run_transcript("seki");
}

#[test]
fn gtp_final_score_final_status_list_tengen_score_aga_11() {
    run_transcript("scoring");
}

#[test]
fn gtp_time_settings_time_left_kgs_time_settings() {
    run_transcript("time");
}

#[test]
fn gtp_lz_analyze_kata_analyze_arguments_and_stop() {
    run_transcript("analysis");
}

#[test]
fn gtp_tengen_rules_and_kgs_rules() {
    run_transcript("rules");
}

#[test]
fn gtp_loadsgf_and_printsgf() {
    run_transcript("sgf");
}

/// The answers of a fresh engine (AGA rules) to `script`.
fn answers(script: &str) -> String {
    let mut output = Vec::new();
    Engine::new(Rules::aga())
        .run(
            std::io::Cursor::new(script.as_bytes().to_vec()),
            &mut output,
        )
        .expect("in-memory I/O");
    String::from_utf8(output).expect("GTP output is UTF-8")
}

#[test]
fn gtp_loadsgf_refuses_a_file_over_the_sgf_size_limit_naming_it_and_the_limit() {
    // A sparse file one byte over the limit: nothing is written to the disk.
    let big = tempfile::NamedTempFile::new().expect("a temporary file");
    big.as_file()
        .set_len(tengen_sgf::MAX_FILE_BYTES + 1)
        .expect("a sparse file");
    let path = big.path().display().to_string();
    assert_eq!(
        answers(&format!("loadsgf {path}\n")),
        format!(
            "? cannot load file: {path}: larger than 16777216 bytes (16 MiB), the most Tengen \
             reads of an SGF file\n\n"
        )
    );
    // A device without end is refused as soon as it passes the limit, not read into memory.
    if Path::new("/dev/zero").exists() {
        let answer = answers("loadsgf /dev/zero\nname\n");
        assert!(
            answer.starts_with("? cannot load file: /dev/zero: larger than 16777216 bytes"),
            "{answer}"
        );
        assert!(answer.ends_with("= Tengen\n\n"), "{answer}");
    }
}

/// Every `.gtp` file has a test above.
#[test]
fn gtp_every_transcript_is_run() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gtp");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("tests/gtp")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(".gtp"))
                .map(str::to_owned)
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "analysis",
            "boardsize_komi",
            "cycle",
            "estimate",
            "genmove",
            "handicap",
            "ko",
            "play_undo",
            "protocol",
            "rules",
            "scoring",
            "seki",
            "sgf",
            "time"
        ]
    );
}

#[test]
fn gtp_final_status_list_and_final_score_from_the_estimate() {
    run_transcript("estimate");
}
