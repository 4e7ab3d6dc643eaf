#!/bin/sh
# compose's backup service: backup.sh every day at BACKUP_AT (UTC, HH:MM; default 03:30).
set -eu
# PID 1 in its container: stop at once when compose stops it (a dump cut short is left as .partial, never taken for a
# backup, and removed by a later run).
trap 'exit 0' TERM INT
at=${BACKUP_AT:-03:30}
while true; do
  now=$(date -u +%s)
  next=$(date -u -d "today $at" +%s)
  [ "$next" -gt "$now" ] || next=$(date -u -d "tomorrow $at" +%s)
  sleep $((next - now)) &
  wait $!
  sh /backup/backup.sh || echo "✖ the daily backup failed" >&2
done
