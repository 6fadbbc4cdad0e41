-- wrk script: request from the environment, one machine-readable line at the end.
--   LOAD_METHOD (GET|POST), LOAD_BODY (file), LOAD_HEADERS ("Name: value" lines)
wrk.method = os.getenv("LOAD_METHOD") or "GET"
local body = os.getenv("LOAD_BODY")
if body and body ~= "" then
  local f = assert(io.open(body, "rb"))
  wrk.body = f:read("*a")
  f:close()
end
for line in (os.getenv("LOAD_HEADERS") or ""):gmatch("[^\n]+") do
  local name, value = line:match("^%s*([^:]+):%s*(.-)%s*$")
  if name then wrk.headers[name] = value end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("LOAD requests=%d duration_us=%d p50_us=%d p99_us=%d non2xx=%d socket_errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout))
end
