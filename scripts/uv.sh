# Sourced by the scripts: puts uv (from PyPI) in the UV array, installing it when missing.
if command -v uv >/dev/null 2>&1; then
  UV=(uv)
else
  python3 -m uv --version >/dev/null 2>&1 || python3 -m pip install --quiet --user uv \
    || python3 -m pip install --quiet --user --break-system-packages uv
  UV=(python3 -m uv)
fi
