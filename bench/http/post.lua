-- wrk script of bench.http: POST JSON bodies; print a JSON summary at the end.
--
--   wrk -t2 -c16 -d10s -s bench/http/post.lua http://127.0.0.1:PORT/v1/classify -- '{"cards":"33"}'
--   wrk ... -s bench/http/post.lua http://127.0.0.1:PORT/v1/legal-moves -- @bodies.jsonl
--   wrk ... -s bench/http/post.lua http://127.0.0.1:PORT/v1/classify -- '{"cards":"33"}' 1000
--
-- The argument after "--" is one body, sent on every request (the request is then built once
-- per thread: wrk.init formats it when no request() function is defined), or "@FILE", a file
-- of bodies, one per line, sent in turn (each thread starting at another line); a line
-- "PATH<TAB>BODY" is posted to PATH instead of the URL's path (a mixed workload). A second
-- argument N above 0 sends the requests as from N clients in turn, each with an
-- X-Forwarded-For of its own (198.18.0.0/15, the benchmarking range), as a load balancer in
-- front of the proxy reports them; the requests are then built in advance (one body: N
-- requests, one per client; a file: line k as from client k modulo N). There is no
-- response() hook, so wrk does not parse bodies. done() prints one line "BENCH_HTTP_JSON {...}"
-- after wrk's own report: counts, errors (status = responses with a status above 399, which
-- wrk's report calls "Non-2xx or 3xx responses") and latency percentiles in microseconds.

local threads = 0

function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end

local function client(n)
  -- the n-th address of 198.18.0.0/15, n from 0
  return string.format("198.%d.%d.%d", 18 + math.floor(n / 65536) % 2, math.floor(n / 256) % 256, n % 256)
end

local function headers(n, clients)
  -- wrk.format takes these instead of wrk.headers: a copy of them, and the client's address
  if clients == 0 then
    return nil
  end
  local found = {}
  for name, value in pairs(wrk.headers) do
    found[name] = value
  end
  found["X-Forwarded-For"] = client(n % clients)
  return found
end

local function cycle(requests)
  local index = ((id or 0) * 7919) % #requests
  request = function()
    index = index % #requests + 1
    return requests[index]
  end
end

local function rotate(path, clients)
  local requests = {}
  for line in io.lines(path) do
    if #line > 0 then
      local n = #requests
      local path, body = line:match("^([^\t]*)\t(.*)$")
      if path then
        requests[n + 1] = wrk.format(nil, path, headers(n, clients), body)
      else
        requests[n + 1] = wrk.format(nil, nil, headers(n, clients), line)
      end
    end
  end
  cycle(requests)
end

local function spread(body, clients)
  local requests = {}
  for n = 0, clients - 1 do
    requests[n + 1] = wrk.format(nil, nil, headers(n, clients), body)
  end
  cycle(requests)
end

function init(args)
  local body = args[1] or "{}"
  local clients = tonumber(args[2] or "0") or 0
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  if body:sub(1, 1) == "@" then
    rotate(body:sub(2), clients)
  elseif clients > 0 then
    spread(body, clients)
  else
    wrk.body = body
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  local parts = {
    string.format('"requests":%d', summary.requests),
    string.format('"duration_us":%d', summary.duration),
    string.format('"bytes":%d', summary.bytes),
    string.format(
      '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}',
      e.connect, e.read, e.write, e.status, e.timeout
    ),
    string.format(
      '"latency_us":{"min":%d,"mean":%.1f,"stdev":%.1f,"max":%d,'
        .. '"p50":%d,"p90":%d,"p99":%d,"p99_9":%d}',
      latency.min, latency.mean, latency.stdev, latency.max,
      latency:percentile(50), latency:percentile(90),
      latency:percentile(99), latency:percentile(99.9)
    ),
  }
  io.write("BENCH_HTTP_JSON {" .. table.concat(parts, ",") .. "}\n")
end
