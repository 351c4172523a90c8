# Sourced by the scripts: installs the Debian packages the tests need, when they are missing:
# chromium and chromium-driver (the /docs page, the card table and the hand replay in a real
# browser), a font with Chinese characters (the pages in Chinese, their screenshots in
# docs/img), redis-server (the cache tests start their own), nginx (the proxy tests start their
# own in front of gunicorn), a C compiler and the Python headers (the core compiled by mypyc,
# scripts/compiled.sh). Needs root or sudo, and Debian's package sources. A first install
# fetches about 150 MB and takes a few minutes: each package is listed as it is set up.
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
  echo "installing Debian packages (a few minutes the first time): ${_need[*]}" >&2
  echo "  reading the package lists ..." >&2
  "${_sudo[@]}" apt-get update -qq
  # Progress: a line per package fetched and set up (apt's own lines, shortened), and apt's
  # errors (E: ...) as they are. sudo keeps no environment: env passes the frontend on.
  "${_sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${_need[@]}" 2>&1 \
    | sed -u -n -e 's/^Get:[0-9]* [^ ]* [^ ]* [^ ]* \([^ ]*\) .*/  fetched \1/p' \
      -e 's/^Setting up \([^ ]*\) .*/  set up \1/p' -e '/^E: /p' >&2
fi
unset _need _sudo _include
