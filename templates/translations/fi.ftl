# Sivuston sanat suomeksi.

## Lukumäärät: luku ja sanan muoto, jonka luku vaatii.
count-players = { $count ->
    [one] { $count } pelaaja
   *[other] { $count } pelaajaa
}
count-tournaments = { $count ->
    [one] { $count } turnaus
   *[other] { $count } turnausta
}
count-games = { $count ->
    [one] { $count } peli
   *[other] { $count } peliä
}

## Jokaisen sivun kehys.
skip-to-content = Siirry sisältöön
nav-main = Päävalikko
nav-ratings = Rankinglista
nav-tournaments = Turnaukset
nav-archive = Arkisto
nav-rules = Säännöt
nav-downloads = Lataukset
search-label = Haku
search-placeholder = Pelaaja tai turnaus
search-hint = Tarkkeet eivät ole pakollisia: saarenpaa löytää nimen Saarenpää.
search-go = Hae
footer-downloads = Lataukset
footer-list-csv = rankinglista CSV
footer-sql = SQL
footer-all = kaikki
