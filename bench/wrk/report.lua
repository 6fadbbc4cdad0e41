-- wrk script: request from the environment, one machine-readable line at the end.
--   LOAD_METHOD (GET|POST), LOAD_BODY (file), LOAD_HEADERS ("Name: value" lines)
wrk.method = os.getenv("LOAD_METHOD") or "GET"
local body = os.getenv("LOAD_BODY")
if body and body ~= "" then
  local f = assert(io.open(body, "rb"))
  wrk.body = f:read("*a")
  f:close()
end
-- Every request carries a messageId of its own, of the same length as the body's: the server
-- treats a repeated messageId as a retry of the first send and answers with the task it created,
-- which would measure a lookup instead of a durable write.
local run = os.time()
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end
local sent = 0
function request()
  if not wrk.body or not wrk.body:find('"messageId":"', 1, true) then
    return wrk.request()
  end
  sent = sent + 1
  local id = string.format("%08x-%04x-4000-8000-%012x", run % 0x100000000, thread_number or 0, sent)
  return wrk.format(nil, nil, nil, (wrk.body:gsub('"messageId":"[^"]*"', '"messageId":"' .. id .. '"', 1)))
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
