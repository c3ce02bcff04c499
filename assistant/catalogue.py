"""Every message a player sees, in Chinese and English: the one catalogue.

Four parts, each with both languages:

* ``TEXT``: the words of the reports, the pages and the command line, by key, with ``{name}``
  parameters (``text("score.fan_each", "zh", fan=3, each=8)`` → ``"3番 · 每家 8 分"``).
* ``MESSAGES``: the English messages of the engine, the recogniser and the service (their
  :class:`~assistant.errors.MahjongError` texts, the scorers' assumptions, the reading's doubts)
  as templates, ``{0}``, ``{1}`` standing for what the message was made with, and the Chinese of
  each. :func:`translate` finds the template an English message was made from and writes it in
  Chinese, translating the parts it was made with where they are themselves catalogued (a meld's
  place, a field name, a nested message). The engine keeps raising English; the translation is
  here, so the engine modules stay as they are.
* ``VARIANTS``: the variants' names as players say them.
* ``TERMS``: Chinese table words the English pages keep (炮子, 上家, …) with their English gloss.

``tests/test_catalogue.py`` walks the catalogue (every entry in both languages, the Chinese in
Chinese) and the source (every message the engine can raise has a template here).
"""

from __future__ import annotations

import json
import re
import sys
from functools import lru_cache
from typing import Any

#: key -> (Chinese, English); ``{name}`` parameters are filled by :func:`text`.
TEXT: dict[str, tuple[str, str]] = {
    # reports (assistant.report)
    "report.hand": ("手牌", "Hand"),
    "report.melds": ("副露", "Melds"),
    "report.variant": ("规则", "Variant"),
    "report.shanten": ("向听数", "Shanten"),
    "report.forms": ("各和型向听", "Shanten per form"),
    "report.win": ("和牌！", "Complete hand: a win!"),
    "report.ready": ("听牌", "ready, tenpai"),
    "report.waits": ("听", "Waits"),
    "report.left": ("剩{n}张", "{n} left"),
    "report.dead": ("(已绝)", "(dead)"),
    "report.effective": ("有效进张", "Effective draws"),
    "report.discards": ("打牌建议", "Discard advice"),
    "report.discard": ("打{tile}：向听{s}，进张{k}张（{tiles}）",
                       "discard {tile}: shanten {s}, {k} tiles ({tiles})"),
    "report.no_legal_wait": ("（牌型听牌，但按本规则没有能和的牌）",
                             " (ready in shape, but no tile makes a win these rules allow)"),
    "report.readings": ("拆分", "Readings"),
    "report.kongs": ("可暗杠", "Concealed kong possible"),
    "report.added": ("可加杠", "Added kong possible"),
    "report.n/a": ("不适用", "n/a"),
    "report.total": ("共{n}张", "{n} in all"),
    "report.score": ("计分:", "Score:"),
    "report.sum": ("合计", "Total"),
    "report.liable": ("包牌", "Liable"),
    "report.payments": ("结算", "Payments"),
    "report.assumed": ("假定", "Assumed"),
    "report.cap": ("封顶 {cap}番（本手 {fan}番）", "capped at {cap} fan (the hand has {fan})"),
    "report.discard_of": ("出牌", "Discard"),
    "report.advice_line": ("打 {tile}: 胡牌率 {win} · 期望 {ev}", "discard {tile}: win {win} · "
                           "expected {ev}"),
    "report.advice_danger": (" · 放炮 {deal}", " · deal-in {deal}"),
    "report.advice_targets": ("    目标: {targets}", "    aiming at: {targets}"),
    "report.verdict": ("判断: {reason}", "Verdict: {reason}"),
    # advice (assistant.verdict): push or fold once an opponent has declared ready
    "advice.push": ("{seats}已听牌；打{tile}仍有 {win} 胡牌率、期望 {ev}，高于放炮（{deal}，每次约 "
                    "{loss}）的损失：进攻。",
                    "{seats} declared ready; discarding {tile} keeps a {win} chance to win, "
                    "expected {ev}, worth more than the {deal} chance of paying about {loss}: "
                    "push."),
    "advice.fold": ("{seats}已听牌；进攻的收益抵不上放炮的损失（每次约 {loss}），打{tile}最稳"
                    "（放炮 {deal}）：弃和。",
                    "{seats} declared ready; pushing gains less than dealing in would cost (about "
                    "{loss}), so discard {tile}, the safer tile ({deal} to deal in): fold."),
    # advice: the first discard and why, one sentence for a beginner (assistant.verdict._why)
    "advice.why_same": ("打{tile}：留下的有效牌最多，胡牌率 {win}、期望 {ev}{aim}。",
                        "Discard {tile}: it keeps the most useful draws, a {win} chance to win "
                        "and {ev} expected{aim}."),
    "advice.why_other": ("打{tile}，不打{other}：打{other}进张最多，但打{tile}期望 {ev}"
                         "（打{other}只有 {other_ev}），胡牌率 {win}（对 {other_win}）{deal}{aim}。",
                         "Discard {tile}, not {other}: {other} keeps the most useful draws, but "
                         "{tile} is worth {ev} expected ({other} only {other_ev}), a {win} "
                         "chance to win (against {other_win}){deal}{aim}."),
    "advice.why_deal": ("，放炮 {deal}（对 {other_deal}）",
                        ", {deal} to deal in (against {other_deal})"),
    "advice.why_aim": ("，主要胡{target}", ", mostly as {target}"),
    # the variant's own reason where it decides the first discard (assistant.verdict._rule_reason)
    "advice.rule_minimum": ("打{other}听牌不慢，但和出的牌多半不到{min}番，不够{rule}，不能和。",
                            "{other} gets ready as fast, but its wins mostly fall short of the "
                            "{min}-point minimum ({rule}), and such a hand cannot win."),
    "advice.rule_void": ("四川麻将缺一门（定缺）：{suit}是要打掉的一门，手里还有这门牌就不能和。",
                         "Sichuan needs a void suit (定缺, 缺一门): {suit} is the suit to give up, "
                         "and the hand cannot win while it holds any."),
    "advice.rule_root": ("打{other}会拆掉四张一样的{other}：留着算一根（根），每根加1番。",
                         "{other} would break the four {other}: kept, they count as a 根 (root), "
                         "one more fan each."),
    "advice.rule_special": ("{target}在爆和以外，不受{cap}番封顶，分数高得多。",
                            "{target} is a special hand beyond the 爆和 cap of {cap} fan, so it "
                            "scores in full, far above a capped hand."),
    "advice.rule_fan_doubles": ("广东牌每多一番分数翻一倍（爆和{cap}番封顶），为{target}慢一点也值得。",
                                "Guangdong doubles the points with every fan (capped at {cap} "
                                "fan, 爆和), so {target} is worth a slower hand."),
    "advice.rule_yaku": ("副露以后没有门前清自摸和、也不能立直：打{other}留下的牌没有役，不能和；"
                         "打{tile}保住{target}。",
                         "An open hand has no riichi and no closed self-draw: after {other} it "
                         "has no yaku and cannot win; {tile} keeps {target}."),
    "advice.safe_genbutsu": ("{tile}是{seats}的现物（打过或立直后没和这张），振听，不会放炮给他。",
                             "{tile} is safe against {seats}: it is in the declarer's river or "
                             "was passed after the riichi (furiten), so he cannot win on it."),
    "advice.safe_suji": ("{tile}是筋牌：{seats}打过{suji}，两面听不能和{tile}（振听）。",
                         "{tile} is suji: {seats} threw {suji}, so a two-sided wait cannot win on "
                         "{tile} (furiten)."),
    "advice.safe_kabe": ("{tile}靠壁：{wall}四张都已见到，没有两面听能和{tile}。",
                         "{tile} is safe by kabe (壁, the wall): every {wall} is in sight, so no "
                         "two-sided wait can win on {tile}."),
    "advice.safe_one_chance": ("{tile}是单壁：{wall}只剩一张没见到，两面听和{tile}的机会很小。",
                               "{tile} is one-chance (单壁): only one {wall} is unseen, so a "
                               "two-sided wait on {tile} is unlikely."),
    "report.nothing": ("不能要", "nothing"),
    # the teach page's value exercises (assistant.service.practice.value_question)
    "ui.value_practice": ("练习：打哪张最值？", "Practice: which discard is worth most?"),
    "ui.value_family": ("牌型与规则", "Rules and lesson"),
    "ui.value_family_mcr": ("国标：起和八番", "MCR: the 8-point minimum"),
    "ui.value_family_sichuan": ("四川：缺一门与根", "Sichuan: the void suit and 根"),
    "ui.value_family_guangdong": ("广东：清一色与爆和", "Guangdong: 清一色 and the cap"),
    "ui.value_family_riichi": ("日麻：役", "Riichi: yaku"),
    "ui.value_family_riichi_defence": ("日麻：防守立直", "Riichi: defence against a riichi"),
    "ui.value_tap_the_discard": ("点你要打的那张牌。", "Tap the tile you would discard."),
    "ui.value_draws": ("{variant} · 还能摸 {n} 张", "{variant} · {n} draws left"),
    "ui.value_declared": ("{seat}立直（第 {n} 张宣言），牌河：", "{seat} declared riichi (discard "
                          "{n}); river:"),
    "ui.value_right": ("答对了：打{tile}。", "Right: discard {tile}."),
    "ui.value_wrong": ("打{answer}不是最好：应打{tile}。", "Discarding {answer} is not best: "
                       "discard {tile}."),
    "ui.value_efficient": ("只看进张会打{tile}。", "Counting useful tiles alone, you would "
                           "discard {tile}."),
    "report.winners": ("和牌", "Winners"),
    "report.takes": ("得牌", "Takes it"),
    # the Charleston (查理士顿): why a tile is passed (assistant.procedures.charleston_advice)
    "charleston.lone_suit": ("{tile}：孤张，手里没有同样的牌，也没有同门相差两张以内的牌",
                             "{tile}: a lone tile, no copy held and no tile of its suit within "
                             "two of it"),
    "charleston.lone_honour": ("{tile}：孤张字牌，手里没有同样的牌",
                               "{tile}: a lone honour, no copy held"),
    "charleston.few_links": ("{tile}：手里只有 {n} 张能和它搭配",
                             "{tile}: it could make a set with only {n} of the tiles held"),
    "charleston.rule": ("逐张挑选：先看传出后向听最好，再看与手牌关联最少，再看留下的进张最多",
                        "one by one: the tile whose loss leaves the best shanten, then the one "
                        "with the fewest neighbours held, then the one leaving the most "
                        "improving tiles"),
    "charleston.right": ("传给下家", "to the right (下家)"),
    "charleston.left": ("传给上家", "to the left (上家)"),
    "charleston.opposite": ("传给对家", "across (对家)"),
    "charleston.step": ("第{round}轮 · 第{step}次换牌：{to}", "Round {round} · pass {step}: {to}"),
    "claim.win": ("和", "win"),
    "claim.kong": ("杠", "kong"),
    "claim.pung": ("碰", "pung"),
    "claim.chow": ("吃", "chow"),
    "claim.joker_pung": ("一张真牌加特别百搭碰（{jokers}）", "pung with one real tile and a special "
                         "joker ({jokers})"),
    "meld.chow": ("吃", "chow"),
    "meld.pung": ("碰", "pung"),
    "meld.kong": ("杠", "kong"),
    "meld.concealed_kong": ("暗杠", "concealed kong"),
    "meld.quint": ("昆", "quint"),
    "meld.concealed_quint": ("暗昆", "concealed quint"),
    "from.left": ("上家", "from the left (上家)"),
    "from.opposite": ("对家", "from opposite (对家)"),
    "from.right": ("下家", "from the right (下家)"),
    # scores as players say them
    "score.fan_each": ("{fan}番 · 每家 {each} 分", "{fan} fan · {each} points from each payer"),
    "score.fan": ("{fan}番", "{fan} fan"),
    "score.points": ("{points} 分", "{points} points"),
    "score.tai": ("{tai}台", "{tai} tai"),
    "ui.tai": ("台", "tai"),
    "ui.five_sets_and_a_pair": ("基本和型 (五组+一对)", "five sets and a pair"),
    "score.han_fu": ("{han}番{fu}符 · 共 {points} 点", "{han} han {fu} fu · {points} points in all"),
    "score.yakuman": ("役满 ×{times} · 共 {points} 点", "yakuman ×{times} · {points} points in all"),
    # the score command (vision.commands.score)
    "photo.read": ("识别到的牌 (编号用于 --fix)", "Tiles read (numbers for --fix)"),
    "photo.concealed": ("手牌", "concealed"),
    "photo.meld": ("副露", "meld"),
    "photo.win": ("和牌张", "winning tile"),
    "photo.bonus": ("花牌", "bonus"),
    "photo.ignored": ("未计入", "not part of the hand"),
    "photo.unsure": ("不确定", "Unsure"),
    "photo.fix": ("请用 --fix N=牌 更正后重试 (例如 --fix 3=5p)。",
                  "Correct with --fix N=TILE and run again (e.g. --fix 3=5p)."),
    "photo.not_scored": ("未计分。", "Not scored."),
    "photo.winning_tile": ("和牌张", "Winning tile"),
    # the command line
    "cli.error": ("错误", "error"),
    "error.unknown": ("输入有误：{message}", "bad input: {message}"),
    "detect.found": ("{path}：{n} 张牌  {codes}", "{path}: {n} tiles  {codes}"),
    # the whole table read from one photo (vision.table_reader, read-table)
    "table.seat.self": ("本家", "you"),
    "table.seat.right": ("下家", "right"),
    "table.seat.across": ("对家", "across"),
    "table.seat.left": ("上家", "left"),
    "table.hand": ("手牌", "hand"),
    "table.hidden": ("暗牌 {n} 张", "{n} hidden"),
    "table.melds": ("副露", "melds"),
    "table.river": ("牌河", "river"),
    "table.bonus": ("花牌", "flowers"),
    "table.wall": ("牌墙 {n} 张", "wall {n}"),
    "table.indicator": ("翻出的牌：{tile}", "turned-up tile: {tile}"),
    "table.no_indicator": ("没有找到翻出的牌", "no turned-up tile found"),
    "table.found": ("{path}：{n} 张牌", "{path}: {n} tiles"),
    "table.zone.hand": ("手牌", "hand"),
    "table.zone.meld": ("副露", "meld"),
    "table.zone.river": ("牌河", "river"),
    "table.zone.bonus": ("花牌", "flowers"),
    "table.zone.indicator": ("翻牌", "turned-up tile"),
    "table.zone.wall": ("牌墙", "wall"),
    "ui.whole_table": ("全桌", "Whole table"),
    "ui.read_the_whole_table": ("读全桌：各家的牌河、副露和手牌",
                                "Read the whole table: every seat's river, melds and hand"),
    "ui.table_seat": ("座位", "Seat"),
    "ui.table_zone": ("区域", "Zone"),
    "ui.table_move": ("移到这里", "Move it there"),
    "ui.table_tap_a_tile": ("先点一张牌，再选座位和区域", "Tap a tile first, then choose its seat and zone"),
    "table.wilds": ("赖子/财神：{tiles}", "wild: {tiles}"),
    "table.dora": ("宝牌（dora）：{tiles}", "dora: {tiles}"),
    "table.from": ("来自{seat}", "from {seat}"),
    "table.no_tiles": ("照片上没有找到牌：各家都空着", "no tiles found in the photo: every seat is empty"),
    "table.not_a_set": ("{seat}摆出的 {tiles} 不成副露（请检查）",
                        "{seat}: {tiles} laid out make no set (check them)"),
    "table.extra_indicator": ("{seat}的 {tile} 也像翻出的牌，算作{zone}",
                              "{seat}: {tile} also looks turned up; read as {zone}"),
    "table.unsure": ("{n} 张牌认不准：{tiles}", "{n} tiles read unsurely: {tiles}"),
    "table.too_many": ("超过四张：{tiles}（请检查）", "more than four copies: {tiles} (check them)"),
    "tileset.learnt": ("牌组 {name}：学会了 {n} 张牌", "tile set {name}: learnt {n} tiles"),
    "tileset.read_right": ("学之前识别器认对了其中 {right} 张（共 {n} 张）",
                           "before, the recognizer read {right} of the {n} right"),
    "tileset.misread": ("认错的（认成→其实是）", "misread (read→really)"),
    "tileset.summary": ("牌组 {name}：{examples} 个样本，{kinds} 种牌",
                        "tile set {name}: {examples} examples of {kinds} kinds"),
    "tileset.missing": ("还没学的牌", "not learnt yet"),
    "tileset.recent": ("最近的样本（* 是改正时加的）", "recent examples (* added by a correction)"),
    "tileset.none": ("还没有牌组：用 mahjong-assistant tileset learn 学一组",
                     "no tile set yet: learn one with mahjong-assistant tileset learn"),
    "tileset.forgot": ("牌组 {name}：已撤销样本 #{id}", "tile set {name}: example #{id} undone"),
    "tileset.deleted": ("已删除牌组 {name}", "tile set {name} deleted"),
    # why a complete hand is not a win (assistant.analysis: ``not_a_win``)
    "verdict.void_suit_held": ("定缺的一门还在手里（{tiles}）：打完这门才能和",
                               "the void suit (定缺) is still held ({tiles}): it must all be "
                               "discarded before a win"),
    "verdict.three_suits_held": ("缺一门：三门花色都在手里，不能和",
                                 "all three suits are held: this variant needs one suit missing "
                                 "(缺一门) to win"),
    "verdict.below_minimum": ("{points}番不够起和的{min}番：不算和牌，不付分",
                              "{points} points are under the {min}-point minimum (起和): not a "
                              "win, nothing is paid"),
    "verdict.not_a_win": ("不算和牌", "Not a win"),
    "verdict.counted": ("算得的番（不够起和，不付分）", "Points counted (not enough to win, nothing paid)"),
    # pages
    "page.remove": ("拿掉这张牌", "Remove this tile"),
    "page.make_win": ("和的是这张", "This is the winning tile"),
    "page.shanten_short": ("{s} 向听：还差 {n} 张有效牌才能和",
                           "{s}-shanten: {n} useful tiles short of a win"),
    "page.discard_why": (
        "打{name}最好：打完后{after}，能让牌前进的有 {kinds} 种、还剩 {copies} 张"
        "（有效牌越多，越快和牌）。",
        "Discard {name}: the hand is then {after}, and {kinds} kinds of tile ({copies} "
        "copies left) improve it; the more useful draws, the sooner you win."),
    "page.after_ready": ("听牌", "ready"),
    "page.after_shanten": ("{s} 向听", "{s}-shanten"),
    "page.camera_secure": (
        "浏览器只在安全连接下打开摄像头：请用 https:// 地址访问（服务端用 "
        "mahjong-assistant serve --https 启动），或改用「拍照算分」上传照片。",
        "Browsers open the camera on secure pages only: open the https:// address (start "
        "the service with mahjong-assistant serve --https), or upload a photo on the Score "
        "page."),
    "page.camera_failed": ("无法打开摄像头：{message}", "Cannot open the camera: {message}"),
    "page.photo_tile": ("照片第 {k} 张：{name}，改正", "photo tile {k}: {name}, correct it"),
    "page.hand_tile": ("第 {i} 张：{name}{win}，改正", "tile {i}: {name}{win}, correct it"),
    "page.winning_mark": ("（和牌张）", " (winning tile)"),
    "page.image_unshown": ("无法显示这张图片", "This image cannot be shown"),
    "page.type_instead": ("{message} — 请在下面手动输入牌", "{message} — type the tiles below instead"),
    "page.meld_size": ("一副{kind}有 {size} 张牌，输入了 {n} 张",
                       "a {kind} has {size} tiles, {n} were typed"),
    "page.empty_means": ("留空 = {meaning}", "empty = {meaning}"),
    "page.points_of": ("{name} 的分数", "points of {name}"),
    "page.river_of": ("{name} 的牌河（{wind}）", "river of {name} ({wind})"),
    "page.reading_photo": ("识别中…", "Reading the photo…"),
    "page.tiles_found": ("找到 {n} 张牌", "{n} tiles found"),
    "page.cancel": ("取消", "Cancel"),
    "page.ts_learning": ("正在学你的牌…", "Learning your tiles…"),
    "page.ts_learnt": ("学会了 {n} 张牌；学之前认对了其中 {right} 张",
                       "Learnt {n} tiles; before, {right} of them were read right"),
    "page.ts_summary": ("你的牌组：{examples} 个样本，{kinds} 种牌；照片都用它来认。",
                        "Your tile set: {examples} examples of {kinds} kinds; photos are read with it."),
    "page.ts_none": ("还没有你的牌组。", "No tile set of yours yet."),
    "page.ts_corrected": ("改成了{name}", "Corrected to {name}"),
    "page.ts_remembered": ("已记住：{name}", "Remembered: {name}"),
    "page.ts_undone": ("已撤销：{name}", "Undone: {name}"),
    "page.ts_live": ("用你的牌组认牌（{examples} 个样本）",
                     "Reading with your tile set ({examples} examples)"),
}

#: The pages' words (templates and scripts), by key: ``zh('ui.…')``/``en('ui.…')`` in the templates,
#: ``T('ui.…')`` in the scripts.
UI: dict[str, tuple[str, str]] = {
    "ui.mahjong_assistant": ("麻将助手", "Mahjong assistant"),
    "ui.score_a_photo": ("拍照算分", "Score a photo"),
    "ui.live_table": ("实时牌桌", "Live table"),
    "ui.teach": ("学打麻将", "Teach"),
    "ui.table_session": ("牌局记分", "Table session"),
    "ui.mahjong_table_assistant": ("麻将助手", "Mahjong table assistant"),
    "ui.photograph_a_hand_correct_any_misread_ti": (
        "拍下一手牌，改正认错的牌，得到逐项计分和各家收付。",
        "Photograph a hand, correct any misread tile, get the itemised score and each seat's payment.",
    ),
    "ui.point_the_webcam_at_your_hand_tiles_wait": (
        "摄像头对准手牌：识别牌、听牌与剩余张数、最佳打法、别家打牌时可否吃碰杠和。",
        "Point the webcam at your hand: tiles, waits with copies left, the best discards, claims on a d"
        "iscard.",
    ),
    "ui.why_a_hand_wins_or_not_each_scoring_item": (
        "为什么和或不和、每个计分项、打哪张及原因、各地规则、练习。",
        "Why a hand wins or not, each scoring item, what to discard and why, the rules of each variant,"
        " practice.",
    ),
    "ui.keep_a_game_across_hands_for_four_player": (
        "四人一局连续记分：庄家、圈风、每手结果和累计。",
        "Keep a game across hands for four players: dealer, wind, results and running totals.",
    ),
    "ui.start_the_camera": ("打开摄像头", "Start the camera"),
    "ui.stop": ("停止", "Stop"),
    "ui.hand_read": ("识别的手牌", "Hand read"),
    "ui.waiting_for_the_camera": ("等待摄像头…", "Waiting for the camera…"),
    "ui.a_discard_by_another_player": ("别家打出的牌", "A discard by another player"),
    "ui.my_seat": ("我的座位", "My seat"),
    "ui.live_rules": ("规则", "Rules"),
    "ui.win_and_play_on": ("记下这一和，本局继续", "Record this win, the hand goes on"),
    "ui.wins_so_far": ("本局已和", "Wins so far this hand"),
    "ui.still_in": ("仍在局", "Still in"),
    "ui.points_held": ("持点", "Points held"),
    "ui.riichi_sticks_on_the_table": ("场上立直棒", "Riichi sticks on the table"),
    "ui.charleston": ("查理士顿", "Charleston"),
    "ui.play_the_charleston": ("打查理士顿（起手换三张）", "Play the Charleston (pass three tiles)"),
    "ui.charleston_pass_these": ("建议传出这三张", "Pass these three"),
    "ui.charleston_next_pass": ("下一次换牌", "Next pass"),
    "ui.charleston_start_again": ("从第一次重来", "Start again"),
    "ui.charleston_dealer_calls": ("第二轮由庄家决定是否再换", "The second round is the dealer's "
                                   "call"),
    "ui.charleston_done": ("查理士顿换完了", "The Charleston is over"),
    "ui.charleston_needs_a_hand": ("先让摄像头读到起手牌（13 或 14 张）",
                                   "Let the camera read the dealt hand first (13 or 14 tiles)"),
    "ui.riichi_switch_stake": ("立直（每次拿出一千点）", "立直 (riichi: a 1000 stake each time)"),
    "ui.honba": ("本场", "Honba"),
    "ui.dealer_streak": ("连庄", "Dealer's streak"),
    "ui.stakes_for_the_next_hand": ("拉庄留注（下一盘付）", "拉庄 stakes paid with the next hand"),
    "ui.declared_riichi": ("立直", "Declared riichi"),
    "ui.tenpai_at_the_draw": ("流局听牌", "Tenpai at the draw"),
    "ui.asked_la_zhuang": ("拉庄", "Asked 拉庄 (la zhuang)"),
    "ui.void_suit": ("定缺", "Void suit (定缺)"),
    "ui.no_void_suit": ("不定缺", "none"),
    "ui.skip_to_content": ("跳到正文", "Skip to the content"),
    "ui.table_turns_up_dora": ("这桌翻宝牌", "This table turns up 宝牌 (dora)"),
    "ui.suit_m": ("万", "characters"),
    "ui.suit_p": ("筒", "dots"),
    "ui.suit_s": ("条", "bamboo"),
    "ui.no_chow_under_these_rules": ("本规则不能吃牌", "No chow under these rules"),
    "ui.indicator_tile": ("翻开的牌（定赖子）", "Tile turned up (makes the wilds)"),
    "ui.pick_the_indicator": ("选牌", "Pick"),
    "ui.e_g_4m": ("如 4m", "e.g. 4m"),
    "ui.e_g_1m_e": ("如 1m E", "e.g. 1m E"),
    "ui.dora_indicators": ("宝牌指示牌", "Dora indicators"),
    "ui.ura_dora_indicators": ("里宝牌指示牌", "Ura-dora indicators"),
    "ui.riichi_declared": ("立直", "Riichi declared"),
    "ui.double_riichi": ("两立直", "Double riichi"),
    "ui.ippatsu": ("一发", "Ippatsu"),
    "ui.nukidora": ("拔北（张数）", "North set aside (nukidora)"),
    "ui.wild_tiles": ("赖子（百搭）", "Wild tiles"),
    "ui.wild": ("赖子", "wild"),
    "page.make_indicator": ("这是翻开的牌", "This is the tile turned up"),
    "page.one_indicator": ("翻开的牌只有一张，输入了 {n} 张",
                           "The tile turned up is one tile; {n} were typed"),
    "page.too_many_indicators": ("指示牌最多 5 张，输入了 {n} 张", "At most 5 indicators; {n} were typed"),
    "score.han_fu": ("{han}番 {fu}符 · {points} 点", "{han} han {fu} fu · {points} points"),
    "ui.discarded_by": ("出牌的人", "Discarded by"),
    "ui.tap_the_tile_that_was_discarded": ("点一下打出的牌：", "Tap the tile that was discarded:"),
    "ui.tapped_rivers": ("点过的牌也记进打牌那家的牌河（读桌关闭或读错时，建议按它算放炮）：",
                         "Each tapped tile also goes into the discarder's river (the advice weighs "
                         "it when the table reader is off or wrong):"),
    "ui.undo_river_tile": ("撤销上一张", "Undo the last tile"),
    "ui.river_full": ("{seat}家的牌河已满 {n} 张，一家牌河最多这么多", "{seat}'s river already holds {n} "
                      "tiles, the most a river holds"),
    "ui.no_tapped_rivers": ("还没有记下牌河或副露", "No river or meld tapped in yet"),
    "ui.tap_into": ("点的牌记作", "A tapped tile goes into"),
    "ui.tap_river": ("打牌那家的牌河", "the discarder's river"),
    "ui.tap_chow": ("那家吃（点最小的一张）", "that seat's chow (tap its lowest tile)"),
    "ui.tap_pung": ("那家碰", "that seat's pung"),
    "ui.tap_kong": ("那家明杠", "that seat's exposed kong"),
    "ui.meld_own_seat": ("自己的副露不在这里记：写进手牌的副露", "Your own melds are not tapped here: "
                         "they go with your hand"),
    "ui.melds_full": ("{seat}家的副露已满 {n} 组，一家最多这么多", "{seat} already shows {n} melds, the "
                      "most a seat shows"),
    "ui.chow_from_lowest": ("吃要点顺子里最小的牌（1 到 7 的数牌）", "A chow is tapped by its lowest "
                            "tile (a suited 1 to 7)"),
    "ui.take_or_choose_a_photo": ("拍照或选择照片", "Take or choose a photo"),
    "ui.tap_a_tile_in_the_photo_in_the_list_unde": (
        "点照片里、照片下的列表里或手牌里的牌可以改正：照片和手牌是同一手牌。",
        "Tap a tile (in the photo, in the list under it, or in the hand) to correct it: the photo and t"
        "he hand are the same hand.",
    ),
    "ui.the_hand": ("手牌", "The hand"),
    "ui.add_a_meld_chow_pung_kong": ("加一副副露（吃、碰、杠）", "Add a meld (chow, pung, kong)"),
    "ui.kind": ("种类", "Kind"),
    "ui.chow": ("吃", "chow"),
    "ui.pung": ("碰", "pung"),
    "ui.kong": ("杠", "kong"),
    "ui.quint": ("昆（五张，含百搭）", "quint (five of a kind, with a wild)"),
    "ui.concealed_kong": ("暗杠", "concealed kong"),
    "ui.claimed_from": ("从谁那里吃碰杠", "Claimed from"),
    "ui.the_player_on_the_left": ("上家", "the player on the left"),
    "ui.the_player_opposite": ("对家", "the player opposite"),
    "ui.the_player_on_the_right": ("下家", "the player on the right"),
    "ui.tiles": ("牌", "Tiles"),
    "ui.add_the_meld": ("加这副副露", "Add the meld"),
    "ui.add_a_tile": ("加一张", "Add a tile"),
    "ui.clear": ("清空", "Clear"),
    "ui.tiles_typed": ("输入的牌", "Tiles typed"),
    "ui.use_typed_tiles": ("用输入的牌", "Use typed tiles"),
    "ui.the_last_tile_outlined_is_the_winning_ti": (
        "最后一张（红框）是和的那张牌；花牌在选牌框里。",
        "The last tile (outlined) is the winning tile; flowers and seasons are in the tile picker.",
    ),
    "ui.variant_and_table_facts": ("规则与牌桌情况", "Variant and table facts"),
    "ui.variant": ("规则", "Variant"),
    "ui.self_drawn": ("自摸", "Self-drawn"),
    "ui.discarder": ("放炮", "Discarder"),
    "ui.seat_wind": ("门风", "Seat wind"),
    "ui.prevalent_wind": ("圈风", "Prevalent wind"),
    "ui.dealer": ("庄家", "Dealer"),
    "ui.bets_per_seat": ("各家下注", "Bets per seat"),
    "ui.east": ("东家", "East"),
    "ui.south": ("南家", "South"),
    "ui.west": ("西家", "West"),
    "ui.north": ("北家", "North"),
    "ui.house_rules_of_this_variant": ("本规则的选项（地方规矩）", "House rules of this variant"),
    "ui.score": ("算分", "Score"),
    "ui.e_g_555p": ("例如 555p", "e.g. 555p"),
    "ui.e_g_123m456p789s1112z_s": ("例如 123m456p789s1112z 南", "e.g. 123m456p789s1112z S"),
    "ui.new_table": ("开一桌", "New table"),
    "ui.player_1_first_dealer": ("玩家1 (首庄)", "Player 1 (first dealer)"),
    "ui.player_2": ("玩家2", "Player 2"),
    "ui.player_3": ("玩家3", "Player 3"),
    "ui.player_4": ("玩家4", "Player 4"),
    "ui.bets": ("下注", "Bets"),
    "ui.player_1": ("玩家1", "Player 1"),
    "ui.start_the_table": ("开始", "Start the table"),
    "ui.tables_kept": ("已有的牌局", "Tables kept"),
    "ui.hand": ("第几手", "Hand"),
    "ui.record_this_hand": ("记录这一手", "Record this hand"),
    "ui.win": ("和牌", "Win"),
    "ui.draw": ("流局", "Draw"),
    "ui.discarder_2": ("放炮者", "Discarder"),
    "ui.winner": ("和牌者", "Winner"),
    "ui.winning_hand_13_tiles_winning_tile": (
        "和牌的牌 (13张+和的那张)",
        "Winning hand (13 tiles + winning tile)",
    ),
    "ui.another_winner_on_this_discard": ("+ 一炮多响：再加一位和牌者", "+ another winner on this discard"),
    "ui.or_points_for_the_whole_hand": ("或整手的分数", "or points for the whole hand"),
    "ui.a_kong_made_this_hand": ("+ 本手的杠", "+ a kong made this hand"),
    "ui.kong_by": ("杠的人", "Kong by"),
    "ui.rivers_this_hand": ("各家牌河（可不填，按出牌顺序）",
                            "Each player's river (optional, in discard order)"),
    "ui.rivers": ("牌河", "Rivers"),
    "ui.added_kong": ("加杠", "added kong"),
    "ui.kong_on_a_discard": ("直杠", "kong on a discard"),
    "ui.tile": ("牌", "tile"),
    "ui.from": ("来自", "from"),
    "ui.remove_this_kong": ("删掉这个杠", "Remove this kong"),
    "ui.record": ("记录", "Record"),
    # the table page's changes of a recorded hand, its deletion and its links
    "ui.share_read_only": ("只读链接（可以看，不能记分）", "Read-only link (to watch, not to record)"),
    "ui.share_can_record": ("记分链接（含密钥，只给记分的人）",
                            "Scorer's link (holds the secret: give it only to who records)"),
    "ui.read_only_note": ("只读：这个链接没有密钥，不能记分、更正或删除",
                          "Read-only: this link has no secret, so hands cannot be recorded, "
                          "corrected or deleted"),
    "ui.correct_hand": ("更正", "Correct"),
    "ui.undo_hand": ("撤销", "Undo"),
    "ui.delete_table": ("删除牌局", "Delete the table"),
    "ui.correcting_hand": ("正在更正第 {n} 手：填写正确的结果后点“更正第 {n} 手”",
                           "Correcting hand {n}: enter the right result, then “Correct hand {n}”"),
    "ui.record_correction": ("更正第 {n} 手", "Correct hand {n}"),
    "ui.cancel_correction": ("取消更正", "Cancel the correction"),
    "ui.confirm_undo": ("撤销第 {n} 手？累计分会重新计算。",
                        "Undo hand {n}? The totals are worked out again."),
    "ui.confirm_correct": ("用这个结果更正第 {n} 手？之后各手会重新计算。",
                           "Correct hand {n} with this result? The hands after it are worked out "
                           "again."),
    "ui.confirm_delete_table": ("删除牌局“{name}”和它的全部 {hands} 手？删除后无法恢复。",
                                "Delete the table “{name}” and all its {hands} hands? This cannot be "
                                "undone."),
    "ui.hands": ("每手结果", "Hands"),
    "ui.learn_mahjong": ("学打麻将", "Learn mahjong"),
    "ui.explain_a_hand": ("解释一手牌", "Explain a hand"),
    "ui.a_winning_hand_is_four_sets_a_chow_like_": (
        "和牌一般是四组（同花色的顺子如一二三，或三张相同的刻子）加一对将；有的规则还允许七对等特殊牌型。",
        "A winning hand is four sets (a chow like 1-2-3 of one suit, or a pung of three alike) and a pa"
        "ir; some variants also allow special forms such as seven pairs.",
    ),
    "ui.explain": ("解释", "Explain"),
    "ui.the_full_report": ("完整说明", "The full report"),
    "ui.practice_melds": ("已经吃碰的牌", "Sets already claimed"),
    "ui.practice_stood": ("立四（立着的牌，听牌要用到）", "Standing tiles (立四: the wait uses them)"),
    "ui.practice_which_tiles_complete_this_hand": (
        "练习：听哪几张？",
        "Practice: which tiles complete this hand?",
    ),
    "ui.tap_every_tile_that_completes_the_hand_t": (
        "点出所有能和的牌，然后检查。",
        "Tap every tile that completes the hand, then check.",
    ),
    "ui.check": ("检查", "Check"),
    "ui.next_question": ("下一题", "Next question"),
    "ui.the_rules_of_each_variant": ("各地规则", "The rules of each variant"),
    "ui.tiles_e_g_123m456p789s1122z": ("输入牌，例如 123m456p789s1122z", "tiles, e.g. 123m456p789s1122z"),
    "ui.choose_a_tile": ("选一张牌", "Choose a tile"),
    "ui.fan": ("番", "fan"),
    "ui.points": ("分", "points"),
    "ui.score_2": ("计分", "Score"),
    "ui.total": ("合计", "Total"),
    "ui.payments_per_seat": ("各家收付", "Payments per seat"),
    "ui.list_semicolon": ("；", "; "),
    "ui.a_winning_hand": ("和牌！", "A winning hand!"),
    "ui.a_complete_hand": ("完整的牌型", "A complete hand"),
    "ui.ready_one_tile_from_winning": ("听牌 (差一张和牌)", "Ready: one tile from winning"),
    "ui.shanten_per_form": ("各和型向听", "Shanten per form"),
    "ui.waits": ("听牌", "Waits"),
    "ui.left": ("剩", "left"),
    "ui.effective_tiles_a_draw_that_helps": ("有效牌 (摸到就前进)", "Effective tiles (a draw that helps)"),
    "ui.what_to_discard": ("打哪张", "What to discard"),
    "ui.discard": ("打", "Discard"),
    "ui.shanten_after": ("之后向听", "Shanten after"),
    "ui.useful_copies": ("有效牌张数", "Useful copies"),
    "ui.useful_draws": ("有效牌", "Useful draws"),
    "ui.tiles_in_view": ("摄像头里的牌", "Tiles in view"),
    "ui.list_comma": ("、", ", "),
    "ui.no_tiles_in_view_yet": ("摄像头里还没有牌", "No tiles in view yet"),
    "ui.no_full_hand_read_yet_13_or_14_tiles": (
        "还没读到完整的手牌 (13 或 14 张，台湾 16 或 17 张)",
        "No full hand read yet (13 or 14 tiles, 16 or 17 in Taiwan)",
    ),
    "ui.updates_s": ("次/秒", "updates/s"),
    "ui.median_latency": ("中位延迟", "median latency"),
    "ui.the_discarder_cannot_be_you": ("出牌的人不能是自己", "The discarder cannot be you"),
    "ui.claims_need_a_13_tile_hand_read_from_the": (
        "需要读到 13 张手牌（台湾 16 张）才能判断吃碰杠和",
        "Claims need a 13-tile hand (16 in Taiwan) read from the camera",
    ),
    "ui.win_2": ("和！", "Win!"),
    "ui.kong_2": ("杠", "Kong"),
    "ui.pung_2": ("碰", "Pung"),
    "ui.chow_2": ("吃", "Chow"),
    "ui.no_claim": ("不能吃碰杠和", "no claim"),
    "ui.tiles_read_in_the_photo": ("照片里识别到的牌", "Tiles read in the photo"),
    "ui.no_tile_was_read_in_the_photo": ("照片里没有识别到牌", "No tile was read in the photo"),
    "ui.the_photo_s_tiles_left_to_right": ("照片里的牌（按从左到右）", "The photo's tiles, left to right"),
    "ui.remove_this_meld": ("删掉这副", "Remove this meld"),
    "ui.flowers": ("花牌", "Flowers"),
    "ui.tiles_2": ("张", "tiles"),
    "ui.no_options_to_set": ("没有可调的选项", "No options to set"),
    "ui.hands_2": ("手", "hands"),
    "ui.dealer_2": ("庄", "dealer"),
    "ui.bet": ("注", "bet"),
    "ui.self_drawn_2": ("自摸", "self-drawn"),
    "ui.dealer_3": ("庄", "Dealer"),
    "ui.result": ("结果", "Result"),
    "ui.draw_2": ("流局", "draw"),
    "ui.wins_on": ("和", "wins on"),
    "ui.totals": ("累计", "Totals"),
    "ui.not_a_win_it_cannot_be_split_into_four_s": (
        "这手牌不能和：拆不成四组加一对（或特殊牌型）。向听数是还差几张有效牌才能听牌。",
        "Not a win: it cannot be split into four sets and a pair (nor a special form). The shanten says"
        " how many useful tiles it is short of ready.",
    ),
    "ui.it_wins_because_it_splits_as_below_each_": (
        "这手牌可以拆成下面的组合，所以和了；每个计分项后面是构成它的牌。",
        "It wins because it splits as below; each scoring item shows the tiles that make it.",
    ),
    "ui.correct": ("答对了！", "Correct!"),
    "ui.not_quite_the_answer": ("不对。正确答案：", "Not quite. The answer:"),
    "ui.missed": ("漏了", "Missed"),
    "ui.not_a_wait": ("不听", "Not a wait"),
    "ui.wins": ("和", "wins"),
    "ui.not_a_win_under_these_rules": ("这个规则下不算和", "not a win under these rules"),
    # a player's own tile set (the score page's step, the live page, the layout sheet)
    "ui.teach_it_my_tiles": ("教它认我的牌", "Teach it my tiles"),
    "ui.teach_tiles_how": (
        "你的牌和识别器学过的长得不一样？打印摆牌纸，把牌按格子一行行摆好、牌面朝上，拍一张照片。"
        "下面按从左到右、从上到下的顺序写出照片里的牌（你的牌里没有的就删掉）。学会以后，每张照片都用你的牌组来认。",
        "Your tiles look unlike those the recognizer learnt? Print the layout sheet, lay your "
        "tiles on it in rows, face up, and photograph them. Below, name the photo's tiles left "
        "to right, top to bottom (take out those your set lacks). From then on every photo is "
        "read with your tile set."),
    "ui.print_the_layout_sheet": ("打印摆牌纸", "Print the layout sheet"),
    "ui.layout_tiles": ("照片里的牌", "The photo's tiles"),
    "ui.photograph_the_laid_out_tiles": ("拍摆好的牌", "Photograph the laid-out tiles"),
    "ui.remember_corrections_note": (
        "改正了照片里的一张牌，可以点「记住这张牌」把它加进你的牌组，下次就认得；点错了可以撤销。",
        "After you correct a tile of the photo, tap “Remember this tile” to add it to your tile "
        "set, so it is read right next time; undo it if you tapped by mistake."),
    "ui.remember_this_tile": ("记住这张牌（加进我的牌组）", "Remember this tile (add to my tile set)"),
    "ui.undo": ("撤销", "Undo"),
    "ui.layout_sheet": ("摆牌纸", "Layout sheet"),
    "ui.layout_sheet_how": (
        "打印这一页，把每张牌牌面朝上摆在写着它名字的格子里；你的牌里没有的空着，并在「照片里的牌」里删掉。"
        "拍照时把整张纸拍进去，光线均匀，不要反光。",
        "Print this page and lay each tile face up on the box with its name; leave a box empty "
        "when your set lacks that tile, and take it out of “The photo's tiles”. Photograph the "
        "whole sheet in even light, without glare."),
    "ui.print": ("打印", "Print"),
    "ui.back_to_scoring": ("回到拍照算分", "Back to scoring"),
}
TEXT.update(UI)

#: The variants' names as players say them (the API's ids stay in the JSON).
VARIANTS: dict[str, tuple[str, str]] = {
    "default": ("通用", "General (any region)"),
    "riichi": ("日本立直麻将", "Japanese riichi"),
    "riichi_sanma": ("三人麻将（三麻）", "Three-player riichi (sanma)"),
    "mcr": ("国标麻将", "Chinese official (MCR)"),
    "shaanxi": ("陕西麻将", "Shaanxi"),
    "xian": ("西安麻将", "Xi'an"),
    "guangdong": ("广东鸡平和", "Guangdong chicken hand"),
    "sichuan": ("四川麻将·血战到底", "Sichuan, fight to the end"),
    "xueliu": ("四川麻将·血流成河", "Sichuan, blood flowing (play on after each win)"),
    "hundred": ("百张麻将（无万）", "100-tile game, no characters"),
    "changsha": ("长沙麻将", "Changsha"),
    "neimenggu": ("内蒙麻将", "Inner Mongolia"),
    "wuhu": ("芜湖麻将", "Wuhu"),
    "taiyuan": ("太原立四麻将", "Taiyuan, four standing tiles"),
    "nanjing": ("南京麻将", "Nanjing"),
    "jiangnan": ("江南麻将·心皇", "Jiangnan, the imagined tile"),
    "hongkong": ("香港麻雀·老章", "Hong Kong old style"),
    "tuidaohu": ("广东推倒和", "Guangdong push-down"),
    "taiwan": ("台湾十六张", "Taiwan sixteen tiles"),
    "wuhan": ("武汉红中赖子杠", "Wuhan, red dragon and wild kongs"),
    "wenzhou": ("温州麻将·财神", "Wenzhou, the god of wealth"),
    "xuzhou": ("徐州麻将·配儿", "Xuzhou, the partner tile"),
    "lianzhou": ("连州麻将·王", "Lianzhou, the king tile"),
    "fujian": ("福建麻将·百搭", "Fujian, the joker"),
    "tianjin": ("天津麻将·混儿", "Tianjin, the mixer"),
}

#: Chinese table words that the English texts keep, and what they mean.
TERMS: dict[str, str] = {
    "炮子": "paozi, side bets paid with the hand",
    "下炮子": "paozi bets",
    "上家": "the player on your left, who plays before you",
    "下家": "the player on your right, who plays after you",
    "对家": "the player opposite",
    "截和": "only the first player in turn wins on a discard",
    "爆和": "the fan cap",
    "夹张": "a wait in the middle of a chow",
    "单调": "a wait on the pair",
    "边张": "an edge wait (12 waiting on 3, 89 on 7)",
    "鸡和": "chicken hand, no fan",
    "平和": "all chows",
    "碰碰和": "all pungs",
    "混一色": "one suit with honours",
    "清一色": "one suit only",
    "十三幺": "thirteen orphans",
    "七对": "seven pairs",
    "全不靠": "honours and knitted",
    "组合龙": "knitted straight",
    "放杠": "a kong claimed on a discard",
    "点炮": "discarding the winning tile",
    "放炮": "discarding the winning tile",
    "自摸": "self-drawn win",
    "混幺九": "terminals and honours",
    "小三元": "little three dragons",
    "大三元": "big three dragons",
    "小四喜": "little four winds",
    "大四喜": "big four winds",
    "字一色": "all honours",
    "清幺九": "all terminals",
    "九莲宝灯": "nine gates",
    "混碰": "one suit with honours, all pungs",
    "清碰": "one suit, all pungs",
    "下注": "bets",
    "一炮三响": "three winners on one discard",
    "一炮多响": "several winners on one discard",
    "杠上开花": "a win on a kong's replacement tile",
    "海底捞月": "a win on the last tile of the wall",
    "抢杠": "robbing a kong",
    "包自摸": "one seat pays for a self-drawn win",
    "十二张落地": "four melds claimed from one seat",
    "过手不和": "a passed win is locked until your next turn",
    "荒庄": "a drawn hand",
    "连庄": "the dealer keeps the deal",
    "暗杠": "concealed kong",
    "加杠": "a kong added to one's own pung",
    "直杠": "a kong claimed on a discard",
    "明杠": "an exposed kong",
    "赖子": "wild tile",
    "财神": "wild tile",
    "百搭": "wild tile",
    "天和": "dealer's win on the deal",
    "地和": "win on the dealer's first discard",
    "人和": "win in the first go-around",
    "定缺": "the suit given up at the start",
    "缺一门": "one suit missing",
    "起和": "the minimum a hand needs to win",
    "一炮两响": "two winners on one discard",
    "七小对": "seven pairs",
    "七巧对": "seven pairs",
    "龙七对": "seven pairs with four alike",
    "清七对": "seven pairs of one suit",
    "三番起糊": "a win needs 3 fan",
    "三财神": "three wild tiles held",
    "下雨": "a concealed kong's payment ('rain')",
    "刮风": "an exposed kong's payment ('wind')",
    "刮风下雨": "kong payments",
    "不计": "not counted",
    "中下滚": "a chain of middle and lower tiles",
    "九自手": "nine self-drawn tiles",
    "乱牌": "a mixed hand",
    "全求人": "every set claimed, the pair won on a discard",
    "八支": "eight tiles of one suit",
    "八枝": "eight tiles of one suit",
    "双八支": "two suits of eight tiles",
    "出冲": "discarding the winning tile",
    "十二張落地": "four melds claimed from one seat",
    "十六张": "the 16-tile game",
    "半銃": "half the discarder's share",
    "单吊": "a wait on the pair",
    "单调胡": "a win on the pair",
    "单调自摸": "a self-drawn win on the pair",
    "单钓": "a wait on the pair",
    "单钓将": "a wait on the pair",
    "南京": "Nanjing",
    "成都": "Chengdu",
    "武汉": "Wuhan",
    "温州": "Wenzhou",
    "芜湖": "Wuhu",
    "国标": "the Chinese official rules (MCR)",
    "双四活": "two open fours",
    "四活": "an open four",
    "反王": "the king tile turned back",
    "口口番": "fan counted from every seat",
    "呼叫转移": "a kong's money passed to the winner",
    "四喜": "four winds",
    "地胡": "win on the dealer's first discard",
    "天胡": "dealer's win on the deal",
    "大胡": "a big hand",
    "小胡": "a plain hand",
    "小和": "a plain hand",
    "屁胡": "a plain hand",
    "屁和": "a plain hand",
    "平胡": "all chows",
    "素和": "a hand with no wild tile",
    "硬牌": "a hand with no wild tile",
    "套算一次": "counted once for both",
    "对对和": "all pungs",
    "对对胡": "all pungs",
    "混对对": "one suit with honours, all pungs",
    "清对对": "one suit, all pungs",
    "清对": "one suit, all pungs",
    "清一色全对": "one suit, all pairs",
    "封顶": "the cap",
    "将一色": "every tile a 2, 5 or 8",
    "将对": "all pungs of 2, 5 and 8",
    "将将胡": "every tile a 2, 5 or 8",
    "风一色": "all winds",
    "嵌张": "a wait in the middle of a chow",
    "庄闲": "dealer and others",
    "开口": "an open hand (a chow, pung or kong made)",
    "开口番": "fan for an open hand",
    "心皇": "the imagined tile",
    "成都计番": "Chengdu fan counting",
    "扎鸟": "bird tiles drawn after the win",
    "抢杠胡": "robbing a kong",
    "抢框和": "robbing a kong",
    "拉庄": "the stake doubled against the dealer",
    "捉伍儿": "a win on the middle 5 of 4-5-6",
    "推倒和": "push-down",
    "断幺九": "no terminals or honours",
    "本混儿龙": "a straight of one suit, wilds standing for themselves",
    "杠上开花包杠": "the kong's maker pays for a win on its replacement",
    "杠上炮": "a discard after a kong won on",
    "杠上花": "a win on a kong's replacement tile",
    "杠后开花": "a win on a kong's replacement tile",
    "杠开": "a win on a kong's replacement tile",
    "板板胡": "a dealt hand with no 2, 5 or 8",
    "每连庄一次便加上一番": "one fan more for each hand the dealer keeps",
    "混儿": "the wild tile (mixer)",
    "没混儿": "no wild tile held",
    "混儿吊": "a wild tile as the pair's wait",
    "活动百搭": "the turned tile's kind as its own",
    "海底捞": "a win on the last tile of the wall",
    "海底漫游": "a win on the last tile of the wall",
    "海底炮": "a win on the last discard",
    "漏和": "a missed win",
    "爆棚": "over the cap",
    "独眼": "a single eye",
    "白板": "white dragon",
    "碰碰胡": "all pungs",
    "立四": "four standing tiles",
    "立直": "riichi, declared ready",
    "三麻": "three-player riichi",
    "红中": "red dragon",
    "红中杠": "a red dragon laid out as a kong",
    "赖子杠": "a wild tile laid out as a kong",
    "红中赖子杠": "red dragon and wild kongs",
    "缺一色": "one suit missing",
    "老章": "old style",
    "自摸加底": "a base more for a self-drawn win",
    "血战到底": "fight to the end",
    "血流成河": "play on after each win",
    "补张": "a replacement tile",
    "起和八番": "a win needs 8 points",
    "起手胡": "a win on the dealt hand",
    "跑配成牌": "the partner tile run into a set",
    "退税": "kong money paid back",
    "通天": "a straight 1 to 9",
    "通炮": "the discarder pays every winner",
    "配儿": "the partner tile",
    "金钩钓": "a single tile left, waiting on its pair",
    "门清": "concealed hand",
    "门清自摸": "concealed and self-drawn",
    "鸡平和": "chicken hand",
    "九万": "9 characters",
    "一万": "1 character",
}

#: English template -> Chinese. ``{0}``… are what the message was made with, in order.
MESSAGES: dict[str, str] = {
    # the scorers' refusals of a complete hand
    "riichi: no yaku (役なし / 无役): a win needs at least one yaku, and dora do not count as one":
        "立直麻将：无役（役なし），不能和：和牌至少要一役，宝牌不算役",
    "{0} points before flowers is under the {1}-point minimum (起和{2}番): not a legal win, "
    "nothing paid": "不算花牌只有 {0}番，低于最低的 {1}番（起和{2}番）：不算和牌，不付分",
    # the service's own answers (uploads, bounds, tables)
    "send the request body as JSON (Content-Type: application/json), got {0}":
        "请以 JSON 发送（Content-Type: application/json），收到 {0}",
    "the request body must be a JSON object, got {0}":
        "请求内容必须是 JSON 对象，收到 {0}",
    "lang must be zh or en, got {0}":
        "lang 只能是 zh 或 en，收到 {0}",
    "give the tiles to read in ?text=, e.g. 123m456p or 一万 东":
        "请输入牌，例如 123m456p 或 一万 东",
    "send the photo as multipart/form-data with the field 'image', got {0}":
        "请用 multipart/form-data 上传照片（字段 image），收到 {0}",
    "no file in the multipart field 'image'":
        "没有收到照片（字段 image）",
    "give the live page's client id in the multipart field 'client' (8 to 64 letters, digits, - or _)":
        "请在表单字段 client 中给出实时页面的客户端编号（8 到 64 个字母、数字、- 或 _）",
    "seed must be a whole number of at most 18 digits, got {0}":
        "seed 必须是不超过 18 位的整数，收到 {0}",
    "request headers too large: {0} bytes, the limit is {1}":
        "请求头太大：{0} 字节，上限 {1} 字节",
    "the query string is too long: {0} bytes, the limit is {1}":
        "网址太长：{0} 字节，上限 {1} 字节",
    "request body too large: {0} bytes, the limit for {1} is {2} bytes":
        "请求内容太大：{0} 字节，{1} 的上限是 {2} 字节",
    "the string at {0} has {1} characters; the limit is {2}":
        "{0} 的字符串有 {1} 个字符，太长（上限 {2} 个字符）",
    "the query parameter {0} has {1} characters; the limit is {2}":
        "参数 {0} 有 {1} 个字符，太长（上限 {2} 个字符）",
    "the JSON is nested too deeply (the limit is {0} levels)":
        "JSON 嵌套太深（上限 {0} 层）",
    "the request body is not valid JSON":
        "请求内容不是有效的 JSON",
    "the JSON has more than {0} values":
        "JSON 的值太多（上限 {0}）",
    "the JSON is nested too deeply at {0} (the limit is {1} levels)":
        "JSON 在 {0} 处嵌套太深（上限 {1} 层）",
    "the string at {0} holds a lone UTF-16 surrogate (not a character)":
        "{0} 的字符串含有无效字符（单独的代理项）",
    "the number at {0} is out of range (at most {1} in size)":
        "{0} 的数值超出范围（绝对值最多 {1}）",
    "the list at {0} has {1} items; the limit is {2}":
        "{0} 的列表有 {1} 项，太长（上限 {2} 项）",
    "the object at {0} has {1} keys; the limit is {2}":
        "{0} 的对象有 {1} 个键，太多（上限 {2}）",
    "the service is busy recognising other photos ({0} waiting); try again in a few seconds":
        "服务正忙（{0} 张照片在排队识别），请几秒后再试",
    "the service is busy: no turn to recognise the photo within {0} s; try again":
        "服务正忙：{0} 秒内没轮到识别这张照片，请再试",
    "tile recognition is not available: the recogniser (vision.recognizer) is not installed ({0})":
        "识牌功能不可用：没有安装识别模块（{0}）",
    "tile recognition is not available: the model could not be loaded ({0})":
        "识牌功能不可用：识别模型没有装好（{0}），请手动输入牌",
    "the photo could not be read: {0}":
        "这张照片读不出来：{0}",
    "this service does not answer to the name {0} (start it with --allowed-host NAME to allow it)":
        "服务不接受主机名 {0}（可用 --allowed-host NAME 允许）",
    "a request from another site may not change anything here (Origin {0} is not {1})":
        "不接受来自其他网站的修改请求（Origin {0} 不是 {1}）",
    "this client has made {0} tables today; the limit is {1} a day":
        "今天已新建 {0} 个牌局，已达每天上限（{1} 个）",
    "this table has {0} hands, the most a table keeps: start a new table":
        "本牌局已有 {0} 手（上限），请新开一局",
    "no table {0}":
        "没有这个牌局 {0}",
    "this table has no hand {0}":
        "这个牌局没有第 {0} 手",
    "hand {0} was recorded before corrections were kept, so hand {1} cannot be corrected; undo "
    "the hands after it first":
        "第 {0} 手是在能更正之前记下的，所以第 {1} 手无法更正；请先撤销它之后的各手",
    "only the last hand ({0}) can be undone; correct hand {1} instead":
        "只能撤销最后一手（第 {0} 手）；第 {1} 手请用更正",
    "the correction of hand {0} makes hand {1} invalid: {2}":
        "更正第 {0} 手后，第 {1} 手不再成立：{2}",
    "too many wrong secrets from this client ({0} in {1} s); wait {2} s":
        "密钥错误次数太多（{1} 秒内 {0} 次），请等 {2} 秒再试",
    "the Idempotency-Key header must be 1-{0} visible ASCII characters (e.g. a UUID)":
        "请求头 Idempotency-Key 须为 1–{0} 个可见的 ASCII 字符（例如 UUID）",
    "this Idempotency-Key was used for another request: use a new key for each new request":
        "这个 Idempotency-Key 已用于另一个请求：每个新请求请用新的键",
    "the first request with this Idempotency-Key is still being answered; try again in a moment":
        "使用这个 Idempotency-Key 的第一个请求还在处理中，请稍后再试",
    "the tile set {0} kept in the store cannot be read":
        "数据库里的牌组 {0} 读不出来",
    "the tile set was changed by another request meanwhile: send this one again":
        "牌组刚被另一个请求改过：请再发送一次",
    "changing a table needs its secret: send the header 'Authorization: Bearer <secret>' with the "
    "secret given when the table was created (it is in the table's shared link)":
        "修改牌局需要它的密钥（在分享的链接里）：请求头 Authorization: Bearer <密钥>",
    "{0} must be a whole number {1}-{2}, got {3}":
        "{0} 必须是 {1}-{2} 的整数，收到 {3}",
    "the upload is not an image: send a JPEG, PNG, WebP or BMP photo":
        "上传的不是图片：请发送 JPEG、PNG、WebP 或 BMP 照片",
    "the JPEG is truncated or damaged: no frame header was found":
        "JPEG 图片不完整或已损坏",
    "the WebP image is truncated or damaged":
        "WebP 图片不完整或已损坏",
    "HEIC/AVIF photos are not supported: send a JPEG (on an iPhone, Settings → Camera → Formats → "
    "Most Compatible)":
        "不支持 HEIC/AVIF 格式：请发送 JPEG（iPhone：设置 → 相机 → 格式 → 兼容性最佳）",
    "the {0} image has no pixels ({1}×{2})":
        "{0} 图片没有像素（{1}×{2}）",
    "the image is {0}×{1} ({2} megapixels); the limit is {3} megapixels and {4} pixels a side":
        "图片太大：{0}×{1}（{2} 百万像素），上限 {3} 百万像素、每边 {4} 像素",
    "the image is empty (zero bytes)":
        "图片是空的（0 字节）",
    "the {0} image is {1}×{2} ({3} megapixels); a {4} is decoded whole, so its limit is {5} "
    "megapixels (a JPEG may be larger)":
        "{0} 图片太大：{1}×{2}（{3} 百万像素），{4} 要整张解码，上限 {5} 百万像素（JPEG 可更大）",
    "the form has more than {0} parts; a photo upload sends the field 'image' and a few short "
    "fields":
        "表单超过 {0} 个部分：上传照片只需字段 image 和几个简短的字段",
    "'tiles' has {0} detections; a hand is read from at most {1}":
        "'tiles' 有 {0} 个识别结果；读一手牌最多用 {1} 个",
    "the JPEG is truncated: it stops before its end marker; upload it again":
        "JPEG 图片不完整（上传被截断），请重新上传",
    "the {0} image could not be decoded (damaged or truncated)":
        "{0} 图片无法解码（已损坏或不完整）",
    # table sessions of 血战 / 血流
    "variant {0} ends the hand at the first win: record one win ('winner' or 'winners'), not "
    "a list of 'wins'":
        "{0} 和牌即结束一盘：请记一次和牌（'winner' 或 'winners'），不是 'wins' 列表",
    "'wins' must list each win of the hand, in the order they came ({0} at most)":
        "'wins' 须按先后列出这一盘的每次和牌（最多 {0} 次）",
    "win {0}: only one player is still in (血战到底 ends with the last player)":
        "第 {0} 次和牌：只剩一家在局（血战到底打到最后一人为止）",
    "win {0}: player {1} has already won and left the hand (血战到底)":
        "第 {0} 次和牌：玩家 {1} 已经和牌离场（血战到底）",
    "'draw' gives the hands of the players still in: {{\"hands\": {{player: hand}}}}":
        "'draw' 给出仍在局各家的手牌：{{\"hands\": {{玩家: 手牌}}}}",
    # the service's and serve's own messages
    "a postgresql:// database needs psycopg ({0}): pip install 'mahjong-assistant[postgres]'":
        "postgresql:// 数据库需要 psycopg（{0}）：pip install "
        "'mahjong-assistant[postgres]'",
    "cannot open the table database {0}: {1} (choose a writable place, or a reachable server, with "
    "--database)":
        "无法打开牌局数据库 {0}：{1}（请用 --database 选一个可写的位置或可连接的服务器）",
    "the key file {0} can be read by every user of this machine (mode {1}): chmod 600 {2}":
        "私钥文件 {0} 本机所有用户都能读取（权限 {1}）：请执行 chmod 600 {2}",
    "cannot write the certificate in {0}: {1}":
        "无法在 {0} 写入证书：{1}",
    "cannot listen on host {0}: no such address ({1})":
        "无法在主机 {0} 上监听：没有这个地址（{1}）",
    "port {0} on {1} is already in use: stop the other server or choose another --port":
        "{1} 的端口 {0} 已被占用：请停掉另一个服务，或用 --port 换一个端口",
    "cannot listen on {0}: it is not an address of this machine":
        "无法在 {0} 上监听：这不是本机的地址",
    "no permission to listen on port {0} (ports below 1024 need privileges): choose another --port":
        "没有权限监听端口 {0}（1024 以下的端口需要特权）：请用 --port 换一个",
    "cannot listen on {0}:{1}: {2}":
        "无法在 {0}:{1} 上监听：{2}",
    "'variant' must be a variant's name":
        "'variant' 须是规则的名称",
    "a kong is {{\"type\": \"an\" | \"jia\" | \"zhi\", \"tile\": a tile, \"from\": a seat}}":
        "一个杠写作 {{\"type\": \"an\" | \"jia\" | \"zhi\", \"tile\": 牌, "
        "\"from\": 座位}}",
    "'{0}' must be an object, got {1}":
        "'{0}' 须是对象，收到 {1}",
    "'hand' must be a list of tiles or a typed string":
        "'hand' 须是牌的列表或牌的字符串",
    "'name' must be a string":
        "'name'（名字）须是字符串",
    "a hand's result must be a JSON object":
        "一盘的结果须是 JSON 对象",
    "the hand's '{0}' must be an object":
        "这一盘的 '{0}' 须是对象",
    "a kong is {{\"type\": \"an\" | \"jia\" | \"zhi\", \"tile\": a tile, \"from\": a player}}":
        "一个杠写作 {{\"type\": \"an\" | \"jia\" | \"zhi\", \"tile\": 牌, "
        "\"from\": 玩家}}",
    "'points' must be four whole numbers (at most {0} in size), one per player":
        "'points' 须是四个整数（绝对值不超过 {0}），每位玩家一个",
    # the words of wild tiles, 立直/宝牌, the Charleston, riichi, MCR, Hong Kong and Taiwan
    "variant {0}: only {1}{2} may be laid out singly as a kong, not {3} ({4})":
        "{0}：只有{1}{2}可以单张亮出成杠，{3}（{4}）不行",
    "variant {0}: two players at a 成都 table never claim a discard (不能吃、碰: it lies face "
    "down), but the meld {1} is claimed":
        "{0}：成都两人麻将不能吃、碰（打出的牌背面向上），但副露 {1} 是吃碰来的",
    "seat {0} cannot {1} the discard of seat {2}: two players at a 成都 table never claim a "
    "discard (两人麻将：不能吃、碰，打出的牌背面向上)":
        "{0} 家不能{1} {2} 家打出的牌：成都两人麻将不吃不碰（两人麻将：不能吃、碰，打出的牌背面向上）",
    "seat {0} cannot chow: variant {1} does not allow chows":
        "{0} 家不能吃：{1}不许吃牌",
    "seat {0} cannot chow the discard of seat {1}: only the discarder's 下家 (seat {2}) may chow":
        "{0} 家不能吃 {1} 家打出的牌：只有出牌者的下家（{2} 家）可以吃",
    "variant {0}: 百搭 forms sets (option wild_sets_only), never a chow, but the chow {1} holds {2}":
        "{0}：百搭只能成刻（选项 wild_sets_only），不能用于顺子，但顺子 {1} 里有 {2}",
    "variant {0}: {1} ({2}) is only laid out singly as a kong (红中杠), never in a set":
        "{0}：{1}（{2}）只能单张亮出成杠（红中杠），不能组成一副牌",
    "variant {0}: a wild tile is never discarded (财神不能打出), but the discards list {1}":
        "{0}：赖子不能打出（财神不能打出），打出的牌里却有 {1}",
    "variant {0}: a wild tile ({1}, {2}) cannot be used to chow, pung or kong, but the meld {3} "
    "holds it":
        "{0}：赖子（{1}，{2}）不能用来吃、碰、杠，副露 {3} 里却有它",
    "variant {0}: a quint ({1}) is five of a kind made with a wild (四只成杠五只成昆), played only "
    "where 百搭 forms sets (option wild_sets_only)":
        "{0}：昆（{1}）是靠百搭凑成的五张相同（四只成杠五只成昆），只在百搭成搭的玩法里有（选项 "
        "wild_sets_only）",
    "the quint {0} is not five of a kind: {1} and {2} are both there and neither is wild (a quint "
    "is one tile and wilds standing in, a tile having only four copies)":
        "昆 {0} 不是五张相同：{1} 和 {2} 都在，又都不是百搭（昆是一种牌加百搭凑成，每种牌只有四张）",
    "the quint {0} has no wild standing in: a tile has only four copies":
        "昆 {0} 里没有百搭顶替：每种牌只有四张",
    "variant {0} plays no special jokers (特别百搭; option special_jokers)":
        "{0} 不用特别百搭（选项 special_jokers）",
    "'riichi' must be a list of seat winds":
        "'riichi'（立直）须列出座位风",
    "variant {0} plays without 立直 (option riichi = false), so 'riichi' does not apply":
        "{0} 不打立直（选项 riichi = false），'riichi' 无效",
    "variant {0}: a wild tile ({1}, {2}) is never discarded (财神不能打出), so it cannot be claimed":
        "{0}：赖子（{1}，{2}）不能打出（财神不能打出），所以不能要这张牌",
    "宝牌: the indicator is one tile, got {0}":
        "宝牌：指示牌只有一张，收到 {0}",
    "the Charleston is a JSON object {{hands, passes, second_round}}":
        "查理士顿须是 JSON 对象 {{hands, passes, second_round}}",
    "--indicator is one tile, got {0}":
        "--indicator 只能是一张牌，收到 {0}",
    "'red_fives' is a count of red fives from 0, got {0}":
        "'red_fives'（赤五）是从 0 起的张数，收到 {0}",
    "'red_fives' says {0} but the tiles show {1} (0m 0p 0s)":
        "'red_fives' 为 {0}，牌里却有 {1} 张赤五（0m 0p 0s）",
    "{0}: {1} is not a playing tile":
        "{0}：{1} 不是打牌用的牌",
    "{0}: {1} indicators, but at most {2} are turned (one, and one more per kong)":
        "{0}：{1} 张指示牌，但最多翻 {2} 张（一张，每开一杠再加一张）",
    "'jokers' must list the special jokers held, e.g. [\"元\", \"一皇\"]":
        "'jokers' 须列出手中的特别百搭，例如 [\"元\", \"一皇\"]",
    "'flowers' must be a count from 0 or a list of bonus tiles, got {0}":
        "'flowers'（花牌）须是从 0 起的张数或花牌列表，收到 {0}",
    "{0} red fives, but the hand holds {1} fives":
        "有 {0} 张赤五，手里却只有 {1} 张五",
    "抢碰: no seat claims the pung":
        "抢碰：没有人要碰",
    "抢碰: {0} cannot claim the discard of {1}":
        "抢碰：{0} 不能要 {1} 打出的牌",
    "花 is not a joker (特别百搭: 摸花加两番，并非百搭); list it as a flower":
        "花不是百搭（特别百搭：摸花加两番，并非百搭），请列为花牌",
    "unknown special joker {0}; jokers: {1}":
        "未知的特别百搭 {0}；可用：{1}",
    "'hands' of a drawn hand is read only by a variant that settles the draw ({0}), as an object of "
    "seat -> hand":
        "流局的 'hands' 只用于自行结算流局的规则（{0}），须是座位 → 手牌的对象",
    "查理士顿: give the dealt hand of each seat E S W N":
        "查理士顿：请给出东南西北每家起手的牌",
    "查理士顿: {0} passes expected (right, left, opposite{1}), got {2}":
        "查理士顿：应换 {0} 次（下家、上家、对家{1}），收到 {2}",
    "查理士顿 ({0}): give the three tiles of each seat":
        "查理士顿（{0}）：请给出每家换出的三张牌",
    "查理士顿 ({0}): seat {1} passes three tiles":
        "查理士顿（{0}）：{1}家须换出三张牌",
    "查理士顿 ({0}): seat {1} does not hold {2}":
        "查理士顿（{0}）：{1}家手里没有 {2}",
    "查理士顿: seat {0}'s tiles must be a list":
        "查理士顿：{0}家的牌须是列表",
    "查理士顿: the advice needs a dealt hand of {0} or {1} tiles":
        "查理士顿：建议需要 {0} 或 {1} 张的起手牌",
    "查理士顿: the tiles are passed from the dealt hand, before any meld: 'melds' must be empty":
        "查理士顿：换的是起手牌，还没有副露：'melds' 须为空",
    "查理士顿: the pass is right, left or opposite, got {0}":
        "查理士顿：换牌方向须是 right（下家）、left（上家）或 opposite（对家），收到 {0}",
    "查理士顿: the round is 1 or 2 (the dealer's second round), got {0}":
        "查理士顿：轮次须是 1 或 2（第二轮由庄家决定），收到 {0}",
    "立直: {0} must be a list of seat winds":
        "立直：{0} 须列出座位风",
    "立直: a seat declares once a hand":
        "立直：每家每盘只能立直一次",
    "variant {0} turns up no tile for wild tiles (option wild_indicator is off)":
        "{0} 不翻牌定赖子（选项 wild_indicator 未开）",
    "option 'discard_lock' is one of {0}, got {1}":
        "选项 discard_lock（曾放过的牌不能和）只能是 {0} 之一，收到 {1}",
    "option 'wild_indicator' is one of {0}, got {1}":
        "选项 'wild_indicator' 只能是 {0} 之一，收到 {1}",
    "宝牌: the indicator must be a suit, wind or dragon tile, got {0}":
        "宝牌：指示牌须是数牌、风牌或箭牌，收到 {0}",
    "kong_replacement (杠上开花): a win on the replacement tile needs the kong among the winner's melds "
    "(or a single tile laid out as a kong, 武汉 红中杠 / 赖子杠, or a 北 set aside in 三麻)":
        "杠上开花：补牌和牌，和牌者的副露里须有杠（或单张亮出的杠：武汉红中杠、赖子杠；或三麻拔出的北）",
    "kong_on_kong (槓上槓): a win on the replacement of a second kong in a row needs kong_replacement, "
    "self_drawn and two kongs among the winner's melds":
        "槓上槓：连开两杠后补牌和牌，须是杠上开花、自摸，且副露里有两杠",
    "{0} concealed tiles fit no hand: 1 to {1} expected":
        "{0} 张暗牌不成一手牌：应为 1 到 {1} 张",
    "宝牌 (dora_indicators) adds 番, but variant {0} does not score in 番; they count in {1}":
        "宝牌（dora_indicators）按番计，但 {0} 不按番计分；按番计的规则有 {1}",
    "{0}: the option flowers = false plays without flowers, but the hand lists bonus tiles":
        "{0}：选项 flowers = false 不用花牌，手牌里却有花牌",
    "bonus tiles are 1f-8f":
        "花牌为 1f–8f",
    "{0}: {1} fan is below the minimum of {2} (起糊: a hand needs {3} fan to win; option min_fan)":
        "{0}：{1}番不够起糊的 {2}番（和牌至少要 {3}番；选项 min_fan）",
    "{0}: only self-drawn wins (只允许自摸不允许吃糊); set the option discard_wins = true to allow wins on a "
    "discard":
        "{0}：只许自摸（只允许自摸不允许吃糊）；要允许点炮和，请设选项 discard_wins = true",
    "flowers: {0} given, but MCR has 8 flower tiles":
        "花牌：给了 {0} 张，但国标只有 8 张花牌",
    "robbing_kong (抢杠和) is a win on another player's added kong, not self-drawn":
        "抢杠和是和别人加杠的那张牌，不是自摸",
    "no reading of the hand to score":
        "这手牌没有可以计分的拆法",
    "is_4th_tile ignored: a copy of {0} is in the concealed hand, so the winning tile is not the "
    "last of three shown (和绝张)":
        "不计和绝张：手中暗牌里还有 {0}，和的那张不是亮明三张之后的最后一张",
    "robbing_kong ignored: the winner holds another {0}, but the other three copies would be in the "
    "robbed kong (抢杠和)":
        "不计抢杠和：和牌者手里还有一张 {0}，而被抢的杠应有其余三张",
    "riichi: the dealer sits East (the seats are seat winds), so table.dealer is E, not {0}":
        "立直麻将：庄家坐东（座位即门风），所以 table.dealer 是 E，不是 {0}",
    "riichi: table.seat {0} must be the winner's seat wind {1}":
        "立直麻将：table.seat {0} 须是和牌者的门风 {1}",
    "table.honba is a whole number of counters from 0, got {0}":
        "table.honba（本场）是从 0 起的整数，收到 {0}",
    "table.riichi_sticks maps each seat to the riichi sticks it put on the table, e.g. {{\"S\": 1, "
    "\"W\": 2}}: the payments sum to zero only when each stick's owner is known":
        "table.riichi_sticks 须写明每家放在桌上的立直棒，例如 {{\"S\": 1, \"W\": 2}}："
        "知道每根棒是谁的，结算才能归零",
    "table.riichi_sticks: unknown seat {0}; seats are E S W N":
        "table.riichi_sticks：未知的座位 {0}；座位为 E S W N",
    "table.riichi_sticks: seat {0} has {1} sticks; a whole number from 0":
        "table.riichi_sticks：{0}家有 {1} 根棒；须是从 0 起的整数",
    "riichi needs a concealed hand: no claimed meld (a concealed kong is allowed)":
        "立直须门前清：不能有吃碰（暗杠可以）",
    "ippatsu (一发) is a win within one go-around of a riichi: it needs context.riichi or "
    "context.double_riichi":
        "一发是立直后一巡内和牌：须有 context.riichi 或 context.double_riichi",
    "a first go-around win (天和/地和/人和) comes before any riichi discard: riichi and first_go_around "
    "exclude each other":
        "天和、地和、人和在立直打牌之前：立直与 first_go_around 不能同时成立",
    "ura_dora_indicators are turned only for a winner who declared riichi":
        "只有立直的和牌者才翻里宝牌指示牌",
    "ura_dora_indicators: one under each dora indicator, so no more of them than dora_indicators":
        "里宝牌指示牌每张宝牌指示牌下一张，不能比宝牌指示牌多",
    "kong_replacement (岭上开花) is a self-drawn win on the replacement tile":
        "岭上开花是补牌自摸和牌",
    "robbing_kong (抢杠) is a win on another seat's kong tile, not self-drawn":
        "抢杠是和别人杠的那张牌，不是自摸",
    "wall_last (海底/河底) and a {0} exclude each other: the replacement tile is not the last tile of "
    "the wall, and a robbed kong is not a discard":
        "海底/河底与{0}不能同时成立：补的牌不是牌墙最后一张，被抢的杠也不是打出的牌",
    "the winner's riichi stick: riichi_sticks.{0} = 1":
        "和牌者自己的立直棒：算作{0}家在桌上放了 1 根",
    "no win_tile: each tile of the hand tried as the winning tile, the best kept":
        "没有给出和牌张：每张牌都试作和牌张，取最高者",
    "table.liable: pao (責任払い) is off (option pao = false)":
        "table.liable：包牌（責任払い）未开（选项 pao = false）",
    "table.liable: pao (責任払い) applies to 大三元 and 大四喜 only, and the hand has neither":
        "table.liable：包牌（責任払い）只用于大三元和大四喜，这手牌都不是",
    "noten payments: the hand of seat {0} is missing":
        "不听罚符：缺少 {0}家的手牌",
    "taiwan: the option flowers = false plays without flowers, but the hand lists bonus tiles":
        "十六张：选项 flowers = false 不用花牌，手牌里却有花牌",
    "table.streak (连庄) is the number of hands the dealer has kept in a row, 0-99, got {0}":
        "table.streak（连庄）是庄家连庄的盘数，0–99，收到 {0}",
    "table.la_zhuang (拉庄) lists seat winds":
        "table.la_zhuang（拉庄）须列出座位风",
    "table.la_zhuang: 拉庄 is asked by a non-dealer of the dealer (闲家可以向庄家提出拉庄)":
        "table.la_zhuang：拉庄由闲家向庄家提出（闲家可以向庄家提出拉庄）",
    "taiwan: {0} 台 is below the minimum of {1} (option min_tai)":
        "十六张：{0}台不够起和的 {1}台（选项 min_tai）",
    "tianjin: 没有炮和 — a win is self-drawn only (set self_drawn, or the option discard_wins)":
        "天津：没有炮和，只能自摸（请设 self_drawn，或选项 discard_wins）",
    "tuidaohu: with qidui_multiplier = 0 seven pairs win only as 清一色全对 (one suit)":
        "推倒和：qidui_multiplier = 0 时七对只能作清一色全对（一门）和",
    "variant {0} turns up no tile for wild tiles (option wild_indicator is off), but the hand gives "
    "an indicator":
        "{0} 不翻牌定赖子（选项 wild_indicator 未开），手牌却给了翻开的牌",
    "unknown wild-tile scheme {0}; schemes: {1}":
        "未知的定赖子方法 {0}；可用：{1}",
    "the indicator (the tile turned up at the start) must be a playing tile, got {0}":
        "翻开的牌（开局翻出的那张）须是打牌用的牌，收到 {0}",
    # analysis, batch, shanten
    "{0} ({1}) is not in the tile set of variant {2}": "{0}（{1}）不在{2}的牌里",
    "variant {0} does not allow chows, but a chow {1} is declared": "{0} 不许吃牌，却有一副吃 {1}",
    "expected an (N, 34) array of tile counts, got shape {0}": "应为 (N, 34) 的牌数数组，收到形状 {0}",
    "a tile count is outside 0-4": "某张牌的张数不在 0–4 之间",
    "every hand must hold 1 to 14 concealed tiles": "每手牌须有 1 到 14 张暗牌",
    "{0} concealed tiles fit no hand: 1 to 14 expected": "{0} 张暗牌不成一手牌：应为 1 到 14 张",
    "expected 34 tile counts, got {0}": "应有 34 种牌的张数，收到 {0}",
    "a hand's part is 34 tile counts and a number of wild tiles, got {0} counts and {1} wild tiles":
        "一手牌应为 34 种牌的张数和百搭张数，收到 {0} 个张数、{1} 张百搭",
    "{0} copies of {1}: a tile has four copies at most": "{1} 有 {0} 张：每种牌最多四张",
    # claims
    "a seat claiming a discard holds 13 tiles (a kong counting 3), this one holds {0}":
        "要牌的一家应有 13 张牌（杠算 3 张），这一家有 {0} 张",
    "a claims request must be a JSON object": "要牌请求必须是一个 JSON 对象",
    "the claims request has no 'discard': give the discarded tile, e.g. \"discard\": \"5p\"":
        "要牌请求缺少打出的牌 'discard'：请给出这张牌，例如 \"discard\": \"5p\"",
    "{0} cannot be discarded": "{0} 不能打出",
    "'discarder' must be a seat wind E S W N, got {0}": "出牌者 'discarder' 须为座位风 E S W N，收到 {0}",
    "'hands' must map seat winds to hand states": "'hands' 须按座位风给出各家的手牌",
    "'passed' must be a list of seat winds": "'passed' 须为座位风的列表",
    "'robbing_kong' must be true or false": "'robbing_kong' 须为 true 或 false",
    "unknown seat {0}: seats are E S W N": "未知座位 {0}：座位为 E S W N",
    "seat {0} discarded the tile and cannot claim it": "{0}家打出了这张牌，不能自己要",
    "seat {0}: {1}": "{0}家：{1}",
    # command line
    "{0} is not valid JSON: {1} at line {2} column {3}": "{0}不是有效的 JSON：第 {2} 行第 {3} 列{1}",
    "{0} is nested too deeply to read": "{0}嵌套太深，无法读取",
    "the input is nested too deeply to read": "输入嵌套太深，无法读取",
    "--certfile and --keyfile go together": "--certfile 与 --keyfile 须同时给出",
    "a throw is its dice (3,4) or its total (7), got {0}":
        "一次掷骰写作各骰点数 (3,4) 或总点数 (7)，收到 {0}",
    "a claim is SEAT=CLAIM (e.g. S=chow), got {0}": "要牌写作 座位=动作（例如 S=chow），收到 {0}",
    "the hands must be a JSON list of {{dealer, winners}}": "各盘须为 JSON 列表，每项 {{dealer, winners}}",
    "the events must be a JSON list of [seat, action, tile]": "事件须为 JSON 列表，每项 [座位, 动作, 牌]",
    "the claims must be a JSON list of {{seat, claim, tile, from}}":
        "要牌记录须为 JSON 列表，每项 {{seat, claim, tile, from}}",
    # the hand state
    "{0} must be a list of tile codes or a tile string, got {1}": "{0}须为牌的列表或牌的文字，收到 {1}",
    "{0} must be one of E S W N, got {1}": "{0}须为 E S W N 之一，收到 {1}",
    "{0} must be an object with 'type' and 'tiles'": "{0}须为含 'type' 和 'tiles' 的对象",
    "{0}: type must be one of {1}, got {2}": "{0}：类型须为 {1} 之一，收到 {2}",
    "{0}: 'from' must be one of {1} or null, got {2}": "{0}：'from' 须为 {1} 之一或 null，收到 {2}",
    "{0}: claimed_index must be 1-4, got {1}": "{0}：claimed_index 须为 1–4，收到 {1}",
    "{0} ({1}): a {2} has {3} tiles": "{0}（{1}）：一副{2}有 {3} 张牌",
    "{0} ({1}): only a kong or a quint can be declared concealed": "{0}（{1}）：只有杠、昆可以是暗的",
    "a hand state must be a JSON object with at least 'concealed'": "手牌须为 JSON 对象，至少含 'concealed'",
    "the hand state has no 'concealed' tiles": "手牌缺少暗牌 'concealed'",
    "'melds' must be a list": "副露 'melds' 须为列表",
    "'context' must be an object": "'context' 须为对象",
    "'void_suit' must be m, p or s, got {0}": "定缺 'void_suit' 须为 m、p 或 s，收到 {0}",
    "'variant' must be a name, got {0}": "规则 'variant' 须为名称，收到 {0}",
    "'options' must be an object": "选项 'options' 须为对象",
    "'table' must be an object": "牌桌 'table' 须为对象",
    "too many tiles: {0} in the concealed hand and {1} in melds make {2} "
    "(13 or 14 expected, a kong counts as 3)":
        "牌太多：暗牌 {0} 张、副露 {1} 张，共 {2} 张（应为 13 或 14 张，杠算 3 张）",
    "too few tiles: {0} in the concealed hand and {1} in melds make {2} "
    "(13 or 14 expected, a kong counts as 3)":
        "牌太少：暗牌 {0} 张、副露 {1} 张，共 {2} 张（应为 13 或 14 张，杠算 3 张）",
    "with a winning tile the hand must make 14, it makes {0}": "有和牌张时一手牌应为 14 张，现在是 {0} 张",
    "{0} ({1}): bonus tile {2} cannot be in a meld": "{0}（{1}）：花牌 {2} 不能在副露里",
    "{0} ({1}): face-down tiles only in a concealed kong": "{0}（{1}）：只有暗杠可以有扣着的牌",
    "{0}: a concealed kong needs one face-up tile to be read": "{0}：暗杠须有一张翻开的牌才能认出",
    "{0} ({1}) is not a chow: three consecutive tiles of one suit expected":
        "{0}（{1}）不是吃：应为同一花色的三张顺牌",
    "{0} ({1}) is not a {2}: the tiles must be the same": "{0}（{1}）不是{2}：牌须相同",
    "{0}: {1}": "{0}：{1}",
    "win_tile {0} is not among the concealed tiles": "和牌张 {0} 不在暗牌里",
    "'{0}' must be true or false, got {1}": "'{0}' 须为 true 或 false，收到 {1}",
    "'flowers' must be a count or a list of bonus tiles, got {0}":
        "花牌 'flowers' 须为张数或花牌列表，收到 {0}",
    "bonus tile {0} ({1}) belongs under 'bonus', not in the hand":
        "花牌 {0}（{1}）应放在 'bonus' 里，不在手牌里",
    "a face-down tile can only be part of a concealed kong": "扣着的牌只能是暗杠的一部分",
    "{0} is not a bonus tile (flowers and seasons are 1f-8f)": "{0} 不是花牌（花牌为 1f–8f）",
    "{0} cannot be listed as a visible or wild playing tile": "{0} 不能列为见过的牌或赖子",
    "{0} copies of {1} ({2}): {3} in this hand and {4} visible, but a tile has only four copies":
        "{1}（{2}）有 {0} 张：手里 {3} 张、桌上见过 {4} 张，但每种牌只有四张",
    "bonus tile {0} ({1}) appears {2} times; there is one of each":
        "花牌 {0}（{1}）出现 {2} 次；每种只有一张",
    # table procedures
    "{0} must be a seat wind E S W N, got {1}": "{0}须为座位风 E S W N，收到 {1}",
    "{0}: a throw of {1} dice totals {2}-{3}, got {4}": "{0}：{1} 颗骰子的点数和为 {2}–{3}，收到 {4}",
    "variant {0} needs {1}, got {2}": "{0} 需要 {1}，收到 {2}",
    "the number of kongs made must be a whole number from 0, got {0}": "杠的次数须为 0 起的整数，收到 {0}",
    "tiles left must be a whole number from 0, got {0}": "剩余牌数须为 0 起的整数，收到 {0}",
    "winners must be a list of seat winds": "和牌者须为座位风的列表",
    "{0} must be a whole number from {1} to 10000, got {2}": "{0} 须为 {1} 到 10000 的整数，收到 {2}",
    "at most 1000 hands, got {0}": "最多 1000 盘，收到 {0}",
    "option 'hand_size' 17: the 17-tile note's 每人手里抓17张牌 is the 16-tile hand with its draw (five "
    "sets and a pair make 17); use hand_size 16":
        "选项 hand_size 不能是 17：十七张的“每人手里抓17张牌”就是十六张加摸进的一张"
        "（五组加一对共17张），请用 16",
    "variant {0} has no way of drawing seats; choose a method: {1}":
        "{0} 没有规定定座位的方法，请选择方法：{1}",
    "seats by method {0}: one throw of two dice, got {1}": "方法{0}定座位：掷一次两颗骰子，收到 {1}",
    "seats by method C: give the wind tile each place drew, four different winds E S W N, from the "
    "first drawer on": "方法C定座位：请按摸牌顺序给出每个位置摸到的风牌，东南西北各一张",
    "seats by method B: four throws, one per place in turn order":
        "方法B定座位：每人掷一次，按座位顺序给出四次点数",
    "seats by method B: places {0} tie at {1}; they throw again": "方法B定座位：{0} 号位点数同为 {1}，需重掷",
    "a kong is one of {0}, got {1}": "杠的种类只能是 {0} 之一，收到 {1}",
    "2 players at a 成都 table: no chow or pung (不能吃、碰; the discards lie face down), but the meld "
    "{0} was claimed": "成都两人麻将不能吃、碰（打出的牌背面向上），但副露 {0} 是吃碰来的",
    "血流成河: nobody leaves the hand after a win (和牌之后并不出局), so every seat is in play and "
    "pays; table.in_play leaves out {0}":
        "血流成河：和牌之后并不出局，每家都在局中、都要付；table.in_play 漏了 {0}",
    "variant {0} has no flowers (没有花牌), but the hand has {1}": "{0} 没有花牌，但这手牌有 {1}",
    "variant {0} has one winner per discard (截和): the nearest seat in turn order wins, so winners "
    "lists only one": "{0} 一炮只许一家和（截和）：按出牌顺序最近的一家和，所以和牌者只能有一家",
    "pass-lock scope is same_tile or any_tile, got {0}": "过手不和的范围为 same_tile 或 any_tile，收到 {0}",
    "{0}: {1} dice of 1-6 expected, got {2}": "{0}：应为 {1} 颗 1–6 点的骰子，收到 {2}",
    "hand {0} must be an object with dealer and winners": "第 {0} 盘须为含 dealer 和 winners 的对象",
    "hand {0}: the dealer should be {1}, got {2}": "第 {0} 盘：庄家应为 {1}，收到 {2}",
    "event {0} must be [seat, action, tile]": "事件 {0} 须为 [座位, 动作, 牌]",
    "claim {0} must be {{\"seat\", \"claim\": chow|pung|kong, \"tile\", \"from\"}}, got {1}":
        "要牌 {0} 须为 {{\"seat\", \"claim\": chow|pung|kong, \"tile\", \"from\"}}，收到 {1}",
    "claim {0}: a seat cannot claim its own discard": "要牌 {0}：不能要自己打出的牌",
    "seat {0}: a claim is one of {1}, got {2}": "{0}家：要牌须为 {1} 之一，收到 {2}",
    "event {0}: unknown action {1}": "事件 {0}：未知动作 {1}",
    # options
    "option {0} has an unknown kind {1}": "选项 {0} 的类型 {1} 未知",
    "option {0} must be a list, got {1}": "选项 {0} 须为列表，收到 {1}",
    "option {0} must be a whole number, got {1}": "选项 {0} 须为整数，收到 {1}",
    "option {0} must be at least {1}, got {2}": "选项 {0} 至少为 {1}，收到 {2}",
    "option {0} must be at most {1}, got {2}": "选项 {0} 至多为 {1}，收到 {2}",
    "options must be an object of option name -> value": "选项须为“选项名 → 值”的对象",
    "option {0} must be true or false, got {1}": "选项 {0} 须为 true 或 false，收到 {1}",
    "option {0}: {1} is not a playing tile": "选项 {0}：{1} 不是一张牌",
    "option {0} takes one of {1}, got {2}": "选项 {0} 只能取 {1} 之一，收到 {2}",
    "option {0} must be a list of {1}, got {2}": "选项 {0} 须为 {1} 的列表，收到 {2}",
    "option {0} must map a kong count (0, 1, 2, 3) to the stacks kept back, got {1}":
        "选项 {0} 须按杠数 (0, 1, 2, 3) 给出留下的墩数，收到 {1}",
    "option {0} needs the stacks kept back with no kong (0)": "选项 {0} 须给出无杠 (0) 时留下的墩数",
    "unknown option {0} for variant {1}; known: {2}": "{1} 没有选项 {0}；已有的选项：{2}",
    "option 'forms' takes {0}, got {1}": "选项 'forms' 取 {0}，收到 {1}",
    "option {0}: {1} is not a kong count": "选项 {0}：{1} 不是杠数",
    # the table facts of a score
    "variant {0} does not allow robbing a kong (option kong_robbable = false)":
        "{0} 不许抢杠（选项 kong_robbable = false）",
    "table.bets must map seat winds to bets, e.g. {{\"E\": 2, \"S\": 0}}":
        "下注 table.bets 须按座位风给出，例如 {{\"E\": 2, \"S\": 0}}",
    "the hand is self-drawn, but table.discarder names {0}; give null for a self-drawn win":
        "这手牌是自摸，但放炮者 table.discarder 是 {0}；自摸请给 null",
    "seat {0} cannot win on its own discard": "{0}家不能和自己打出的牌",
    "table.kongs must map seat winds to lists of kongs": "杠 table.kongs 须按座位风给出杠的列表",
    "table.kongs.{0}: each kong is {{\"type\": an|jia|zhi (or concealed|added|exposed), \"tile\", "
    "\"from\"}}, got {1}":
        "table.kongs.{0}：每个杠为 {{\"type\": an 暗杠|jia 加杠|zhi 直杠, \"tile\", \"from\"}}，收到 {1}",
    "table.winners must be a list of seat winds": "和牌者 table.winners 须为座位风的列表",
    "table.winners lists a seat twice": "和牌者 table.winners 里有一家出现两次",
    "table.winners must include the seat scored ({0})": "和牌者 table.winners 须包括算分的一家（{0}）",
    "several winners are only possible on a discard": "只有点炮才可能多家和牌",
    "the discarder {0} cannot be a winner": "放炮者 {0} 不能和牌",
    "unknown key {0} in table; known: {1}": "牌桌 table 里没有 {0}；已有的项：{1}",
    # the advice's table (assistant.danger, assistant.value) and its switches (assistant.hand)
    "table.{0} must be an object by seat (E S W N)": "table.{0} 须是按座位（E S W N）给出的对象",
    "table.{0} must be an object by seat (E S W N), got {1}":
        "table.{0} 须是按座位（E S W N）给出的对象，收到 {1}",
    "table.melds.{0} is the player's own seat; his melds go under 'melds'":
        "table.melds.{0} 是自己的座位；自己的副露写在 melds 里",
    "table.melds.{0} must be a list of at most {1} melds": "table.melds.{0} 须是最多 {1} 组副露的列表",
    "table.declared.{0} must be the index of a discard in {1}'s river (0 to {2})":
        "报听 table.declared.{0} 须是 {1} 家牌河里那张牌的序号（0 到 {2}）",
    "table.declared.{0} is the player's own seat; the advice is for a player still choosing":
        "table.declared.{0} 是自己的座位；打牌建议是给还在选牌的人的",
    "table.void_suits.{0} must be m, p or s, got {1}": "定缺 table.void_suits.{0} 须是 m、p 或 s，收到 {1}",
    "context.draws_left must be a whole number from 0 to {0}, got {1}":
        "剩余摸牌次数 context.draws_left 须是 0 到 {0} 的整数，收到 {1}",
    "'advice' must be one of {0}, got {1}": "建议方式 advice 须是 {0} 之一，收到 {1}",
    "tile {0} is seen {1} times ({2}), but the set has {3}": "{0} 已见 {1} 张（{2}），但整副牌只有 {3} 张",
    "table.liable must be null or {{\"seat\": wind, \"rule\": name}}":
        "包牌 table.liable 须为 null 或 {{\"seat\": 座位风, \"rule\": 名称}}",
    "table.liable: the winner cannot be liable for his own win": "包牌 table.liable：和牌者不能为自己包牌",
    "table.bets: unknown seat {0}; seats are E S W N": "下注 table.bets：未知座位 {0}；座位为 E S W N",
    "table.bets: seat {0} bets {1}; a bet is a whole number from 0":
        "下注 table.bets：{0}家下注 {1}；下注须为 0 起的整数",
    "table.bets: seat {0} bets {1}, but the bets are 0-{2}":
        "下注 table.bets：{0}家下注 {1}，但下注为 0–{2}",
    "table.discarder must name the seat whose kong was robbed": "抢杠时 table.discarder 须为被抢杠的一家",
    "table.kongs: unknown seat {0}; seats are E S W N": "杠 table.kongs：未知座位 {0}；座位为 E S W N",
    "table.kongs.{0} must be a list of kongs": "杠 table.kongs.{0} 须为杠的列表",
    "table.kongs.{0}: a kong on a discard comes from another seat": "table.kongs.{0}：直杠的牌来自别家",
    "table.kongs.{0}: only a kong on a discard (zhi) has a 'from'":
        "table.kongs.{0}：只有直杠 (zhi) 有 'from'",
    "table.bets: seat {0} bets {1}, but this variant has no bets":
        "下注 table.bets：{0}家下注 {1}，但这个规则没有下注",
    # the service
    "'tiles' must be a list of {{tile, box, confidence}}":
        "'tiles' 须为 {{tile, box, confidence}} 的列表",
    "give 'hand' (13 tiles) and 'answer' (the tiles that complete it)":
        "请给出 'hand'（13 张牌）和 'answer'（能和的牌）",
    "each detection needs 'tile', a 'box' of four numbers [x1, y1, x2, y2] and optionally "
    "'confidence'": "每个识别结果须有 'tile'、四个数的 'box' [x1, y1, x2, y2]，可另有 'confidence'",
    "could not make a practice hand": "没能生成练习题",
    "'answer' must be a list of tiles or a typed string": "'answer' 须为牌的列表或牌的文字",
    "'answer' must be one tile": "答案 'answer' 须是一张牌",
    "family must be one of {0}, got {1}": "练习种类 family 须是 {0} 之一，收到 {1}",
    "give 'seed' (the exercise's) and 'answer' (one tile)":
        "请给出 'seed'（练习的编号）和 'answer'（一张牌）",
    "'stood' must be a list of tiles or a typed string": "立四 'stood' 须为牌的列表或牌的文字",
    "a practice hand of variant {0} has {1} tiles (a meld counting 3)":
        "{0} 的练习题手牌有 {1} 张（一副副露算 3 张）",
    "'{0}' must be a player number 0-3, got {1}": "'{0}' 须为玩家编号 0–3，收到 {1}",
    "'bets' must be four whole numbers 0-100, one per player":
        "下注 'bets' 须为四个 0–100 的整数，每位玩家一个",
    "'kongs' must map a player number (0-3) to a list of kongs": "杠 'kongs' 须按玩家编号 (0–3) 给出杠的列表",
    "'points' must be four whole numbers, one per player": "分数 'points' 须为四个整数，每位玩家一个",
    "'points' must sum to zero (what one wins the others pay), got {0}":
        "分数 'points' 之和须为零（一家赢的即别家输的），现在是 {0}",
    "'players' must be the four players' names, in seating order": "玩家须为四位玩家的名字，按座位顺序",
    "the four players need different names": "四位玩家的名字须各不相同",
    "'riichi' and 'tenpai' are riichi's (立直) table facts; this table plays {0}":
        "'riichi'（立直）和 'tenpai'（听牌）是日本立直麻将的牌桌记录；这桌玩的是 {0}",
    "'la_zhuang' (拉庄) is 十六张's (taiwan) rule; this table plays {0}":
        "'la_zhuang'（拉庄）是十六张（taiwan）的规则；这桌玩的是 {0}",
    "'tenpai' names the players ready at a drawn hand (流局): record it with result 'draw'":
        "'tenpai' 列出流局时听牌的玩家：请与结果 'draw'（流局）一起记录",
    "'la_zhuang' (拉庄) is settled when the dealer wins: record it with result 'win'":
        "'la_zhuang'（拉庄）在庄家和牌时结算：请与结果 'win'（和牌）一起记录",
    "'{0}' must list player numbers 0-3, got {1}": "'{0}' 须列出玩家编号 0–3，收到 {1}",
    "'{0}' names a player twice": "'{0}' 里有一位玩家出现两次",
    "'result' must be 'win' or 'draw'": "结果 'result' 须为 'win'（和牌）或 'draw'（流局）",
    "'winners' must be a list of {{winner, hand or points}}":
        "'winners' 须为 {{winner, hand 或 points}} 的列表",
    "a player is named twice among the winners": "和牌者里有一位玩家出现两次",
    "the winner cannot have discarded his own winning tile": "和牌者不能是放炮者（不能和自己打出的牌）",
    "variant {0} does not score hands: give 'points' for each player instead":
        "{0} 不按牌算分：请直接给出每位玩家的分数 'points'",
    "give the winning 'hand' (a hand state) or 'points'": "请给出和牌的手牌 'hand' 或分数 'points'",
    "the hand given for the winner is not a winning hand": "给和牌者的这手牌不是和牌",
    "'kongs' of player {0} must be a list of kongs": "玩家 {0} 的杠 'kongs' 须为杠的列表",
    "several winners need a discard to win on": "多家和牌须是点炮",
    "variant {0} lets only one player win on a discard (截和)": "{0} 一炮只许一家和（截和）",
    "'kongs': {0} is not a player number 0-3": "杠 'kongs'：{0} 不是玩家编号 0–3",
    # tiles
    "a tile must be a string code, got {0}: {1}": "牌须写成文字代码，收到 {0}：{1}",
    "unknown tile {0}": "未知的牌 {0}",
    "tiles must be given as text, got {0}": "牌须以文字给出，收到 {0}",
    "{0} must be a tile, got {1}: {2}": "{0}须为一张牌，收到 {1}：{2}",
    "{0} is one tile, got {1} ({2} tiles)": "{0}只能是一张牌，收到 {1}（{2} 张）",
    "not a playing tile: {0}": "不是一张可打的牌：{0}",
    "unknown tile '{0}z' in {1}: honours are 1z-7z": "{1} 里的 '{0}z' 不是牌：字牌为 1z–7z",
    "unknown tile '{0}f' in {1}: bonus tiles are 1f-8f": "{1} 里的 '{0}f' 不是牌：花牌为 1f–8f",
    "unknown tile {0}: digits need a suit (m 万, p 筒, s 条, z honours, f flowers)":
        "未知的牌 {0}：数字后须有花色（m 万、p 筒、s 条、z 字牌、f 花牌）",
    # variants
    "variant {0} has no table rules; table rules exist for {1}": "{0} 没有牌桌规程；有规程的规则：{1}",
    "a variant is named by a string, got {0}": "规则须以名称给出，收到 {0}",
    "unknown variant {0}; known variants: {1}": "未知的规则 {0}；已有的规则：{1}",
    "guangdong plays without flowers; set the option flowers = true to score a hand with flowers":
        "广东鸡平和不用花牌；要算带花的牌，请把选项 flowers 设为 true",
    "xian: an added kong (加杠) is not allowed with allow_added_kong = false":
        "西安麻将：选项 allow_added_kong = false 时不许加杠",
    # photos and the recogniser
    "cannot write the annotated image to {0} (folder missing, or an unknown extension: use .jpg "
    "or .png)": "不能把标注后的照片写到 {0}（文件夹不存在，或扩展名未知：请用 .jpg 或 .png）",
    "give a PHOTO, or --detections FILE.json": "请给出照片，或 --detections 文件.json",
    "cannot read {0}: {1}": "无法读取 {0}：{1}",
    "the tile recognizer is not available ({0}); pass --detections FILE.json from `detect --json` "
    "instead": "识别器不可用（{0}）；请改用 `detect --json` 得到的 --detections 文件.json",
    "--table must hold a JSON object (dealer, seat, bets, …)":
        "--table 文件须为 JSON 对象（dealer、seat、bets…）",
    "detections must be a list of {{tile, box, confidence}} objects":
        "识别结果须为 {{tile, box, confidence}} 对象的列表",
    "a correction is N=TILE (e.g. 3=5p, or 3=- to drop tile 3), got {0}":
        "更正写作 编号=牌（例如 3=5p，或 3=- 去掉第 3 张），收到 {0}",
    "correction {0}: one tile expected after '='": "更正 {0}：'=' 后应为一张牌",
    "detection {0} needs 'tile' and 'box'": "识别结果 {0} 须有 'tile' 和 'box'",
    "detection {0}: box must be [x1, y1, x2, y2]": "识别结果 {0}：box 须为 [x1, y1, x2, y2]",
    "detection {0}: unknown tile code {1}": "识别结果 {0}：未知的牌代码 {1}",
    "detection {0}: its confidence must be a number from 0 to 1":
        "识别结果 {0}：confidence（认牌把握）须为 0 到 1 之间的数",
    "detection {0}: its detection score must be a number from 0 to 1":
        "识别结果 {0}：detection（检出分数）须为 0 到 1 之间的数",
    "'table' must be an object with 'rivers' and 'melds' by seat wind, or the table reader's "
    "answer": "'table' 须为按门风给出 'rivers'（牌河）和 'melds'（副露）的对象，或读桌的结果",
    "'table.seats' must map self, right, across, left to what each shows":
        "'table.seats' 须把 self、right、across、left 各家对应到其桌面",
    "'table.rivers' must map seat winds to discards in order": "'table.rivers' 须把门风对应到依次打出的牌",
    "'table.melds' must map seat winds to melds": "'table.melds' 须把门风对应到副露",
    "the river of seat {0} must be a list of at most {1} tiles": "{0} 家的牌河须为至多 {1} 张牌的列表",
    "the melds of seat {0} must be a list of at most {1}": "{0} 家的副露须为至多 {1} 副的列表",
    "the rivers name seat {0}, which has no seat at a table of {1} players (seats {2})":
        "牌河里写了 {0} 家，但 {1} 人的牌桌没有这个座位（座位 {2}）",
    "the rivers show {0} {1} times, but a tile has only {2} copies":
        "牌河里 {0} 出现了 {1} 次，但每种牌只有 {2} 张",
    "the river of seat {0} is empty: no discard to claim": "{0} 家的牌河是空的：没有可以吃碰的牌",
    "'corrections' is too long": "'corrections'（更正）太长",
    "a move is N=SEAT or N=SEAT:ZONE (e.g. 7=left:river), got {0}":
        "移动写作 编号=座位 或 编号=座位:区域（例如 7=left:river），收到 {0}",
    "{0} tiles found in the photo, more than the {1} a table can hold":
        "照片上找到 {0} 张牌，多于一桌最多的 {1} 张",
    "corrections must be a list of {{index, seat, zone}} objects":
        "更正须为 {{index, seat, zone}} 对象的列表",
    "correction for tile {0}, but the photo has {1} tiles": "更正第 {0} 张，但照片上只有 {1} 张",
    "unknown seat {0}: seats are self, right, across, left":
        "未知的座位 {0}：座位是 self（本家）、right（下家）、across（对家）、left（上家）",
    "unknown zone {0}: zones are hand, meld, river, bonus, indicator, wall":
        "未知的区域 {0}：区域是 hand（手牌）、meld（副露）、river（牌河）、bonus（花牌）、"
        "indicator（翻牌）、wall（牌墙）",
    "correction for tile {0}, but only {1} tiles were read": "更正第 {0} 张，但只识别到 {1} 张",
    "{0}: the file is empty": "{0}：文件是空的",
    "{0}: larger than {1} MB": "{0}：大于 {1} MB",
    "{0}: is a folder, not a photo (give the photo files in it, e.g. {1}/*.jpg)":
        "{0}：这是文件夹，不是照片（请给出里面的照片文件，例如 {1}/*.jpg）",
    "{0}: no such file": "{0}：没有这个文件",
    "{0}: file is larger than {1} MB": "{0}：文件大于 {1} MB",
    "{0}: the image is too large (at most {1} megapixels)": "{0}：图片太大（至多 {1} 百万像素）",
    "{0}: not an image this program can read (JPEG, PNG, WebP, BMP, …)":
        "{0}：不是本程序能读的图片（JPEG、PNG、WebP、BMP…）",
    "{0}: the image data is damaged or truncated ({1})": "{0}：图片数据已损坏或不完整（{1}）",
    "{0}: {1}×{2} is too large (at most {3} megapixels and {4} pixels a side)":
        "{0}：{1}×{2} 太大（至多 {3} 百万像素、每边 {4} 像素）",
    "{0}: {1}×{2} is too large for a {3}, which is decoded whole (at most {4} megapixels; a JPEG "
    "may be larger)":
        "{0}：{1}×{2} 对 {3} 图片太大：这种格式要整张解码（至多 {4} 百万像素；JPEG 可更大）",
    "the model has an unknown class {0}": "模型有未知的类别 {0}",
    "the tile classifier model {0} is missing: train and export it with `python -m vision.train "
    "classify`": "缺少认牌模型 {0}：请用 `python -m vision.train classify` 训练并导出",
    "the detector finds tiles but does not name them, and the classifier model {0} is missing":
        "检测模型只找牌不认牌，而认牌模型 {0} 缺失",
    "the metric head {0} cannot be read: train it again with `python -m vision.train_metric`":
        "度量头文件 {0} 读不出来：请用 `python -m vision.train_metric` 重新训练",
    "the face network {0} cannot be read: train it again with `python -m vision.train_faces`":
        "牌面网络文件 {0} 读不出来：请用 `python -m vision.train_faces` 重新训练",
    "the tile kinds {0} cannot be read: make them again with `python -m vision.train_faces "
    "--kinds-only`": "牌样文件 {0} 读不出来：请用 `python -m vision.train_faces --kinds-only` 重新生成",
    "the tile detector model {0} is missing: train and export it with `python -m vision.train "
    "detect` (see models/MODEL_CARD.md)":
        "缺少找牌模型 {0}：请用 `python -m vision.train detect` 训练并导出（见 models/MODEL_CARD.md）",
    # what the scorers assumed
    "no table given: dealer E, no bets, no kongs": "没有给出牌桌情况：东家坐庄，不下注，无杠",
    "dealer E": "东家坐庄",
    "seat {0} (the hand's seat wind)": "{0}家（这手牌的门风）",
    "discarder {0} (the winner's 上家)": "放炮者 {0}（和牌者的上家）",
    "self-drawn (table.discarder is null)": "自摸（没有放炮者）",
    "liable seat {0} ({1}) read from the melds; give table.liable to say otherwise":
        "从副露看出由 {0}家包牌（{1}）；若不是，请给出 table.liable",
    # the reading of a photo: its doubts
    "the winning tile {0} is not in the hand": "和牌张 {0} 不在手牌里",
    "low confidence": "识别把握不大",
    "{0} face-up tiles found; a hand has 13 or 14": "找到 {0} 张翻开的牌；一手牌应为 13 或 14 张",
    "the layout could not be read: {0}": "看不出牌的摆法：{0}",
    "a face-down tile outside a concealed kong cannot be read": "暗杠以外扣着的牌认不出来",
    "a concealed kong with every tile face down: name one of them with --fix N=TILE":
        "暗杠四张都扣着：请用 --fix 编号=牌 说出其中一张",
    "{0} recognised with confidence {1}": "{0} 的识别把握只有 {1}",
    "{0} copies of {1}, but a tile has only four": "{1} 有 {0} 张，但每种牌只有四张",
    "bonus tile {0} {1} times; there is one of each": "花牌 {0} 出现 {1} 次；每种只有一张",
    "{0} tiles read (a kong counting 3): a hand has 13 or 14":
        "识别到 {0} 张牌（杠算 3 张）：一手牌应为 13 或 14 张",
    "the hand with the winning tile {0} set apart is not complete: check the tiles":
        "放在一边的和牌张是 {0}，但这手牌没有和：请检查识别的牌",
    # added with the regional variants
    "{0} ({1}) is a flower only where the dragons are flowers (南京); here it belongs in the hand":
        "{0}（{1}）只有在箭牌当花的规则（南京）里才是花牌；这里它属于手牌",
    "variant {0} plays one {1} ({2}); this hand and the table show {3}":
        "{0} 只打一副{1}（{2}）；这手牌和桌上是 {3}",
    "variant {0} plays hands of {1} tiles; this one holds {2}": "{0} 的一手牌是 {1} 张；这一手有 {2} 张",
    "variant {0} has no 起手胡 (wins on the dealt hand); they exist in {1}":
        "{0} 没有起手胡；有起手胡的规则：{1}",
    "variant {0} has no pass lock (过手不和): a seat that passed a win may still win, so 'passed' does not "
    "apply": "{0} 没有过手不和：放过和牌的一家仍可以和，所以 'passed' 不适用",
    "variant {0} has no pass lock (过手不和): a seat that passed a win may still win":
        "{0} 没有过手不和：放过和牌的一家仍可以和",
    "a seat claiming a discard holds {0} tiles (a kong counting 3), this one holds {1}":
        "要牌的一家应有 {0} 张牌（杠算 3 张），这一家有 {1} 张",
    "{0} ({1}): a chow is claimed only from the player before (上家, from = left), not from {2}":
        "{0}（{1}）：只能吃上家的牌（from = left），不能吃 {2} 的",
    "{0} is not a bonus tile (flowers and seasons are 1f-8f; 南京 counts the dragons as flowers too)":
        "{0} 不是花牌（花牌为 1f–8f；南京麻将的箭牌也算花）",
    "too many tiles: {0} in the concealed hand and {1} in melds make {2} ({3})":
        "牌太多：暗牌 {0} 张、副露 {1} 张，共 {2} 张（{3}）",
    "too few tiles: {0} in the concealed hand and {1} in melds make {2} ({3})":
        "牌太少：暗牌 {0} 张、副露 {1} 张，共 {2} 张（{3}）",
    "{0} or {1} expected, a kong counts as 3": "应为 {0} 或 {1} 张，杠算 3 张",
    "with a winning tile the hand must make {0}, it makes {1}": "有和牌张时一手牌应为 {0} 张，现在是 {1} 张",
    "first_go_around (天和/地和/人和) is impossible with seat {0}'s kong in table.kongs: any claim or "
    "kong, a concealed one (暗杠) included, ends the first go-around":
        "table.kongs 里有 {0} 家的杠，就不可能是天和/地和/人和 (first_go_around)："
        "任何吃碰杠（包括暗杠）都结束第一巡",
    "first_go_around (天和/地和/人和) is impossible: someone chowed, punged or konged before the "
    "winner's first draw (table.claims_before), and 如果闲家抓牌前有人吃碰杠（包括暗杠）那么不算地和":
        "不可能是天和/地和/人和 (first_go_around)：和牌者第一次摸牌前有人吃、碰或杠过"
        "（table.claims_before），而“如果闲家抓牌前有人吃碰杠（包括暗杠）那么不算地和”",
    "first_go_around (天和/地和/人和) is impossible: seat {0} chowed, punged or konged before the "
    "winner's first draw (table.claims_before), and 如果闲家抓牌前有人吃碰杠（包括暗杠）那么不算地和":
        "不可能是天和/地和/人和 (first_go_around)：{0} 家在和牌者第一次摸牌前吃、碰或杠过"
        "（table.claims_before），而“如果闲家抓牌前有人吃碰杠（包括暗杠）那么不算地和”",
    "table.claims_before must list the seats that chowed, punged or konged before the winner's "
    "first draw (or be true / false)":
        "table.claims_before 须列出和牌者第一次摸牌前吃、碰或杠过的座位（或写 true / false）",
    "table.claims_before lists a seat twice":
        "table.claims_before 把一个座位列了两次",
    "the added kong of {0} robbed from seat {1} is never made (抢杠: the tile goes to the winner), so "
    "it is not paid: leave it out of table.kongs":
        "被抢的 {1} 家 {0} 加杠没有成立（抢杠：这张牌归和牌者），不算杠钱：table.kongs 里不要列出它",
    "kong_replacement (杠上开花) is a win on the tile drawn after a kong, so it is self-drawn; a win on "
    "a discard after a kong is after_kong_discard (杠上炮)":
        "杠上开花 (kong_replacement) 是杠后摸牌和牌，一定是自摸；"
        "杠后别人打出的牌和牌是杠上炮 (after_kong_discard)",
    "first_go_around (天和/地和/人和) is impossible with a declared meld or kong: any claim or kong ends "
    "the first go-around": "有副露或杠就不可能是天和/地和/人和 (first_go_around)：任何吃碰杠都结束第一巡",
    "dealt_hand (起手胡): the hand is judged as dealt, before any discard, claim or kong, and has no "
    "winning tile": "起手胡 (dealt_hand) 按起手的牌判断：还没有出牌、吃碰杠，也没有和牌张",
    "stood (立四): at most four tiles, all among the concealed ones": "立四 (stood)：至多四张，且都在暗牌里",
    "换三张: the direction is one of {0}, got {1} (this table plays exchange_three = {2})":
        "换三张：方向须为 {0} 之一，收到 {1}（本桌 exchange_three = {2}）",
    "换三张: give the three tiles of each seat E S W N": "换三张：请给出东南西北每家的三张牌",
    "换三张: seat {0} passes three tiles": "换三张：{0}家要换出三张牌",
    "换三张: seat {0}'s three tiles must be of one suit": "换三张：{0}家的三张牌须同一花色",
    "换三张 needs three tiles of one suit in the hand": "换三张需要手里有三张同花色的牌",
    "claim {0}: seat {1} chows only the discard of its 上家 {2}, not of {3}":
        "要牌 {0}：{1}家只能吃上家 {2} 的牌，不能吃 {3} 的",
    "'hands' of a drawn hand is read only by a variant that settles the draw (sichuan, xueliu), as an "
    "object of seat -> hand":
        "流局的 'hands' 只有流局要结算的规则（sichuan、xueliu）才读，格式为 座位 → 手牌",
    "variant {0} throws {1}; got {2}": "{0} 掷骰为 {1}；收到 {2}",
    "九自手 needs both dice (e.g. 4,5), not only their total":
        "九自手要给出两颗骰子的点数（例如 4,5），不能只给总数",
    "option 'hand_size' is one of {0}, got {1}": "选项 'hand_size' 须为 {0} 之一，收到 {1}",
    "table.birds must list the bird tiles turned up (8 at most)":
        "扎鸟 table.birds 须列出翻开的鸟牌（至多 8 张）",
    "table.in_play must list the seats still in the hand": "table.in_play 须列出还在牌局里的各家",
    "table.in_play lists a seat twice": "table.in_play 里有一家出现两次",
    "table.in_play: {0} {1} has already left the hand": "table.in_play：{0} {1} 已经和牌离场",
    "table.in_play: a win needs another seat still in the hand": "table.in_play：和牌需要还有别家在牌局里",
    "variant {0} has one winner per discard (截和): the nearest seat in turn order wins, so table.winners "
    "lists only one": "{0} 一炮只许一家和（截和）：按出牌顺序最近的一家和，所以 table.winners 只能有一家",
    "kong_replacement (杠上开花): a win on the replacement tile needs the kong among the winner's melds":
        "杠上开花 (kong_replacement)：和牌者的副露里须有这个杠",
    "after_kong_discard (杠上炮) is a win on a discard, not self-drawn":
        "杠上炮 (after_kong_discard) 是点炮，不是自摸",
    "{0}; only an added kong (加杠) can be robbed": "{0}；只有加杠可以被抢",
    "a concealed kong (暗杠) cannot be robbed": "暗杠不能被抢",
    "a kong on a discard (暗刻开明杠) cannot be robbed: a win on that tile is an ordinary win on the "
    "discard, paid by the discarder": "直杠（暗刻开明杠）不能被抢：和这张牌是普通的点炮，由放炮者付",
    "changsha: {0} birds are turned up (option birds), the table gives {1}":
        "长沙麻将：要翻 {0} 张鸟牌（选项 birds），牌桌给了 {1}",
    "hundred: only self-drawn wins (只允许自摸不允许吃糊); set the option discard_wins = true to allow wins "
    "on a discard": "百张麻将：只允许自摸不允许吃糊；要允许点炮，请把选项 discard_wins 设为 true",
    "hundred: seven pairs win only as 清一色全对 (one suit)": "百张麻将：七对只有清一色全对才能和",
    "{0} players at a 成都 table: only 清一色 (a full flush) wins": "成都 {0} 人桌：只有清一色能和",
    "呼叫转移: 杠上炮 needs the discarder's kong in table.kongs":
        "呼叫转移：杠上炮需要 table.kongs 里有放炮者的杠",
    "查大叫: the hand of seat {0}, still in, is missing": "查大叫：还在牌局里的 {0}家缺少手牌",
    # a player's own tile set (vision.tileset, tileset command, /api/tilesets)
    "this tile classifier model gives no features to learn a tile set from: export it again with "
    "`python -m vision.train export classify`":
        "这个牌面分类模型不输出特征，不能学牌组：请用 `python -m vision.train export classify` 重新导出",
    "no tile set named {0}: learn it first with `mahjong-assistant tileset learn`":
        "没有名为 {0} 的牌组：请先用 `mahjong-assistant tileset learn` 学一组",
    "the tile set file {0} cannot be read": "牌组文件 {0} 读不出来",
    "a layout names at most {0} tiles": "一张摆牌照片最多写 {0} 张牌",
    "name the tiles of the photo in order, e.g. 123456789m": "请按顺序写出照片里的牌，例如 123456789m",
    "the photo shows {0} tiles but {1} were named: lay them out in rows, apart, all face up, and "
    "name every one in order":
        "照片里有 {0} 张牌，但写了 {1} 张：请把牌一行行分开摆好、全部牌面朝上，并按顺序写出每一张",
    "a tile set name is 1-40 letters, digits, '-' or '_'": "牌组名为 1–40 个字母、数字、'-' 或 '_'",
    "a tile set learns tile faces, not {0}": "牌组只学牌面，不学 {0}",
    "a tile example needs features that are not all zero": "牌的样本特征不能全为零",
    "tile set {0} was learnt with another classifier: learn it again":
        "牌组 {0} 是用另一个分类模型学的：请重新学一次",
    "tile set {0} has no example {1}": "牌组 {0} 里没有样本 {1}",
    "a tile set's example cannot be read: learn the set again": "牌组里有样本读不出来：请重新学这个牌组",
    "the second classifier {0} names other classes than {1}: export both from one class list":
        "第二个分类模型 {0} 的类别与 {1} 不同：两个模型须按同一份类别表导出",
    "the second detector {0} finds other classes or sizes than {1}: export both alike":
        "第二个检测模型 {0} 的类别或输入尺寸与 {1} 不同：两个模型须按同样的设置导出",
    "the whole-table detector {0} finds other classes or sizes than {1}: export both alike":
        "整桌检测模型 {0} 的类别或输入尺寸与 {1} 不同：两个模型须按同样的设置导出",
    "the close-up detector {0} finds other classes or sizes than {1}: export both alike":
        "特写检测模型 {0} 的类别或输入尺寸与 {1} 不同：两个模型须按同样的设置导出",
    "the whole-table classifier {0} names other classes than {1}: export both from one class list":
        "整桌分类模型 {0} 的类别与 {1} 不同：两个模型须按同一份类别表导出",
    "no tile set {0}": "没有牌组 {0}",
    "changing a tile set needs its secret: send the header 'Authorization: Bearer <secret>' with "
    "the secret given when the set was created":
        "修改牌组需要它的密钥：请带上请求头 'Authorization: Bearer <密钥>'（建牌组时给的密钥）",
    "no value in the multipart field {0}": "表单字段 {0} 没有内容",
    "the field {0} has {1} characters; the limit is {2}": "字段 {0} 有 {1} 个字符，上限 {2}",
    "this recogniser cannot learn a tile set: its classifier gives no features":
        "这个识别器不能学牌组：它的分类模型不输出特征",
    "'box' is four numbers x1,y1,x2,y2 in pixels of the photo":
        "'box' 是照片里的四个像素坐标 x1,y1,x2,y2",
    "the box {0} is not inside the {1}×{2} photo": "框 {0} 不在这张 {1}×{2} 的照片里",
    "the service keeps at most {0} tile sets: delete one you no longer use":
        "服务最多保存 {0} 个牌组：请删掉不再用的",
    "this client has made {0} tile sets today; the limit is {1} a day":
        "这个客户端今天已建了 {0} 个牌组，每天上限 {1} 个",
    "no example {0} in this tile set": "这个牌组里没有样本 {0}",
    # three seats (三麻 riichi_sanma, 成都 三人) and 抜きドラ
    "{0}: {1} has no seat at a table of {2} players (seats {3})":
        "{0}：{2} 人的牌桌没有 {1} 这个座位（座位为 {3}）",
    "variant {0} sets no 北 aside: 抜きドラ (nukidora) is three-player riichi's (riichi_sanma)":
        "{0} 不拔北：拔北宝牌 (nukidora) 是三人立直麻将（riichi_sanma）的规则",
    "variant {0}: this table plays 北 as a wind only, never set aside (option nukidora = false)":
        "{0}：本桌北只当风牌，不拔北（选项 nukidora = false）",
    "'nukidora' lists the 北 (N) set aside; only 北 is set aside (抜きドラ)":
        "'nukidora' 列出拔出的北 (N)；只有北可以拔出（拔北宝牌）",
    "'nukidora' is the number of 北 set aside, 0-4 (four copies), got {0}":
        "'nukidora' 是拔出的北的张数，0–4（共四张），收到 {0}",
    "'players' must be the {0} players' names, in seating order: variant {1} seats {2}":
        "'players' 须为 {0} 位玩家的名字，按座位顺序：{1} 是 {2} 人牌桌",
    "the players need different names": "玩家的名字须各不相同",
    "'{0}' must be a player number 0-{1} (a table of {2}), got {3}":
        "'{0}' 须为玩家编号 0–{1}（{2} 人牌桌），收到 {3}",
    "'bets' must be {0} whole numbers 0-100, one per player":
        "下注 'bets' 须为 {0} 个 0–100 的整数，每位玩家一个",
    "'points' must be {0} whole numbers, one per player": "'points' 须为 {0} 个整数，每位玩家一个",
    "kong_replacement (嶺上開花): the draw after setting a 北 aside is not a kong's replacement at "
    "this table (option nukidora_rinshan = false); declare a kong among the melds":
        "岭上开花：本桌拔北后的补牌不算杠后补牌（选项 nukidora_rinshan = false）；副露里须有杠",
    "seat {0}: {1} is not in the tile set of variant {2}": "{0} 家：{1} 不在 {2} 的牌里",
    "换三张: at a table of three nobody sits opposite; pass clockwise or counterclockwise":
        "换三张：三人桌没有对家；请顺时针或逆时针换",
    "换三张: give the three tiles of each seat E S W (a table of three)":
        "换三张：请给出东南西三家各自的三张牌（三人桌）",
    # the parts messages are made of
    "meld {0}": "第 {0} 副副露",
    "meld {0} tiles": "第 {0} 副副露的牌",
    "line {0}": "第 {0} 行",
    "detections {0}": "识别结果 {0} ",
    "table {0}": "牌桌文件 {0} ",
    "hand {0}": "第 {0} 盘",
}

#: Parts of messages that are whole words (field names, what a message is about).
WORDS: dict[str, str] = {
    "concealed": "暗牌 concealed", "visible": "见过的牌 visible", "bonus": "花牌 bonus",
    "flowers": "花牌 flowers", "wilds": "赖子 wilds", "win_tile": "和牌张 win_tile",
    "discard": "打出的牌 discard", "--win": "和牌张 --win", "seat_wind": "门风 seat_wind",
    "prevalent_wind": "圈风 prevalent_wind", "dealer": "庄家 dealer", "seat": "座位 seat",
    "the hand state": "手牌", "the claims request": "要牌请求", "the hands": "各盘",
    "the events": "事件", "the claims": "要牌记录", "the table": "牌桌", "--options": "--options 选项",
    "input": "输入", "chow": "吃", "pung": "碰", "kong": "杠",
    # the seats, as players name them (the engine's messages say E S W N)
    "E": "东", "S": "南", "W": "西", "N": "北",
    # Python's JSON messages
    "Expecting value": "缺少值", "Extra data": "多余的数据",
    "Expecting property name enclosed in double quotes": "属性名须用双引号",
    "Expecting ',' delimiter": "缺少逗号", "Expecting ':' delimiter": "缺少冒号",
    "Unterminated string starting at": "字符串没有结束", "Invalid control character at": "有无效的控制字符",
    # the system's reasons a file cannot be read
    "No such file or directory": "没有这个文件", "Permission denied": "没有权限",
    "Is a directory": "这是文件夹",
}


#: Each variant's id as a message quotes it ('sichuan'), for the pages: its name.
WORDS.update({f"'{name}'": f"「{zh}」" for name, (zh, _) in VARIANTS.items()})

#: The catalogue keys of the seats' names (东家 / East).
SEAT_KEYS = {"E": "ui.east", "S": "ui.south", "W": "ui.west", "N": "ui.north"}


def seat_name(seat: str, lang: str = "zh") -> str:
    """A seat as players name it (``E`` → 东家 / East); anything else as it is."""
    return text(SEAT_KEYS[seat], lang) if seat in SEAT_KEYS else seat


def text(key: str, lang: str = "zh", **params: Any) -> str:
    """The catalogued text ``key`` in ``lang`` (zh or en), its parameters filled in."""
    zh, en = TEXT[key]
    return (zh if lang.startswith("zh") else en).format(**params)


def variant_name(name: str, lang: str = "zh") -> str:
    """A variant as players name it (``shaanxi`` → 陕西麻将 / Shaanxi); an unknown id as it is."""
    names = VARIANTS.get(name)
    if names is None:
        return name
    return names[0] if lang.startswith("zh") else names[1]


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[re.Pattern[str], str]]:
    """Each English template as a regular expression, the most specific first."""
    out = []
    for en, zh in MESSAGES.items():
        literal = re.split(r"\{\d+\}", en.replace("{{", "\0").replace("}}", "\1"))
        parts = [re.escape(p.replace("\0", "{").replace("\1", "}")) for p in literal]
        regex = "(.+?)".join(parts)
        out.append((re.compile(f"^{regex}$", re.S), zh, sum(map(len, literal))))
    out.sort(key=lambda p: -p[2])
    return [(p, zh) for p, zh, _ in out]


def match(message: str) -> tuple[str, tuple[str, ...]] | None:
    """The Chinese template of an English message and what it was made with, or None."""
    for pattern, zh in _patterns():
        m = pattern.match(message)
        if m:
            return zh, m.groups()
    return None


def translate(message: str, lang: str = "zh") -> str:
    """A message of the engine, the recogniser or the service in ``lang`` (it is English as made).

    A message the catalogue does not know comes back as it is (``tests/test_catalogue.py`` makes
    sure every message the source can make is known).
    """
    if not lang.startswith("zh"):
        return message
    return _zh(message, 0) or message


def _zh(message: str, depth: int) -> str | None:
    if message in WORDS:
        return WORDS[message]
    found = match(message) if depth < 4 else None
    if found is None:
        return None
    zh, parts = found
    shown = [_zh(p, depth + 1) or p for p in parts]
    return zh.replace("{{", "\0").replace("}}", "\1").format(*shown).replace(
        "\0", "{").replace("\1", "}")


def error_zh(message: str) -> str:
    """An error's Chinese: its translation, or a Chinese lead-in before a message not catalogued."""
    zh = _zh(message, 0)
    return zh if zh is not None else text("error.unknown", "zh", message=message)


def is_known(message: str) -> bool:
    """True when :func:`translate` has a Chinese for ``message``."""
    return _zh(message, 0) is not None


def gloss(en_text: str) -> str:
    """English text with each Chinese table word it keeps followed by its meaning, once."""
    out = en_text
    for term in sorted(TERMS, key=len, reverse=True):
        if term in out and f"{term} (" not in out:
            out = re.sub(f"(?<![\u4e00-\u9fff]){re.escape(term)}(?![\u4e00-\u9fff（(])",
                         f"{term} ({TERMS[term]})", out, count=1)
    return out


def score_summary(score: dict[str, Any], lang: str = "zh") -> str:
    """A score as players say it: ``3番 · 每家 8 分`` (fan and points), riichi's han and fu,
    else ``204 分``."""
    if score.get("yakuman"):
        return text("score.yakuman", lang, times=score["yakuman"], points=score["points"])
    if "han" in score and "fu" in score:
        return text("score.han_fu", lang, han=score["han"], fu=score["fu"], points=score["points"])
    if "fan" in score and "points" in score:
        return text("score.fan_each", lang, fan=score["fan"], each=score["points"])
    if "fan" in score:
        return text("score.fan", lang, fan=score["fan"])
    return text("score.points", lang, points=score["total"])


def pages_script() -> str:
    """``static/catalogue.js``: the catalogue for the pages' scripts, as a script file (written by
    ``python -m assistant.catalogue``; a test checks that the file is up to date)."""
    body = json.dumps(to_json(), ensure_ascii=False, indent=0, sort_keys=True)
    return ("// Written by `python -m assistant.catalogue` from assistant/catalogue.py: do not edit.\n"
            f"window.CATALOGUE = {body};\n")


def to_json() -> dict[str, Any]:
    """The catalogue for the pages: texts, variant names, terms and the message templates."""
    return {"text": {k: list(v) for k, v in TEXT.items()},
            "variants": {k: list(v) for k, v in VARIANTS.items()},
            "terms": TERMS, "messages": MESSAGES, "words": WORDS}


if __name__ == "__main__":
    from pathlib import Path

    target = Path(__file__).parent / "service" / "static" / "catalogue.js"
    target.write_text(pages_script(), encoding="utf-8")
    sys.stdout.write(f"wrote {target}\n")
