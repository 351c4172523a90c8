"""The README and the pages under docs/ are true: every curl example is replayed against the
application and its printed answer checked, and the facts they state about the project (the
rule book's sections, the presets' options, their links) are checked against it."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import tomllib
from pathlib import Path

import pytest

from service.api import create_app
from service.rules.ruleset import OPTION_NAMES, PRESETS

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def examples(pages: list[Path] = PAGES) -> list[tuple[str, str, str]]:
    """(page:line, curl command line, printed answer) of every console block of the pages."""
    found = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for block in BLOCK.finditer(text):
            first = text.count("\n", 0, block.start(1)) + 1
            lines = block.group(1).splitlines()
            for index, line in enumerate(lines):
                if line.startswith("$ curl "):
                    assert index + 1 < len(lines), f"{_name(page)}: {line} shows no answer"
                    where = f"{_name(page)}:{first + index}"
                    found.append((where, line[2:], lines[index + 1]))
    return found


def _path(command: str) -> str:
    return shlex.split(command)[2].removeprefix("localhost:8000")


def test_the_pages_show_every_operation() -> None:
    paths = {_path(command) for _, command, _ in examples()}
    assert paths >= {
        "/v1/classify",
        "/v1/classify/batch",
        "/v1/beats",
        "/v1/beats/batch",
        "/v1/legal-moves",
        "/v1/score",
        "/v1/hands/validate",
        "/v1/matches/score",
        "/v1/rulesets/openspiel",
        "/healthz",
        "/readyz",
    }


def test_the_readme_shows_the_three_calls_of_a_game_client() -> None:
    """The three calls, a whole hand record, then a wildcard game's reading (docs/rules.md
    §14)."""
    paths = [_path(command) for _, command, _ in examples([README])]
    assert paths == [
        "/v1/classify",
        "/v1/beats",
        "/v1/legal-moves",
        "/v1/hands/validate",
        "/v1/classify",
    ]


def test_the_readme_first_screen() -> None:
    """What it is (with the rule book), the two commands and the first call, in 40 lines."""
    screen = "\n".join(README.read_text(encoding="utf-8").splitlines()[:40])
    needed = ("](docs/rules.md)", "bash scripts/run.sh\n", "bash scripts/test.sh\n", "$ curl ")
    for text in needed:
        assert text in screen, text


@pytest.mark.parametrize(
    ("where", "command", "printed"), examples(), ids=[w for w, _, _ in examples()]
)
def test_example(where: str, command: str, printed: str) -> None:
    words = shlex.split(command)
    path = _path(command)
    headers = dict(words[i + 1].split(": ", 1) for i, w in enumerate(words) if w == "-H")
    client = create_app({"TESTING": True}).test_client()
    if "--json" in words:
        answer = client.post(
            path, json=json.loads(words[words.index("--json") + 1]), headers=headers
        )
    else:
        answer = client.get(path, headers=headers)
    expected, got = json.loads(printed), answer.json
    if path == "/readyz":  # its cache statistics depend on what came before
        assert got.keys() == expected.keys() and got["cache"].keys() == expected["cache"].keys()
    else:
        assert got == expected, where


# --- The pages stand alone: links, the rule book, the presets ---------------------------------


#: The folder beside the repository that once held the rule book (spelled so that a search of
#: the repository for it finds nothing, this test included).
OUTSIDE = Path("..", "shared").as_posix()


def test_nothing_in_the_repository_leads_outside_it() -> None:
    """The rule book is docs/rules.md: no tracked file names the folder beside the clone."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    tracked = listed.stdout.decode().split("\0") if listed.returncode == 0 else []
    if not tracked:  # not a git checkout (an unpacked archive): the project's own folders
        tops = ("service", "tests", "docs", "bench", "deploy", "scripts", "openapi")
        tracked = [p.relative_to(ROOT).as_posix() for t in tops for p in (ROOT / t).rglob("*")]
    for name in filter(None, tracked):
        path = ROOT / name
        if path.is_file() and path.suffix not in {".png", ".gz", ".svg"}:
            text = path.read_bytes().decode("utf-8", errors="replace")
            assert OUTSIDE not in text, name


#: A path on a developer's machine, and a number of an issue in a tracker no reader has: both
#: say nothing to a reader of the repository (spelled so that a search for them finds nothing
#: here).
MACHINE_PATH = "/" + "work" + "/"
ISSUE_NUMBER = re.compile(r"\bissues?\s*#?\s*[0-9]+\b", re.IGNORECASE)


def test_no_machine_paths_or_issue_numbers() -> None:
    """No tracked file names a folder of a developer's machine or an issue by its number: a
    command runs from the repository root, and a reference says what it meant."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    tracked = listed.stdout.decode().split("\0") if listed.returncode == 0 else []
    found = []
    for name in filter(None, tracked):
        path = ROOT / name
        if not path.is_file() or path.suffix in {".png", ".gz", ".svg"}:
            continue
        for number, line in enumerate(path.read_text("utf-8", errors="replace").splitlines(), 1):
            if MACHINE_PATH in line or ISSUE_NUMBER.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def _anchors(page: Path) -> set[str]:
    """The anchors of a page: explicit ids, and GitHub's slugs of its headings."""
    text = page.read_text(encoding="utf-8")
    ids = set(re.findall(r'<a id="([^"]+)"></a>', text))
    for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        ids.add(slug)
    return ids


def test_every_link_of_the_pages_resolves() -> None:
    """The README, docs/, and the other tracked pages (BENCHMARKS.md, deploy/README.md): every
    relative link names a file that exists, and every anchor one of the linked page's."""
    others = [ROOT / "BENCHMARKS.md", ROOT / "deploy" / "README.md"]
    for page in [*PAGES, *others]:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://")):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{_name(page)} links {target}: no such file"
            if anchor and linked.suffix == ".md":
                assert anchor in _anchors(linked), f"{_name(page)} links {target}: no anchor"


def test_the_rule_book_keeps_its_fourteen_sections() -> None:
    """docs/rules.md keeps RULES.md's numbers, each with its anchor (#s1 .. #s14), so that a
    citation of a section keeps its meaning."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    found = re.findall(r'<a id="s(\d+)"></a>\n\n## (\d+)\. ', text)
    assert found == [(str(n), str(n)) for n in range(1, 15)]


def test_the_rule_book_names_every_option_and_preset() -> None:
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    rulesets = (DOCS / "rulesets.md").read_text(encoding="utf-8")
    for name in (*OPTION_NAMES, *PRESETS):
        assert f"`{name}`" in rules, f"docs/rules.md does not name {name}"
        assert f"`{name}`" in rulesets, f"docs/rulesets.md does not name {name}"


def _plain(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def test_the_presets_table_is_the_presets() -> None:
    """docs/rulesets.md's table of the presets side by side holds each preset's options (for
    every preset and option the code has; bold marks a value other than standard's)."""
    text = (DOCS / "rulesets.md").read_text(encoding="utf-8")
    section = text[text.index("## The presets side by side") :].split("\n\n")
    table = next(chunk for chunk in section if chunk.startswith("| option |"))
    header, _, *rows = table.splitlines()
    columns = [c.strip().strip("`") for c in header.strip("|").split("|")][1:]
    assert set(PRESETS) <= set(columns)
    options = set()
    for row in rows:
        option, *cells = (c.strip() for c in row.strip("|").split("|"))
        option = option.strip("`")
        options.add(option)
        standard = cells[columns.index("standard")]
        for preset, cell in zip(columns, cells, strict=True):
            assert cell.startswith("**") == (cell.strip("*") != standard), (option, preset)
            if preset in PRESETS and option in OPTION_NAMES:
                value = _plain(PRESETS[preset].options()[option])
                assert cell.strip("*") == value, (option, preset)
    assert set(OPTION_NAMES) <= options


def test_every_doctest_page_is_collected() -> None:
    """A page with doctests is in pytest's testpaths and matches its doctest glob."""
    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    options = pytest_options["tool"]["pytest"]["ini_options"]
    assert {"README.md", "docs"} <= set(options["testpaths"])
    assert "--doctest-glob=*.md" in options["addopts"].split()
    assert any(">>>" in page.read_text(encoding="utf-8") for page in PAGES)
