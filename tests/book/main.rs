//! The rating book's integration tests, one module per concern: `check` on
//! broken and hostile repositories, input limits and fuzzing, containment of
//! what a pull request brings; `build` and the published site (pages, lists
//! over pages, pages written without the template engine, the build cache and
//! parsed-files checkpoint, safe publishing); the handicap surveys.
//!
//! `cargo test --test book` runs them all, `cargo test --test book site::` one
//! module.
#[path = "../util/mod.rs"]
mod util;

mod bad_input;
mod build_cache;
mod build_site;
mod check_after_build;
mod check_renders;
mod containment;
mod fuzz_repository;
mod handicap;
mod hostile_input;
mod input_limits;
mod paginated_site;
mod parsed_checkpoint;
mod player_starts;
mod publish_safety;
mod published_working;
mod reader_details;
mod report_language;
mod round_pages;
mod sheet_language;
mod site;
mod site_language;
mod written_pages;
