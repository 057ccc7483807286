# The words of the published site in English.
# Every language has a file like this one with the same keys; a repository
# adds a language, or changes words, with its own file of the language's
# code in its templates/translations/ folder (e.g. et.ftl).

## Counts: the number with its noun in the form the number takes.
count-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
count-tournaments = { $count ->
    [one] { $count } tournament
   *[other] { $count } tournaments
}
count-games = { $count ->
    [one] { $count } game
   *[other] { $count } games
}

## The frame of every page.
skip-to-content = Skip to content
nav-main = Main
nav-ratings = Rating list
nav-tournaments = Tournaments
nav-archive = Archive
nav-rules = Rules
nav-downloads = Downloads
search-label = Search
search-placeholder = Player or tournament
search-hint = Accents are optional: saarenpaa finds Saarenpää.
search-go = Go
footer-downloads = Downloads
footer-list-csv = rating list CSV
footer-sql = SQL
footer-all = all
