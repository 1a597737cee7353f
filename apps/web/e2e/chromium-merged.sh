#!/bin/sh
# Chromium (CHROMIUM, else Debian's /usr/bin/chromium) with every --disable-features= argument merged
# into one. Chromium reads only the last one given, and Playwright passes a list of its own before the
# launch's arguments, which would otherwise replace it (e2e/chromium.ts, decision 139).
browser="${CHROMIUM:-/usr/bin/chromium}"
features=""
count=$#
while [ "$count" -gt 0 ]; do
  arg="$1"
  shift
  count=$((count - 1))
  case "$arg" in
    --disable-features=*) features="${features:+$features,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
[ -n "$features" ] && set -- "$@" "--disable-features=$features"
exec "$browser" "$@"
