"""``kolo serve``: what it hands to waitress."""

import pytest
import waitress

from kolo.cli import main

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def served(monkeypatch):
    """The keyword arguments ``kolo serve`` gives waitress (which is not started)."""
    calls: list[dict] = []
    monkeypatch.setattr(waitress, "serve", lambda app, **options: calls.append(options))
    monkeypatch.setenv("KOLO_ADMIN_PASSWORD", "secret-admin-1")
    from kolo.web import publicurl

    # serve records the address it listens on; the process's later tests are no server
    monkeypatch.setattr(publicurl, "listening_on", publicurl.listening_on)
    return calls


def test_serve_keeps_a_connection_for_every_phone_of_a_big_event(served, capsys):
    """Each phone on a page keeps a keep-alive connection; with waitress's default of
    100, the 101st phone of a 130-player event waited until the end of the load run."""
    assert main(["serve", "--host", "127.0.0.1", "--port", "8123"]) == 0
    assert served[0]["connection_limit"] >= 500
    assert served[0]["threads"] == 8
    assert "organiser login" in capsys.readouterr().out


def test_serve_lets_the_proxys_header_reach_kolo(served):
    """waitress drops X-Forwarded-For unless told: behind the proxy every phone would be the
    proxy's address (one phone's wrong codes blocking all). kolo decides whom to trust."""
    assert main(["serve", "--host", "127.0.0.1"]) == 0
    assert served[0]["clear_untrusted_proxy_headers"] is False


def test_serve_takes_the_number_of_connections(served, capsys):
    assert main(["serve", "--host", "127.0.0.1", "--connections", "300"]) == 0
    assert served[0]["connection_limit"] == 300


def test_serve_refuses_too_few_connections_in_one_line(served, capsys):
    assert main(["serve", "--connections", "0"]) == 2
    assert "--connections" in capsys.readouterr().err
    assert served == []


def test_serve_raises_the_open_files_limit_for_its_connections(served, monkeypatch):
    import resource

    limits = {"now": (256, 4096)}
    monkeypatch.setattr(resource, "getrlimit", lambda which: limits["now"])
    monkeypatch.setattr(resource, "setrlimit", lambda which, value: limits.update(now=value))
    assert main(["serve", "--host", "127.0.0.1", "--connections", "1000"]) == 0
    assert limits["now"] == (1064, 4096)
    limits["now"] = (256, 512)  # as far as the system allows
    assert main(["serve", "--host", "127.0.0.1", "--connections", "1000"]) == 0
    assert limits["now"] == (512, 512)
