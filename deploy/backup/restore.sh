#!/bin/sh
# Restores a backup made by backup.sh into the database libpq's variables name (see backup.sh), in one transaction:
# all of it or, on any error, nothing. Refuses a database that already has tables unless --force is given, which
# replaces everything in it. Run by `npm run restore -- FILE [--force]`.
set -eu
fail() { echo "✖ $*" >&2; exit 1; }
file=${1:-}
force=${2:-}
[ -n "$file" ] || fail "name the backup to restore: npm run restore -- FILE"
[ -f "$file" ] || fail "there is no backup at $file"
pg_restore --list "$file" >/dev/null 2>&1 || fail "$file is not a backup made by npm run backup (pg_dump's custom format)"
tables=$(psql -XtAc "select count(*) from pg_tables where schemaname = 'public'") || fail "the database does not answer (check DATABASE_URL)"
if [ "$tables" != 0 ] && [ "$force" != "--force" ]; then
  fail "the database ${PGDATABASE:-} already has $tables tables: restore only into an empty database (createdb), or add --force to replace everything in it"
fi
# The whole script first (a pipe cut short would end psql's transaction with a commit), then run as one transaction.
script=$(mktemp)
trap 'rm -f "$script"' EXIT
trap 'exit 130' INT TERM HUP
{
  [ "$tables" = 0 ] || echo 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;'
  pg_restore --no-owner --no-privileges --file=- "$file"
} >"$script"
psql -X --quiet -v ON_ERROR_STOP=1 --single-transaction --file="$script" >/dev/null
echo "Restored $file into ${PGDATABASE:-the database}. Start the site: pending migrations run first."
