#!/usr/bin/env python3
"""leak_nginx.py: the twin-game leak sweep through nginx.

    leak_nginx.py URL PLAN DB CONFIG TOPPER

Replays the pairs soak-leak wrote with --plan (both records, the owner
seat, the moves) on a running instance: imports both games with
"topper import", gives them seven-digit ids (as leak.c does, so they
can be told from other numbers), posts the same moves to both through
the API, and after every move fetches, as every other seat, a signed-in
user without a seat and an anonymous visitor: the game page, the API
view, the ply poll and the history at that ply, each with its status
line and headers.  Both games' replies must be equal once these are
taken out: the game id; the Date header; Connection (nginx ends a
kept-alive connection after 1,000 requests, in either game);
Content-Length (the body is compared); the times shown (clock times and
the time left to move: the twins are made and moved a few milliseconds
apart, so a minute may turn between them); cookie values.  The owner's
game page at the start must differ (the control).  Users seat0..seat5
and watcher must exist.

Prints "leak-nginx: N compared, M differences, C controls, F control
failures"; exit 1 on a difference or a failed control.
"""
import difflib
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import login, Conn  # noqa: E402

CLOCK = re.compile(rb'\d{4}-\d\d-\d\d \d\d:\d\d( [A-Z]{2,5})?')
LEFT = re.compile(rb'\d+ (d|h|min)( \d+ (h|min))? left')


def normalize(status, headers, body, gid):
    idb = str(gid).encode()
    out = [b'%d' % status]
    for k, v in sorted(headers):
        k = k.lower()
        if k in ('date', 'content-length', 'connection', 'keep-alive'):
            # the body is compared, normalized; nginx closes a kept-alive
            # connection after its 1,000th request, whichever game it is
            continue
        if k == 'set-cookie':
            v = v.split('=', 1)[0] + '=COOKIE'
        out.append(('%s: %s' % (k, v)).encode())
    text = b'\n'.join(out) + b'\n\n' + body
    text = re.sub(rb'(?<![0-9])' + idb + rb'(?![0-9])', b'ID', text)
    return LEFT.sub(b'LEFT', CLOCK.sub(b'TIME', text))


def fetch(conn, path):
    st, headers, body = conn.req('GET', path)
    if st == 0:
        sys.exit('leak-nginx: GET %s failed' % path)
    return st, headers.items(), body


def main():
    url, plan, dbpath, conf, topper = sys.argv[1:6]
    users = {}
    for name in ['seat%d' % i for i in range(6)] + ['watcher']:
        c, tok = login(url, name)
        if c is None:
            sys.exit('leak-nginx: cannot sign %s in' % name)
        users[name] = (c, tok)
    anon = Conn(url)
    db = sqlite3.connect(dbpath, timeout=30)
    next_id = [2000001]
    compared = diffs = controls = control_fails = 0
    tmp = tempfile.mkdtemp()

    def import_game(rec):
        path = os.path.join(tmp, 'r.json')
        with open(path, 'w') as f:
            json.dump(rec, f)
        names = ','.join('seat%d' % i for i in range(rec['seats']))
        gid = int(subprocess.run([topper, 'import', path, '--users', names,
                                  '--config', conf], check=True,
                                 capture_output=True).stdout)
        new = next_id[0]
        next_id[0] += 1
        with db:
            db.execute('UPDATE seats SET game = ? WHERE game = ?', (new, gid))
            db.execute('UPDATE games SET id = ? WHERE id = ?', (new, gid))
            db.execute('DELETE FROM outbox')   # mail is not this sweep's
        return new

    for line in open(plan):
        pair = json.loads(line)
        owner = pair['owner']
        recs = pair['records']
        ids = [import_game(r) for r in recs]
        nseats = recs[0]['seats']
        observers = [('seat%d' % s, users['seat%d' % s][0])
                     for s in range(nseats) if s != owner]
        observers += [('watcher', users['watcher'][0]), ('anon', anon)]

        def both(conn, fmt):
            return [normalize(*fetch(conn, fmt % g), g) for g in ids]

        if owner >= 0:
            a, b = both(users['seat%d' % owner][0], '/g/%d')
            controls += 1
            if a == b:
                control_fails += 1
                print('leak-nginx: CONTROL: the owner sees no difference '
                      'in %s' % ids)
        for ply in range(len(pair['moves']) + 1):
            if ply > 0:
                seat, move = pair['moves'][ply - 1]
                c, tok = users['seat%d' % seat]
                for g in ids:
                    st, _, body = c.req(
                        'POST', '/api/games/%d/moves' % g,
                        json.dumps({'ply': ply - 1, 'move': move}),
                        headers={'Authorization': 'Bearer ' + tok,
                                 'Content-Type': 'application/json'})
                    if st != 200:
                        sys.exit('leak-nginx: game %d refused %r: %d %s'
                                 % (g, move, st, body[:300]))
            for name, conn in observers:
                for fmt in ('/g/%d', '/api/games/%d', '/api/games/%d/ply',
                            '/g/%d/history?ply=' + str(ply)):
                    a, b = both(conn, fmt)
                    compared += 1
                    if a != b:
                        diffs += 1
                        if diffs <= 5:
                            print('leak-nginx: DIFFERENCE %s ply %d as %s:'
                                  % (fmt % ids[0], ply, name))
                            for d in list(difflib.diff_bytes(
                                    difflib.unified_diff, a.split(b'\n'),
                                    b.split(b'\n'), b'A', b'B', n=0))[:12]:
                                print('  %r' % d[:300])
    db.close()
    print('leak-nginx: %d compared, %d differences, %d controls, %d control '
          'failures' % (compared, diffs, controls, control_fails))
    sys.exit(1 if diffs or control_fails else 0)


main()
