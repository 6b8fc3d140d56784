"""The address phones reach: what score slips print and their QR codes encode.

An organiser's browser on the laptop that serves kolo says ``localhost``, which on a
player's phone is the phone itself. So, in this order:

1. the configured public address (``KOLO_PUBLIC_URL``, e.g. ``https://kolo.example.org``);
2. the address the organiser's browser used, when it is not this computer's own name
   (a phone on the same network or on the internet reaches it the same way);
3. this computer's address on the local network (as ``kolo serve`` prints it), with the
   port the browser used;
4. the browser's address after all, with a warning that phones may not reach it.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port

listening_on: str | None = None
"""The address ``kolo serve`` listens on (None: not started by ``kolo serve``). Listening
only on this computer's own address, the network address is no use to a phone."""


def lan_address() -> str | None:
    """This computer's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


def is_local(host: str) -> bool:
    """Whether ``host`` (a name or an address, without the port) names this computer only."""
    name = host.strip("[]").lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


@dataclass(frozen=True)
class PhoneAddress:
    base: str
    """Scheme, host and port, without the final slash."""
    sure: bool
    """False: kolo could not tell an address phones reach (the desk warns)."""

    def url(self, path: str) -> str:
        return f"{self.base}{path}"


def phone_address(request: HttpRequest) -> PhoneAddress:
    configured = str(getattr(settings, "PUBLIC_URL", "") or "").strip().rstrip("/")
    if configured:
        return PhoneAddress(configured, True)
    scheme = request.scheme or "http"
    seen = request.get_host()
    host, port = split_domain_port(seen)
    if not is_local(host):
        return PhoneAddress(f"{scheme}://{seen}", True)
    lan = lan_address()
    if lan and (listening_on is None or not is_local(listening_on)):
        default = {"http": "80", "https": "443"}.get(scheme)
        suffix = f":{port}" if port and port != default else ""
        return PhoneAddress(f"{scheme}://{lan}{suffix}", True)
    return PhoneAddress(f"{scheme}://{seen}", False)
