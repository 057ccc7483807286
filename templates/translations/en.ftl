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

## Reports: Markdown, CSV, review comment, printouts.
-unplayed-virtual = each unplayed round counts as a game against a virtual opponent with the player's score before that round plus ½ for every later round
-unplayed-dummy = each unplayed round counts as a game against a dummy opponent with the player's own final score (FIDE C.07, 2023)
report-col-no = No
report-col-player = Player
report-col-name = Name
report-col-points = Pts
report-col-rank = Rank
report-col-club = Club
report-col-country = Country
report-col-rating = Rating
report-col-international = Int. rating
report-col-national = National
report-col-licence = Licence
report-col-games = Games
report-col-change = Change
report-col-rank-change = Rank change
report-col-last-rated = Last rated
report-col-active = Active
report-col-before = Before
report-col-after = After
report-col-score = Score
report-col-expected = Expected
report-col-international-rating = International rating
report-list-title = { $title }: rating list
report-list-intro = As of { $date }. Ranked: established members with a rated game since { $since }; inactive players are listed without a rank.
report-list-changes = Changes are since the list of { $previous } (rank change: + is up); "{ report-new }" marks players not on it.
report-new = new
report-active = { $active ->
    [yes] active
   *[no] inactive
}
report-established = Established
report-provisional = Provisional
report-international = International players
report-system = { $system ->
    [round-robin] round-robin
   *[swiss] swiss
}
report-rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
report-rated = rated (base K { $k }, { $time ->
    [rapid] rapid
   *[standard] standard
}, { $rules ->
    [modified] modified
   *[standard] standard
} rules)
report-rated-none-counted = not rated: none of its games counts for a rating
report-not-rated = not rated
report-illustrative = Illustrative sample: invented results, not real ones.
report-standings = Standings
report-starting-list = Starting list
report-crosstable-start = Crosstable by start number
report-crosstable-final = Crosstable in final order
report-rating-changes = Rating changes
report-bye = bye
report-legend = Each cell: the opponent's { $numbers ->
    [start] start number
   *[final] final place
} and colour ({ $white } = white, { $black } = black), then the points of the round: 1 win, ½ draw, 0 loss, + win by forfeit, − loss by forfeit, ? result to come. “{ report-bye } 1”, “{ report-bye } ½”, “{ report-bye } 0”: a round without an opponent and the points it gave. An empty cell: not paired that round.
report-provisional-progress = provisional ({ $games } of { $needed ->
    [one] { $needed } game
   *[other] { $needed } games
})
report-tiebreak = { $id ->
    [bh] Buchholz: sum of the opponents' scores; { -unplayed-dummy }
    [bh-virtual] Buchholz: sum of the opponents' scores; { -unplayed-virtual }
    [bh-c1] Buchholz Cut 1: Buchholz without the least significant opponent; { -unplayed-dummy }
    [bh-c1-virtual] Buchholz Cut 1: Buchholz without the least significant opponent; { -unplayed-virtual }
    [bh-c2] Buchholz Cut 2: Buchholz without the two least significant opponents; { -unplayed-dummy }
    [bh-c2-virtual] Buchholz Cut 2: Buchholz without the two least significant opponents; { -unplayed-virtual }
    [bh-m1] Median Buchholz 1: Buchholz without the highest and the least significant opponent; { -unplayed-dummy }
    [bh-m1-virtual] Median Buchholz 1: Buchholz without the highest and the least significant opponent; { -unplayed-virtual }
    [sb] Sonneborn–Berger: beaten opponents' scores plus half of drawn opponents' scores; { -unplayed-dummy }
    [sb-virtual] Sonneborn–Berger: beaten opponents' scores plus half of drawn opponents' scores; { -unplayed-virtual }
    [win] Number of wins: rounds won, with or without playing
    [won] Number of games won over the board
    [gs] Number of wins: over the board plus forfeit wins
    [ps] Progressive score: sum of the running scores
    [de] Direct encounter: points among the tied players
    [bpg] Number of games played with black
    [aro] Average rating of the opponents
    [tpr] Tournament performance rating
   *[ks] Koya: points scored against the players with at least half the maximum score
}
report-survey-title = Handicap survey { $title }
report-survey-opinions = { $opinions } of { $possible ->
    [one] { $possible } opinion
   *[other] { $possible } opinions
}
report-survey-grades = Grades in stones: 1k = 1, 1d = 0, 2d = -1; a negative difference means stronger than the nominal grade.
report-col-nominal = Nominal
report-col-original-method = Original method
report-col-difference = Difference
report-col-least-squares = Least squares
report-col-suggestion = Suggestion
report-survey-no-opinions = no opinions
report-survey-error = Mean squared error: original method { $original }, least squares { $least }
report-survey-residual = opinion residual RMS { $rms } stones
report-survey-threshold = Suggestions follow the { $basis } where the difference is at least { $threshold ->
    [one] { $threshold } grade
   *[other] { $threshold } grades
}.
diff-title = Rating book: what this change publishes
diff-comparing = Comparing { $base } with { $head }.
diff-working-tree = the working tree of { $branch }
diff-base-broken = The base ({ $base }) does not build, so there is nothing to compare with; this is the state of the change alone.
diff-head-broken = **This change does not build**: fix the errors below; the site would not be published.
diff-players-change = { $count ->
    [0] No published rating changes
    [one] { $count } player changes
   *[other] { $count } players change
}
diff-largest = largest { $delta } ({ $name })
diff-rank-only = { $count } of them in rank only
diff-tournaments-changed = { $count ->
    [one] { $count } tournament added, removed or changed
   *[other] { $count } tournaments added, removed or changed
}
diff-roster = { $added } new and { $removed } removed { $removed ->
    [one] player
   *[other] players
}
diff-pool-players = { $title }: { $count ->
    [one] { $count } player changes
   *[other] { $count } players change
}
diff-rest = The rest of this report
diff-left-out = **Left out of this comment: { $count ->
    [one] { $count } row
   *[other] { $count } rows
}**, to stay within the { $limit } characters a comment holds. The whole report: `ratingbook diff --format json` (with `--out FILE` to keep it in a file).
diff-problems = Problems in this change
diff-none-new = None new.
diff-more-problems = { $count } more that this change brings
diff-earlier-problems = { $count } that were there before this change
diff-both = { $first } and { $second }
diff-problems-not-shown = Not shown: { $what }. `ratingbook check` lists them all.
diff-tournaments = Tournaments
diff-col-tournament = Tournament
diff-col-start = Start
diff-col-rated-games = Rated games
diff-col-phase = Phase
diff-col-history = History
diff-col-cause = Because of
diff-tournament-state = { $state ->
    [added] added
    [removed] removed
   *[changed] changed
}
diff-players = Players
diff-pool-heading = { $title } (rating list { $name })
diff-players-moved = { $count ->
    [one] { $count } player
   *[other] { $count } players
} whose rating, phase or rated games change
diff-players-rank-only = { $count ->
    [one] { $count } player
   *[other] { $count } players
} whose rank alone moves
diff-players-not-shown = Not shown: { $what }. The whole list: `ratingbook diff --format json`.
diff-ripple = ripple from { $tournament }
diff-history-after = after { $tournament }: { $change }
diff-history-more = { $count ->
    [one] { $count } more tournament
   *[other] { $count } more tournaments
}
diff-not-played-before = not played before, now { $value }
diff-no-longer-played = no longer played
diff-performance = performance { $before } → { $after }
diff-phase = { $phase ->
    [established] established
    [provisional] provisional
   *[unrated] unrated
}
diff-results = Results
diff-game = { $tournament }, round { $round }: { $first } – { $second }: { $result }
diff-game-added = { $result } (added)
diff-game-removed = { $result } (removed)
diff-new-players = New players
diff-removed-players = Removed players
