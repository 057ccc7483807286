//! `export-trf`: one of our tournaments as a FIDE TRF file, TRF-16 or TRF-2026.

use super::pairing::BAD_INPUT;
use crate::tournament::trf_exchange::{tournament_to_trf_version, PersonalData};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `ratingbook export-trf data/tournaments/<year>/<id>`: writes the tournament
/// as TRF in `version` to `out` (standard output by default). Personal data
/// (sex, birth date) is written when the configuration publishes it or
/// `personal` asks for it.
pub fn export_trf(
    event: &Path,
    root: &Path,
    version: trf::Version,
    personal: bool,
    out: Option<&PathBuf>,
) -> ExitCode {
    let checked = crate::pipeline::check_repository(root);
    if checked.error_count() > 0 {
        for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
            eprintln!("{d}");
        }
        eprintln!("error: fix the data first (ratingbook check)");
        return ExitCode::from(BAD_INPUT);
    }
    let dataset = &checked.loaded.dataset;
    let id = event.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let Some(t) = dataset.tournaments.iter().find(|t| t.id.as_str() == id) else {
        let hint = crate::text::closest(id, dataset.tournaments.iter().map(|t| t.id.as_str()));
        eprintln!("error: no tournament `{id}` under {}", root.display());
        if let Some(near) = hint {
            eprintln!("  help: did you mean `{near}`?");
        }
        return ExitCode::from(BAD_INPUT);
    };
    let personal = if personal || checked.loaded.config.site.publish_personal_data {
        PersonalData::Include
    } else {
        PersonalData::Omit
    };
    let text = tournament_to_trf_version(t, dataset, personal, version).write();
    super::pairing::write_out(out, &text)
}
