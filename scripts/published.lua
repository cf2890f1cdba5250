-- wrk script: GET pages of the published lists of event $EVENT ($PLAYERS lists) from random
-- offsets, $LIMIT lists a page; with $ETAG set, as a client asking whether its copy is still
-- good (If-None-Match: a 304 without a body).
local event = os.getenv("EVENT")
local players = tonumber(os.getenv("PLAYERS") or "10000")
local limit = tonumber(os.getenv("LIMIT") or "100")
local etag = os.getenv("ETAG") or ""
local headers = {}
if etag ~= "" then headers["If-None-Match"] = etag end

function setup(thread)
  thread:set("seed", math.random(1, 1000000))
end

function init(args)
  math.randomseed(seed or os.time())
end

request = function()
  local offset = math.random(0, math.max(players - limit, 0))
  local path = "/v1/events/" .. event .. "/published?limit=" .. limit .. "&offset=" .. offset
  return wrk.format("GET", path, headers)
end
