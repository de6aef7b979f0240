-- wrk script: every request is one move on one warm Word Search session (a word submitted; most
-- are not on the board, as players' guesses often are). The session's commands address comes
-- from the command line (bench/arcade-load).
local words = {"tea", "team", "steam", "rate", "tire", "stone", "note", "rain", "tone", "seat"}
local n = 0
request = function()
  n = n + 1
  local body = '{"command":"submit","word":"' .. words[(n % #words) + 1] .. '"}'
  return wrk.format("POST", nil, {["Content-Type"] = "application/json"}, body)
end
