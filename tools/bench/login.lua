-- login.lua: wrk script for "make bench" (d-login): a flood of logins.
--
--   wrk -t T -c C -d 10s -s tools/bench/login.lua URL -- CSRF COOKIE
--
-- Every request posts a new random name and password to /login with
-- the anonymous CSRF cookie and token of one login form (CSRF, COOKIE):
-- each is a wrong login that costs the server one Argon2id at the
-- configured cost (the decoy hash of an unknown name).

local counter = 0
local threads = {}

function setup(thread)
	counter = counter + 1
	thread:set("id", counter)
	table.insert(threads, thread)
end

function init(args)
	csrf, cookie = args[1], args[2]
	n = 0
	math.randomseed(os.time() + id * 7919)
end

function request()
	n = n + 1
	local body = "csrf=" .. csrf .. "&name=flood" .. id .. "x" .. n ..
	    "&password=pw" .. math.random(100000000, 999999999)
	return wrk.format("POST", "/login", {
		["Cookie"] = cookie,
		["Content-Type"] = "application/x-www-form-urlencoded",
	}, body)
end
