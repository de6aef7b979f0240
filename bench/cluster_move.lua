-- wrk script for bench/cluster-load: run with as many threads as connections (-tN -cN), so that
-- each connection is a thread of its own and plays its own Word Search session; moves of
-- different connections then never wait on one session's lock. The sessions' ids are read, one a
-- line, from the file named by WG_SESSIONS. Every move is a word submitted: most are not on the
-- board, as players' guesses often are (WG_WORDS, below, gives the board's words instead). At
-- the end it prints, for each session, the answers it got ("answered ID OK OTHER"), and the
-- latency percentiles in microseconds ("latency P US"), for bench/cluster-load to check against
-- the store and to report.
local words = {"tea", "team", "steam", "rate", "tire", "stone", "note", "rain", "tone", "seat"}
local threads = {}
local sessions = nil
local next_session = 0

function setup(thread)
  if sessions == nil then
    sessions = {}
    for line in io.lines(os.getenv("WG_SESSIONS")) do
      if line ~= "" then sessions[#sessions + 1] = line end
    end
  end
  next_session = next_session + 1
  thread:set("session", sessions[((next_session - 1) % #sessions) + 1])
  table.insert(threads, thread)
end

local n = 0
ok = 0  -- globals: done() reads them with thread:get
other = 0

function init(args)
  path = "/api/sessions/" .. session .. "/commands"
  -- With WG_WORDS (a directory holding a file per session: its board's words), every move is a
  -- word of the board not found yet, until they are all found: the saved game grows each move.
  local dir = os.getenv("WG_WORDS")
  if dir ~= nil and dir ~= "" then
    words = {}
    for line in io.lines(dir .. "/" .. session) do words[#words + 1] = line end
  end
end

-- With WG_BENCH_THINK_MS, each connection is a player who waits that long after each answer
-- before the next move (wrk's delay()): the load is then a number of players at a pace, not
-- as many moves as the servers can take.
local think = tonumber(os.getenv("WG_BENCH_THINK_MS") or "") or 0
if think > 0 then
  function delay() return think end
end

function request()
  local body = '{"command":"submit","word":"' .. words[(n % #words) + 1] .. '"}'
  n = n + 1
  return wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
end

function response(status, headers, body)
  if status == 200 then ok = ok + 1 else other = other + 1 end
end

function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    io.write(string.format("answered %s %d %d\n", thread:get("session"), thread:get("ok"),
                           thread:get("other")))
  end
  for _, p in ipairs({50, 90, 99, 99.9}) do
    io.write(string.format("latency %g %d\n", p, latency:percentile(p)))
  end
  io.write(string.format("latency max %d\n", latency.max))
  io.write(string.format("requests %d %d\n", summary.requests, summary.duration))
  io.write(string.format("errors %d %d %d %d %d\n", summary.errors.connect, summary.errors.read,
                         summary.errors.write, summary.errors.status, summary.errors.timeout))
end
