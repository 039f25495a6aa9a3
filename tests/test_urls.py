"""pincite.urls: the one URL policy (https, or http only to the local host; no userinfo, no
whitespace or control characters) and its two loopback tests."""
from __future__ import annotations

import pytest

from pincite.urls import UrlRefused, is_local_url, is_loopback_host, web_url


@pytest.mark.parametrize("url", ["https://api.example.com/v1", "http://localhost:8080/v1",
                                 "http://127.0.0.1/x", "http://[::1]:9/", "HTTPS://Example.COM"])
def test_allowed_urls_come_back_parsed(url):
    assert web_url(url).host


@pytest.mark.parametrize("url, rule", [
    ("", "empty"),
    ("https://a.example.com/v1 ", "control"),
    ("https://a.example.com/\x00", "control"),
    ("https://a.example.com:99999/", "unparsable"),
    ("https://user:secret@a.example.com/", "userinfo"),
    ("ftp://a.example.com/", "scheme"),
    ("a.example.com/v1", "scheme"),
    ("http://a.example.com/", "plain_http"),
    ("http://127.0.0.2/", "plain_http"),
    ("http://localhost.example.com/", "plain_http"),
])
def test_each_rule_is_named_and_the_secret_is_not_repeated(url, rule):
    with pytest.raises(UrlRefused) as info:
        web_url(url)
    assert info.value.rule == rule
    assert "secret" not in str(info.value)


def test_local_url_is_the_written_local_hosts_and_loopback_host_any_loopback_address():
    assert is_local_url("http://LOCALHOST:1/") and is_local_url("http://[::1]/")
    assert not is_local_url("http://127.0.0.2/") and not is_local_url("not a url\x00")
    for host in ("localhost", "localhost.", "127.0.0.1", "127.4.5.6", "::1", "[::1]"):
        assert is_loopback_host(host), host
    for host in ("", "example.com", "10.0.0.1", "0.0.0.0", "localhost.example.com"):
        assert not is_loopback_host(host), host
