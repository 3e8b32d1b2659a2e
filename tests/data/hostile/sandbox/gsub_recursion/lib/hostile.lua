-- A gsub callback calling gsub without end: once a crash (SIGSEGV) of the C stack.
local function f(s)
  return (s:gsub(".", f))
end
f("ab")
return {}
