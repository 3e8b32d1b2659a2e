-- Each coroutine resumes a new one: every level once took C stack until a crash.
local function nest()
  local co = coroutine.wrap(nest)
  return co()
end
nest()
return {}
