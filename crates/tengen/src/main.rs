//! The `tengen` command.
fn main() {}
