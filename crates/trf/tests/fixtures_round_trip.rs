//! Every TRF file under `tests/fixtures/` parses, writes back byte for byte
//! and is consistent.
use std::path::Path;

#[test]
fn trf_fixtures_round_trip() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let d = trf::parse(&text).unwrap();
        assert_eq!(d.write(), text, "{}", path.display());
        assert_eq!(trf::parse(&d.write()).unwrap(), d);
        assert!(d.check_consistency().is_empty(), "{}", path.display());
        count += 1;
    }
    assert!(count >= 4);
}
