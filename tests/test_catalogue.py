"""The catalogue of every message a player sees: both languages, the Chinese in Chinese, and every
message the engine, the recogniser and the service can make has its Chinese there."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from assistant import catalogue
from assistant.errors import MahjongError
from assistant.hand import HandState

ROOT = Path(__file__).resolve().parents[1]
CJK = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")  # Chinese, its punctuation
STATIC = ROOT / "assistant" / "service" / "static"
TEMPLATES = ROOT / "assistant" / "service" / "templates"


def _fields(template: str) -> list[str]:
    return sorted(f for _, f, _, _ in string.Formatter().parse(template) if f is not None)


@pytest.mark.parametrize("key", sorted(catalogue.TEXT))
def test_every_text_in_both_languages(key: str) -> None:
    zh, en = catalogue.TEXT[key]
    assert CJK.search(zh), f"{key}: the Chinese {zh!r} has no Chinese in it"
    assert en.strip() and en != zh, f"{key}: no English"
    assert _fields(zh) == _fields(en), f"{key}: the two languages take different parameters"


@pytest.mark.parametrize("en", sorted(catalogue.MESSAGES))
def test_every_message_template_in_chinese(en: str) -> None:
    zh = catalogue.MESSAGES[en]
    assert CJK.search(zh), f"{en!r}: the Chinese {zh!r} is not Chinese"
    assert _fields(zh) == _fields(en), f"{en!r}: the Chinese uses other parameters"


def test_every_variant_is_named_in_both_languages() -> None:
    from assistant.variants import PROFILES

    missing = [name for name in PROFILES if name not in catalogue.VARIANTS]
    assert not missing, f"variants without a name in the catalogue: {missing}"
    for name, (zh, en) in catalogue.VARIANTS.items():
        assert CJK.search(zh) and en and not CJK.search(en), name


def test_terms_have_an_english_gloss() -> None:
    for term, meaning in catalogue.TERMS.items():
        assert CJK.search(term) and meaning and not CJK.search(meaning), term
    assert catalogue.gloss("Paozi 炮子 bets") == "Paozi 炮子 (paozi, side bets paid with the hand) bets"


def _skeleton(node: ast.AST) -> str | None:
    """A message made in the source, as its template: each ``{…}`` becomes ``{0}``, ``{1}``…"""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.replace("{", "{{").replace("}", "}}")
    if isinstance(node, ast.JoinedStr):
        out, k = [], 0
        for v in node.values:
            if isinstance(v, ast.Constant):
                out.append(str(v.value).replace("{", "{{").replace("}", "}}"))
            else:
                out.append(f"{{{k}}}")
                k += 1
        return "".join(out)
    return None


def _messages_in_source() -> dict[str, str]:
    """Every message the source makes for a player: MahjongError and ApiError texts,
    assumptions, doubts."""
    found: dict[str, str] = {}
    for folder in ("assistant", "vision"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                arg = None
                if isinstance(node, ast.Call):
                    func = node.func
                    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                    owner = getattr(func, "value", None)
                    owner_name = (owner.attr if isinstance(owner, ast.Attribute)
                                  else getattr(owner, "id", ""))
                    if name == "MahjongError" and node.args:
                        arg = node.args[0]
                    elif name == "ApiError" and len(node.args) > 1:  # the service's own answers
                        arg = node.args[1]
                    elif name == "_refuse" and node.args:
                        arg = node.args[0]
                    elif name == "append" and owner_name in ("assumed", "loose") and node.args:
                        arg = node.args[0]
                        if isinstance(arg, ast.Tuple):
                            arg = arg.elts[0]
                    elif name == "add" and path.name == "hand_reader.py" and len(node.args) > 1:
                        arg = node.args[1]
                elif isinstance(node, ast.Dict):
                    for k, v in zip(node.keys, node.values, strict=True):
                        if isinstance(k, ast.Constant) and k.value in ("message", "reason"):
                            arg = v
                if arg is None:
                    continue
                skeleton = _skeleton(arg)
                if skeleton is not None:
                    found.setdefault(skeleton, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_walk_finds_the_messages() -> None:
    found = _messages_in_source()
    assert len(found) > 150  # the walk itself works: the engine makes far more than this
    assert "{0} copies of {1} ({2}): {3} in this hand and {4} visible, but a tile has only four " \
           "copies" in found
    assert "no table given: dealer E, no bets, no kongs" in found


def test_every_message_the_source_makes_is_catalogued() -> None:
    missing = {m: where for m, where in _messages_in_source().items() if m not in catalogue.MESSAGES}
    assert not missing, "messages with no Chinese in assistant/catalogue.py MESSAGES:\n" + "\n".join(
        f"  {where}: {m!r}" for m, where in sorted(missing.items(), key=lambda x: x[1]))


@pytest.mark.parametrize("data, zh", [
    ({"concealed": "11111m123p456s78s"}, "1m（一万）有 5 张：手里 5 张、桌上见过 0 张，但每种牌只有四张"),
    ({"concealed": "1188z"}, "'1188z' 里的 '8z' 不是牌：字牌为 1z–7z"),
    ({"concealed": ["1m", "xx"]}, "暗牌 concealed：未知的牌 'xx'"),
])
def test_engine_errors_read_in_chinese(data: dict, zh: str) -> None:
    with pytest.raises(MahjongError) as info:
        HandState.from_json(data)
    assert catalogue.translate(str(info.value)) == zh
    assert catalogue.translate(str(info.value), "en") == str(info.value)


def test_a_meld_the_variant_refuses_reads_in_chinese() -> None:
    # A pung's faces are read under the variant (its wilds may stand in), so the analysis
    # refuses 1m 2m 3m as a pung where none is wild.
    from assistant.analysis import analyze

    with pytest.raises(MahjongError) as info:
        analyze({"concealed": "456p789s11sEEE", "melds": [{"type": "pung", "tiles": "123m"}]})
    assert catalogue.translate(str(info.value)) == "第 1 副副露（1m 2m 3m）不是碰：牌须相同"


def test_an_unknown_message_is_left_as_it_is() -> None:
    assert not catalogue.is_known("something nobody wrote")
    assert catalogue.translate("something nobody wrote") == "something nobody wrote"
    assert catalogue.error_zh("something nobody wrote") == "输入有误：something nobody wrote"


def test_scores_as_players_say_them() -> None:
    assert catalogue.score_summary({"fan": 3, "points": 8, "total": 3}) == "3番 · 每家 8 分"
    assert catalogue.score_summary({"fan": 3, "points": 8, "total": 3}, "en") == \
        "3 fan · 8 points from each payer"
    assert catalogue.score_summary({"total": 204}) == "204 分"


def test_pages_words_come_from_the_catalogue() -> None:
    """The templates' ``zh('…')``/``en('…')`` and the scripts' ``T("…")``, ``TL(lang, "…")`` and
    ``pageError("…")`` name catalogue entries; no text is written in the page itself."""
    keys = set()
    for path in STATIC.glob("*.js"):
        if path.name in ("catalogue.js", "i18n.js"):  # the catalogue itself, and T and L defined
            continue
        source = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r'\b(?:T|pageError)\("([\w./-]+)"', source))
        keys |= set(re.findall(r'\bTL\("(?:zh|en)", "([\w./-]+)"', source))
        pairs = re.findall(r'\bL\("((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"\)', source)
        assert not pairs, f"{path.name}: words written in the script, not in the catalogue: {pairs}"
        assert not re.findall(r"\bL\(`", source), f"{path.name}: L(`…`) instead of T(key, params)"
    for path in TEMPLATES.glob("*.html"):
        source = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"\b(?:zh|en)\('([\w./-]+)'\)", source))
        written = re.findall(r'data-en(?:-placeholder)?="(?!\{\{)([^"]*)"', source)
        assert not written, f"{path.name}: words written in the template: {written}"
    assert len(keys) > 100
    missing = sorted(k for k in keys if k not in catalogue.TEXT)
    assert not missing, f"keys the pages use that the catalogue lacks: {missing}"


def test_the_pages_copy_of_the_catalogue_is_up_to_date() -> None:
    shipped = (STATIC / "catalogue.js").read_text(encoding="utf-8")
    assert shipped == catalogue.pages_script(), "run: python -m assistant.catalogue"
