//! What the referee's tests share: Tengen's GTP engine as a command line.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

/// `target/<profile>/tengen`, built if it is not there yet (as the server's tests find it;
/// `scripts/test.sh` builds it first).
fn tengen_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("tests run from target/<profile>/deps")
        .to_path_buf();
    let bin = profile_dir.join("tengen");
    if !bin.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "-p", "tengen"]);
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            cmd.arg("--release");
        }
        assert!(
            cmd.status().expect("cargo runs").success(),
            "cargo build -p tengen failed"
        );
    }
    bin
}

/// The command line of `tengen gtp` under `rules` with `options` after it, quoted for the
/// referee's shell-like splitting.
pub(crate) fn tengen_gtp(rules: &tengen_core::Rules, options: &str) -> String {
    format!(
        "'{}' gtp --rules '{rules}' --threads 1 --no-resign {options}",
        tengen_binary().display()
    )
}
