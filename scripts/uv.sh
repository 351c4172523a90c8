# Sourced by the scripts: puts uv (from PyPI) in the UV array, installing it when missing with
# pip: into the active virtual environment, else for the user. A Python its distribution
# manages (Debian 12, Ubuntu 24.04: PEP 668) refuses a user install without
# --break-system-packages, which then touches the user's own site-packages only, never the
# system's: asked for at once on such a Python, so that pip prints no refusal first.
if command -v uv >/dev/null 2>&1; then
  UV=(uv)
else
  if ! python3 -m uv --version >/dev/null 2>&1; then
    if ! python3 -m pip --version >/dev/null 2>&1; then
      echo "uv is missing, and python3 has no pip to fetch it with. Install one of them" >&2
      echo "(uv: https://docs.astral.sh/uv/getting-started/installation/; pip on Debian or" >&2
      echo "Ubuntu: sudo apt-get install python3-pip), then run this again." >&2
      exit 1
    fi
    _where=$(python3 -c '
import pathlib, sys, sysconfig
if sys.prefix != sys.base_prefix:
    print("venv")
elif (pathlib.Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED").is_file():
    print("managed")
else:
    print("user")')
    case "$_where" in
      venv) _pip=() ;;
      managed) _pip=(--user --break-system-packages) ;;
      *) _pip=(--user) ;;
    esac
    echo "fetching uv from PyPI (once, about 20 MB) ..." >&2
    python3 -m pip install --quiet --disable-pip-version-check --no-warn-script-location \
      --root-user-action=ignore "${_pip[@]}" uv
    unset _where _pip
  fi
  # The binary itself, not `python3 -m uv`: run that way from a virtual environment, uv takes
  # it for the active one and warns that the project's .venv differs.
  UV=("$(python3 -c 'import uv; print(uv.find_uv_bin())')")
fi
