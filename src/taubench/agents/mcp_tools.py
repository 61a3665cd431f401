"""Our tools as MCP tools, for both places that serve them over MCP: the A2A agent's bridge
(a remote agent calls our tools there) and ``taubench mcp_server``."""

import mcp_types as types


def mcp_tools(schemas: list[dict]) -> list[types.Tool]:
    """Our tools' OpenAI function schemas as MCP tools: same names, descriptions, input schemas."""
    functions = [schema["function"] for schema in schemas]
    return [types.Tool(name=f["name"], description=f["description"], input_schema=f["parameters"]) for f in functions]
