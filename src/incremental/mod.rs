//! The incremental build: what a rebuild can skip because its inputs did
//! not change since the previous build.
//!
//! A build first compares the inputs' [`scan`] with what the previous build
//! recorded ([`cache`]): unchanged inputs and an unchanged site end the
//! build there. Otherwise the loader takes over the player and tournament
//! records of unchanged files from the parsed-input [`checkpoint`], and
//! rendering keys each page by a [`fingerprint`] of its data (hashed in the
//! binary encoding of [`hashing`]): a page with the same key is taken over
//! from the published site without rendering, and a changed SQL dump takes
//! its unchanged pieces over from the published one (`previous_dump`).
//! Rating takes over the records of the first tournaments that did not
//! change from the ratings the previous build kept ([`rated`]).

pub mod cache;
mod cache_file;
pub mod checkpoint;
pub mod fingerprint;
pub mod hashing;
pub mod inputs;
pub mod previous;
pub(crate) mod previous_dump;
pub mod rated;
mod rating_bytes;
pub mod scan;
