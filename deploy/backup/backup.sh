#!/bin/sh
# A consistent dump of the site's database (pg_dump's custom format: one snapshot, compressed), written to BACKUP_DIR
# under a dated name, keeping the newest BACKUP_KEEP (default 14). The connection comes from libpq's variables
# (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE). Run by `npm run backup` (scripts/run.ts sets them from
# DATABASE_URL) and every day by compose's backup service (daily.sh). Prints the new file's path.
set -eu
# The dumps hold e-mail addresses, password hashes and VPN panels' credentials: readable by their owner only.
umask 077
fail() { echo "✖ $*" >&2; exit 1; }
dir=${BACKUP_DIR:?set BACKUP_DIR to the folder the backups go to}
keep=${BACKUP_KEEP:-14}
case "$keep" in '' | *[!0-9]* | 0*) fail "BACKUP_KEEP must be a whole number of 1 or more (it is \"$keep\")" ;; esac
command -v pg_dump >/dev/null || fail "pg_dump is not installed (Debian: apt-get install postgresql-client)"
client=$(pg_dump --version | sed -n 's/^pg_dump (PostgreSQL) \([0-9]*\).*/\1/p')
server=$(psql -XtAc 'show server_version_num') || fail "the database does not answer (check DATABASE_URL)"
server=$((server / 10000))
# pg_dump refuses a newer server; say what to install instead.
[ "$client" -ge "$server" ] || fail "pg_dump $client cannot back up PostgreSQL $server: install postgresql-client-$server and put its bin directory first on PATH (/usr/lib/postgresql/$server/bin)"
mkdir -p "$dir"
name="vpnkeys-$(date -u +%Y%m%dT%H%M%SZ).dump"
# Written aside and renamed: a dump cut short never looks like a backup, and is not left behind.
trap 'rm -f "$dir/$name.partial"' EXIT
trap 'exit 143' INT TERM
pg_dump --format=custom --no-owner --no-privileges --file="$dir/$name.partial"
mv "$dir/$name.partial" "$dir/$name"
# The dated names sort in time: all but the newest $keep go.
ls "$dir" | grep -E '^vpnkeys-[0-9]{8}T[0-9]{6}Z\.dump$' | sort -r | tail -n +"$((keep + 1))" | while read -r old; do rm -f "$dir/$old"; done
echo "$dir/$name"
