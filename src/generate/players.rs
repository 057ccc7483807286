//! Generated players: names from Finnish, Turkish and Slovak name lists, clubs,
//! memberships, presets and the hidden strengths that results are drawn from.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

const GIVEN: [&str; 24] = [
    "Aino", "Eero", "Ilkka", "Jussi", "Kaisa", "Lauri", "Maija", "Niko", "Olli", "Pia", "Riikka",
    "Sami", "Tuula", "Ville", "Ayşe", "Emre", "Işıl", "Çağlar", "Özgür", "Jana", "Peter", "Zuzana",
    "Marek", "Eva",
];
const FAMILY: [&str; 24] = [
    "Virtanen",
    "Korhonen",
    "Mäkinen",
    "Nieminen",
    "Hämäläinen",
    "Laine",
    "Heikkinen",
    "Koskinen",
    "Järvinen",
    "Lehtonen",
    "Yılmaz",
    "Kaya",
    "Demir",
    "Şahin",
    "Çelik",
    "Öztürk",
    "Novák",
    "Horváth",
    "Kováč",
    "Varga",
    "Tóth",
    "Nagy",
    "Baláž",
    "Saarenpää",
];

/// A generated player, with the hidden strength results are drawn from.
pub(super) struct GenPlayer {
    pub(super) id: String,
    name: String,
    membership: &'static str,
    pub(super) strength: f64,
    international: Option<u32>,
    preset: Option<(u32, u32)>,
    club: &'static str,
}

/// Club names, also the cities events are held in.
pub(super) const CLUBS: [&str; 6] = [
    "Helsinki",
    "Tampere",
    "Turku",
    "İstanbul",
    "Bratislava",
    "Oulu",
];

/// `n` players with random names, memberships, presets and clubs.
pub(super) fn make_players(rng: &mut ChaCha8Rng, n: usize) -> Vec<GenPlayer> {
    (0..n)
        .map(|i| {
            let given = GIVEN[rng.random_range(0..GIVEN.len())];
            let family = FAMILY[rng.random_range(0..FAMILY.len())];
            let name = format!("{family} {given}");
            let id = format!("{}-{}", crate::model::Slug::from_name(&name), i + 1);
            let strength = 1800.0 + normal(rng) * 250.0;
            let roll: f64 = rng.random();
            let membership = match roll {
                r if r < 0.75 => "member",
                r if r < 0.80 => "honorary",
                r if r < 0.92 => "rif",
                _ => "other",
            };
            let international =
                (membership == "rif").then(|| strength.clamp(1000.0, 2900.0) as u32);
            let preset = (membership == "member" && rng.random_bool(0.3)).then(|| {
                (
                    crate::model::Preset::RATINGS[rng.random_range(0..5)],
                    crate::model::Preset::GAMES[rng.random_range(0..4)],
                )
            });
            GenPlayer {
                id,
                name,
                membership,
                strength,
                international,
                preset,
                club: CLUBS[rng.random_range(0..CLUBS.len())],
            }
        })
        .collect()
}

/// A standard normal deviate.
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    // Box–Muller.
    let u1: f64 = rng.random_range(f64::EPSILON..1.0);
    let u2: f64 = rng.random();
    (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
}

/// The player's TOML file text.
pub(super) fn player_toml(p: &GenPlayer) -> String {
    crate::files::player::player_file_text(&crate::files::player::PlayerFile {
        name: &p.name,
        membership: crate::model::Membership::parse(p.membership).expect("a generated membership"),
        club: p.club,
        country: "",
        international_rating: p.international,
        fide_id: None,
        title: "",
        fide_name: None,
        sex: None,
        birth_date: None,
        birth_year: None,
        preset: p.preset,
        start: None,
    })
}
