"""Settings that fail loudly: a bad value stops the service at start, naming the variable."""

from __future__ import annotations

import pytest

from bench.hostile import refuses_to_start
from service import config
from service.app import create_app

KEY = "k" * config.MIN_KEY_CHARS
OTHER = "o" * 40
KEY_LISTS = (config.SIGNING_KEYS, config.SEALING_KEYS)


@pytest.mark.parametrize("name", KEY_LISTS)
@pytest.mark.parametrize(
    "value",
    ["", " ", " , ", ",,", ",", f"{KEY},", f",{KEY}", f"{KEY},,{OTHER}", f"{KEY}, ,{OTHER}",
     "x", "k" * (config.MIN_KEY_CHARS - 1), f"{KEY},short", f" {'k' * 31} "],
    ids=["empty", "blank", "blank-entries", "two-commas", "one-comma", "trailing-comma", "leading-comma",
         "empty-middle", "blank-middle", "one-char", "31-chars", "one-short", "31-chars-padded"],
)
def test_a_bad_key_list_refuses_to_start_naming_the_variable(name, value):
    with pytest.raises(config.SettingError, match=name) as raised:
        config.load_settings(environ={name: value})
    assert "k" * 20 not in str(raised.value) and "short" not in str(raised.value)  # never shows a key
    with pytest.raises(ValueError, match=name):
        create_app({name: value})


@pytest.mark.parametrize("name", KEY_LISTS)
def test_good_key_lists_are_parsed(name):
    assert config.load_settings(environ={})[name] == []  # unset: off
    assert config.load_settings(environ={name: KEY})[name] == [KEY]
    assert config.load_settings(environ={name: f" {KEY} , {OTHER}"})[name] == [KEY, OTHER]
    assert config.load_settings(environ={}, overrides={name: [OTHER]})[name] == [OTHER]
    assert config.load_settings(environ={}, overrides={name: []})[name] == []


@pytest.mark.parametrize(
    "value,expected",
    [("true", True), ("TRUE", True), (" Yes ", True), ("1", True), ("false", False), ("False", False),
     ("no", False), ("NO", False), ("0", False), (True, True), (False, False)],
)
def test_allow_chosen_deals_reads_booleans(value, expected):
    settings = config.load_settings(environ={}, overrides={config.ALLOW_CHOSEN_DEALS: value})
    assert settings[config.ALLOW_CHOSEN_DEALS] is expected


def test_allow_chosen_deals_is_off_by_default():
    assert config.load_settings(environ={})[config.ALLOW_CHOSEN_DEALS] is False


@pytest.mark.parametrize("value", ["", "maybe", "2", "on", "tru", "y"])
def test_allow_chosen_deals_refuses_other_words(value):
    with pytest.raises(config.SettingError, match=config.ALLOW_CHOSEN_DEALS):
        config.load_settings(environ={config.ALLOW_CHOSEN_DEALS: value})


@pytest.mark.parametrize(
    "name,value",
    [(config.SIGNING_KEYS, ""), (config.SIGNING_KEYS, ",,"), (config.SIGNING_KEYS, "x"),
     (config.SEALING_KEYS, " , "), (config.ALLOW_CHOSEN_DEALS, "maybe"), (config.MAX_BODY_BYTES, "-1")],
)
def test_gunicorn_exits_non_zero_naming_the_variable(name, value):
    code, output = refuses_to_start({name: value})
    assert code is not None and code != 0, output[-2000:]
    assert name in output
    assert "Traceback" not in output  # one clear line, not a stack trace


@pytest.mark.parametrize(
    "settings",
    [{config.SIGNING_KEYS: f"{KEY},{OTHER}"}, {config.SEALING_KEYS: f"{OTHER},{KEY}", config.ALLOW_CHOSEN_DEALS: "yes"}],
    ids=["signing", "sealing"],
)
def test_gunicorn_starts_with_good_keys(settings):
    code, output = refuses_to_start(settings, timeout=4)
    assert code is None, output[-2000:]  # still serving when stopped


def test_signing_and_sealing_keys_together_refuse_to_start():
    code, output = refuses_to_start({config.SIGNING_KEYS: KEY, config.SEALING_KEYS: OTHER})
    assert code not in (None, 0)
    assert config.SIGNING_KEYS in output and config.SEALING_KEYS in output


@pytest.mark.parametrize("value", ["", "lots", "0", "-1", "1.5", str(1024 * 1024 - 1)])
def test_a_bad_body_budget_refuses_to_start_naming_the_variable(value):
    """A budget below the largest body could never receive one of that size."""
    with pytest.raises(config.SettingError, match=config.BODY_BUDGET_BYTES):
        config.load_settings(environ={config.BODY_BUDGET_BYTES: value})


def test_the_body_budget_is_read():
    assert config.load_settings(environ={})[config.BODY_BUDGET_BYTES] == 64 * 1024 * 1024
    assert config.load_settings(environ={config.BODY_BUDGET_BYTES: "2097152"})[config.BODY_BUDGET_BYTES] == 2 * 1024 * 1024
