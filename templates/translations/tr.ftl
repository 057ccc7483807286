# Sitenin Türkçe sözcükleri.

## Sayılar: sayı ve adın sayıyla aldığı biçim (Türkçede sayıdan sonra ad tekil kalır).
count-players = { $count } oyuncu
count-tournaments = { $count } turnuva
count-games = { $count } oyun

## Her sayfanın çerçevesi.
skip-to-content = İçeriğe geç
nav-main = Ana menü
nav-ratings = Derecelendirme listesi
nav-tournaments = Turnuvalar
nav-archive = Arşiv
nav-rules = Kurallar
nav-downloads = İndirmeler
search-label = Ara
search-placeholder = Oyuncu veya turnuva
search-hint = Şapka ve noktalar isteğe bağlıdır: isik, Işık adını bulur.
search-go = Git
footer-downloads = İndirmeler
footer-list-csv = derecelendirme listesi CSV
footer-sql = SQL
scroll-hint = Devamı için yana kaydırın
footer-all = tümü

## Words many pages share: breadcrumbs, page and year navigation, table headings.
home = Ana sayfa
breadcrumb = İçerik yolu
pages-nav = Sayfalar
pages-nav-end = Sayfalar, listenin sonu
page-of = Sayfa { $number } / { $count }:
page-first = İlk
page-previous = Önceki
page-next = Sonraki
page-last = Son
years-nav = Yıllar
years-label = Yıllar:
col-player = Oyuncu
col-rating = Reyting
col-games = Oyun
col-club = Kulüp
col-country = Ülke
col-tournament = Turnuva
col-dates = Tarihler
col-city = Şehir
col-players = Oyuncu sayısı
col-rounds = Tur sayısı
col-rated = Reytingli
col-last-rated = Son reytingli oyun
col-files = Dosyalar
word-yes = evet
word-no = hayır
tag-illustrative = örnek
tag-inactive = pasif
no-tournaments-yet = Henüz turnuva yok.
past-lists = Geçmiş listeler:
download-label = İndir:
as-of-before = Tarih:
as-of-after = .
nav-methods = Yöntemler
nav-surveys = Handikap anketleri

## The front page.
front-as-of-before = Reytinglerin tarihi:
front-as-of-after = .
front-news = Haberler
front-top = En yüksek reytingli aktif oyuncular
front-no-top = Aktif, reytingi kesinleşmiş oyuncu yok.
front-full-list = Tam derecelendirme listesi
front-inactive-hidden = ({ $count } pasif oyuncu varsayılan olarak gizli)
front-leaders = Her kulübün ve ülkenin en iyi aktif oyuncusu
front-recent = Son turnuvalar
leader-club = Kulüp
leader-country = Ülke

## The page not found.
not-found-title = Sayfa bulunamadı
not-found-before = Bu adreste bir sayfa yok. Yukarıdaki aramayı,
not-found-list = derecelendirme listesini
not-found-or = ya da
not-found-tournaments = turnuvaları
not-found-after = { " " }deneyin.

## The archive of year-end lists.
archive-title = Derecelendirme listeleri arşivi
archive-intro = Turnuva yapılan her yılın sonundaki derecelendirme listesi; son yıl için, en son sonuçlardan sonraki hâliyle.
archive-to-date = { $year }, bugüne kadar
archive-end-of = { $year } sonu

## The tournaments and the downloads.
tournaments-title = Turnuvalar
downloads-title = İndirmeler
downloads-list-csv = Derecelendirme listesi (CSV)
downloads-list-csv-about = : liste tarihi, sıra (yalnızca aktif oyuncular), kimlik, ad, kulüp, ülke, üyelik, reyting, oyun sayısı, son oyun, aktif (
downloads-true = true
downloads-or = ya da
downloads-false = false
downloads-list-markdown = Derecelendirme listesi (Markdown)
downloads-pool-about-before = : sayfasında görünen
downloads-pool-list = liste
downloads-pool-about-after = .
downloads-sql = { $database } için bütün derecelendirme kitabı (SQL)
downloads-sql-about = : oyuncular, turnuvalar, oyunlar, reyting değişimleri ve derecelendirme listesi; yalnızca { $database } veritabanına yüklenir:
downloads-tournaments = Turnuvalar
downloads-trf = FIDE TRF

## The search page and what the search box shows.
search-title = Arama
search-everything = Oyuncular ve turnuvalar
search-browse-intro = Herhangi birini bulmak için arama kutusuna yazın ya da oyunculara adlarının ilk harfine, turnuvalara yıllarına göre göz atın.
search-group-intro = Listeyi bir ada daraltmak için arama kutusuna yazın.
search-all-intro = Bütün oyuncular ve turnuvalar. Listeyi daraltmak için arama kutusuna yazın.
search-browse = Göz at
search-player = oyuncu
search-tournament = turnuva
search-players = Oyuncular
search-tournaments = Turnuvalar
search-other = Diğer
search-all-found = Bulunan { $count } sonucun tümü
search-found-for = “{ $query }” için { $count } sonuç bulundu.
search-rating = reyting { $rating }
search-provisional = geçici

## The rating lists.
list-title = Derecelendirme listesi
list-title-year = Derecelendirme listesi { $year }
list-established-after = Üyelerin reytingi { $count } reytingli oyundan sonra kesinleşir.
list-inactive-since = { $date } tarihinden beri reytingli oyunu olmayan oyuncular
list-inactive-hidden = pasiftir ve tablonun üstündeki “{ $count } pasif oyuncuyu göster” seçilene kadar gizlidir.
list-inactive-none = pasiftir; bu listede hiç yok.
list-changes-before = Değişimler
list-rating-change = reyting değişimi
list-rank-change = sıra değişimi, + yukarı
list-changes-since = şu tarihli listeye göredir:
list-new = yeni
list-new-marks = o listede olmayan oyuncuları gösterir.
list-chart = En iyi oyuncuların reyting geçmişi:
list-chart-title = En iyi { $count } oyuncunun reyting geçmişi
lists-nav = Listeler
filter-club = Kulüp
filter-country = Ülke
filter-membership = Üyelik
filter-category = Kategori
filter-category-title = Kategori: { $category }
list-established = Kesinleşmiş
list-show-inactive = { $count } pasif oyuncuyu göster
list-hide-inactive = Pasif oyuncuları gizle
list-no-established = Kesinleşmiş reyting yok.
list-provisional = Geçici
list-provisional-intro = { $count } oyuna (önceden verilen oyunlar dahil) kadar yayımlanan reyting yok.
list-no-provisional = Geçici reytingli üye yok.
list-international = Uluslararası oyuncular
list-international-intro = Uluslararası federasyonun reytingleri, kaydedildiği gibi; bizim hesapladığımız değil.
list-international-rating = Uluslararası reyting
list-no-international = Uluslararası oyuncu yok.
list-download-csv = derecelendirme listesi CSV olarak
list-download-markdown = Markdown olarak

## The player's page.
player-rating = Reyting
player-provisional = geçici, { $progress } oyun
player-in-lists-before = aşağıdaki
player-in-lists-after = { $count ->
    [one] listesinde
   *[other] listelerinde
}
player-not-rated = bizce reytinglendirilmiyor
player-grade-for-rating = Bu reytingin derecesi
player-grade = Derece
player-peak = En yüksek
player-lowest = En düşük
player-rated-games = Reytingli oyunlar
player-score = Puan
player-membership = Üyelik
membership-name = { $membership ->
    [member] üye
    [honorary] onursal üye
    [rif] uluslararası federasyon üyesi
   *[other] diğer
}
player-club = Kulüp
player-country = Ülke
player-international = Uluslararası reyting
player-peak-note = En yüksek ve en düşük yalnızca kesinleşmiş reytingleri sayar; geçici dönemde yayımlanan reyting yoktur.
player-history = Reyting geçmişi
player-chart-every = { $count } reytingli turnuva
player-chart-some = Aşağıdaki { $total } turnuvanın { $count } tanesinden sonraki reytingler
player-chart-band = ; gölgeli alan geçici dönemdir
player-chart-every-row = . Son nokta etiketlidir; turnuvasını görmek için bir noktanın üzerine gelin ya da dokunun veya her noktayı aşağıdaki tabloda okuyun (her nokta için bir satır).
player-chart-rated-rows = . Son nokta etiketlidir; turnuvasını görmek için bir noktanın üzerine gelin ya da dokunun veya her noktayı aşağıdaki tabloda okuyun (reytingi olan satırlar).
col-date = Tarih
col-score = Puan
col-perf = Perf.
col-round = Tur
col-opponent = Rakip
col-result = Sonuç
col-opp-rating = Rakip reytingi
col-won = Galibiyet
col-drawn = Beraberlik
col-lost = Yenilgi
col-diff = Fark
player-first-rating = İlk reyting
title-expected = beklenen puan
title-performance = performans reytingi
title-k = K katsayısı
title-sum = K × (W − We) toplamı
title-change-rounded = reyting değişimi, yuvarlanmış
legend-history-we = beklenen puan: sayılan oyunlardaki W<sub>e</sub> toplamı
legend-history-perf = performans reytingi: turnuvanın sayılan oyunları üzerinden R<sub>c</sub> + (W<sub>c</sub> − { $half }) × { $spread }
legend-history-k = kullanılan K katsayıları
legend-history-sum = sayılan oyunlardaki K × (W − W<sub>e</sub>) toplamı, yuvarlamadan önce
legend-history-change = reyting değişimi: Σ, { $rounding }
player-best-wins = En iyi galibiyetler
player-head-to-head = Karşılaşmalar
player-games = Oyunlar
legend-games-result = 1 galibiyet, ½ beraberlik, 0 yenilgi, + hükmen galibiyet ya da bay, − hükmen yenilgi ya da gelmeme
legend-games-opp = kuralların kullandığı rakip reytingi
legend-games-we = o rakibe karşı beklenen puan
legend-games-k = oyunun K katsayısı; her değer K kurallarına bağlanır ve üzerine gelindiğinde nasıl bulunduğunu gösterir
legend-games-w = oyunun puanı: 1, ½ ya da 0
legend-games-change = oyunun turnuva toplamı Σ'ya kattığı
pool-own-before = Kendi başına bir derecelendirme listesi; hesaplama yöntemi
pool-own-list = liste
pool-uncertainty = belirsizlik: reytingin bir standart sapması
pool-deviation = reyting sapması (RD): reytingin bir standart sapması
pool-no-rating = henüz reyting yok
pool-chart = Bu listede { $count } reytingli turnuva. Son nokta etiketlidir; her nokta aşağıdaki tablodadır.
pool-games = Bu listedeki oyunlar
pool-diff-title = kendi reytingi − rakibinki, 2650'nin altında iki yönde en çok 400
pool-whr-note-before = Rakip reytingi: rakibin o günkü reytingi; We: bugün bilinen bütün oyunlardan hesaplandığı şekliyle iki oyuncunun o günkü reytinglerinden
pool-rules = kuralların
pool-whr-note-after = verdiği beklenen puan. Whole-History Rating'de K katsayısı yoktur.
pool-note-before = We: turnuvanın başında o rakibe karşı
pool-note-after = verdiği beklenen puan; K ve K×(W−We), K katsayısı olan sistemler için.

## How changes are rounded, as the rules, legends and reports say it.
rounding-half-away = en yakın tam sayıya yuvarlanır; buçuk sıfırdan uzağa yuvarlanır (+2,5 → +3, −2,5 → −3)
rounding-half-even = en yakın tam sayıya yuvarlanır; buçuk çift sayıya yuvarlanır (+2,5 → +2, +3,5 → +4)

## The tournament's page, its rounds and its player cards.
tournament-illustrative = Örnek: bu sonuçlar derecelendirme kitabını iş başında göstermek için uydurulmuştur; gerçek sonuçlar değildir.
fact-dates = Tarihler
fact-city = Şehir
fact-system = Sistem
fact-rating = Reyting
fact-downloads = İndirmeler
count-rounds = { $count } tur
system-swiss = İsviçre sistemi
system-round-robin = herkes herkesle
time-control-standard = klasik
time-control-rapid = hızlı
game-rules-standard = standart
game-rules-modified = değiştirilmiş
tournament-rated = reytingli, temel K { $k }, düşünme süresi: { $control }, kurallar: { $rules }
tournament-not-counted = reytingsiz: oyunlarından hiçbiri reytinge sayılmıyor
tournament-not-rated = reytingsiz
download-crosstable-csv = çapraz tablo CSV
download-markdown-report = Markdown raporu
download-sql-dump = { $database } için bütün kitabın SQL dökümü
rounds-heading = Turlar
round-link = { $round }. tur
round-pairing-pending = (eşlendi; sonuçlar bekleniyor)
round-results-pending = (sonuçlar bekleniyor)
player-cards = Oyuncu kartları
standings-heading = Sıralama
col-no = BSNo
col-title = Unvan
col-fed = Fed
col-pts = Puan
col-rp = Rp
col-report = Rapor
col-rank = Sıra
col-name = Ad
col-int-rating = Ulusl. reyting
col-national = Ulusal
col-licence = Lisans
col-phase = Aşama
col-before = Önce
col-after = Sonra
abbr-start-number = başlangıç numarası
abbr-federation = federasyon
abbr-points = puan
abbr-performance = performans reytingi
abbr-rating-change = reyting değişimi
abbr-report = etkinliğin kendi raporundaki sıra
title-player-card = oyuncu kartı
legend-no = başlangıç numarası, oyuncunun kartına bağlı
legend-rating = bu etkinlikteki reyting: etkinliğin kendisininki, yoksa uluslararası reyting, yoksa başlangıçtaki bizim reytingimiz
legend-pts = puan
legend-rp = performans reytingi (FIDE): rakiplerin ortalama reytingine, FIDE tablosunun puana karşılık verdiği reyting farkının eklenmesi; reytingli rakiplere karşı oynanan oyunlar üzerinden
legend-change = bu etkinlikten gelen reyting değişimi
legend-report = eşitlikleri kendi eşitlik bozma ölçütleriyle sıralayan etkinliğin kendi raporundaki sıra
starting-heading = Başlangıç listesi
starting-order = Uluslararası reyting, ulusal reyting, ad ve lisans numarasına göre sıralı.
crosstable-start-heading = Başlangıç numarasına göre çapraz tablo
crosstable-final-heading = Son sıralamaya göre çapraz tablo
crosstable-final-rows = Satırlar son sıralamaya göre.
handicap-start-legend = Sonuçtan sonra “h3”: handikaplı oyun, siyah 3 taş aldı.
handicap-final-legend = “h3”: handikaplı oyun, siyah 3 taş aldı.
handicap-title = siyahın aldığı handikap taşları
notation-legend = Her hücre: rakibin { $numbers } ve rengi ({ $colours }), ardından turun puanı: 1 galibiyet, ½ beraberlik, 0 yenilgi, + hükmen galibiyet, − hükmen yenilgi, ? sonuç bekleniyor. “bay 1”, “bay ½”, “bay 0”: rakipsiz bir tur ve verdiği puan. Boş hücre: o tur eşlenmedi.
notation-bye = bay
notation-start-number = başlangıç numarası
notation-final-place = son sırası
colour-legend = renk: { $white } = beyaz, { $black } = siyah
changes-heading = Reyting değişimleri
changes-in-list = { $list } listesindeki reyting değişimleri
changes-rated-on = { $date } listesinde, turnuva başladığında yürürlükte olan listenin ({ $in_force }) reytinglerinden hesaplandı; Δ ve Sonra, oyuncunun o listedeki bütün turnuvalarıyla bütün reyting döneminindir (
changes-rating-period = reyting dönemi
changes-list-games = bu listede sayılan oyunlar
changes-list-we = beklenen puan: bu oyunlardaki beklenen puanların toplamı
changes-list-change = { $system } ile reyting değişimi; ilk reyting için boş
changes-games = reytinge sayılan oyunlar
changes-we = beklenen puan: bu oyunlardaki W<sub>e</sub> toplamı
changes-k = kullanılan K katsayıları
changes-change = reyting değişimi: Σ K × (W − W<sub>e</sub>), { $rounding }; geçici bir oyuncunun ilk reytingi R<sub>p</sub> = R<sub>c</sub> + (W<sub>c</sub> − { $half }) × { $spread } formülünden gelir
changes-rule = kural
phase-provisional = geçici
phase-established = kesinleşmiş
phase-unrated = reytingsiz
tiebreak-unplayed-virtual = { $what }; oynanmayan her tur, oyuncunun o turdan önceki puanına sonraki her tur için ½ eklenmiş sanal bir rakibe karşı oyun sayılır
tiebreak-unplayed-dummy = { $what }; oynanmayan her tur, oyuncunun kendi son puanına sahip kukla bir rakibe karşı oyun sayılır (FIDE C.07, 2023)
tiebreak-bh = Buchholz: rakiplerin puanları toplamı
tiebreak-bh-c1 = Buchholz Cut 1: en zayıf rakip hariç Buchholz
tiebreak-bh-c2 = Buchholz Cut 2: en zayıf iki rakip hariç Buchholz
tiebreak-bh-m1 = Medyan Buchholz 1: en güçlü ve en zayıf rakip hariç Buchholz
tiebreak-sb = Sonneborn–Berger: yenilen rakiplerin puanları artı berabere kalınan rakiplerin puanlarının yarısı
tiebreak-win = Galibiyet sayısı: oynayarak ya da oynamadan kazanılan turlar
tiebreak-won = Tahtada kazanılan oyun sayısı
tiebreak-gs = Galibiyet sayısı: tahtada artı hükmen galibiyetler
tiebreak-ps = İlerleyen puan: tur tur puanların toplamı
tiebreak-de = Averaj (aralarındaki maç): eşit puanlı oyuncular arasındaki puanlar
tiebreak-bpg = Siyahla oynanan oyun sayısı
tiebreak-aro = Rakiplerin ortalama reytingi
tiebreak-tpr = Turnuva performans reytingi
tiebreak-ks = Koya: en yüksek puanın en az yarısını alan oyunculara karşı alınan puanlar

## The round pages and the player cards.
round-title = { $tournament }, { $round }. tur
round-heading = { $tournament }: { $rounds } turun { $round }. turu
round-pairings = Eşlendirme
round-results = Sonuçlar
round-pending-note = Sonuçlar bekleniyor: bir sonuç girilene kadar “?” görünür.
col-board = Masa
col-white = Beyaz
col-black = Siyah
abbr-points-before = turdan önceki puan
round-board-order = Masalar, iki oyuncunun turdan önceki puanlarından yüksek olanına, sonra puanlarının toplamına, sonra daha iyi başlangıç numarasına göre sıralıdır. Puan: turdan önceki puan. Sonuç:
round-white-first = önce beyazın puanı
round-first-named-first = önce ilk adı geçen oyuncunun puanı
round-result-symbols = ; + ve − hükmen kazanılan ve kaybedilen oyun; ? sonuç bekleniyor.
round-without-game = Oyunu olmayanlar
round-standings-before = { $round }. turdan önce sıralama
round-standings-after = { $round }. turdan sonra sıralama
round-legend-pts = { $count } turdan sonraki puan
round-legend-tiebreak = { $description }; şimdiye kadar oynanan turlar üzerinden
round-legend-rp = şimdiye kadar reytingli rakiplere karşı oynanan oyunlar üzerinden performans reytingi (FIDE)
unpaired-bye = bay (1 puan)
unpaired-full-bye = tam puanlı bay (1 puan)
unpaired-half-bye = yarım puanlı bay (½ puan)
unpaired-zero-bye = sıfır puanlı bay (0 puan)
unpaired-absent = eşlenmedi
colour-white = beyaz
colour-black = siyah
cards-title = { $tournament }: oyuncu kartları
cards-legend = Her kart bir oyuncuyu tur tur izler: rakip (başlangıç numarası, ad, reyting), renk, sonuç (1 galibiyet, ½ beraberlik, 0 yenilgi, + hükmen galibiyet, − hükmen yenilgi, ? sonuç bekleniyor; “bay 1”, “bay ½”, “bay 0”: rakipsiz bir tur ve verdiği puan) ve turdan sonraki puan.
card-player-page = Oyuncu sayfası
card-rating = reyting { $rating }
card-points = { $points } puan
card-place = , { $place }. sıra
card-performance = performans reytingi { $performance }
col-colour = Renk
col-total = Toplam
abbr-opponent-number = rakibin başlangıç numarası
abbr-points-after = turdan sonraki puan

## A further list's pages.
pool-intro-before = Kendi başına bir derecelendirme listesi: yalnızca kendi turnuvaları sayılır ve oyunları başka bir listedeki reytingi asla değiştirmez. Hesaplama yöntemi:
pool-intro-as-of = . Tarih:
pool-intro-inactive = ; { $date } tarihinden beri reytingli oyunu olmayan oyuncular pasif olarak işaretlenir ve sıraları yoktur.
pool-no-ratings = Henüz reyting yok.
pool-without-rating = Henüz reytingi olmayanlar
pool-download-csv = bu liste CSV olarak
col-rd = RD

## Handicap surveys.
surveys-title = Handikap anketleri
surveys-intro = Her üye, diğer her üyeye karşı hangi handikapın dengeli bir oyun vereceğini söyledi; tahminler kimin derecesinin eskimiş göründüğünü gösterir.
survey-title = Handikap anketi { $title }
survey-opinions = { $possible } görüşün { $count } tanesi.
survey-grades = Taş olarak dereceler: 1k = 1, 1d = 0, 2d = −1; negatif fark, nominal dereceden güçlü demektir.
survey-nominal = Nominal
survey-original = Özgün yöntem
survey-difference = Fark
survey-least-squares = En küçük kareler
survey-suggestion = Öneri
survey-no-opinions = (görüş yok)
survey-mse = Ortalama kare hata: özgün yöntem { $original }, en küçük kareler { $least }
survey-residual = (görüş artıklarının RMS değeri { $rms } taş)
survey-suggestions = Öneriler, fark en az { $threshold } derece olduğunda { $basis } sonucunu izler.
survey-basis-filled-in = özgün yöntemin tahmini
survey-basis-least-squares = en küçük kareler tahmini
survey-promote = terfi { $from } → { $to }
survey-demote = düşürme { $from } → { $to }
survey-name-separator = {", "}
survey-note-missing = { $possible } görüşten { $missing } tanesi eksik; özgün yöntem bunları nominal derece farkıyla doldurur, en küçük kareler tahmini bunları dışarıda bırakır.
survey-note-no-opinions = Görüş vermeyen ve almayan: { $players }; en küçük kareler tahmini nominal dereceyi korur.
survey-note-disconnected = Hiçbir görüş oyuncuları { $groups } grup arasında bağlamıyor; her grubun en küçük kareler tahminleri kendi ortalama nominal derecesine göre ortalanır, bu yüzden yalnızca grup içinde karşılaştırılabilir.

## The rating rules page (the association's own system). Markup stays as it is.
rules-text-1 = Reyting kuralları
rules-text-2 = Bu sayfa, reytinglerin hesaplandığı yapılandırmadan üretilir; bu yüzden aşağıdaki her sayı yürürlükte olandır. Oyuncu ve turnuva sayfalarındaki kısaltmalar buraya bağlanır.
rules-text-3 = Kimin oyunları sayılır
rules-text-4 = <strong>Üyelerin ve onursal üyelerin</strong> reytingini biz hesaplarız. Oyunları, rakipleri için bizim reytingimizle sayılır (kesinleşmiş bir üyenin turnuva başındaki reytingi).
rules-text-5 = <strong>Uluslararası federasyonun üyelerinin</strong> (listelerde <code>rif</code>) reytingini biz hesaplamayız, ama onlara karşı oynanan oyunlar üyelerimiz için o turnuvadaki uluslararası reytingleriyle sayılır. Kesinleşmiş bir üye için böyle bir oyunda K yarıya iner (<a href="#rule-k-international">aşağıda</a>). Turnuva için uluslararası reytingi olmayan bir oyuncu kimse için sayılmaz.
rules-text-6 = <strong>Diğer oyuncular</strong> (üyeliği olmayan ya da yalnızca geçici uluslararası reytingi olan): oyunları iki taraf için de dikkate alınmaz.
rules-text-7 = Bay, hükmen sonuçlar ve gelmemeler hiçbir zaman reytinge girmez; reytingsiz bir turnuvanın oyunları da girmez.
rules-text-8 = Yeni oyuncular: geçici dönem
rules-text-9 = Bir üye ön ayarla başlayabilir: bir başlangıç reytingi (1600, 1700, 1800, 1900 ya da 2000; yoksa 1600) ve 0, 5, 10 ya da 15 ön ayarlı oyun. Ön ayarlı oyunlar, ön ayarlı reytingdeki bir rakibe karşı, her biri ½ puanla oynanmış oyunlar sayılır.
rules-text-10 = Bir üye, ön ayarlı oyunlarla reytingli oyunların toplamı { $games } olana kadar geçicidir; sayı her turnuvanın sonunda kontrol edilir. Bu arada reyting yayımlanmaz: listeler sayıyı gösterir, örneğin 12/{ $games }.
rules-text-11 = Geçici dönemde bir oyun rakibin reytingiyle sayılır: kesinleşmiş bir üyenin turnuva başındaki reytingi, bir <code>rif</code> oyuncusunun uluslararası reytingi ya da geçici bir üyenin ön ayarlı başlangıç reytingi.
rules-text-12 = Aynı formül bir turnuvanın sayılan oyunlarına uygulanınca oyuncu sayfalarında turnuva başına gösterilen <strong>performans reytingini</strong> (Perf.) verir.
rules-text-13 = Kesinleşmiş oyuncular
rules-text-14 = Yuvarlama: toplam { $rounding }.
rules-text-15 = Kesinleşmiş bir üyenin oyunu yalnızca kesinleşmiş bir üyeye ya da turnuva için uluslararası reytingi olan bir oyuncuya karşı sayılır. Uluslararası reytingi olmayan geçici bir üyeye karşı oyun, kesinleşmiş oyuncu için hiçbir şeyi değiştirmez (geçici oyuncu için yine sayılır).
rules-text-16 = K katsayısı
rules-text-17 = Bir oyunun K değeri şu kurallarla, bu sırayla bulunur:
rules-text-18 = Temel K = { $base_k }, turnuva kendi temel K değerini belirlemedikçe.
rules-text-19 = Turnuva başında { $high_rating } reytingden itibaren K = { $high_k } (hiçbir zaman turnuvanın temel K değerinden fazla değil).
rules-text-20 = Turnuva değiştirilmiş kurallarla oynandıysa yarıya iner.
rules-text-21 = Hızlı turnuvada (oyuncu başına 30 dakikadan az) yarıya iner.
rules-text-22 = Rakibin bizde kesinleşmiş reytingi yoksa ve uluslararası bir reytingle sayılıyorsa yarıya iner (bir <code>rif</code> oyuncusu ya da uluslararası reytingi olan geçici bir üye).
rules-text-23 = Örneğin { $base_k }, bir kez yarıya inince { $base_k_half } olur. Olası değerler { $k_values }. Reytingsiz bir turnuva 0 verir.
rules-text-24 = Beklenen puan W<sub>e</sub>
rules-text-25 = W<sub>e</sub>, derneğin reyting farkının mutlak değeri D için iki ondalıklı tablosundan gelir: reytingi yüksek oyuncu H, düşük olan L = 1 − H bekler.
rules-text-26 = W<sub>e</sub>, lojistik eğriden gelir: W<sub>e</sub> = 1 / (1 + 10<sup>−D/400</sup>); burada D, oyuncunun reytingi eksi rakibinki.
rules-text-27 = Listeler
rules-text-28 = Liste tarihinden önceki { $months } ay içinde reytingli oyunu olmayan bir oyuncu pasiftir ve derecelendirme listesinde varsayılan olarak gizlenir.
rules-text-29 = En yüksek ve en düşük reytingler yalnızca kesinleşmiş reytingleri sayar: geçici dönemde yayımlanan reyting yoktur ve dönemi bitiren reyting sayılan ilk reytingdir.
rules-handicap = Çapraz tabloya yazılan handikap taşları (<code>h3</code>) dikkate alınmaz: bu sistemde handikap kuralı yoktur, bu yüzden handikaplı bir oyun eşit bir oyun gibi hesaplanır.
rules-first-rating = Sayının { $games } ya da daha fazlasına ulaştığı turnuvanın sonunda ilk reyting, geçici dönemin bütün oyunları üzerinden hesaplanır (ön ayarlı oyunlar dahil ve { $games } aşılsa bile o turnuvanın her reytingli oyunu):
rules-first-rating-terms = R<sub>c</sub> rakiplerin ortalama reytingi, W<sub>c</sub> bu oyunlarda alınan puanların oranıdır; bu yüzden ilk reyting R<sub>c</sub>'den en çok { $reach } puan uzaktadır. R<sub>p</sub> { $rounding }. Sonraki turnuvadan itibaren üye kesinleşmiştir.
rules-change = Reyting turnuva başına bir kez, herkesin turnuva başındaki reytinglerinden değişir:
rules-change-terms = turnuvanın reytingli oyunları üzerinden toplanır; burada W bir oyunun puanı (1, ½ ya da 0), W<sub>e</sub> beklenen puan ve K o oyunun K katsayısıdır.

## The methods page: how well each rating system predicts.
methods-title = Yöntemler
methods-heading = Yöntemler: her reyting sistemi ne kadar iyi tahmin ediyor
methods-intro = Her derecelendirme listesi ilk turnuvasından başlayarak birkaç reyting sistemiyle yeniden oynatılır. Her turnuvadan önce her sistem her oyunu o anki reytinglerden tahmin eder; tahminler sonra sonuçlarla karşılaştırılır. Daha düşük log kaybı ve Brier puanı daha iyidir; isabet, favorinin kesin sonuçlu bir oyunu ne sıklıkla kazandığıdır. Bir tahmin %1 ile %99 arasında tutulur; böylece kesinlik iddia edip yanılan bir sistem ağır ama sonsuz olmayan bir cezaya çarptırılır. Yayımlanan reytingleri sonrakiler dahil her oyundan hesaplanan Whole-History Rating ise gün gün yeniden oynatılır: her günün oyunları, kendinden önceki günlerden hesaplanan reytinglerden, iki reytingin belirsizliği de hesaba katılarak tahmin edilir.
methods-association-list = Derneğin listesi
col-system = Sistem
col-log-loss = Log kaybı
col-brier = Brier
col-accuracy = İsabet
col-prediction = Tahmin
col-predictions = Tahmin sayısı
col-mean-prediction = Ortalama tahmin
col-mean-score = Ortalama puan
methods-calibration = En iyisinin, { $best }, kalibrasyonu: ortalama tahmine karşı ortalama puan; tahminler iki oyuncunun tarafından onda birlik gruplar hâlinde; iyi kalibre edilmiş bir sistem kesikli köşegen üzerinde kalır. Büyük noktalar daha çok oyun içerir.
methods-no-games = Henüz reytingli oyun yok.
methods-label-configured = kullanılan: { $system }
methods-label-association = dernek sistemi K={ $k } { $curve }
methods-curve-table = tablo
methods-curve-logistic = lojistik
methods-label-glicko2 = Glicko-2 τ={ $tau }
methods-label-glicko2-monthly = Glicko-2 τ={ $tau } aylık
methods-label-fide = FIDE
methods-label-egd = EGD
methods-label-whr = WHR w²={ $w2 }
methods-percent = %{ $value }
methods-chart-label = { $system } kalibrasyonu: ortalama tahmine karşı ortalama puan
methods-chart-point = { $from } ile { $to } arası { $count } tahmin: tahmin edilen { $predicted }, alınan puan { $scored }

## The rating rules of a further list, by its system. Markup stays as it is.
system-rules-1 = Reyting kuralları: { $title }
system-rules-2 = Bu listenin hesaplama yöntemi { $system }. Yalnızca bu listenin turnuvaları sayılır ve oyunları başka bir listedeki reytingi asla değiştirmez. Aşağıdaki her sayı yürürlükte olandır.
system-rules-3 = Kimin oyunları sayılır
system-rules-4 = Listenin turnuvalarındaki her oyuncunun reytingi hesaplanır; üyeliği olmayan oyuncular (<code>other</code>) hariç: onların oyunları iki taraf için de dikkate alınmaz.
system-rules-5 = Bay, hükmen sonuçlar ve gelmemeler hiçbir zaman reytinge girmez; reytingsiz bir turnuvanın oyunları da girmez.
system-rules-6 = Çapraz tabloya yazılan handikap taşları (<code>h3</code>) dikkate alınmaz: bu sistemde handikap kuralı yoktur, bu yüzden handikaplı bir oyun eşit bir oyun gibi hesaplanır.
system-rules-7 = Bir turnuva ilk gününde sayılır. Bütün oyunlar, ne zaman oynanmış olurlarsa olsunlar, birlikte sayılır: aşağıya bakın.
system-rules-8 = Reyting dönemi bir takvim ayıdır. Yeni liste her ayın ilk günü yayımlanır; kapanış tarihi ondan üç gün öncedir. Kapanış tarihinde ya da öncesinde biten bir turnuva o listede, daha sonra biten bir sonraki listede hesaplanır. Her turnuva, hem oyuncu hem rakipler için, başladığında yürürlükte olan listeden hesaplanır ve bir dönemin bütün turnuvaları birlikte hesaplanır.
system-rules-9 = Her turnuva, herkesin turnuva başındaki reytinglerinden hesaplanır; yeni reytingler bir sonraki turnuvadan itibaren geçerlidir.
system-rules-10 = Glicko-2
system-rules-11 = Mark Glickman'ın Glicko-2 sistemi her oyuncu için üç sayı tutar: reyting, sapması (reytingin ne kadar belirsiz olduğu: gerçek güç yaklaşık %95 olasılıkla reytingin iki sapma yakınındadır) ve oynaklık (oyuncunun gücünün ne kadar değişmesinin beklendiği).
system-rules-12 = Yeni bir oyuncu { $initial_rating } reyting, { $initial_deviation } sapma ve { $initial_volatility } oynaklıkla başlar.
system-rules-13 = Bir rakibe karşı beklenen puan iki reytinge ve iki sapmaya bağlıdır: reytingler ne kadar belirsizse beklenti ½'ye o kadar yakındır.
system-rules-14 = Her turnuva bir reyting dönemidir. Yeni reyting sonuçlara doğru kayar; sapması büyük bir oyuncu için daha çok; sapma oynanan her dönemle küçülür. τ = { $tau } oynaklığın ne kadar hızlı değişebileceğini sınırlar.
system-rules-15 = Reytingli oyun olmayan her takvim ayı sapmayı oynaklık kadar genişletir, en çok yeni bir oyuncunun sapmasına kadar.
system-rules-16 = Liste reytingi ve sapmayı tam sayılara yuvarlanmış gösterir; hesaplama onları tam olarak tutar.
system-rules-17 = FIDE reyting yönetmeliği
system-rules-18 = Oyuncu dosyasında uluslararası reytingi olan bir oyuncu onunla başlar.
system-rules-19 = Reytingi olmayan bir oyuncu, en çok 26 aylık reyting dönemleri boyunca toplanan (daha eski oyunlar düşer) reytingli rakiplere karşı { $initial_games } oyunu olduğu ilk listede reyting alır: bu rakiplerin ve 1800 reytingli iki hayali rakibin ortalama reytingine, FIDE tablosunun puana karşılık verdiği reyting farkı eklenir (iki hayali oyun beraberlik sayılır), en çok 2200 ve yuvarlanmış. Puan alınmayan ilk turnuva sayılmaz. Reytingi olmayan iki oyuncu arasındaki oyunlar ikisi için de sayılmaz ve reytingli bir oyuncunun reytingi olmayan bir oyuncuya karşı oyunları sayılmaz.
system-rules-20 = { $rating_floor } altındaki bir reyting yayımlanmaz.
system-rules-21 = Beklenen puan W<sub>e</sub>, FIDE'nin reyting farkları tablosundan (iki ondalık) gelir. 400 puandan büyük bir fark 400 sayılır; 2650 ya da daha yüksek reytingli bir oyuncu için gerçek fark sayılır.
system-rules-22 = K, 30'dan az reytingli oyunu olan bir oyuncu için (ve doğum yılları kullanılabiliyorsa 2300'ün altında reytingli 18 yaş altı bir oyuncu için) 40; oyuncunun yayımlanan reytingi 2400'e ulaştıktan sonra, sonradan düşse bile, 10; diğer durumlarda 20 ve her hızlı oyunda 20'dir; her biri oyuncunun turnuva başladığındaki durumuna göre alınır. K çarpı bütün reyting dönemindeki oyun sayısı 700'ü aşacaksa K, aşmadığı en büyük tam sayıdır (madde 8.3.4).
system-rules-23 = Her oyun K × (W − W<sub>e</sub>) verir; turnuva ve oyuncu sayfalarında FIDE'nin reyting hesaplayıcısındaki gibi yuvarlanmadan gösterilir. Bir listedeki değişim, reyting dönemindeki bütün oyunların toplamının en yakın tam sayıya yuvarlanmasıdır (buçuklar sıfırdan uzağa); turnuva sayfası turnuvadan önceki listenin ve hesaplandığı listenin reytingini gösterir.
system-rules-24 = European Go Database (GoR)
system-rules-25 = Bildirilmiş derecesi olan bir oyuncu, sitenin derece ölçeğinde o derecenin reytingiyle başlar; diğerleri { $initial_rating } ile başlar.
system-rules-26 = Beklenen sonuç S<sub>e</sub> = 1 / (1 + e<sup>β(rakip) − β(oyuncu)</sup>), β(r) = −7 ln(3300 − r) ile: aynı reyting farkı güçlü oyuncular arasında zayıflar arasında olduğundan daha az şey ifade eder.
system-rules-27 = Handikaplı bir oyunda <var>h</var> taş alan oyuncunun (siyah) 100 × (<var>h</var> − 0,5) puan daha yüksek reytingliymiş gibi oynaması beklenir: S<sub>e</sub> onun için bu reytingi kullanır, con ve bonus ise kendi reytingini. Çapraz tablo taşları sonuçtan sonra yazar, örneğin <code>12 b 1 h3</code>; hiçbir şey ya da <code>h0</code> eşit oyundur.
system-rules-28 = con = ((3300 − r) / 200)<sup>1,6</sup>: oyuncu ne kadar zayıfsa bir oyun reytingi o kadar çok oynatır.
system-rules-29 = bonus = ln(1 + e<sup>(2300 − r) / 80</sup>) / 5, her oyun için eklenir; gelişen oyuncular puanları başkalarına aktarırken reytinglerin batmasını önler.
system-rules-30 = Her oyun reytingi con × (S<sub>a</sub> − S<sub>e</sub>) + bonus kadar değiştirir; S<sub>a</sub> galibiyet için 1, jigo için ½, yenilgi için 0'dır; bir turnuvanın oyunlarının değişimleri toplanır. Listeler reytingi yuvarlanmış gösterir.
system-rules-31 = Whole-History Rating
system-rules-32 = Rémi Coulom'un Whole-History Rating sistemi (2008), Renju International Federation tarafından 2021'den beri kullanılır ve turnuva turnuva hesaplamaz. Bir sonuç eklendiğinde her reyting bütün oyun geçmişinden yeniden hesaplanır: gösterilen reytingler, bütün oyunlar ve aşağıdaki varsayımlar göz önüne alındığında en olası güçlerdir.
system-rules-33 = Bir oyuncunun oynadığı her gün için bir reytingi vardır; bu yüzden reyting tek bir sayı değil, zaman içinde bir çizgidir.
system-rules-34 = Bir rakibi yenme olasılığı, Elo sistemindeki gibi 1 / (1 + 10<sup>(rakip − oyuncu) / 400</sup>) olur. Beraberlik yarım galibiyet ve yarım yenilgi sayılır.
system-rules-35 = Güç, bir oyuncunun iki günü arasında rastgele yürüyüş gibi kayabilir: günde w² = { $w2 } Elo²; böylece oyunsuz bir yılda yaklaşık { $year } puan (bir standart sapma) değişebilir. Daha küçük bir w² reytingleri daha kararlı tutar; daha büyüğü formu daha hızlı izlemelerini sağlar.
system-rules-36 = En olası reytingler adım adım, her seferinde bir oyuncu, hiçbir reyting bir puanın on binde birinden fazla değişmeyene kadar bulunur.
system-rules-37 = Her reyting belirsizliğiyle (±), bir standart sapmayla gösterilir: gerçek güç yaklaşık %95 olasılıkla reytingin iki sapma yakınındadır. Az oyunu olan bir oyuncu için büyüktür.
system-rules-38 = Sonraki oyunlar önceki güç hakkında da bilgi verir; bu yüzden yeni sonuçlar geldiğinde geçmiş bir reyting değişebilir: listeler ve geçmişler her zaman bugün bilinen bütün oyunlardan hesaplanan reytingleri gösterir. Bir oyun için gösterilen beklenen puan, iki oyuncunun o günkü reytinglerini kullanır.
system-rules-39 = Listeler reytingi ve belirsizliğini tam sayılara yuvarlanmış gösterir; hesaplama onları tam olarak tutar.
system-rules-whr-first-one = İlk gününde her oyuncuya, { $anchor } reytingli hayali bir rakibe karşı { $games } hayali galibiyet ve aynı sayıda hayali yenilgi verilir. Bu, her oyununu kazanmış bir oyuncunun reytingini sonlu tutar, yeni bir oyuncunun ilk reytingini { $anchor } değerine doğru çeker ve listenin nerede durduğunu belirler.
system-rules-whr-first = İlk gününde her oyuncuya, { $anchor } reytingli hayali bir rakibe karşı { $games } hayali galibiyet ve aynı sayıda hayali yenilgi verilir. Bu, her oyununu kazanmış bir oyuncunun reytingini sonlu tutar, yeni bir oyuncunun ilk reytingini { $anchor } değerine doğru çeker ve listenin nerede durduğunu belirler.

## The rating charts: their titles, descriptions and labels.
chart-player-title = { $name } reyting geçmişi
chart-description = { $count } reytingli turnuva; en düşük { $lowest }, en yüksek { $highest }.
chart-list-description = Reyting geçmişleri: { $names }.
chart-provisional = geçici
chart-single-point = bir reytingli turnuvadan sonra { $rating } ({ $date })
chart-first-established = ilk kesinleşmiş reyting
chart-band = Geçici dönem { $from } – { $to }: { $count } turnuva, yayımlanan reyting yok

## Words the player's and tournament's tables put beside numbers.
progress-provisional = geçici ({ $games }/{ $count } oyun)
history-first-rating-note = { $count } oyun üzerinden hesaplanan geçici reyting
formula-round = yuvarla
first-rating-preset = , bunların { $count } tanesi { $rating } reytingde ön ayarlı oyun
first-rating-carried = , bunların { $count } tanesi { $rating } reytingde aktarılmış oyun
first-rating-terms = n = { $count } oyun{ $start }; Rc = { $rc } (ortalama rakip reytingi); Wc = { $points } / { $count } = { $wc } (puan oranı)
k-step-base = temel K
k-step-tournament-base = turnuvanın temel K değeri
k-step-high = reyting ≥ { $rating }
k-step-modified = değiştirilmiş kurallar
k-step-rapid = hızlı
k-step-international = uluslararası reytingli rakip
not-counted-unrated-tournament = reytingsiz turnuva
not-counted-opponent-other = rakip üye değil
not-counted-opponent-without-rating = rakibin reytingi yok
not-counted-opponent-provisional = rakip geçici
not-counted-not-played = oynanmadı
not-counted-player-unrated = bizce reytinglendirilmiyor

## Reports: Markdown, CSV, review comment, printouts.
-unplayed-virtual = oynanmayan her tur, oyuncunun o turdan önceki puanına sonraki her tur için ½ eklenmiş puana sahip sanal bir rakibe karşı oyun sayılır
-unplayed-dummy = oynanmayan her tur, oyuncunun kendi son puanına sahip varsayımsal bir rakibe karşı oyun sayılır (FIDE C.07, 2023)
report-col-no = BSNo
report-col-player = Oyuncu
report-col-name = Ad-Soyad
report-col-points = Puan
report-col-rank = Sıra
report-col-club = Kulüp
report-col-country = Ülke
report-col-rating = Reyting
report-col-international = ELO
report-col-national = UKD
report-col-licence = Lisans
report-col-games = Oyun
report-col-change = Değişim
report-col-rank-change = Sıra değişimi
report-col-last-rated = Son hesaplanan
report-col-active = Etkin
report-col-before = Önce
report-col-after = Sonra
report-col-score = Sonuç
report-col-expected = Beklenen
report-col-international-rating = Uluslararası reyting
report-list-title = { $title }: derecelendirme listesi
report-list-intro = { $date } itibarıyla. Sıralananlar: { $since } tarihinden beri reytingli oyunu olan kalıcı reytingli üyeler; etkin olmayan oyuncular sırasız listelenir.
report-list-changes = Değişimler { $previous } listesine göredir (sıra değişimi: + yükseliş); “{ report-new }” o listede olmayan oyuncuları gösterir.
report-new = yeni
report-active = { $active ->
    [yes] etkin
   *[no] etkin değil
}
report-established = Kalıcı reytingliler
report-provisional = Geçici reytingliler
report-international = Yabancı oyuncular
report-system = { $system ->
    [round-robin] herkes herkesle
   *[swiss] İsviçre sistemi
}
report-rounds = { $count } tur
report-rated = reytingli (temel K { $k }, { $time ->
    [rapid] hızlı
   *[standard] klasik
}, { $rules ->
    [modified] değiştirilmiş kurallar
   *[standard] standart kurallar
})
report-rated-none-counted = reytingsiz: oyunlarından hiçbiri reytinge sayılmaz
report-not-rated = reytingsiz
report-illustrative = Örnek gösterim: uydurma sonuçlar, gerçek değil.
report-standings = Sıralama
report-starting-list = Başlangıç listesi
report-crosstable-start = Başlangıç numarasına göre çapraz tablo
report-crosstable-final = Son sıraya göre çapraz tablo
report-rating-changes = Reyting değişimleri
report-bye = bay
report-legend = Her hücre: rakibin { $numbers ->
    [start] başlangıç numarası
   *[final] son sırası
} ve renk ({ $white } = beyaz, { $black } = siyah), ardından turun puanı: 1 galibiyet, ½ beraberlik, 0 yenilgi, + hükmen galibiyet, − hükmen yenilgi, ? sonuç bekleniyor. “{ report-bye } 1”, “{ report-bye } ½”, “{ report-bye } 0”: rakipsiz bir tur ve verdiği puan. Boş hücre: o tur eşleştirilmedi.
report-provisional-progress = geçici ({ $games }/{ $needed } oyun)
report-tiebreak = { $id ->
    [bh] Buchholz: rakiplerin puanları toplamı; { -unplayed-dummy }
    [bh-virtual] Buchholz: rakiplerin puanları toplamı; { -unplayed-virtual }
    [bh-c1] Buchholz-1: en az belirleyici rakip çıkarılmış Buchholz; { -unplayed-dummy }
    [bh-c1-virtual] Buchholz-1: en az belirleyici rakip çıkarılmış Buchholz; { -unplayed-virtual }
    [bh-c2] Buchholz-2: en az belirleyici iki rakip çıkarılmış Buchholz; { -unplayed-dummy }
    [bh-c2-virtual] Buchholz-2: en az belirleyici iki rakip çıkarılmış Buchholz; { -unplayed-virtual }
    [bh-m1] Ortanca Buchholz 1: en yüksek ve en az belirleyici rakip çıkarılmış Buchholz; { -unplayed-dummy }
    [bh-m1-virtual] Ortanca Buchholz 1: en yüksek ve en az belirleyici rakip çıkarılmış Buchholz; { -unplayed-virtual }
    [sb] Sonneborn–Berger: yenilen rakiplerin puanları ile berabere kalınan rakiplerin puanlarının yarısı; { -unplayed-dummy }
    [sb-virtual] Sonneborn–Berger: yenilen rakiplerin puanları ile berabere kalınan rakiplerin puanlarının yarısı; { -unplayed-virtual }
    [win] Galibiyet sayısı: oynanarak ya da oynanmadan kazanılan turlar
    [won] Tahtada kazanılan oyun sayısı
    [gs] Galibiyet sayısı: tahtada kazanılanlar ile hükmen galibiyetler
    [ps] Kümülatif puan: tur tur puan toplamları
    [de] Aralarındaki maç: eşit puanlı oyuncuların birbirlerinden aldığı puanlar
    [bpg] Siyahla oynanan oyun sayısı
    [aro] Rakiplerin ortalama reytingi
    [tpr] Turnuva performans reytingi
   *[ks] Koya: en yüksek puanın en az yarısını alan oyunculara karşı alınan puanlar
}
report-survey-title = Handikap anketi { $title }
report-survey-opinions = { $possible } görüşten { $opinions }
report-survey-grades = Taş cinsinden dereceler: 1k = 1, 1d = 0, 2d = -1; negatif fark, nominal dereceden güçlü demektir.
report-col-nominal = Nominal
report-col-original-method = Özgün yöntem
report-col-difference = Fark
report-col-least-squares = En küçük kareler
report-col-suggestion = Öneri
report-survey-no-opinions = görüş yok
report-survey-error = Ortalama kare hata: özgün yöntem { $original }, en küçük kareler { $least }
report-survey-residual = görüş artıklarının karesel ortalaması { $rms } taş
report-survey-threshold = Öneriler, fark en az { $threshold } derece olduğunda { $basis } sonucunu izler.
diff-title = Derecelendirme defteri: bu değişikliğin yayımladıkları
diff-comparing = { $base } ile { $head } karşılaştırılıyor.
diff-working-tree = { $branch } çalışma ağacı
diff-base-broken = Temel sürüm ({ $base }) derlenmiyor, bu yüzden karşılaştırılacak bir şey yok; bu, değişikliğin tek başına durumudur.
diff-head-broken = **Bu değişiklik derlenmiyor**: aşağıdaki hataları düzeltin; site yayımlanmaz.
diff-players-change = { $count ->
    [0] Yayımlanan reytinglerde değişim yok
   *[other] { $count } oyuncu değişiyor
}
diff-largest = en büyük { $delta } ({ $name })
diff-rank-only = bunların { $count } tanesi yalnızca sırada
diff-tournaments-changed = { $count } turnuva eklendi, çıkarıldı ya da değişti
diff-roster = { $added } yeni ve { $removed } çıkarılan oyuncu
diff-pool-players = { $title }: { $count } oyuncu değişiyor
diff-rest = Raporun geri kalanı
diff-left-out = **Bu yorumun dışında kalan: { $count } satır**, bir yorumun alabildiği { $limit } karakter sınırında kalmak için. Raporun tamamı: `ratingbook diff --format json` (bir dosyada saklamak için `--out DOSYA` ile).
diff-problems = Bu değişikliğin sorunları
diff-none-new = Yeni sorun yok.
diff-more-problems = bu değişikliğin getirdiği { $count } sorun daha
diff-earlier-problems = bu değişiklikten önce de olan { $count } sorun
diff-both = { $first } ve { $second }
diff-problems-not-shown = Gösterilmeyen: { $what }. `ratingbook check` hepsini listeler.
diff-tournaments = Turnuvalar
diff-col-tournament = Turnuva
diff-col-start = Başlangıç
diff-col-rated-games = Reytingli oyunlar
diff-col-phase = Evre
diff-col-history = Geçmiş
diff-col-cause = Nedeni
diff-tournament-state = { $state ->
    [added] eklendi
    [removed] çıkarıldı
   *[changed] değişti
}
diff-players = Oyuncular
diff-pool-heading = { $title } ({ $name } derecelendirme listesi)
diff-players-moved = reytingi, evresi ya da reytingli oyunları değişen { $count } oyuncu
diff-players-rank-only = yalnızca sırası değişen { $count } oyuncu
diff-players-not-shown = Gösterilmeyen: { $what }. Listenin tamamı: `ratingbook diff --format json`.
diff-ripple = { $tournament } turnuvasının dolaylı etkisi
diff-history-after = { $tournament } sonrası: { $change }
diff-history-more = { $count } turnuva daha
diff-not-played-before = önceden oynamamıştı, şimdi { $value }
diff-no-longer-played = artık oynanmamış
diff-performance = performans { $before } → { $after }
diff-phase = { $phase ->
    [established] kalıcı
    [provisional] geçici
   *[unrated] reytingsiz
}
diff-results = Sonuçlar
diff-game = { $tournament }, { $round }. tur: { $first } – { $second }: { $result }
diff-game-added = { $result } (eklendi)
diff-game-removed = { $result } (çıkarıldı)
diff-new-players = Yeni oyuncular
diff-removed-players = Çıkarılan oyuncular

## Lists of numbers, and the title `init` gives a new site.
list-separator = {"; "}
init-title = { $association } derecelendirme listesi

## Printable sheets for the tournament director: pairing lists, standings,
## wall charts and score sheets, as text, Markdown and HTML.
sheet-pairings-title = { $event }: { $round }. tur eşlendirmesi
sheet-score-sheets-title = { $event }: { $round }. tur hamle kâğıtları
sheet-standings-title = { $event }: { $round }. tur sonrası sıralama
sheet-wall-chart-title = { $event }: tur tablosu
sheet-board-heading = { $event }, { $round }. tur, { $board }. masa
sheet-col-board = Masa
sheet-col-no = BSNo
sheet-col-white = Beyaz
sheet-col-black = Siyah
sheet-col-rating = Reyt.
sheet-col-points = Puan
sheet-col-result = Sonuç
sheet-col-rank = Sıra
sheet-col-name = Ad
sheet-col-federation = Fed
sheet-col-round = T{ $round }
sheet-bye-line = Bay: { $player }
sheet-bye-allocated = bay, 1 puan
sheet-bye-full = tam puanlı bay, 1 puan
sheet-bye-half = yarım puanlı bay, ½ puan
sheet-bye-zero = eşlenmedi, 0 puan
sheet-cell-bye = bay { $points }
sheet-white-player = Beyaz: { $player }
sheet-black-player = Siyah: { $player }
sheet-result-blank = Sonuç:
sheet-white-signature = Beyazın imzası:
sheet-black-signature = Siyahın imzası:
