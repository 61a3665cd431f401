"""``python -m taubench dialogflow_cx export-tools --env retail [--out FILE]``: a domain's tools
as Dialogflow CX function tools, for registering on the agent that ``agent=dialogflow_cx`` runs.

The output is a JSON list of v3beta1 ``Tool`` resources in the API's JSON form: display name =
our tool name (how the agent's calls are mapped back), the description, the arguments' JSON
schema made OpenAPI-compatible (references inlined, ``null`` branches as ``nullable``), and
``{result: string}`` as output schema (the agent gets each result as that text).
"""

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Optional

OUTPUT_SCHEMA = {"type": "object", "properties": {"result": {"type": "string"}}, "required": ["result"]}


def openapi_schema(schema: dict, defs: Optional[dict] = None) -> dict:
    """A pydantic JSON schema as an OpenAPI 3.0 schema object: no ``$ref``/``$defs``, no null type."""
    defs = schema.get("$defs", {}) if defs is None else defs
    if "$ref" in schema:
        rest = {key: value for key, value in schema.items() if key != "$ref"}
        return openapi_schema({**defs[schema["$ref"].rsplit("/", 1)[-1]], **rest}, defs)
    converted: dict[str, Any] = {}
    merged: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "$defs":
            continue
        if key == "properties":
            converted[key] = {name: openapi_schema(part, defs) for name, part in value.items()}
        elif key == "items" and isinstance(value, dict):
            converted[key] = openapi_schema(value, defs)
        elif key in ("anyOf", "oneOf"):
            branches = [openapi_schema(branch, defs) for branch in value if branch.get("type") != "null"]
            if len(branches) < len(value):
                converted["nullable"] = True
            if len(branches) == 1:
                merged = branches[0]
            else:
                converted[key] = branches
        else:
            converted[key] = value
    return {**merged, **converted}


def function_tool(tool: dict) -> dict:
    """One tool (chat-completions schema) as a CX function tool."""
    function = tool["function"]
    parameters = function.get("parameters") or {"type": "object", "properties": {}}
    return {
        "displayName": function["name"],
        "description": function.get("description") or function["name"],
        "functionSpec": {"inputSchema": openapi_schema(parameters), "outputSchema": OUTPUT_SCHEMA},
    }


def export_tools(env: str, data_dir: Optional[Path] = None) -> list[dict]:
    from taubench.domains import load_domain

    return [function_tool(tool) for tool in load_domain(env, data_dir).spec.toolkit.schemas()]


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m taubench dialogflow_cx", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    export = commands.add_parser("export-tools", help="write a domain's tools as Dialogflow CX function tools (JSON)")
    export.add_argument("--env", required=True, help="the domain, e.g. retail or airline")
    export.add_argument(
        "--data-dir", type=Path, help="the domain's data folder, for domains that need one (env.data_dir)"
    )
    export.add_argument("--out", type=Path, help="the JSON file to write (default: standard output)")
    args = parser.parse_args(argv)
    from taubench.core.domain import DataError
    from taubench.domains import DOMAINS

    if args.env not in DOMAINS:
        parser.error(f"--env: unknown domain {args.env!r}; allowed: {', '.join(DOMAINS)}")
    try:
        tools = export_tools(args.env, args.data_dir)
    except DataError as exc:
        parser.error(f"--env {args.env}: {exc} (--data-dir)")
    text = json.dumps(tools, indent=2, ensure_ascii=False) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"{len(tools)} {args.env} tools written to {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
