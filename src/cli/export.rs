//! `export-trf`: one of our tournaments as a FIDE TRF file, TRF-16 or TRF-2026.

use ratingbook::tournament::trf_exchange::{tournament_to_trf_version, with_ranks, PersonalData};
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
    let (checked, index) = match super::pairing::checked_event(root, event) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let dataset = &checked.loaded.dataset;
    let t = &dataset.tournaments[index];
    let personal = if personal || checked.loaded.config.site.publish_personal_data {
        PersonalData::Include
    } else {
        PersonalData::Omit
    };
    // The ranks as the published standings give them (ties listed apart),
    // with the ratings the site's standings use.
    let config = &checked.loaded.config;
    let ratings = ratingbook::rating::rate(dataset, &config.rating);
    let places = ratingbook::render::view::ViewBuilder::new(dataset, &ratings, config)
        .published_places(index);
    let doc = tournament_to_trf_version(t, dataset, personal, version);
    let text = with_ranks(doc, &places).write();
    // Each game once, from the lower start number's side, as the SQL dump counts them.
    let handicap_games = t
        .entries
        .iter()
        .flat_map(|e| (0..t.rounds as usize).map(move |round| (e, round)))
        .filter(|(e, round)| {
            e.stones_received(*round) != 0
                && e.paired_with(*round).is_some_and(|(o, _)| e.start_no < o)
        })
        .count();
    if handicap_games > 0 {
        eprintln!(
            "note: TRF has no field for handicap stones: the {handicap_games} handicap game(s) of `{}` \
             are written as even games; the crosstable ({}) and the SQL dump's `games.stones_received` keep them",
            t.id,
            t.table_source.display()
        );
    }
    super::pairing::write_out(out, &text)
}
