-- Every later script would get this string.format.
string.format = function() return "" end
return {}
