//! ratingbook: a games association's rating book kept as plain text in git.
//!
//! The pipeline runs one way:
//! `data/ --load--> model --check--> model --rating--> results --render--> site/`.
//! Each arrow is a module; [`pipeline`] runs them in order.

// Diagnostics are returned by value on cold error paths; boxing them buys nothing.
#![allow(clippy::result_large_err)]

pub mod atomic_write;
pub mod check;
pub mod collation;
pub mod config;
pub mod diagnostic;
pub mod diff;
pub mod files;
pub mod generate;
pub mod incremental;
pub mod init;
pub mod limits;
pub mod links;
pub mod load;
pub mod memory;
pub mod model;
pub mod pipeline;
pub mod publish;
pub mod rating;
pub mod render;
pub mod serve;
pub mod site_files;
pub mod sql;
pub mod standings;
pub mod text;
pub mod tournament;

pub use pipeline::{
    build_repository, check_repository, dump_repository, load_after_build, BuildError, BuildReport,
    Checked,
};
