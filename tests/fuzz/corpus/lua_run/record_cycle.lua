local t = {list = {1, 2, 3}}
t.list[4] = t
return t
