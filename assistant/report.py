"""Readable reports of analysis results, in Chinese (``zh``) or English (``en``)."""

from __future__ import annotations

from typing import Any

from .catalogue import score_summary, seat_name, text, translate, variant_name
from .shanten import Form
from .tiles import tile_name, to_compact

_FORM_EN = {
    Form.REGULAR: "four sets and a pair", Form.SEVEN_PAIRS: "seven pairs",
    Form.THIRTEEN_ORPHANS: "thirteen orphans", Form.HONORS_AND_KNITTED: "honours and knitted",
    Form.KNITTED_STRAIGHT: "knitted straight",
}


def _t(key: str, lang: str, **kw: Any) -> str:
    return text(f"report.{key}", lang, **kw)


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
    lines.append(f"{_t('variant', lang)}: {variant_name(result['variant'], lang)}")
    s = result["shanten"]
    refusal = result.get("not_a_win")
    if refusal:  # complete, but the variant's rules refuse it: the reason, never "a win!"
        lines.append(f"{text('verdict.not_a_win', lang)}: {refusal['zh' if zh else 'en']}")
    if result["is_win"]:
        if not refusal:
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
                                   k=d["ukeire"], tiles=to_compact(d["tiles"]))
                         + (_t("no_legal_wait", lang) if d.get("no_legal_wait") else ""))
        lines += advice_lines(result, lang)
    own = result.get("own_turn") or {}
    if own.get("concealed_kongs"):
        lines.append(f"{_t('kongs', lang)}: {_names(own['concealed_kongs'], lang)}")
    if own.get("added_kongs"):
        lines.append(f"{_t('added', lang)}: {_names([a['tile'] for a in own['added_kongs']], lang)}")
    if result.get("score"):
        lines += score_lines(result["score"], lang)
    return "\n".join(lines)


def advice_lines(result: dict[str, Any], lang: str = "zh") -> list[str]:
    """One line per discard with its win chance, expected gain and deal-in chance
    (``打 5m: 胡牌率 18% · 期望 +9.2 · 放炮 3%``), the main winning hands, and the verdict."""
    lines = []
    zh = lang.startswith("zh")
    for d in result["discards"]:
        if "win_chance" not in d:
            continue
        line = "  " + _t("advice_line", lang, tile=d["tile"], win=f"{round(100 * d['win_chance'])}%",
                         ev=f"{d['expected_points']:+.1f}")
        if d.get("deal_in") is not None:
            line += _t("advice_danger", lang, deal=f"{round(100 * d['deal_in'])}%")
        lines.append(line)
        if d.get("targets"):
            sep = "、" if zh else ", "
            names = sep.join(f"{t['name_zh' if zh else 'name_en']} {round(100 * t['share'])}%"
                             for t in d["targets"])
            lines.append(_t("advice_targets", lang, targets=names))
    verdict = result.get("verdict")
    if verdict:
        lines.append(_t("verdict", lang, reason=verdict["reason_zh" if zh else "reason_en"]))
    elif result.get("why"):  # the best discard and why, as the pages say it
        lines.append("  " + result["why"]["zh" if zh else "en"])
    return lines


def score_lines(score: dict[str, Any], lang: str = "zh") -> list[str]:
    """The itemised score of a win, the total as players say it, what each seat pays or gets."""
    zh = lang.startswith("zh")
    lines = [_t("score", lang)]
    cap = None
    for i in score["items"]:
        if i.get("event") == "cap":
            cap = i  # the cap is said as "封顶 3番", not as an item taking fan away
            continue
        # The tiles that make the item; an item of the table (自摸, a flower) has none to show.
        why = f"  [{to_compact(i['tiles'])}]" if i.get("tiles") else ""
        name = f"{i['name_zh']} {i['name_en']}" if zh else f"{i['name_en']} ({i['name_zh']})"
        times = f" ×{i['count']}" if i.get("count", 1) > 1 else ""
        lines.append(f"  {name}: {i['value']:+d}{times}{why}")
    if cap is not None and "fan" in score:
        lines.append("  " + _t("cap", lang, cap=score["fan"], fan=score["fan"] - cap["value"]))
    lines.append(f"  {_t('sum', lang)}: {score_summary(score, lang)}")
    if score.get("liable"):
        lines.append(f"  {_t('liable', lang)}: {seat_name(score['liable']['seat'], lang)}")
    pays = "  ".join(f"{seat_name(seat, lang)} {amount:+d}"
                     for seat, amount in score["payments"].items())
    lines.append(f"{_t('payments', lang)}: {pays}")
    for payer, row in score.get("matrix", {}).items():
        for payee, amount in row.items():
            if amount:
                lines.append(f"  {seat_name(payer, lang)} → {seat_name(payee, lang)}: {amount}")
    for note in score.get("assumed", []):
        lines.append(f"  {_t('assumed', lang)}: {translate(note, lang)}")
    return lines


def claims_report(result: dict[str, Any], lang: str = "zh") -> str:
    """Lines describing each seat's claims on a discard and who takes it."""
    name = tile_name(result["discard"], lang)
    lines = [f"{_t('discard_of', lang)}: {name} ({result['discarder']})"]
    sep = "、" if lang.startswith("zh") else ", "
    for seat, c in result["seats"].items():
        gap = "" if lang.startswith("zh") else " "
        can = [text("claim.win", lang)] if c["win"] else []
        for kind in ("kong", "pung"):
            # A set of one face is named alone; one made with a wild or with 芜湖's winds, or
            # one of several, shows its tiles.
            options = c.get(f"{kind}s") or []
            plain = len(options) == 1 and len(set(options[0])) == 1
            if c[kind] and (plain or not options) and not (kind == "pung" and not options
                                                           and c.get("joker_pungs")):
                can.append(text(f"claim.{kind}", lang))
            elif c[kind]:
                can += [text(f"claim.{kind}", lang) + gap + to_compact(o) for o in options]
        if c.get("joker_pungs"):
            can.append(text("claim.joker_pung", lang, jokers=" ".join(c["joker_pungs"])))
        can += [text("claim.chow", lang) + gap + to_compact(ch) for ch in c["chows"]]
        lines.append(f"  {seat}: {sep.join(can) if can else _t('nothing', lang)}")
    if result["winners"]:
        lines.append(f"{_t('winners', lang)}: " + ", ".join(result["winners"]))
    elif result["claim"]:
        c = result["claim"]
        lines.append(f"{_t('takes', lang)}: {c['seat']} ({text('claim.' + c['type'], lang)})")
    return "\n".join(lines)
