// How many connection checks in a row a key may fail before the site stops listing it (until it passes again).
// The database's listing table counts with the same number (migrations/*key_listing*): changing it takes a migration
// that replaces key_listing_change(); tests/int/keyListing.test.ts fails until both agree.
export const HIDE_AFTER_FAILED_CHECKS = 2
