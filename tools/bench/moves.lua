-- moves.lua: wrk script for "make bench" (d): move POSTs.
--
--   wrk -t T -c C -d 10s --latency -s tools/bench/moves.lua URL -- SCRIPT T
--
-- SCRIPT comes from "topper bench-moves": one legal move a line,
-- "SEQ<TAB>PATH<TAB>COOKIE<TAB>BODY", in rounds (every game's first
-- move, then every game's second ...).  Thread i of T sends the moves
-- of the games with SEQ mod T = i, in file order, so a game's moves
-- reach the server in order and long after one another; each request
-- carries the mover's session cookie and a body with its ply and csrf.
-- Only 303s are moves made: done() prints their count and rate.

local threads = {}

function setup(thread)
	thread:set("id", #threads)
	table.insert(threads, thread)
end

function init(args)
	-- args[0] is the URL; the script's own arguments follow.
	local file, nthreads = args[1], tonumber(args[2])
	local f = assert(io.open(file, "r"))
	reqs = {}
	for line in f:lines() do
		local seq, path, cookie, body =
		    line:match("^(%d+)\t([^\t]+)\t([^\t]+)\t(.+)$")
		if seq ~= nil and tonumber(seq) % nthreads == id then
			reqs[#reqs + 1] = wrk.format("POST", path, {
				["Cookie"] = cookie,
				["Content-Type"] =
				    "application/x-www-form-urlencoded",
			}, body)
		end
	end
	f:close()
	assert(#reqs > 0, "moves.lua: no moves for thread " .. id)
	navail = #reqs
	next_req = 1
	-- wrk calls request() once on the first thread to check it before
	-- sending anything: that call must not use up a move.
	probe = (id == 0)
	made, other, sent = 0, 0, 0
end

function request()
	if probe then
		probe = false
		return reqs[1]
	end
	local r = reqs[next_req]
	if r == nil then
		-- Out of moves: repeat the last one, which the server refuses.
		r = reqs[#reqs]
	else
		next_req = next_req + 1
	end
	sent = sent + 1
	return r
end

function response(status, headers, body)
	if status == 303 then
		made = made + 1
	else
		other = other + 1
	end
end

function done(summary, latency, requests)
	local m, o, s, avail = 0, 0, 0, 0
	for _, t in ipairs(threads) do
		m = m + t:get("made")
		o = o + t:get("other")
		s = s + t:get("sent")
		avail = avail + t:get("navail")
	end
	local secs = summary.duration / 1e6
	io.write(string.format("moves: made=%d other=%d sent=%d script=%d " ..
	    "rps=%.1f\n", m, o, s, avail, m / secs))
	if s > avail then
		io.write("moves: the script ran out; raise --per-game\n")
	end
end
