-- wrk script of scripts/soak.sh: one wrk process per URL class.
-- Usage: SOAK_CLASS=NAME SOAK_URLS=FILE wrk -t1 -cN -dS -s scripts/soak.lua http://127.0.0.1:PORT
-- FILE has one request a line: "PATH" or "PATH<TAB>ETAG" (sent as If-None-Match). Each request is a
-- line picked at random. Every answer's status is counted; at the end one line per status,
-- "status CLASS STATUS COUNT", and one of wrk's socket errors, "errors CLASS CONNECT READ WRITE TIMEOUT".

local lines = {}
for line in io.lines(os.getenv("SOAK_URLS")) do
  local path, etag = line:match("^([^\t]+)\t(.+)$")
  lines[#lines + 1] = { path = path or line, etag = etag }
end
assert(#lines > 0, "no URLs in " .. os.getenv("SOAK_URLS"))

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end

function init(args)
  math.randomseed(os.time() + #threads)
  statuses = {}
end

function request()
  local pick = lines[math.random(#lines)]
  if pick.etag then
    return wrk.format("GET", pick.path, { ["If-None-Match"] = pick.etag })
  end
  return wrk.format("GET", pick.path)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local class = os.getenv("SOAK_CLASS")
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      total[status] = (total[status] or 0) + count
    end
  end
  for status, count in pairs(total) do
    io.write(string.format("status %s %d %d\n", class, status, count))
  end
  local e = summary.errors
  io.write(string.format("errors %s %d %d %d %d\n", class, e.connect, e.read, e.write, e.timeout))
end
