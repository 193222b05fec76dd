#!/bin/sh
# Install the Debian packages of tools/deps.txt that are missing.
# apt-get update runs only when something is missing, so an equipped
# machine pays nothing.  Needs root (or sudo) only when it installs.
set -eu
here=$(dirname "$0")
missing=""
while read -r pkg cmd; do
	case "$pkg" in ''|'#'*) continue ;; esac
	if [ -n "${cmd:-}" ] && command -v "$cmd" >/dev/null 2>&1; then
		continue
	fi
	if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
		missing="$missing $pkg"
	fi
done < "$here/deps.txt"
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
# shellcheck disable=SC2086
$sudo apt-get install -y -q --no-install-recommends $missing
