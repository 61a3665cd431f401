"""The package's modules import one another without a cycle, and each layer imports only the
layers below it (README: Layout). Every import counts, those inside functions and under
TYPE_CHECKING included, and importing ``a.b.c`` counts as importing the package ``a.b`` too
(Python runs its ``__init__`` first). Read from the source, nothing imported."""

import ast
import re
from collections import defaultdict
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "src" / "taubench"

# Bottom to top; a module belongs to the first entry its name starts with. The package's own
# ``__init__`` sits at the bottom: it imports nothing of ours until an export is first used.
LAYERS = [
    ("the package's front door", ["taubench"]),
    ("the episode core", ["taubench.core"]),
    ("model clients", ["taubench.models"]),
    ("strategies and domains", ["taubench.agents", "taubench.users", "taubench.domains"]),
    ("running", ["taubench.execution"]),
    ("reports and records", ["taubench.reporting"]),
    ("the run lifecycle and its command", ["taubench.app"]),
    ("integrations", ["taubench.integrations"]),
    ("test doubles", ["taubench.testing"]),
    ("the command line", ["taubench.__main__"]),
]


def module_names() -> dict[str, Path]:
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def imported(path: Path, name: str, modules: dict[str, Path]) -> set[str]:
    """The package's modules ``name`` (at ``path``) imports, resolved to the longest module name."""

    def known(target: str) -> str:
        while target not in modules:
            target = target.rpartition(".")[0]
        return target

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {known(alias.name) for alias in node.names if alias.name.startswith("taubench")}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            source = ".".join([*base, node.module] if node.module else base)
            if source.startswith("taubench"):
                found |= {known(f"{source}.{alias.name}") for alias in node.names}
    parents = {parent for target in found for parent in _parents(target) if not name.startswith(parent + ".")}
    return (found | parents) - {name}


def _parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:end]) for end in range(2, len(parts))]


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in order:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], order[other])
        if low[node] == order[node]:
            component = []
            while (member := stack.pop()) != node:
                component.append(member)
            if component:
                found.append(sorted([node, *component]))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return found


def test_no_module_of_the_package_takes_part_in_an_import_cycle():
    modules = module_names()
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        graph[name] |= imported(path, name, modules)
    assert len(modules) > 150 and sum(map(len, graph.values())) > 500  # the whole package was read
    assert cycles(graph) == []


def layer_of(module: str) -> int:
    """The index in LAYERS of the layer ``module`` belongs to (its longest matching prefix)."""
    matches = [
        (len(prefix), index)
        for index, (_, prefixes) in enumerate(LAYERS)
        for prefix in prefixes
        if module == prefix or module.startswith(prefix + ".")
    ]
    assert matches, f"{module} is in no layer: add it to LAYERS (and to the README's Layout)"
    return max(matches)[1]


def upward(graph: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
        for module, targets in graph.items()
        for target in targets
        if layer_of(target) > layer_of(module)
    )


def test_each_layer_imports_only_the_layers_below_it():
    modules = module_names()
    graph = {name: imported(path, name, modules) for name, path in modules.items()}
    assert upward(graph) == []


def test_an_upward_import_is_found():
    assert upward({"taubench.core.episode": {"taubench.models.client"}, "taubench.models.client": set()}) == [
        "taubench.core.episode (the episode core) imports taubench.models.client (model clients)"
    ]
    assert upward({"taubench.integrations.gym": {"taubench.core.episode"}, "taubench.core.episode": set()}) == []


def test_the_walk_finds_a_cycle_when_there_is_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_readme_layout_shows_the_layers_in_their_order():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("## Layout") :].split("```")[1]
    folders = [prefix.removeprefix("taubench.") for _, prefixes in LAYERS[1:-1] for prefix in prefixes]
    found = [re.search(rf"^  (\w+/, )*{folder}/", layout, flags=re.MULTILINE) for folder in folders]
    assert all(found), dict(zip(folders, found))
    assert [match.start() for match in found if match] == sorted(match.start() for match in found if match)
