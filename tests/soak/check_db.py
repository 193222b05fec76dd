#!/usr/bin/env python3
"""check_db.py: what the kill loop and the power cuts check afterwards.

    check_db.py DB ACKFILE [--replay TOPPER CONFIG] [--quiet]

DB is the SQLite file or the postgresql:// URI of the instance's store
(topper.conf's db); PostgreSQL is read through psql (PG_BIN, else PATH),
so no Python driver is needed.

- PRAGMA integrity_check is "ok" (SQLite only: the processes killed
  wrote the file themselves; a PostgreSQL server's files are its own,
  and a client killed mid-transaction leaves nothing but a rollback);
- every acknowledged move (ACKFILE: "GAME<TAB>PLY<TAB>TEXT" lines, one per
  move a client was told was saved) is in the moves table at that ply
  with that text, and no ply was acknowledged twice with two texts;
- each game's log has plies 1..N with no gap and games.ply = N (a move
  applied twice would need a second ply: the key forbids the same one);
- with --replay, every game replays from its seed (or decks) and log to
  its stored state: "topper export", the seed put back for a game in
  progress (export leaves it out while it is secret), "topper play",
  whose state_sha256 must equal "topper test-state-sha" of the stored
  snapshot.

Prints one line of figures; exit 0 when all hold, 1 otherwise.
"""
import json
import os
import sqlite3
import subprocess
import sys


class PgCursor:
    def __init__(self, rows):
        self.rows = rows

    def fetchall(self):
        return self.rows

    def fetchone(self):
        return self.rows[0] if self.rows else None


class PgStore:
    """The few calls of sqlite3's connection used here, on psql: ?
    parameters are integers, written into the text; every value comes
    back as text (a NULL as None), so callers convert with int()."""
    SEP = '\x1f'

    def __init__(self, uri):
        self.uri = uri
        self.psql = os.path.join(os.environ['PG_BIN'], 'psql') \
            if os.environ.get('PG_BIN') else 'psql'

    def execute(self, sql, params=()):
        for p in params:
            sql = sql.replace('?', str(int(p)), 1)
        out = subprocess.run(
            [self.psql, '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1',
             '-P', 'null=\x1e', '-F', self.SEP, self.uri, '-c', sql],
            check=True, capture_output=True).stdout.decode()
        return PgCursor([tuple(None if v == '\x1e' else v
                               for v in line.split(self.SEP))
                         for line in out.split('\n') if line])

    def close(self):
        pass


def main():
    args = sys.argv[1:]
    quiet = '--quiet' in args
    args = [a for a in args if a != '--quiet']
    replay = None
    if '--replay' in args:
        i = args.index('--replay')
        replay = (args[i + 1], args[i + 2])
        del args[i:i + 3]
    dbpath, ackpath = args[0], args[1]
    fails = []
    pg = dbpath.startswith(('postgresql://', 'postgres://'))
    if pg:
        db = PgStore(dbpath)
        ic = [('ok',)]		# see the docstring
    else:
        db = sqlite3.connect(dbpath, timeout=30)
        ic = db.execute('PRAGMA integrity_check').fetchall()
    if ic != [('ok',)]:
        fails.append('integrity_check: %r' % (ic[:5],))
    acks = {}
    nacks = lost = 0
    try:
        f = open(ackpath, encoding='utf-8')
    except FileNotFoundError:
        f = []
    for line in f:
        line = line.rstrip('\n')
        if not line:
            continue
        parts = line.split('\t', 2)
        if len(parts) != 3:
            fails.append('bad ack line %r' % line)
            continue
        game, ply, text = int(parts[0]), int(parts[1]), parts[2]
        nacks += 1
        key = (game, ply)
        if key in acks and acks[key] != text:
            fails.append('game %d ply %d acknowledged twice: %r, %r'
                         % (game, ply, acks[key], text))
        acks[key] = text
    stored = {(int(g), int(p)): t for g, p, t in
              db.execute('SELECT game, ply, text FROM moves').fetchall()}
    for (game, ply), text in sorted(acks.items()):
        row = (stored[(game, ply)],) if (game, ply) in stored else None
        if row is None or row[0] != text:
            lost += 1
            if lost <= 5:
                fails.append('game %d ply %d: acknowledged %r, stored %r'
                             % (game, ply, text, row and row[0]))
    gaps = 0
    games = [(int(g), int(p)) for g, p in
             db.execute('SELECT id, ply FROM games').fetchall()]
    for gid, gply in games:
        n, mx = map(int, db.execute('SELECT count(*), coalesce(max(ply), 0) '
                                    'FROM moves WHERE game = ?',
                                    (gid,)).fetchone())
        if not (n == mx == gply):
            gaps += 1
            fails.append('game %d: ply %d, %d moves, last %d'
                         % (gid, gply, n, mx))
    replayed = bad_replay = 0
    if replay:
        topper, conf = replay
        seeds = {int(g): h for g, h in db.execute(
            'SELECT id, %s FROM games' % ("encode(seed, 'hex')" if pg
                                          else 'hex(seed)')).fetchall()}
    db.close()
    if replay:
        for gid, _ in games:
            rec = json.loads(subprocess.run(
                [topper, 'export', str(gid), '--config', conf],
                check=True, capture_output=True).stdout)
            if 'seed' not in rec and 'decks' not in rec:
                rec['seed'] = seeds[gid].lower()
            out = subprocess.run([topper, 'play', '-'], input=json.dumps(
                rec).encode(), capture_output=True)
            want = subprocess.run(
                [topper, 'test-state-sha', str(gid), '--config', conf],
                check=True, capture_output=True).stdout.decode().strip()
            replayed += 1
            got = (json.loads(out.stdout).get('state_sha256')
                   if out.returncode == 0 else None)
            if got != want:
                bad_replay += 1
                fails.append('game %d does not replay to its state: %s %s'
                             % (gid, got, out.stderr.decode().strip()))
    for x in fails[:10]:
        print('check_db: FAIL: ' + x)
    if not quiet or fails:
        print('check_db: integrity %s, %d acknowledged moves (%d distinct), '
              '%d lost, %d games, %d with a gap, %d replayed, %d not to '
              'their state' % ('not checked (PostgreSQL)' if pg else
                              'ok' if ic == [('ok',)] else 'BAD', nacks,
                              len(acks), lost, len(games), gaps, replayed,
                              bad_replay))
    sys.exit(1 if fails else 0)


main()
