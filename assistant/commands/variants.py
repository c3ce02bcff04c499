"""``mahjong-assistant variants [NAME]``: the variants, or one variant's rules and options."""

from __future__ import annotations

import argparse
from typing import Any

from ..catalogue import gloss, variant_name
from ..cli import dump
from ..variants import PROFILES, get_profile, scorer_for


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", nargs="?", help="a variant to explain")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--lang", default="zh", choices=["zh", "en"], help="language")


def _plain(value: Any) -> Any:
    """An option value as JSON shows it (tuples as lists, dict keys as text)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def describe(name: str) -> dict[str, Any]:
    """A variant's names, description, main rules and options (value and meaning), JSON-ready."""
    profile = get_profile(name)
    options = {}
    for key, value in profile.options().items():
        zh, en = profile.option_doc(key)
        spec = profile.extra_specs.get(key)
        entry: dict[str, Any] = {"value": _plain(value), "zh": zh, "en": en}
        if spec is not None and spec.choices:
            entry["choices"] = list(spec.choices)
        options[key] = entry
    return {
        "name": profile.name, "name_zh": profile.name_zh,
        "description_zh": profile.description_zh, "description_en": profile.description_en,
        "scores": scorer_for(profile) is not None,
        "rules": [{"zh": zh, "en": en} for zh, en in profile.rules_summary],
        "options": options,
    }


def run(args: argparse.Namespace) -> int:
    zh = args.lang == "zh"
    if args.name is None:
        rows = [describe(n) for n in PROFILES]
        if args.json:
            print(dump({"variants": rows}))
        else:
            for r in rows:
                desc = r["description_zh"] if zh else gloss(r["description_en"])
                print(f"{r['name']:<10} {variant_name(r['name'], args.lang)}  {desc}")
        return 0
    info = describe(args.name)
    if args.json:
        print(dump(info))
        return 0
    print(f"{info['name']} {variant_name(info['name'], args.lang)}")
    print(info["description_zh"] if zh else gloss(info["description_en"]))
    if info["rules"]:
        print("规则:" if zh else "Rules:")
        for rule in info["rules"]:
            print(f"  - {rule['zh'] if zh else gloss(rule['en'])}")
    print("选项:" if zh else "Options:")
    for key, opt in info["options"].items():
        choices = f" [{' | '.join(map(str, opt['choices']))}]" if "choices" in opt else ""
        print(f"  {key} = {dump(opt['value'])}{choices}  # {opt['zh'] if zh else gloss(opt['en'])}")
    return 0
