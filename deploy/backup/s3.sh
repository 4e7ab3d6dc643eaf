# Sourced by backup.sh and restore.sh: an S3-compatible bucket as rclone's on-the-fly remote, from the BACKUP_S3_*
# variables (docs/operating/backups.md). rclone (Debian's package; compose's backup image has it) checks each upload's MD5.
#   BACKUP_S3_URL                 s3://bucket or s3://bucket/folder
#   BACKUP_S3_ENDPOINT            the provider's address, e.g. https://storage.yandexcloud.net (empty: Amazon S3)
#   BACKUP_S3_REGION              e.g. ru-central1 (empty: the provider's default)
#   BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY
# s3_remote URL sets $remote to the URL as rclone names it (":s3:bucket/folder").
s3_remote() {
  case "$1" in s3://?*) ;; *) fail "an S3 address reads s3://bucket or s3://bucket/folder (it is \"$1\")" ;; esac
  [ -n "${BACKUP_S3_ACCESS_KEY_ID:-}" ] && [ -n "${BACKUP_S3_SECRET_ACCESS_KEY:-}" ] \
    || fail "set BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY, the bucket's key, to use $1"
  command -v rclone >/dev/null || fail "rclone is not installed, which copies backups to S3 (Debian: apt-get install rclone)"
  # No rclone.conf and no credentials from elsewhere: only what these variables say.
  export RCLONE_CONFIG=/dev/null RCLONE_S3_ENV_AUTH=false RCLONE_S3_NO_CHECK_BUCKET=true
  export RCLONE_S3_ACCESS_KEY_ID="$BACKUP_S3_ACCESS_KEY_ID" RCLONE_S3_SECRET_ACCESS_KEY="$BACKUP_S3_SECRET_ACCESS_KEY"
  if [ -n "${BACKUP_S3_ENDPOINT:-}" ]; then
    export RCLONE_S3_PROVIDER=Other RCLONE_S3_ENDPOINT="$BACKUP_S3_ENDPOINT"
  else
    export RCLONE_S3_PROVIDER=AWS
  fi
  [ -z "${BACKUP_S3_REGION:-}" ] || export RCLONE_S3_REGION="$BACKUP_S3_REGION"
  # The AWS library inside rclone cannot take AWS_CA_BUNDLE; rclone's own option takes the same file.
  if [ -n "${AWS_CA_BUNDLE:-}" ]; then
    export RCLONE_CA_CERT="${RCLONE_CA_CERT:-$AWS_CA_BUNDLE}"
    unset AWS_CA_BUNDLE
  fi
  path=${1#s3://}
  remote=":s3:${path%/}"
}
