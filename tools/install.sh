#!/bin/sh
# make install: copy the program and its data under DESTDIR + PREFIX.
#
#   tools/install.sh DESTDIR PREFIX
#
#   PREFIX/bin/topper
#   PREFIX/share/topper/{templates,static}/      the data_dir
#   PREFIX/share/topper/topper.conf.example      copy to /etc/topper/topper.conf
#   PREFIX/share/topper/nginx/example-{production,many-hosts}.conf
#   PREFIX/share/topper/fcgi-healthz.sh          /healthz past nginx
#   PREFIX/lib/systemd/system/topper-{fcgi,fcgi-writer,worker}.service
#   PREFIX/lib/systemd/system/topper-fcgi-healthz.{service,timer}
#
# make builds once, without knowing PREFIX, so the binary has no data
# path compiled in: the example configuration names data_dir instead.
# DESTDIR (may be empty) stages the files for a package; PREFIX is where
# they will finally live, and is what the files refer to.
set -eu
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 DESTDIR PREFIX" >&2; exit 2; }
destdir=$1 prefix=$2
case "$prefix" in
/*) ;;
*) echo "install: PREFIX must be absolute: $prefix" >&2; exit 2 ;;
esac
case "$prefix" in
*[\|\&\\]*) echo "install: unsupported character in PREFIX" >&2; exit 2 ;;
esac
[ -x bin/topper ] || { echo "install: bin/topper is missing; run make" >&2; exit 1; }

bin=$destdir$prefix/bin
share=$destdir$prefix/share/topper
units=$destdir$prefix/lib/systemd/system

install -d -m 0755 "$bin" "$share" "$share/nginx" "$units"
install -m 0755 bin/topper "$bin/topper"

# templates/ and static/, files 0644 and directories 0755.
for d in templates static; do
	[ -d "$d" ] || continue
	rm -rf "${share:?}/$d"
	find "$d" -type d | while read -r dir; do
		install -d -m 0755 "$share/$dir"
	done
	find "$d" -type f | while read -r f; do
		install -m 0644 "$f" "$share/$f"
	done
done

subst() {	# from to
	sed "s|@PREFIX@|$prefix|g" "$1" > "$2.tmp"
	chmod 0644 "$2.tmp"
	mv "$2.tmp" "$2"
}
for f in nginx/example-*.conf; do
	subst "$f" "$share/nginx/$(basename "$f")"
done
for u in tools/systemd/*.service tools/systemd/*.timer; do
	subst "$u" "$units/$(basename "$u")"
done
install -m 0755 tools/fcgi-healthz.sh "$share/fcgi-healthz.sh"

cat > "$share/topper.conf.example" <<EOF
# /etc/topper/topper.conf: Topper's configuration (DESIGN.md "Configuration").
# Installed as an example by make install; copy it to /etc/topper/ and edit.
db = /var/lib/topper/topper.db
socket = /run/topper/topper.sock
data_dir = $prefix/share/topper
base_url = https://topper.example.org
pwhash = interactive
EOF
chmod 0644 "$share/topper.conf.example"

echo "installed topper under $destdir$prefix"
