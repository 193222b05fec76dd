"""fcgi_drop.py: a FastCGI server that dies in the middle of every request.

    /usr/bin/python3 fcgi_drop.py HOST PORT LOG

It stands for a "topper fcgi" host that crashes after nginx has sent it
a request (tests/e2e/tcp.sh): it takes each connection, reads the whole
request (parameters and body, up to the empty FCGI_STDIN record), writes
"METHOD URI" as a line to LOG, and hangs up without a byte of answer.
HOST may be an IPv4 address or an IPv6 one (without brackets).  It runs
until killed.
"""
import socket
import sys

BEGIN, PARAMS, STDIN = 1, 4, 5


def read_exact(c, n):
    b = b""
    while len(b) < n:
        part = c.recv(n - len(b))
        if not part:
            raise EOFError
        b += part
    return b


def params(data):
    """The name-value pairs of a FCGI_PARAMS stream."""
    out, i = {}, 0

    def length():
        nonlocal i
        if data[i] < 128:
            i += 1
            return data[i - 1]
        i += 4
        return int.from_bytes(data[i - 4:i], "big") & 0x7FFFFFFF

    while i < len(data):
        nl = length()
        vl = length()
        out[data[i:i + nl].decode()] = data[i + nl:i + nl + vl].decode()
        i += nl + vl
    return out


def one(c, log):
    stream = b""
    while True:
        h = read_exact(c, 8)
        kind, clen, pad = h[1], int.from_bytes(h[4:6], "big"), h[6]
        body = read_exact(c, clen + pad)[:clen]
        if kind == PARAMS:
            stream += body
        elif kind == STDIN and clen == 0:
            break
    p = params(stream)
    with open(log, "a") as f:
        f.write("%s %s\n" % (p.get("REQUEST_METHOD"), p.get("REQUEST_URI")))


def main():
    host, port, log = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    fam = socket.AF_INET6 if ":" in host else socket.AF_INET
    s = socket.socket(fam, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((host, port))
    s.listen(16)
    while True:
        c, _ = s.accept()
        try:
            one(c, log)
        except (EOFError, OSError):
            pass
        c.close()


main()
