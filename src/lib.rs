//! ratingbook: a games association's rating book kept as plain text in git.
//!
//! The pipeline runs one way:
//! `data/ --load--> model --check--> model --rate--> ratings --render--> staged site --publish--> site/`,
//! the incremental build deciding at each phase what it can skip.
//! [`pipeline`] runs the phases in order; its entry points are re-exported
//! here: [`check_repository`], [`build_repository`], [`dump_repository`].
//! The data they work on is [`model`]'s.
//!
//! The modules below are listed by layer, top first: each uses only the
//! layers under it and the helpers at the end (the architecture test holds
//! this order). The command line is the binary's own (`src/cli/`).

// Diagnostics are returned by value on cold error paths; boxing them buys nothing.
#![allow(clippy::result_large_err)]
#![warn(missing_docs)]

// What a maintainer or director runs beside the build.
pub mod diff;
pub mod generate;
pub mod import;
pub mod init;
pub mod serve;

// The build: its phases in order.
pub mod pipeline;
pub mod printout;

// Putting the site in place, and making its pages.
pub mod publish;
pub mod render;

// What a build may skip; a director's work on one tournament; standings.
pub mod incremental;
pub mod standings;
pub mod tournament;

// Every rule across files; the site's files as the build and publishing see them.
pub mod check;
pub mod site_files;

// The SQL dumps' schema, dialects and rows.
pub mod sql;

// The rating lists (the systems themselves are the `rating-systems` crate); loading a repository.
pub mod load;
pub mod rating;

// Each file format, read and written in one place; `ratingbook.toml`.
pub mod config;
pub mod files;

// The data model: plain data, importing nothing else of ours.
pub mod model;

// Helpers any layer may use.
pub mod atomic_write;
pub mod collation;
pub mod diagnostic;
pub mod limits;
mod links;
pub mod memory;
pub mod text;
pub mod translate;

pub use pipeline::{
    build_repository, check_repository, dump_repository, load_after_build, BuildError, BuildReport,
    Checked,
};
