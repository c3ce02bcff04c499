/* analyze of a complete MCR or riichi hand in one call: the request read, the readings found,
 * every reading scored on the card, the best itemised, the settlement and the whole answer dict
 * written. The request reader, the readings and the answer's writers (the hand echoed, the
 * forms' shanten, the readings described, the own-turn moves) are the two variants' alike; each
 * variant's Setup says its name, tiles, forms and whether an added kong may be robbed.
 *
 * mcr_answer(data) mirrors assistant.analysis.python_analyze(data, "mcr") for the requests it is
 * sure of and returns NotImplemented for every other: then the Python path answers or raises
 * exactly as before, so legality stays decided there (hand.py, legality.py, the table's checks)
 * and this file never names an error. It takes a plain dict of concealed (a list of the 34
 * tiles' codes), melds (up to four plain dicts: a chow in rising order, a pung, a kong; concealed
 * only on a kong, from, claimed_index, added_kong), win_tile, context (the MCR flags as true or
 * false, the winds, a flower count 0-8), variant "mcr" and, as not given, options {} or null,
 * bonus [] or null and table null; the 14 tiles must be complete in any
 * of the five forms with no fifth copy and none of what the hand's or the table's checks refuse.
 * The pieces are the engine's (_core.h: the forms' shanten, the waits, the regular readings, the
 * knitted sequences) and the card's (_patterns.h: a reading's choice of lines).
 *
 * Everything fixed for MCR is handed over once by mcr_setup (assistant/one_call.py): the card's
 * packed rows, each line's names, key, value and how its item's tiles are chosen, the fallback
 * and flower items, the unit, the minimum, the tiles' and forms' codes, for each seat, prevalent
 * wind and way of winning the settlement of the table Python reads (payments as a + b * points)
 * and its "assumed" notes, and the Python functions that write the notes of a flag that does not
 * stand and of a hand under the minimum. No word a player reads is written here.
 *
 * riichi_answer(data, card) mirrors python_analyze(data) for a riichi request (variant "riichi",
 * riichi's own options) with a yaku: the same reader takes riichi's fields beside MCR's (the
 * declarations, red fives, the indicators, a table of discarder, honba and riichi_sticks), each
 * reading is scored with each group its winning tile completes by _riichi.h's riichi_best on the
 * card packed for the request's options, settled by riichi_settle and itemised here. What riichi
 * holds fixed (the lines' and dora's names, the limits' names, the note of the winner's own
 * stick, what read_riichi_table reads of every seat, wind, way of winning and table) is handed
 * over once by riichi_setup.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_answer.h"
#include "_core.h"
#include "_patterns.h"
#include "_riichi.h"

#define MAX_READINGS 32 /* a 14-tile hand has a handful; past this the Python path answers */
#define READING_GROUPS 14 /* thirteen orphans' fourteen singles */
/* The reading's groups beside the engine's pair, pung and chow (_core.h): a single tile, and a
 * knitted sequence (its number 0-5 where the first tile stands). */
enum { G_SINGLE = 3, G_KNITTED = 4 };
#define AS_GROUP(kind, first) ((kind) << 8 | ((first) + 1) << 2)
#define MAX_CHOSEN 48
#define N_LINES 128
#define N_SETTLE 64 /* seat x prevalent wind x self-drawn x robbing a kong */
#define WIND0 27

/* How an item's tiles are chosen (assistant/scoring/fan_table.py Line.tiles, patterns.py). */
enum { T_ALL, T_CONCEALED_PUNGS, T_KONGS, T_WIN, T_WIND_PUNGS, T_DRAGON_PUNGS, T_PREVALENT,
       T_SEAT, T_TILE_HOG, T_TERMINAL_PUNGS, T_SETS, N_TILE_KINDS };

typedef struct {
    PyObject *held; /* the setup tuple: every object below is borrowed from it */
    PyObject *card, *names[N_LINES], *fallback, *flower, *unit, *variant, *min_points;
    PyObject *tiles[NT], *forms[5], *seats[4], *settle[N_SETTLE], *kong_robbable;
    PyObject *notes[3]; /* the notes to "assumed": is_4th_tile, robbing_kong, under the minimum */
    int value[N_LINES], kind[N_LINES], fallback_value, four;
    int forms_mask; /* the variant's forms, bit F_* */
    long minimum;
} Setup;

static Setup S;

/* The JSON keys, interned once. */
#define KEYS(X) \
    X(concealed) X(melds) X(win_tile) X(context) X(variant) X(type) X(tiles) X(from) \
    X(self_drawn) X(wall_last) X(kong_replacement) X(robbing_kong) X(first_go_around) \
    X(is_4th_tile) X(seat_wind) X(prevalent_wind) X(flowers) X(about_kong) X(bonus) X(chow) \
    X(pung) X(kong) X(left) X(opposite) X(right) X(hand) X(tile_count) X(shanten) \
    X(shanten_forms) X(is_win) X(waits) X(effective) X(discards) X(decompositions) X(form) \
    X(groups) X(own_turn) X(concealed_kongs) X(added_kongs) X(tile) X(robbable) \
    X(self_drawn_win) X(score) X(items) X(name_zh) X(name_en) X(value) X(key) X(count) \
    X(total) X(fans_points) X(points) X(unit) X(min_points) X(below_minimum) X(winner) \
    X(dealer) X(hand_form) X(payments) X(matrix) X(transfers) X(to) X(amount) X(reason) \
    X(assumed) X(claimed_index) X(added_kong) X(options) X(table) X(riichi) X(double_riichi) \
    X(ippatsu) X(dora_indicators) X(ura_dora_indicators) X(red_fives) X(honba) \
    X(riichi_sticks) X(discarder) X(limit_zh) X(limit_ja) X(name_ja) X(yakuman)
#define AS_SLOT(k) static PyObject *k_##k;
KEYS(AS_SLOT)
#undef AS_SLOT

static int keys_ready(void)
{
#define AS_INTERN(k) if ((k_##k = PyUnicode_InternFromString(#k)) == NULL) return -1;
    KEYS(AS_INTERN)
#undef AS_INTERN
    return 0;
}

/* ---- the request ---- */

typedef struct {
    int kind, n, t[4], concealed, added, red;
    PyObject *type, *tiles, *from, *claimed;
} MeldIn;

typedef struct {
    PyObject *concealed, *win_obj, *variant;
    int conc[14], n_conc, win, n_melds;
    MeldIn melds[4];
    int self_drawn, wall_last, kong_replacement, robbing_kong, first_go_around, fourth_tile,
        about_kong, seat, prevalent, flowers;
    /* riichi's: the declarations, red fives read as fives, the indicators, the table (code: 0
     * none, 1 no discarder named, 2 discarder null, 3-6 discarder E-N), its honba and sticks */
    int riichi_mode, riichi, double_riichi, ippatsu, red, conc_red, dora_red, ura_red;
    int dora[5], n_dora, ura[5], n_ura, table_code, honba, n_sticks, stick_seat[5], sticks[5];
    PyObject *options, *table, *dora_obj, *ura_obj;
} Request;

static int same(PyObject *key, PyObject *interned)
{
    return key == interned || (PyUnicode_GET_LENGTH(key) == PyUnicode_GET_LENGTH(interned)
                               && PyUnicode_Compare(key, interned) == 0);
}

/* An exact int from lo to hi (a bool or an int past a long refused). */
static int small_int(PyObject *v, int lo, int hi, int *out)
{
    if (!PyLong_CheckExact(v))
        return 0;
    int overflow = 0;
    long x = PyLong_AsLongAndOverflow(v, &overflow);
    if (overflow || x < lo || x > hi)
        return 0;
    *out = (int)x;
    return 1;
}

/* A flag given as true or false (nothing else: the Python path names the rest). */
static int flag(PyObject *v, int *out)
{
    if (v != Py_True && v != Py_False)
        return 0;
    *out = v == Py_True;
    return 1;
}

static int wind(PyObject *v, int *out)
{
    int t = code_index(v);
    if (t < WIND0 || t > WIND0 + 3)
        return 0;
    *out = t;
    return 1;
}

/* A tile code's index; where `red` is given, a red five typed 0m 0p 0s as its five, counted
 * into *red (the Python path reads them so: tiles.red_fives, hand._red_count). */
static int tile_of(PyObject *v, int *red)
{
    int t = code_index(v);
    if (t >= 0 || red == NULL || !PyUnicode_CheckExact(v) || PyUnicode_GET_LENGTH(v) != 2
        || PyUnicode_READ_CHAR(v, 0) != '0')
        return t;
    Py_UCS4 suit = PyUnicode_READ_CHAR(v, 1);
    t = suit == 'm' ? 4 : suit == 'p' ? 13 : suit == 's' ? 22 : -1;
    *red += t >= 0;
    return t;
}

/* One meld: 1 read, 0 not one the core is sure of; red fives read where `riichi`. */
static int read_meld(PyObject *m, MeldIn *out, int riichi)
{
    if (!PyDict_CheckExact(m))
        return 0;
    Py_ssize_t pos = 0;
    PyObject *k, *v;
    out->type = out->tiles = out->from = out->claimed = NULL;
    out->concealed = out->added = out->red = 0;
    while (PyDict_Next(m, &pos, &k, &v)) {
        if (!PyUnicode_CheckExact(k))
            return 0;
        if (same(k, k_type))
            out->type = v;
        else if (same(k, k_tiles))
            out->tiles = v;
        else if (same(k, k_from))
            out->from = v;
        else if (same(k, k_claimed_index)) {
            int index;
            if (v != Py_None && !small_int(v, 1, 4, &index))
                return 0;
            out->claimed = v == Py_None ? NULL : v;
        } else if (same(k, k_added_kong)) {
            if (!flag(v, &out->added))
                return 0;
        } else if (same(k, k_concealed)) {
            if (!flag(v, &out->concealed))
                return 0;
        } else
            return 0;
    }
    if (out->type == NULL || !PyUnicode_CheckExact(out->type) || out->tiles == NULL
        || !PyList_CheckExact(out->tiles))
        return 0;
    out->kind = same(out->type, k_chow) ? K_CHOW : same(out->type, k_pung) ? K_PUNG
                : same(out->type, k_kong) ? K_KONG : -1;
    out->n = (int)PyList_GET_SIZE(out->tiles);
    if (out->kind < 0 || out->n != (out->kind == K_KONG ? 4 : 3))
        return 0;
    for (int i = 0; i < out->n; i++)
        if ((out->t[i] = tile_of(PyList_GET_ITEM(out->tiles, i), riichi ? &out->red : NULL)) < 0)
            return 0;
    for (int i = 1; i < out->n; i++) {
        int step = out->kind == K_CHOW ? out->t[0] + i : out->t[0];
        if (out->t[i] != step)
            return 0;
    }
    if (out->kind == K_CHOW && (out->t[0] >= 27 || out->t[0] % 9 > 6))
        return 0;
    if (out->concealed && out->kind != K_KONG)
        return 0;
    if (out->from == Py_None)
        out->from = NULL;
    if (out->from != NULL) {
        if (!PyUnicode_CheckExact(out->from))
            return 0;
        int left = same(out->from, k_left);
        if (!left && (out->kind == K_CHOW || !(same(out->from, k_opposite)
                                                || same(out->from, k_right))))
            return 0;
    }
    return 1;
}

static int read_context(PyObject *ctx, Request *r)
{
    if (ctx == NULL || ctx == Py_None)
        return 1;
    if (!PyDict_CheckExact(ctx))
        return 0;
    Py_ssize_t pos = 0;
    PyObject *k, *v;
    while (PyDict_Next(ctx, &pos, &k, &v)) {
        if (!PyUnicode_CheckExact(k))
            return 0;
        int ok;
        if (same(k, k_self_drawn))
            ok = flag(v, &r->self_drawn);
        else if (same(k, k_wall_last))
            ok = flag(v, &r->wall_last);
        else if (same(k, k_kong_replacement))
            ok = flag(v, &r->kong_replacement);
        else if (same(k, k_robbing_kong))
            ok = flag(v, &r->robbing_kong);
        else if (same(k, k_first_go_around))
            ok = flag(v, &r->first_go_around);
        else if (same(k, k_is_4th_tile))
            ok = flag(v, &r->fourth_tile);
        else if (same(k, k_about_kong))
            ok = flag(v, &r->about_kong);
        else if (same(k, k_seat_wind))
            ok = wind(v, &r->seat);
        else if (same(k, k_prevalent_wind))
            ok = wind(v, &r->prevalent);
        else if (same(k, k_flowers))
            ok = small_int(v, 0, r->riichi_mode ? 0 : 8, &r->flowers);
        else if (r->riichi_mode && same(k, k_riichi))
            ok = flag(v, &r->riichi);
        else if (r->riichi_mode && same(k, k_double_riichi))
            ok = flag(v, &r->double_riichi);
        else if (r->riichi_mode && same(k, k_ippatsu))
            ok = flag(v, &r->ippatsu);
        else
            ok = 0;
        if (!ok)
            return 0;
    }
    if (r->about_kong) {
        if (r->self_drawn)
            r->kong_replacement = 1;
        else
            r->robbing_kong = 1;
    }
    return 1;
}

/* Indicators given as a list of at most five tile codes (hand._indicators), or null; a red
 * five typed 0m 0p 0s is read as its five and counted into *red (not as a red five held). */
static int read_indicators(PyObject *v, int *out, int *n, int *red)
{
    if (v == Py_None)
        return 1;
    if (!PyList_CheckExact(v) || PyList_GET_SIZE(v) > 5)
        return 0;
    *n = (int)PyList_GET_SIZE(v);
    for (int i = 0; i < *n; i++)
        if ((out[i] = tile_of(PyList_GET_ITEM(v, i), red)) < 0)
            return 0;
    return 1;
}

/* Riichi's table (read_riichi_table): no key but discarder, honba (a whole number) and
 * riichi_sticks (seat -> sticks); 1 read, 0 refused. */
static int read_riichi_table(PyObject *table, Request *r)
{
    if (!PyDict_CheckExact(table))
        return 0;
    r->table = table;
    r->table_code = 1;
    Py_ssize_t pos = 0;
    PyObject *k, *v;
    while (PyDict_Next(table, &pos, &k, &v)) {
        int seat;
        if (!PyUnicode_CheckExact(k))
            return 0;
        if (same(k, k_discarder)) {
            if (v != Py_None && !wind(v, &seat))
                return 0;
            r->table_code = v == Py_None ? 2 : 3 + seat - WIND0;
        } else if (same(k, k_honba)) {
            if (!small_int(v, 0, 1000000, &r->honba))
                return 0;
        } else if (same(k, k_riichi_sticks)) {
            if (v == Py_None)
                continue;
            if (!PyDict_CheckExact(v) || PyDict_GET_SIZE(v) > 4)
                return 0;
            Py_ssize_t at = 0;
            PyObject *seat_obj, *count;
            r->n_sticks = 0;
            while (PyDict_Next(v, &at, &seat_obj, &count)) {
                int i = r->n_sticks++;
                if (!PyUnicode_CheckExact(seat_obj) || !wind(seat_obj, &r->stick_seat[i])
                    || !small_int(count, 0, 1000000, &r->sticks[i]))
                    return 0;
                r->stick_seat[i] -= WIND0;
            }
        } else
            return 0;
    }
    return 1;
}

/* The request of `s`'s variant (riichi's keys beside MCR's where `riichi`): 1, 0 refused. */
static int read_request(PyObject *data, Request *r, const Setup *s, int riichi)
{
    if (!PyDict_CheckExact(data))
        return 0;
    memset(r, 0, sizeof *r);
    r->seat = r->prevalent = WIND0;
    r->riichi_mode = riichi;
    PyObject *melds = NULL, *ctx = NULL, *k, *v;
    Py_ssize_t pos = 0;
    while (PyDict_Next(data, &pos, &k, &v)) {
        if (!PyUnicode_CheckExact(k))
            return 0;
        if (same(k, k_concealed))
            r->concealed = v;
        else if (same(k, k_melds))
            melds = v;
        else if (same(k, k_win_tile))
            r->win_obj = v;
        else if (same(k, k_context))
            ctx = v;
        else if (same(k, k_variant))
            r->variant = v;
        else if (same(k, k_options)) { /* MCR: none, as the analyze call's own options */
            if (v != Py_None && !(PyDict_CheckExact(v) && (riichi || PyDict_GET_SIZE(v) == 0)))
                return 0;
            r->options = v;
        } else if (same(k, k_bonus)) { /* no bonus tile listed: the count is context's */
            if (v != Py_None && !(PyList_CheckExact(v) && PyList_GET_SIZE(v) == 0))
                return 0;
        } else if (same(k, k_table)) { /* MCR: a table, even empty, is echoed */
            if (v != Py_None && !(riichi && read_riichi_table(v, r)))
                return 0;
        } else if (riichi && same(k, k_dora_indicators)) {
            if (!read_indicators(v, r->dora, &r->n_dora, &r->dora_red))
                return 0;
            r->dora_obj = v;
        } else if (riichi && same(k, k_ura_dora_indicators)) {
            if (!read_indicators(v, r->ura, &r->n_ura, &r->ura_red))
                return 0;
            r->ura_obj = v;
        } else
            return 0;
    }
    if (r->variant == Py_None)
        r->variant = NULL;
    if (r->variant != NULL && !(PyUnicode_CheckExact(r->variant) && same(r->variant, s->variant)))
        return 0;
    if (r->concealed == NULL || !PyList_CheckExact(r->concealed)
        || PyList_GET_SIZE(r->concealed) < 1 || PyList_GET_SIZE(r->concealed) > 13)
        return 0;
    r->n_conc = (int)PyList_GET_SIZE(r->concealed);
    for (int i = 0; i < r->n_conc; i++)
        if ((r->conc[i] = tile_of(PyList_GET_ITEM(r->concealed, i), riichi ? &r->conc_red : NULL))
            < 0)
            return 0;
    r->red = r->conc_red;
    if (r->win_obj == NULL || (r->win = tile_of(r->win_obj, riichi ? &r->red : NULL)) < 0)
        return 0;
    if (melds != NULL && melds != Py_None) {
        if (!PyList_CheckExact(melds) || PyList_GET_SIZE(melds) > 4)
            return 0;
        r->n_melds = (int)PyList_GET_SIZE(melds);
        for (int i = 0; i < r->n_melds; i++) {
            if (!read_meld(PyList_GET_ITEM(melds, i), &r->melds[i], riichi))
                return 0;
            r->red += r->melds[i].red;
        }
    }
    return read_context(ctx, r);
}

/* ---- the hand ---- */

typedef struct {
    int own[NT];  /* the concealed tiles and the winning tile */
    int all[NT];  /* with the melds' tiles */
    int n_own, n_all, kongs, exposed, last_copy, robbable, unique_wait;
    int fourth_ignored, robbing_ignored; /* flags given that do not stand: a note each */
    int shanten[5];
    int n_readings, rows[MAX_READINGS][READING_GROUPS], lengths[MAX_READINGS],
        form[MAX_READINGS]; /* the place in the forms: F_REGULAR ... F_KNITTED_STRAIGHT */
} Hand;

/* The facts of the request the Python path reads and the core is sure of: 1, 0 refused. */
static int read_hand(const Request *r, Hand *h)
{
    memset(h, 0, sizeof *h);
    for (int i = 0; i < r->n_conc; i++)
        h->own[r->conc[i]]++;
    h->own[r->win]++;
    h->n_own = r->n_conc + 1;
    memcpy(h->all, h->own, sizeof h->all);
    h->n_all = h->n_own;
    int shown = 0;
    for (int m = 0; m < r->n_melds; m++) {
        const MeldIn *meld = &r->melds[m];
        for (int i = 0; i < meld->n; i++)
            h->all[meld->t[i]]++;
        h->n_all += meld->n;
        h->kongs += meld->kind == K_KONG;
        h->exposed += !meld->concealed;
        if (!meld->concealed)
            for (int i = 0; i < meld->n; i++)
                shown += meld->t[i] == r->win;
    }
    for (int t = 0; t < NT; t++)
        if (h->all[t] > 4)
            return 0; /* a fifth copy: the Python path names it */
    if (h->n_own + 3 * r->n_melds != 14)
        return 0;
    /* the table's and the hand's checks (hand.py, scoring/table.py) */
    if (r->first_go_around && r->n_melds)
        return 0;
    if (r->robbing_kong && r->self_drawn)
        return 0;
    if (r->kong_replacement && (!r->self_drawn || !h->kongs))
        return 0;
    /* 和绝张 and 抢杠和 as score_mcr reads them, with a note where the input's flag does not stand */
    h->last_copy = h->own[r->win] == 1 && (r->fourth_tile || shown >= 3);
    h->fourth_ignored = r->fourth_tile && !h->last_copy;
    h->robbable = r->robbing_kong && h->all[r->win] == 1;
    h->robbing_ignored = r->robbing_kong && !h->robbable;
    return 1;
}

/* The regular readings of counts c with n_sets sets after the groups `before` (a knitted
 * sequence), each as one more reading of form `form`: 1, 0 refused, -1 on error. */
static int add_regular(Hand *h, const int *c, int n_sets, int form, int before)
{
    int rows[MAX_READINGS][MAX_GROUPS], lengths[MAX_READINGS], failed;
    int room = MAX_READINGS - h->n_readings;
    int n = engine_regular_readings(c, n_sets, rows, lengths, room, &failed);
    if (failed) {
        PyErr_NoMemory();
        return -1;
    }
    if (n < 0)
        return 0;
    for (int i = 0; i < n; i++) {
        int r = h->n_readings++, k = 0;
        if (before >= 0)
            h->rows[r][k++] = before;
        for (int g = 0; g < lengths[i]; g++) {
            if (GROUP_WILDS(rows[i][g]) || GROUP_FIRST(rows[i][g]) < 0)
                return 0;
            h->rows[r][k++] = rows[i][g];
        }
        h->lengths[r] = k;
        h->form[r] = form;
    }
    return 1;
}

/* One more reading of `form` made of the groups given. */
static int add_reading(Hand *h, int form, const int *groups, int n)
{
    if (h->n_readings == MAX_READINGS || n > READING_GROUPS)
        return 0;
    int r = h->n_readings++;
    memcpy(h->rows[r], groups, sizeof(int) * (size_t)n);
    h->lengths[r] = n;
    h->form[r] = form;
    return 1;
}

/* The forms' shanten and every reading, as decompose.decompositions finds them (form by form:
 * the regular form, seven pairs, thirteen orphans, 全不靠, 组合龙): 1, 0 where the hand is not
 * complete or a reading is not one the core holds, -1 on error. */
static int readings(Hand *h, const Setup *s)
{
    static const int ORPHAN_TILES[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    int groups[READING_GROUPS], n, ok;
    h->n_readings = 0;
    for (int f = 0; f < 5; f++)
        h->shanten[f] = s->forms_mask >> f & 1 ? engine_form_shanten(1 << f, h->own, h->n_own,
                                                                     s->four) : 99;
    if (h->shanten[0] == -1 && (ok = add_regular(h, h->own, h->n_own / 3, F_REGULAR, -1)) <= 0)
        return ok;
    if (h->shanten[1] == -1) { /* a pair per two copies, in tile order */
        n = 0;
        for (int t = 0; t < NT; t++) {
            if (h->own[t] % 2 || (h->own[t] > 2 && !s->four))
                return 0;
            for (int p = 0; p < h->own[t] / 2 && n < READING_GROUPS; p++)
                groups[n++] = AS_GROUP(G_PAIR, t);
        }
        if (n != 7 || !add_reading(h, F_SEVEN_PAIRS, groups, n))
            return 0;
    }
    if (h->shanten[2] == -1) { /* each orphan once, then the one held twice */
        int paired = -1;
        for (int k = 0; k < 13; k++) {
            groups[k] = AS_GROUP(G_SINGLE, ORPHAN_TILES[k]);
            if (h->own[ORPHAN_TILES[k]] == 2)
                paired = ORPHAN_TILES[k];
        }
        if (paired < 0)
            return 0;
        groups[13] = AS_GROUP(G_SINGLE, paired);
        if (!add_reading(h, F_ORPHANS, groups, 14))
            return 0;
    }
    if (h->shanten[3] == -1) { /* fourteen different tiles of a knitted sequence and honours */
        int found = 0;
        for (int q = 0; q < 6 && !found; q++) {
            const int *seq = engine_knitted(q);
            int allowed[NT] = {0};
            for (int k = 0; k < 9; k++)
                allowed[seq[k]] = 1;
            n = 0;
            for (int t = 0; t < NT; t++) {
                if (h->own[t] > 1 || (h->own[t] && t < 27 && !allowed[t]))
                    break;
                if (h->own[t])
                    groups[n++] = AS_GROUP(G_SINGLE, t);
                if (t == NT - 1)
                    found = n == 14;
            }
        }
        if (!found || !add_reading(h, F_HONORS_KNITTED, groups, 14))
            return 0;
    }
    if (h->shanten[4] == -1) { /* a knitted sequence held, the rest read as the regular form */
        for (int q = 0; q < 6; q++) {
            const int *seq = engine_knitted(q);
            int rest[NT], held = 1;
            memcpy(rest, h->own, sizeof rest);
            for (int k = 0; k < 9; k++)
                held &= rest[seq[k]]-- > 0;
            if (held && (ok = add_regular(h, rest, h->n_own / 3 - 3, F_KNITTED_STRAIGHT,
                                          AS_GROUP(G_KNITTED, q))) <= 0)
                return ok;
        }
    }
    return h->n_readings > 0;
}

/* 独听: the concealed tiles before the win waited on the winning tile alone (mcr.unique_wait,
 * waits with fifth_copy: a tile held four times counts where a fifth would complete the shape,
 * which only the regular form's pung and pair can); -1 on error. */
static int unique_wait(const Request *r, const Hand *h)
{
    int before[NT], n = h->n_own - 1, waits = 0;
    memcpy(before, h->own, sizeof before);
    before[r->win]--;
    uint64_t tiles = 0;
    if (engine_waits(before, n, S.four, &tiles) != 0)
        return 0;
    for (int t = 0; t < NT; t++)
        waits += (int)(tiles >> t & 1);
    for (int t = 0; t < NT; t++) {
        if (before[t] != 4)
            continue;
        int rows[1][MAX_GROUPS], lengths[1], failed;
        before[t]++;
        int found = engine_regular_readings(before, (n + 1) / 3, rows, lengths, 0, &failed);
        before[t]--;
        if (failed) {
            PyErr_NoMemory();
            return -1;
        }
        waits += found != 0; /* -1: more than none */
    }
    return waits == 1 && tiles == (uint64_t)1 << r->win;
}

/* One reading with its melds and win as the card's choice reads it (patterns.winning_hands,
 * Win.of). */
static void reading_facts(const Request *r, const Hand *h, int reading, Facts *f)
{
    memset(f, 0, sizeof *f);
    f->form = h->form[reading];
    memcpy(f->counts, h->all, sizeof f->counts);
    memcpy(f->concealed, h->own, sizeof f->concealed);
    f->n_tiles = h->n_all;
    f->n_concealed = h->n_own;
    f->pair = -1;
    for (int k = 0; k < h->lengths[reading]; k++) {
        int g = h->rows[reading][k], kind = GROUP_KIND(g), first = GROUP_FIRST(g);
        Group *out = &f->groups[f->n_groups++];
        if (kind == G_KNITTED) {
            out->kind = K_KNITTED;
            out->n = 9;
            memcpy(out->t, engine_knitted(first), sizeof(int) * 9);
            continue;
        }
        out->kind = kind == G_CHOW ? K_CHOW : kind == G_PUNG ? K_PUNG
                    : kind == G_PAIR ? K_PAIR : K_SINGLE;
        out->n = kind == G_PAIR ? 2 : kind == G_SINGLE ? 1 : 3;
        for (int i = 0; i < out->n; i++)
            out->t[i] = kind == G_CHOW ? first + i : first;
        if (kind == G_PAIR) {
            if (f->pair < 0)
                f->pair = first;
        } else if (kind != G_SINGLE)
            f->sets[f->n_sets++] = *out;
    }
    for (int m = 0; m < r->n_melds; m++) {
        Group *s = &f->sets[f->n_sets++];
        s->kind = r->melds[m].kind;
        s->n = r->melds[m].n;
        memcpy(s->t, r->melds[m].t, sizeof s->t);
        s->exposed = !r->melds[m].concealed;
    }
    f->win = r->win;
    f->melds_exposed = h->exposed;
    f->self_drawn = r->self_drawn;
    f->kong_replacement = r->kong_replacement;
    f->robbing_kong = h->robbable;
    f->last_tile = r->wall_last;
    f->first_go_around = r->first_go_around;
    f->seat = r->seat;
    f->prevalent = r->prevalent;
    f->fourth_tile = h->last_copy;
    f->unique_wait = h->unique_wait;
    f->flowers = r->flowers;
}

/* ---- the card's choice ---- */

typedef struct {
    int bit, count, n_combos, size[MAXS], sets[MAXS][4];
} Chosen;

typedef struct {
    Chosen lines[MAX_CHOSEN];
    int n, total;
} Choice;

/* The lines chosen for a reading and their total (FanTable.rank): 1, 0 refused, -1 error. */
static int choose(const Facts *f, Choice *c)
{
    PyObject *got = patterns_choose(f, S.card);
    if (got == NULL)
        return -1;
    int ok = 0;
    c->n = c->total = 0;
    if (!PyTuple_Check(got) || PyTuple_GET_SIZE(got) != 2 || PyTuple_GET_ITEM(got, 0) != Py_False)
        goto done; /* NotImplemented, or a limit hand (MCR's card has none) */
    PyObject *rows = PyTuple_GET_ITEM(got, 1);
    if (PyTuple_GET_SIZE(rows) > MAX_CHOSEN)
        goto done;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(rows); i++) {
        PyObject *row = PyTuple_GET_ITEM(rows, i), *sets = PyTuple_GET_ITEM(row, 2);
        Chosen *l = &c->lines[c->n++];
        if (!small_int(PyTuple_GET_ITEM(row, 0), 0, N_LINES - 1, &l->bit)
            || !small_int(PyTuple_GET_ITEM(row, 1), 1, 1000, &l->count)
            || S.names[l->bit] == NULL)
            goto done;
        l->n_combos = 0;
        if (sets != Py_None) {
            if (S.kind[l->bit] != T_SETS || PyList_GET_SIZE(sets) > MAXS)
                goto done;
            l->n_combos = (int)PyList_GET_SIZE(sets);
            for (int k = 0; k < l->n_combos; k++) {
                PyObject *combo = PyList_GET_ITEM(sets, k);
                if (PyTuple_GET_SIZE(combo) > 4)
                    goto done;
                l->size[k] = (int)PyTuple_GET_SIZE(combo);
                for (int j = 0; j < l->size[k]; j++)
                    if (!small_int(PyTuple_GET_ITEM(combo, j), 0, MAXS - 1, &l->sets[k][j])
                        || l->sets[k][j] >= f->n_sets)
                        goto done;
            }
        } else if (S.kind[l->bit] == T_SETS)
            goto done;
        c->total += S.value[l->bit] * l->count;
    }
    if (c->n == 0)
        c->total = S.fallback_value;
    ok = 1;
done:
    Py_DECREF(got);
    return ok;
}

/* ---- writing the answer ---- */

/* d[key] = v, v's reference taken (also on failure); -1 on error. */
static int put(PyObject *d, PyObject *key, PyObject *v)
{
    if (v == NULL)
        return -1;
    int err = PyDict_SetItem(d, key, v);
    Py_DECREF(v);
    return err;
}


/* Append tile t to list out n times: 0, or -1 on error. */
static int add_tiles(PyObject *out, int t, int n)
{
    for (int i = 0; i < n; i++)
        if (PyList_Append(out, S.tiles[t]) < 0)
            return -1;
    return 0;
}

/* The pung or kong tiles of the reading's sets among `test` (pung_tiles), in the sets' order. */
static int pung_tiles(const Facts *f, int (*test)(int), int *out)
{
    int n = 0;
    for (int i = 0; i < f->n_sets; i++)
        if (f->sets[i].kind != K_CHOW && test(f->sets[i].t[0]))
            out[n++] = f->sets[i].t[0];
    return n;
}

/* An item's tiles (FanTable.scored: the line's tile finder, or a relation's sets). */
static PyObject *item_tiles(const Request *r, const Facts *f, const Chosen *l, int kind)
{
    PyObject *out = PyList_New(0);
    int picks[2 * MAXS], n, err = 0;
    if (out == NULL)
        return NULL;
    switch (kind) {
    case T_ALL:
        for (int t = 0; t < NT && !err; t++)
            err = add_tiles(out, t, f->counts[t]);
        break;
    case T_CONCEALED_PUNGS: { /* concealed_pung_tiles */
        int own[MAXG], n_own = 0, on_win = -1, elsewhere = 0;
        for (int i = 0; i < f->n_groups; i++) {
            const Group *g = &f->groups[i];
            if (g->kind == K_PUNG) {
                if (g->t[0] == f->win && on_win < 0)
                    on_win = n_own;
                own[n_own++] = g->t[0];
            } else
                for (int k = 0; k < g->n; k++)
                    elsewhere |= g->t[k] == f->win;
        }
        int drop = !f->self_drawn && on_win >= 0 && !elsewhere ? on_win : -1;
        for (int i = 0; i < n_own && !err; i++)
            if (i != drop)
                err = add_tiles(out, own[i], 3);
        for (int i = 0; i < f->n_sets && !err; i++)
            if (f->sets[i].kind == K_KONG && !f->sets[i].exposed)
                for (int k = 0; k < f->sets[i].n && !err; k++)
                    err = add_tiles(out, f->sets[i].t[k], 1);
        break;
    }
    case T_KONGS:
        for (int i = 0; i < f->n_sets && !err; i++)
            if (f->sets[i].kind == K_KONG)
                for (int k = 0; k < f->sets[i].n && !err; k++)
                    err = add_tiles(out, f->sets[i].t[k], 1);
        break;
    case T_WIN:
        err = add_tiles(out, r->win, 1);
        break;
    case T_WIND_PUNGS:
    case T_DRAGON_PUNGS:
        n = pung_tiles(f, kind == T_WIND_PUNGS ? is_wind : is_dragon, picks);
        for (int i = 0; i < n && !err; i++)
            err = add_tiles(out, picks[i], 3);
        break;
    case T_PREVALENT:
        err = add_tiles(out, r->prevalent, 3);
        break;
    case T_SEAT:
        err = add_tiles(out, r->seat, 3);
        break;
    case T_TILE_HOG: /* four copies held, not as a kong */
        for (int t = 0; t < NT && !err; t++) {
            int in_kong = 0;
            for (int i = 0; i < f->n_sets; i++)
                in_kong |= f->sets[i].kind == K_KONG && f->sets[i].t[0] == t;
            if (f->counts[t] >= 4 && !in_kong)
                err = add_tiles(out, t, 4);
        }
        break;
    case T_TERMINAL_PUNGS: { /* terminal_pungs: 九莲宝灯 keeps the first for itself, which the
                              * line's count (the same predicate's) already leaves out */
        int winds[MAXS], n_winds = pung_tiles(f, is_wind, winds);
        n = pung_tiles(f, terminal, picks);
        if (n_winds < 3)
            for (int i = 0; i < n_winds; i++)
                if (winds[i] != r->seat && winds[i] != r->prevalent)
                    picks[n++] = winds[i];
        for (int i = n > l->count ? n - l->count : 0; i < n && !err; i++)
            err = add_tiles(out, picks[i], 3);
        break;
    }
    case T_SETS:
        for (int k = 0; k < l->n_combos && !err; k++)
            for (int j = 0; j < l->size[k] && !err; j++) {
                const Group *s = &f->sets[l->sets[k][j]];
                for (int i = 0; i < s->n && !err; i++)
                    err = add_tiles(out, s->t[i], 1);
            }
        break;
    default:
        err = -1;
        PyErr_SetString(PyExc_RuntimeError, "an item's tiles of a kind the core does not know");
    }
    if (err) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

/* {name_zh, name_en, value, tiles, key, count}, the names and key the first three items of
 * `names`; value and tiles are taken (released on every path). */
static PyObject *item(PyObject *names, PyObject *value, PyObject *tiles, long count)
{
    PyObject *out = value != NULL && tiles != NULL ? PyDict_New() : NULL;
    if (out == NULL || PyDict_SetItem(out, k_name_zh, PyTuple_GET_ITEM(names, 0)) < 0
        || PyDict_SetItem(out, k_name_en, PyTuple_GET_ITEM(names, 1)) < 0
        || PyDict_SetItem(out, k_value, value) < 0 || PyDict_SetItem(out, k_tiles, tiles) < 0
        || PyDict_SetItem(out, k_key, PyTuple_GET_ITEM(names, 2)) < 0
        || put(out, k_count, PyLong_FromLong(count)) < 0)
        Py_CLEAR(out);
    Py_XDECREF(value);
    Py_XDECREF(tiles);
    return out;
}

static PyObject *items_of(const Request *r, const Facts *f, const Choice *c)
{
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < c->n; i++) {
        const Chosen *l = &c->lines[i];
        PyObject *one = item(S.names[l->bit], PyLong_FromLong(S.value[l->bit]),
                             item_tiles(r, f, l, S.kind[l->bit]), l->count);
        if (one == NULL || PyList_Append(out, one) < 0) {
            Py_XDECREF(one);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(one);
    }
    if (c->n == 0) { /* the fallback line (无番和): the whole hand */
        Chosen none = {0};
        PyObject *one = item(S.fallback, PyLong_FromLong(S.fallback_value),
                             item_tiles(r, f, &none, T_ALL), 1);
        if (one == NULL || PyList_Append(out, one) < 0) {
            Py_XDECREF(one);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(one);
    }
    if (r->flowers) {
        PyObject *one = item(S.flower, PyLong_FromLong(1), PyList_New(0), r->flowers);
        if (one == NULL || PyList_Append(out, one) < 0) {
            Py_XDECREF(one);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(one);
    }
    return out;
}

static PyObject *list_copy(PyObject *list)
{
    return PyList_GetSlice(list, 0, PyList_GET_SIZE(list));
}

/* The tiles read, as a list of codes (red fives as their fives, as hand.py reads them). */
static PyObject *codes_of(const Setup *s, const int *t, int n)
{
    PyObject *out = PyList_New(n);
    for (int i = 0; out != NULL && i < n; i++)
        PyList_SET_ITEM(out, i, Py_NewRef(s->tiles[t[i]]));
    return out;
}

/* The hand echoed as HandState.to_json writes it. */
static PyObject *hand_json(const Setup *s, const Request *r)
{
    PyObject *out = PyDict_New(), *melds = PyList_New(r->n_melds), *ctx = PyDict_New();
    if (out == NULL || melds == NULL || ctx == NULL)
        goto fail;
    for (int m = 0; m < r->n_melds; m++) {
        const MeldIn *meld = &r->melds[m];
        PyObject *d = PyDict_New();
        PyList_SET_ITEM(melds, m, d);
        if (d == NULL || PyDict_SetItem(d, k_type, meld->type) < 0
            || put(d, k_tiles, meld->red ? codes_of(s, meld->t, meld->n)
                                         : list_copy(meld->tiles)) < 0
            || PyDict_SetItem(d, k_concealed, meld->concealed ? Py_True : Py_False) < 0
            || PyDict_SetItem(d, k_from, meld->from ? meld->from : Py_None) < 0
            || (meld->claimed && PyDict_SetItem(d, k_claimed_index, meld->claimed) < 0)
            || (meld->added && PyDict_SetItem(d, k_added_kong, Py_True) < 0))
            goto fail;
    }
    PyObject *flags[][2] = {
        {k_self_drawn, r->self_drawn ? Py_True : Py_False},
        {k_seat_wind, s->tiles[r->seat]},
        {k_prevalent_wind, s->tiles[r->prevalent]},
        {k_wall_last, r->wall_last ? Py_True : Py_False},
        {k_kong_replacement, r->kong_replacement ? Py_True : Py_False},
        {k_robbing_kong, r->robbing_kong ? Py_True : Py_False},
        {k_first_go_around, r->first_go_around ? Py_True : Py_False},
        {k_is_4th_tile, r->fourth_tile ? Py_True : Py_False},
    };
    for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
        if (PyDict_SetItem(ctx, flags[i][0], flags[i][1]) < 0)
            goto fail;
    if (put(ctx, k_flowers, PyLong_FromLong(r->flowers)) < 0
        || (r->riichi && PyDict_SetItem(ctx, k_riichi, Py_True) < 0)
        || (r->double_riichi && PyDict_SetItem(ctx, k_double_riichi, Py_True) < 0)
        || (r->ippatsu && PyDict_SetItem(ctx, k_ippatsu, Py_True) < 0)
        || put(out, k_concealed, r->conc_red ? codes_of(s, r->conc, r->n_conc)
                                             : list_copy(r->concealed)) < 0)
        goto fail;
    if (put(out, k_melds, melds) < 0) {
        melds = NULL;
        goto fail;
    }
    melds = NULL;
    if (PyDict_SetItem(out, k_win_tile, s->tiles[r->win]) < 0)
        goto fail;
    if (put(out, k_context, ctx) < 0) {
        ctx = NULL;
        goto fail;
    }
    ctx = NULL;
    if (put(out, k_bonus, PyList_New(0)) < 0
        || (r->n_dora && put(out, k_dora_indicators, r->dora_red ? codes_of(s, r->dora, r->n_dora)
                                                                 : list_copy(r->dora_obj)) < 0)
        || (r->n_ura && put(out, k_ura_dora_indicators, r->ura_red ? codes_of(s, r->ura, r->n_ura)
                                                                  : list_copy(r->ura_obj)) < 0)
        || (r->red && put(out, k_red_fives, PyLong_FromLong(r->red)) < 0)
        || (r->variant != NULL && PyDict_SetItem(out, k_variant, r->variant) < 0)
        || (r->options != NULL && r->options != Py_None && PyDict_GET_SIZE(r->options)
            && put(out, k_options, PyDict_Copy(r->options)) < 0)
        || (r->table != NULL && put(out, k_table, PyDict_Copy(r->table)) < 0))
        goto fail;
    return out;
fail:
    Py_XDECREF(out);
    Py_XDECREF(melds);
    Py_XDECREF(ctx);
    return NULL;
}

/* Decomposition.describe of one reading: '123m 555p EEE 99s', '147m258p369s 123m EE'. */
static PyObject *describe(const Hand *h, int reading)
{
    char text[128];
    int n = 0;
    for (int k = 0; k < h->lengths[reading]; k++) {
        int g = h->rows[reading][k], kind = GROUP_KIND(g), first = GROUP_FIRST(g), tiles[9];
        int size = kind == G_PAIR ? 2 : kind == G_SINGLE ? 1 : kind == G_KNITTED ? 9 : 3;
        if (k)
            text[n++] = ' ';
        if (kind == G_KNITTED) { /* to_compact: the tiles in order, each suit's numbers joined */
            int at = 0;
            for (int t = 0; t < 27; t++)
                for (int i = 0; i < 9; i++)
                    if (engine_knitted(first)[i] == t)
                        tiles[at++] = t;
        } else
            for (int i = 0; i < size; i++)
                tiles[i] = kind == G_CHOW ? first + i : first;
        for (int i = 0; i < size; i++) {
            int t = tiles[i];
            text[n++] = t >= 27 ? "ESWNCFP"[t - 27] : (char)('1' + t % 9);
            if (t < 27 && (i == size - 1 || tiles[i + 1] / 9 != t / 9))
                text[n++] = "mps"[t / 9];
        }
    }
    return PyUnicode_FromStringAndSize(text, n);
}

static PyObject *decompositions(const Setup *s, const Hand *h)
{
    PyObject *out = PyList_New(h->n_readings);
    for (int i = 0; out != NULL && i < h->n_readings; i++) {
        PyObject *d = PyDict_New();
        PyList_SET_ITEM(out, i, d);
        if (d == NULL || PyDict_SetItem(d, k_form, s->forms[h->form[i]]) < 0
            || put(d, k_groups, describe(h, i)) < 0)
            Py_CLEAR(out);
    }
    return out;
}

static PyObject *shanten_forms(const Setup *s, const Hand *h)
{
    PyObject *out = PyDict_New();
    for (int f = 0; out != NULL && f < 5; f++) {
        if (!(s->forms_mask >> f & 1))
            continue;
        PyObject *v = h->shanten[f] == 99 ? Py_NewRef(Py_None) : PyLong_FromLong(h->shanten[f]);
        if (put(out, s->forms[f], v) < 0)
            Py_CLEAR(out);
    }
    return out;
}

/* analysis._own_turn of a win: kongs the hand could declare, pungs it could add to. */
static PyObject *own_turn(const Setup *s, const Request *r, const Hand *h)
{
    PyObject *out = PyDict_New(), *kongs = PyList_New(0), *added = PyList_New(0);
    if (out == NULL || kongs == NULL || added == NULL)
        goto fail;
    for (int t = 0; t < NT; t++)
        if (h->own[t] == 4 && PyList_Append(kongs, s->tiles[t]) < 0)
            goto fail;
    for (int m = 0; m < r->n_melds; m++) {
        if (r->melds[m].kind != K_PUNG || !h->own[r->melds[m].t[0]])
            continue;
        PyObject *d = PyDict_New();
        if (d == NULL || PyDict_SetItem(d, k_tile, s->tiles[r->melds[m].t[0]]) < 0
            || PyDict_SetItem(d, k_robbable, s->kong_robbable) < 0 || PyList_Append(added, d) < 0) {
            Py_XDECREF(d);
            goto fail;
        }
        Py_DECREF(d);
    }
    int err = put(out, k_concealed_kongs, kongs);
    kongs = NULL;
    if (err < 0)
        goto fail;
    err = put(out, k_added_kongs, added);
    added = NULL;
    if (err < 0 || PyDict_SetItem(out, k_self_drawn_win, r->self_drawn ? Py_True : Py_False) < 0)
        goto fail;
    return out;
fail:
    Py_XDECREF(out);
    Py_XDECREF(kongs);
    Py_XDECREF(added);
    return NULL;
}

/* payments, matrix and transfers (Ledger.to_json) into score, from the settlement row
 * (winner, dealer, ((payer, payee, a, b, reason), ...), assumed) for `points`; nothing paid
 * unless `paid`. */
static int settle(PyObject *score, PyObject *row, long points, int paid)
{
    PyObject *transfers = PyTuple_GET_ITEM(row, 2);
    long net[4] = {0}, gross[4][4] = {{0}};
    PyObject *list = PyList_New(0), *payments = NULL, *matrix = NULL;
    if (list == NULL)
        return -1;
    for (Py_ssize_t i = 0; paid && i < PyTuple_GET_SIZE(transfers); i++) {
        PyObject *t = PyTuple_GET_ITEM(transfers, i);
        int payer = code_index(PyTuple_GET_ITEM(t, 0)) - WIND0;
        int payee = code_index(PyTuple_GET_ITEM(t, 1)) - WIND0;
        long amount = PyLong_AsLong(PyTuple_GET_ITEM(t, 2))
                      + PyLong_AsLong(PyTuple_GET_ITEM(t, 3)) * points;
        if (amount == 0)
            continue;
        net[payer] -= amount;
        net[payee] += amount;
        gross[payer][payee] += amount;
        PyObject *d = PyDict_New();
        if (d == NULL || PyDict_SetItem(d, k_from, PyTuple_GET_ITEM(t, 0)) < 0
            || PyDict_SetItem(d, k_to, PyTuple_GET_ITEM(t, 1)) < 0
            || put(d, k_amount, PyLong_FromLong(amount)) < 0
            || PyDict_SetItem(d, k_reason, PyTuple_GET_ITEM(t, 4)) < 0
            || PyList_Append(list, d) < 0) {
            Py_XDECREF(d);
            goto fail;
        }
        Py_DECREF(d);
    }
    if ((payments = PyDict_New()) == NULL || (matrix = PyDict_New()) == NULL)
        goto fail;
    for (int a = 0; a < 4; a++) {
        PyObject *to = PyDict_New();
        if (put(payments, S.seats[a], PyLong_FromLong(net[a])) < 0 || to == NULL) {
            Py_XDECREF(to);
            goto fail;
        }
        for (int b = 0; b < 4; b++)
            if (b != a && put(to, S.seats[b], PyLong_FromLong(gross[a][b])) < 0) {
                Py_DECREF(to);
                goto fail;
            }
        if (put(matrix, S.seats[a], to) < 0)
            goto fail;
    }
    int err = put(score, k_payments, payments);
    payments = NULL;
    if (err < 0)
        goto fail;
    err = put(score, k_matrix, matrix);
    matrix = NULL;
    if (err < 0)
        goto fail;
    return put(score, k_transfers, list);
fail:
    Py_XDECREF(list);
    Py_XDECREF(payments);
    Py_XDECREF(matrix);
    return -1;
}

/* The table's notes, then those of the flags that do not stand and of a hand under the
 * minimum, each written by its Python function (variants/mcr.py). */
static PyObject *assumed(const Request *r, const Hand *h, PyObject *row, long fans)
{
    PyObject *out = PySequence_List(PyTuple_GET_ITEM(row, 3));
    PyObject *notes[3] = {NULL, NULL, NULL};
    if (out == NULL)
        return NULL;
    if (h->fourth_ignored)
        notes[0] = PyObject_CallOneArg(S.notes[0], r->win_obj);
    if (h->robbing_ignored)
        notes[1] = PyObject_CallOneArg(S.notes[1], r->win_obj);
    if (fans < S.minimum)
        notes[2] = PyObject_CallFunction(S.notes[2], "lO", fans, S.min_points);
    int want[3] = {h->fourth_ignored, h->robbing_ignored, fans < S.minimum}, err = 0;
    for (int k = 0; k < 3; k++) {
        if (want[k] && !err)
            err = notes[k] == NULL || !PyUnicode_Check(notes[k])
                  || PyList_Append(out, notes[k]) < 0;
        Py_XDECREF(notes[k]);
    }
    if (err) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "an MCR note is not a str");
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyObject *score_json(const Request *r, const Hand *h, const Facts *f, const Choice *c,
                            PyObject *row, int form)
{
    long fans = c->total, total = fans + r->flowers;
    int below = fans < S.minimum;
    PyObject *out = PyDict_New();
    if (out == NULL)
        return NULL;
    if (PyDict_SetItem(out, k_variant, S.variant) < 0
        || put(out, k_items, items_of(r, f, c)) < 0
        || put(out, k_total, PyLong_FromLong(total)) < 0
        || put(out, k_fans_points, PyLong_FromLong(fans)) < 0
        || put(out, k_flowers, PyLong_FromLong(r->flowers)) < 0
        || put(out, k_points, PyLong_FromLong(total)) < 0
        || PyDict_SetItem(out, k_unit, S.unit) < 0
        || PyDict_SetItem(out, k_min_points, S.min_points) < 0
        || PyDict_SetItem(out, k_below_minimum, below ? Py_True : Py_False) < 0
        || PyDict_SetItem(out, k_winner, PyTuple_GET_ITEM(row, 0)) < 0
        || PyDict_SetItem(out, k_dealer, PyTuple_GET_ITEM(row, 1)) < 0
        || PyDict_SetItem(out, k_hand_form, S.forms[form]) < 0
        || settle(out, row, total, !below) < 0
        || put(out, k_assumed, assumed(r, h, row, fans)) < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

/* analyze's answer to a complete hand of `s`'s variant, its score given (taken). */
static PyObject *answer(const Setup *s, const Request *r, const Hand *h, PyObject *score)
{
    PyObject *out = score != NULL ? PyDict_New() : NULL;
    if (out == NULL) {
        Py_XDECREF(score);
        return NULL;
    }
    if (PyDict_SetItem(out, k_variant, s->variant) < 0 || put(out, k_hand, hand_json(s, r)) < 0
        || put(out, k_tile_count, PyLong_FromLong(14)) < 0
        || put(out, k_shanten, PyLong_FromLong(-1)) < 0
        || put(out, k_shanten_forms, shanten_forms(s, h)) < 0
        || PyDict_SetItem(out, k_is_win, Py_True) < 0
        || put(out, k_waits, PyList_New(0)) < 0 || put(out, k_effective, PyList_New(0)) < 0
        || put(out, k_discards, PyList_New(0)) < 0
        || put(out, k_decompositions, decompositions(s, h)) < 0
        || put(out, k_own_turn, own_turn(s, r, h)) < 0) {
        Py_DECREF(out);
        Py_DECREF(score);
        return NULL;
    }
    if (put(out, k_score, score) < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

PyObject *core_mcr_answer(PyObject *self, PyObject *data)
{
    (void)self;
    Request r;
    Hand h;
    if (S.held == NULL || !read_request(data, &r, &S, 0) || !read_hand(&r, &h))
        Py_RETURN_NOTIMPLEMENTED;
    if (engine_tables() < 0)
        return NULL;
    int ok = readings(&h, &S);
    if (ok <= 0)
        return ok < 0 ? NULL : Py_NewRef(Py_NotImplemented);
    if ((h.unique_wait = unique_wait(&r, &h)) < 0)
        return NULL;
    PyObject *row = S.settle[(r.seat - WIND0) * 16 + (r.prevalent - WIND0) * 4 + r.self_drawn * 2
                             + r.robbing_kong];
    if (row == Py_None)
        Py_RETURN_NOTIMPLEMENTED;
    /* the reading worth the most (the first of equals), as mcr.score_hand: each reading is
     * read into the buffer the best does not hold */
    Facts facts[2];
    Choice choices[2];
    int best = -1, form = 0;
    for (int i = 0; i < h.n_readings; i++) {
        int at = best == 0;
        reading_facts(&r, &h, i, &facts[at]);
        int ok = choose(&facts[at], &choices[at]);
        if (ok < 0)
            return NULL;
        if (!ok)
            Py_RETURN_NOTIMPLEMENTED;
        if (best < 0 || choices[at].total > choices[best].total) {
            best = at;
            form = h.form[i];
        }
    }
    if (best < 0) /* readings() answers 1 only with a reading */
        Py_RETURN_NOTIMPLEMENTED;
    return answer(&S, &r, &h, score_json(&r, &h, &facts[best], &choices[best], row, form));
}

/* ---- the setup ---- */

static int setup_error(const char *what)
{
    PyErr_Format(PyExc_ValueError, "the one-call setup: %s", what);
    return -1;
}

static int names_ok(PyObject *t)
{
    return PyTuple_Check(t) && PyTuple_GET_SIZE(t) == 3
           && PyUnicode_CheckExact(PyTuple_GET_ITEM(t, 0))
           && PyUnicode_CheckExact(PyTuple_GET_ITEM(t, 1))
           && PyUnicode_CheckExact(PyTuple_GET_ITEM(t, 2));
}

static int settle_ok(PyObject *row)
{
    if (row == Py_None)
        return 1;
    if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 4
        || !PyTuple_Check(PyTuple_GET_ITEM(row, 2)) || !PyTuple_Check(PyTuple_GET_ITEM(row, 3))
        || wind(PyTuple_GET_ITEM(row, 0), &(int){0}) != 1
        || wind(PyTuple_GET_ITEM(row, 1), &(int){0}) != 1)
        return 0;
    PyObject *transfers = PyTuple_GET_ITEM(row, 2);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(transfers); i++) {
        PyObject *t = PyTuple_GET_ITEM(transfers, i);
        int payer, payee;
        if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 5 || !wind(PyTuple_GET_ITEM(t, 0), &payer)
            || !wind(PyTuple_GET_ITEM(t, 1), &payee) || payer == payee
            || !small_int(PyTuple_GET_ITEM(t, 2), -1000000, 1000000, &(int){0})
            || !small_int(PyTuple_GET_ITEM(t, 3), -1000, 1000, &(int){0})
            || !PyUnicode_CheckExact(PyTuple_GET_ITEM(t, 4)))
            return 0;
    }
    return 1;
}

/* mcr_setup(card, lines, fallback, flower, unit, min_points, variant, kong_robbable, tiles,
 * forms, seats, settlements, four_as_two_pairs, notes): see assistant/one_call.py. */
static int read_setup(PyObject *setup, Setup *s)
{
    PyObject *lines, *tiles, *forms, *seats, *settle_rows;
    int min_ok;
    memset(s, 0, sizeof *s);
    if (!PyTuple_Check(setup) || PyTuple_GET_SIZE(setup) != 14)
        return setup_error("a tuple of 14 parts expected");
    s->card = PyTuple_GET_ITEM(setup, 0);
    lines = PyTuple_GET_ITEM(setup, 1);
    s->fallback = PyTuple_GET_ITEM(setup, 2);
    s->flower = PyTuple_GET_ITEM(setup, 3);
    s->unit = PyTuple_GET_ITEM(setup, 4);
    s->min_points = PyTuple_GET_ITEM(setup, 5);
    s->variant = PyTuple_GET_ITEM(setup, 6);
    s->kong_robbable = PyTuple_GET_ITEM(setup, 7);
    tiles = PyTuple_GET_ITEM(setup, 8);
    forms = PyTuple_GET_ITEM(setup, 9);
    seats = PyTuple_GET_ITEM(setup, 10);
    settle_rows = PyTuple_GET_ITEM(setup, 11);
    s->four = PyObject_IsTrue(PyTuple_GET_ITEM(setup, 12));
    s->forms_mask = 31;
    PyObject *notes = PyTuple_GET_ITEM(setup, 13);
    if (!PyTuple_Check(notes) || PyTuple_GET_SIZE(notes) != 3)
        return setup_error("the notes are three functions");
    for (int k = 0; k < 3; k++)
        if (!PyCallable_Check(s->notes[k] = PyTuple_GET_ITEM(notes, k)))
            return setup_error("the notes are three functions");
    if (!PyBytes_Check(s->card) || !PyDict_Check(lines) || !PyUnicode_CheckExact(s->unit)
        || !PyUnicode_CheckExact(s->variant) || !PyBool_Check(s->kong_robbable) || s->four < 0)
        return setup_error("the card, lines, unit, variant or flags are of the wrong type");
    min_ok = PyLong_CheckExact(s->min_points);
    s->minimum = min_ok ? PyLong_AsLong(s->min_points) : -1;
    if (!min_ok || s->minimum < 0 || s->minimum > 1000000)
        return setup_error("min_points is a number from 0");
    if (!PyTuple_Check(s->fallback) || PyTuple_GET_SIZE(s->fallback) != 4
        || !small_int(PyTuple_GET_ITEM(s->fallback, 3), 1, 1000000, &s->fallback_value))
        return setup_error("the fallback is (name_zh, name_en, key, value)");
    if (!PyTuple_Check(tiles) || PyTuple_GET_SIZE(tiles) != NT || !PyTuple_Check(forms)
        || PyTuple_GET_SIZE(forms) != 5 || !PyTuple_Check(seats) || PyTuple_GET_SIZE(seats) != 4
        || !PyTuple_Check(settle_rows) || PyTuple_GET_SIZE(settle_rows) != N_SETTLE
        || !names_ok(s->flower))
        return setup_error("tiles, forms, seats, settlements or the flower item malformed");
    for (int t = 0; t < NT; t++)
        if (code_index(s->tiles[t] = PyTuple_GET_ITEM(tiles, t)) != t)
            return setup_error("the tiles are the 34 codes in order");
    for (int f = 0; f < 5; f++)
        if (!PyUnicode_CheckExact(s->forms[f] = PyTuple_GET_ITEM(forms, f)))
            return setup_error("the forms are their keys");
    for (int a = 0; a < 4; a++)
        if (code_index(s->seats[a] = PyTuple_GET_ITEM(seats, a)) != WIND0 + a)
            return setup_error("the seats are E S W N");
    for (int i = 0; i < N_SETTLE; i++)
        if (!settle_ok(s->settle[i] = PyTuple_GET_ITEM(settle_rows, i)))
            return setup_error("a settlement row is malformed");
    Py_ssize_t pos = 0;
    PyObject *bit, *line;
    while (PyDict_Next(lines, &pos, &bit, &line)) {
        int b, kind;
        if (!small_int(bit, 0, N_LINES - 1, &b) || !PyTuple_Check(line)
            || PyTuple_GET_SIZE(line) != 5)
            return setup_error("a line is bit: (name_zh, name_en, key, value, tiles kind)");
        PyObject *names = PyTuple_GetSlice(line, 0, 3);
        if (names == NULL)
            return -1;
        int ok = names_ok(names) && small_int(PyTuple_GET_ITEM(line, 3), 1, 1000000, &s->value[b])
                 && small_int(PyTuple_GET_ITEM(line, 4), 0, N_TILE_KINDS - 1, &kind);
        Py_DECREF(names);
        if (!ok)
            return setup_error("a line's names, value or tiles kind is malformed");
        s->names[b] = line; /* its first three items are the names */
        s->kind[b] = kind;
    }
    s->held = Py_NewRef(setup);
    return 0;
}

PyObject *core_mcr_setup(PyObject *self, PyObject *setup)
{
    (void)self;
    if (k_concealed == NULL && keys_ready() < 0)
        return NULL;
    Setup next;
    if (read_setup(setup, &next) < 0)
        return NULL;
    PyObject *old = S.held;
    S = next;
    Py_XDECREF(old);
    Py_RETURN_NONE;
}

/* ---- riichi ---- */

#define RIICHI_TABLE_ROWS 448 /* seat x prevalent wind x self-drawn x robbing x table code */
#define RIICHI_ROOM 64        /* readings with their winning groups */

/* What riichi's answer holds fixed, handed over once by riichi_setup (assistant/one_call.py);
 * the card, packed per option values, comes with each request. */
typedef struct {
    Setup shared; /* what the shared writers read: variant, tiles, forms, kong_robbable */
    PyObject *lines[2]; /* per side (concealed, open): (key, ja, zh, en, yakuman) per card row */
    PyObject *dora[4], *limits[7], *stick_note[4], *rows[RIICHI_TABLE_ROWS];
} RiichiSetup;

static RiichiSetup RS;

/* What riichi's rules refuse (check_riichi_hand, read_hand's checks, a fifth copy among the
 * indicators): 1 where none applies. */
static int riichi_checks(const Request *r, const Hand *h)
{
    int declared = r->riichi || r->double_riichi, counts[NT];
    if ((declared && h->exposed) || (r->ippatsu && !declared)
        || (declared && r->first_go_around) || (r->n_ura && !declared) || r->n_ura > r->n_dora
        || (r->wall_last && (r->kong_replacement || r->robbing_kong)))
        return 0;
    memcpy(counts, h->all, sizeof counts);
    for (int i = 0; i < r->n_dora; i++)
        counts[r->dora[i]]++;
    for (int i = 0; i < r->n_ura; i++)
        counts[r->ura[i]]++;
    for (int t = 0; t < NT; t++)
        if (counts[t] > 4)
            return 0;
    return 1;
}

/* The declarations, dora, seats and sticks of the request (_native_score in riichi.py), the
 * winner's own stick added where he declared and the table holds none of his: 1, 0 refused. */
static int riichi_context(const Request *r, const RiichiCard *card, PyObject *row,
                          RiichiContext *ctx, int *own_stick)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->riichi = r->riichi;
    ctx->double_riichi = r->double_riichi;
    ctx->ippatsu = r->ippatsu;
    ctx->red_fives = r->red;
    for (int i = 0; i < r->n_dora; i++)
        ctx->dora[riichi_dora_of(r->dora[i], card->three_player)]++;
    for (int i = 0; i < r->n_ura; i++)
        ctx->ura[riichi_dora_of(r->ura[i], card->three_player)]++;
    ctx->n_seats = 4;
    ctx->winner = r->seat - WIND0;
    ctx->dealer = ctx->winner == (int)PyLong_AsLong(PyTuple_GET_ITEM(row, 0));
    ctx->discarder = (int)PyLong_AsLong(PyTuple_GET_ITEM(row, 1));
    ctx->bonus = r->honba;
    ctx->takes_sticks = 1;
    ctx->n_sticks = r->n_sticks;
    memcpy(ctx->stick_seat, r->stick_seat, sizeof(int) * 4);
    memcpy(ctx->stick_count, r->sticks, sizeof(int) * 4);
    *own_stick = 0;
    if (r->riichi || r->double_riichi) {
        int at = -1;
        for (int i = 0; i < ctx->n_sticks; i++)
            if (ctx->stick_seat[i] == ctx->winner)
                at = i;
        if (at < 0) {
            at = ctx->n_sticks++;
            ctx->stick_seat[at] = ctx->winner;
        }
        if (ctx->stick_count[at] == 0) {
            ctx->stick_count[at] = 1;
            *own_stick = 1;
        }
    }
    long long sticks = 0;
    for (int i = 0; i < ctx->n_sticks; i++)
        sticks += ctx->stick_count[i];
    return (long long)card->honba_ron * ctx->bonus <= INT32_MAX
           && (long long)card->honba_tsumo * ctx->bonus <= INT32_MAX
           && (long long)card->stick_value * sticks <= INT32_MAX;
}

/* d[key] = the name at `index` of the names tuple `names`. */
static int put_name(PyObject *d, PyObject *key, PyObject *names, int index)
{
    return PyDict_SetItem(d, key, PyTuple_GET_ITEM(names, index));
}

/* The score items (_items in riichi.py): each line kept with the hand's tiles, then each kind of
 * dora held. */
static PyObject *riichi_items(const RiichiValue *v, const Facts *f)
{
    PyObject *out = PyList_New(0), *tiles = riichi_tiles(f);
    PyObject *side = RS.lines[f->melds_exposed > 0];
    if (out == NULL || tiles == NULL)
        goto fail;
    for (int i = 0; i < v->n_lines + 4; i++) {
        int dora = i - v->n_lines;
        if (dora >= 0 && v->dora[dora] == 0)
            continue;
        PyObject *names = dora < 0 ? PyTuple_GET_ITEM(side, v->row[i]) : RS.dora[dora];
        PyObject *d = PyDict_New();
        int value = dora < 0 ? v->han_each[i] : 1, count = dora < 0 ? v->count[i] : v->dora[dora];
        int err = d == NULL || put_name(d, k_key, names, 0) < 0
                  || put_name(d, k_name_ja, names, 1) < 0 || put_name(d, k_name_zh, names, 2) < 0
                  || put_name(d, k_name_en, names, 3) < 0
                  || put(d, k_value, PyLong_FromLong(value)) < 0
                  || put(d, k_count, PyLong_FromLong(count)) < 0
                  || (dora < 0 && PyDict_SetItem(d, k_tiles, tiles) < 0)
                  || (dora < 0 && PyTuple_GET_ITEM(names, 4) == Py_True
                      && put(d, k_yakuman, PyLong_FromLong(value / 13)) < 0)
                  || PyList_Append(out, d) < 0;
        Py_XDECREF(d);
        if (err)
            goto fail;
    }
    Py_DECREF(tiles);
    return out;
fail:
    Py_XDECREF(out);
    Py_XDECREF(tiles);
    return NULL;
}

/* score_riichi's answer for the best reading, with the limit's names where it has one. */
static PyObject *riichi_score_json(const Request *r, const RiichiCard *card,
                                   const RiichiContext *ctx, const RiichiValue *best,
                                   const RiichiReading *reading, PyObject *row, int own_stick)
{
    RiichiPayment paid[RIICHI_MAX_PAYMENTS];
    int k = riichi_settle(card, ctx, best, r->self_drawn, paid);
    PyObject *assumed = PySequence_List(PyTuple_GET_ITEM(row, 2));
    PyObject *honba = PyLong_FromLong(r->honba);
    PyObject *dealer = RS.shared.tiles[WIND0 + PyLong_AsLong(PyTuple_GET_ITEM(row, 0))];
    PyObject *out = NULL;
    if (assumed != NULL && honba != NULL
        && (!own_stick || PyList_Append(assumed, RS.stick_note[ctx->winner]) == 0)) {
        PyObject *answer[4] = {RS.shared.variant, honba, dealer, assumed};
        out = riichi_score_dict(ctx, card, best, reading->hand, &reading->group, paid, k, answer,
                                riichi_items(best, reading->hand));
    }
    Py_XDECREF(assumed);
    Py_XDECREF(honba);
    PyObject *names = out != NULL ? RS.limits[best->limit] : Py_None;
    if (names != Py_None && (put_name(out, k_limit_zh, names, 0) < 0
                             || put_name(out, k_limit_ja, names, 1) < 0))
        Py_CLEAR(out);
    return out;
}

PyObject *core_riichi_answer(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *data, *card_obj;
    if (!PyArg_ParseTuple(args, "OO", &data, &card_obj))
        return NULL;
    Request r;
    Hand h;
    RiichiCard card;
    if (RS.shared.held == NULL || !PyBytes_Check(card_obj)
        || !riichi_card((const unsigned char *)PyBytes_AS_STRING(card_obj),
                        PyBytes_GET_SIZE(card_obj), &card)
        || card.three_player || card.n_rows[0] > PyTuple_GET_SIZE(RS.lines[0])
        || card.n_rows[1] > PyTuple_GET_SIZE(RS.lines[1])
        || !read_request(data, &r, &RS.shared, 1) || !read_hand(&r, &h) || !riichi_checks(&r, &h))
        Py_RETURN_NOTIMPLEMENTED;
    PyObject *row = RS.rows[((((r.seat - WIND0) * 4 + r.prevalent - WIND0) * 2 + r.self_drawn) * 2
                             + r.robbing_kong) * 7 + r.table_code];
    if (row == Py_None)
        Py_RETURN_NOTIMPLEMENTED;
    if (engine_tables() < 0)
        return NULL;
    int ok = readings(&h, &RS.shared);
    if (ok <= 0)
        return ok < 0 ? NULL : Py_NewRef(Py_NotImplemented);
    RiichiContext ctx;
    int own_stick;
    if (!riichi_context(&r, &card, row, &ctx, &own_stick))
        Py_RETURN_NOTIMPLEMENTED;
    /* every reading as riichi_score reads it (read_state, read_reading), then readings_of */
    Facts facts[MAX_READINGS];
    RiichiReading found[RIICHI_ROOM];
    int n = 0;
    for (int i = 0; i < h.n_readings; i++) {
        Facts *f = &facts[i];
        reading_facts(&r, &h, i, f);
        f->robbing_kong = r.robbing_kong;
        f->fourth_tile = r.fourth_tile;
        f->unique_wait = 0;
        f->dealer = ctx.dealer;
        int got = riichi_readings(f, found + n, RIICHI_ROOM - n);
        if (got < 0)
            Py_RETURN_NOTIMPLEMENTED;
        n += got;
    }
    RiichiValue best;
    int at = riichi_best(&card, found, n, &ctx, &best);
    if (at < 0) /* no yaku (the Python path names it), or a row this does not read */
        Py_RETURN_NOTIMPLEMENTED;
    return answer(&RS.shared, &r, &h,
                  riichi_score_json(&r, &card, &ctx, &best, &found[at], row, own_stick));
}

/* riichi_setup(variant, kong_robbable, tiles, forms, lines, dora, limits, stick notes, table
 * rows): see assistant/one_call.py. */
static int read_riichi_setup(PyObject *setup, RiichiSetup *s)
{
    memset(s, 0, sizeof *s);
    if (!PyTuple_Check(setup) || PyTuple_GET_SIZE(setup) != 9)
        return setup_error("riichi: a tuple of 9 parts expected");
    PyObject **x = &PyTuple_GET_ITEM(setup, 0);
    Setup *shared = &s->shared;
    shared->variant = x[0];
    shared->kong_robbable = x[1];
    shared->forms_mask = 1 << F_REGULAR | 1 << F_SEVEN_PAIRS | 1 << F_ORPHANS;
    if (!PyUnicode_CheckExact(x[0]) || !PyBool_Check(x[1]) || !PyTuple_Check(x[2])
        || PyTuple_GET_SIZE(x[2]) != NT || !PyTuple_Check(x[3]) || PyTuple_GET_SIZE(x[3]) != 5
        || !PyTuple_Check(x[4]) || PyTuple_GET_SIZE(x[4]) != 2 || !PyTuple_Check(x[5])
        || PyTuple_GET_SIZE(x[5]) != 4 || !PyTuple_Check(x[6]) || PyTuple_GET_SIZE(x[6]) != 7
        || !PyTuple_Check(x[7]) || PyTuple_GET_SIZE(x[7]) != 4 || !PyTuple_Check(x[8])
        || PyTuple_GET_SIZE(x[8]) != RIICHI_TABLE_ROWS)
        return setup_error("riichi: a part is of the wrong type or size");
    for (int t = 0; t < NT; t++)
        if (code_index(shared->tiles[t] = PyTuple_GET_ITEM(x[2], t)) != t)
            return setup_error("riichi: the tiles are the 34 codes in order");
    for (int f = 0; f < 5; f++)
        if (!PyUnicode_CheckExact(shared->forms[f] = PyTuple_GET_ITEM(x[3], f)))
            return setup_error("riichi: the forms are their keys");
    for (int side = 0; side < 2; side++) {
        PyObject *lines = s->lines[side] = PyTuple_GET_ITEM(x[4], side);
        if (!PyTuple_Check(lines) || PyTuple_GET_SIZE(lines) > RIICHI_MAX_ROWS)
            return setup_error("riichi: a side's lines are a tuple");
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(lines); i++) {
            PyObject *line = PyTuple_GET_ITEM(lines, i);
            if (!PyTuple_Check(line) || PyTuple_GET_SIZE(line) != 5
                || !PyBool_Check(PyTuple_GET_ITEM(line, 4)))
                return setup_error("riichi: a line is (key, ja, zh, en, yakuman)");
            for (int k = 0; k < 4; k++)
                if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(line, k)))
                    return setup_error("riichi: a line's key and names are str");
        }
    }
    for (int i = 0; i < 4; i++) {
        PyObject *names = s->dora[i] = PyTuple_GET_ITEM(x[5], i);
        if (!PyTuple_Check(names) || PyTuple_GET_SIZE(names) != 4)
            return setup_error("riichi: a dora line is (key, ja, zh, en)");
        for (int k = 0; k < 4; k++)
            if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(names, k)))
                return setup_error("riichi: a dora line's key and names are str");
        if (!PyUnicode_CheckExact(s->stick_note[i] = PyTuple_GET_ITEM(x[7], i)))
            return setup_error("riichi: the stick notes are str");
    }
    for (int i = 0; i < 7; i++) {
        PyObject *names = s->limits[i] = PyTuple_GET_ITEM(x[6], i);
        if (names != Py_None && !(PyTuple_Check(names) && PyTuple_GET_SIZE(names) == 2
                                  && PyUnicode_CheckExact(PyTuple_GET_ITEM(names, 0))
                                  && PyUnicode_CheckExact(PyTuple_GET_ITEM(names, 1))))
            return setup_error("riichi: a limit's names are (zh, ja) or None");
    }
    for (int i = 0; i < RIICHI_TABLE_ROWS; i++) {
        PyObject *row = s->rows[i] = PyTuple_GET_ITEM(x[8], i);
        int seat;
        if (row != Py_None
            && !(PyTuple_Check(row) && PyTuple_GET_SIZE(row) == 3
                 && small_int(PyTuple_GET_ITEM(row, 0), 0, 3, &seat)
                 && small_int(PyTuple_GET_ITEM(row, 1), -1, 3, &seat)
                 && PyTuple_Check(PyTuple_GET_ITEM(row, 2))))
            return setup_error("riichi: a table row is (dealer, discarder, assumed) or None");
    }
    shared->held = Py_NewRef(setup);
    return 0;
}

PyObject *core_riichi_setup(PyObject *self, PyObject *setup)
{
    (void)self;
    if (k_concealed == NULL && keys_ready() < 0)
        return NULL;
    RiichiSetup next;
    if (read_riichi_setup(setup, &next) < 0)
        return NULL;
    PyObject *old = RS.shared.held;
    RS = next;
    Py_XDECREF(old);
    Py_RETURN_NONE;
}
