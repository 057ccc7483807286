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
