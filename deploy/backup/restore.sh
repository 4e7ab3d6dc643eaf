#!/bin/sh
# Restores a backup made by backup.sh into the database libpq's variables name (see backup.sh), in one transaction:
# all of it or, on any error, nothing. FILE is a path or, with the BACKUP_S3_* variables set (a key that may read),
# an s3:// address (s3.sh); a FILE.age copy is decrypted with the identity in the file BACKUP_AGE_IDENTITY names.
# The dump must match the SHA-256 in its NAME.sha256 (beside it, or beside it in the bucket); --unverified restores one
# that has none (made before backups had checksums). Refuses a database that already has tables unless --force is
# given, which replaces everything in it. Run by `npm run restore -- FILE [--force] [--unverified]`; without FILE,
# lists the newest backups.
set -eu
umask 077
here=$(dirname "$0")
. "$here/names.sh"
fail() { echo "✖ $*" >&2; exit 1; }
file=
force=
unverified=
for arg do
  case "$arg" in
    --force) force=yes ;;
    --unverified) unverified=yes ;;
    -*) fail "unknown option $arg: restore.sh FILE [--force] [--unverified]" ;;
    *) [ -z "$file" ] || fail "name one backup to restore (given: $file and $arg)"; file=$arg ;;
  esac
done
if [ -z "$file" ]; then
  echo "Name the backup to restore: npm run restore -- FILE" >&2
  if [ -n "${BACKUP_DIR:-}" ] && [ -d "$BACKUP_DIR" ]; then
    ls "$BACKUP_DIR" | backups_newest_first | head -n 5 | while read -r found; do echo "  $BACKUP_DIR/$found" >&2; done
  fi
  if [ -n "${BACKUP_S3_URL:-}" ]; then
    . "$here/s3.sh"
    s3_remote "$BACKUP_S3_URL"
    listed=$(rclone lsf --files-only "$remote") || fail "$BACKUP_S3_URL could not be listed (see above): listing and restoring need the bucket's read key, not the backups' write-only one"
    printf '%s\n' "$listed" | backups_newest_first | head -n 5 | while read -r found; do echo "  ${BACKUP_S3_URL%/}/$found" >&2; done
  fi
  exit 1
fi

# pg_restore writes the script psql runs. Before the fix of CVE-2025-8714 a crafted dump could put psql commands in
# it, shell commands among them, run as whoever restores; fixed pg_restore fences the script with \restrict.
fixed_in() {
  case "$1" in 13) echo 22 ;; 14) echo 19 ;; 15) echo 14 ;; 16) echo 10 ;; 17) echo 6 ;; *) [ "$1" -ge 18 ] && echo 0 || echo none ;; esac
}
command -v pg_restore >/dev/null || fail "pg_restore is not installed (Debian: apt-get install postgresql-client)"
version=$(pg_restore --version | sed -n 's/^pg_restore (PostgreSQL) \([0-9][0-9.]*\).*/\1/p')
major=${version%%.*}
minor=0
case "$version" in *.*) minor=${version#*.} ;; esac
minor=${minor%%.*}
[ -n "$major" ] || fail "pg_restore's version could not be read from \"$(pg_restore --version)\""
floor=$(fixed_in "$major")
if [ "$floor" = none ]; then
  fail "pg_restore $version predates the fix for dumps that run commands when restored (CVE-2025-8714): install postgresql-client-17 (17.6 or later) and put its bin directory first on PATH (/usr/lib/postgresql/17/bin)"
elif [ "$minor" -lt "$floor" ]; then
  fail "pg_restore $version predates the fix for dumps that run commands when restored (CVE-2025-8714): update postgresql-client-$major to $major.$floor or later (Debian: apt-get update && apt-get install postgresql-client-$major, with the security updates)"
fi

# A checksum is of the plain dump: vpnkeys-X.dump.sha256 for vpnkeys-X.dump and vpnkeys-X.dump.age alike.
sum_of=${file%.age}.sha256
case "$file" in
  *.age)
    [ -n "${BACKUP_AGE_IDENTITY:-}" ] || fail "$file is encrypted: set BACKUP_AGE_IDENTITY to the file holding its age identity (the secret key made with age-keygen, kept off the server)"
    [ -r "$BACKUP_AGE_IDENTITY" ] || fail "BACKUP_AGE_IDENTITY names $BACKUP_AGE_IDENTITY, which cannot be read"
    command -v age >/dev/null || fail "age is not installed, which decrypts the copies in the bucket (Debian: apt-get install age)"
    ;;
esac
script=$(mktemp)
fetched=
fetched_sum=
plain=
sum=
trap 'rm -f "$script" ${fetched:+"$fetched"} ${fetched_sum:+"$fetched_sum"} ${plain:+"$plain"}' EXIT
trap 'exit 130' INT TERM HUP
case "$file" in
  s3://*)
    . "$here/s3.sh"
    s3_remote "$file"
    fetched=$(mktemp)
    rclone copyto "$remote" "$fetched" || fail "there is no backup at $file, or the bucket refused it (see above): restoring needs the bucket's read key"
    source=$fetched
    s3_remote "$sum_of"
    fetched_sum=$(mktemp)
    if rclone copyto "$remote" "$fetched_sum" 2>/dev/null; then sum=$fetched_sum; fi
    ;;
  *)
    [ -f "$file" ] || fail "there is no backup at $file"
    source=$file
    [ ! -f "$sum_of" ] || sum=$sum_of
    ;;
esac
case "$file" in
  *.age)
    plain=$(mktemp)
    age --decrypt --identity "$BACKUP_AGE_IDENTITY" --output "$plain" "$source" || fail "$file could not be decrypted with the identity in $BACKUP_AGE_IDENTITY (see above)"
    source=$plain
    ;;
esac
# Before anything is read from it: a damaged or altered dump is refused whole.
checked="its SHA-256 matched"
if [ -n "$sum" ]; then
  expected=$(sed -n '1s/^\([0-9a-f]\{64\}\)[ *].*/\1/p' "$sum")
  [ -n "$expected" ] || fail "$sum_of does not hold a SHA-256 checksum (sha256sum's line)"
  [ "$(sha256sum <"$source" | cut -d ' ' -f 1)" = "$expected" ] || fail "$file does not match its checksum in $sum_of: it is damaged or was altered; nothing was restored"
elif [ -n "$unverified" ]; then
  checked="unverified: it has no checksum"
else
  fail "no checksum was found beside $file ($sum_of), so a damaged or altered file could not be told: nothing was restored. A backup made before backups had checksums is restored with --unverified"
fi
pg_restore --list "$source" >/dev/null 2>&1 || fail "$file is not a backup made by npm run backup (pg_dump's custom format)"
tables=$(psql -XtAc "select count(*) from pg_tables where schemaname = 'public'") || fail "the database does not answer (check DATABASE_URL)"
if [ "$tables" != 0 ] && [ -z "$force" ]; then
  fail "the database ${PGDATABASE:-} already has $tables tables: restore only into an empty database (createdb), or add --force to replace everything in it"
fi
# The whole script first (a pipe cut short would end psql's transaction with a commit), then run as one transaction.
{
  [ "$tables" = 0 ] || echo 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;'
  pg_restore --no-owner --no-privileges --file=- "$source"
} >"$script"
psql -X --quiet -v ON_ERROR_STOP=1 --single-transaction --file="$script" >/dev/null
echo "Restored $file ($checked) into ${PGDATABASE:-the database}. Start the site: pending migrations run first."
