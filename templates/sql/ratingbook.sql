-- ratingbook dump for {{ dialect }}: schema and data. Generated; do not edit.
{% if dialect == "mysql" -%}
-- Safe to load again: the tables are created if missing (MariaDB/MySQL commit DDL
-- implicitly), then ONE transaction deletes every row and inserts the new ones.
-- Load with: mariadb --default-character-set=utf8mb4 DATABASE < ratingbook.mysql.sql
-- Schema changes between versions: drop the seven tables once before loading.
SET NAMES utf8mb4;
SET SESSION sql_mode = 'STRICT_ALL_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION,NO_ZERO_DATE,NO_ZERO_IN_DATE';
SET SESSION foreign_key_checks = 1;
{{ schema.create }}
START TRANSACTION;
{{ schema.clear }}
{%- else -%}
-- Safe to load again: ONE transaction drops the tables, recreates them and inserts
-- every row, so a load replaces the previous contents completely or not at all.
{% if dialect == "postgres" -%}
-- Load with: psql -v ON_ERROR_STOP=1 -f ratingbook.postgres.sql DATABASE
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
{% else -%}
-- Load with: sqlite3 ratingbook.db < ratingbook.sql
PRAGMA foreign_keys = ON;
{% endif -%}
BEGIN;
{{ schema.drop }}
{{ schema.create }}
{%- endif %}
{% for b in dump.inserts %}INSERT INTO {{ b.table }} ({{ b.columns | join(sep=", ") }}) VALUES
{% for row in b.rows %}({% for v in row %}{{ v | sql }}{% if not loop.last %}, {% endif %}{% endfor %}){% if loop.last %};{% else %},{% endif %}
{% endfor %}{% endfor %}{{ schema.after_data }}COMMIT;
