# Sourced by backup.sh and restore.sh: which names in a folder or a bucket are backups, newest first.
# A backup is vpnkeys-<UTC time>.dump (.dump.age in a bucket, encrypted), and the dated names sort in time. A name
# dated more than a day ahead (a clock set wrong, a file put there by hand or by someone else) would sort first: taken
# for the newest backup, offered first for a restore, and pushing genuine ones out of retention. Such names are left
# out, and left alone.
backup_name='^vpnkeys-[0-9]{8}T[0-9]{6}Z\.dump(\.age)?$'
future_limit() { date -u -d '+1 day' +%Y%m%dT%H%M%SZ; }
# The backups among the names on stdin, newest first.
backups_newest_first() { grep -E "$backup_name" | awk -v limit="$(future_limit)" 'substr($0, 9, 16) <= limit' | sort -r; }
# The names on stdin that look like backups but are dated more than a day ahead.
future_dated() { grep -E "$backup_name" | awk -v limit="$(future_limit)" 'substr($0, 9, 16) > limit'; }
