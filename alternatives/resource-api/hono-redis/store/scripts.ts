// Lua scripts: each check-and-write runs atomically inside Redis, so concurrent
// requests cannot interleave between the check and the write.

/**
 * Conditional PATCH of preferences. KEYS[1] the preferences hash. ARGV[1] '1'/'0' the
 * new weeklyDigest; ARGV[2] 'none' | 'any' | 'tags'; ARGV[3] '1' when the commit must
 * fail; ARGV[4..] the revisions the If-Match tags name. Returns {outcome, revision}.
 */
export const PATCH_PREFERENCES = `
local revision = tonumber(redis.call('HGET', KEYS[1], 'revision') or '0')
if ARGV[2] == 'tags' then
  local matched = false
  for i = 4, #ARGV do
    if ARGV[i] == tostring(revision) then matched = true end
  end
  if not matched then return {'precondition-failed', revision} end
end
if ARGV[3] == '1' then return {'commit-failed', revision} end
redis.call('HSET', KEYS[1], 'weeklyDigest', ARGV[1])
revision = redis.call('HINCRBY', KEYS[1], 'revision', 1)
return {'updated', revision}
`;

/**
 * DELETE of a label and its one label.deleted effect. KEYS[1] the label hash, KEYS[2]
 * the effect counter. ARGV[1] the acting user; ARGV[2] 'none' | 'any' | 'tags' (labels
 * carry no ETag, so listed tags never match); ARGV[3] '1' when the commit must fail.
 */
export const DELETE_LABEL = `
local owner = redis.call('HGET', KEYS[1], 'owner')
if not owner then return 'absent' end
if owner ~= ARGV[1] then return 'forbidden' end
if ARGV[2] == 'tags' then return 'precondition-failed' end
if ARGV[3] == '1' then return 'commit-failed' end
redis.call('DEL', KEYS[1])
redis.call('INCR', KEYS[2])
return 'deleted'
`;
