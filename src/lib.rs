//! ratingbook: a games association's rating book kept as plain text in git.
//!
//! The pipeline runs one way:
//! `data/ --load--> model --check--> model --rating--> results --render--> site/`.

pub mod pairing;
pub mod trf;
