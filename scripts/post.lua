-- wrk script: POST the deck in $DECK_FILE as JSON.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = assert(io.open(os.getenv("DECK_FILE"), "r"))
wrk.body = f:read("*a")
f:close()
