-- wrk script: POST /orders with a different user and order on every request.
--
--   swift run -c release shop-server --port 8080 --endpoint http://127.0.0.1:9000 --vendor segment &
--   wrk -t2 -c16 -d10s -s Examples/ShopServer/orders.lua http://127.0.0.1:8080
--
-- Each wrk thread numbers its own requests; the user cycles through 1,000 ids (each with its anonymous id,
-- GA4's client_id), and every tenth request says it came through a proxy for another client
-- (X-Forwarded-For).

-- Globals, not locals: `thread:set` in `setup` sets each thread's own `thread_id`.
counter = 0
thread_id = 0
threads = 0

function setup(thread)
  thread:set("thread_id", threads)
  threads = threads + 1
end

function request()
  counter = counter + 1
  local user = (thread_id * 7919 + counter) % 1000
  local body = string.format(
    '{"userId": "user-%d", "orderId": "t%d-o%d", "total": %d.5, "currency": "EUR", "anonymousId": "%d.1700000000"}',
    user, thread_id, counter, counter % 200, 1000000 + user)
  local headers = { ["Content-Type"] = "application/json", ["User-Agent"] = "wrk" }
  if counter % 10 == 0 then
    headers["X-Forwarded-For"] = string.format("203.0.113.%d", user % 250 + 1)
  end
  return wrk.format("POST", "/orders", headers, body)
end

done = function(summary, latency, requests)
  io.write(string.format("requests: %d, errors: %d (status %d)\n", summary.requests,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
