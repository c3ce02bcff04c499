/* analyze of a complete MCR hand in one call: the request read, the readings found, every reading
 * scored on the card, the best itemised, the settlement and the whole answer dict written.
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
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_answer.h"
#include "_core.h"
#include "_patterns.h"

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
    X(assumed) X(claimed_index) X(added_kong) X(options) X(table)
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
    int kind, n, t[4], concealed, added;
    PyObject *type, *tiles, *from, *claimed;
} MeldIn;

typedef struct {
    PyObject *concealed, *win_obj, *variant;
    int conc[14], n_conc, win, n_melds;
    MeldIn melds[4];
    int self_drawn, wall_last, kong_replacement, robbing_kong, first_go_around, fourth_tile,
        about_kong, seat, prevalent, flowers;
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

/* One meld: 1 read, 0 not one the core is sure of. */
static int read_meld(PyObject *m, MeldIn *out)
{
    if (!PyDict_CheckExact(m))
        return 0;
    Py_ssize_t pos = 0;
    PyObject *k, *v;
    out->type = out->tiles = out->from = out->claimed = NULL;
    out->concealed = out->added = 0;
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
        if ((out->t[i] = code_index(PyList_GET_ITEM(out->tiles, i))) < 0)
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
            ok = small_int(v, 0, 8, &r->flowers);
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

static int read_request(PyObject *data, Request *r)
{
    if (!PyDict_CheckExact(data))
        return 0;
    memset(r, 0, sizeof *r);
    r->seat = r->prevalent = WIND0;
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
        else if (same(k, k_options)) { /* none, as the analyze call's own options */
            if (v != Py_None && !(PyDict_CheckExact(v) && PyDict_GET_SIZE(v) == 0))
                return 0;
        } else if (same(k, k_bonus)) { /* no bonus tile listed: the count is context's */
            if (v != Py_None && !(PyList_CheckExact(v) && PyList_GET_SIZE(v) == 0))
                return 0;
        } else if (!same(k, k_table) || v != Py_None) /* a table, even empty, is echoed */
            return 0;
    }
    if (r->variant == Py_None)
        r->variant = NULL;
    if (r->variant != NULL && !(PyUnicode_CheckExact(r->variant) && same(r->variant, S.variant)))
        return 0;
    if (r->concealed == NULL || !PyList_CheckExact(r->concealed)
        || PyList_GET_SIZE(r->concealed) < 1 || PyList_GET_SIZE(r->concealed) > 13)
        return 0;
    r->n_conc = (int)PyList_GET_SIZE(r->concealed);
    for (int i = 0; i < r->n_conc; i++)
        if ((r->conc[i] = code_index(PyList_GET_ITEM(r->concealed, i))) < 0)
            return 0;
    if (r->win_obj == NULL || (r->win = code_index(r->win_obj)) < 0)
        return 0;
    if (melds != NULL && melds != Py_None) {
        if (!PyList_CheckExact(melds) || PyList_GET_SIZE(melds) > 4)
            return 0;
        r->n_melds = (int)PyList_GET_SIZE(melds);
        for (int i = 0; i < r->n_melds; i++)
            if (!read_meld(PyList_GET_ITEM(melds, i), &r->melds[i]))
                return 0;
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
static int readings(Hand *h)
{
    static const int ORPHAN_TILES[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    int groups[READING_GROUPS], n, ok;
    h->n_readings = 0;
    for (int f = 0; f < 5; f++)
        h->shanten[f] = engine_form_shanten(1 << f, h->own, h->n_own, S.four);
    if (h->shanten[0] == -1 && (ok = add_regular(h, h->own, h->n_own / 3, F_REGULAR, -1)) <= 0)
        return ok;
    if (h->shanten[1] == -1) { /* a pair per two copies, in tile order */
        n = 0;
        for (int t = 0; t < NT; t++) {
            if (h->own[t] % 2 || (h->own[t] > 2 && !S.four))
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

static PyObject *tile_obj(int t) { return Py_NewRef(S.tiles[t]); }

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

/* The hand echoed as HandState.to_json writes it. */
static PyObject *hand_json(const Request *r)
{
    PyObject *out = PyDict_New(), *melds = PyList_New(r->n_melds), *ctx = PyDict_New();
    if (out == NULL || melds == NULL || ctx == NULL)
        goto fail;
    for (int m = 0; m < r->n_melds; m++) {
        const MeldIn *meld = &r->melds[m];
        PyObject *d = PyDict_New();
        PyList_SET_ITEM(melds, m, d);
        if (d == NULL || PyDict_SetItem(d, k_type, meld->type) < 0
            || put(d, k_tiles, list_copy(meld->tiles)) < 0
            || PyDict_SetItem(d, k_concealed, meld->concealed ? Py_True : Py_False) < 0
            || PyDict_SetItem(d, k_from, meld->from ? meld->from : Py_None) < 0
            || (meld->claimed && PyDict_SetItem(d, k_claimed_index, meld->claimed) < 0)
            || (meld->added && PyDict_SetItem(d, k_added_kong, Py_True) < 0))
            goto fail;
    }
    PyObject *flags[][2] = {
        {k_self_drawn, r->self_drawn ? Py_True : Py_False},
        {k_seat_wind, S.tiles[r->seat]},
        {k_prevalent_wind, S.tiles[r->prevalent]},
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
        || put(out, k_concealed, list_copy(r->concealed)) < 0)
        goto fail;
    if (put(out, k_melds, melds) < 0) {
        melds = NULL;
        goto fail;
    }
    melds = NULL;
    if (PyDict_SetItem(out, k_win_tile, r->win_obj) < 0)
        goto fail;
    if (put(out, k_context, ctx) < 0) {
        ctx = NULL;
        goto fail;
    }
    ctx = NULL;
    if (put(out, k_bonus, PyList_New(0)) < 0
        || (r->variant != NULL && PyDict_SetItem(out, k_variant, r->variant) < 0))
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

static PyObject *decompositions(const Hand *h)
{
    PyObject *out = PyList_New(h->n_readings);
    for (int i = 0; out != NULL && i < h->n_readings; i++) {
        PyObject *d = PyDict_New();
        PyList_SET_ITEM(out, i, d);
        if (d == NULL || PyDict_SetItem(d, k_form, S.forms[h->form[i]]) < 0
            || put(d, k_groups, describe(h, i)) < 0)
            Py_CLEAR(out);
    }
    return out;
}

static PyObject *shanten_forms(const Hand *h)
{
    PyObject *out = PyDict_New();
    for (int f = 0; out != NULL && f < 5; f++) {
        PyObject *v = h->shanten[f] == 99 ? Py_NewRef(Py_None) : PyLong_FromLong(h->shanten[f]);
        if (put(out, S.forms[f], v) < 0)
            Py_CLEAR(out);
    }
    return out;
}

/* analysis._own_turn of a win: kongs the hand could declare, pungs it could add to. */
static PyObject *own_turn(const Request *r, const Hand *h)
{
    PyObject *out = PyDict_New(), *kongs = PyList_New(0), *added = PyList_New(0);
    if (out == NULL || kongs == NULL || added == NULL)
        goto fail;
    for (int t = 0; t < NT; t++)
        if (h->own[t] == 4 && PyList_Append(kongs, S.tiles[t]) < 0)
            goto fail;
    for (int m = 0; m < r->n_melds; m++) {
        if (r->melds[m].kind != K_PUNG || !h->own[r->melds[m].t[0]])
            continue;
        PyObject *d = PyDict_New();
        if (d == NULL || put(d, k_tile, tile_obj(r->melds[m].t[0])) < 0
            || PyDict_SetItem(d, k_robbable, S.kong_robbable) < 0 || PyList_Append(added, d) < 0) {
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

static PyObject *answer(const Request *r, const Hand *h, const Facts *f, const Choice *c,
                        PyObject *row, int form)
{
    PyObject *out = PyDict_New();
    if (out == NULL)
        return NULL;
    if (PyDict_SetItem(out, k_variant, S.variant) < 0 || put(out, k_hand, hand_json(r)) < 0
        || put(out, k_tile_count, PyLong_FromLong(14)) < 0
        || put(out, k_shanten, PyLong_FromLong(-1)) < 0
        || put(out, k_shanten_forms, shanten_forms(h)) < 0
        || PyDict_SetItem(out, k_is_win, Py_True) < 0
        || put(out, k_waits, PyList_New(0)) < 0 || put(out, k_effective, PyList_New(0)) < 0
        || put(out, k_discards, PyList_New(0)) < 0
        || put(out, k_decompositions, decompositions(h)) < 0
        || put(out, k_own_turn, own_turn(r, h)) < 0
        || put(out, k_score, score_json(r, h, f, c, row, form)) < 0) {
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
    if (S.held == NULL || !read_request(data, &r) || !read_hand(&r, &h))
        Py_RETURN_NOTIMPLEMENTED;
    if (engine_tables() < 0)
        return NULL;
    int ok = readings(&h);
    if (ok <= 0)
        return ok < 0 ? NULL : Py_NewRef(Py_NotImplemented);
    if ((h.unique_wait = unique_wait(&r, &h)) < 0)
        return NULL;
    PyObject *row = S.settle[(r.seat - WIND0) * 16 + (r.prevalent - WIND0) * 4 + r.self_drawn * 2
                             + r.robbing_kong];
    if (row == Py_None)
        Py_RETURN_NOTIMPLEMENTED;
    /* the reading worth the most (the first of equals), as mcr.score_hand */
    Facts best_facts, f;
    Choice best, c;
    int found = 0, form = 0;
    for (int i = 0; i < h.n_readings; i++) {
        reading_facts(&r, &h, i, &f);
        int ok = choose(&f, &c);
        if (ok < 0)
            return NULL;
        if (!ok)
            Py_RETURN_NOTIMPLEMENTED;
        if (!found || c.total > best.total) {
            best = c;
            best_facts = f;
            form = h.form[i];
            found = 1;
        }
    }
    return answer(&r, &h, &best_facts, &best, row, form);
}

/* ---- the setup ---- */

static int setup_error(const char *what)
{
    PyErr_Format(PyExc_ValueError, "mcr_setup: %s", what);
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
    static int keys_done = 0;
    if (!keys_done) {
        if (keys_ready() < 0)
            return NULL;
        keys_done = 1;
    }
    Setup next;
    if (read_setup(setup, &next) < 0)
        return NULL;
    PyObject *old = S.held;
    S = next;
    Py_XDECREF(old);
    Py_RETURN_NONE;
}
