"""Readable reports of analysis results, in Chinese (``zh``) or English (``en``)."""

from __future__ import annotations

from typing import Any

from .shanten import Form
from .tiles import tile_name, to_compact

_TEXT = {
    "hand": ("手牌", "Hand"),
    "melds": ("副露", "Melds"),
    "variant": ("规则", "Variant"),
    "shanten": ("向听数", "Shanten"),
    "forms": ("各和型向听", "Shanten per form"),
    "win": ("和牌！", "Complete hand: a win!"),
    "ready": ("听牌", "ready (tenpai)"),
    "waits": ("听", "Waits"),
    "left": ("剩{n}张", "{n} left"),
    "dead": ("(已绝)", "(dead)"),
    "effective": ("有效进张", "Effective draws"),
    "discards": ("打牌建议", "Discard advice"),
    "discard": ("打{tile}：向听{s}，进张{k}张（{tiles}）", "discard {tile}: shanten {s}, {k} tiles "
                                                   "({tiles})"),
    "readings": ("拆分", "Readings"),
    "kongs": ("可暗杠", "Concealed kong possible"),
    "added": ("可加杠", "Added kong possible"),
    "n/a": ("不适用", "n/a"),
    "total": ("共{n}张", "{n} in all"),
}
_FORM_EN = {
    Form.REGULAR: "four sets and a pair", Form.SEVEN_PAIRS: "seven pairs",
    Form.THIRTEEN_ORPHANS: "thirteen orphans", Form.HONORS_AND_KNITTED: "honours and knitted",
    Form.KNITTED_STRAIGHT: "knitted straight",
}


def _t(key: str, lang: str, **kw: Any) -> str:
    zh, en = _TEXT[key]
    return (zh if lang.startswith("zh") else en).format(**kw)


def _names(tiles: list[str], lang: str) -> str:
    sep = "、" if lang.startswith("zh") else ", "
    return sep.join(tile_name(t, lang) for t in tiles)


def analysis_report(result: dict[str, Any], lang: str = "zh") -> str:
    """Several lines describing the analysis of one hand."""
    zh = lang.startswith("zh")
    hand = result["hand"]
    tiles = hand["concealed"] + ([hand["win_tile"]] if hand.get("win_tile") else [])
    lines = [f"{_t('hand', lang)}: {to_compact(tiles)}  ({_names(tiles, lang)})"]
    if hand["melds"]:
        melds = "  ".join(to_compact(m["tiles"]) for m in hand["melds"])
        lines.append(f"{_t('melds', lang)}: {melds}")
    lines.append(f"{_t('variant', lang)}: {result['variant']}")
    s = result["shanten"]
    if result["is_win"]:
        lines.append(_t("win", lang))
        for d in result.get("decompositions", []):
            form = Form(d["form"])
            label = form.name_zh if zh else _FORM_EN[form]
            lines.append(f"  {_t('readings', lang)} [{label}]: {d['groups']}")
    else:
        state = f"{s}" + (f" ({_t('ready', lang)})" if s == 0 else "")
        lines.append(f"{_t('shanten', lang)}: {state}")
    forms = []
    for key, value in result["shanten_forms"].items():
        form = Form(key)
        label = form.name_zh if zh else _FORM_EN[form]
        forms.append(f"{label} {value if value is not None else _t('n/a', lang)}")
    lines.append(f"{_t('forms', lang)}: " + (" / ".join(forms)))
    if result["waits"]:
        parts = []
        for w in result["waits"]:
            left = _t("left", lang, n=w["remaining"]) + (_t("dead", lang) if w["dead"] else "")
            parts.append(f"{tile_name(w['tile'], lang)} {left}")
        total = sum(w["remaining"] for w in result["waits"])
        lines.append(f"{_t('waits', lang)}: " + ", ".join(parts) + f"; {_t('total', lang, n=total)}")
    if result["effective"]:
        total = sum(e["remaining"] for e in result["effective"])
        names = _names([e["tile"] for e in result["effective"]], lang)
        lines.append(f"{_t('effective', lang)}: {names}; {_t('total', lang, n=total)}")
    if result["discards"]:
        lines.append(f"{_t('discards', lang)}:")
        for d in result["discards"][:5]:
            lines.append("  " + _t("discard", lang, tile=tile_name(d["tile"], lang), s=d["shanten"],
                                   k=d["ukeire"], tiles=to_compact(d["tiles"])))
    own = result.get("own_turn") or {}
    if own.get("concealed_kongs"):
        lines.append(f"{_t('kongs', lang)}: {_names(own['concealed_kongs'], lang)}")
    if own.get("added_kongs"):
        lines.append(f"{_t('added', lang)}: {_names([a['tile'] for a in own['added_kongs']], lang)}")
    if result.get("score"):
        lines += score_lines(result["score"], lang)
    if result.get("score_error"):  # complete, but not a win under the rules (riichi: no yaku)
        lines.append(("不计分: " if lang.startswith("zh") else "Not scored: ")
                     + result["score_error"]["message"])
    return "\n".join(lines)


def score_lines(score: dict[str, Any], lang: str = "zh") -> list[str]:
    """The itemised score of a win and what each seat pays or gets."""
    zh = lang.startswith("zh")
    unit = "番" if "fan" in score else "分"
    lines = ["计分:" if zh else "Score:"]
    for i in score["items"]:
        why = to_compact(i["tiles"]) if i.get("tiles") else i.get("event", "")
        name = f"{i['name_zh']} {i['name_en']}" if zh else f"{i['name_en']} ({i['name_zh']})"
        times = f" ×{i['count']}" if i.get("count", 1) > 1 else ""
        lines.append(f"  {name}: {i['value']:+d}{times}  [{why}]")
    total = f"{score['total']}{unit}" if zh else f"{score['total']} {'fan' if unit == '番' else 'points'}"
    if "han" in score and "fu" in score:  # riichi: han and fu
        total = f"{score['han']}番{score['fu']}符" if zh else f"{score['han']} han {score['fu']} fu"
    if "points" in score:
        total += f" = {score['points']}" + ("分/家" if zh else " points per share")
    lines.append(("  合计: " if zh else "  Total: ") + total)
    if score.get("liable"):
        lines.append(("  包牌: " if zh else "  Liable: ") + score["liable"]["seat"])
    pays = "  ".join(f"{seat} {amount:+d}" for seat, amount in score["payments"].items())
    lines.append(("结算: " if zh else "Payments: ") + pays)
    for payer, row in score.get("matrix", {}).items():
        for payee, amount in row.items():
            if amount:
                lines.append(f"  {payer} → {payee}: {amount}")
    for note in score.get("assumed", []):
        lines.append(("  假设: " if zh else "  Assumed: ") + note)
    return lines


def claims_report(result: dict[str, Any], lang: str = "zh") -> str:
    """Lines describing each seat's claims on a discard and who takes it."""
    zh = lang.startswith("zh")
    name = tile_name(result["discard"], lang)
    lines = [f"{'出牌' if zh else 'Discard'}: {name} ({result['discarder']})"]
    labels = {"win": ("和", "win"), "kong": ("杠", "kong"), "pung": ("碰", "pung")}
    for seat, c in result["seats"].items():
        can = [labels[k][0 if zh else 1] for k in ("win", "kong", "pung") if c[k]]
        can += [("吃" if zh else "chow ") + to_compact(ch) for ch in c["chows"]]
        none = "不能要" if zh else "nothing"
        lines.append(f"  {seat}: {', '.join(can) if can else none}")
    if result["winners"]:
        lines.append(("和牌: " if zh else "Winners: ") + ", ".join(result["winners"]))
    elif result["claim"]:
        c = result["claim"]
        lines.append(("得牌: " if zh else "Takes it: ") + f"{c['seat']} ({c['type']})")
    return "\n".join(lines)
