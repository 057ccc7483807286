//! A maintainer's commands: `init` (a new repository and its CI workflows run
//! in a clone), `new player` and `new tournament`, `diff` between git
//! revisions and against the working tree, and the `serve` preview; and how
//! the tool itself is packaged, released and installed by init's CI.
//!
//! The `init`, `diff` and `diff_working_tree` tests need git (see
//! `util::require_git`). `cargo test --test maintainer diff::` runs one module.
#[path = "../util/mod.rs"]
mod util;

mod diff;
mod diff_working_tree;
mod import_egd;
mod import_legacy;
mod import_players;
mod init;
mod init_install;
mod new_command;
mod packaging;
mod serve;
