"""Tests never reach the network beyond loopback: any other connection fails at once.

Installed in the test process by conftest.py and in every CLI subprocess the tests start
(through guard/sitecustomize.py), so an accidental real provider call cannot happen. gRPC
(an A2A binding) connects from its C core, past Python's sockets: its own proxy setting sends
every channel not to loopback to a closed loopback port instead.
"""

import ipaddress
import os
import socket

BLOCKED_MESSAGE = "blocked by the taubench test network guard (only loopback is allowed)"
GRPC_DEAD_END = "http://127.0.0.1:9"  # the discard port: nothing listens there
_original_connect = socket.socket.connect
_original_connect_ex = socket.socket.connect_ex
_original_getaddrinfo = socket.getaddrinfo


def _is_loopback(address) -> bool:
    host = address[0] if isinstance(address, tuple) else None
    if host is None:
        return True  # AF_UNIX and similar local sockets
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def _check(sock: socket.socket, address) -> None:
    if sock.family in (socket.AF_INET, socket.AF_INET6) and not _is_loopback(address):
        raise ConnectionRefusedError(f"connection to {address!r} {BLOCKED_MESSAGE}")


def _guarded_connect(self, address):
    _check(self, address)
    return _original_connect(self, address)


def _guarded_connect_ex(self, address):
    _check(self, address)
    return _original_connect_ex(self, address)


def _guarded_getaddrinfo(host, *args, **kwargs):
    """Refused at name lookup already, so the failure reads the same with or without DNS."""
    name = host.decode() if isinstance(host, bytes) else host
    if name is not None and not _is_loopback((name, 0)):
        raise ConnectionRefusedError(f"looking up {name!r} {BLOCKED_MESSAGE}")
    return _original_getaddrinfo(host, *args, **kwargs)


def install() -> None:
    socket.socket.connect = _guarded_connect
    socket.socket.connect_ex = _guarded_connect_ex
    socket.getaddrinfo = _guarded_getaddrinfo
    os.environ.update(grpc_proxy=GRPC_DEAD_END, no_grpc_proxy="localhost,127.0.0.1,::1")  # read by gRPC only
