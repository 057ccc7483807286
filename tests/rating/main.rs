//! The rating book's ratings, tested through its files and configuration:
//! the association's rules as the thesis states them (worked examples and
//! hand-computed histories), the further lists' systems (FIDE, EGD,
//! Glicko-2) in a repository, and Whole-History Rating lists. The systems'
//! formulas alone are tested in `crates/rating-systems`.
//!
//! `cargo test --test rating` runs them all, `cargo test --test rating whr::` one module.
#[path = "../util/mod.rs"]
mod util;

mod rules;
mod systems;
mod whr;
