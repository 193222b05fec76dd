#!/usr/bin/env python3
"""check_db.py: what the kill loop and the power cuts check afterwards.

    check_db.py DB ACKFILE [--replay TOPPER CONFIG] [--quiet]

- PRAGMA integrity_check is "ok";
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
import sqlite3
import subprocess
import sys


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
    for (game, ply), text in sorted(acks.items()):
        row = db.execute('SELECT text FROM moves WHERE game = ? AND ply = ?',
                         (game, ply)).fetchone()
        if row is None or row[0] != text:
            lost += 1
            if lost <= 5:
                fails.append('game %d ply %d: acknowledged %r, stored %r'
                             % (game, ply, text, row and row[0]))
    gaps = 0
    games = db.execute('SELECT id, ply FROM games').fetchall()
    for gid, gply in games:
        n, mx = db.execute('SELECT count(*), coalesce(max(ply), 0) FROM '
                           'moves WHERE game = ?', (gid,)).fetchone()
        if not (n == mx == gply):
            gaps += 1
            fails.append('game %d: ply %d, %d moves, last %d'
                         % (gid, gply, n, mx))
    replayed = bad_replay = 0
    if replay:
        topper, conf = replay
        seeds = dict(db.execute('SELECT id, hex(seed) FROM games').fetchall())
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
              'their state' % ('ok' if ic == [('ok',)] else 'BAD', nacks,
                              len(acks), lost, len(games), gaps, replayed,
                              bad_replay))
    sys.exit(1 if fails else 0)


main()
