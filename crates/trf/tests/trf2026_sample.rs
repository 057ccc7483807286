//! FIDE's Technical Commission's TRF-2026 sample (a 249-player, 50-team Swiss,
//! from the rating book's real-file corpus): every record is read, typed where
//! TRF-2026 defines it, and the document writes back field for field.
use trf::{ByeKind, ScoreClass, TrfLine, Version};

const SAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/trf-real/fide-tec-grandmommyscup-trf2026.trf"
);

#[test]
fn fide_sample_reads_and_writes_back_field_for_field() {
    let text = std::fs::read_to_string(SAMPLE).unwrap();
    let d = trf::parse(&text).unwrap();
    assert_eq!(d.version(), Version::Trf2026);
    // Counts taken from the file with grep.
    assert_eq!(d.players().count(), 249);
    assert_eq!(d.national_lines().count(), 15);
    assert_eq!(d.bye_records().count(), 18);
    let count = |f: fn(&TrfLine) -> bool| d.lines.iter().filter(|l| f(l)).count();
    assert_eq!(count(|l| matches!(l, TrfLine::Acceleration(_))), 4);
    assert_eq!(count(|l| matches!(l, TrfLine::Prohibited(_))), 3);
    assert_eq!(d.total_rounds(), Some(14));
    assert_eq!(d.header("202"), Some("EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"));
    assert_eq!(
        d.scoring(),
        vec![
            (ScoreClass::Win, trf::Points(10)),
            (ScoreClass::Draw, trf::Points(5)),
            (ScoreClass::Loss, trf::Points(0)),
        ]
    );
    let first_bye = d.bye_records().next().unwrap();
    assert_eq!(
        (first_bye.kind, first_bye.round, first_bye.ids.as_slice()),
        (ByeKind::Full, 1, &[3][..])
    );
    for code in ["013", "300", "310", "320", "330", "801", "802"] {
        assert!(d.team_records().contains(&code), "{code}");
    }
    let national = d.national_lines().next().unwrap();
    assert_eq!(
        (
            national.federation.as_str(),
            national.start_no,
            national.rating
        ),
        ("IND", 1, Some(2634))
    );
    assert_eq!(national.birth_date, "1987/07/05");
    let again = trf::parse(&d.write()).unwrap();
    assert_eq!(again, d);
    // Down to TRF-16 and back up keeps every player line.
    let down = trf::parse(&d.to_version(Version::Trf16).write()).unwrap();
    assert_eq!(down.total_rounds(), Some(14));
    assert!(down.lines.contains(&TrfLine::TotalRounds(14)));
    let up = trf::parse(&down.to_version(Version::Trf2026).write()).unwrap();
    let players = |doc: &trf::TrfDocument| doc.players().cloned().collect::<Vec<_>>();
    assert_eq!(players(&up), players(&down));
}
