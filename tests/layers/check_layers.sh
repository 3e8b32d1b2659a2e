#!/usr/bin/env bash
# Fails if a file under engine/ includes a file of a higher layer (docs/architecture.md): each
# folder may include its own files and those of the folders listed before it; and if a file
# outside engine/lua includes LuaJIT's headers or calls its API; and if a file of tools/ other than
# hyperlane-serve's includes web/, or other than hyperlane-mail's includes mail/. Run by ctest.
#   check_layers.sh SOURCE_DIR
set -uo pipefail
src=${1:-.}
layers=(core io pack lua orders turn report game sim host web mail)
rank() { local i; for i in "${!layers[@]}"; do [ "${layers[$i]}" = "$1" ] && { echo "$i"; return; }; done; echo -1; }
bad=0
while IFS= read -r line; do
  file=${line%%:*}
  folder=$(cut -d/ -f2 <<<"${file#"$src"/}")
  target=$(sed -n 's/.*#include "\([a-z_]*\)\/.*/\1/p' <<<"$line")
  [ -z "$target" ] || [ "$target" = "$folder" ] && continue
  from=$(rank "$folder"); to=$(rank "$target")
  if [ "$from" -lt 0 ]; then echo "engine/$folder is not a known layer (add it to tests/layers/check_layers.sh and docs/architecture.md)"; bad=1; continue; fi
  if [ "$to" -lt 0 ]; then echo "${line#"$src"/}: includes unknown layer '$target'"; bad=1; continue; fi
  if [ "$to" -gt "$from" ]; then echo "${line#"$src"/}: $folder (layer $from) includes $target (layer $to), a higher layer"; bad=1; fi
done < <(grep -rn '#include "' "$src/engine" --include=*.cpp --include=*.hpp)
# Only engine/lua talks to LuaJIT: no other file of engine/ or tools/ includes its headers or
# touches a Lua stack.
while IFS= read -r line; do
  echo "${line#"$src"/}: only files under engine/lua may include LuaJIT's headers or call its API"
  bad=1
done < <(grep -rnE '#include [<"](lua\.hpp|lua\.h|lauxlib\.h|lualib\.h|luajit\.h|luaconf\.h)[>"]|\blua(L)?_[a-z]+ *\(|lua_State' \
           "$src/engine" "$src/tools" --include=*.cpp --include=*.hpp | grep -v "^$src/engine/lua/")
# In tools/, only hyperlane-serve's files include web/ and only hyperlane-mail's include mail/:
# the hyperlane program links neither (tests/layers/check_startup_libs.sh).
while IFS= read -r line; do
  echo "${line#"$src"/}: only tools/hyperlane/{cmd_serve,serve_main}.cpp may include web/ and only {cmd_mail,cmd_host,mail_main,mail_support}.cpp/.hpp mail/"
  bad=1
done < <(grep -rnE '#include "(web|mail)/' "$src/tools" --include=*.cpp --include=*.hpp |
           grep -vE "^$src/tools/hyperlane/(cmd_serve|serve_main)\.cpp:[0-9]+:#include \"web/" |
           grep -vE "^$src/tools/hyperlane/(cmd_mail|cmd_host|mail_main|mail_support)\.(cpp|hpp):[0-9]+:#include \"mail/")
if [ "$bad" -eq 0 ]; then
  echo "layers OK: ${layers[*]}; LuaJIT only in engine/lua; web/ and mail/ only in their programs"
fi
exit "$bad"
