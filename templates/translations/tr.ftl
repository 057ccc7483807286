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
footer-all = tümü

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
report-survey-threshold = Öneriler, fark en az { $threshold } derece olduğunda { $basis } yöntemini izler.
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
