"""cluster_play.py: the stream of moves of tests/e2e/cluster.sh, and its tally.

  cluster_play.py play URL GAMES LOG MOVES THREADS SEED
      THREADS threads play the games of GAMES through the JSON API at URL
      until MOVES moves were sent in all (or 150 s went by).  GAMES has a
      line per game: "ID TOKEN0 TOKEN1 ...", a seat's API token or "-" for
      a bot seat (the worker plays it).  A thread takes every THREADS-th
      game and goes round them: GET /api/games/ID as a seated player;
      when one of its human seats is to act, GET as that seat, pick one of
      the legal moves at random and POST it with the ply it saw.  Every
      request goes to LOG as it ends, one tab-separated line:
              KIND TAG GAME SEAT SEEN_PLY STATUS NEW_PLY SENT MOVE
      KIND GET or POST; TAG is also in the URL (?c=TAG), so nginx's
      access log says which hosts a request went to; NEW_PLY is the ply
      a 200 answered with (else -); SENT the time it was sent (Unix
      seconds); MOVE is the move sent (POST).  A status of 0 is a
      request nginx never answered.

  cluster_play.py probe URL GAMES LOG SECONDS
      After the stream: a GET of the first game as its first human seat
      every 0.1 s for SECONDS, logged to LOG as play's GETs are (tags
      p-N).  The stream may end within nginx's fail_timeout of the kill,
      when nginx sends nothing to the dead host; SECONDS past that
      timeout make it try the dead host again at least once.

  cluster_play.py tally LOG MOVES_TSV GAMES ACCESS_LOG DEAD KILLED
      Compare the acknowledged moves of LOG with the move log in the
      database (MOVES_TSV: "GAME|PLY|SEAT|TEXT" lines, psql -A -t), and
      the requests sent after time KILLED (when the killed host's
      processes were gone) with the hosts nginx's
      ACCESS_LOG says they went to (DEAD is the killed host's
      ADDRESS:PORT); print "key=value" lines for the suite (counts
      below), then one line per discrepancy, each starting with "bad:".
        gets, gets_ok       GETs sent, answered 200
        after               requests sent after the kill
        around              of those, how many nginx tried on the dead
                            host first and then passed to another
        by_dead             of those, how many the dead host "answered"
        unlogged            of those, how many nginx did not log
        posts, acked        moves sent, answered 200
        refused             answered 409 or 422 (and so not written)
        lost                answered 502/504: the host died holding them
        lost_on_dead        of those, how many nginx had sent to the
                            host that was killed (all, or a bug)
        lost_applied        of those, how many the database holds (a
                            lost move sent again at the same ply and
                            answered counts as not applied)
        missing             acknowledged moves the database does not hold
        unexplained         human seats' moves in the database that no
                            acknowledged or lost POST asked for
        refused_applied     409/422 moves the database holds anyway
        other               POSTs answered with any other status
        human_db            the database's moves by human seats
"""
import http.client
import json
import random
import re
import sys
import threading
import time
import urllib.parse

DEADLINE_S = 150


def request(base, method, path, token, body=None):
    """(status, parsed JSON or None); status 0 when no answer came."""
    u = urllib.parse.urlsplit(base)
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    h = {"Authorization": "Bearer " + token}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    try:
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        raw = r.read()
        try:
            d = json.loads(raw) if raw else None
        except ValueError:
            d = None
        return r.status, d
    except (OSError, http.client.HTTPException):
        return 0, None
    finally:
        c.close()


class Play:
    def __init__(s, base, games, log, moves, nthreads, seed):
        s.base, s.games, s.moves = base, games, moves
        s.nthreads, s.seed = nthreads, seed
        s.log = open(log, "a", buffering=1)
        s.lock = threading.Lock()
        s.sent = 0
        s.end = time.time() + DEADLINE_S

    def write(s, *f):
        with s.lock:
            s.log.write("\t".join(str(x) for x in f) + "\n")

    def take(s):
        """1 when this thread may send one more move."""
        with s.lock:
            if s.sent >= s.moves or time.time() > s.end:
                return 0
            s.sent += 1
            return 1

    def get(s, tag, gid, seat, token):
        t = "%.6f" % time.time()
        st, d = request(s.base, "GET", "/api/games/%d?c=%s" % (gid, tag),
                        token)
        ply = d.get("ply", "-") if st == 200 and d else "-"
        s.write("GET", tag, gid, seat, "-", st, ply, t, "")
        return d if st == 200 and isinstance(d, dict) else None

    def thread(s, t):
        rng = random.Random(s.seed * 1000 + t)
        mine = [g for i, g in enumerate(s.games) if i % s.nthreads == t]
        over = set()
        n = 0
        while len(over) < len(mine):
            idle = 1
            for gid, tokens in mine:
                if gid in over:
                    continue
                humans = [i for i, k in enumerate(tokens) if k != "-"]
                n += 1
                d = s.get("t%d-%d" % (t, n), gid, humans[0],
                          tokens[humans[0]])
                if d is None:
                    continue
                if d.get("over"):
                    over.add(gid)
                    continue
                acting = [x for x in d.get("to_act", []) if x in humans]
                if not acting:
                    continue	# a bot's turn: the worker's
                seat = acting[0]
                if seat != humans[0]:
                    n += 1
                    d = s.get("t%d-%d" % (t, n), gid, seat, tokens[seat])
                    if d is None:
                        continue
                if not d.get("legal"):
                    continue
                if not s.take():
                    return
                idle = 0
                mv = rng.choice(sorted(d["legal"]))
                n += 1
                tag = "t%d-%d" % (t, n)
                sent = "%.6f" % time.time()
                st, r = request(s.base, "POST",
                                "/api/games/%d/moves?c=%s" % (gid, tag),
                                tokens[seat], {"ply": d["ply"], "move": mv})
                ply = r.get("ply", "-") if st == 200 and r else "-"
                s.write("POST", tag, gid, seat, d["ply"], st, ply, sent, mv)
            if idle:
                if time.time() > s.end:
                    return
                time.sleep(0.05)

    def run(s):
        ts = [threading.Thread(target=s.thread, args=(t,))
              for t in range(s.nthreads)]
        for x in ts:
            x.start()
        for x in ts:
            x.join()


def read_games(path):
    out = []
    for line in open(path):
        f = line.split()
        if f:
            out.append((int(f[0]), f[1:]))
    return out


def play(argv):
    base, games, log, moves, nthreads, seed = argv
    Play(base, read_games(games), log, int(moves), int(nthreads),
         int(seed)).run()


def probe(argv):
    base, games, log, seconds = argv
    gid, tokens = read_games(games)[0]
    seat = [i for i, k in enumerate(tokens) if k != "-"][0]
    p = Play(base, [], log, 0, 1, 0)
    end = time.time() + float(seconds)
    n = 0
    while time.time() < end:
        n += 1
        p.get("p-%d" % n, gid, seat, tokens[seat])
        time.sleep(0.1)


ACCESS = re.compile(r'"[A-Z]+ [^ "]*[?&]c=([^ &"]+)[^"]*" (\d+) \S+ \S+ '
                    r'"([^"]*)"')


def tally(argv):
    log, moves_tsv, games, access, dead, killed = argv
    killed = float(killed)
    hosts = {}		# tag -> (status, [upstreams])
    for line in open(access):
        m = ACCESS.search(line)
        if m:
            hosts[m.group(1)] = (m.group(2), m.group(3).split(", "))
    human = {gid: {i for i, k in enumerate(toks) if k != "-"}
             for gid, toks in read_games(games)}
    db = {}
    for line in open(moves_tsv):
        line = line.rstrip("\n")
        if not line:
            continue
        g, p, seat, text = line.split("|", 3)
        db[(int(g), int(p))] = (int(seat), text)
    c = dict.fromkeys(("gets", "gets_ok", "after", "around", "by_dead",
                       "unlogged", "posts", "acked", "refused", "lost",
                       "lost_on_dead", "lost_applied", "missing", "unexplained",
                       "refused_applied", "other", "human_db"), 0)
    bad = []
    asked = {}		# (game, ply) -> [(seat, text, kind)]
    for line in open(log):
        f = line.rstrip("\n").split("\t")
        if len(f) < 9:
            bad.append("a short log line: %r" % line)
            continue
        kind, tag, g, seat, seen, st, newp, sent, mv = f[:9]
        if float(sent) > killed:
            c["after"] += 1
            if tag not in hosts:
                c["unlogged"] += 1
                bad.append("%s %s: not in nginx's log" % (kind, tag))
            else:
                ups = hosts[tag][1]
                if ups[-1] == dead:
                    c["by_dead"] += 1
                    bad.append("%s %s, sent after the kill: answered %s "
                               "by the dead host" % (kind, tag, st))
                elif dead in ups:
                    c["around"] += 1
        if kind == "GET":
            c["gets"] += 1
            if st == "200":
                c["gets_ok"] += 1
            else:
                bad.append("GET %s (game %s) answered %s" % (tag, g, st))
            continue
        c["posts"] += 1
        key = (int(g), int(seen) + 1)
        if st == "200":
            c["acked"] += 1
            k = "acked"
            if newp != str(key[1]):
                bad.append("POST %s: seen ply %s, answered ply %s" %
                           (tag, seen, newp))
        elif st in ("409", "422"):
            c["refused"] += 1
            k = "refused"
        elif st in ("502", "504"):
            c["lost"] += 1
            k = "lost"
            if tag in hosts and hosts[tag][1][-1] == dead:
                c["lost_on_dead"] += 1
            else:
                bad.append("POST %s answered %s, not by the dead host (%s)"
                           % (tag, st, hosts.get(tag)))
        else:
            c["other"] += 1
            k = "other"
            bad.append("POST %s (game %s) answered %s" % (tag, g, st))
        asked.setdefault(key, []).append((int(seat), mv, k, tag))
    for key, tries in sorted(asked.items()):
        row = db.get(key)
        kinds = {k for seat, mv, k, tag in tries if row == (seat, mv)}
        for seat, mv, k, tag in tries:
            hit = row == (seat, mv)
            if k == "acked" and not hit:
                c["missing"] += 1
                bad.append("acknowledged move %s (game %d ply %d, seat %d, "
                           "%r) is not in the database (it holds %r)" %
                           (tag, key[0], key[1], seat, mv, row))
        # A lost move was applied when the database holds it and no
        # answered POST asked for the same move at the same ply (the
        # player, seeing the ply unchanged, may have sent it again).
        if "lost" in kinds and "acked" not in kinds:
            c["lost_applied"] += 1
        if "refused" in kinds and not kinds & {"acked", "lost"}:
            c["refused_applied"] += 1
            bad.append("a refused move is in the database: game %d ply %d" %
                       key)
    for (g, p), (seat, text) in sorted(db.items()):
        if seat in human.get(g, ()):
            c["human_db"] += 1
            if not any(k in ("acked", "lost") and (s_, m_) == (seat, text)
                       for s_, m_, k, t_ in asked.get((g, p), ())):
                c["unexplained"] += 1
                bad.append("game %d ply %d (seat %d, %r): in the database, "
                           "but no answered or lost POST asked for it" %
                           (g, p, seat, text))
    for k, v in c.items():
        print("%s=%d" % (k, v))
    for b in bad:
        print("bad: " + b)


if __name__ == "__main__":
    {"play": play, "probe": probe, "tally": tally}[sys.argv[1]](sys.argv[2:])
