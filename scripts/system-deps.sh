# Sourced by the scripts: installs the Debian packages the tests need, when they are missing:
# chromium and chromium-driver (the /docs page, the card table and the hand replay in a real
# browser), a font with Chinese characters (the combinations' names in the pages' screenshots,
# docs/img), redis-server (the cache tests start their own), nginx (the proxy tests start their
# own in front of gunicorn), a C compiler and the Python headers (the core compiled by mypyc,
# scripts/compiled.sh). Needs root or sudo, and Debian's package sources.
_need=()
command -v chromium >/dev/null 2>&1 || _need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || _need+=(chromium-driver)
[ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || _need+=(fonts-wqy-microhei)
command -v redis-server >/dev/null 2>&1 || _need+=(redis-server)
# Debian's nginx is in /usr/sbin, which a user's PATH may lack.
PATH="$PATH:/usr/sbin" command -v nginx >/dev/null 2>&1 || _need+=(nginx)
command -v gcc >/dev/null 2>&1 || _need+=(gcc libc6-dev)
_include=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null) \
  || _include=
[ -f "$_include/Python.h" ] || _need+=(python3-dev)
if [ "${#_need[@]}" -gt 0 ]; then
  _sudo=()
  [ "$(id -u)" -eq 0 ] || _sudo=(sudo)
  echo "installing Debian packages: ${_need[*]}" >&2
  "${_sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${_sudo[@]}" apt-get install -y -qq "${_need[@]}" >/dev/null
fi
unset _need _sudo _include
