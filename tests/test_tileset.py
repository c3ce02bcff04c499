"""``mahjong-assistant tileset …`` and ``--tileset``: a player's own set learnt from one rows photo
with the shipped models, kept, shown, undone one example at a time, deleted, read with."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from assistant.cli import main
from datasets.synth.art import available_art_sets
from vision.tileset import reading_order

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [
    pytest.mark.skipif(not available_art_sets(), reason="no tile art on this machine"),
    pytest.mark.skipif(not (ROOT / "models" / "tile_classifier.onnx").is_file(),
                       reason="no shipped models"),
]
#: Two rows laid out: 9 characters, 9 dots (the render reads all 18 with the shipped models).
LAYOUT = "123456789m123456789p"


@pytest.fixture(scope="module")
def photo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One rows photo rendered in the ``smooth`` art (about a second), written as PNG."""
    import cv2

    from datasets.synth.photos import rows_photo
    from vision.tileset import layout_tiles

    scene = rows_photo(np.random.default_rng(1), "smooth", layout_tiles(LAYOUT))
    path = tmp_path_factory.mktemp("rows") / "rows.png"
    cv2.imwrite(str(path), scene.image)
    return path


@pytest.fixture()
def sets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty folder of tile sets for each test (``$MAHJONG_TILESETS``)."""
    folder = tmp_path / "tilesets"
    monkeypatch.setenv("MAHJONG_TILESETS", str(folder))
    return folder


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command in this process: exit status, stdout, stderr."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_learn_counts_each_kind_and_what_was_read_right(photo: Path, sets: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "tileset", "learn", "mine", str(photo), "--tiles", LAYOUT,
                           "--json")
    assert status == 0, err
    learnt = json.loads(out)
    assert learnt["count"] == 18 and learnt["per_kind"] == {c: 1 for c in learnt["per_kind"]}
    assert list(learnt["per_kind"]) == [f"{n}{s}" for s in "mp" for n in range(1, 10)]
    assert 0 <= learnt["read_right"] <= 18
    assert learnt["read_right"] == sum(x["read"] == x["tile"] for x in learnt["learnt"])
    assert learnt["tileset"]["examples"] == 18 and "E" in learnt["tileset"]["missing"]
    assert (sets / "mine.npz").is_file() and oct(sets.stat().st_mode & 0o777) == "0o700"

    # a second photo adds examples; the readable report says what was read right, in Chinese
    status, out, err = cli(capsys, "tileset", "learn", "mine", str(photo), "--tiles", LAYOUT)
    assert status == 0, err
    assert "学会了 18 张牌" in out and "认对了其中" in out and "36 个样本，18 种牌" in out
    status, out, _ = cli(capsys, "tileset", "show", "mine", "--json")
    assert json.loads(out)["kinds"] == {f"{n}{s}": 2 for s in "mp" for n in range(1, 10)}
    status, out, _ = cli(capsys, "tileset", "list", "--lang", "en")
    assert out.strip() == "tile set mine: 36 examples of 18 kinds"


def test_detect_and_score_read_with_the_set(photo: Path, sets: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A set that calls the first two tiles the other way round makes ``detect --tileset`` read
    them so: the set, not the classifier, names a tile that close to an example."""
    swapped = "213456789m123456789p"
    assert cli(capsys, "tileset", "learn", "odd", str(photo), "--tiles", swapped)[0] == 0
    status, out, _ = cli(capsys, "detect", str(photo), "--json")
    plain = json.loads(out)["tiles"]
    status, out, err = cli(capsys, "detect", str(photo), "--json", "--tileset", "odd")
    assert status == 0, err
    mine = json.loads(out)["tiles"]
    first_two = reading_order(np.array([t["box"] for t in plain]))[:2]
    assert [plain[i]["tile"] for i in first_two] == ["1m", "2m"]
    by_box = {tuple(t["box"]): t["tile"] for t in mine}
    assert [by_box[tuple(plain[i]["box"])] for i in first_two] == ["2m", "1m"]
    status, out, err = cli(capsys, "score", str(photo), "--json", "--tileset", "odd", "--force")
    assert status in (0, 1), err
    assert len(json.loads(out)["tiles"]) == 18


def test_forget_undoes_one_example_and_delete_the_set(photo: Path, sets: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = cli(capsys, "tileset", "learn", "mine", str(photo), "--tiles", LAYOUT, "--json")
    first = json.loads(out)["learnt"][0]
    status, out, err = cli(capsys, "tileset", "forget", "mine", str(first["id"]), "--json")
    assert status == 0, err
    after = json.loads(out)
    assert after["examples"] == 17 and first["tile"] in after["missing"]
    status, _, err = cli(capsys, "tileset", "forget", "mine", str(first["id"]))
    assert status == 2 and f"牌组 mine 里没有样本 {first['id']}" in err
    assert cli(capsys, "tileset", "delete", "mine")[0] == 0
    assert not (sets / "mine.npz").exists()
    status, out, _ = cli(capsys, "tileset", "list", "--lang", "en")
    assert status == 0 and "no tile set yet" in out


@pytest.mark.parametrize("args, zh", [
    (["tileset", "learn", "mine", "{photo}", "--tiles", "123m"],
     "照片里有 18 张牌，但写了 3 张"),
    (["tileset", "learn", "mine", "{photo}", "--tiles", "12x"], "x"),
    (["tileset", "learn", "mine", "{photo}", "--tiles", "1m back"], "牌组只学牌面"),
    (["tileset", "learn", "../up", "{photo}"], "牌组名为 1–40 个字母"),
    (["tileset", "show", "nobody"], "没有名为 nobody 的牌组"),
    (["tileset", "delete", "nobody"], "没有名为 nobody 的牌组"),
    (["score", "{photo}", "--tileset", "nobody"], "没有名为 nobody 的牌组"),
    (["detect", "{photo}", "--tileset", "nobody"], "没有名为 nobody 的牌组"),
])
def test_errors_are_one_line_in_the_players_language(photo: Path, sets: Path,
                                                     capsys: pytest.CaptureFixture[str],
                                                     args: list[str], zh: str) -> None:
    status, out, err = cli(capsys, *[str(photo) if a == "{photo}" else a for a in args])
    assert status == 2 and out == ""
    assert zh in err.splitlines()[0] and "Traceback" not in err
    assert not (sets / "mine.npz").exists()  # nothing was learnt from a refused photo
    status, _, err = cli(capsys, *[str(photo) if a == "{photo}" else a for a in args],
                         "--lang", "en")
    assert status == 2 and err.count("\n") == 1 and "error:" in err
