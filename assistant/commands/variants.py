"""``mahjong-assistant variants [NAME]``: the variants, or one variant's rules and options."""

from __future__ import annotations

import argparse

from ..cli import dump
from ..profile import OPTION_DOCS
from ..variants import PROFILES, get_profile


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", nargs="?", help="a variant to explain")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--lang", default="zh", choices=["zh", "en"], help="language")


def describe(name: str) -> dict:
    """A variant's names, description and options (value and meaning), JSON-ready."""
    profile = get_profile(name)
    return {
        "name": profile.name, "name_zh": profile.name_zh,
        "description_zh": profile.description_zh, "description_en": profile.description_en,
        "options": {k: {"value": v, "zh": OPTION_DOCS[k][0], "en": OPTION_DOCS[k][1]}
                    for k, v in profile.options().items()},
    }


def run(args: argparse.Namespace) -> int:
    zh = args.lang == "zh"
    if args.name is None:
        rows = [describe(n) for n in PROFILES]
        if args.json:
            print(dump({"variants": rows}))
        else:
            for r in rows:
                desc = r["description_zh"] if zh else r["description_en"]
                print(f"{r['name']:<10} {r['name_zh']}  {desc}")
        return 0
    info = describe(args.name)
    if args.json:
        print(dump(info))
        return 0
    print(f"{info['name']} {info['name_zh']}")
    print(info["description_zh"] if zh else info["description_en"])
    print("选项:" if zh else "Options:")
    for key, opt in info["options"].items():
        print(f"  {key} = {opt['value']}  # {opt['zh'] if zh else opt['en']}")
    return 0
