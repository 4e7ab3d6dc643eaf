#!/bin/sh
# A consistent dump of the site's database (pg_dump's custom format: one snapshot, compressed), written to BACKUP_DIR
# under a dated name with its SHA-256 beside (NAME.sha256, sha256sum's line), keeping the newest BACKUP_KEEP (default
# 14), and, when BACKUP_S3_URL is set, copied with its checksum to that S3-compatible bucket (s3.sh): encrypted with
# age to BACKUP_AGE_RECIPIENT when that is set. The bucket is only written to, never listed, read or pruned: its key
# needs no other right, and its own lifecycle rule removes old copies (docs/operating/backups.md). The connection comes from
# libpq's variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE). Run by `npm run backup`
# (scripts/run.ts sets them from DATABASE_URL) and every day by compose's backup service (daily.sh). Prints the new
# file's path.
# Each run's outcome is written to the database it backs up (alert_signals, "backup"): staff are alerted when a
# backup fails or none has succeeded for a day (src/lib/alerts/conditions.ts).
set -eu
# The dumps hold e-mail addresses, password hashes and VPN panels' credentials: readable by their owner only.
umask 077
here=$(dirname "$0")
. "$here/names.sh"
errors=$(mktemp)
name=
dir=

record() {
  if [ "$1" = ok ]; then
    sql="INSERT INTO alert_signals (name, failures, last_ok_at) VALUES ('backup', 0, now())
      ON CONFLICT (name) DO UPDATE SET failures = 0, last_error = NULL, last_ok_at = now()"
  else
    sql="INSERT INTO alert_signals (name, failures, last_error, last_failure_at) VALUES ('backup', 1, left(:'error', 300), now())
      ON CONFLICT (name) DO UPDATE SET failures = alert_signals.failures + 1, last_error = excluded.last_error, last_failure_at = now()"
  fi
  printf '%s;\n' "$sql" | psql -X --quiet -v ON_ERROR_STOP=1 -v error="$1" >/dev/null 2>&1 \
    || echo "⚠ this backup's outcome could not be recorded for the staff alerts" >&2
}
fail() {
  echo "✖ $*" >&2
  record "$*"
  exit 1
}
# The last thing a failed command said, for the alert.
said() { grep -v '^[[:space:]]*$' "$errors" | tail -n 1; }
# Runs a command with what it says on stderr shown and kept.
run() {
  status=0
  "$@" 2>"$errors" || status=$?
  cat "$errors" >&2
  return $status
}
# Copies a file to the bucket as NAME. Only PutObject: no look at the bucket first (--no-check-dest) nor at the object
# after (--s3-no-head; rclone checks the MD5 the upload's answer carries instead).
upload() {
  run rclone copyto --no-check-dest --s3-no-head "$1" "$remote/$2" || fail "$dir/$name could not be copied to $BACKUP_S3_URL: $(said)"
}
trap 'rm -f "$errors"; [ -z "$name" ] || rm -f "$dir/$name.partial" "$dir/$name.sha256.partial" "$dir/$name.age.partial"' EXIT
trap 'exit 143' INT TERM

dir=${BACKUP_DIR:-}
[ -n "$dir" ] || fail "set BACKUP_DIR to the folder the backups go to"
keep=${BACKUP_KEEP:-14}
case "$keep" in '' | *[!0-9]* | 0*) fail "BACKUP_KEEP must be a whole number of 1 or more (it is \"$keep\")" ;; esac
if [ -n "${BACKUP_S3_URL:-}" ]; then
  . "$here/s3.sh"
  s3_remote "$BACKUP_S3_URL"
  # The recipients as age's arguments (-r KEY …): the public keys only, so the server cannot read its own copies.
  set --
  for key in $(printf '%s' "${BACKUP_AGE_RECIPIENT:-}" | tr ',' ' '); do
    case "$key" in age1?*) set -- "$@" -r "$key" ;; *) fail "BACKUP_AGE_RECIPIENT holds age public keys (age1…, printed by age-keygen), separated by spaces or commas: \"$key\" is not one" ;; esac
  done
  [ $# = 0 ] || command -v age >/dev/null || fail "age is not installed, which encrypts the copies for the bucket (Debian: apt-get install age)"
fi
command -v pg_dump >/dev/null || fail "pg_dump is not installed (Debian: apt-get install postgresql-client)"
client=$(pg_dump --version | sed -n 's/^pg_dump (PostgreSQL) \([0-9]*\).*/\1/p')
server=$(psql -XtAc 'show server_version_num') || fail "the database does not answer (check DATABASE_URL)"
server=$((server / 10000))
# pg_dump refuses a newer server; say what to install instead.
[ "$client" -ge "$server" ] || fail "pg_dump $client cannot back up PostgreSQL $server: install postgresql-client-$server and put its bin directory first on PATH (/usr/lib/postgresql/$server/bin)"
mkdir -p "$dir" 2>/dev/null || fail "$dir cannot be created: create it for the user that runs the backups (as root: install -d -m 700 -o $(id -un) $dir) or set BACKUP_DIR"
# What a run could not remove (killed, e.g. a container stopped mid-dump) is gone after a day.
find "$dir" -maxdepth 1 -name 'vpnkeys-*.partial' -mmin +1440 -exec rm -f {} + 2>/dev/null || true
ls "$dir" | future_dated | while read -r odd; do
  echo "⚠ $dir/$odd is dated more than a day ahead: it is left alone, and neither counted among the newest $keep nor removed" >&2
done
name="vpnkeys-$(date -u +%Y%m%dT%H%M%SZ).dump"
# Written aside and renamed: a dump cut short never looks like a backup, and is not left behind. The checksum goes
# into place first, so a dump in place always has its own beside it.
run pg_dump --format=custom --no-owner --no-privileges --file="$dir/$name.partial" || fail "pg_dump failed: $(said)"
sum=$(sha256sum <"$dir/$name.partial") || fail "the dump's SHA-256 could not be computed"
printf '%s  %s\n' "${sum%% *}" "$name" >"$dir/$name.sha256.partial"
mv "$dir/$name.sha256.partial" "$dir/$name.sha256" || fail "the checksum could not be moved into place in $dir"
mv "$dir/$name.partial" "$dir/$name" || fail "the dump could not be moved into place in $dir"
# All but the newest $keep go, with their checksums.
ls "$dir" | backups_newest_first | grep '\.dump$' | tail -n +"$((keep + 1))" | while read -r old; do rm -f "$dir/$old" "$dir/$old.sha256"; done
if [ -n "${BACKUP_S3_URL:-}" ]; then
  if [ $# = 0 ]; then
    upload "$dir/$name" "$name"
  else
    # Encrypted to the recipients (set above) aside: rclone uploads a stream of unknown size, but then looks at the
    # object it made, which a write-only key may not.
    run age --encrypt "$@" --output "$dir/$name.age.partial" "$dir/$name" || fail "$dir/$name could not be encrypted: $(said)"
    upload "$dir/$name.age.partial" "$name.age"
    rm -f "$dir/$name.age.partial"
  fi
  upload "$dir/$name.sha256" "$name.sha256"
fi
record ok
echo "$dir/$name"
