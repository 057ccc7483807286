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
scroll-hint = Scroll sideways for more
footer-all = all

## Words many pages share: breadcrumbs, page and year navigation, table headings.
home = Home
breadcrumb = Breadcrumb
pages-nav = Pages
pages-nav-end = Pages, end of list
page-of = Page { $number } of { $count }:
page-first = First
page-previous = Previous
page-next = Next
page-last = Last
years-nav = Years
years-label = Years:
col-player = Player
col-rating = Rating
col-games = Games
col-club = Club
col-country = Country
col-tournament = Tournament
col-dates = Dates
col-city = City
col-players = Players
col-rounds = Rounds
col-rated = Rated
col-last-rated = Last rated
col-files = Files
word-yes = yes
word-no = no
tag-illustrative = illustrative
tag-inactive = inactive
no-tournaments-yet = No tournaments yet.
past-lists = Past lists:
download-label = Download:
as-of-before = As of
as-of-after = .
nav-methods = Methods
nav-surveys = Surveys

## The front page.
front-as-of-before = Ratings as of
front-as-of-after = .
front-news = News
front-top = Top rated active players
front-no-top = No active established players.
front-full-list = Full rating list
front-inactive-hidden = { $count ->
    [one] ({ $count } inactive player hidden by default)
   *[other] ({ $count } inactive players hidden by default)
}
front-leaders = Top active player of each club and country
front-recent = Recent tournaments
leader-club = Club
leader-country = Country

## The page not found.
not-found-title = Page not found
not-found-before = There is no page at this address. Try the search above, the
not-found-list = rating list
not-found-or = or the
not-found-tournaments = tournaments
not-found-after = .

## The archive of year-end lists.
archive-title = Archive of rating lists
archive-intro = The rating list as it stood at the end of each year with tournaments; for the latest year, as it stands after its latest results.
archive-to-date = { $year } to date
archive-end-of = End of { $year }

## The tournaments and the downloads.
tournaments-title = Tournaments
downloads-title = Downloads
downloads-list-csv = Rating list (CSV)
downloads-list-csv-about = : list date, rank (active players only), id, name, club, country, membership, rating, games, last played, active (
downloads-true = true
downloads-or = or
downloads-false = false
downloads-list-markdown = Rating list (Markdown)
downloads-pool-about-before = : the
downloads-pool-list = list
downloads-pool-about-after = { " " }as its page shows it.
downloads-sql = Whole rating book for { $database } (SQL)
downloads-sql-about = : players, tournaments, games, rating changes and the rating list; loads into { $database } only:
downloads-tournaments = Tournaments
downloads-trf = FIDE TRF

## The search page and what the search box shows.
search-title = Search
search-everything = Players and tournaments
search-browse-intro = Type in the search box to find anyone, or browse players by the first letter of their name and tournaments by year.
search-group-intro = Type in the search box to narrow the list to a name.
search-all-intro = Every player and tournament. Type in the search box to narrow the list.
search-browse = Browse
search-player = player
search-tournament = tournament
search-players = Players
search-tournaments = Tournaments
search-other = Other
search-all-found = All { $count } found
search-found-for = { $count } found for “{ $query }”.
search-rating = rating { $rating }
search-provisional = provisional

## The rating lists.
list-title = Rating list
list-title-year = Rating list { $year }
list-established-after = Members become established after { $count } rated games.
list-inactive-since = Players without a rated game since { $date }
list-inactive-hidden = { $count ->
    [one] are inactive and hidden until you choose “Show { $count } inactive player” above the table.
   *[other] are inactive and hidden until you choose “Show { $count } inactive players” above the table.
}
list-inactive-none = are inactive; this list has none.
list-changes-before = Changes
list-rating-change = rating change
list-rank-change = rank change, + up
list-changes-since = are since the list of
list-new = new
list-new-marks = marks players not on it.
list-chart = Rating history of the top players:
list-chart-title = Rating history of the top { $count } players
lists-nav = Lists
filter-club = Club
filter-country = Country
filter-membership = Membership
filter-category = Category
filter-category-title = Category: { $category }
list-established = Established
list-show-inactive = { $count ->
    [one] Show { $count } inactive player
   *[other] Show { $count } inactive players
}
list-hide-inactive = Hide inactive players
list-no-established = No established ratings.
list-provisional = Provisional
list-provisional-intro = No published rating until { $count } games (preset games included).
list-no-provisional = No provisional members.
list-international = International players
list-international-intro = Ratings of the international federation, as recorded; not computed by us.
list-international-rating = International rating
list-no-international = No international players.
list-download-csv = rating list as CSV
list-download-markdown = as Markdown

## The player's page.
player-rating = Rating
player-provisional = provisional, { $progress } games
player-in-lists-before = in the
player-in-lists-after = { $count ->
    [one] list below
   *[other] lists below
}
player-not-rated = not rated by us
player-grade-for-rating = Grade for this rating
player-grade = Grade
player-peak = Peak
player-lowest = Lowest
player-rated-games = Rated games
player-score = Score
player-membership = Membership
membership-name = { $membership ->
    [member] member
    [honorary] honorary member
    [rif] member of the international federation
   *[other] other
}
player-club = Club
player-country = Country
player-international = International rating
player-peak-note = Peak and lowest count established ratings only; the provisional phase has no published rating.
player-history = Rating history
player-chart-every = { $count ->
    [one] { $count } rated tournament
   *[other] { $count } rated tournaments
}
player-chart-some = Ratings after { $count } of the { $total } tournaments below
player-chart-band = ; the shaded band is the provisional phase
player-chart-every-row = . The last point is labelled; hover or tap a point for its tournament, or read every point in the table below (one row per point).
player-chart-rated-rows = . The last point is labelled; hover or tap a point for its tournament, or read every point in the table below (the rows with a rating).
col-date = Date
col-score = Score
col-perf = Perf.
col-round = Round
col-opponent = Opponent
col-result = Result
col-opp-rating = Opp. rating
col-won = Won
col-drawn = Drawn
col-lost = Lost
col-diff = Diff.
player-first-rating = First rating
title-expected = expected score
title-performance = performance rating
title-k = K factor
title-sum = sum of K × (W − We)
title-change-rounded = rating change, rounded
legend-history-we = expected score: the sum of W<sub>e</sub> over the counted games
legend-history-perf = performance rating: R<sub>c</sub> + (W<sub>c</sub> − { $half }) × { $spread } over the tournament's counted games
legend-history-k = K factor(s) used
legend-history-sum = the sum of K × (W − W<sub>e</sub>) over the counted games, before rounding
legend-history-change = the rating change: Σ rounded { $rounding }
player-best-wins = Best wins
player-head-to-head = Head to head
player-games = Games
legend-games-result = 1 win, ½ draw, 0 loss, + won by forfeit or bye, − lost by forfeit or absent
legend-games-opp = the opponent's rating the rules used
legend-games-we = expected score against that opponent
legend-games-k = K factor of the game; each value links to the K rules and, on hover, shows how it was found
legend-games-w = the score of the game: 1, ½ or 0
legend-games-change = what the game adds to the tournament's sum Σ
pool-own-before = A rating list of its own, rated by
pool-own-list = the list
pool-uncertainty = uncertainty: one standard deviation of the rating
pool-deviation = rating deviation: one standard deviation of the rating
pool-no-rating = no rating yet
pool-chart = { $count ->
    [one] { $count } rated tournament in this list. The last point is labelled; every point is in the table below.
   *[other] { $count } rated tournaments in this list. The last point is labelled; every point is in the table below.
}
pool-games = Games in this list
pool-diff-title = own rating − opponent's, at most 400 either way below 2650
pool-whr-note-before = Opp. rating: the opponent's rating of that day; We: the expected score the
pool-rules = rules
pool-whr-note-after = give from both players' ratings of that day, as worked out from every game known today. Whole-History Rating has no K factor.
pool-note-before = We: the expected score the
pool-note-after = give against that opponent at the start of the tournament; K and K×(W−We) for systems with a K factor.

## How changes are rounded, as the rules, legends and reports say it.
rounding-half-away = to the nearest whole number; a half is rounded away from zero (+2.5 → +3, −2.5 → −3)
rounding-half-even = to the nearest whole number; a half is rounded to the even number (+2.5 → +2, +3.5 → +4)

## The tournament's page, its rounds and its player cards.
tournament-illustrative = Illustrative sample: these results are invented to show the rating book at work; they are not real results.
fact-dates = Dates
fact-city = City
fact-system = System
fact-rating = Rating
fact-downloads = Downloads
count-rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
system-swiss = swiss
system-round-robin = round-robin
time-control-standard = standard
time-control-rapid = rapid
game-rules-standard = standard
game-rules-modified = modified
tournament-rated = rated, base K { $k }, { $control } time control, { $rules } rules
tournament-not-counted = not rated: none of its games counts for a rating
tournament-not-rated = not rated
download-crosstable-csv = crosstable CSV
download-markdown-report = Markdown report
download-sql-dump = SQL dump of the whole book for { $database }
rounds-heading = Rounds
round-link = Round { $round }
round-pairing-pending = (pairing; results to come)
round-results-pending = (results to come)
player-cards = Player cards
standings-heading = Standings
col-no = No
col-title = Title
col-fed = Fed
col-pts = Pts
col-rp = Rp
col-report = Report
col-rank = Rank
col-name = Name
col-int-rating = Int. rating
col-national = National
col-licence = Licence
col-phase = Phase
col-before = Before
col-after = After
abbr-start-number = start number
abbr-federation = federation
abbr-points = points
abbr-performance = performance rating
abbr-rating-change = rating change
abbr-report = rank in the event's own report
title-player-card = player card
legend-no = start number, linked to the player's card
legend-rating = rating for this event: the event's own, else the international rating, else ours at the start
legend-pts = points
legend-rp = performance rating (FIDE): the opponents' average rating plus the rating difference FIDE's table gives for the score, over the games played against rated opponents
legend-change = rating change from this event
legend-report = rank in the event's own report, which orders ties by its own tie-breaks
starting-heading = Starting list
starting-order = Ordered by international rating, national rating, name and licence number.
crosstable-start-heading = Crosstable by start number
crosstable-final-heading = Crosstable in final order
crosstable-final-rows = Rows in final order.
handicap-start-legend = “h3” after a result: a handicap game, black received 3 stones.
handicap-final-legend = “h3”: a handicap game, black received 3 stones.
handicap-title = handicap stones received by black
notation-legend = Each cell: the opponent's { $numbers } and colour ({ $colours }), then the points of the round: 1 win, ½ draw, 0 loss, + win by forfeit, − loss by forfeit, ? result to come. “bye 1”, “bye ½”, “bye 0”: a round without an opponent and the points it gave. An empty cell: not paired that round.
notation-bye = bye
notation-start-number = start number
notation-final-place = final place
colour-legend = colour: { $white } = white, { $black } = black
changes-heading = Rating changes
changes-in-list = Rating changes in the { $list } list
changes-rated-on = Rated on the list of { $date }, from the ratings of the list in force when the tournament started ({ $in_force }); Δ and After are the whole rating period's, with every tournament of the player on that list (
changes-rating-period = rating period
changes-list-games = games that counted in this list
changes-list-we = expected score: the sum of the expected scores over those games
changes-list-change = the rating change, by { $system }; empty for a first rating
changes-games = games that counted for the rating
changes-we = expected score: the sum of W<sub>e</sub> over those games
changes-k = K factor(s) used
changes-change = the rating change: Σ K × (W − W<sub>e</sub>) rounded { $rounding }; a provisional player's first rating comes from R<sub>p</sub> = R<sub>c</sub> + (W<sub>c</sub> − { $half }) × { $spread }
changes-rule = rule
phase-provisional = provisional
phase-established = established
phase-unrated = unrated
tiebreak-unplayed-virtual = { $what }; each unplayed round counts as a game against a virtual opponent with the player's score before that round plus ½ for every later round
tiebreak-unplayed-dummy = { $what }; each unplayed round counts as a game against a dummy opponent with the player's own final score (FIDE C.07, 2023)
tiebreak-bh = Buchholz: sum of the opponents' scores
tiebreak-bh-c1 = Buchholz Cut 1: Buchholz without the least significant opponent
tiebreak-bh-c2 = Buchholz Cut 2: Buchholz without the two least significant opponents
tiebreak-bh-m1 = Median Buchholz 1: Buchholz without the highest and the least significant opponent
tiebreak-sb = Sonneborn–Berger: beaten opponents' scores plus half of drawn opponents' scores
tiebreak-win = Number of wins: rounds won, with or without playing
tiebreak-won = Number of games won over the board
tiebreak-gs = Number of wins: over the board plus forfeit wins
tiebreak-ps = Progressive score: sum of the running scores
tiebreak-de = Direct encounter: points among the tied players
tiebreak-bpg = Number of games played with black
tiebreak-aro = Average rating of the opponents
tiebreak-tpr = Tournament performance rating
tiebreak-ks = Koya: points scored against the players with at least half the maximum score

## The round pages and the player cards.
round-title = { $tournament }, round { $round }
round-heading = { $tournament }: round { $round } of { $rounds }
round-pairings = Pairings
round-results = Results
round-pending-note = Results to come: a result shows “?” until it is entered.
col-board = Board
col-white = White
col-black = Black
abbr-points-before = points before the round
round-board-order = Boards in order of the higher score of the two players before the round, then the sum of their scores, then the better start number. Pts: points before the round. Result:
round-white-first = white's points first
round-first-named-first = the first-named player's points first
round-result-symbols = ; + and − a game won and lost by forfeit; ? result to come.
round-without-game = Without a game
round-standings-before = Standings before round { $round }
round-standings-after = Standings after round { $round }
round-legend-pts = { $count ->
    [one] points after { $count } round
   *[other] points after { $count } rounds
}
round-legend-tiebreak = { $description }, over the rounds played so far
round-legend-rp = performance rating (FIDE) over the games played so far against rated opponents
unpaired-bye = bye (1 point)
unpaired-full-bye = full-point bye (1 point)
unpaired-half-bye = half-point bye (½ point)
unpaired-zero-bye = zero-point bye (0 points)
unpaired-absent = not paired
colour-white = white
colour-black = black
cards-title = { $tournament }: player cards
cards-legend = Each card follows one player round by round: the opponent (start number, name, rating), the colour, the result (1 win, ½ draw, 0 loss, + win by forfeit, − loss by forfeit, ? result to come; “bye 1”, “bye ½”, “bye 0”: a round without an opponent and the points it gave) and the points after the round.
card-player-page = Player page
card-rating = rating { $rating }
card-points = { $points } points
card-place = , place { $place }
card-performance = performance rating { $performance }
col-colour = Colour
col-total = Total
abbr-opponent-number = opponent's start number
abbr-points-after = points after the round

## A further list's pages.
pool-intro-before = A rating list of its own: only its tournaments count in it, and its games never move a rating in another list. Rated by
pool-intro-as-of = . As of
pool-intro-inactive = ; players without a rated game since { $date } are marked inactive and have no rank.
pool-no-ratings = No ratings yet.
pool-without-rating = Without a rating yet
pool-download-csv = this list as CSV
col-rd = RD

## Handicap surveys.
surveys-title = Handicap surveys
surveys-intro = Each member said what handicap would give an even game against each other member; the estimates show whose grade looks out of date.
survey-title = Handicap survey { $title }
survey-opinions = { $count } of { $possible } opinions.
survey-grades = Grades in stones: 1k = 1, 1d = 0, 2d = −1; a negative difference means stronger than the nominal grade.
survey-nominal = Nominal
survey-original = Original method
survey-difference = Difference
survey-least-squares = Least squares
survey-suggestion = Suggestion
survey-no-opinions = (no opinions)
survey-mse = Mean squared error: original method { $original }, least squares { $least }
survey-residual = (opinion residual RMS { $rms } stones)
survey-suggestions = Suggestions follow the { $basis } where the difference is at least { $threshold } grades.
survey-basis-filled-in = original-method estimate
survey-basis-least-squares = least-squares estimate
survey-promote = promote { $from } → { $to }
survey-demote = demote { $from } → { $to }
survey-name-separator = {", "}
survey-note-missing = { $missing } of { $possible } opinions are missing; the original method fills them with the nominal grade difference, the least-squares estimate leaves them out.
survey-note-no-opinions = No opinions given or received: { $players }; the least-squares estimate keeps the nominal grade.
survey-note-disconnected = No opinion links the players across { $groups } groups; each group's least-squares estimates are centred on its own mean nominal grade, so they compare only within a group.

## The rating rules page (the association's own system). Markup stays as it is.
rules-text-1 = Rating rules
rules-text-2 = This page is generated from the configuration the ratings were computed with, so every number below is the one in force. The abbreviations on player and tournament pages link here.
rules-text-3 = Whose games count
rules-text-4 = <strong>Members and honorary members</strong> are rated by us. Their games count for their opponents at our rating (an established member's rating at the start of the tournament).
rules-text-5 = <strong>Members of the international federation</strong> (<code>rif</code> in the lists) are not rated by us, but games against them count for our members at their international rating for that tournament. For an established member, K is halved in such a game (<a href="#rule-k-international">below</a>). A player without an international rating for the tournament counts for nobody.
rules-text-6 = <strong>Other players</strong> (no affiliation, or only a provisional international rating): their games are ignored for both sides.
rules-text-7 = Byes, forfeits and absences are never rated, nor are games of an unrated tournament.
rules-text-8 = New players: the provisional phase
rules-text-9 = A member may start with a preset: a start rating (1600, 1700, 1800, 1900 or 2000; 1600 if none) and 0, 5, 10 or 15 preset games. Preset games count as games against an opponent at the preset rating, each scored ½.
rules-text-10 = A member is provisional until preset games plus rated games reach { $games }; the count is checked at the end of each tournament. No rating is published meanwhile: lists show the count, e.g. 12/{ $games }.
rules-text-11 = While provisional, a game counts at the opponent's rating: an established member's rating at the start of the tournament, a <code>rif</code> player's international rating, or a provisional member's preset start rating.
rules-text-12 = The same formula over one tournament's counted games gives the <strong>performance rating</strong> (Perf.) shown per tournament on player pages.
rules-text-13 = Established players
rules-text-14 = Rounding: the sum is rounded { $rounding }.
rules-text-15 = An established member's game counts only against an established member or a player with an international rating for the tournament. A game against a provisional member without an international rating changes nothing for the established player (it still counts for the provisional one).
rules-text-16 = The K factor
rules-text-17 = K for one game is found by these rules, in this order:
rules-text-18 = Base K = { $base_k }, unless the tournament sets its own base K.
rules-text-19 = From a rating of { $high_rating } at the start of the tournament, K = { $high_k } (never more than the tournament's base K).
rules-text-20 = Halved if the tournament was played with modified rules.
rules-text-21 = Halved for a rapid tournament (under 30 minutes per player).
rules-text-22 = Halved when the opponent has no established rating of ours and counts at an international rating (a <code>rif</code> player, or a provisional member with an international rating).
rules-text-23 = For example { $base_k } becomes { $base_k_half } with one halving. The possible values are { $k_values }; an unrated tournament gives 0.
rules-text-24 = Expected score W<sub>e</sub>
rules-text-25 = W<sub>e</sub> comes from the association's two-decimal table of the absolute rating difference D: the higher-rated player expects H, the lower-rated L = 1 − H.
rules-text-26 = W<sub>e</sub> comes from the logistic curve W<sub>e</sub> = 1 / (1 + 10<sup>−D/400</sup>), where D is the player's rating minus the opponent's.
rules-text-27 = Lists
rules-text-28 = A player with no rated game in the { $months } months before the list date is inactive and hidden from the rating list by default.
rules-text-29 = Peak and lowest ratings count established ratings only: the provisional phase has no published rating, and the rating that ends it is the first one counted.
rules-handicap = Handicap stones written in a crosstable (<code>h3</code>) are ignored: this system has no handicap rule, so a handicap game is rated like an even one.
rules-first-rating = At the end of the tournament in which the count reaches { $games } or more, the first rating is computed over all provisional-phase games (preset games included, and every rated game of that tournament, even beyond { $games }):
rules-first-rating-terms = R<sub>c</sub> is the average rating of the opponents and W<sub>c</sub> the fraction of points scored over those games, so the first rating is at most { $reach } points from R<sub>c</sub>. R<sub>p</sub> is rounded { $rounding }. From the next tournament on, the member is established.
rules-change = A rating changes once per tournament, from the ratings everyone had at its start:
rules-change-terms = summed over the tournament's rated games, where W is the score of a game (1, ½ or 0), W<sub>e</sub> the expected score and K the K factor of that game.

## The methods page: how well each rating system predicts.
methods-title = Methods
methods-heading = Methods: how well each rating system predicts
methods-intro = Each rating list is replayed from its first tournament under several rating systems. Before every tournament, each system predicts every game from the ratings at that moment; the predictions are then compared with the results. Lower log loss and Brier score are better; accuracy is how often the favourite won a decisive game. A prediction is held within 1% and 99%, so that a system claiming certainty and being wrong is punished heavily but not infinitely. Whole-History Rating, whose published ratings are worked out from every game, later ones included, is replayed day by day instead: each day's games are predicted from the ratings worked out from the days before it, counting how uncertain both ratings are.
methods-association-list = The association's list
col-system = System
col-log-loss = Log loss
col-brier = Brier
col-accuracy = Accuracy
col-prediction = Prediction
col-predictions = Predictions
col-mean-prediction = Mean prediction
col-mean-score = Mean score
methods-calibration = Calibration of the best, { $best }: the mean score against the mean prediction, predictions grouped in tenths from both players' sides; a well calibrated system stays on the dashed diagonal. Larger points hold more games.
methods-no-games = No rated games yet.
methods-label-configured = configured: { $system }
methods-label-association = association K={ $k } { $curve }
methods-curve-table = table
methods-curve-logistic = logistic
methods-label-glicko2 = glicko2 τ={ $tau }
methods-label-glicko2-monthly = glicko2 τ={ $tau } monthly
methods-label-fide = fide
methods-label-egd = egd
methods-label-whr = whr w²={ $w2 }
methods-percent = { $value }%
methods-chart-label = Calibration of { $system }: mean score against mean prediction
methods-chart-point = { $count ->
    [one] { $count } prediction
   *[other] { $count } predictions
} from { $from } to { $to }: predicted { $predicted }, scored { $scored }

## The rating rules of a further list, by its system. Markup stays as it is.
system-rules-1 = Rating rules: { $title }
system-rules-2 = This list is rated by { $system }. Only the tournaments of this list count, and its games never move a rating in another list. Every number below is the one in force.
system-rules-3 = Whose games count
system-rules-4 = Every player of the list's tournaments is rated, except players without an affiliation (<code>other</code>), whose games are ignored for both sides.
system-rules-5 = Byes, forfeits and absences are never rated, nor are games of an unrated tournament.
system-rules-6 = Handicap stones written in a crosstable (<code>h3</code>) are ignored: this system has no handicap rule, so a handicap game is rated like an even one.
system-rules-7 = A tournament counts on its first day. All games count together, whenever they were played: see below.
system-rules-8 = The rating period is a calendar month. A new list is published on the first day of each month; its closing date is three days before it. A tournament that ended on or before the closing date is rated on that list, a later one on the next list. Every tournament is rated from the list in force when it started, for the player and for the opponents, and all tournaments of a period are rated together.
system-rules-9 = Each tournament is rated from the ratings everyone had at its start; the new ratings apply from the next tournament.
system-rules-10 = Glicko-2
system-rules-11 = Mark Glickman's Glicko-2 keeps three numbers for each player: the rating, its deviation (how uncertain the rating is: the true strength lies within two deviations of the rating with a probability of about 95%) and the volatility (how much the player's strength is expected to vary).
system-rules-12 = A new player starts at { $initial_rating } with a deviation of { $initial_deviation } and a volatility of { $initial_volatility }.
system-rules-13 = The expected score against an opponent depends on both ratings and both deviations: the less certain the ratings, the closer the expectation is to ½.
system-rules-14 = Each tournament is one rating period. The new rating moves towards the results, more for a player with a large deviation; the deviation shrinks with every period played. τ = { $tau } limits how fast the volatility may change.
system-rules-15 = Each calendar month without a rated game widens the deviation by the volatility, up to the deviation of a new player.
system-rules-16 = The list shows the rating and the deviation rounded to whole numbers; the computation keeps them exact.
system-rules-17 = FIDE rating regulations
system-rules-18 = A player with an international rating in the player file starts with it.
system-rules-19 = A player without a rating gets one on the first list on which they have { $initial_games } games against rated opponents, pooled over rating periods spanning at most 26 months (older games lapse): the average rating of those opponents and of two imagined opponents rated 1800, plus the rating difference that FIDE's table gives for the score (the two imagined games count as draws), at most 2200 and rounded. A first tournament without a point is not counted. Games between two players without a rating count for neither, and a rated player's games against a player without a rating do not count.
system-rules-20 = A rating below { $rating_floor } is not published.
system-rules-21 = The expected score W<sub>e</sub> comes from FIDE's table of rating differences (two decimals). A difference of more than 400 points counts as 400, except for a player rated 2650 or more, for whom the real difference counts.
system-rules-22 = K is 40 for a player with fewer than 30 rated games (and for a player under 18 rated under 2300, when birth years may be used); 10 once the player's published rating has reached 2400, even if it falls later; 20 otherwise, and 20 for every rapid game, each taken as the player stood when the tournament started. If K times the number of games of the whole rating period would exceed 700, K is the largest whole number for which it does not (article 8.3.4).
system-rules-23 = Each game gives K × (W − W<sub>e</sub>), shown unrounded on the tournament and player pages as on FIDE's rating calculator. The change on a list is the sum over every game of the rating period, rounded to the nearest whole number (halves away from zero); a tournament page shows the rating of the list before the tournament and of the list it was rated on.
system-rules-24 = European Go Database (GoR)
system-rules-25 = A player with a declared grade starts at the rating of that grade on the site's grade scale; others start at { $initial_rating }.
system-rules-26 = The expected result S<sub>e</sub> = 1 / (1 + e<sup>β(opponent) − β(player)</sup>), with β(r) = −7 ln(3300 − r): the same rating difference means less among strong players than among weak ones.
system-rules-27 = In a handicap game the player who received <var>h</var> stones (black) is expected to play as if rated 100 × (<var>h</var> − 0.5) points higher: S<sub>e</sub> uses that rating for them, while con and bonus use their own rating. A crosstable writes the stones after the result, e.g. <code>12 b 1 h3</code>; nothing or <code>h0</code> is an even game.
system-rules-28 = con = ((3300 − r) / 200)<sup>1.6</sup>: the weaker the player, the more one game moves the rating.
system-rules-29 = bonus = ln(1 + e<sup>(2300 − r) / 80</sup>) / 5, added for every game, keeps ratings from sinking as improving players pass points on.
system-rules-30 = Each game changes the rating by con × (S<sub>a</sub> − S<sub>e</sub>) + bonus, with S<sub>a</sub> 1 for a win, ½ for a jigo, 0 for a loss; the changes of a tournament's games are added. Lists show the rating rounded.
system-rules-31 = Whole-History Rating
system-rules-32 = Rémi Coulom's Whole-History Rating (2008), used by the Renju International Federation since 2021, does not rate tournament by tournament. Whenever a result is added, every rating is worked out again from the whole history of games: the ratings shown are the most likely strengths given all the games and the assumptions below.
system-rules-33 = A player has one rating for each day they played, so a rating is a line through time rather than a single number.
system-rules-34 = The chance of beating an opponent is 1 / (1 + 10<sup>(opponent − player) / 400</sup>), as in the Elo system. A draw counts as half a win and half a loss.
system-rules-35 = Strength may drift between two days of a player, like a random walk: by w² = { $w2 } Elo² a day, so that over a year without games it may move by about { $year } points (one standard deviation). A smaller w² keeps ratings steadier; a larger one lets them follow form faster.
system-rules-36 = The most likely ratings are found step by step, one player at a time, until no rating moves by more than a ten-thousandth of a point.
system-rules-37 = Every rating is shown with its uncertainty (±), one standard deviation: the true strength lies within two of them of the rating with a probability of about 95%. It is large for a player with few games.
system-rules-38 = Later games also tell about earlier strength, so a past rating can change when new results come in: lists and histories always show the ratings worked out from every game known today. The expected score shown for a game uses both players' ratings of that day.
system-rules-39 = Lists show the rating and its uncertainty rounded to whole numbers; the computation keeps them exact.
system-rules-whr-first-one = On their first day every player is given { $games } imagined win and as many imagined losses against an imagined opponent rated { $anchor }. This keeps the rating of a player who has won every game finite, pulls a newcomer's first rating towards { $anchor }, and sets where the list stands.
system-rules-whr-first = On their first day every player is given { $games } imagined wins and as many imagined losses against an imagined opponent rated { $anchor }. This keeps the rating of a player who has won every game finite, pulls a newcomer's first rating towards { $anchor }, and sets where the list stands.

## The rating charts: their titles, descriptions and labels.
chart-player-title = Rating history of { $name }
chart-description = { $count ->
    [one] { $count } rated tournament; lowest { $lowest }, highest { $highest }.
   *[other] { $count } rated tournaments; lowest { $lowest }, highest { $highest }.
}
chart-list-description = Rating histories of { $names }.
chart-provisional = provisional
chart-single-point = { $rating } after one rated tournament ({ $date })
chart-first-established = first established rating
chart-band = { $count ->
    [one] Provisional phase { $from } – { $to }: { $count } tournament, no published rating
   *[other] Provisional phase { $from } – { $to }: { $count } tournaments, no published rating
}

## Words the player's and tournament's tables put beside numbers.
progress-provisional = { $count ->
    [one] provisional ({ $games } of { $count } game)
   *[other] provisional ({ $games } of { $count } games)
}
history-first-rating-note = { $count ->
    [one] provisional rating computed over { $count } game
   *[other] provisional rating computed over { $count } games
}
formula-round = round
first-rating-preset = { $count ->
    [one] , { $count } of them a preset game at { $rating }
   *[other] , { $count } of them preset games at { $rating }
}
first-rating-carried = { $count ->
    [one] , { $count } of them a carried-over game at { $rating }
   *[other] , { $count } of them carried-over games at { $rating }
}
first-rating-terms = { $count ->
    [one] n = { $count } game{ $start }; Rc = { $rc } (average opponent rating); Wc = { $points } / { $count } = { $wc } (score fraction)
   *[other] n = { $count } games{ $start }; Rc = { $rc } (average opponent rating); Wc = { $points } / { $count } = { $wc } (score fraction)
}
k-step-base = base K
k-step-tournament-base = tournament base K
k-step-high = rating ≥ { $rating }
k-step-modified = modified rules
k-step-rapid = rapid
k-step-international = opponent at an international rating
not-counted-unrated-tournament = unrated tournament
not-counted-opponent-other = opponent not affiliated
not-counted-opponent-without-rating = opponent has no rating
not-counted-opponent-provisional = opponent provisional
not-counted-not-played = not played
not-counted-player-unrated = not rated by us

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

## Lists of numbers, and the title `init` gives a new site.
# Between the items of a list of numbers (K values); where the language
# writes a decimal comma, a mark that cannot be read as one.
list-separator = {", "}
init-title = { $association } rating list

## Printable sheets for the tournament director: pairing lists, standings,
## wall charts and score sheets, as text, Markdown and HTML.
sheet-pairings-title = { $event }: round { $round } pairings
sheet-score-sheets-title = { $event }: round { $round } score sheets
sheet-standings-title = { $event }: standings after round { $round }
sheet-wall-chart-title = { $event }: wall chart
sheet-board-heading = { $event }, round { $round }, board { $board }
sheet-col-board = Board
sheet-col-no = No.
sheet-col-white = White
sheet-col-black = Black
sheet-col-rating = Rtg
sheet-col-points = Pts
sheet-col-result = Result
sheet-col-rank = Rank
sheet-col-name = Name
sheet-col-federation = Fed
sheet-col-round = R{ $round }
sheet-bye-line = Bye: { $player }
sheet-bye-allocated = bye, 1 point
sheet-bye-full = full-point bye, 1 point
sheet-bye-half = half-point bye, ½ point
sheet-bye-zero = not paired, 0 points
sheet-cell-bye = bye { $points }
sheet-white-player = White: { $player }
sheet-black-player = Black: { $player }
sheet-result-blank = Result:
sheet-white-signature = White's signature:
sheet-black-signature = Black's signature:
