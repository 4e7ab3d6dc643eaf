#!/bin/sh
# Chromium's page and network processes, as Debian's headless shell starts them, with the flag that counts the test
# hosts as secure origins ($E2E_SECURE_ORIGINS). The shell reads it in its browser process only and does not pass it
# on: the page processes decide window.isSecureContext (the clipboard, crypto.randomUUID), the network service whether
# a request carries Sec-Fetch-Site (which the site's cross-site refusal reads). playwright.config.ts names this file as
# the shell's --renderer-cmd-prefix and --utility-cmd-prefix.
exec "$@" "--unsafely-treat-insecure-origin-as-secure=$E2E_SECURE_ORIGINS"
