#!/usr/bin/env python3
"""client.py: players and readers over HTTP, for the kill loop and the
mixed load of "make soak".

    client.py URL --users A,B,... --games ID,ID,... --seconds S
              [--ack FILE] [--readers N] [--seed N]

One thread per user signs in through /login, makes a personal API token
on /account/token, then plays: it polls a game's ply (to_act) and, when
its seat is to act, reads the game through the API and posts one of its
legal moves ({"ply", "move"}), and again while the turn stays its own.
A 200 is an acknowledged move: "GAME<TAB>PLY<TAB>TEXT" goes to the ack
file, flushed and synced before the thread goes on (check_db.py reads
it).  409 and 422 are a stale view or a move the game no longer takes;
any other status, or a connection that fails, is an error, counted by
route (the kill loop expects them while the writer is down; the load
expects none).  With --readers N, N more threads read as anonymous
visitors and signed-in users: game pages, the ply poll (with
If-None-Match, as the pages do), the API view and the history.

Prints one line per route: requests, errors, p50 and p99 in ms, then
"client: N requests, E errors, M moves acknowledged".
"""
import argparse
import http.client
import json
import os
import random
import re
import threading
import time
import urllib.parse


class Conn:
    def __init__(self, url):
        u = urllib.parse.urlsplit(url)
        self.host, self.port = u.hostname, u.port or 80
        self.c = None
        self.cookies = {}

    def req(self, method, path, body=None, headers=None):
        """(status, headers dict, body bytes); status 0 when the
        connection failed."""
        h = dict(headers or {})
        if self.cookies:
            h['Cookie'] = '; '.join('%s=%s' % kv for kv in
                                    self.cookies.items())
        if body is not None and 'Content-Type' not in h:
            h['Content-Type'] = 'application/x-www-form-urlencoded'
        for attempt in (0, 1):
            try:
                if self.c is None:
                    self.c = http.client.HTTPConnection(self.host, self.port,
                                                        timeout=30)
                self.c.request(method, path, body=body, headers=h)
                r = self.c.getresponse()
                data = r.read()
                for k, v in r.getheaders():
                    if k.lower() == 'set-cookie':
                        name, _, rest = v.partition('=')
                        self.cookies[name.strip()] = rest.split(';')[0]
                return r.status, {k.lower(): v for k, v in
                                  r.getheaders()}, data
            except (OSError, http.client.HTTPException):
                if self.c is not None:
                    self.c.close()
                self.c = None
                # A request on a kept-alive connection nginx closed:
                # once more on a new one, but never a POST.
                if attempt or method == 'POST':
                    return 0, {}, b''
        return 0, {}, b''


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.lat = {}
        self.err = {}

    def add(self, route, ms, ok):
        with self.lock:
            self.lat.setdefault(route, []).append(ms)
            if not ok:
                self.err[route] = self.err.get(route, 0) + 1


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] if xs else 0


def timed(stats, route, conn, *a, ok=(200,), **kw):
    t = time.monotonic()
    st, h, body = conn.req(*a, **kw)
    stats.add(route, (time.monotonic() - t) * 1000, st in ok)
    return st, h, body


def login(url, name, token=True):
    """A connection signed in as name, with its API token (made with
    token; a user holds one, so a new one ends the last); None if not."""
    c = Conn(url)
    st, _, body = c.req('GET', '/login')
    m = re.search(rb'name="csrf" value="([^"]*)"', body)
    if st != 200 or not m:
        return None, None
    form = urllib.parse.urlencode({'csrf': m.group(1).decode(), 'name': name,
                                   'password': 'secret-%s-pw' % name})
    st, _, _ = c.req('POST', '/login', form)
    if st != 303:
        return None, None
    st, _, body = c.req('GET', '/account')
    m = re.search(rb'name="csrf" value="([^"]*)"', body)
    if not m:
        return None, None
    if not token:
        return c, None
    st, _, body = c.req('POST', '/account/token', urllib.parse.urlencode(
        {'csrf': m.group(1).decode()}))
    m = re.search(rb'id="token"[^>]*value="([^"]*)"', body)
    if not m:
        return None, None
    return c, m.group(1).decode()


def player(a, name, stats, acks, ack_lock, stop, rnd, count):
    c, token = None, None
    while not stop.is_set() and c is None:
        c, token = login(a.url, name)
        if c is None:
            stats.add('login', 0, False)
            time.sleep(0.2)
    if c is None:			# stopped before a login succeeded
        return
    auth = {'Authorization': 'Bearer ' + token}
    seat = {}				# game -> this user's seat, once known
    while not stop.is_set():
        mine = [x for x in a.games if seat.get(x, 0) is not None and
                x not in done]
        if not mine:
            return			# every game has ended, or holds no seat
        gid = rnd.choice(mine)
        if gid in seat:
            # The cheap poll first: is this seat to act at all?
            st, _, body = timed(stats, 'GET /api/games/ID/ply', c, 'GET',
                                '/api/games/%d/ply' % gid, headers=auth)
            if st != 200:
                time.sleep(0.05)
                continue
            if seat[gid] not in json.loads(body).get('to_act', []):
                continue
        st, _, body = timed(stats, 'GET /api/games/ID', c, 'GET',
                            '/api/games/%d' % gid, headers=auth)
        if st != 200:
            time.sleep(0.05)
            continue
        g = json.loads(body)
        seat[gid] = g.get('seat')
        if g.get('over'):
            done[gid] = True
            continue
        if not g.get('legal'):
            continue			# not this user's turn there
        while g.get('legal') and not stop.is_set():
            move = rnd.choice(g['legal'])
            st, _, body = timed(stats, 'POST /api/games/ID/moves', c, 'POST',
                                '/api/games/%d/moves' % gid,
                                json.dumps({'ply': g['ply'], 'move': move}),
                                headers=dict(auth, **{'Content-Type':
                                                      'application/json'}),
                                ok=(200, 409, 422))
            if st != 200:
                break
            g = json.loads(body)	# the game after the move: go on
            with ack_lock:		# while it is still this seat's turn
                acks.write('%d\t%d\t%s\n' % (gid, g['ply'], move))
                acks.flush()
                if a.ack != os.devnull:
                    os.fsync(acks.fileno())
                count[0] += 1


def reader(a, stats, stop, rnd, signed_in):
    c = Conn(a.url)
    if signed_in:
        c, _ = login(a.url, signed_in, token=False)  # the player's stays
        if c is None:
            stats.add('login', 0, False)
            return
    etags = {}
    while not stop.is_set():
        gid = rnd.choice(a.games)
        r = rnd.random()
        if r < 0.5:
            h = {'If-None-Match': etags[gid]} if gid in etags else {}
            st, hd, _ = timed(stats, 'GET /api/games/ID/ply', c, 'GET',
                              '/api/games/%d/ply' % gid, headers=h,
                              ok=(200, 304))
            if 'etag' in hd:
                etags[gid] = hd['etag']
        elif r < 0.75:
            timed(stats, 'GET /g/ID', c, 'GET', '/g/%d' % gid)
        elif r < 0.9:
            timed(stats, 'GET /api/games/ID', c, 'GET', '/api/games/%d' % gid)
        else:
            timed(stats, 'GET /g/ID/history', c, 'GET', '/g/%d/history' % gid)


done = {}


def main():
    p = argparse.ArgumentParser()
    p.add_argument('url')
    p.add_argument('--users', required=True)
    p.add_argument('--games', required=True)
    p.add_argument('--seconds', type=float, required=True)
    p.add_argument('--ack', default=os.devnull)
    p.add_argument('--readers', type=int, default=0)
    p.add_argument('--seed', type=int, default=1)
    a = p.parse_args()
    a.games = [int(x) for x in a.games.split(',')]
    users = a.users.split(',')
    stats, stop, ack_lock, count = Stats(), threading.Event(), \
        threading.Lock(), [0]
    acks = open(a.ack, 'a', encoding='utf-8')
    threads = []
    for i, u in enumerate(users):
        threads.append(threading.Thread(target=player, args=(
            a, u, stats, acks, ack_lock, stop, random.Random(a.seed * 97 + i),
            count)))
    for i in range(a.readers):
        threads.append(threading.Thread(target=reader, args=(
            a, stats, stop, random.Random(a.seed * 89 + i),
            users[i % len(users)] if i % 2 else None)))
    for t in threads:
        t.daemon = True
        t.start()
    stop.wait(a.seconds)
    stop.set()
    for t in threads:
        t.join(35)
    acks.close()
    total = errors = 0
    print('%-28s %8s %7s %8s %8s' % ('route', 'requests', 'errors',
                                      'p50 ms', 'p99 ms'))
    for route in sorted(stats.lat):
        xs = stats.lat[route]
        e = stats.err.get(route, 0)
        total += len(xs)
        errors += e
        print('%-28s %8d %7d %8.1f %8.1f' % (route, len(xs), e,
                                             pct(xs, 0.5), pct(xs, 0.99)))
    print('client: %d requests, %d errors, %d moves acknowledged'
          % (total, errors, count[0]))


if __name__ == '__main__':
    main()
