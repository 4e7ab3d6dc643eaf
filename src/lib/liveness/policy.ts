// How many connection checks in a row a key may fail before the site stops listing it (until it passes again).
export const HIDE_AFTER_FAILED_CHECKS = 2
