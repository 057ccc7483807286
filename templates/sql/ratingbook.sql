-- ratingbook dump: schema and data. Generated; do not edit.
-- Load into an empty database or over a previous dump: the tables are recreated in one transaction.
BEGIN;
DROP TABLE IF EXISTS published_ratings;
DROP TABLE IF EXISTS rating_changes;
DROP TABLE IF EXISTS games;
DROP TABLE IF EXISTS tournament_players;
DROP TABLE IF EXISTS tournaments;
DROP TABLE IF EXISTS players;

-- One row per player file.
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  membership TEXT NOT NULL CHECK (membership IN ('member', 'honorary', 'rif', 'other')),
  country TEXT,
  club TEXT,
  licence INTEGER CHECK (licence > 0),
  international_rating INTEGER,
  preset_rating INTEGER NOT NULL CHECK (preset_rating IN (1600, 1700, 1800, 1900, 2000)),
  preset_games INTEGER NOT NULL CHECK (preset_games IN (0, 5, 10, 15))
);

-- One row per tournament, in chronological order of (start_date, sequence).
CREATE TABLE tournaments (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  city TEXT,
  system TEXT NOT NULL CHECK (system IN ('swiss', 'round-robin')),
  rounds INTEGER NOT NULL CHECK (rounds > 0),
  rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
  time_control TEXT NOT NULL CHECK (time_control IN ('standard', 'rapid')),
  rules TEXT NOT NULL CHECK (rules IN ('standard', 'modified')),
  base_k INTEGER,
  sequence INTEGER NOT NULL,
  CHECK (end_date >= start_date)
);

-- Participants with their start number and the international rating used for the event.
CREATE TABLE tournament_players (
  tournament_id TEXT NOT NULL REFERENCES tournaments (id),
  player_id TEXT NOT NULL REFERENCES players (id),
  start_no INTEGER NOT NULL CHECK (start_no > 0),
  international_rating INTEGER,
  points REAL NOT NULL,
  PRIMARY KEY (tournament_id, player_id),
  UNIQUE (tournament_id, start_no)
);

-- Every paired game once (from the lower start number's side) and every bye.
CREATE TABLE games (
  tournament_id TEXT NOT NULL REFERENCES tournaments (id),
  round INTEGER NOT NULL CHECK (round > 0),
  player_id TEXT NOT NULL REFERENCES players (id),
  opponent_id TEXT REFERENCES players (id),
  colour TEXT CHECK (colour IN ('white', 'black')),
  result TEXT NOT NULL CHECK (result IN ('win', 'draw', 'loss', 'forfeit-win', 'forfeit-loss', 'bye', 'bye-full', 'bye-half', 'bye-zero')),
  PRIMARY KEY (tournament_id, round, player_id)
);
CREATE INDEX games_by_opponent ON games (opponent_id);

-- What the rating rules did for each rated member in each tournament.
CREATE TABLE rating_changes (
  player_id TEXT NOT NULL REFERENCES players (id),
  tournament_id TEXT NOT NULL REFERENCES tournaments (id),
  phase_before TEXT NOT NULL CHECK (phase_before IN ('provisional', 'established')),
  phase_after TEXT NOT NULL CHECK (phase_after IN ('provisional', 'established')),
  rating_before INTEGER,
  rating_after INTEGER,
  games_counted INTEGER NOT NULL,
  score REAL NOT NULL,
  expected REAL,
  change INTEGER,
  PRIMARY KEY (player_id, tournament_id)
);
CREATE INDEX rating_changes_by_tournament ON rating_changes (tournament_id);

-- The current list: every member's phase and published rating.
CREATE TABLE published_ratings (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  phase TEXT NOT NULL CHECK (phase IN ('provisional', 'established')),
  rating INTEGER,
  provisional_games INTEGER NOT NULL,
  rated_games INTEGER NOT NULL
);
CREATE INDEX published_ratings_by_rating ON published_ratings (rating DESC);

{% for p in dump.players %}INSERT INTO players VALUES ({{ p.id | sql }}, {{ p.name | sql }}, {{ p.membership | sql }}, {{ p.country | sql }}, {{ p.club | sql }}, {{ p.licence | sql }}, {{ p.international_rating | sql }}, {{ p.preset_rating }}, {{ p.preset_games }});
{% endfor %}{% for t in dump.tournaments %}INSERT INTO tournaments VALUES ({{ t.id | sql }}, {{ t.name | sql }}, {{ t.start_date | sql }}, {{ t.end_date | sql }}, {{ t.city | sql }}, {{ t.system | sql }}, {{ t.rounds }}, {{ t.rated | sql }}, {{ t.time_control | sql }}, {{ t.rules | sql }}, {{ t.base_k | sql }}, {{ t.sequence }});
{% endfor %}{% for e in dump.entries %}INSERT INTO tournament_players VALUES ({{ e.tournament_id | sql }}, {{ e.player_id | sql }}, {{ e.start_no }}, {{ e.international_rating | sql }}, {{ e.points }});
{% endfor %}{% for g in dump.games %}INSERT INTO games VALUES ({{ g.tournament_id | sql }}, {{ g.round }}, {{ g.player_id | sql }}, {{ g.opponent_id | sql }}, {{ g.colour | sql }}, {{ g.result | sql }});
{% endfor %}{% for c in dump.changes %}INSERT INTO rating_changes VALUES ({{ c.player_id | sql }}, {{ c.tournament_id | sql }}, {{ c.phase_before | sql }}, {{ c.phase_after | sql }}, {{ c.rating_before | sql }}, {{ c.rating_after | sql }}, {{ c.games_counted }}, {{ c.score }}, {{ c.expected | sql }}, {{ c.change | sql }});
{% endfor %}{% for r in dump.published %}INSERT INTO published_ratings VALUES ({{ r.player_id | sql }}, {{ r.phase | sql }}, {{ r.rating | sql }}, {{ r.provisional_games }}, {{ r.rated_games }});
{% endfor %}COMMIT;
