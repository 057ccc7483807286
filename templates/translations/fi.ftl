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
scroll-hint = Vieritä sivuttain nähdäksesi lisää
footer-all = kaikki

## Words many pages share: breadcrumbs, page and year navigation, table headings.
home = Etusivu
breadcrumb = Murupolku
pages-nav = Sivut
pages-nav-end = Sivut, listan loppu
page-of = Sivu { $number }/{ $count }:
page-first = Ensimmäinen
page-previous = Edellinen
page-next = Seuraava
page-last = Viimeinen
years-nav = Vuodet
years-label = Vuodet:
col-player = Pelaaja
col-rating = Vahvuusluku
col-games = Pelit
col-club = Seura
col-country = Maa
col-tournament = Turnaus
col-dates = Päivät
col-city = Kaupunki
col-players = Pelaajia
col-rounds = Kierroksia
col-rated = Laskettu
col-last-rated = Viimeksi laskettu
col-files = Tiedostot
word-yes = kyllä
word-no = ei
tag-illustrative = esimerkki
tag-inactive = passiivinen
no-tournaments-yet = Ei vielä turnauksia.
past-lists = Aiemmat listat:
download-label = Lataa:
as-of-before = Tilanne
as-of-after = .
nav-methods = Menetelmät
nav-surveys = Tasoituskyselyt

## The front page.
front-as-of-before = Vahvuuslukujen tilanne
front-as-of-after = .
front-news = Uutiset
front-top = Parhaat aktiiviset pelaajat
front-no-top = Ei aktiivisia vakiintuneita pelaajia.
front-full-list = Koko rankinglista
front-inactive-hidden = { $count ->
    [one] ({ $count } passiivinen pelaaja piilotettu oletuksena)
   *[other] ({ $count } passiivista pelaajaa piilotettu oletuksena)
}
front-leaders = Kunkin seuran ja maan paras aktiivinen pelaaja
front-recent = Viimeisimmät turnaukset
leader-club = Seura
leader-country = Maa

## The page not found.
not-found-title = Sivua ei löydy
not-found-before = Tässä osoitteessa ei ole sivua. Kokeile yllä olevaa hakua,
not-found-list = rankinglistaa
not-found-or = tai
not-found-tournaments = turnauksia
not-found-after = .

## The archive of year-end lists.
archive-title = Rankinglistojen arkisto
archive-intro = Rankinglista sellaisena kuin se oli kunkin turnausvuoden lopussa; viimeisimmältä vuodelta sellaisena kuin se on viimeisimpien tulosten jälkeen.
archive-to-date = { $year } tähän asti
archive-end-of = Vuoden { $year } lopussa

## The tournaments and the downloads.
tournaments-title = Turnaukset
downloads-title = Lataukset
downloads-list-csv = Rankinglista (CSV)
downloads-list-csv-about = : listan päivämäärä, sija (vain aktiiviset pelaajat), tunnus, nimi, seura, maa, jäsenyys, vahvuusluku, pelit, viimeksi pelannut, aktiivinen (
downloads-true = true
downloads-or = tai
downloads-false = false
downloads-list-markdown = Rankinglista (Markdown)
downloads-pool-about-before = :
downloads-pool-list = lista
downloads-pool-about-after = { " " }sellaisena kuin sen sivu sen näyttää.
downloads-sql = Koko vahvuuslukukirja tietokannalle { $database } (SQL)
downloads-sql-about = : pelaajat, turnaukset, pelit, vahvuuslukumuutokset ja rankinglista; latautuu vain tietokantaan { $database }:
downloads-tournaments = Turnaukset
downloads-trf = FIDE TRF

## The search page and what the search box shows.
search-title = Haku
search-everything = Pelaajat ja turnaukset
search-browse-intro = Kirjoita hakukenttään löytääksesi kenet tahansa, tai selaa pelaajia nimen alkukirjaimen ja turnauksia vuoden mukaan.
search-group-intro = Kirjoita hakukenttään rajataksesi listan nimeen.
search-all-intro = Kaikki pelaajat ja turnaukset. Kirjoita hakukenttään rajataksesi listaa.
search-browse = Selaa
search-player = pelaaja
search-tournament = turnaus
search-players = Pelaajat
search-tournaments = Turnaukset
search-other = Muut
search-all-found = Kaikki { $count } osumaa
search-found-for = { $count } osumaa haulla ”{ $query }”.
search-rating = vahvuusluku { $rating }
search-provisional = alustava

## The rating lists.
list-title = Rankinglista
list-title-year = Rankinglista { $year }
list-established-after = Jäsenet vakiintuvat { $count } lasketun pelin jälkeen.
list-inactive-since = Pelaajat, joilla ei ole laskettua peliä { $date } jälkeen,
list-inactive-hidden = { $count ->
    [one] ovat passiivisia ja piilossa, kunnes valitset taulukon yläpuolelta ”Näytä { $count } passiivinen pelaaja”.
   *[other] ovat passiivisia ja piilossa, kunnes valitset taulukon yläpuolelta ”Näytä { $count } passiivista pelaajaa”.
}
list-inactive-none = ovat passiivisia; tällä listalla ei ole yhtään.
list-changes-before = Muutokset
list-rating-change = vahvuusluvun muutos
list-rank-change = sijoituksen muutos, + ylöspäin
list-changes-since = ovat listasta
list-new = uusi
list-new-marks = merkitsee pelaajia, jotka eivät olleet siinä.
list-chart = Parhaiden pelaajien vahvuuslukuhistoria:
list-chart-title = { $count } parhaan pelaajan vahvuuslukuhistoria
lists-nav = Listat
filter-club = Seura
filter-country = Maa
filter-membership = Jäsenyys
filter-category = Luokka
filter-category-title = Luokka: { $category }
list-established = Vakiintuneet
list-show-inactive = { $count ->
    [one] Näytä { $count } passiivinen pelaaja
   *[other] Näytä { $count } passiivista pelaajaa
}
list-hide-inactive = Piilota passiiviset pelaajat
list-no-established = Ei vakiintuneita vahvuuslukuja.
list-provisional = Alustavat
list-provisional-intro = Vahvuuslukua ei julkaista ennen { $count } peliä (esiasetetut pelit mukaan lukien).
list-no-provisional = Ei alustavia jäseniä.
list-international = Kansainväliset pelaajat
list-international-intro = Kansainvälisen liiton vahvuusluvut sellaisina kuin ne on kirjattu; emme laske niitä itse.
list-international-rating = Kansainvälinen vahvuusluku
list-no-international = Ei kansainvälisiä pelaajia.
list-download-csv = rankinglista CSV-muodossa
list-download-markdown = Markdown-muodossa

## The player's page.
player-rating = Vahvuusluku
player-provisional = alustava, { $progress } peliä
player-in-lists-before = alla
player-in-lists-after = { $count ->
    [one] olevalla listalla
   *[other] olevilla listoilla
}
player-not-rated = emme laske hänelle vahvuuslukua
player-grade-for-rating = Tätä vahvuuslukua vastaava taso
player-grade = Taso
player-peak = Korkein
player-lowest = Matalin
player-rated-games = Lasketut pelit
player-score = Pisteet
player-membership = Jäsenyys
membership-name = { $membership ->
    [member] jäsen
    [honorary] kunniajäsen
    [rif] kansainvälisen liiton jäsen
   *[other] muu
}
player-club = Seura
player-country = Maa
player-international = Kansainvälinen vahvuusluku
player-peak-note = Korkein ja matalin lasketaan vain vakiintuneista vahvuusluvuista; alustavassa vaiheessa vahvuuslukua ei julkaista.
player-history = Vahvuuslukuhistoria
player-chart-every = { $count ->
    [one] { $count } laskettu turnaus
   *[other] { $count } laskettua turnausta
}
player-chart-some = Vahvuusluvut { $count } turnauksen jälkeen alla olevista { $total } turnauksesta
player-chart-band = ; varjostettu alue on alustava vaihe
player-chart-every-row = . Viimeinen piste on nimetty; vie osoitin pisteen päälle tai napauta sitä nähdäksesi turnauksen, tai lue jokainen piste alla olevasta taulukosta (yksi rivi pistettä kohden).
player-chart-rated-rows = . Viimeinen piste on nimetty; vie osoitin pisteen päälle tai napauta sitä nähdäksesi turnauksen, tai lue jokainen piste alla olevasta taulukosta (rivit, joilla on vahvuusluku).
col-date = Päivä
col-score = Pisteet
col-perf = Suor.
col-round = Kierros
col-opponent = Vastustaja
col-result = Tulos
col-opp-rating = Vast. vahvuus
col-won = Voitot
col-drawn = Tasapelit
col-lost = Tappiot
col-diff = Ero
player-first-rating = Ensimmäinen vahvuusluku
title-expected = odotettu tulos
title-performance = suoritusluku
title-k = K-kerroin
title-sum = summa K × (W − We)
title-change-rounded = vahvuusluvun muutos pyöristettynä
legend-history-we = odotettu tulos: W<sub>e</sub>:n summa lasketuista peleistä
legend-history-perf = suoritusluku: R<sub>c</sub> + (W<sub>c</sub> − { $half }) × { $spread } turnauksen lasketuista peleistä
legend-history-k = käytetyt K-kertoimet
legend-history-sum = K × (W − W<sub>e</sub>):n summa lasketuista peleistä ennen pyöristystä
legend-history-change = vahvuusluvun muutos: Σ pyöristettynä { $rounding }
player-best-wins = Parhaat voitot
player-head-to-head = Keskinäiset ottelut
player-games = Pelit
legend-games-result = 1 voitto, ½ tasapeli, 0 tappio, + luovutusvoitto tai vapaakierros, − luovutustappio tai poissaolo
legend-games-opp = vastustajan vahvuusluku, jota säännöt käyttivät
legend-games-we = odotettu tulos tätä vastustajaa vastaan
legend-games-k = pelin K-kerroin; jokainen arvo linkittää K-sääntöihin ja näyttää osoittimen alla, miten se määräytyi
legend-games-w = pelin tulos: 1, ½ tai 0
legend-games-change = mitä peli lisää turnauksen summaan Σ
pool-own-before = Oma vahvuuslukulistansa, laskentamenetelmä
pool-own-list = lista
pool-uncertainty = epävarmuus: vahvuusluvun keskihajonta
pool-deviation = vahvuusluvun poikkeama (RD): vahvuusluvun keskihajonta
pool-no-rating = ei vielä vahvuuslukua
pool-chart = { $count ->
    [one] { $count } laskettu turnaus tällä listalla. Viimeinen piste on nimetty; jokainen piste on alla olevassa taulukossa.
   *[other] { $count } laskettua turnausta tällä listalla. Viimeinen piste on nimetty; jokainen piste on alla olevassa taulukossa.
}
pool-games = Pelit tällä listalla
pool-diff-title = oma vahvuusluku − vastustajan, enintään 400 kumpaankin suuntaan alle 2650:n
pool-whr-note-before = Vast. vahvuus: vastustajan vahvuusluku sinä päivänä; We: odotettu tulos, jonka
pool-rules = säännöt
pool-whr-note-after = antavat molempien pelaajien saman päivän vahvuusluvuista, kaikista nykyään tunnetuista peleistä laskettuna. Whole-History Rating -menetelmässä ei ole K-kerrointa.
pool-note-before = We: odotettu tulos, jonka
pool-note-after = antavat tätä vastustajaa vastaan turnauksen alussa; K ja K×(W−We) menetelmille, joissa on K-kerroin.

## How changes are rounded, as the rules, legends and reports say it.
rounding-half-away = lähimpään kokonaislukuun; puolikas pyöristetään poispäin nollasta (+2,5 → +3, −2,5 → −3)
rounding-half-even = lähimpään kokonaislukuun; puolikas pyöristetään parilliseen lukuun (+2,5 → +2, +3,5 → +4)

## The tournament's page, its rounds and its player cards.
tournament-illustrative = Havainnollistava esimerkki: nämä tulokset on keksitty näyttämään vahvuuslukukirja toiminnassa; ne eivät ole todellisia tuloksia.
fact-dates = Päivät
fact-city = Kaupunki
fact-system = Järjestelmä
fact-rating = Vahvuuslaskenta
fact-downloads = Lataukset
count-rounds = { $count ->
    [one] { $count } kierros
   *[other] { $count } kierrosta
}
system-swiss = sveitsiläinen
system-round-robin = kaikki kaikkia vastaan
time-control-standard = normaali
time-control-rapid = pika
game-rules-standard = normaalit
game-rules-modified = muunnellut
tournament-rated = laskettu, perus-K { $k }, peliaika: { $control }, säännöt: { $rules }
tournament-not-counted = ei laskettu: yksikään sen peleistä ei vaikuta vahvuuslukuun
tournament-not-rated = ei laskettu
download-crosstable-csv = ristitaulukko CSV
download-markdown-report = Markdown-raportti
download-sql-dump = koko kirjan SQL-vedos tietokannalle { $database }
rounds-heading = Kierrokset
round-link = Kierros { $round }
round-pairing-pending = (parit; tulokset tulossa)
round-results-pending = (tulokset tulossa)
player-cards = Pelaajakortit
standings-heading = Tulokset
col-no = Nro
col-title = Arvo
col-fed = Liitto
col-pts = P
col-rp = Rp
col-report = Raportti
col-rank = Sija
col-name = Nimi
col-int-rating = Kv. vahvuus
col-national = Kansallinen
col-licence = Lisenssi
col-phase = Vaihe
col-before = Ennen
col-after = Jälkeen
abbr-start-number = lähtönumero
abbr-federation = liitto
abbr-points = pisteet
abbr-performance = suoritusluku
abbr-rating-change = vahvuusluvun muutos
abbr-report = sija tapahtuman omassa raportissa
title-player-card = pelaajakortti
legend-no = lähtönumero, linkki pelaajan korttiin
legend-rating = vahvuusluku tässä tapahtumassa: tapahtuman oma, muuten kansainvälinen, muuten meidän lukumme alussa
legend-pts = pisteet
legend-rp = suoritusluku (FIDE): vastustajien keskivahvuus lisättynä FIDE:n taulukon pistemäärää vastaavalla vahvuuserolla, laskettuna peleistä vahvuusluvullisia vastustajia vastaan
legend-change = tämän tapahtuman vahvuusluvun muutos
legend-report = sija tapahtuman omassa raportissa, joka ratkaisee tasapisteet omilla jatkopisteillään
starting-heading = Lähtölista
starting-order = Järjestetty kansainvälisen vahvuusluvun, kansallisen vahvuusluvun, nimen ja lisenssinumeron mukaan.
crosstable-start-heading = Ristitaulukko lähtönumeroittain
crosstable-final-heading = Ristitaulukko loppujärjestyksessä
crosstable-final-rows = Rivit loppujärjestyksessä.
handicap-start-legend = ”h3” tuloksen jälkeen: tasoituspeli, musta sai 3 kiveä.
handicap-final-legend = ”h3”: tasoituspeli, musta sai 3 kiveä.
handicap-title = mustan saamat tasoituskivet
notation-legend = Jokainen solu: vastustajan { $numbers } ja väri ({ $colours }), sitten kierroksen pisteet: 1 voitto, ½ tasapeli, 0 tappio, + luovutusvoitto, − luovutustappio, ? tulos tulossa. ”vapaa 1”, ”vapaa ½”, ”vapaa 0”: kierros ilman vastustajaa ja sen antamat pisteet. Tyhjä solu: ei paria sillä kierroksella.
notation-bye = vapaa
notation-start-number = lähtönumero
notation-final-place = loppusija
colour-legend = väri: { $white } = valkea, { $black } = musta
changes-heading = Vahvuuslukujen muutokset
changes-in-list = Vahvuuslukujen muutokset listalla { $list }
changes-rated-on = Laskettu listalle { $date } turnauksen alkaessa voimassa olleen listan ({ $in_force }) vahvuusluvuista; Δ ja Jälkeen koskevat koko laskentajaksoa ja kaikkia pelaajan turnauksia tällä listalla (
changes-rating-period = laskentajakso
changes-list-games = tällä listalla lasketut pelit
changes-list-we = odotettu tulos: näiden pelien odotettujen tulosten summa
changes-list-change = vahvuusluvun muutos menetelmällä { $system }; tyhjä ensimmäiselle vahvuusluvulle
changes-games = vahvuuslukuun lasketut pelit
changes-we = odotettu tulos: W<sub>e</sub>:n summa näistä peleistä
changes-k = käytetyt K-kertoimet
changes-change = vahvuusluvun muutos: Σ K × (W − W<sub>e</sub>) pyöristettynä { $rounding }; alustavan pelaajan ensimmäinen vahvuusluku saadaan kaavasta R<sub>p</sub> = R<sub>c</sub> + (W<sub>c</sub> − { $half }) × { $spread }
changes-rule = sääntö
phase-provisional = alustava
phase-established = vakiintunut
phase-unrated = ei vahvuuslukua
tiebreak-unplayed-virtual = { $what }; jokainen pelaamaton kierros lasketaan peliksi virtuaalista vastustajaa vastaan, jolla on pelaajan pisteet ennen sitä kierrosta ja ½ jokaiselta myöhemmältä kierrokselta
tiebreak-unplayed-dummy = { $what }; jokainen pelaamaton kierros lasketaan peliksi kuvitteellista vastustajaa vastaan, jolla on pelaajan omat loppupisteet (FIDE C.07, 2023)
tiebreak-bh = Buchholz: vastustajien pisteiden summa
tiebreak-bh-c1 = Buchholz Cut 1: Buchholz ilman heikointa vastustajaa
tiebreak-bh-c2 = Buchholz Cut 2: Buchholz ilman kahta heikointa vastustajaa
tiebreak-bh-m1 = Mediaani-Buchholz 1: Buchholz ilman vahvinta ja heikointa vastustajaa
tiebreak-sb = Sonneborn–Berger: voitettujen vastustajien pisteet ja puolet tasapelivastustajien pisteistä
tiebreak-win = Voittojen määrä: voitetut kierrokset pelattuina tai ilman peliä
tiebreak-won = Laudalla voitettujen pelien määrä
tiebreak-gs = Voittojen määrä: laudalla ja luovutuksin
tiebreak-ps = Progressiivinen pistemäärä: juoksevien pisteiden summa
tiebreak-de = Keskinäinen ottelu: pisteet tasapisteissä olevia vastaan
tiebreak-bpg = Mustalla pelattujen pelien määrä
tiebreak-aro = Vastustajien keskivahvuus
tiebreak-tpr = Turnauksen suoritusluku
tiebreak-ks = Koya: pisteet vähintään puolet maksimipisteistä saaneita vastaan

## The round pages and the player cards.
round-title = { $tournament }, kierros { $round }
round-heading = { $tournament }: kierros { $round }/{ $rounds }
round-pairings = Parit
round-results = Tulokset
round-pending-note = Tulokset tulossa: tuloksen kohdalla näkyy ”?”, kunnes se on syötetty.
col-board = Pöytä
col-white = Valkea
col-black = Musta
abbr-points-before = pisteet ennen kierrosta
round-board-order = Pöydät järjestetty pelaajien ennen kierrosta saamien pisteiden korkeamman mukaan, sitten pisteiden summan, sitten paremman lähtönumeron mukaan. P: pisteet ennen kierrosta. Tulos:
round-white-first = valkean pisteet ensin
round-first-named-first = ensin mainitun pelaajan pisteet ensin
round-result-symbols = ; + ja − luovutuksella voitettu ja hävitty peli; ? tulos tulossa.
round-without-game = Ilman peliä
round-standings-before = Tilanne ennen kierrosta { $round }
round-standings-after = Tilanne kierroksen { $round } jälkeen
round-legend-pts = { $count ->
    [one] pisteet { $count } kierroksen jälkeen
   *[other] pisteet { $count } kierroksen jälkeen
}
round-legend-tiebreak = { $description }, tähän asti pelatuista kierroksista
round-legend-rp = suoritusluku (FIDE) tähän asti pelatuista peleistä vahvuusluvullisia vastustajia vastaan
unpaired-bye = vapaakierros (1 piste)
unpaired-full-bye = täyden pisteen vapaakierros (1 piste)
unpaired-half-bye = puolen pisteen vapaakierros (½ pistettä)
unpaired-zero-bye = nollan pisteen vapaakierros (0 pistettä)
unpaired-absent = ei paria
colour-white = valkea
colour-black = musta
cards-title = { $tournament }: pelaajakortit
cards-legend = Jokainen kortti seuraa yhtä pelaajaa kierros kierrokselta: vastustaja (lähtönumero, nimi, vahvuusluku), väri, tulos (1 voitto, ½ tasapeli, 0 tappio, + luovutusvoitto, − luovutustappio, ? tulos tulossa; ”vapaa 1”, ”vapaa ½”, ”vapaa 0”: kierros ilman vastustajaa ja sen antamat pisteet) ja pisteet kierroksen jälkeen.
card-player-page = Pelaajan sivu
card-rating = vahvuusluku { $rating }
card-points = { $points } pistettä
card-place = , sija { $place }
card-performance = suoritusluku { $performance }
col-colour = Väri
col-total = Yht.
abbr-opponent-number = vastustajan lähtönumero
abbr-points-after = pisteet kierroksen jälkeen

## A further list's pages.
pool-intro-before = Oma vahvuuslukulistansa: siihen lasketaan vain sen omat turnaukset, eivätkä sen pelit koskaan muuta vahvuuslukua toisella listalla. Laskentamenetelmä:
pool-intro-as-of = . Tilanne
pool-intro-inactive = ; pelaajat, joilla ei ole laskettua peliä { $date } jälkeen, on merkitty passiivisiksi eikä heillä ole sijaa.
pool-no-ratings = Ei vielä vahvuuslukuja.
pool-without-rating = Vielä ilman vahvuuslukua
pool-download-csv = tämä lista CSV-muodossa
col-rd = RD

## Handicap surveys.
surveys-title = Tasoituskyselyt
surveys-intro = Jokainen jäsen kertoi, millä tasoituksella peli kutakin toista jäsentä vastaan olisi tasaväkinen; arviot näyttävät, kenen taso näyttää vanhentuneelta.
survey-title = Tasoituskysely { $title }
survey-opinions = { $count }/{ $possible } arviota.
survey-grades = Tasot kivinä: 1k = 1, 1d = 0, 2d = −1; negatiivinen ero tarkoittaa nimellistä tasoa vahvempaa.
survey-nominal = Nimellinen
survey-original = Alkuperäinen menetelmä
survey-difference = Ero
survey-least-squares = Pienimmät neliöt
survey-suggestion = Ehdotus
survey-no-opinions = (ei arvioita)
survey-mse = Keskineliövirhe: alkuperäinen menetelmä { $original }, pienimmät neliöt { $least }
survey-residual = (arvioiden jäännösten RMS { $rms } kiveä)
survey-suggestions = Ehdotukset seuraavat tätä arviota: { $basis }, kun ero on vähintään { $threshold } tasoa.
survey-basis-filled-in = alkuperäisen menetelmän arvio
survey-basis-least-squares = pienimmän neliösumman arvio
survey-promote = ylennys { $from } → { $to }
survey-demote = alennus { $from } → { $to }
survey-name-separator = {", "}
survey-note-missing = { $missing }/{ $possible } arviota puuttuu; alkuperäinen menetelmä täyttää ne nimellisten tasojen erolla, pienimmän neliösumman arvio jättää ne pois.
survey-note-no-opinions = Ei annettuja eikä saatuja arvioita: { $players }; pienimmän neliösumman arvio pitää nimellisen tason.
survey-note-disconnected = Mikään arvio ei yhdistä pelaajia { $groups } ryhmän välillä; kunkin ryhmän pienimmän neliösumman arviot keskitetään ryhmän oman nimellisen keskitason ympärille, joten niitä voi verrata vain ryhmän sisällä.

## The rating rules page (the association's own system). Markup stays as it is.
rules-text-1 = Vahvuuslukusäännöt
rules-text-2 = Tämä sivu on tuotettu siitä asetuksesta, jolla vahvuusluvut on laskettu, joten jokainen alla oleva luku on voimassa oleva. Pelaaja- ja turnaussivujen lyhenteet linkittävät tänne.
rules-text-3 = Kenen pelit lasketaan
rules-text-4 = <strong>Jäsenille ja kunniajäsenille</strong> lasketaan vahvuusluku. Heidän pelinsä lasketaan heidän vastustajilleen meidän vahvuusluvullamme (vakiintuneen jäsenen vahvuusluku turnauksen alussa).
rules-text-5 = <strong>Kansainvälisen liiton jäsenille</strong> (<code>rif</code> listoissa) emme laske vahvuuslukua, mutta pelit heitä vastaan lasketaan jäsenillemme heidän kyseisen turnauksen kansainvälisellä vahvuusluvullaan. Vakiintuneen jäsenen K puolitetaan tällaisessa pelissä (<a href="#rule-k-international">alla</a>). Pelaaja, jolla ei ole turnaukseen kansainvälistä vahvuuslukua, ei vaikuta kenenkään vahvuuslukuun.
rules-text-6 = <strong>Muut pelaajat</strong> (ei jäsenyyttä tai vain alustava kansainvälinen vahvuusluku): heidän pelejään ei lasketa kummallekaan osapuolelle.
rules-text-7 = Vapaakierroksia, luovutuksia ja poissaoloja ei koskaan lasketa, eikä laskemattoman turnauksen pelejä.
rules-text-8 = Uudet pelaajat: alustava vaihe
rules-text-9 = Jäsen voi aloittaa esiasetuksella: aloitusvahvuusluku (1600, 1700, 1800, 1900 tai 2000; 1600, jos ei muuta) ja 0, 5, 10 tai 15 esiasetettua peliä. Esiasetetut pelit lasketaan peleiksi esiasetetun vahvuisen vastustajan kanssa, kukin tuloksella ½.
rules-text-10 = Jäsen on alustava, kunnes esiasetetut ja lasketut pelit yhteensä ovat { $games }; määrä tarkistetaan kunkin turnauksen lopussa. Vahvuuslukua ei sillä välin julkaista: listat näyttävät määrän, esim. 12/{ $games }.
rules-text-11 = Alustavana peli lasketaan vastustajan vahvuusluvulla: vakiintuneen jäsenen vahvuusluku turnauksen alussa, <code>rif</code>-pelaajan kansainvälinen vahvuusluku tai alustavan jäsenen esiasetettu aloitusvahvuusluku.
rules-text-12 = Sama kaava yhden turnauksen lasketuista peleistä antaa <strong>suoritusluvun</strong> (Suor.), joka näytetään pelaajasivuilla turnauksittain.
rules-text-13 = Vakiintuneet pelaajat
rules-text-14 = Pyöristys: summa pyöristetään { $rounding }.
rules-text-15 = Vakiintuneen jäsenen peli lasketaan vain vakiintunutta jäsentä tai turnaukseen kansainvälisen vahvuusluvun omaavaa pelaajaa vastaan. Peli alustavaa jäsentä vastaan, jolla ei ole kansainvälistä vahvuuslukua, ei muuta mitään vakiintuneelle pelaajalle (alustavalle se lasketaan silti).
rules-text-16 = K-kerroin
rules-text-17 = Pelin K määräytyy näiden sääntöjen mukaan tässä järjestyksessä:
rules-text-18 = Perus-K = { $base_k }, ellei turnaus määrää omaa perus-K:taan.
rules-text-19 = Turnauksen alun vahvuusluvusta { $high_rating } alkaen K = { $high_k } (ei koskaan enempää kuin turnauksen perus-K).
rules-text-20 = Puolitetaan, jos turnaus pelattiin muunnelluin säännöin.
rules-text-21 = Puolitetaan pikaturnauksessa (alle 30 minuuttia pelaajaa kohden).
rules-text-22 = Puolitetaan, kun vastustajalla ei ole meidän vakiintunutta vahvuuslukuamme ja hänet lasketaan kansainvälisellä vahvuusluvulla (<code>rif</code>-pelaaja tai alustava jäsen, jolla on kansainvälinen vahvuusluku).
rules-text-23 = Esimerkiksi { $base_k } muuttuu yhdellä puolituksella arvoksi { $base_k_half }. Mahdolliset arvot ovat { $k_values }. Laskematon turnaus antaa 0.
rules-text-24 = Odotettu tulos W<sub>e</sub>
rules-text-25 = W<sub>e</sub> saadaan liiton kaksidesimaalisesta taulukosta vahvuuslukujen erotuksen itseisarvon D mukaan: vahvempi pelaaja odottaa tulosta H, heikompi L = 1 − H.
rules-text-26 = W<sub>e</sub> saadaan logistisesta käyrästä W<sub>e</sub> = 1 / (1 + 10<sup>−D/400</sup>), missä D on pelaajan vahvuusluku miinus vastustajan.
rules-text-27 = Listat
rules-text-28 = Pelaaja, jolla ei ole laskettua peliä listan päivämäärää edeltävien { $months } kuukauden aikana, on passiivinen ja oletuksena piilotettu rankinglistalta.
rules-text-29 = Korkein ja matalin vahvuusluku lasketaan vain vakiintuneista vahvuusluvuista: alustavassa vaiheessa vahvuuslukua ei julkaista, ja vaiheen päättävä vahvuusluku on ensimmäinen laskettu.
rules-handicap = Ristitaulukkoon merkityt tasoituskivet (<code>h3</code>) jätetään huomiotta: tässä järjestelmässä ei ole tasoitussääntöä, joten tasoituspeli lasketaan kuin tasainen peli.
rules-first-rating = Sen turnauksen lopussa, jossa määrä saavuttaa { $games } tai enemmän, ensimmäinen vahvuusluku lasketaan kaikista alustavan vaiheen peleistä (esiasetetut pelit mukaan lukien, samoin jokainen kyseisen turnauksen laskettu peli, vaikka määrä ylittäisi { $games }):
rules-first-rating-terms = R<sub>c</sub> on vastustajien keskivahvuus ja W<sub>c</sub> näistä peleistä saatujen pisteiden osuus, joten ensimmäinen vahvuusluku on enintään { $reach } pisteen päässä R<sub>c</sub>:stä. R<sub>p</sub> pyöristetään { $rounding }. Seuraavasta turnauksesta alkaen jäsen on vakiintunut.
rules-change = Vahvuusluku muuttuu kerran turnauksessa, kaikkien turnauksen alussa olleista vahvuusluvuista:
rules-change-terms = summattuna turnauksen lasketuista peleistä, missä W on pelin tulos (1, ½ tai 0), W<sub>e</sub> odotettu tulos ja K pelin K-kerroin.

## The methods page: how well each rating system predicts.
methods-title = Menetelmät
methods-heading = Menetelmät: kuinka hyvin kukin vahvuuslukujärjestelmä ennustaa
methods-intro = Jokainen vahvuuslukulista toistetaan sen ensimmäisestä turnauksesta alkaen useilla vahvuuslukujärjestelmillä. Ennen jokaista turnausta kukin järjestelmä ennustaa jokaisen pelin sen hetken vahvuusluvuista; ennusteita verrataan sitten tuloksiin. Pienempi log loss ja Brier-pistemäärä ovat parempia; osuvuus kertoo, kuinka usein suosikki voitti ratkaisseen pelin. Ennuste rajataan välille 1 % – 99 %, jotta varmuutta väittävä ja väärässä oleva järjestelmä saa raskaan mutta ei äärettömän rangaistuksen. Whole-History Rating, jonka julkaistut vahvuusluvut lasketaan kaikista peleistä myöhemmät mukaan lukien, toistetaan sen sijaan päivä kerrallaan: kunkin päivän pelit ennustetaan edeltävien päivien perusteella lasketuista vahvuusluvuista ottaen huomioon molempien vahvuuslukujen epävarmuus.
methods-association-list = Liiton lista
col-system = Järjestelmä
col-log-loss = Log loss
col-brier = Brier
col-accuracy = Osuvuus
col-prediction = Ennuste
col-predictions = Ennusteita
col-mean-prediction = Keskim. ennuste
col-mean-score = Keskim. tulos
methods-calibration = Parhaan, { $best }, kalibrointi: keskimääräinen tulos keskimääräistä ennustetta vastaan, ennusteet kymmenyksiin ryhmiteltyinä molempien pelaajien näkökulmasta; hyvin kalibroitu järjestelmä pysyy katkoviivalla piirretyllä lävistäjällä. Suuremmissa pisteissä on enemmän pelejä.
methods-no-games = Ei vielä laskettuja pelejä.
methods-label-configured = käytössä: { $system }
methods-label-association = liiton järjestelmä K={ $k } { $curve }
methods-curve-table = taulukko
methods-curve-logistic = logistinen
methods-label-glicko2 = Glicko-2 τ={ $tau }
methods-label-glicko2-monthly = Glicko-2 τ={ $tau } kuukausittain
methods-label-fide = FIDE
methods-label-egd = EGD
methods-label-whr = WHR w²={ $w2 }
methods-percent = { $value } %
methods-chart-label = Järjestelmän { $system } kalibrointi: keskimääräinen tulos keskimääräistä ennustetta vastaan
methods-chart-point = { $count ->
    [one] { $count } ennuste
   *[other] { $count } ennustetta
} välillä { $from }–{ $to }: ennustettu { $predicted }, saatu { $scored }

## The rating rules of a further list, by its system. Markup stays as it is.
system-rules-1 = Vahvuuslukusäännöt: { $title }
system-rules-2 = Tämän listan laskentamenetelmä on { $system }. Vain tämän listan turnaukset lasketaan, eivätkä sen pelit koskaan muuta vahvuuslukua toisella listalla. Jokainen alla oleva luku on voimassa oleva.
system-rules-3 = Kenen pelit lasketaan
system-rules-4 = Jokaiselle listan turnausten pelaajalle lasketaan vahvuusluku, paitsi pelaajille ilman jäsenyyttä (<code>other</code>), joiden pelejä ei lasketa kummallekaan osapuolelle.
system-rules-5 = Vapaakierroksia, luovutuksia ja poissaoloja ei koskaan lasketa, eikä laskemattoman turnauksen pelejä.
system-rules-6 = Ristitaulukkoon merkityt tasoituskivet (<code>h3</code>) jätetään huomiotta: tässä järjestelmässä ei ole tasoitussääntöä, joten tasoituspeli lasketaan kuin tasainen peli.
system-rules-7 = Turnaus lasketaan sen ensimmäisenä päivänä. Kaikki pelit lasketaan yhdessä, pelattiinpa ne milloin tahansa: katso alla.
system-rules-8 = Laskentajakso on kalenterikuukausi. Uusi lista julkaistaan kunkin kuukauden ensimmäisenä päivänä; sen sulkeutumispäivä on kolme päivää aiemmin. Sulkeutumispäivänä tai sitä ennen päättynyt turnaus lasketaan tälle listalle, myöhempi seuraavalle. Jokainen turnaus lasketaan sen alkaessa voimassa olleesta listasta sekä pelaajalle että vastustajille, ja jakson kaikki turnaukset lasketaan yhdessä.
system-rules-9 = Jokainen turnaus lasketaan kaikkien sen alussa olleista vahvuusluvuista; uudet vahvuusluvut ovat voimassa seuraavasta turnauksesta alkaen.
system-rules-10 = Glicko-2
system-rules-11 = Mark Glickmanin Glicko-2 pitää kullekin pelaajalle kolmea lukua: vahvuusluku, sen poikkeama (kuinka epävarma vahvuusluku on: todellinen vahvuus on noin 95 %:n todennäköisyydellä kahden poikkeaman päässä vahvuusluvusta) ja volatiliteetti (kuinka paljon pelaajan vahvuuden odotetaan vaihtelevan).
system-rules-12 = Uusi pelaaja aloittaa vahvuusluvulla { $initial_rating }, poikkeamalla { $initial_deviation } ja volatiliteetilla { $initial_volatility }.
system-rules-13 = Odotettu tulos vastustajaa vastaan riippuu molemmista vahvuusluvuista ja molemmista poikkeamista: mitä epävarmempia vahvuusluvut ovat, sitä lähempänä odotus on arvoa ½.
system-rules-14 = Jokainen turnaus on yksi laskentajakso. Uusi vahvuusluku liikkuu tulosten suuntaan, sitä enemmän mitä suurempi pelaajan poikkeama on; poikkeama pienenee jokaisella pelatulla jaksolla. τ = { $tau } rajoittaa, kuinka nopeasti volatiliteetti voi muuttua.
system-rules-15 = Jokainen kalenterikuukausi ilman laskettua peliä kasvattaa poikkeamaa volatiliteetin verran, enintään uuden pelaajan poikkeamaan asti.
system-rules-16 = Lista näyttää vahvuusluvun ja poikkeaman kokonaislukuihin pyöristettyinä; laskenta pitää ne tarkkoina.
system-rules-17 = FIDE:n vahvuuslukusäännöt
system-rules-18 = Pelaaja, jolla on pelaajatiedostossa kansainvälinen vahvuusluku, aloittaa sillä.
system-rules-19 = Pelaaja ilman vahvuuslukua saa sellaisen ensimmäisellä listalla, jolla hänellä on { $initial_games } peliä vahvuusluvullisia vastustajia vastaan enintään 26 kuukauden laskentajaksoilta yhteenlaskettuina (vanhemmat pelit raukeavat): näiden vastustajien ja kahden kuvitteellisen 1800-vahvuisen vastustajan keskivahvuus lisättynä FIDE:n taulukon pistemäärää vastaavalla vahvuuserolla (kaksi kuvitteellista peliä lasketaan tasapeleiksi), enintään 2200 ja pyöristettynä. Ensimmäistä turnausta ilman pistettä ei lasketa. Kahden vahvuusluvuttoman pelaajan välisiä pelejä ei lasketa kummallekaan, eikä vahvuusluvullisen pelaajan pelejä vahvuusluvutonta vastaan lasketa.
system-rules-20 = Alle { $rating_floor }:n vahvuuslukua ei julkaista.
system-rules-21 = Odotettu tulos W<sub>e</sub> saadaan FIDE:n vahvuuserotaulukosta (kaksi desimaalia). Yli 400 pisteen ero lasketaan 400:ksi, paitsi vähintään 2650-vahvuiselle pelaajalle, jolle lasketaan todellinen ero.
system-rules-22 = K on 40 pelaajalle, jolla on alle 30 laskettua peliä (ja alle 18-vuotiaalle alle 2300-vahvuiselle pelaajalle, kun syntymävuosia saa käyttää); 10, kun pelaajan julkaistu vahvuusluku on saavuttanut 2400:n, vaikka se myöhemmin laskisi; muuten 20, ja 20 jokaisessa pikapelissä, kukin sen mukaan, mikä pelaajan tilanne oli turnauksen alkaessa. Jos K kertaa koko laskentajakson pelien määrä ylittäisi 700, K on suurin kokonaisluku, jolla se ei ylity (artikla 8.3.4).
system-rules-23 = Jokainen peli antaa K × (W − W<sub>e</sub>), joka näytetään turnaus- ja pelaajasivuilla pyöristämättömänä kuten FIDE:n vahvuuslukulaskurissa. Muutos listalla on laskentajakson kaikkien pelien summa pyöristettynä lähimpään kokonaislukuun (puolikkaat poispäin nollasta); turnaussivu näyttää vahvuusluvun turnausta edeltävältä listalta ja listalta, jolle se laskettiin.
system-rules-24 = European Go Database (GoR)
system-rules-25 = Pelaaja, jolla on ilmoitettu taso, aloittaa sivuston tasoasteikon mukaisella tasoa vastaavalla vahvuusluvulla; muut aloittavat vahvuusluvulla { $initial_rating }.
system-rules-26 = Odotettu tulos S<sub>e</sub> = 1 / (1 + e<sup>β(vastustaja) − β(pelaaja)</sup>), missä β(r) = −7 ln(3300 − r): sama vahvuusero merkitsee vähemmän vahvojen kuin heikkojen pelaajien kesken.
system-rules-27 = Tasoituspelissä <var>h</var> kiveä saaneen pelaajan (musta) odotetaan pelaavan kuin hänen vahvuuslukunsa olisi 100 × (<var>h</var> − 0,5) pistettä korkeampi: S<sub>e</sub> käyttää hänelle tätä vahvuuslukua, kun taas con ja bonus käyttävät hänen omaansa. Ristitaulukko merkitsee kivet tuloksen perään, esim. <code>12 b 1 h3</code>; ei mitään tai <code>h0</code> on tasainen peli.
system-rules-28 = con = ((3300 − r) / 200)<sup>1,6</sup>: mitä heikompi pelaaja, sitä enemmän yksi peli liikuttaa vahvuuslukua.
system-rules-29 = bonus = ln(1 + e<sup>(2300 − r) / 80</sup>) / 5, lisätään jokaisesta pelistä; se estää vahvuuslukuja vajoamasta, kun kehittyvät pelaajat siirtävät pisteitä eteenpäin.
system-rules-30 = Jokainen peli muuttaa vahvuuslukua määrällä con × (S<sub>a</sub> − S<sub>e</sub>) + bonus, missä S<sub>a</sub> on 1 voitosta, ½ jigosta ja 0 tappiosta; turnauksen pelien muutokset lasketaan yhteen. Listat näyttävät vahvuusluvun pyöristettynä.
system-rules-31 = Whole-History Rating
system-rules-32 = Rémi Coulomin Whole-History Rating (2008), jota Renju International Federation on käyttänyt vuodesta 2021, ei laske vahvuuslukuja turnaus kerrallaan. Aina kun tulos lisätään, jokainen vahvuusluku lasketaan uudelleen koko pelihistoriasta: näytetyt vahvuusluvut ovat todennäköisimmät vahvuudet kaikkien pelien ja alla olevien oletusten perusteella.
system-rules-33 = Pelaajalla on yksi vahvuusluku jokaiselle päivälle, jona hän pelasi, joten vahvuusluku on ajassa kulkeva viiva eikä yksittäinen luku.
system-rules-34 = Todennäköisyys voittaa vastustaja on 1 / (1 + 10<sup>(vastustaja − pelaaja) / 400</sup>) kuten Elo-järjestelmässä. Tasapeli lasketaan puoleksi voitoksi ja puoleksi tappioksi.
system-rules-35 = Vahvuus voi ajelehtia pelaajan kahden päivän välillä kuin satunnaiskulku: w² = { $w2 } Elo² päivässä, joten vuodessa ilman pelejä se voi liikkua noin { $year } pistettä (yksi keskihajonta). Pienempi w² pitää vahvuusluvut vakaampina; suurempi antaa niiden seurata vireyttä nopeammin.
system-rules-36 = Todennäköisimmät vahvuusluvut etsitään askel askeleelta, pelaaja kerrallaan, kunnes mikään vahvuusluku ei liiku enempää kuin kymmenestuhannesosan pisteestä.
system-rules-37 = Jokainen vahvuusluku näytetään epävarmuutensa (±) kanssa, yksi keskihajonta: todellinen vahvuus on noin 95 %:n todennäköisyydellä kahden keskihajonnan päässä vahvuusluvusta. Se on suuri pelaajalle, jolla on vähän pelejä.
system-rules-38 = Myöhemmät pelit kertovat myös aiemmasta vahvuudesta, joten mennyt vahvuusluku voi muuttua uusien tulosten tullessa: listat ja historiat näyttävät aina kaikista nykyään tunnetuista peleistä lasketut vahvuusluvut. Pelille näytetty odotettu tulos käyttää molempien pelaajien saman päivän vahvuuslukuja.
system-rules-39 = Listat näyttävät vahvuusluvun ja sen epävarmuuden kokonaislukuihin pyöristettyinä; laskenta pitää ne tarkkoina.
system-rules-whr-first-one = Ensimmäisenä päivänään jokainen pelaaja saa { $games } kuvitteellisen voiton ja yhtä monta kuvitteellista tappiota kuvitteellista { $anchor }-vahvuista vastustajaa vastaan. Tämä pitää kaikki pelinsä voittaneen pelaajan vahvuusluvun äärellisenä, vetää uuden pelaajan ensimmäistä vahvuuslukua kohti arvoa { $anchor } ja määrää, missä lista on.
system-rules-whr-first = Ensimmäisenä päivänään jokainen pelaaja saa { $games } kuvitteellista voittoa ja yhtä monta kuvitteellista tappiota kuvitteellista { $anchor }-vahvuista vastustajaa vastaan. Tämä pitää kaikki pelinsä voittaneen pelaajan vahvuusluvun äärellisenä, vetää uuden pelaajan ensimmäistä vahvuuslukua kohti arvoa { $anchor } ja määrää, missä lista on.

## The rating charts: their titles, descriptions and labels.
chart-player-title = Pelaajan { $name } vahvuuslukuhistoria
chart-description = { $count ->
    [one] { $count } laskettu turnaus; matalin { $lowest }, korkein { $highest }.
   *[other] { $count } laskettua turnausta; matalin { $lowest }, korkein { $highest }.
}
chart-list-description = Vahvuuslukuhistoriat: { $names }.
chart-provisional = alustava
chart-single-point = { $rating } yhden lasketun turnauksen jälkeen ({ $date })
chart-first-established = ensimmäinen vakiintunut vahvuusluku
chart-band = { $count ->
    [one] Alustava vaihe { $from } – { $to }: { $count } turnaus, ei julkaistua vahvuuslukua
   *[other] Alustava vaihe { $from } – { $to }: { $count } turnausta, ei julkaistua vahvuuslukua
}

## Words the player's and tournament's tables put beside numbers.
progress-provisional = alustava ({ $games }/{ $count } peliä)
history-first-rating-note = { $count ->
    [one] alustava vahvuusluku laskettu { $count } pelistä
   *[other] alustava vahvuusluku laskettu { $count } pelistä
}
formula-round = pyöristä
first-rating-preset = { $count ->
    [one] , joista { $count } esiasetettu peli vahvuudella { $rating }
   *[other] , joista { $count } esiasetettua peliä vahvuudella { $rating }
}
first-rating-carried = { $count ->
    [one] , joista { $count } siirretty peli vahvuudella { $rating }
   *[other] , joista { $count } siirrettyä peliä vahvuudella { $rating }
}
first-rating-terms = { $count ->
    [one] n = { $count } peli{ $start }; Rc = { $rc } (vastustajien keskivahvuus); Wc = { $points } / { $count } = { $wc } (pisteosuus)
   *[other] n = { $count } peliä{ $start }; Rc = { $rc } (vastustajien keskivahvuus); Wc = { $points } / { $count } = { $wc } (pisteosuus)
}
k-step-base = perus-K
k-step-tournament-base = turnauksen perus-K
k-step-high = vahvuusluku ≥ { $rating }
k-step-modified = muunnellut säännöt
k-step-rapid = pikapeli
k-step-international = vastustaja kansainvälisellä vahvuusluvulla
not-counted-unrated-tournament = laskematon turnaus
not-counted-opponent-other = vastustaja ei jäsen
not-counted-opponent-without-rating = vastustajalla ei vahvuuslukua
not-counted-opponent-provisional = vastustaja alustava
not-counted-not-played = ei pelattu
not-counted-player-unrated = emme laske hänelle vahvuuslukua

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
report-survey-threshold = Ehdotukset seuraavat tätä arviota: { $basis }, kun ero on vähintään { $threshold ->
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

## Lists of numbers, and the title `init` gives a new site.
list-separator = {"; "}
init-title = { $association } – rankinglista

## Printable sheets for the tournament director: pairing lists, standings,
## wall charts and score sheets, as text, Markdown and HTML.
sheet-pairings-title = { $event }: kierroksen { $round } parit
sheet-score-sheets-title = { $event }: kierroksen { $round } pöytäkirjat
sheet-standings-title = { $event }: tilanne kierroksen { $round } jälkeen
sheet-wall-chart-title = { $event }: tulostaulukko
sheet-board-heading = { $event }, kierros { $round }, pöytä { $board }
sheet-col-board = Pöytä
sheet-col-no = Nro
sheet-col-white = Valkea
sheet-col-black = Musta
sheet-col-rating = Vl.
sheet-col-points = P
sheet-col-result = Tulos
sheet-col-rank = Sija
sheet-col-name = Nimi
sheet-col-federation = Liitto
sheet-col-round = K{ $round }
sheet-bye-line = Vapaa: { $player }
sheet-bye-allocated = vapaakierros, 1 piste
sheet-bye-full = täyden pisteen vapaakierros, 1 piste
sheet-bye-half = puolen pisteen vapaakierros, ½ pistettä
sheet-bye-zero = ei paritettu, 0 pistettä
sheet-cell-bye = vapaa { $points }
sheet-white-player = Valkea: { $player }
sheet-black-player = Musta: { $player }
sheet-result-blank = Tulos:
sheet-white-signature = Valkean allekirjoitus:
sheet-black-signature = Mustan allekirjoitus:
