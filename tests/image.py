"""The Docker image built without a Docker engine: the Dockerfile read, and its builder stage
replayed on the host (its ``COPY`` from the ``.dockerignore``d build context, its ``uv sync``
steps with its ``ENV``, then the final stage's ``COPY --from=builder``).

``tests/test_deploy.py`` checks and serves what this builds. ``scripts/test.sh`` builds it
once, in the background while ruff, mypy and the first pass run
(``python tests/image.py .build/image .build/compiled``): the image test of the first pass
serves that environment (``DDZ_TEST_IMAGE``), and the second pass tests the rules core it
holds, compiled by mypyc as the image ships it, copied out to ``.build/compiled`` (what
``scripts/compiled.sh --built`` runs). One build of the core, not one for each (the C compiler
takes about a minute of a core). Imports nothing but the standard library.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import traceback
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
BASE_PYTHON: str = getattr(sys, "_base_executable", sys.executable)
"""The interpreter the virtual environment was made from (Python 3.11, like the image's)."""
MAPPING = "mapping.json"
"""Where a finished build says which host path stands for each image path."""
FAILED = "failed"
"""Where a failed build says why."""


def run(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
    """Run a tool to the end, capturing its text output (never raises on a failure status)."""
    return subprocess.run(
        command, capture_output=True, text=True, stdin=subprocess.DEVNULL, check=False, **options
    )


# ---- reading the Dockerfile ------------------------------------------------------------------


@dataclasses.dataclass
class Stage:
    """One build stage: its base image, name and instructions (keyword, arguments)."""

    base: str
    name: str
    instructions: list[tuple[str, str]]

    def all(self, keyword: str) -> list[str]:
        return [args for key, args in self.instructions if key == keyword]

    def env(self, base: Mapping[str, str] | None = None) -> dict[str, str]:
        """The stage's ``ENV`` values in order, ``$NAME`` and ``${NAME}`` expanded."""
        values = dict(base or {})
        for args in self.all("ENV"):
            for word in shlex.split(args):
                name, equals, value = word.partition("=")
                assert equals, f"ENV {args}: write NAME=value"
                values[name] = re.sub(r"\$\{?(\w+)\}?", lambda m: values.get(m.group(1), ""), value)
        return values

    def exec_form(self, keyword: str) -> list[str]:
        """The last ``CMD`` (or ``HEALTHCHECK ... CMD``) as its JSON array."""
        args = self.all(keyword)[-1]
        if keyword == "HEALTHCHECK":
            args = args.split(" CMD ", 1)[1]
        command = json.loads(args)
        assert isinstance(command, list), f"{keyword} must be in exec form: {args}"
        return [str(word) for word in command]


def stages(path: Path = DOCKERFILE) -> list[Stage]:
    """The Dockerfile's stages (continuation lines joined, comments dropped)."""
    logical: list[str] = []
    pending = ""
    for line in path.read_text().splitlines():
        if line.lstrip().startswith("#") or not line.strip():
            continue
        if line.endswith("\\"):
            pending += line[:-1]
            continue
        logical.append(pending + line)
        pending = ""
    found: list[Stage] = []
    for line in logical:
        keyword, _, args = line.strip().partition(" ")
        keyword, args = keyword.upper(), " ".join(args.split())
        if keyword == "FROM":
            image, _, name = args.partition(" AS ")
            found.append(Stage(image.strip(), name.strip(), []))
        else:
            found[-1].instructions.append((keyword, args))
    return found


def host_path(value: str, mapping: Mapping[str, Path]) -> str:
    """``value`` (a path or a ``:``-separated list) with image paths replaced by host paths."""
    prefixes = sorted(mapping, key=len, reverse=True)

    def one(part: str) -> str:
        for prefix in prefixes:
            if part == prefix or part.startswith(prefix + "/"):
                return str(mapping[prefix]) + part[len(prefix) :]
        return part

    return ":".join(one(part) for part in value.split(":"))


def dockerignore_rules() -> list[tuple[bool, re.Pattern[str]]]:
    """``.dockerignore`` as (exclude?, regex) pairs; the last matching pattern decides."""
    rules = []
    for line in (ROOT / ".dockerignore").read_text().splitlines():
        pattern = line.strip()
        if not pattern or pattern.startswith("#"):
            continue
        negated = pattern.startswith("!")
        pattern = pattern.lstrip("!").strip("/")
        regex = "".join(
            ".*" if part == "**" else "[^/]*" if part == "*" else "[^/]" if part == "?" else part
            for part in re.split(r"(\*\*|\*|\?)", re.sub(r"([.+^$()|{}])", r"\\\1", pattern))
        )
        rules.append((not negated, re.compile(regex.replace(".*/", "(.*/)?"))))
    return rules


def build_context() -> set[str]:
    """The files ``docker build .`` sends: the repository less what .dockerignore excludes
    (a pattern that matches a directory matches everything in it)."""
    rules = dockerignore_rules()

    def excluded(relative: str) -> bool:
        parts = relative.split("/")
        prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
        verdict = False
        for exclude, regex in rules:
            if any(regex.fullmatch(prefix) for prefix in prefixes):
                verdict = exclude
        return verdict

    reincluded = [regex.pattern for exclude, regex in rules if not exclude]
    files = set()
    for folder, dirs, names in os.walk(ROOT):
        here = Path(folder).relative_to(ROOT).as_posix()
        here = "" if here == "." else here + "/"
        dirs[:] = [  # a directory is skipped when excluded and nothing inside is re-included
            d
            for d in dirs
            if not excluded(here + d) or any(p.startswith(here + d) for p in reincluded)
        ]
        files |= {here + name for name in names if not excluded(here + name)}
    return files


# ---- building the image's environment --------------------------------------------------------


def find_uv() -> list[str] | None:
    """uv as scripts/uv.sh finds or installs it: on PATH, or as ``python3 -m uv``."""
    candidates = [[os.environ.get("UV", "")], [shutil.which("uv") or ""]]
    candidates += [[python, "-m", "uv"] for python in (BASE_PYTHON, "python3")]
    for command in candidates:
        if command[0] and run([*command, "--version"]).returncode == 0:
            return command
    return None


HOST_HAS = re.compile(
    r"pip install --no-cache-dir uv==[\d.]+"
    r"|apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev && .*"
)
"""The builder's other ``RUN`` lines, which the host does not repeat: it has uv, and a C
compiler for the core mypyc compiles (scripts/system-deps.sh); the final stage copies neither."""


def build_image_environment(uv: list[str], scratch: Path) -> dict[str, Path]:
    """The builder stage without Docker: its ``COPY`` from the build context into /src, its
    ``uv sync`` steps with its ``ENV``; then the final stage's ``COPY --from=builder``. Image
    paths live under ``scratch``; returns the mapping."""
    builder, final = stages()
    mapping = {"/src": scratch / "src", "/app": scratch / "app"}
    context = build_context()
    hosts = {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONSAFEPATH", "DDZ_CORE"}  # which build runs here
    env = {name: v for name, v in os.environ.items() if name not in hosts}
    env |= {name: host_path(v, mapping) for name, v in builder.env().items()}
    env.setdefault("UV_PYTHON", BASE_PYTHON)  # the base image's Python 3.11
    workdir = Path(host_path(builder.all("WORKDIR")[-1], mapping))
    workdir.mkdir(parents=True)
    for keyword, args in builder.instructions:
        if keyword == "COPY":
            *sources, target = args.split()
            destination = workdir / target if not target.startswith("/") else Path(target)
            for source in sources:
                names = sorted(f for f in context if f == source or f.startswith(source + "/"))
                assert names, f"COPY {source}: not in the build context"
                for name in names:
                    if name != source:  # a directory: its contents go into the destination
                        into = destination / Path(name).relative_to(source)
                    elif target.endswith("/") or len(sources) > 1:
                        into = destination / Path(name).name
                    else:
                        into = destination
                    into.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(ROOT / name, into)
        elif keyword == "RUN" and args.startswith("uv "):
            result = run([*uv, *shlex.split(args)[1:]], cwd=workdir, env=env, timeout=600)
            assert result.returncode == 0, result.stderr[-4000:]
        elif keyword == "RUN":
            assert HOST_HAS.fullmatch(args), args
    venv = Path(host_path(builder.env()["UV_PROJECT_ENVIRONMENT"], mapping))
    for args in final.all("COPY"):
        assert args.startswith("--from=" + builder.name), args
        source, target = args.split()[1:]
        there = Path(host_path(target, mapping))
        if Path(host_path(source, mapping)) == venv:
            # A virtual environment only works where it was made (its scripts' first lines).
            assert there == venv, "the venv must be built where the final stage puts it"
        else:
            there.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(host_path(source, mapping), there)
    mapping["/app/.venv"] = venv
    return mapping


def site_packages(mapping: Mapping[str, Path]) -> Path:
    """The image environment's site-packages."""
    return next((mapping["/app/.venv"] / "lib").glob("python3*/site-packages"))


def install_core(mapping: Mapping[str, Path], target: Path) -> None:
    """The project as the image installed it (every file its wheel's ``RECORD`` lists inside
    site-packages: ``service`` with the extension modules mypyc made, and their shared
    library beside it) copied into ``target``, afresh."""
    site = site_packages(mapping)
    (record,) = site.glob("ddz_referee-*.dist-info/RECORD")
    shutil.rmtree(target, ignore_errors=True)
    for line in record.read_text().splitlines():
        name = line.split(",")[0]
        if name and not name.startswith(".."):  # the console script lies outside
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(site / name, target / name)


def built(folder: Path, timeout: float = 900) -> dict[str, Path]:
    """The mapping of an environment built into ``folder`` by another process (``main``),
    waited for; an ``AssertionError`` saying why if that build failed or took too long."""
    deadline = time.monotonic() + timeout
    while not (folder / MAPPING).exists():
        failed = folder / FAILED
        assert not failed.exists(), f"the image build failed:\n{failed.read_text()[-4000:]}"
        assert time.monotonic() < deadline, f"no image built into {folder} in {timeout:.0f} s"
        time.sleep(0.5)
    return {name: Path(path) for name, path in json.loads((folder / MAPPING).read_text()).items()}


def main(folder: Path, core: Path) -> None:
    """Build the image's environment into ``folder`` (afresh), then copy its compiled core
    into ``core``; ``folder/mapping.json`` when done, ``folder/failed`` when not."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    try:
        uv = find_uv()
        assert uv is not None, "uv is missing: bash scripts/uv.sh installs it"
        mapping = build_image_environment(uv, folder)
        install_core(mapping, core)
    except BaseException:
        (folder / FAILED).write_text(traceback.format_exc())
        raise
    written = folder / (MAPPING + ".new")  # then renamed: never read half-written
    written.write_text(json.dumps({name: str(path) for name, path in mapping.items()}))
    written.replace(folder / MAPPING)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python tests/image.py FOLDER CORE")
    main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve())
