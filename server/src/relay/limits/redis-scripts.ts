/**
 * The Lua scripts of the Redis limiter (./redis-limiter.ts). They mirror the rules of
 * ./admission-rules.ts and ./memory-limiter.ts: the same kinds in the same order, the same room a demand
 * needs, the same Retry-After. Time is Redis's own (TIME) unless a test passes one, so that instances
 * with skewed clocks agree; calendar periods, which need time-zone rules Lua has not, come from the
 * instance as three candidates (previous, current, next) among which the script picks by Redis's time.
 *
 * Keys of one scope (under `${prefix}limit:${scope}`):
 * - `:m` hash, fields `r<second>` and `t<second>`: requests and tokens per second of the last minute;
 * - `:p:<day|week|month>:<start ms>` hash, fields `r`, `t`, `q`: requests, tokens and quota of a period;
 * - `:c` sorted set of leases (member = lease id, score = deadline ms): calls in flight;
 * - `:w:r` and `:w:s` sorted sets (score = time ms): requests and successes of the internal windows.
 * Every key expires: the minute after 61 s without use, a period a day after it ends (by the script's
 * clock, so that an injected test clock agrees), the others after their window or the lease duration.
 */

/**
 * Both scripts start here: effects replicated (they read TIME), and `now` in ms — ARGV[1], or Redis's own
 * clock when it is 0 — so that every instance counts on one clock.
 */
const CLOCK = `if redis.replicate_commands then redis.replicate_commands() end
local now = tonumber(ARGV[1])
if now == 0 then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
`;

/** Arguments per check in ADMIT_SCRIPT after the 7 common ones; keys per check. */
export const ADMIT_ARGS_PER_CHECK = 18;
export const ADMIT_KEYS_PER_CHECK = 6;

/**
 * Admission (mode `admit`) or a read of one check's counts (mode `peek`).
 * KEYS per check: minute, day period base, budget period base, leases, request log, success log.
 * ARGV: now ms (0 = Redis TIME), tokens, quota, lease id, lease ms, mode, number of checks; then per
 * check: rpm, tpm, rpd, tpd, budget, concurrency, request window limit, its ms, success window limit, its
 * ms, the day's previous start, start, end, next end, the budget period's previous start, start, end,
 * next end.
 * Returns, refused: {1, check index, kind, limit, retry-after seconds}; admitted: {0, second, request
 * limit, remaining, reset seconds, token limit, remaining, reset seconds (limit -1 = none), then per check
 * the day's start and the budget period's start}; peek: {requests and tokens of the minute, when their
 * oldest leaves (ms, 0 none), the day's requests, tokens and end, the budget's quota and end, leases}.
 */
export const ADMIT_SCRIPT = `
${CLOCK}local second = math.floor(now / 1000)
local tokens = tonumber(ARGV[2])
local quota = tonumber(ARGV[3])
local lease = ARGV[4]
local leaseMs = tonumber(ARGV[5])
local admit = ARGV[6] == 'admit'
local checks = tonumber(ARGV[7])

local function taken(amount) if amount > 1 then return amount end return 1 end
local function untilTime(time)
  local seconds = math.ceil((time - now) / 1000)
  if seconds > 1 then return seconds end
  return 1
end
local function pick(offset)
  local start, finish = tonumber(ARGV[offset + 1]), tonumber(ARGV[offset + 2])
  if now < start then return tonumber(ARGV[offset]), start end
  if now >= finish then return finish, tonumber(ARGV[offset + 3]) end
  return start, finish
end
local function readMinute(key)
  local flat = redis.call('HGETALL', key)
  local minute = { r = 0, t = 0, rs = {}, ts = {} }
  local stale = {}
  for index = 1, #flat, 2 do
    local field = flat[index]
    local at = tonumber(string.sub(field, 2))
    local value = tonumber(flat[index + 1])
    if at <= second - 60 then
      stale[#stale + 1] = field
    elseif string.sub(field, 1, 1) == 'r' then
      minute.r = minute.r + value
      minute.rs[at] = value
    else
      minute.t = minute.t + value
      minute.ts[at] = value
    end
  end
  if #stale > 0 then redis.call('HDEL', key, unpack(stale)) end
  return minute
end
-- When (ms) at least need of the counts (second -> count) have left the window; nil if they never do.
local function leave(counts, need)
  local left = 0
  for at = second - 59, second do
    local value = counts[at]
    if value then
      left = left + value
      if left >= need and left > 0 then return (at + 60) * 1000 end
    end
  end
  return nil
end
local function refuse(index, kind, limit, time)
  if time then return {1, index, kind, limit, untilTime(time)} end
  return {1, index, kind, limit, 60}
end
local function logLeave(key, need, windowMs)
  local entry = redis.call('ZRANGE', key, need - 1, need - 1, 'WITHSCORES')
  return tonumber(entry[2] or now) + windowMs
end

local states = {}
for index = 1, checks do
  local o = 7 + (index - 1) * ${ADMIT_ARGS_PER_CHECK}
  local k = (index - 1) * ${ADMIT_KEYS_PER_CHECK}
  local rpm, tpm, rpd, tpd = tonumber(ARGV[o + 1]), tonumber(ARGV[o + 2]), tonumber(ARGV[o + 3]), tonumber(ARGV[o + 4])
  local budget, concurrency = tonumber(ARGV[o + 5]), tonumber(ARGV[o + 6])
  local requestLimit, requestMs = tonumber(ARGV[o + 7]), tonumber(ARGV[o + 8])
  local successLimit, successMs = tonumber(ARGV[o + 9]), tonumber(ARGV[o + 10])
  local state = {}
  if rpm > 0 or tpm > 0 then
    local minute = readMinute(KEYS[k + 1])
    state.minute = minute
    if admit and rpm > 0 and minute.r + 1 > rpm then
      return refuse(index, 'rpm', rpm, leave(minute.rs, minute.r + 1 - rpm))
    end
    if admit and tpm > 0 then
      if tokens > tpm then return refuse(index, 'tpm', tpm, nil) end
      local need = minute.t + taken(tokens) - tpm
      if need > 0 then return refuse(index, 'tpm', tpm, leave(minute.ts, need)) end
    end
  end
  if rpd > 0 or tpd > 0 then
    local start, finish = pick(o + 11)
    local key = KEYS[k + 2] .. ':' .. start
    local values = redis.call('HMGET', key, 'r', 't')
    local day = { key = key, start = start, finish = finish, r = tonumber(values[1]) or 0, t = tonumber(values[2]) or 0 }
    state.day = day
    if admit and rpd > 0 and day.r + 1 > rpd then return refuse(index, 'rpd', rpd, finish) end
    if admit and tpd > 0 and day.t + taken(tokens) > tpd then return refuse(index, 'tpd', tpd, finish) end
  end
  if budget > 0 then
    local start, finish = pick(o + 15)
    local key = KEYS[k + 3] .. ':' .. start
    local spent = { key = key, start = start, finish = finish, q = tonumber(redis.call('HGET', key, 'q')) or 0 }
    state.budget = spent
    if admit and spent.q + taken(quota) > budget then return refuse(index, 'budget', budget, finish) end
  end
  if concurrency > 0 then
    redis.call('ZREMRANGEBYSCORE', KEYS[k + 4], '-inf', now)
    state.leases = redis.call('ZCARD', KEYS[k + 4])
    if admit and state.leases + 1 > concurrency then return {1, index, 'concurrency', concurrency, 1} end
  end
  if requestLimit > 0 then
    redis.call('ZREMRANGEBYSCORE', KEYS[k + 5], '-inf', now - requestMs)
    local count = redis.call('ZCARD', KEYS[k + 5])
    if admit and count + 1 > requestLimit then
      return refuse(index, 'requests', requestLimit, logLeave(KEYS[k + 5], count + 1 - requestLimit, requestMs))
    end
  end
  if successLimit > 0 then
    redis.call('ZREMRANGEBYSCORE', KEYS[k + 6], '-inf', now - successMs)
    local count = redis.call('ZCARD', KEYS[k + 6])
    if admit and count >= successLimit then
      return refuse(index, 'successes', successLimit, logLeave(KEYS[k + 6], count + 1 - successLimit, successMs))
    end
  end
  states[index] = state
end

local function oldest(counts)
  for at = second - 59, second do
    if counts[at] and counts[at] > 0 then return (at + 60) * 1000 end
  end
  return 0
end

if not admit then
  local state = states[1]
  local minute = state.minute or { r = 0, t = 0, rs = {}, ts = {} }
  local day = state.day or { r = 0, t = 0, finish = 0 }
  local spent = state.budget or { q = 0, finish = 0 }
  return {minute.r, minute.t, oldest(minute.rs), oldest(minute.ts), day.r, day.t, day.finish, spent.q, spent.finish, state.leases or 0}
end

local requests = { limit = -1, remaining = 0, reset = 0 }
local tokenFacts = { limit = -1, remaining = 0, reset = 0 }
local function offer(facts, limit, remaining, reset)
  if facts.limit >= 0 and remaining >= facts.remaining then return end
  facts.limit = limit
  facts.remaining = remaining
  facts.reset = reset
end
local result = {0, second, 0, 0, 0, 0, 0, 0}
for index = 1, checks do
  local o = 7 + (index - 1) * ${ADMIT_ARGS_PER_CHECK}
  local k = (index - 1) * ${ADMIT_KEYS_PER_CHECK}
  local rpm, tpm, rpd, tpd = tonumber(ARGV[o + 1]), tonumber(ARGV[o + 2]), tonumber(ARGV[o + 3]), tonumber(ARGV[o + 4])
  local requestLimit, requestMs = tonumber(ARGV[o + 7]), tonumber(ARGV[o + 8])
  local state = states[index]
  local minute = state.minute
  if minute then
    redis.call('HINCRBY', KEYS[k + 1], 'r' .. second, 1)
    minute.r = minute.r + 1
    minute.rs[second] = (minute.rs[second] or 0) + 1
    if tokens > 0 then
      redis.call('HINCRBY', KEYS[k + 1], 't' .. second, tokens)
      minute.t = minute.t + tokens
      minute.ts[second] = (minute.ts[second] or 0) + tokens
    end
    redis.call('PEXPIRE', KEYS[k + 1], 61000)
    if rpm > 0 then offer(requests, rpm, rpm - minute.r, untilTime(oldest(minute.rs))) end
    if tpm > 0 then offer(tokenFacts, tpm, tpm - minute.t, untilTime(oldest(minute.ts))) end
  end
  local day = state.day
  if day then
    redis.call('HINCRBY', day.key, 'r', 1)
    if tokens > 0 then redis.call('HINCRBY', day.key, 't', tokens) end
    redis.call('PEXPIRE', day.key, day.finish - now + 86400000)
    if rpd > 0 then offer(requests, rpd, rpd - day.r - 1, untilTime(day.finish)) end
    if tpd > 0 then offer(tokenFacts, tpd, tpd - day.t - tokens, untilTime(day.finish)) end
  end
  local spent = state.budget
  if spent then
    if quota > 0 then redis.call('HINCRBY', spent.key, 'q', quota) end
    redis.call('PEXPIRE', spent.key, spent.finish - now + 86400000)
  end
  if state.leases then
    redis.call('ZADD', KEYS[k + 4], now + leaseMs, lease)
    redis.call('PEXPIRE', KEYS[k + 4], leaseMs)
  end
  if requestLimit > 0 then
    redis.call('ZADD', KEYS[k + 5], now, lease)
    redis.call('PEXPIRE', KEYS[k + 5], requestMs)
  end
  result[#result + 1] = day and day.start or 0
  result[#result + 1] = spent and spent.start or 0
end
result[3], result[4], result[5] = requests.limit, requests.remaining, requests.reset
result[6], result[7], result[8] = tokenFacts.limit, tokenFacts.remaining, tokenFacts.reset
return result
`;

/** Arguments per check in SETTLE_SCRIPT after the 7 common ones; keys per check. */
export const SETTLE_ARGS_PER_CHECK = 6;
export const SETTLE_KEYS_PER_CHECK = 5;

/**
 * Settlement of a grant. KEYS per check: minute, the day's key, the budget period's key, leases, success
 * log. ARGV: now ms (0 = Redis TIME), token change, quota change, lease id, the second the tokens were
 * counted in, completed (1/0), number of checks; then per check: minute counted (1/0), day counted,
 * budget counted, lease taken, success window limit, its ms. Counts never go below 0; a key that expired
 * is not created again.
 */
export const SETTLE_SCRIPT = `
${CLOCK}local tokens = tonumber(ARGV[2])
local quota = tonumber(ARGV[3])
local lease = ARGV[4]
local counted = tonumber(ARGV[5])
local completed = ARGV[6] == '1'
local checks = tonumber(ARGV[7])
local function correct(key, field, delta)
  if delta == 0 or redis.call('EXISTS', key) == 0 then return end
  local value = (tonumber(redis.call('HGET', key, field)) or 0) + delta
  if value < 0 then value = 0 end
  redis.call('HSET', key, field, value)
end
for index = 1, checks do
  local o = 7 + (index - 1) * ${SETTLE_ARGS_PER_CHECK}
  local k = (index - 1) * ${SETTLE_KEYS_PER_CHECK}
  if ARGV[o + 1] == '1' and counted > math.floor(now / 1000) - 60 then correct(KEYS[k + 1], 't' .. counted, tokens) end
  if ARGV[o + 2] == '1' then correct(KEYS[k + 2], 't', tokens) end
  if ARGV[o + 3] == '1' then correct(KEYS[k + 3], 'q', quota) end
  if ARGV[o + 4] == '1' then redis.call('ZREM', KEYS[k + 4], lease) end
  local successLimit, successMs = tonumber(ARGV[o + 5]), tonumber(ARGV[o + 6])
  if completed and successLimit > 0 then
    redis.call('ZADD', KEYS[k + 5], now, lease)
    redis.call('ZREMRANGEBYSCORE', KEYS[k + 5], '-inf', now - successMs)
    redis.call('ZREMRANGEBYRANK', KEYS[k + 5], 0, -(successLimit + 1))
    redis.call('PEXPIRE', KEYS[k + 5], successMs)
  end
end
return 0
`;

/**
 * Seeds a period's counts read from the log (./seed.ts) when Redis holds nothing for it yet (after Redis
 * lost its data; instances that restart find the counts there). KEYS: the period's key. ARGV: requests,
 * tokens, quota, time to live (ms).
 */
export const SEED_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'r', ARGV[1], 't', ARGV[2], 'q', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`;
