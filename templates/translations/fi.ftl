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

## Reports: Markdown, CSV, review comment, printouts.
-unplayed-virtual = jokainen pelaamaton kierros lasketaan peliksi virtuaalista vastustajaa vastaan, jolla on pelaajan pisteet ennen kierrosta sekä ½ jokaisesta myöhemmästä kierroksesta
-unplayed-dummy = jokainen pelaamaton kierros lasketaan peliksi kuvitteellista vastustajaa vastaan, jolla on pelaajan omat loppupisteet (FIDE C.07, 2023)
report-col-no = Nro
report-col-player = Pelaaja
report-col-name = Nimi
report-col-points = P
report-col-rank = Sija
report-col-club = Seura
report-col-country = Maa
report-col-rating = Vahvuusluku
report-col-international = Kv. vahvuusluku
report-col-national = Kansallinen
report-col-licence = Lisenssi
report-col-games = Pelit
report-col-change = Muutos
report-col-rank-change = Sijan muutos
report-col-last-rated = Viimeksi laskettu
report-col-active = Aktiivinen
report-col-before = Ennen
report-col-after = Jälkeen
report-col-score = Tulos
report-col-expected = Odotettu
report-col-international-rating = Kansainvälinen vahvuusluku
report-list-title = { $title }: rankinglista
report-list-intro = Tilanne { $date }. Sijoitettu: vakiintuneet jäsenet, joilla on laskettu peli { $since } jälkeen; passiiviset pelaajat ovat listalla ilman sijaa.
report-list-changes = Muutokset edelliseen listaan { $previous } (sijan muutos: + on nousu); ”{ report-new }” merkitsee pelaajia, jotka eivät olleet siinä.
report-new = uusi
report-active = { $active ->
    [yes] aktiivinen
   *[no] passiivinen
}
report-established = Vakiintuneet
report-provisional = Alustavat
report-international = Kansainväliset pelaajat
report-system = { $system ->
    [round-robin] kaikki kaikkia vastaan
   *[swiss] sveitsiläinen järjestelmä
}
report-rounds = { $count ->
    [one] { $count } kierros
   *[other] { $count } kierrosta
}
report-rated = laskettu vahvuuslukuun (K-perusarvo { $k }, { $time ->
    [rapid] pikapeli
   *[standard] normaali peliaika
}, { $rules ->
    [modified] muunnetut säännöt
   *[standard] vakiosäännöt
})
report-rated-none-counted = ei laskettu: yksikään sen peleistä ei vaikuta vahvuuslukuun
report-not-rated = ei laskettu vahvuuslukuun
report-illustrative = Havainnollistava esimerkki: keksityt tulokset, eivät todellisia.
report-standings = Lopputulokset
report-starting-list = Lähtölista
report-crosstable-start = Ristitaulukko lähtönumeroittain
report-crosstable-final = Ristitaulukko lopullisessa järjestyksessä
report-rating-changes = Vahvuuslukujen muutokset
report-bye = vapaa
report-legend = Jokainen ruutu: vastustajan { $numbers ->
    [start] lähtönumero
   *[final] loppusijoitus
} ja väri ({ $white } = valkea, { $black } = musta), sitten kierroksen pisteet: 1 voitto, ½ tasapeli, 0 tappio, + luovutusvoitto, − luovutustappio, ? tulos tulossa. ”{ report-bye } 1”, ”{ report-bye } ½”, ”{ report-bye } 0”: kierros ilman vastustajaa ja siitä saadut pisteet. Tyhjä ruutu: ei paritettu sillä kierroksella.
report-provisional-progress = alustava ({ $games }/{ $needed ->
    [one] { $needed } peli
   *[other] { $needed } peliä
})
report-tiebreak = { $id ->
    [bh] Buchholz: vastustajien pisteiden summa; { -unplayed-dummy }
    [bh-virtual] Buchholz: vastustajien pisteiden summa; { -unplayed-virtual }
    [bh-c1] Buchholz Cut 1: Buchholz ilman vähiten merkitsevää vastustajaa; { -unplayed-dummy }
    [bh-c1-virtual] Buchholz Cut 1: Buchholz ilman vähiten merkitsevää vastustajaa; { -unplayed-virtual }
    [bh-c2] Buchholz Cut 2: Buchholz ilman kahta vähiten merkitsevää vastustajaa; { -unplayed-dummy }
    [bh-c2-virtual] Buchholz Cut 2: Buchholz ilman kahta vähiten merkitsevää vastustajaa; { -unplayed-virtual }
    [bh-m1] Mediaani-Buchholz 1: Buchholz ilman parasta ja vähiten merkitsevää vastustajaa; { -unplayed-dummy }
    [bh-m1-virtual] Mediaani-Buchholz 1: Buchholz ilman parasta ja vähiten merkitsevää vastustajaa; { -unplayed-virtual }
    [sb] Sonneborn–Berger: voitettujen vastustajien pisteet ja puolet tasapelivastustajien pisteistä; { -unplayed-dummy }
    [sb-virtual] Sonneborn–Berger: voitettujen vastustajien pisteet ja puolet tasapelivastustajien pisteistä; { -unplayed-virtual }
    [win] Voittojen määrä: voitetut kierrokset, pelattuina tai ilman peliä
    [won] Laudalla voitettujen pelien määrä
    [gs] Voittojen määrä: laudalla voitetut ja luovutusvoitot
    [ps] Progressiiviset pisteet: kierroskohtaisten pistetilanteiden summa
    [de] Keskinäinen ottelu: tasapisteissä olevien keskinäiset pisteet
    [bpg] Mustalla pelattujen pelien määrä
    [aro] Vastustajien keskimääräinen vahvuusluku
    [tpr] Turnauksen suorituslukuarvo
   *[ks] Koya: pisteet niitä pelaajia vastaan, jotka saivat vähintään puolet enimmäispisteistä
}
report-survey-title = Tasoituskysely { $title }
report-survey-opinions = { $opinions }/{ $possible ->
    [one] { $possible } arviosta
   *[other] { $possible } arviosta
}
report-survey-grades = Tasot kivinä: 1k = 1, 1d = 0, 2d = -1; negatiivinen ero tarkoittaa nimellistä tasoa vahvempaa.
report-col-nominal = Nimellinen
report-col-original-method = Alkuperäinen menetelmä
report-col-difference = Ero
report-col-least-squares = Pienimmät neliöt
report-col-suggestion = Ehdotus
report-survey-no-opinions = ei arvioita
report-survey-error = Keskineliövirhe: alkuperäinen menetelmä { $original }, pienimmät neliöt { $least }
report-survey-residual = arvioiden jäännösten neliöllinen keskiarvo { $rms } kiveä
report-survey-threshold = Ehdotukset noudattavat menetelmää { $basis }, kun ero on vähintään { $threshold ->
    [one] { $threshold } taso
   *[other] { $threshold } tasoa
}.
diff-title = Vahvuuslukukirja: mitä tämä muutos julkaisee
diff-comparing = Verrataan { $base } ja { $head }.
diff-working-tree = { $branch }, työhakemisto
diff-base-broken = Pohjaversio ({ $base }) ei käänny, joten vertailukohtaa ei ole; tämä on muutoksen tila yksinään.
diff-head-broken = **Tämä muutos ei käänny**: korjaa alla olevat virheet; sivustoa ei julkaistaisi.
diff-players-change = { $count ->
    [0] Julkaistut vahvuusluvut eivät muutu
    [one] { $count } pelaajan tiedot muuttuvat
   *[other] { $count } pelaajan tiedot muuttuvat
}
diff-largest = suurin { $delta } ({ $name })
diff-rank-only = heistä { $count } vain sijaltaan
diff-tournaments-changed = { $count ->
    [one] { $count } turnaus lisätty, poistettu tai muutettu
   *[other] { $count } turnausta lisätty, poistettu tai muutettu
}
diff-roster = { $added } uutta ja { $removed } poistettua pelaajaa
diff-pool-players = { $title }: { $count ->
    [one] { $count } pelaajan tiedot muuttuvat
   *[other] { $count } pelaajan tiedot muuttuvat
}
diff-rest = Raportin loppuosa
diff-left-out = **Tästä kommentista jätetty pois: { $count ->
    [one] { $count } rivi
   *[other] { $count } riviä
}**, jotta kommentti pysyy sen { $limit } merkin rajassa. Koko raportti: `ratingbook diff --format json` (ja `--out TIEDOSTO` tallentaa sen tiedostoon).
diff-problems = Tämän muutoksen ongelmat
diff-none-new = Ei uusia.
diff-more-problems = { $count } muuta, jotka tämä muutos tuo
diff-earlier-problems = { $count }, jotka olivat jo ennen tätä muutosta
diff-both = { $first } ja { $second }
diff-problems-not-shown = Ei näytetty: { $what }. `ratingbook check` luettelee ne kaikki.
diff-tournaments = Turnaukset
diff-col-tournament = Turnaus
diff-col-start = Alku
diff-col-rated-games = Lasketut pelit
diff-col-phase = Vaihe
diff-col-history = Historia
diff-col-cause = Syy
diff-tournament-state = { $state ->
    [added] lisätty
    [removed] poistettu
   *[changed] muutettu
}
diff-players = Pelaajat
diff-pool-heading = { $title } (rankinglista { $name })
diff-players-moved = { $count ->
    [one] { $count } pelaaja, jonka vahvuusluku, vaihe tai lasketut pelit muuttuvat
   *[other] { $count } pelaajaa, joiden vahvuusluku, vaihe tai lasketut pelit muuttuvat
}
diff-players-rank-only = { $count ->
    [one] { $count } pelaaja, jonka vain sija muuttuu
   *[other] { $count } pelaajaa, joiden vain sija muuttuu
}
diff-players-not-shown = Ei näytetty: { $what }. Koko luettelo: `ratingbook diff --format json`.
diff-ripple = heijastusta turnauksesta { $tournament }
diff-history-after = turnauksen { $tournament } jälkeen: { $change }
diff-history-more = { $count ->
    [one] { $count } turnaus lisää
   *[other] { $count } turnausta lisää
}
diff-not-played-before = ei pelannut ennen, nyt { $value }
diff-no-longer-played = ei enää pelattu
diff-performance = suoritusluku { $before } → { $after }
diff-phase = { $phase ->
    [established] vakiintunut
    [provisional] alustava
   *[unrated] ei vahvuuslukua
}
diff-results = Tulokset
diff-game = { $tournament }, kierros { $round }: { $first } – { $second }: { $result }
diff-game-added = { $result } (lisätty)
diff-game-removed = { $result } (poistettu)
diff-new-players = Uudet pelaajat
diff-removed-players = Poistetut pelaajat
