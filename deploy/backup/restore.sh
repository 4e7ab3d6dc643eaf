#!/bin/sh
# Restores a backup made by backup.sh into the database libpq's variables name (see backup.sh), in one transaction:
# all of it or, on any error, nothing. FILE is a path or, with the BACKUP_S3_* variables set, an s3:// address
# (s3.sh). Refuses a database that already has tables unless --force is given, which replaces everything in it.
# Run by `npm run restore -- FILE [--force]`; without FILE, lists the newest backups.
set -eu
umask 077
here=$(dirname "$0")
fail() { echo "✖ $*" >&2; exit 1; }
file=${1:-}
force=${2:-}
newest() { grep -E '^vpnkeys-[0-9]{8}T[0-9]{6}Z\.dump$' | sort -r | head -n 5; }
if [ -z "$file" ]; then
  echo "Name the backup to restore: npm run restore -- FILE" >&2
  if [ -n "${BACKUP_DIR:-}" ] && [ -d "$BACKUP_DIR" ]; then
    ls "$BACKUP_DIR" | newest | while read -r found; do echo "  $BACKUP_DIR/$found" >&2; done
  fi
  if [ -n "${BACKUP_S3_URL:-}" ]; then
    . "$here/s3.sh"
    s3_remote "$BACKUP_S3_URL"
    rclone lsf --files-only "$remote" | newest | while read -r found; do echo "  ${BACKUP_S3_URL%/}/$found" >&2; done
  fi
  exit 1
fi
script=$(mktemp)
fetched=
trap 'rm -f "$script" ${fetched:+"$fetched"}' EXIT
trap 'exit 130' INT TERM HUP
case "$file" in
  s3://*)
    . "$here/s3.sh"
    s3_remote "$file"
    fetched=$(mktemp)
    rclone copyto "$remote" "$fetched" || fail "there is no backup at $file, or the bucket refused it (see above)"
    source=$fetched
    ;;
  *)
    [ -f "$file" ] || fail "there is no backup at $file"
    source=$file
    ;;
esac
pg_restore --list "$source" >/dev/null 2>&1 || fail "$file is not a backup made by npm run backup (pg_dump's custom format)"
tables=$(psql -XtAc "select count(*) from pg_tables where schemaname = 'public'") || fail "the database does not answer (check DATABASE_URL)"
if [ "$tables" != 0 ] && [ "$force" != "--force" ]; then
  fail "the database ${PGDATABASE:-} already has $tables tables: restore only into an empty database (createdb), or add --force to replace everything in it"
fi
# The whole script first (a pipe cut short would end psql's transaction with a commit), then run as one transaction.
{
  [ "$tables" = 0 ] || echo 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;'
  pg_restore --no-owner --no-privileges --file=- "$source"
} >"$script"
psql -X --quiet -v ON_ERROR_STOP=1 --single-transaction --file="$script" >/dev/null
echo "Restored $file into ${PGDATABASE:-the database}. Start the site: pending migrations run first."
