/* The engine's hot paths in C: suit-table shanten of every form, effective tiles, batches.
 *
 * Each entry mirrors a pure-Python function of assistant/shanten.py, waits.py or batch.py (and
 * tile_counts the count of a hand's tile codes in hand.py and rules.py) and answers exactly as
 * it does (tests/test_native_core.py compares them on random hands and junk input). The core
 * accepts only what it can answer without doubt: a list or tuple of 34 ints from 0 to 4, 0 to
 * 17 wild tiles and a concealed part of 1 to 17 tiles; tile_counts a list or tuple of the 34
 * playing tiles' codes. Anything else returns NotImplemented, and the Python caller answers
 * (or raises its MahjongError) itself, so a malformed call behaves exactly as on the pure path
 * and can never reach the tables.
 *
 * The tables are the Python engine's own (assistant/suit_table.py): the core keeps a reference to
 * the two bytes objects, fetched through a loader on first use, so they are read once per process.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_answer.h"
#include "_core.h"
#include "_patterns.h"

#define W 12 /* row width: (sets, pair) for sets 0-5 and pair 0-1, at 2 * sets + pair */
#define MAX_TILES (3 * MAX_SETS + 2)
#define SUIT_ROWS 1953125 /* 5 ** 9 */
#define HONOR_ROWS 78125  /* 5 ** 7 */
#define NEG (-1000)

static const uint8_t *suit_t = NULL, *honor_t = NULL;
static PyObject *loader = NULL, *held_tables = NULL;

static const int POW5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};
static const int ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
static const int PERMS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
static int KNITTED[6][9];

static int ensure_tables(void)
{
    if (suit_t)
        return 0;
    if (!loader) { /* imported on its own (not through assistant.native): the engine's loader */
        PyObject *module = PyImport_ImportModule("assistant.suit_table");
        if (!module)
            return -1;
        loader = PyObject_GetAttrString(module, "tables");
        Py_DECREF(module);
        if (!loader)
            return -1;
    }
    PyObject *pair = PyObject_CallNoArgs(loader);
    if (!pair)
        return -1;
    if (suit_t) { /* another thread loaded them while the loader ran without the GIL */
        Py_DECREF(pair);
        return 0;
    }
    if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2
        || !PyBytes_Check(PyTuple_GET_ITEM(pair, 0)) || !PyBytes_Check(PyTuple_GET_ITEM(pair, 1))
        || PyBytes_GET_SIZE(PyTuple_GET_ITEM(pair, 0)) != (Py_ssize_t)SUIT_ROWS * W
        || PyBytes_GET_SIZE(PyTuple_GET_ITEM(pair, 1)) != (Py_ssize_t)HONOR_ROWS * W) {
        Py_DECREF(pair);
        PyErr_SetString(PyExc_RuntimeError, "the suit tables do not have the core's shape");
        return -1;
    }
    held_tables = pair;
    suit_t = (const uint8_t *)PyBytes_AS_STRING(PyTuple_GET_ITEM(pair, 0));
    honor_t = (const uint8_t *)PyBytes_AS_STRING(PyTuple_GET_ITEM(pair, 1));
    return 0;
}

/* ---- max-plus algebra over (sets, pair) rows ---- */

static inline void load_row(const uint8_t *p, int *out)
{
    for (int k = 0; k < W; k++)
        out[k] = p[k];
}

static inline int imax(int a, int b) { return a > b ? a : b; }

/* out[2m + p]: most tiles two groups keep with m sets and p pairs between them, m <= limit. */
static void product(const int *a, const int *b, int limit, int *out)
{
    for (int k = 0; k < W; k++)
        out[k] = NEG;
    for (int m1 = 0; m1 <= limit; m1++) {
        for (int m2 = 0; m2 + m1 <= limit; m2++) {
            int k = 2 * (m1 + m2);
            out[k] = imax(out[k], a[2 * m1] + b[2 * m2]);
            out[k + 1] = imax(out[k + 1], imax(a[2 * m1] + b[2 * m2 + 1], a[2 * m1 + 1] + b[2 * m2]));
        }
    }
}

/* The best split of n sets and the pair between two rows. */
static inline int join(const int *a, const int *b, int n)
{
    int best = NEG;
    for (int m = 0; m <= n; m++) {
        int k = 2 * (n - m);
        best = imax(best, imax(a[2 * m] + b[k + 1], a[2 * m + 1] + b[k]));
    }
    return best;
}

static inline int key_of(const int *c, int start, int length)
{
    int key = 0;
    for (int i = start + length - 1; i >= start; i--)
        key = key * 5 + c[i];
    return key;
}

/* Rows of the four groups; in the three-player game 1m and 9m are looked up as honours. */
static void group_rows(const int *c, int three_player, int rows[4][W], int keys[4])
{
    if (three_player) {
        keys[0] = c[0] + 5 * c[8];
        load_row(honor_t + (size_t)keys[0] * W, rows[0]);
    } else {
        keys[0] = key_of(c, 0, 9);
        load_row(suit_t + (size_t)keys[0] * W, rows[0]);
    }
    keys[1] = key_of(c, 9, 9);
    keys[2] = key_of(c, 18, 9);
    keys[3] = key_of(c, 27, 7);
    load_row(suit_t + (size_t)keys[1] * W, rows[1]);
    load_row(suit_t + (size_t)keys[2] * W, rows[2]);
    load_row(honor_t + (size_t)keys[3] * W, rows[3]);
}

static int regular_overlap(const int *c, int n_sets, int three_player)
{
    int rows[4][W], keys[4], left[W], right[W];
    group_rows(c, three_player, rows, keys);
    product(rows[0], rows[1], n_sets, left);
    product(rows[2], rows[3], n_sets, right);
    return join(left, right, n_sets);
}

/* The regular overlap, and in *mask the tiles whose draw raises it (those held 4 times aside). */
static int regular_scan(const int *c, int n, int three_player, uint64_t *mask)
{
    int rows[4][W], keys[4], left[W], right[W], rests[4][W], row[W];
    group_rows(c, three_player, rows, keys);
    product(rows[0], rows[1], n, left);
    product(rows[2], rows[3], n, right);
    product(rows[1], right, n, rests[0]);
    product(rows[0], right, n, rests[1]);
    product(left, rows[3], n, rests[2]);
    product(left, rows[2], n, rests[3]);
    int base = join(left, right, n);
    for (int g = 0; g < 4; g++) {
        int start = 9 * g;
        int length = g == 3 ? 7 : 9;
        for (int pos = 0; pos < length; pos++) {
            int i = start + pos;
            if (c[i] >= 4)
                continue;
            const uint8_t *p;
            if (g == 0 && three_player) {
                if (pos != 0 && pos != 8)
                    continue;
                p = honor_t + (size_t)(keys[0] + (pos == 0 ? 1 : 5)) * W;
            } else {
                p = (g == 3 ? honor_t : suit_t) + (size_t)(keys[g] + POW5[pos]) * W;
            }
            load_row(p, row);
            if (join(row, rests[g], n) > base)
                *mask |= (uint64_t)1 << i;
        }
    }
    return base;
}

/* ---- the other forms ---- */

static int seven_pairs_overlap(const int *c, int four)
{
    int pairs = 0, singles = 0;
    for (int i = 0; i < NT; i++) {
        if (c[i] >= 2) {
            pairs += (four && c[i] == 4) ? 2 : 1;
            singles += four && c[i] == 3;
        } else if (c[i] == 1) {
            singles++;
        }
    }
    int p = pairs < 7 ? pairs : 7;
    int s = singles < 7 - p ? singles : 7 - p;
    return 2 * p + s;
}

static int orphans_overlap(const int *c)
{
    int kinds = 0, pair = 0;
    for (int k = 0; k < 13; k++) {
        kinds += c[ORPHANS[k]] > 0;
        pair |= c[ORPHANS[k]] >= 2;
    }
    return kinds + pair;
}

static void knitted_scores(const int *c, int out[6])
{
    int lines[3][3];
    for (int s = 0; s < 3; s++)
        for (int r = 0; r < 3; r++)
            lines[s][r] = (c[9 * s + r] > 0) + (c[9 * s + r + 3] > 0) + (c[9 * s + r + 6] > 0);
    for (int q = 0; q < 6; q++)
        out[q] = lines[PERMS[q][0]][0] + lines[PERMS[q][1]][1] + lines[PERMS[q][2]][2];
}

static int honors_held(const int *c)
{
    int h = 0;
    for (int i = 27; i < NT; i++)
        h += c[i] > 0;
    return h;
}

static int honors_knitted_overlap(const int *c)
{
    int scores[6], best = 0;
    knitted_scores(c, scores);
    for (int q = 0; q < 6; q++)
        best = imax(best, scores[q]);
    best += honors_held(c);
    return best < 14 ? best : 14;
}

/* The hand less one copy of each tile of knitted sequence q (the dragon's tiles set aside). */
static void take_knitted(const int *c, int q, int *rest, uint64_t *missing)
{
    memcpy(rest, c, NT * sizeof(int));
    for (int k = 0; k < 9; k++) {
        int i = KNITTED[q][k];
        if (rest[i])
            rest[i]--;
        else if (missing)
            *missing |= (uint64_t)1 << i;
    }
}

/* 组合龙 overlap: a sequence's held tiles plus the rest's n - 3 sets and a pair; a sequence
 * that could not beat the best even with a perfect remainder is skipped. */
static int knitted_straight_overlap(const int *c, int n_sets)
{
    int scores[6], rest[NT], best = 0, cap = 3 * (n_sets - 3) + 2;
    knitted_scores(c, scores);
    for (int q = 0; q < 6; q++) {
        if (scores[q] + cap <= best)
            continue;
        take_knitted(c, q, rest, NULL);
        best = imax(best, scores[q] + regular_overlap(rest, n_sets - 3, 0));
    }
    return best;
}

static inline int from_overlap(int target, int overlap, int wilds)
{
    int kept = overlap + wilds;
    return target - (kept < target ? kept : target) - 1;
}

static int applies(int form, int n)
{
    if (form == F_REG)
        return 1;
    if (form == F_KS)
        return n >= 10 && n <= 14;
    return n >= 13 && n <= 14;
}

/* Shanten of one form; the regular form with the three-player table when asked. */
static int form_shanten(int form, const int *c, int wilds, int n, int three_player, int four)
{
    int n_sets = n / 3;
    switch (form) {
    case F_REG:
        return from_overlap(3 * n_sets + 2, regular_overlap(c, n_sets, three_player), wilds);
    case F_SP:
        return from_overlap(14, seven_pairs_overlap(c, four), wilds);
    case F_TO:
        return from_overlap(14, orphans_overlap(c), wilds);
    case F_HK:
        return from_overlap(14, honors_knitted_overlap(c), wilds);
    default:
        return from_overlap(3 * n_sets + 2, knitted_straight_overlap(c, n_sets), wilds);
    }
}

/* The best shanten over the forms in mask (99 when none applies). */
static int best_shanten(const int *c, int wilds, int n, int mask, int four)
{
    int best = 99;
    for (int f = F_REG; f <= F_KS; f <<= 1)
        if ((mask & f) && applies(f, n)) {
            int v = form_shanten(f, c, wilds, n, 0, four);
            best = v < best ? v : best;
        }
    return best;
}

/* ---- effective tiles of each form ---- */

static uint64_t seven_pairs_improvers(const int *c, int four)
{
    int pairs = 0, singles = 0;
    uint64_t out = 0;
    for (int i = 0; i < NT; i++) {
        if (c[i] >= 2) {
            pairs += (four && c[i] == 4) ? 2 : 1;
            singles += four && c[i] == 3;
        } else if (c[i] == 1) {
            singles++;
        }
    }
    for (int i = 0; i < NT; i++) {
        if (c[i] == 0 || (c[i] == 2 && four)) {
            if (pairs + singles < 7)
                out |= (uint64_t)1 << i;
        } else if (c[i] == 1 || (c[i] == 3 && four)) {
            if (pairs < 7)
                out |= (uint64_t)1 << i;
        }
    }
    return out;
}

static uint64_t orphans_improvers(const int *c)
{
    int paired = 0;
    uint64_t out = 0;
    for (int k = 0; k < 13; k++)
        paired |= c[ORPHANS[k]] >= 2;
    for (int k = 0; k < 13; k++) {
        int i = ORPHANS[k];
        if (c[i] == 0 || (c[i] == 1 && !paired))
            out |= (uint64_t)1 << i;
    }
    return out;
}

static uint64_t honors_knitted_improvers(const int *c)
{
    int scores[6], best = 0;
    uint64_t out = 0;
    knitted_scores(c, scores);
    for (int q = 0; q < 6; q++)
        best = imax(best, scores[q]);
    if (best + honors_held(c) >= 14)
        return 0;
    for (int i = 27; i < NT; i++)
        if (c[i] == 0)
            out |= (uint64_t)1 << i;
    for (int q = 0; q < 6; q++)
        if (scores[q] == best)
            for (int k = 0; k < 9; k++)
                if (c[KNITTED[q][k]] == 0)
                    out |= (uint64_t)1 << KNITTED[q][k];
    return out;
}

static uint64_t knitted_straight_improvers(const int *c, int n_sets)
{
    int scores[6], rest[NT];
    uint64_t out = 0;
    int best = knitted_straight_overlap(c, n_sets);
    int cap = 3 * (n_sets - 3) + 2;
    knitted_scores(c, scores);
    for (int q = 0; q < 6; q++) {
        if (scores[q] + cap < best)
            continue;
        uint64_t missing = 0, helpful = 0;
        take_knitted(c, q, rest, &missing);
        int overlap = regular_scan(rest, n_sets - 3, 0, &helpful);
        if (scores[q] + overlap < best)
            continue;
        out |= missing | helpful;
    }
    for (int i = 0; i < NT; i++)
        if (c[i] >= 4)
            out &= ~((uint64_t)1 << i);
    return out;
}

/* ---- the Python boundary ---- */

/* counts: a list or tuple of 34 ints, each 0 to most; *total gets their sum. 1: read, 0: refused
 * (the caller answers NotImplemented), -1: a Python error is set. */
static int read_counts(PyObject *obj, int *c, int *total, int most)
{
    if (!PyList_CheckExact(obj) && !PyTuple_CheckExact(obj))
        return 0;
    PyObject **items = PySequence_Fast_ITEMS(obj);
    if (PySequence_Fast_GET_SIZE(obj) != NT)
        return 0;
    int sum = 0;
    for (int i = 0; i < NT; i++) {
        if (!PyLong_Check(items[i]))
            return 0;
        int overflow = 0;
        long v = PyLong_AsLongAndOverflow(items[i], &overflow);
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (overflow || v < 0 || v > most)
            return 0;
        c[i] = (int)v;
        sum += (int)v;
    }
    *total = sum;
    return 1;
}

static PyObject *refuse(void) { Py_RETURN_NOTIMPLEMENTED; }

/* Parse (counts, wilds) and check 1 <= tiles + wilds <= 17; 1 ok, 0 refused, -1 error. */
static int read_hand(PyObject *counts, PyObject *wild_obj, int *c, int *n, int *wilds_out,
                     int most)
{
    int total, overflow = 0;
    int ok = read_counts(counts, c, &total, most);
    if (ok <= 0)
        return ok;
    if (!PyLong_Check(wild_obj))
        return 0;
    long wilds = PyLong_AsLongAndOverflow(wild_obj, &overflow);
    if (wilds == -1 && PyErr_Occurred())
        return -1;
    if (overflow || wilds < 0 || wilds > MAX_TILES || total + wilds < 1 || total + wilds > MAX_TILES)
        return 0;
    if (ensure_tables() < 0)
        return -1;
    *n = total + (int)wilds;
    *wilds_out = (int)wilds;
    return 1;
}

static PyObject *core_shanten(PyObject *self, PyObject *args)
{
    PyObject *counts, *wild_obj;
    int wilds, mask, four, c[NT], n;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOip", &counts, &wild_obj, &mask, &four))
        return NULL;
    int ok = read_hand(counts, wild_obj, c, &n, &wilds, 4);
    if (ok < 0)
        return NULL;
    if (ok == 0)
        return refuse();
    int best = best_shanten(c, wilds, n, mask & F_ALL, four);
    if (best == 99)
        return refuse();
    return PyLong_FromLong(best);
}

static PyObject *core_shanten_forms(PyObject *self, PyObject *args)
{
    PyObject *counts, *wild_obj;
    int wilds, mask, four, three_player, c[NT], n;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOipp", &counts, &wild_obj, &mask, &four, &three_player))
        return NULL;
    int ok = read_hand(counts, wild_obj, c, &n, &wilds, 4);
    if (ok < 0)
        return NULL;
    if (ok == 0)
        return refuse();
    PyObject *out = PyTuple_New(5);
    if (!out)
        return NULL;
    int k = 0;
    for (int f = F_REG; f <= F_KS; f <<= 1, k++) {
        PyObject *v;
        if ((mask & f) && applies(f, n)) {
            v = PyLong_FromLong(form_shanten(f, c, wilds, n, three_player, four));
            if (!v) {
                Py_DECREF(out);
                return NULL;
            }
        } else {
            v = Py_NewRef(Py_None);
        }
        PyTuple_SET_ITEM(out, k, v);
    }
    return out;
}

static PyObject *mask_to_list(uint64_t mask)
{
    PyObject *out = PyList_New(0);
    if (!out)
        return NULL;
    for (int i = 0; i < NT; i++) {
        if (mask >> i & 1) {
            PyObject *v = PyLong_FromLong(i);
            if (!v || PyList_Append(out, v) < 0) {
                Py_XDECREF(v);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(v);
        }
    }
    return out;
}

/* (shanten, effective tiles) of a hand as waits._evaluate and _draws find them. *refused is set
 * when no form but 组合龙 applies (the Python path raises there). */
static int helpful(const int *c, int wilds, int n, int mask, int three_player, int four,
                   uint64_t *tiles, int *refused)
{
    int n_sets = n / 3, vals[5], best = 99, k = 0;
    uint64_t regular = 0;
    *refused = 0;
    *tiles = 0;
    for (int f = F_REG; f < F_KS; f <<= 1, k++) {
        vals[k] = 99;
        if (!(mask & f) || !applies(f, n))
            continue;
        if (f == F_REG)
            vals[k] = from_overlap(3 * n_sets + 2, regular_scan(c, n_sets, three_player, &regular),
                                   wilds);
        else
            vals[k] = form_shanten(f, c, wilds, n, three_player, four);
        best = vals[k] < best ? vals[k] : best;
    }
    if (best == 99) {
        *refused = 1;
        return 0;
    }
    vals[4] = 99;
    if ((mask & F_KS) && applies(F_KS, n)) {
        vals[4] = form_shanten(F_KS, c, wilds, n, 0, four);
        best = vals[4] < best ? vals[4] : best;
    }
    if (best < 0)
        return best;
    if (vals[0] == best)
        *tiles |= regular;
    if (vals[1] == best)
        *tiles |= seven_pairs_improvers(c, four);
    if (vals[2] == best)
        *tiles |= orphans_improvers(c);
    if (vals[3] == best)
        *tiles |= honors_knitted_improvers(c);
    if (vals[4] == best)
        *tiles |= knitted_straight_improvers(c, n_sets);
    return best;
}

static PyObject *core_helpful(PyObject *self, PyObject *args)
{
    PyObject *counts, *wild_obj;
    int wilds, mask, three_player, four, c[NT], n, refused;
    uint64_t tiles;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOipp", &counts, &wild_obj, &mask, &three_player, &four))
        return NULL;
    int ok = read_hand(counts, wild_obj, c, &n, &wilds, 4);
    if (ok < 0)
        return NULL;
    if (ok == 0)
        return refuse();
    int best = helpful(c, wilds, n, mask & F_ALL, three_player, four, &tiles, &refused);
    if (refused)
        return refuse();
    PyObject *list = mask_to_list(tiles);
    if (!list)
        return NULL;
    return Py_BuildValue("(iN)", best, list);
}

/* Every distinct discard of a hand: (tile index or -1 for a wild tile, shanten, effective-tile
 * mask) for each, as advice.discard_options asks helpful_draws for them one by one. */
static PyObject *core_discards(PyObject *self, PyObject *args)
{
    PyObject *counts, *wild_obj;
    int wilds, mask, three_player, four, c[NT], n, refused;
    uint64_t tiles;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOipp", &counts, &wild_obj, &mask, &three_player, &four))
        return NULL;
    int ok = read_hand(counts, wild_obj, c, &n, &wilds, 4);
    if (ok < 0)
        return NULL;
    if (ok == 0 || n < 2)
        return refuse();
    mask &= F_ALL;
    PyObject *out = PyList_New(0);
    if (!out)
        return NULL;
    for (int i = -1; i < NT; i++) {
        int w = wilds;
        if (i < 0) {
            if (!wilds)
                continue;
            w--;
        } else if (!c[i]) {
            continue;
        } else {
            c[i]--;
        }
        int best = helpful(c, w, n - 1, mask, three_player, four, &tiles, &refused);
        if (i >= 0)
            c[i]++;
        if (refused) {
            Py_DECREF(out);
            return refuse();
        }
        PyObject *item = Py_BuildValue("(iiK)", i, best, (unsigned long long)tiles);
        if (!item || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    return out;
}

/* Whether a buffer format names an 8-byte signed int in native order ("l" on Linux, "q" on
 * Windows; "=" and "@" prefixes as some exporters write them). */
static int int64_format(const char *f)
{
    if (*f == '@' || *f == '=')
        f++;
    return strcmp(f, "l") == 0 || strcmp(f, "q") == 0;
}

/* shanten_batch over a C-contiguous (N, 34) int64 buffer into an int16 buffer of N; a hand
 * outside 0-4 copies or 1-17 tiles refuses the whole batch (the Python path raises). */
static PyObject *core_shanten_batch(PyObject *self, PyObject *args)
{
    PyObject *src, *dst;
    int mask, four;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOip", &src, &dst, &mask, &four))
        return NULL;
    Py_buffer in, out;
    if (PyObject_GetBuffer(src, &in, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_ND) < 0)
        return NULL;
    if (PyObject_GetBuffer(dst, &out, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&in);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t rows = in.ndim == 2 ? in.shape[0] : -1;
    int shaped = in.ndim == 2 && in.shape[1] == NT && in.itemsize == 8
                 && in.format && int64_format(in.format)
                 && out.itemsize == 2 && out.format && strcmp(out.format, "h") == 0
                 && out.len == rows * 2;
    if (!shaped) {
        result = refuse();
        goto done;
    }
    if (ensure_tables() < 0)
        goto done;
    const int64_t *h = (const int64_t *)in.buf;
    for (Py_ssize_t r = 0; r < rows; r++) {
        int total = 0;
        for (int i = 0; i < NT; i++) {
            int64_t v = h[r * NT + i];
            if (v < 0 || v > 4) {
                result = refuse();
                goto done;
            }
            total += (int)v;
        }
        if (total < 1 || total > MAX_TILES) {
            result = refuse();
            goto done;
        }
    }
    int16_t *o = (int16_t *)out.buf;
    mask &= F_ALL;
    Py_BEGIN_ALLOW_THREADS
    int c[NT];
    for (Py_ssize_t r = 0; r < rows; r++) {
        int total = 0;
        for (int i = 0; i < NT; i++) {
            c[i] = (int)h[r * NT + i];
            total += c[i];
        }
        o[r] = (int16_t)best_shanten(c, 0, total, mask, four);
    }
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_True);
done:
    PyBuffer_Release(&in);
    PyBuffer_Release(&out);
    return result;
}

/* ---- every reading of the regular form (decompose._regular), wild tiles included ---- */

/* A group as a small int (_core.h): kind << 8 | (first tile + 1) << 2 | wilds in it. */
#define GROUP(kind, first, need) (((kind) << 8) | (((first) + 1) << 2) | (need))
#define MAX_READINGS 100000 /* far above any 17-tile hand's; a bound, not a limit met */

typedef struct {
    int n;                   /* readings kept */
    int cap;
    int (*rows)[MAX_GROUPS]; /* each reading's groups, sorted as decompose._sort_groups */
    int *lengths;
    int overflow;
} Readings;

/* decompose._sort_groups' key: pairs after sets, wild-only groups after the others, then the
 * tile indices (a wild tile counting as 99). */
static void sort_key(int g, int key[5])
{
    int kind = g >> 8, first = ((g >> 2) & 63) - 1;
    key[0] = kind == G_PAIR ? 2 : 1;
    key[1] = first < 0;
    for (int k = 0; k < 3; k++)
        key[2 + k] = first < 0 ? 99 : kind == G_CHOW ? first + k : first;
    if (kind == G_PAIR)
        key[4] = 0;
}

static int key_less(int a, int b)
{
    int ka[5], kb[5];
    sort_key(a, ka);
    sort_key(b, kb);
    for (int k = 0; k < 5; k++)
        if (ka[k] != kb[k])
            return ka[k] < kb[k];
    return 0;
}

static int keep_reading(Readings *out, const int *groups, int n)
{
    int sorted[MAX_GROUPS];
    for (int k = 0; k < n; k++) { /* stable insertion sort, as Python's sorted() */
        int g = groups[k], j = k;
        while (j > 0 && key_less(g, sorted[j - 1])) {
            sorted[j] = sorted[j - 1];
            j--;
        }
        sorted[j] = g;
    }
    for (int r = 0; r < out->n; r++)
        if (out->lengths[r] == n && memcmp(out->rows[r], sorted, n * sizeof(int)) == 0)
            return 0;
    if (out->n == out->cap) {
        if (out->cap >= MAX_READINGS) {
            out->overflow = 1;
            return -1;
        }
        int cap = out->cap ? 2 * out->cap : 16;
        void *rows = PyMem_Realloc(out->rows, cap * sizeof(*out->rows));
        if (!rows)
            return -1;
        out->rows = rows;
        void *lengths = PyMem_Realloc(out->lengths, cap * sizeof(int));
        if (!lengths)
            return -1;
        out->lengths = lengths;
        out->cap = cap;
    }
    memcpy(out->rows[out->n], sorted, n * sizeof(int));
    out->lengths[out->n++] = n;
    return 0;
}

/* decompose._regular, in its order: the lowest tile left starts a pair, a pung or a chow. */
static int readings_from(int *c, int wilds, int sets_left, int pair_left, int start,
                         int *stack, int depth, Readings *out)
{
    int i = start;
    while (i < NT && c[i] == 0)
        i++;
    if (i == NT) {
        if (wilds != 3 * sets_left + 2 * pair_left)
            return 0;
        for (int k = 0; k < sets_left; k++)
            stack[depth++] = GROUP(G_PUNG, -1, 3);
        if (pair_left)
            stack[depth++] = GROUP(G_PAIR, -1, 2);
        return keep_reading(out, stack, depth);
    }
    if (pair_left) {
        for (int real = c[i] < 2 ? c[i] : 2; real > 0; real--) {
            int need = 2 - real;
            if (need > wilds)
                continue;
            c[i] -= real;
            stack[depth] = GROUP(G_PAIR, i, need);
            int err = readings_from(c, wilds - need, sets_left, 0, i, stack, depth + 1, out);
            c[i] += real;
            if (err)
                return err;
        }
    }
    if (!sets_left)
        return 0;
    for (int real = c[i] < 3 ? c[i] : 3; real > 0; real--) {
        int need = 3 - real;
        if (need > wilds)
            continue;
        c[i] -= real;
        stack[depth] = GROUP(G_PUNG, i, need);
        int err = readings_from(c, wilds - need, sets_left - 1, pair_left, i, stack, depth + 1, out);
        c[i] += real;
        if (err)
            return err;
    }
    if (i >= 27)
        return 0;
    int pos = i % 9;
    for (int low = pos - 2; low <= pos; low++) {
        if (low < 0 || low > 6)
            continue;
        int base = i - pos + low, need = 0, taken[3], n_taken = 0;
        for (int k = base; k < base + 3; k++) {
            if (k < i || (k > i && c[k] == 0))
                need++;
            else
                taken[n_taken++] = k;
        }
        if (need > wilds)
            continue;
        for (int t = 0; t < n_taken; t++)
            c[taken[t]]--;
        stack[depth] = GROUP(G_CHOW, base, need);
        int err = readings_from(c, wilds - need, sets_left - 1, pair_left, i, stack, depth + 1, out);
        for (int t = 0; t < n_taken; t++)
            c[taken[t]]++;
        if (err)
            return err;
    }
    return 0;
}

/* ---- the pieces the one-call answer reuses (_core.h) ---- */

int engine_tables(void) { return ensure_tables(); }

const int *engine_knitted(int q) { return KNITTED[q]; }

int engine_form_shanten(int form, const int *c, int n, int four)
{
    return applies(form, n) ? form_shanten(form, c, 0, n, 0, four) : 99;
}

int engine_waits(const int *c, int n, int four, uint64_t *tiles)
{
    int refused, best = helpful(c, 0, n, F_ALL, 0, four, tiles, &refused);
    return refused ? 99 : best;
}

int engine_regular_readings(const int *c, int n_sets, int (*rows)[MAX_GROUPS], int *lengths,
                            int most, int *failed)
{
    int counts[NT], stack[MAX_GROUPS + 1];
    memcpy(counts, c, sizeof counts);
    Readings found = {0, 0, NULL, NULL, 0};
    int n = -1;
    *failed = readings_from(counts, 0, n_sets, 1, 0, stack, 0, &found) != 0 && !found.overflow;
    if (!*failed && !found.overflow && found.n <= most) {
        n = found.n;
        for (int r = 0; r < n; r++) {
            memcpy(rows[r], found.rows[r], sizeof(int) * (size_t)found.lengths[r]);
            lengths[r] = found.lengths[r];
        }
    }
    PyMem_Free(found.rows);
    PyMem_Free(found.lengths);
    return n;
}

static PyObject *core_regular_readings(PyObject *self, PyObject *args)
{
    PyObject *counts, *wild_obj;
    int wilds, n_sets, c[NT], n, stack[MAX_GROUPS + 1];
    (void)self;
    if (!PyArg_ParseTuple(args, "OOi", &counts, &wild_obj, &n_sets))
        return NULL;
    /* a fifth copy is read too: waits asks whether a tile held four times would complete */
    int ok = read_hand(counts, wild_obj, c, &n, &wilds, 5);
    if (ok < 0)
        return NULL;
    if (ok == 0 || n_sets < 0 || n_sets > MAX_SETS)
        return refuse();
    Readings found = {0, 0, NULL, NULL, 0};
    int err = readings_from(c, wilds, n_sets, 1, 0, stack, 0, &found);
    PyObject *out = NULL;
    if (err) {
        if (found.overflow)
            out = refuse();
        else
            PyErr_NoMemory();
        goto done;
    }
    out = PyList_New(found.n);
    if (!out)
        goto done;
    for (int r = 0; r < found.n; r++) {
        PyObject *row = PyTuple_New(found.lengths[r]);
        if (!row) {
            Py_CLEAR(out);
            goto done;
        }
        for (int k = 0; k < found.lengths[r]; k++) {
            PyObject *g = PyLong_FromLong(found.rows[r][k]);
            if (!g) {
                Py_DECREF(row);
                Py_CLEAR(out);
                goto done;
            }
            PyTuple_SET_ITEM(row, k, g);
        }
        PyList_SET_ITEM(out, r, row);
    }
done:
    PyMem_Free(found.rows);
    PyMem_Free(found.lengths);
    return out;
}

/* The index 0-33 of a playing tile's code, or -1 for anything else: another string, a str
 * subclass, no str (the reading itself is tile_index in _patterns.c, the catalogue's too). */
int code_index(PyObject *code)
{
    return PyUnicode_CheckExact(code) ? tile_index(code) : -1;
}

/* tile_counts(tiles): how many of each of the 34 playing tiles a list or tuple of their codes
 * holds (any number of copies: the caller judges them), as assistant.tiles.to_counts counts
 * them; NotImplemented for another container or any entry that is not a playing tile's code
 * (a bonus tile, a back, a red five, no str), which the Python path then names. */
static PyObject *core_tile_counts(PyObject *self, PyObject *tiles)
{
    (void)self;
    if (!PyList_CheckExact(tiles) && !PyTuple_CheckExact(tiles))
        return refuse();
    Py_ssize_t n = PySequence_Fast_GET_SIZE(tiles);
    PyObject **items = PySequence_Fast_ITEMS(tiles);
    Py_ssize_t c[NT] = {0};
    for (Py_ssize_t i = 0; i < n; i++) {
        int k = code_index(items[i]);
        if (k < 0)
            return refuse();
        c[k]++;
    }
    PyObject *out = PyList_New(NT);
    if (!out)
        return NULL;
    for (int i = 0; i < NT; i++) {
        PyObject *v = PyLong_FromSsize_t(c[i]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

static PyObject *core_set_loader(PyObject *self, PyObject *fn)
{
    (void)self;
    if (!PyCallable_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "the table loader must be callable");
        return NULL;
    }
    Py_XSETREF(loader, Py_NewRef(fn));
    Py_RETURN_NONE;
}

static PyObject *core_tables_loaded(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyBool_FromLong(suit_t != NULL);
}

static PyMethodDef methods[] = {
    {"set_loader", core_set_loader, METH_O,
     "set_loader(fn): fn() returns the (suit, honour) table bytes, called on first use."},
    {"tables_loaded", core_tables_loaded, METH_NOARGS, "Whether the tables are held."},
    {"shanten", core_shanten, METH_VARARGS,
     "shanten(counts, wilds, form_mask, four_as_two_pairs): best shanten, or NotImplemented."},
    {"shanten_forms", core_shanten_forms, METH_VARARGS,
     "shanten_forms(counts, wilds, form_mask, four_as_two_pairs, three_player): a 5-tuple."},
    {"helpful", core_helpful, METH_VARARGS,
     "helpful(counts, wilds, form_mask, three_player, four): (shanten, effective tiles)."},
    {"discards", core_discards, METH_VARARGS,
     "discards(counts, wilds, form_mask, three_player, four): [(tile, shanten, tile mask)]."},
    {"tile_counts", core_tile_counts, METH_O,
     "tile_counts(tiles): the 34 counts of a list or tuple of playing tiles' codes, or "
     "NotImplemented."},
    {"regular_readings", core_regular_readings, METH_VARARGS,
     "regular_readings(counts, wilds, n_sets): each distinct reading's groups as ints."},
    {"shanten_batch", core_shanten_batch, METH_VARARGS,
     "shanten_batch(int64 (N, 34), int16 (N,) out, form_mask, four): True, or NotImplemented."},
    {"pattern_keys", core_pattern_keys, METH_NOARGS,
     "pattern_keys(): the scoring patterns pattern_bits tests, in the order of their bits."},
    {"pattern_bits", core_pattern_bits, METH_VARARGS,
     "pattern_bits(hand, win[, card]): (bits of the patterns present, ((bit, count), ...) of "
     "those present more than once); with a FanTable's packed card, the card's choice of lines "
     "for the reading; NotImplemented for anything the core does not hold."},
    {"relation_keys", core_relation_keys, METH_NOARGS,
     "relation_keys(): the relations combine_sets chooses among, in the order of their numbers."},
    {"combine_sets", core_combine_sets, METH_VARARGS,
     "combine_sets(hand, ((relation, points), ...)): the relations the hand counts under the "
     "套算一次 rule, ((relation, (set, ...)), ...) in the order chosen, or NotImplemented."},
    {"mcr_setup", core_mcr_setup, METH_O,
     "mcr_setup(setup): hand the core what MCR's answer holds fixed (assistant/one_call.py)."},
    {"mcr_answer", core_mcr_answer, METH_O,
     "mcr_answer(data): analyze's whole answer to a complete MCR hand, or NotImplemented."},
    {"riichi_setup", core_riichi_setup, METH_O,
     "riichi_setup(setup): hand the core what riichi's answer holds fixed (assistant/one_call.py)."},
    {"riichi_answer", core_riichi_answer, METH_VARARGS,
     "riichi_answer(data, card): analyze's whole answer to a complete riichi hand, or "
     "NotImplemented."},
    {"riichi_yaku", core_riichi_yaku, METH_VARARGS,
     "riichi_yaku(hand, win, group, rows, situation, open, open_tanyao): (((row, count), ...), "
     "fu, ((name, fu), ...)) of a riichi reading, or NotImplemented."},
    {"riichi_score", core_riichi_score, METH_VARARGS,
     "riichi_score(hands, win, card, context): a riichi hand's best reading and payments, or "
     "NotImplemented (assistant/_riichi.c)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "assistant._core",
    "The engine's hot paths in C; see assistant/native.py.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void)
{
    for (int q = 0; q < 6; q++)
        for (int s = 0; s < 3; s++)
            for (int k = 0; k < 3; k++)
                KNITTED[q][3 * s + k] = 9 * PERMS[q][s] + s + 3 * k;
    if (patterns_init() < 0)
        return NULL;
    return PyModule_Create(&module);
}
