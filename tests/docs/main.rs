//! The documentation: the manual (an mdBook under `docs/`) builds and every
//! link inside it resolves, the README's links lead somewhere, and the manual
//! pages and shell completions cover every subcommand.
//!
//! `book` needs mdBook (`scripts/install-test-deps` installs it;
//! `RATINGBOOK_SKIP_MDBOOK=1` skips it). `cargo test --test docs` runs them.

mod book;
mod links;
mod manual;
