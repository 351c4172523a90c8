# Sourced by the scripts: installs the Debian packages the tests need, when they are missing:
# chromium and chromium-driver (the /docs page in a real browser), redis-server (the cache
# tests start their own). Needs root or sudo, and Debian's package sources.
_need=()
command -v chromium >/dev/null 2>&1 || _need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || _need+=(chromium-driver)
command -v redis-server >/dev/null 2>&1 || _need+=(redis-server)
if [ "${#_need[@]}" -gt 0 ]; then
  _sudo=()
  [ "$(id -u)" -eq 0 ] || _sudo=(sudo)
  echo "installing Debian packages: ${_need[*]}" >&2
  "${_sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${_sudo[@]}" apt-get install -y -qq "${_need[@]}" >/dev/null
fi
unset _need _sudo
