/* The scoring catalogue's pattern predicates in C, part of the compiled core (assistant._core).
 *
 * pattern_bits(hand, win) reads one reading of a winning hand (a WinningHand of
 * assistant/scoring/patterns.py) and how it was won (a Win) into a compact structure once (tile
 * counts, sets, pair, concealed groups, the win flags), then tests every pattern listed in KEYS
 * on it. It returns (bits, extra): bit k set when the pattern KEYS[k] is present, and extra, a
 * tuple of (k, count) for each pattern present more than once (根 ×2, 箭刻 ×2 …). Each predicate
 * mirrors the Python one of the same key in patterns.py line for line (the Python predicates stay
 * the pure path; tests/test_pattern_bits.py compares the two on many thousands of random
 * readings). The patterns made of several sets together (RELATIONS: 一般高, 三同刻 …) are not
 * among the bits: combine_sets chooses them together (the 套算一次 search).
 *
 * pattern_bits(hand, win, card) goes on from the bits to a scoring card's choice of lines
 * (FanTable.choose in assistant/scoring/fan_table.py): the lines present, the replacements (不计),
 * the relations chosen together and the replacements again, in one call on the card's rows
 * packed once per card (choose_lines). tests/test_pattern_bits.py compares it with the Python
 * choice on every card.
 *
 * Anything the structure cannot hold without doubt (a tile code that is not one of the 34, a
 * group kind or form it does not know, more sets or groups than a hand has) returns
 * NotImplemented and the caller asks the Python predicates, so an odd reading answers exactly as
 * on the pure path.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_patterns.h"
#include "_reading.h"

#define AS_NAME(k) #k,
static const char *const KEYS[N_PATTERNS] = {PATTERNS(AS_NAME)};

static PyObject *A_FORM, *A_SETS, *A_PAIR, *A_TILES, *A_WIN_TILE, *A_GROUPS, *A_CONCEALED,
    *A_EXPOSED_N, *A_KIND, *A_EXPOSED, *A_FLAGS[11], *A_SEAT, *A_PREVALENT, *A_FLOWERS;
static const char *const FLAG_NAMES[11] = {
    "self_drawn", "kong_replacement", "after_kong_discard", "robbing_kong", "last_tile",
    "first_go_around", "dealer", "fourth_tile", "unique_wait", "kong_on_kong", NULL};

static PyObject *empty_extra;

int patterns_init(void)
{
    const char *names[] = {"form", "sets", "pair", "tiles", "win_tile", "concealed_groups",
                           "concealed_tiles", "melds_exposed", "kind", "exposed", "seat_wind",
                           "prevalent_wind", "flowers"};
    PyObject **slots[] = {&A_FORM, &A_SETS, &A_PAIR, &A_TILES, &A_WIN_TILE, &A_GROUPS,
                          &A_CONCEALED, &A_EXPOSED_N, &A_KIND, &A_EXPOSED, &A_SEAT,
                          &A_PREVALENT, &A_FLOWERS};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if ((*slots[i] = PyUnicode_InternFromString(names[i])) == NULL)
            return -1;
    for (int i = 0; FLAG_NAMES[i] != NULL; i++)
        if ((A_FLAGS[i] = PyUnicode_InternFromString(FLAG_NAMES[i])) == NULL)
            return -1;
    empty_extra = PyTuple_New(0);
    return empty_extra == NULL ? -1 : riichi_init();
}

/* ---- reading the Python objects ---- */

int tile_index(PyObject *code)
{
    Py_ssize_t n = PyUnicode_GET_LENGTH(code);
    if (n == 1) {
        switch (PyUnicode_READ_CHAR(code, 0)) {
        case 'E': return 27;
        case 'S': return 28;
        case 'W': return 29;
        case 'N': return 30;
        case 'C': return 31;
        case 'F': return 32;
        case 'P': return 33;
        default: return -1;
        }
    }
    if (n != 2)
        return -1;
    Py_UCS4 digit = PyUnicode_READ_CHAR(code, 0);
    if (digit < '1' || digit > '9')
        return -1;
    switch (PyUnicode_READ_CHAR(code, 1)) {
    case 'm': return (int)(digit - '1');
    case 'p': return 9 + (int)(digit - '1');
    case 's': return 18 + (int)(digit - '1');
    default: return -1;
    }
}

/* A tile code's index, -1 for None, -2 for anything else (the call is then refused). */
static int tile_of(PyObject *obj)
{
    if (obj == Py_None)
        return -1;
    if (!PyUnicode_Check(obj))
        return -2;
    int t = tile_index(obj);
    return t < 0 ? -2 : t;
}

int group_kind_of(PyObject *obj)
{
    static const char *const names[] = {"chow", "pung", "kong", "pair", "knitted", "single"};
    if (!PyUnicode_Check(obj))
        return -1;
    for (int k = 0; k < 6; k++)
        if (PyUnicode_CompareWithASCIIString(obj, names[k]) == 0)
            return k;
    return -1;
}

int facts_form_of(PyObject *obj)
{
    static const char *const names[] = {"regular", "seven_pairs", "thirteen_orphans",
                                        "honors_and_knitted", "knitted_straight"};
    if (!PyUnicode_Check(obj))
        return -1;
    for (int k = 0; k < 5; k++)
        if (PyUnicode_CompareWithASCIIString(obj, names[k]) == 0)
            return k;
    return -1;
}

/* A tuple of tile codes into g (kind set by the caller); 1 read, 0 refused. */
int group_read_tiles(PyObject *tiles, Group *g)
{
    if (!PyTuple_Check(tiles) || PyTuple_GET_SIZE(tiles) > MAXT || PyTuple_GET_SIZE(tiles) < 1)
        return 0;
    g->n = (int)PyTuple_GET_SIZE(tiles);
    for (int i = 0; i < g->n; i++)
        if ((g->t[i] = tile_of(PyTuple_GET_ITEM(tiles, i))) < 0)
            return 0;
    return 1;
}

/* Every tile of a tuple into counts; 1 read, 0 refused. */
static int count_tiles(PyObject *tiles, int *counts, int *n)
{
    if (!PyTuple_Check(tiles))
        return 0;
    *n = (int)PyTuple_GET_SIZE(tiles);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tiles); i++) {
        int t = tile_of(PyTuple_GET_ITEM(tiles, i));
        if (t < 0)
            return 0;
        counts[t]++;
    }
    return 1;
}

/* An attribute read as a truth value: 0/1, -1 with a Python error set. */
static int flag_of(PyObject *obj, PyObject *name)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL)
        return -1;
    int out = PyObject_IsTrue(v);
    Py_DECREF(v);
    return out;
}

/* An attribute read as a small int within [lo, hi]: 1 read, 0 refused, -1 error. */
static int int_of(PyObject *obj, PyObject *name, int lo, int hi, int *out)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL)
        return -1;
    int ok = 0;
    if (PyLong_CheckExact(v)) {
        int overflow = 0;
        long x = PyLong_AsLongAndOverflow(v, &overflow);
        if (!overflow && x >= lo && x <= hi) {
            *out = (int)x;
            ok = 1;
        }
    }
    Py_DECREF(v);
    return ok;
}

/* The tile an attribute names (-1 None, -2 refused, -3 error). */
static int tile_attr(PyObject *obj, PyObject *name)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL)
        return -3;
    int t = tile_of(v);
    Py_DECREF(v);
    return t;
}

static int read_sets(PyObject *sets, Facts *f)
{
    if (!PyTuple_Check(sets) || PyTuple_GET_SIZE(sets) > MAXS)
        return 0;
    f->n_sets = (int)PyTuple_GET_SIZE(sets);
    for (int i = 0; i < f->n_sets; i++) {
        PyObject *s = PyTuple_GET_ITEM(sets, i);
        Group *g = &f->sets[i];
        PyObject *kind = PyObject_GetAttr(s, A_KIND);
        if (kind == NULL)
            return -1;
        g->kind = group_kind_of(kind);
        Py_DECREF(kind);
        if (g->kind < K_CHOW || g->kind > K_KONG)
            return 0;
        PyObject *tiles = PyObject_GetAttr(s, A_TILES);
        if (tiles == NULL)
            return -1;
        int ok = group_read_tiles(tiles, g);
        Py_DECREF(tiles);
        if (!ok)
            return 0;
        if ((g->exposed = flag_of(s, A_EXPOSED)) < 0)
            return -1;
    }
    return 1;
}

static int read_groups(PyObject *groups, Facts *f)
{
    if (!PyTuple_Check(groups) || PyTuple_GET_SIZE(groups) > MAXG)
        return 0;
    f->n_groups = (int)PyTuple_GET_SIZE(groups);
    for (int i = 0; i < f->n_groups; i++) {
        PyObject *g = PyTuple_GET_ITEM(groups, i);
        if (!PyTuple_Check(g) || PyTuple_GET_SIZE(g) != 2)
            return 0;
        f->groups[i].kind = group_kind_of(PyTuple_GET_ITEM(g, 0));
        if (f->groups[i].kind < 0 || f->groups[i].kind == K_KONG)
            return 0;
        if (!group_read_tiles(PyTuple_GET_ITEM(g, 1), &f->groups[i]))
            return 0;
        f->groups[i].exposed = 0;
    }
    return 1;
}

/* The hand's attributes (the reading): 1 read, 0 refused, -1 error. */
int facts_read_hand(PyObject *hand, Facts *f)
{
    PyObject *v;
    int ok, t;
    if ((v = PyObject_GetAttr(hand, A_FORM)) == NULL)
        return -1;
    f->form = facts_form_of(v);
    Py_DECREF(v);
    if (f->form < 0)
        return 0;
    if ((v = PyObject_GetAttr(hand, A_TILES)) == NULL)
        return -1;
    ok = count_tiles(v, f->counts, &f->n_tiles);
    Py_DECREF(v);
    if (!ok)
        return 0;
    if ((v = PyObject_GetAttr(hand, A_SETS)) == NULL)
        return -1;
    ok = read_sets(v, f);
    Py_DECREF(v);
    if (ok <= 0)
        return ok;
    if ((v = PyObject_GetAttr(hand, A_GROUPS)) == NULL)
        return -1;
    ok = read_groups(v, f);
    Py_DECREF(v);
    if (ok <= 0)
        return ok;
    if ((v = PyObject_GetAttr(hand, A_CONCEALED)) == NULL)
        return -1;
    ok = count_tiles(v, f->concealed, &f->n_concealed);
    Py_DECREF(v);
    if (!ok)
        return 0;
    if ((t = tile_attr(hand, A_PAIR)) < -1)
        return t == -3 ? -1 : 0;
    f->pair = t;
    if ((t = tile_attr(hand, A_WIN_TILE)) < -1)
        return t == -3 ? -1 : 0;
    f->win = t;
    return int_of(hand, A_EXPOSED_N, 0, MAXS, &f->melds_exposed);
}

/* How the hand was won: 1 read, 0 refused, -1 error. A wind that is no tile (-2) matches none. */
int facts_read(PyObject *hand, PyObject *win, Facts *f)
{
    memset(f, 0, sizeof *f);
    int ok = facts_read_hand(hand, f);
    return ok > 0 ? facts_read_win(win, f) : ok;
}

int facts_read_win(PyObject *win, Facts *f)
{
    int *slots[] = {&f->self_drawn, &f->kong_replacement, &f->after_kong_discard,
                    &f->robbing_kong, &f->last_tile, &f->first_go_around, &f->dealer,
                    &f->fourth_tile, &f->unique_wait, &f->kong_on_kong};
    for (int i = 0; i < 10; i++)
        if ((*slots[i] = flag_of(win, A_FLAGS[i])) < 0)
            return -1;
    if ((f->seat = tile_attr(win, A_SEAT)) == -3 || (f->prevalent = tile_attr(win, A_PREVALENT)) == -3)
        return -1;
    return int_of(win, A_FLOWERS, 0, 1000, &f->flowers);
}

/* ---- the facts the predicates share ---- */

static inline int num(int t) { return t % 9 + 1; }
static inline int pungish(int kind) { return kind == K_PUNG || kind == K_KONG; }

typedef struct {
    int suits, n_suits, honoured, regular, all_chows, all_pungs, full_flush, dragon_pungs,
        wind_pungs, chows, kongs, kongs_exposed, fours, wait_pair, wait_closed, has_terminal,
        only_terminals, only_term_honours, no_term_honours;
    int suit_len[3];
} Derived;

static void derive(const Facts *f, Derived *d)
{
    memset(d, 0, sizeof *d);
    d->only_terminals = d->only_term_honours = d->no_term_honours = 1;
    for (int t = 0; t < NT; t++) {
        if (!f->counts[t])
            continue;
        if (honour(t))
            d->honoured = 1;
        else {
            d->suits |= 1 << (t / 9);
            d->suit_len[t / 9] += f->counts[t];
        }
        int th = terminal(t) || honour(t);
        if (terminal(t))
            d->has_terminal = 1;
        if (!terminal(t))
            d->only_terminals = 0;
        if (!th)
            d->only_term_honours = 0;
        else
            d->no_term_honours = 0;
        if (f->counts[t] >= 4)
            d->fours++;
    }
    d->n_suits = (d->suits & 1) + ((d->suits >> 1) & 1) + ((d->suits >> 2) & 1);
    d->regular = f->form == F_REGULAR && (f->n_sets == 4 || f->n_sets == 5);
    int chows = 0, pungs = 0;
    for (int i = 0; i < f->n_sets; i++) {
        const Group *s = &f->sets[i];
        if (s->kind == K_CHOW)
            chows++;
        else {
            pungs++;
            if (is_dragon(s->t[0]))
                d->dragon_pungs++;
            if (is_wind(s->t[0]))
                d->wind_pungs++;
        }
        if (s->kind == K_KONG) {
            d->kongs++;
            d->kongs_exposed += s->exposed != 0;
        }
    }
    d->chows = chows;
    d->all_chows = d->regular && chows == f->n_sets;
    d->all_pungs = d->regular && pungs == f->n_sets;
    d->full_flush = d->n_suits == 1 && !d->honoured;
    if (f->win >= 0)
        for (int i = 0; i < f->n_groups; i++) {
            const Group *g = &f->groups[i];
            if (g->kind == K_PAIR && g->t[0] == f->win)
                d->wait_pair = 1;
            else if (g->kind == K_CHOW && g->n > 1 && g->t[1] == f->win)
                d->wait_closed = 1;
        }
}

/* Every tile's number is among the digits of `allowed` (bit n for number n), no honour. */
static int numbers_in(const Facts *f, const Derived *d, int allowed)
{
    if (d->honoured)
        return 0;
    for (int t = 0; t < 27; t++)
        if (f->counts[t] && !(allowed >> num(t) & 1))
            return 0;
    return 1;
}

/* Every distinct tile is one of `set` (a 34-bit mask). */
static int tiles_within(const Facts *f, unsigned long long set)
{
    for (int t = 0; t < NT; t++)
        if (f->counts[t] && !(set >> t & 1))
            return 0;
    return 1;
}

static int nine_gates(const Facts *f, const Derived *d, int win)
{
    static const int GATES[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    if (f->melds_exposed || f->n_concealed != 14 || !d->full_flush)
        return 0;
    int c[9] = {0}, sum = 0;
    for (int t = 0; t < NT; t++)
        c[t % 9] += f->concealed[t];
    for (int k = 0; k < 9; k++) {
        if (c[k] < GATES[k])
            return 0;
        sum += c[k] - GATES[k];
    }
    return sum == 1 && (win < 0 || c[win % 9] - GATES[win % 9] == 1);
}

static int concealed_pungs(const Facts *f)
{
    int own = 0, hidden = 0, win_pung = 0, elsewhere = 0;
    for (int i = 0; i < f->n_groups; i++) {
        const Group *g = &f->groups[i];
        if (g->kind == K_PUNG) {
            own++;
            win_pung |= g->t[0] == f->win && f->win >= 0;
        } else
            for (int k = 0; k < g->n; k++)
                elsewhere |= g->t[k] == f->win;
    }
    for (int i = 0; i < f->n_sets; i++)
        hidden += f->sets[i].kind == K_KONG && !f->sets[i].exposed;
    if (!f->self_drawn && f->win >= 0 && win_pung && !elsewhere)
        return own - 1 + hidden;
    return own + hidden;
}

/* 0 none, 1 edge, 2 closed, 3 pair: the MCR wait fan of a unique wait. */
static int mcr_wait(const Facts *f)
{
    if (!f->unique_wait || f->win < 0)
        return 0;
    int edge = 0, closed = 0, pair = 0;
    for (int i = 0; i < f->n_groups; i++) {
        const Group *g = &f->groups[i];
        if (g->kind == K_CHOW) {
            int n = -1;
            for (int k = 0; k < g->n && n < 0; k++)
                if (g->t[k] == f->win)
                    n = k;
            if (n == 1)
                closed = 1;
            else if ((n == 2 && num(g->t[0]) == 1) || (n == 0 && num(g->t[0]) == 7))
                edge = 1;
        } else if (g->kind == K_PAIR && g->t[0] == f->win)
            pair = 1;
    }
    return edge ? 1 : closed ? 2 : pair ? 3 : 0;
}

/* 一色双龙会 (pure) or 三色双龙会: four chows 123/789 and a pair of 5. */
static int terminal_chows(const Facts *f, int pure)
{
    if (f->form != F_REGULAR || f->pair < 0 || honour(f->pair) || num(f->pair) != 5)
        return 0;
    int starts[NT] = {0}, chows = 0;
    for (int i = 0; i < f->n_sets; i++)
        if (f->sets[i].kind == K_CHOW) {
            chows++;
            starts[f->sets[i].t[0]]++;
        }
    if (chows != 4)
        return 0;
    int ps = f->pair / 9;
    if (pure)
        return starts[9 * ps] == 2 && starts[9 * ps + 6] == 2;
    for (int s = 0; s < 3; s++)
        if (s != ps && (starts[9 * s] != 1 || starts[9 * s + 6] != 1))
            return 0;
    return 1;
}

/* Every group (the sets, then the pair) holds a tile passing `test`. */
static int every_group(const Facts *f, int (*test)(int))
{
    for (int i = 0; i < f->n_sets; i++) {
        int any = 0;
        for (int k = 0; k < f->sets[i].n; k++)
            any |= test(f->sets[i].t[k]);
        if (!any)
            return 0;
    }
    return test(f->pair);
}

static int terminal_or_honour(int t) { return terminal(t) || honour(t); }
static int a_five(int t) { return t >= 0 && t < 27 && num(t) == 5; }

static int terminal_pungs(const Facts *f, const Derived *d)
{
    int out = 0;
    for (int i = 0; i < f->n_sets; i++) {
        const Group *s = &f->sets[i];
        if (!pungish(s->kind))
            continue;
        if (terminal(s->t[0]))
            out++;
        else if (d->wind_pungs < 3 && is_wind(s->t[0]) && s->t[0] != f->seat
                 && s->t[0] != f->prevalent)
            out++;
    }
    if (out && nine_gates(f, d, f->win))
        out--;
    return out;
}

#define GREEN_MASK ((1ULL << 19) | (1ULL << 20) | (1ULL << 21) | (1ULL << 23) | (1ULL << 25) \
                    | (1ULL << 32))
/* 1p 2p 3p 4p 5p 8p 9p, 2s 4s 5s 6s 8s 9s, 白 */
#define REVERSIBLE_MASK ((0x19FULL << 9) | (0x1BAULL << 18) | (1ULL << 33))

/* The counts of every pattern; counts[k] > 0 when present. */
void facts_evaluate(const Facts *f, int *n)
{
    Derived d;
    derive(f, &d);
    int pair_dragon = f->pair >= 0 && is_dragon(f->pair);
    int pair_wind = f->pair >= 0 && is_wind(f->pair);
    int concealed = f->melds_exposed == 0, sd = f->self_drawn;
    int starts[NT] = {0}, pung_at[NT] = {0}, in_chow[NT] = {0}, plain_pung[NT] = {0},
        kong_at[NT] = {0};
    int exact_straight = 0;
    for (int i = 0; i < f->n_sets; i++) {
        const Group *s = &f->sets[i];
        if (s->kind == K_CHOW) {
            starts[s->t[0]]++;
            for (int k = 0; k < s->n; k++)
                in_chow[s->t[k]] = 1;
        } else {
            pung_at[s->t[0]] = 1;
            if (s->kind == K_PUNG)
                plain_pung[s->t[0]] = 1;
            else
                kong_at[s->t[0]] = 1;
        }
    }
    for (int s = 0; s < 3 && !exact_straight; s++) {
        int found = 0;
        for (int b = 0; b < 9; b += 3)
            for (int i = 0; i < f->n_sets; i++) {
                const Group *g = &f->sets[i];
                if (g->kind == K_CHOW && g->n == 3 && g->t[0] == 9 * s + b
                    && g->t[1] == 9 * s + b + 1 && g->t[2] == 9 * s + b + 2) {
                    found |= 1 << (b / 3);
                    break;
                }
            }
        exact_straight = found == 7;
    }
    int longest = 0, eight = 0;
    for (int s = 0; s < 3; s++) {
        if (d.suit_len[s] > longest)
            longest = d.suit_len[s];
        if (d.suit_len[s] >= 8) {
            int other = 0;
            for (int i = 0; i < f->n_sets; i++)
                other += f->sets[i].kind == K_KONG && !honour(f->sets[i].t[0])
                         && f->sets[i].t[0] / 9 != s;
            eight |= other >= 2;
        }
    }
    int in_use = 0, hogs = 0, all258 = 1, distinct_suited = 0, pairs_twice = 0;
    int winds_held = 0, dragons_held = 0, max_count = 0, lo = 10, hi = 0, distinct_nums = 0;
    int seen_num[10] = {0};
    for (int t = 0; t < NT; t++) {
        int c = f->counts[t];
        if (c >= 4) {
            in_use += plain_pung[t] && in_chow[t];
            hogs += !kong_at[t];
        }
        if (!c)
            continue;
        if (c > max_count)
            max_count = c;
        if (honour(t) || (num(t) != 2 && num(t) != 5 && num(t) != 8))
            all258 = 0;
        if (!honour(t)) {
            distinct_suited++;
            if (!seen_num[num(t)]++) {
                distinct_nums++;
                lo = num(t) < lo ? num(t) : lo;
                hi = num(t) > hi ? num(t) : hi;
            }
        }
        winds_held |= is_wind(t);
        dragons_held |= is_dragon(t);
    }
    for (int t = 0; t < NT; t++)
        pairs_twice += starts[t] / 2;
    int one_suit_straight = 0, same_chow = 0, same_pung = 0;
    for (int s = 0; s < 3; s++)
        one_suit_straight |= starts[9 * s] && starts[9 * s + 3] && starts[9 * s + 6];
    for (int k = 0; k < 9; k++) {
        if (k < 7)
            same_chow |= starts[k] && starts[9 + k] && starts[18 + k];
        same_pung |= pung_at[k] && pung_at[9 + k] && pung_at[18 + k];
    }
    int hidden_kongs = d.kongs - d.kongs_exposed, cp = concealed_pungs(f), wait = mcr_wait(f);
    int outside = f->form == F_REGULAR && f->pair >= 0 && every_group(f, terminal_or_honour);
    int exposed_sets = 0;
    for (int i = 0; i < f->n_sets; i++)
        exposed_sets += f->sets[i].exposed != 0;
    int all_honours_held = 1;
    for (int t = 27; t < NT; t++)
        all_honours_held &= f->counts[t] > 0;
    int gates = nine_gates(f, &d, f->win), half_flush = d.n_suits == 1 && d.honoured;
    int first = f->first_go_around, dealer = f->dealer;

    n[P_chicken] = 1;
    n[P_all_chows] = d.all_chows;
    n[P_all_pungs] = d.all_pungs;
    n[P_full_flush] = d.full_flush;
    n[P_half_flush] = half_flush;
    n[P_all_honours] = d.n_suits == 0;
    n[P_all_terminals] = d.only_terminals;
    n[P_terminals_and_honours] = d.only_term_honours && d.honoured && d.has_terminal;
    n[P_half_flush_all_pungs] = half_flush && d.all_pungs;
    n[P_full_flush_all_pungs] = d.full_flush && d.all_pungs;
    n[P_little_three_dragons] = d.dragon_pungs == 2 && pair_dragon;
    n[P_big_three_dragons] = d.dragon_pungs == 3;
    n[P_little_four_winds] = d.wind_pungs == 3 && pair_wind;
    n[P_big_four_winds] = d.wind_pungs == 4;
    n[P_eight_of_a_suit] = longest > 7 ? longest - 7 : 0;
    n[P_pure_straight] = exact_straight;
    n[P_four_in_use] = in_use;
    n[P_double_eight] = eight;
    n[P_seven_pairs] = f->form == F_SEVEN_PAIRS;
    n[P_thirteen_orphans] = f->form == F_ORPHANS;
    n[P_nine_gates] = gates;
    n[P_root] = d.fours;
    n[P_kong] = d.kongs;
    n[P_four_kongs] = d.kongs == 4;
    n[P_single_tile_wait] = f->form == F_REGULAR && f->n_concealed == 2 && f->pair == f->win;
    n[P_all_pungs_pair_wait] = d.all_pungs && d.wait_pair;
    n[P_all_258_pungs] = d.all_pungs && all258;
    n[P_all_258] = all258;
    n[P_outside] = outside;
    n[P_all_simples] = d.no_term_honours;
    n[P_concealed] = concealed;
    n[P_self_drawn] = sd;
    n[P_kong_flower] = f->kong_replacement && sd;
    n[P_kong_discard] = f->after_kong_discard && !sd;
    n[P_robbing_kong] = f->robbing_kong;
    n[P_last_tile_draw] = f->last_tile && sd;
    n[P_last_tile_discard] = f->last_tile && !sd;
    n[P_heavenly] = first && sd && dealer;
    n[P_earthly] = first && !dealer;
    n[P_all_green] = tiles_within(f, GREEN_MASK);
    n[P_seven_shifted_pairs] = f->form == F_SEVEN_PAIRS && d.full_flush && distinct_nums == 7
                               && hi - lo == 6 && max_count == 2;
    n[P_four_concealed_pungs] = cp == 4;
    n[P_three_concealed_pungs] = cp == 3;
    n[P_two_concealed_pungs] = cp == 2;
    n[P_pure_terminal_chows] = terminal_chows(f, 1);
    n[P_three_suited_terminal_chows] = terminal_chows(f, 0);
    n[P_three_kongs] = d.kongs == 3;
    n[P_two_concealed_kongs] = d.kongs_exposed == 0 && hidden_kongs == 2;
    n[P_concealed_and_melded_kong] = d.kongs_exposed == 1 && hidden_kongs == 1;
    n[P_two_melded_kongs] = d.kongs_exposed == 2 && hidden_kongs == 0;
    n[P_concealed_kong] = d.kongs_exposed == 0 && hidden_kongs == 1;
    n[P_melded_kong] = d.kongs_exposed == 1 && hidden_kongs == 0;
    n[P_greater_honours_knitted] = f->form == F_HONORS_KNITTED && all_honours_held;
    n[P_lesser_honours_knitted] = f->form == F_HONORS_KNITTED;
    n[P_knitted_straight] = f->form == F_KNITTED_STRAIGHT
                            || (f->form == F_HONORS_KNITTED && distinct_suited == 9);
    n[P_all_even_pungs] = d.all_pungs && numbers_in(f, &d, 0x154);
    n[P_upper_tiles] = numbers_in(f, &d, 0x380);
    n[P_middle_tiles] = numbers_in(f, &d, 0x70);
    n[P_lower_tiles] = numbers_in(f, &d, 0xE);
    n[P_upper_four] = numbers_in(f, &d, 0x3C0);
    n[P_lower_four] = numbers_in(f, &d, 0x1E);
    n[P_all_fives] = f->form == F_REGULAR && f->pair >= 0 && every_group(f, a_five);
    n[P_big_three_winds] = d.wind_pungs == 3;
    n[P_reversible] = tiles_within(f, REVERSIBLE_MASK);
    n[P_all_types] = d.n_suits == 3 && winds_held && dragons_held;
    n[P_melded_hand] = f->melds_exposed == 4 && !sd && f->n_concealed == 2 && f->pair == f->win;
    n[P_two_dragon_pungs] = d.dragon_pungs == 2;
    n[P_fully_concealed] = concealed && sd;
    n[P_concealed_discard] = concealed && !sd;
    n[P_last_tile] = f->fourth_tile;
    n[P_dragon_pung] = d.dragon_pungs;
    n[P_prevalent_wind_pung] = f->prevalent >= 0 && is_wind(f->prevalent) && pung_at[f->prevalent];
    n[P_seat_wind_pung] = f->seat >= 0 && is_wind(f->seat) && pung_at[f->seat];
    n[P_mcr_all_chows] = ((f->form == F_REGULAR && d.chows == 4)
                          || (f->form == F_KNITTED_STRAIGHT && d.chows == 1))
                         && f->pair >= 0 && !honour(f->pair);
    n[P_tile_hog] = hogs;
    n[P_terminal_pung] = terminal_pungs(f, &d);
    n[P_one_voided_suit] = d.n_suits == 2;
    n[P_no_honours] = !d.honoured;
    n[P_edge_wait] = wait == 1;
    n[P_closed_wait] = wait == 2;
    n[P_single_wait] = wait == 3;
    n[P_five_concealed_pungs] = cp == 5;
    n[P_all_melded] = f->form == F_REGULAR && f->n_concealed == 2
                      && f->melds_exposed == f->n_sets && !sd;
    n[P_all_concealed_pungs] = d.all_pungs && !exposed_sets && (sd || d.wait_pair);
    n[P_earthly_draw] = first && sd && !dealer;
    n[P_human] = first && !sd && !dealer;
    n[P_full_flush_seven_pairs] = f->form == F_SEVEN_PAIRS && d.full_flush;
    n[P_kong_on_kong] = f->kong_on_kong && f->kong_replacement && sd;
    n[P_identical_chows] = pairs_twice == 1;
    n[P_identical_chows_twice] = pairs_twice >= 2;
    n[P_one_suit_straight] = one_suit_straight;
    n[P_same_chow_three_suits] = same_chow;
    n[P_same_pung_three_suits] = same_pung;
    n[P_outside_with_honours] = outside && d.honoured && d.chows > 0;
    n[P_pure_outside] = outside && !d.honoured && d.chows > 0;
    n[P_nine_gates_any] = nine_gates(f, &d, -1);
    n[P_all_claimed] = f->form == F_REGULAR && f->melds_exposed == 4 && !sd
                       && f->n_concealed == 2 && f->pair == f->win;
    n[P_closed_five] = f->win >= 0 && !honour(f->win) && num(f->win) == 5 && d.wait_closed;
    n[P_joker_flower] = f->flowers;
}

/* ---- the module functions ---- */

PyObject *core_pattern_keys(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *out = PyTuple_New(N_PATTERNS);
    if (out == NULL)
        return NULL;
    for (int k = 0; k < N_PATTERNS; k++) {
        PyObject *s = PyUnicode_FromString(KEYS[k]);
        if (s == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, k, s);
    }
    return out;
}

static PyObject *choose_lines(const Facts *f, const int *n, PyObject *card);

PyObject *patterns_choose(const Facts *f, PyObject *card)
{
    int n[N_PATTERNS] = {0};
    facts_evaluate(f, n);
    return choose_lines(f, n, card);
}

PyObject *core_pattern_bits(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *hand, *win, *card = NULL;
    if (!PyArg_ParseTuple(args, "OO|O", &hand, &win, &card))
        return NULL;
    Facts f;
    int ok = facts_read(hand, win, &f);
    if (ok < 0)
        return NULL;
    if (ok == 0)
        Py_RETURN_NOTIMPLEMENTED;
    int n[N_PATTERNS] = {0};
    facts_evaluate(&f, n);
    if (card != NULL)
        return choose_lines(&f, n, card);
    uint64_t low = 0, high = 0;
    int many = 0;
    for (int k = 0; k < N_PATTERNS; k++) {
        if (n[k] > 0) {
            if (k < 64)
                low |= 1ULL << k;
            else
                high |= 1ULL << (k - 64);
        }
        many += n[k] > 1;
    }
    PyObject *bits = NULL, *extra = NULL;
    if (high) {
        PyObject *h = PyLong_FromUnsignedLongLong(high), *l = PyLong_FromUnsignedLongLong(low);
        PyObject *shift = PyLong_FromLong(64);
        PyObject *hs = h && shift ? PyNumber_Lshift(h, shift) : NULL;
        bits = hs && l ? PyNumber_Or(hs, l) : NULL;
        Py_XDECREF(h);
        Py_XDECREF(l);
        Py_XDECREF(shift);
        Py_XDECREF(hs);
    } else
        bits = PyLong_FromUnsignedLongLong(low);
    if (bits == NULL)
        return NULL;
    if (!many)
        extra = Py_NewRef(empty_extra);
    else {
        extra = PyTuple_New(many);
        for (int k = 0, j = 0; extra != NULL && k < N_PATTERNS; k++) {
            if (n[k] <= 1)
                continue;
            PyObject *row = Py_BuildValue("(ii)", k, n[k]);
            if (row == NULL)
                Py_CLEAR(extra);
            else
                PyTuple_SET_ITEM(extra, j++, row);
        }
    }
    if (extra == NULL) {
        Py_DECREF(bits);
        return NULL;
    }
    PyObject *out = PyTuple_Pack(2, bits, extra);
    Py_DECREF(bits);
    Py_DECREF(extra);
    return out;
}

/* ---- relations: patterns made of several sets together (一般高, 三同刻 …) ---- */

/* The relations, in the order of RELATIONS in patterns.py: arity, kind (chow 1, pung 0), test. */
enum { R_SAME_TILE, R_MIXED_SAME, R_SHORT, R_TERMINAL, R_SHIFTED_1_2, R_SHIFTED_1, R_STRAIGHT };
typedef struct {
    const char *key;
    int arity, chow, test, suits; /* suits: 1 one suit, 2 all different, 0 either */
} Relation;
static const Relation RELATIONS[] = {
    {"pure_double_chow", 2, 1, R_SAME_TILE, 0},
    {"mixed_double_chow", 2, 1, R_MIXED_SAME, 2},
    {"short_straight", 2, 1, R_SHORT, 1},
    {"two_terminal_chows", 2, 1, R_TERMINAL, 1},
    {"pure_triple_chow", 3, 1, R_SAME_TILE, 0},
    {"mixed_triple_chow", 3, 1, R_MIXED_SAME, 2},
    {"pure_shifted_chows", 3, 1, R_SHIFTED_1_2, 1},
    {"mixed_shifted_chows", 3, 1, R_SHIFTED_1, 2},
    {"pure_straight_chows", 3, 1, R_STRAIGHT, 1},
    {"mixed_straight", 3, 1, R_STRAIGHT, 2},
    {"quadruple_chow", 4, 1, R_SAME_TILE, 0},
    {"four_shifted_chows", 4, 1, R_SHIFTED_1_2, 1},
    {"double_pung", 2, 0, R_MIXED_SAME, 2},
    {"triple_pung", 3, 0, R_MIXED_SAME, 2},
    {"pure_shifted_pungs", 3, 0, R_SHIFTED_1, 1},
    {"mixed_shifted_pungs", 3, 0, R_SHIFTED_1, 2},
    {"four_pure_shifted_pungs", 4, 0, R_SHIFTED_1, 1},
};
#define N_RELATIONS ((int)(sizeof RELATIONS / sizeof *RELATIONS))
#define MAX_CANDIDATES 512

/* Whether the sets' first tiles t[0..n) (suited) make relation r. */
static int relation_holds(const Relation *r, const int *t, int n)
{
    int suits = 0, distinct_suits = 0, nums[4];
    for (int i = 0; i < n; i++) {
        if (!(suits >> (t[i] / 9) & 1))
            distinct_suits++;
        suits |= 1 << (t[i] / 9);
        nums[i] = num(t[i]);
    }
    if (r->suits == 1 && distinct_suits != 1)
        return 0;
    if (r->suits == 2 && distinct_suits != n)
        return 0;
    for (int i = 1; i < n; i++) /* sort the numbers */
        for (int j = i; j > 0 && nums[j - 1] > nums[j]; j--) {
            int x = nums[j];
            nums[j] = nums[j - 1];
            nums[j - 1] = x;
        }
    int step = nums[1] - nums[0], stepped = 1;
    for (int i = 2; i < n; i++)
        stepped &= nums[i] - nums[i - 1] == step;
    switch (r->test) {
    case R_SAME_TILE:
        for (int i = 1; i < n; i++)
            if (t[i] != t[0])
                return 0;
        return 1;
    case R_MIXED_SAME:
        return stepped && step == 0;
    case R_SHORT:
        return step == 3;
    case R_TERMINAL:
        return nums[0] == 1 && nums[1] == 7;
    case R_SHIFTED_1_2:
        return stepped && (step == 1 || step == 2);
    case R_SHIFTED_1:
        return stepped && step == 1;
    case R_STRAIGHT:
        return nums[0] == 1 && nums[1] == 4 && nums[2] == 7;
    }
    return 0;
}

typedef struct {
    int value, size, rank, relation, sets[4], mask;
} Candidate;

/* The sets of a candidate relation as a tuple of their indices; NULL with a Python error set. */
static PyObject *candidate_sets(const Candidate *c)
{
    PyObject *combo = PyTuple_New(c->size);
    for (int k = 0; combo != NULL && k < c->size; k++) {
        PyObject *v = PyLong_FromLong(c->sets[k]);
        if (v == NULL)
            Py_CLEAR(combo);
        else
            PyTuple_SET_ITEM(combo, k, v);
    }
    return combo;
}

static int candidate_before(const Candidate *a, const Candidate *b)
{
    if (a->value != b->value)
        return a->value > b->value;
    if (a->size != b->size)
        return a->size > b->size;
    if (a->rank != b->rank)
        return a->rank < b->rank;
    for (int i = 0; i < a->size; i++)
        if (a->sets[i] != b->sets[i])
            return a->sets[i] < b->sets[i];
    return 0;
}

typedef struct {
    const Candidate *cands;
    int n, chosen[16], n_chosen, best[16], n_best, best_total;
} Search;

static int find(int *parent, int x)
{
    while (parent[x] != x)
        x = parent[x];
    return x;
}

/* 套算一次: the graph joining each chosen combination to its sets has no cycle. */
static int acyclic(const Search *s, const Candidate *extra)
{
    int parent[MAXS + 17];
    for (int i = 0; i < MAXS + 17; i++)
        parent[i] = i;
    for (int n = 0; n <= s->n_chosen; n++) {
        const Candidate *c = n < s->n_chosen ? &s->cands[s->chosen[n]] : extra;
        for (int k = 0; k < c->size; k++) {
            int a = find(parent, MAXS + n), b = find(parent, c->sets[k]);
            if (a == b)
                return 0;
            parent[a] = b;
        }
    }
    return 1;
}

static int fits(const Search *s, const Candidate *c)
{
    for (int n = 0; n < s->n_chosen; n++) {
        const Candidate *o = &s->cands[s->chosen[n]];
        if ((c->mask & o->mask) == c->mask || (c->mask & o->mask) == o->mask)
            return 0;
        if (o->relation == c->relation && (o->mask & c->mask))
            return 0;
    }
    return acyclic(s, c);
}

static void search(Search *s, int start, int total)
{
    if (total > s->best_total) {
        s->best_total = total;
        s->n_best = s->n_chosen;
        memcpy(s->best, s->chosen, sizeof(int) * (size_t)s->n_chosen);
    }
    if (s->n_chosen >= 16)
        return;
    for (int n = start; n < s->n; n++)
        if (fits(s, &s->cands[n])) {
            s->chosen[s->n_chosen++] = n;
            search(s, n + 1, total + s->cands[n].value);
            s->n_chosen--;
        }
}

/* The relations the sets of f make under value_of (points by relation, 0: not counted) and
 * rank_of (the card's order), chosen by the combination principles into s (its best, indices
 * into cands); 0 where there are more candidates than cands holds. */
static int choose_relations(const Facts *f, const int *value_of, const int *rank_of,
                            Candidate *cands, Search *s)
{
    int n = 0;
    for (int chow = 1; chow >= 0; chow--) {
        int pool[MAXS], size = 0;
        for (int i = 0; i < f->n_sets; i++)
            if ((f->sets[i].kind == K_CHOW) == chow && !honour(f->sets[i].t[0]))
                pool[size++] = i;
        /* every combination of 2 to 4 sets of the pool, in itertools.combinations' order */
        for (int arity = 2; arity <= 4; arity++) {
            int idx[4];
            if (arity > size)
                break;
            for (int k = 0; k < arity; k++)
                idx[k] = k;
            for (;;) {
                int tiles[4];
                for (int k = 0; k < arity; k++)
                    tiles[k] = f->sets[pool[idx[k]]].t[0];
                for (int r = 0; r < N_RELATIONS; r++) {
                    const Relation *rel = &RELATIONS[r];
                    if (!value_of[r] || rel->arity != arity || rel->chow != chow
                        || !relation_holds(rel, tiles, arity))
                        continue;
                    if (n == MAX_CANDIDATES)
                        return 0;
                    Candidate *c = &cands[n++];
                    c->value = value_of[r];
                    c->size = arity;
                    c->rank = rank_of[r];
                    c->relation = r;
                    c->mask = 0;
                    for (int k = 0; k < arity; k++) {
                        c->sets[k] = pool[idx[k]];
                        c->mask |= 1 << pool[idx[k]];
                    }
                }
                int k = arity - 1;
                while (k >= 0 && idx[k] == size - arity + k)
                    k--;
                if (k < 0)
                    break;
                idx[k]++;
                for (int j = k + 1; j < arity; j++)
                    idx[j] = idx[j - 1] + 1;
            }
        }
    }
    for (int i = 1; i < n; i++) /* insertion sort: a few dozen candidates at most */
        for (int j = i; j > 0 && candidate_before(&cands[j], &cands[j - 1]); j--) {
            Candidate x = cands[j];
            cands[j] = cands[j - 1];
            cands[j - 1] = x;
        }
    Search init = {cands, n, {0}, 0, {0}, 0, 0};
    *s = init;
    search(s, 0, 0);
    return 1;
}

PyObject *core_relation_keys(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *out = PyTuple_New(N_RELATIONS);
    for (int k = 0; out != NULL && k < N_RELATIONS; k++) {
        PyObject *s = PyUnicode_FromString(RELATIONS[k].key);
        if (s == NULL)
            Py_CLEAR(out);
        else
            PyTuple_SET_ITEM(out, k, s);
    }
    return out;
}

/* combine_sets(hand, values): values a tuple of (relation, points) in the card's order; the
 * relations counted, as ((relation, (set, ...)), ...) in the order chosen, or NotImplemented. */
PyObject *core_combine_sets(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *hand, *values;
    if (!PyArg_ParseTuple(args, "OO!", &hand, &PyTuple_Type, &values))
        return NULL;
    int value_of[N_RELATIONS], rank_of[N_RELATIONS];
    for (int k = 0; k < N_RELATIONS; k++)
        value_of[k] = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(values); i++) {
        int rel, points;
        PyObject *row = PyTuple_GET_ITEM(values, i);
        if (!PyTuple_Check(row) || !PyArg_ParseTuple(row, "ii", &rel, &points)) {
            PyErr_Clear();
            Py_RETURN_NOTIMPLEMENTED;
        }
        if (rel < 0 || rel >= N_RELATIONS || points <= 0 || points > 1000000 || value_of[rel])
            Py_RETURN_NOTIMPLEMENTED;
        value_of[rel] = points;
        rank_of[rel] = (int)i;
    }
    Facts f;
    PyObject *sets = PyObject_GetAttr(hand, A_SETS);
    if (sets == NULL)
        return NULL;
    int ok = read_sets(sets, &f);
    Py_DECREF(sets);
    if (ok < 0)
        return NULL;
    if (ok == 0)
        Py_RETURN_NOTIMPLEMENTED;
    Candidate cands[MAX_CANDIDATES];
    Search s;
    if (!choose_relations(&f, value_of, rank_of, cands, &s))
        Py_RETURN_NOTIMPLEMENTED;
    PyObject *out = PyTuple_New(s.n_best);
    for (int i = 0; out != NULL && i < s.n_best; i++) {
        const Candidate *c = &cands[s.best[i]];
        PyObject *combo = candidate_sets(c);
        PyObject *row = combo == NULL ? NULL : Py_BuildValue("(iN)", c->relation, combo);
        if (row == NULL)
            Py_CLEAR(out);
        else
            PyTuple_SET_ITEM(out, i, row);
    }
    return out;
}

/* ---- a card's choice of lines (FanTable.choose) ---- */

/* A line of the card as choose_lines reads it: its pattern bit (a native pattern's, or for a
 * relation the relation's number in RELATIONS), value, place on the card, limit flag and the
 * pattern bits it replaces (128 bits: the catalogue's keys), plus for the reading its count and
 * for a relation the sets it combines (indices into sets, arity each). */
typedef struct {
    int bit, value, order, limit, relation, count, n_combos, combo_of[MAXS];
    uint64_t replaces[2];
} Line;

#define CARD_ROW 9 /* int32 per line: bit, value, order, limit, relation, 4 words of replaces */
#define MAX_LINES 160

static int replaced_has(const uint64_t *mask, int bit)
{
    return (int)(mask[bit >> 6] >> (bit & 63) & 1);
}

/* The replacements of lines[0..k) (already in the order to apply them): a replaced line
 * replaces nothing itself. */
static void replacements(Line *const *lines, int k, uint64_t *mask)
{
    mask[0] = mask[1] = 0;
    for (int i = 0; i < k; i++)
        if (!replaced_has(mask, lines[i]->bit)) {
            mask[0] |= lines[i]->replaces[0];
            mask[1] |= lines[i]->replaces[1];
        }
}

/* Stable insertion sorts of line pointers: by value, the biggest first; by place on the card. */
static void by_value(Line **lines, int k)
{
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && lines[j]->value > lines[j - 1]->value; j--) {
            Line *x = lines[j];
            lines[j] = lines[j - 1];
            lines[j - 1] = x;
        }
}

static void by_order(Line **lines, int k)
{
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && lines[j]->order < lines[j - 1]->order; j--) {
            Line *x = lines[j];
            lines[j] = lines[j - 1];
            lines[j - 1] = x;
        }
}

/* pattern_bits(hand, win, card): FanTable.choose on the core's bits. ``card`` is the bytes of
 * int32 rows (CARD_ROW each: bit, value, order, limit, relation, the four 32-bit words of the
 * replaces mask, lowest first): first the lines counted one by one (relation -1, a bit the core
 * tests) in the replacement order (the biggest value first, equal values in the card's order),
 * then the relations chosen together (their relation number in RELATIONS) in the card's order.
 * The answer is (limit, ((bit, count, sets), ...)) in the card's order, ``sets`` None for a line
 * counted one by one and the list of set combinations of a relation; NotImplemented where the
 * card is not one this reads (the caller then chooses in Python). */
static PyObject *choose_lines(const Facts *f, const int *n, PyObject *card)
{
    if (!PyBytes_Check(card) || PyBytes_GET_SIZE(card) % (CARD_ROW * 4) != 0
        || PyBytes_GET_SIZE(card) / (CARD_ROW * 4) > MAX_LINES)
        Py_RETURN_NOTIMPLEMENTED;
    int rows = (int)(PyBytes_GET_SIZE(card) / (CARD_ROW * 4));
    const unsigned char *raw = (const unsigned char *)PyBytes_AS_STRING(card);
    Line lines[MAX_LINES];
    Line *found[MAX_LINES], *joint[N_RELATIONS];
    int n_found = 0, n_joint = 0, limit = -1;
    int value_of[N_RELATIONS] = {0}, rank_of[N_RELATIONS] = {0};
    for (int r = 0; r < rows; r++) {
        int32_t v[CARD_ROW];
        memcpy(v, raw + (size_t)r * CARD_ROW * 4, sizeof v);
        Line *l = &lines[r];
        l->bit = v[0];
        l->value = v[1];
        l->order = v[2];
        l->limit = v[3] != 0;
        l->relation = v[4];
        l->replaces[0] = (uint64_t)(uint32_t)v[5] | (uint64_t)(uint32_t)v[6] << 32;
        l->replaces[1] = (uint64_t)(uint32_t)v[7] | (uint64_t)(uint32_t)v[8] << 32;
        l->n_combos = 0;
        if (l->value <= 0 || l->value > 1000000 || l->bit < 0 || l->bit >= 128)
            Py_RETURN_NOTIMPLEMENTED;
        if (l->relation >= 0) { /* a relation, chosen together with the others */
            if (l->relation >= N_RELATIONS || value_of[l->relation] || l->limit)
                Py_RETURN_NOTIMPLEMENTED;
            value_of[l->relation] = 1; /* named: the points are set after the replacements */
            joint[n_joint++] = l;
            continue;
        }
        if (l->relation != -1 || n_joint || l->bit >= N_PATTERNS)
            Py_RETURN_NOTIMPLEMENTED; /* the lines counted one by one come first */
        if (n[l->bit] > 0) {
            l->count = n[l->bit];
            found[n_found++] = l;
            if (l->limit && (limit < 0 || l->value > found[limit]->value
                             || (l->value == found[limit]->value
                                 && l->order < found[limit]->order)))
                limit = n_found - 1;
        }
    }
    if (limit >= 0) { /* a limit hand: its biggest limit line alone, no relation */
        found[0] = found[limit];
        n_found = 1;
        n_joint = 0;
    }
    uint64_t replaced[2];
    replacements(found, n_found, replaced); /* found is in the replacement order */
    Candidate cands[MAX_CANDIDATES];
    Search s;
    s.n_best = 0;
    Line *all[MAX_LINES + N_RELATIONS];
    int n_all = n_found;
    memcpy(all, found, sizeof(Line *) * (size_t)n_found);
    by_order(all, n_all);
    if (n_joint) {
        for (int j = 0; j < N_RELATIONS; j++)
            value_of[j] = 0;
        for (int j = 0; j < n_joint; j++)
            if (!replaced_has(replaced, joint[j]->bit)) {
                value_of[joint[j]->relation] = joint[j]->value;
                rank_of[joint[j]->relation] = j;
            }
        if (!choose_relations(f, value_of, rank_of, cands, &s))
            Py_RETURN_NOTIMPLEMENTED;
        /* each relation chosen joins the lines once, in the order first chosen */
        for (int i = 0; i < s.n_best; i++) {
            const Candidate *c = &cands[s.best[i]];
            Line *l = NULL;
            for (int j = 0; j < n_joint; j++)
                if (joint[j]->relation == c->relation)
                    l = joint[j];
            if (l == NULL || l->n_combos == MAXS)
                Py_RETURN_NOTIMPLEMENTED; /* neither happens: a relation's sets are disjoint */
            if (l->n_combos == 0)
                all[n_all++] = l;
            l->combo_of[l->n_combos++] = s.best[i];
        }
        if (n_all > n_found) { /* the replacements again, the relations among them */
            Line *ranked[MAX_LINES + N_RELATIONS];
            memcpy(ranked, all, sizeof(Line *) * (size_t)n_all);
            by_value(ranked, n_all);
            replacements(ranked, n_all, replaced);
            by_order(all, n_all);
        }
    }
    PyObject *out = PyTuple_New(n_all);
    int kept = 0;
    for (int i = 0; out != NULL && i < n_all; i++) {
        const Line *l = all[i];
        if (replaced_has(replaced, l->bit))
            continue;
        PyObject *sets;
        if (l->relation < 0)
            sets = Py_NewRef(Py_None);
        else {
            sets = PyList_New(l->n_combos);
            for (int k = 0; sets != NULL && k < l->n_combos; k++) {
                PyObject *combo = candidate_sets(&cands[l->combo_of[k]]);
                if (combo == NULL)
                    Py_CLEAR(sets);
                else
                    PyList_SET_ITEM(sets, k, combo);
            }
        }
        PyObject *row = sets == NULL ? NULL : Py_BuildValue(
            "(iiN)", l->bit, l->relation < 0 ? l->count : l->n_combos, sets);
        if (row == NULL)
            Py_CLEAR(out);
        else
            PyTuple_SET_ITEM(out, kept++, row);
    }
    if (out == NULL)
        return NULL;
    if (_PyTuple_Resize(&out, kept) < 0)
        return NULL;
    return Py_BuildValue("(NN)", PyBool_FromLong(limit >= 0), out);
}
