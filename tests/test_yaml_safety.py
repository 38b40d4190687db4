"""The safe YAML reader: every refusal has a clear message at the right line and column."""

from __future__ import annotations

import os
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from grinivil_cli.errors import LogFormatError, Position, Problem
from grinivil_cli.logfile import yamlsafe
from grinivil_cli.logfile.loaded import Loaded
from grinivil_cli.logfile.yamlsafe import MAX_DEPTH, load_yaml_file, load_yaml_text

SRC = "game.yaml"


def problems(text: str | bytes, **kwargs: Any) -> list[Problem]:
    """The problems load_yaml_text reports (it must refuse)."""
    with pytest.raises(LogFormatError) as caught:
        load_yaml_text(text, SRC, **kwargs)
    return caught.value.problems


def only(text: str | bytes, **kwargs: Any) -> Problem:
    """The single problem load_yaml_text reports."""
    found = problems(text, **kwargs)
    assert len(found) == 1, found
    return found[0]


def at(line: int, col: int) -> Position:
    """A position in the test source."""
    return Position(SRC, line, col)


def file_problem(path: Path | str, **kwargs: Any) -> Problem:
    """The single problem load_yaml_file reports."""
    with pytest.raises(LogFormatError) as caught:
        load_yaml_file(path, **kwargs)
    assert len(caught.value.problems) == 1
    return caught.value.problems[0]


@pytest.fixture(params=["libyaml", "python"])
def both_parsers(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run a test with the C parser (when built) and with the pure-Python fallback."""
    if request.param == "python":
        monkeypatch.setattr(yamlsafe, "_LOADER", yaml.SafeLoader)
    elif not hasattr(yaml, "CSafeLoader"):
        pytest.skip("PyYAML built without libyaml")


# 1. files that cannot be read


def test_missing_file(tmp_path: Path) -> None:
    problem = file_problem(tmp_path / "nope.yaml", display_name="nope.yaml")
    assert problem.message == "'nope.yaml': no such file"


def test_directory(tmp_path: Path) -> None:
    problem = file_problem(tmp_path, display_name="logs")
    assert problem.message == "'logs' is a folder, not a log file"


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secret.yaml"
    path.write_text("a: 1\n")

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(yamlsafe, "_open_fd", denied)
    problem = file_problem(path, display_name="secret.yaml")
    assert problem.message == "cannot read 'secret.yaml': permission denied"


def test_impossible_file_name() -> None:
    """A NUL in the name, said in our words (Python 3.13 changed its own)."""
    assert file_problem("a\0b", display_name="ab").message == (
        "cannot read 'ab': a NUL character in the name, which no file name holds")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads all")
def test_unreadable_file_for_real(tmp_path: Path) -> None:
    path = tmp_path / "secret.yaml"
    path.write_text("a: 1\n")
    path.chmod(0)
    assert "permission denied" in file_problem(path).message


def test_file_path_is_the_default_name(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("a: 1\nb: [x]\n")
    loaded = load_yaml_file(path)
    assert loaded == Loaded(
        str(path),
        {"a": 1, "b": ["x"]},
        {(): (1, 1), ("a",): (1, 4), ("b",): (2, 4), ("b", 0): (2, 5)},
        {("a",): (1, 1), ("b",): (2, 1)},
    )


# 2. size limit


def test_too_big_is_refused_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"a: 1\n" * 1300)  # 6,500 bytes

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the file was opened")

    monkeypatch.setattr(yamlsafe, "_open_fd", never)
    problem = file_problem(path, max_bytes=5 * 1024, display_name="big.yaml")
    assert problem.message == (
        "'big.yaml' is too big to be a log: the limit is 5.0 KB (5,120 bytes) "
        "and it is 6.3 KB (6,500 bytes); use --max-size to raise the limit"
    )


def test_default_limit_in_megabytes(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    with open(path, "wb") as handle:
        handle.truncate(6 * 1024 * 1024)
    message = file_problem(path, display_name="big.yaml").message
    assert "the limit is 5.0 MB (5,242,880 bytes)" in message
    assert "it is 6.0 MB (6,291,456 bytes)" in message
    assert "--max-size" in message


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_read_is_guarded_when_stat_says_nothing() -> None:
    start = time.perf_counter()
    problem = file_problem("/dev/zero", max_bytes=1000, display_name="zero")
    assert problem.message == (
        "'zero' is too big to be a log: the limit is 1,000 bytes and it is larger than that; "
        "use --max-size to raise the limit"
    )
    assert time.perf_counter() - start < 5


def test_within_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_bytes(b"a: 1\n")
    assert load_yaml_file(path, max_bytes=5).data == {"a": 1}


@pytest.mark.parametrize("text", ["x: 1234", b"x: 1234", "x: \u00e9\u00e9\u00e9"])
def test_text_over_limit(text: str | bytes) -> None:
    problem = only(text, max_bytes=6)
    assert problem.position is None
    assert problem.message.startswith("'game.yaml' is too big to be a log: the limit is 6 bytes")
    assert "--max-size" in problem.message


# 3. empty


@pytest.mark.parametrize("text", ["", b"", "   \n\n\t\n", "# a comment\n\n  # another\n", "\ufeff"])
def test_empty(text: str | bytes) -> None:
    assert only(text) == Problem("the file is empty", at(1, 1))


# 4. encoding


def test_nul_byte() -> None:
    problem = only(b"a: 1\nb: x\x00y\n")
    assert problem == Problem("NUL byte: this looks like a binary file, not a YAML log", at(2, 5))


def test_nul_byte_before_invalid_utf8() -> None:
    assert only(b"a: 1\n\x00\xff\xfe").position == at(2, 1)


def test_invalid_utf8_position_counts_characters() -> None:
    problem = only("a: 1\nname: \u00e9t\u00e9 ".encode() + b"caf\xe9\n")
    assert problem == Problem(
        "the file is not valid UTF-8 (byte 0xe9); save it as UTF-8", at(2, 14)
    )


def test_utf8_bom_is_accepted() -> None:
    loaded = load_yaml_text(b"\xef\xbb\xbfname: \xc3\xa9\n", SRC)
    assert loaded.data == {"name": "\u00e9"}
    assert loaded.positions[("name",)] == (1, 7)


def test_utf16_is_refused() -> None:
    problem = only("a: 1\n".encode("utf-16"))
    assert problem == Problem("the file is saved as UTF-16; save it as UTF-8", at(1, 1))


def test_control_character() -> None:
    problem = only("a: 1\nb: \x07\n")
    assert problem == Problem("character U+0007 is not allowed in a YAML log", at(2, 4))


# 5. malformed YAML


def test_malformed_yaml(both_parsers: None) -> None:
    problem = only("a: 1\nb: c: d\n")
    assert problem.position == at(2, 5)
    assert problem.message.startswith("invalid YAML: a ': ' where a value was expected: a text "
                                      "holding ': ' goes in quotes")
    assert problem.message.endswith("(YAML: mapping values are not allowed here)") or \
        problem.message.endswith("(YAML: mapping values are not allowed in this context)")


def test_malformed_yaml_with_context(both_parsers: None) -> None:
    problem = only("a: 1\nb: 'unterminated\n")
    assert problem == Problem(
        "invalid YAML: the quote at line 2, col 4 is not closed: end the text with the same "
        "quote (YAML: found unexpected end of stream)",
        at(2, 17),  # the end of the last line (the stream ends after its newline)
    )


def test_bad_indentation() -> None:
    problem = only("a:\n  - x\n y: 2\n")
    assert problem.position == at(3, 2)
    assert problem.message.startswith("invalid YAML: this line is not lined up with the lines "
                                      "above it: indent it as the other keys (or '- ' items)")


# What a hand-edited log gets wrong, said in plain words with what to do, by libyaml and by
# PyYAML's own parser alike (their words after it differ: they are not compared).
PLAINLY = [
    ("players: [Anna, Bruno\nsetup: {}\n", (2, 6),
     "the list opened with '[' at line 1, col 10 is not closed: end it with ']' (its items "
     "separated by commas)"),
    ("setup: {money: 70\nturns: []\n", (2, 6),
     "the '{' at line 1, col 8 is not closed: end it with '}' (its `key: value` pairs "
     "separated by commas)"),
    ("title: Game: the final\n", (1, 12),
     "a ': ' where a value was expected: a text holding ': ' goes in quotes (title: \"Game: "
     "the final\"), and a key lines up with the keys above it"),
    ("title: \"the final\nplayers: []\n", (2, 12),
     "the quote at line 1, col 8 is not closed: end the text with the same quote"),
    ("turns:\n  - player: Anna\n - player: Bruno\n", (3, 2),
     "this line is not lined up with the lines above it: indent it as the other keys (or "
     "'- ' items) of its level, with spaces"),
    ("format: grinivil-log/1\nplayers\nturns: []\n", (3, 1),
     "line 2 has no ':' after its key (write `key: value`), or is text going on from the line "
     "above (put the whole text in quotes)"),
    ("turns:\n  - {player: Anna, tile: @5}\n", (2, 26),
     "a value cannot begin with '@': put it in quotes ('@...')"),
    ("title: 'Anna' wins\n", (1, 15),
     "more follows a whole value on this line: put the whole value in quotes, or begin the "
     "next key on a line of its own"),
]


@pytest.mark.parametrize(("text", "where", "said"), PLAINLY,
                         ids=["list", "braces", "colon", "quote", "indent", "no-colon", "at",
                              "after-value"])
def test_a_hand_made_mistake_is_said_plainly(both_parsers: None, text: str,
                                             where: tuple[int, int], said: str) -> None:
    problem = only(text)
    assert problem.message.startswith(f"invalid YAML: {said} (YAML: "), problem.message
    assert problem.position == at(*where)


def test_other_syntax_errors_keep_the_parsers_words() -> None:
    problem = only("%YAML 1.1\n%YAML 1.1\n---\na: 1\n")  # rare by hand: said as it is
    assert "(YAML: " not in problem.message and problem.message.startswith("invalid YAML: ")


# 6. duplicate keys


def test_all_duplicate_keys_are_reported() -> None:
    text = "money: 1\nplayers:\n  - name: Ann\n    name: Bob\nmoney: 2\nmoney: 3\n"
    assert problems(text) == [
        Problem("duplicate key 'name' (first at line 3, col 5): a value would be lost", at(4, 5)),
        Problem("duplicate key 'money' (first at line 1, col 1): a value would be lost", at(5, 1)),
        Problem("duplicate key 'money' (first at line 1, col 1): a value would be lost", at(6, 1)),
    ]


def test_duplicate_keys_compare_the_text_as_written() -> None:
    assert only("{1: a, '1': b}").message.startswith("duplicate key '1' (first at line 1, col 2)")
    assert load_yaml_text("{1: a, 01: b, yes: c, true: d}", SRC).data == {
        "1": "a",
        "01": "b",
        "yes": "c",
        "true": "d",
    }


def test_same_key_in_different_mappings_is_fine() -> None:
    assert load_yaml_text("a: {x: 1}\nb: {x: 2}\n", SRC).data == {"a": {"x": 1}, "b": {"x": 2}}


# 7. tags and merge keys


@pytest.mark.parametrize(
    ("text", "written", "col"),
    [
        ("x: !!python/object/apply:os.system [ls]\n", "!!python/object/apply:os.system", 4),
        ("x: !!python/object:os.Foo {a: 1}\n", "!!python/object:os.Foo", 4),
        ("a: !custom x\n", "!custom", 4),
        ("n: !!str 3\n", "!!str", 4),
        ("n: ! 3\n", "!", 4),
        ("blob: !!binary aGVsbG8=\n", "!!binary", 7),
        ("m: !!map {a: 1}\n", "!!map", 4),
        ("s: &x !!seq [1]\n", "!!seq", 4),
        ("!!str k: v\n", "!!str", 1),
    ],
)
def test_tags_are_refused(text: str, written: str, col: int) -> None:
    expected = f"YAML tags are not allowed ('{written}'); write the plain value"
    assert only(text) == Problem(expected, at(1, col))


def test_merge_keys_are_refused() -> None:
    text = "base: &b {x: 1}\nuse:\n  <<: *b\n  y: 2\n"
    assert only(text) == Problem(
        "merge keys ('<<') are not supported; write the values out", at(3, 3)
    )


# 8. anchors, aliases and the expansion budget


def test_aliases_are_allowed() -> None:
    loaded = load_yaml_text("base: &b {x: 1, y: [2]}\ncopy: *b\nn: &n 5\nm: *n\n", SRC)
    assert loaded.data == {"base": {"x": 1, "y": [2]}, "copy": {"x": 1, "y": [2]}, "n": 5, "m": 5}
    assert loaded.positions[("copy",)] == (2, 7)
    assert loaded.position(("copy", "y", 0)) == Position(SRC, 2, 7)


def test_alias_of_a_scalar_can_be_a_key() -> None:
    assert load_yaml_text("a: &k name\n*k : 2\n", SRC).data == {"a": "name", "name": 2}


def test_unknown_alias() -> None:
    assert only("a: 1\nb: *nope\n") == Problem(
        "unknown alias '*nope': no anchor '&nope' before it", at(2, 4)
    )


def test_alias_inside_its_own_anchor() -> None:
    assert only("a: &x [1, *x]\n") == Problem(
        "alias '*x' is inside the very collection it names", at(1, 11)
    )


def billion_laughs() -> str:
    """The classic: 9 levels of 9 aliases, a billion 'lol's once expanded."""
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [{', '.join(['*' + prev] * 9)}]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused_fast_and_small(both_parsers: None) -> None:
    tracemalloc.start()
    start = time.perf_counter()
    try:
        problem = only(billion_laughs())
    finally:
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert problem.message == (
        "aliases repeat too much: with '*d' here they would add 111,594 characters and values "
        "to a file of 396; aliases may add at most the file's length or 100,000, whichever is "
        "more"
    )
    assert problem.position == at(5, 16)  # the third '*d': each repeats 27,064
    assert elapsed < 5
    assert peak < 10 * 1024 * 1024


def test_budget_counts_values_through_aliases(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsafe, "MAX_NODES", 13)
    # root 1, key a 1, list 1 + 3 items, key b 1, alias 4, key c 1, null 1: 13
    assert load_yaml_text("a: &x [1, 2, 3]\nb: *x\nc:\n", SRC).data["b"] == [1, 2, 3]
    problem = only("a: &x [1, 2, 3]\nb: *x\nc: *x\n")
    assert problem.position == at(3, 4)
    assert problem.message == ("too many values after expanding aliases (billion laughs?): "
                               "more than 13, 8 of them repeated by aliases")


def test_too_many_values_without_aliases_blames_the_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsafe, "MAX_NODES", 5)
    assert only("[1, 2, 3, 4, 5]\n") == Problem(
        "the file holds more than 5 values (lists, mappings and scalars): far more than a game "
        "(a long one has about 4,000)", at(1, 14))


def test_the_alias_budget_is_the_file_length_for_a_long_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsafe, "ALIAS_FLOOR", 10)
    # '*n' repeats 'abcdefghij' (10 characters and 1 value): 3 of them are the file's 33
    text = "a: &n abcdefghij\nb: [*n, *n, *n]\n"
    assert len(text) == 33 and load_yaml_text(text, SRC).data["b"] == ["abcdefghij"] * 3
    text = "a: &n abcdefghij\nb: [*n, *n, *n, *n]\n"
    problem = only(text)
    assert problem.position == at(2, 17)  # 4 * 11 = 44 > 37
    assert problem.message.startswith("aliases repeat too much: with '*n' here they would add 44 "
                                      "characters and values to a file of 37; ")


# 9. nesting depth


def test_deep_flow_sequences(both_parsers: None) -> None:
    start = time.perf_counter()
    problem = only("[" * 100_000)
    assert time.perf_counter() - start < 5
    assert problem == Problem(
        f"lists and mappings are nested more than {MAX_DEPTH} levels deep", at(1, MAX_DEPTH + 1)
    )


def test_deep_flow_mappings(both_parsers: None) -> None:
    problem = only("{a: " * 100_000)
    assert problem.position == at(1, 4 * MAX_DEPTH + 1)
    assert "nested more than 64 levels deep" in problem.message


def test_deep_block_mappings(both_parsers: None) -> None:
    text = "".join(" " * i + "k:\n" for i in range(100))
    assert only(text).position == at(MAX_DEPTH + 1, MAX_DEPTH + 1)


def test_max_depth_itself_is_fine() -> None:
    loaded = load_yaml_text("[" * MAX_DEPTH + "]" * MAX_DEPTH, SRC)
    depth, value = 0, loaded.data
    while isinstance(value, list):
        depth, value = depth + 1, value[0] if value else None
    assert depth == MAX_DEPTH


def test_depth_counts_through_aliases() -> None:
    inner = "[" * 40 + "]" * 40
    assert load_yaml_text(f"a: &a {inner}\nb: {'[' * 20}*a{']' * 20}\n", SRC).data["b"]
    problem = only(f"a: &a {inner}\nb: {'[' * 30}*a{']' * 30}\n")
    assert problem == Problem("lists and mappings are nested more than 64 levels deep", at(2, 34))


# 10. one document, text keys


def test_second_document_is_refused() -> None:
    assert only("a: 1\n---\nb: 2\n") == Problem(
        "a second YAML document starts here; a log is one document", at(2, 1)
    )


def test_single_explicit_document_is_fine() -> None:
    assert load_yaml_text("---\na: 1\n...\n", SRC).data == {"a": 1}


@pytest.mark.parametrize(
    ("text", "col"),
    [("? [a, b]\n: 1\n", 3), ("{[a]: 1}", 2), ("? {x: 1}\n: 1\n", 3), ("a: &l [1]\n*l : 2\n", 1)],
)
def test_non_scalar_keys_are_refused(text: str, col: int) -> None:
    line = 2 if text.startswith("a:") else 1
    assert only(text) == Problem(
        "a mapping key must be plain text, not a list or mapping", at(line, col)
    )


# 11. keys are text, values are resolved like SafeLoader but dates stay text


def test_keys_are_the_text_as_written() -> None:
    loaded = load_yaml_text("1: a\nyes: b\nnull: c\n1.5: d\n2026-11-20: e\n'q': f\n", SRC)
    assert list(loaded.data) == ["1", "yes", "null", "1.5", "2026-11-20", "q"]


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("12", 12),
        ("-3", -3),
        ("0x1f", 31),
        ("017", 15),  # YAML 1.1 octal, as SafeLoader reads it
        ("0o17", "0o17"),  # YAML 1.2 octal: SafeLoader leaves it a string
        ("1_000", 1000),
        ("1.5", 1.5),
        ("1.0e+3", 1000.0),
        ("1e3", "1e3"),  # SafeLoader needs a dot in a float
        (".inf", float("inf")),
        ("yes", True),
        ("No", False),
        ("true", True),
        ("~", None),
        ("null", None),
        ("", None),
        ("'12'", "12"),
        ('"yes"', "yes"),
        ("2026-11-20", "2026-11-20"),
        ("2026-11-20 10:30:00", "2026-11-20 10:30:00"),
        ("Ann", "Ann"),
        ("|\n  two\n  lines", "two\nlines\n"),
    ],
)
def test_values_are_resolved(written: str, value: object) -> None:
    assert load_yaml_text(f"v: {written}\n", SRC).data == {"v": value}


def test_number_too_long() -> None:
    problem = only("v: " + "7" * 5000 + "\n")
    assert problem == Problem("the number 77777777777777777777... is too long to read", at(1, 4))


# 12. positions


def test_positions() -> None:
    text = (
        "game: Grinivil\n"  # 1
        "players:\n"  # 2
        "  - name: Ann\n"  # 3
        "    money: 12\n"  # 4
        "  - {name: Bob, money: 7}\n"  # 5
        "turns: []\n"  # 6
    )
    loaded = load_yaml_text(text, SRC)
    assert loaded.positions[()] == (1, 1)
    assert loaded.positions[("game",)] == (1, 7)
    assert loaded.positions[("players",)] == (3, 3)
    assert loaded.positions[("players", 0)] == (3, 5)
    assert loaded.positions[("players", 0, "money")] == (4, 12)
    assert loaded.positions[("players", 1)] == (5, 5)
    assert loaded.positions[("players", 1, "money")] == (5, 24)
    assert loaded.positions[("turns",)] == (6, 8)
    assert loaded.key_positions[("players", 0, "money")] == (4, 5)
    assert loaded.key_positions[("players", 1, "money")] == (5, 17)
    assert loaded.key_positions[("turns",)] == (6, 1)
    assert () not in loaded.key_positions
    assert loaded.position(("players", 1, "money"), key=True) == Position(SRC, 5, 17)
    assert len(loaded.positions) == 10
    assert len(loaded.key_positions) == 7


def test_places_are_found_when_first_asked_for() -> None:
    """A text without problems is read without the places of its values; they are found by
    reading it again on the first question, the same as a reading with places gives them."""
    text = Path(__file__).parent.parent.joinpath("samples", "game-3p.yaml").read_text()
    loaded = load_yaml_text(text, SRC)
    assert loaded._positions is None and loaded._key_positions is None
    eager = yamlsafe._read(text, SRC, None, places=True)
    # every node of the log has its place: 1575, as many as PyYAML's yaml.compose makes (the
    # root, and each mapping value and sequence item under it, counted down the tree)
    assert eager._positions is not None and len(eager.positions) == 1575
    assert loaded.data == eager.data
    assert loaded.position(("turns", 5, "tile")) == eager.position(("turns", 5, "tile"))
    assert loaded.positions == eager.positions
    assert loaded.key_positions == eager.key_positions
    assert loaded == eager


def test_a_problem_is_reported_at_its_place_from_a_reading_without_places() -> None:
    """The first problem of the quick reading makes the reading with places, which reports
    every problem of the text (two here), not only the first."""
    found = problems("a: 1\nb: !!str 2\na: 3\n")
    assert [p.position for p in found] == [at(2, 4), at(3, 1)]


# never any other exception


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=60), st.binary(max_size=60)))
def test_only_log_format_errors(text: str | bytes) -> None:
    try:
        load_yaml_text(text, SRC)
    except LogFormatError as error:
        assert error.problems
        assert all(p.message for p in error.problems)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="[]{}:,-?&*!'\"#|>ab1 \n", max_size=40))
def test_only_log_format_errors_on_yaml_punctuation(text: str) -> None:
    try:
        load_yaml_text(text, SRC)
    except LogFormatError as error:
        assert error.problems


# 13. bookkeeping the fast reader must get right


def test_duplicate_keys_inside_a_discarded_value() -> None:
    assert problems("a: 1\na: {x: 1, x: 2}\n") == [
        Problem("duplicate key 'a' (first at line 1, col 1): a value would be lost", at(2, 1)),
        Problem("duplicate key 'x' (first at line 2, col 5): a value would be lost", at(2, 11)),
    ]


def test_nested_anchors_are_charged_their_full_size(monkeypatch: pytest.MonkeyPatch) -> None:
    # root 1, key a 1, &o 7 (itself 1, &i 3, *i 3), key b 1, *o 7: 17
    text = "a: &o [&i [1, 2], *i]\nb: *o\n"
    monkeypatch.setattr(yamlsafe, "MAX_NODES", 17)
    assert load_yaml_text(text, SRC).data["b"] == [[1, 2], [1, 2]]
    monkeypatch.setattr(yamlsafe, "MAX_NODES", 16)
    assert only(text).position == at(2, 4)


def test_nested_anchors_are_charged_their_full_height() -> None:
    # &o is 3 levels high (itself, &i, and the list inside &i); b's 60 lists + root make 61
    inner = "a: &o [&i [[1]], *i]\n"
    assert load_yaml_text(f"{inner}b: {'[' * 60}*o{']' * 60}\n", SRC).data["a"]
    problem = only(f"{inner}b: {'[' * 61}*o{']' * 61}\n")
    assert problem == Problem("lists and mappings are nested more than 64 levels deep", at(2, 65))


@pytest.mark.usefixtures("both_parsers")
@pytest.mark.parametrize("text", ["a: 1\nb: {c: 1", "a: 1\nb: {c: 1\n"])
def test_a_syntax_error_at_the_end_points_into_the_file(text: str) -> None:
    """An unclosed mapping at the end of the file: the error is at the end of its last line,
    with or without a final newline (libyaml points one line past it)."""
    assert only(text).position == at(2, 9)


@pytest.mark.parametrize("text", [".nan", ".NaN", ".NAN"])
def test_not_a_number_is_refused_where_it_stands(text: str) -> None:
    """NaN compares false with every bound, so a schema's minimum and maximum let it through
    (an edition coordinate of .nan drew x="nan"): the reader refuses it."""
    assert only(f"a: 1\nx: {text}\n") == Problem(f"'{text}' is not a number; write a number",
                                                 at(2, 4))


@pytest.mark.usefixtures("both_parsers")
def test_a_tab_used_to_indent_is_named() -> None:
    problem = only("a:\n\tb: 1\n")
    assert problem.position == at(2, 1)
    assert problem.message.endswith("(a tab: YAML indents with spaces, never tabs)")


@pytest.mark.parametrize("brk", ["\u2028", "\u2029", "\x85", "\r"])
def test_a_bad_character_is_placed_on_the_line_yaml_counts(brk: str) -> None:
    """Issue 27, one notion of a line: a quoted note breaks its line at U+2028 (YAML 1.1, as
    the reader counts the places of values), so the bell on the third line is at 3:4; counting
    LF alone put it at 2:4."""
    text = f"a: 'x{brk}y'\nb: \x07\n"
    with pytest.raises(LogFormatError) as caught:
        load_yaml_text(text, "t.yaml")
    position = caught.value.problems[0].position
    assert position is not None and (position.line, position.col) == (3, 4)
    with pytest.raises(LogFormatError) as caught:
        load_yaml_text(text.encode("utf-8").replace(b"\x07", b"\xff"), "t.yaml")  # not UTF-8
    position = caught.value.problems[0].position
    assert position is not None and (position.line, position.col) == (3, 4)
