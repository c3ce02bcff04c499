/* Riichi's scorer in C, part of the compiled core (assistant._core).
 *
 * riichi_yaku(hand, win, group, rows, situation, open, open_tanyao) reads one riichi reading (a
 * WinningHand of assistant/scoring/patterns.py, read by _patterns.c's reader) and answers its
 * yaku lines (on a side of the card packed by assistant/variants/riichi.py) and its fu with their
 * parts, mirroring the Python tests there.
 *
 * riichi_score(state, readings, card, context, answer) scores a whole hand in one call: it reads
 * the HandState and its Decompositions itself (each joined with the melds as winning_hands in
 * assistant/scoring/patterns.py does, no Python reading built), then every reading (one per
 * distinct group the winning tile may have completed, as readings_of in riichi.py): its lines,
 * the lines kept (replacements, yakuman alone), fu, dora, ura-dora, red fives and nukidora, han,
 * limit and base points; the best reading by what the winner receives; the payments of that hand
 * (dealer or not, self-draw or discard, honba, riichi sticks); and the answer's dict but its
 * items, which Python writes for the best reading only. The card packs both sides' lines and the
 * options once per rule set (native_card in riichi.py). riichi_best and riichi_settle
 * (_riichi.h) are the same for C callers. tests/test_riichi_native.py compares every answer with
 * the pure path's, the whole analysis as JSON. riichi_readings and riichi_score_dict are the
 * pieces riichi_answer (assistant/_answer.c) shares with riichi_score: a decomposition's readings
 * by the group of the winning tile, and the score's dict with its items given.
 *
 * Anything this does not hold (a reading the reader refuses, more readings than it keeps, a card
 * or context it cannot read) returns NotImplemented and the caller scores in Python.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_riichi.h"

static inline int num(int t) { return t % 9 + 1; }
static inline int pungish(int kind) { return kind == K_PUNG || kind == K_KONG; }

/* How a card row tests its line (Yaku in riichi.py): a catalogue pattern's bit, a fact of the
 * situation (bit `arg` of the caller's mask), or one of riichi's own tests on the reading and
 * the group the winning tile completed. */
enum { Y_PATTERN, Y_SITUATION, Y_PINFU, Y_SEAT_PUNG, Y_ROUND_PUNG, Y_SANANKOU, Y_SUUANKOU,
       Y_KOKUSHI, Y_TANYAO, N_YAKU_TESTS };
/* What a hand is made of, for the rows' gates (kinds() in riichi.py). */
enum { G_HONOUR = 1, G_TERMINAL = 2, G_SIMPLE = 4, G_CHOW = 8, G_PUNG = 16, G_SUITED = 32 };
/* The facts of how a hand was won that riichi_score's card rows name (SITUATION_CODE in
 * riichi.py); S_NEVER marks a line the card's options leave out (人和 of the other kind). */
enum { S_RIICHI, S_DOUBLE_RIICHI, S_IPPATSU, S_TSUMO, S_HAITEI, S_HOUTEI, S_RINSHAN, S_CHANKAN,
       S_TENHOU, S_CHIIHOU, S_RENHOU, S_NEVER };
#define YAKU_ROW 4     /* riichi_yaku's rows: test, argument, needs, excludes */
#define RIICHI_ROW 16  /* riichi_score's: the same four, han, yakuman, 2 spare, replaces (u64) */
#define CARD_HEAD 24   /* "RIC1", rows of each side, six option bytes, three int32 amounts */
#define MAX_HANDS 32
#define MAX_READINGS 64

#define N_FU_NAMES 11
static PyObject *FU_NAMES[N_FU_NAMES];
enum { FU_TANKI, FU_KANCHAN, FU_PENCHAN, FU_PAIR, FU_PUNG, FU_KONG, FU_BASE, FU_RON, FU_TSUMO,
       FU_OPEN_PINFU, FU_SEVEN_PAIRS };
/* Fu of a pung or kong: [terminal or honour][kong][concealed], as SET_FU in riichi.py. */
static const int SET_FU[2][2][2] = {{{2, 4}, {8, 16}}, {{4, 8}, {16, 32}}};
static PyObject *SEATS[4], *REASONS[4], *CODES[NT], *S_FROM, *S_TO, *S_AMOUNT, *S_REASON;
/* The attributes read of a HandState, its melds and its readings (Decomposition, Group). */
enum { A_CONCEALED, A_WIN_TILE, A_MELDS, A_TYPE, A_MELD_CONCEALED, A_STANDS_FOR, A_FORM, A_GROUPS,
       A_KIND, A_TILES, A_WILDS, A_SEAT_WIND, A_PREVALENT_WIND, A_FLOWER_COUNT, A_SELF_DRAWN,
       A_KONG_REPLACEMENT, A_AFTER_KONG_DISCARD, A_ROBBING_KONG, A_LAST_TILE, A_FIRST_GO_AROUND,
       A_FOURTH_TILE, A_KONG_ON_KONG, N_ATTRS };
static PyObject *ATTRS[N_ATTRS];

static int answer_init(void);

int riichi_init(void)
{
    const char *names[N_FU_NAMES] = {"tanki", "kanchan", "penchan", "pair", "pung", "kong",
                                     "base", "concealed ron", "tsumo", "open pinfu shape",
                                     "seven pairs"};
    const char *seats[4] = {"E", "S", "W", "N"};
    const char *reasons[4] = {"self-drawn", "win on a discard", "honba", "riichi sticks"};
    for (int i = 0; i < N_FU_NAMES; i++)
        if ((FU_NAMES[i] = PyUnicode_InternFromString(names[i])) == NULL)
            return -1;
    for (int i = 0; i < 4; i++)
        if ((SEATS[i] = PyUnicode_InternFromString(seats[i])) == NULL
            || (REASONS[i] = PyUnicode_InternFromString(reasons[i])) == NULL)
            return -1;
    PyObject **slots[] = {&S_FROM, &S_TO, &S_AMOUNT, &S_REASON};
    const char *keys[] = {"from", "to", "amount", "reason"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if ((*slots[i] = PyUnicode_InternFromString(keys[i])) == NULL)
            return -1;
    const char *attrs[N_ATTRS] = {"concealed", "win_tile", "melds", "type", "concealed",
                                  "stands_for", "form", "groups", "kind", "tiles", "wilds",
                                  "seat_wind", "prevalent_wind", "flower_count", "self_drawn",
                                  "kong_replacement", "after_kong_discard", "robbing_kong",
                                  "last_tile", "first_go_around", "fourth_tile", "kong_on_kong"};
    for (int i = 0; i < N_ATTRS; i++)
        if ((ATTRS[i] = PyUnicode_InternFromString(attrs[i])) == NULL)
            return -1;
    static const char *const honours[7] = {"E", "S", "W", "N", "C", "F", "P"};
    for (int t = 0; t < NT; t++) {
        char code[3] = {(char)('1' + t % 9), "mps"[t / 9 < 3 ? t / 9 : 0], 0};
        if ((CODES[t] = PyUnicode_InternFromString(t < 27 ? code : honours[t - 27])) == NULL)
            return -1;
    }
    return answer_init();
}

/* ---- one reading: its lines and fu ---- */

/* The fu parts of a regular reading beyond the base (_fu_parts in riichi.py) into names and
 * fu; returns how many. `group` is the group the winning tile completed (kind -1: none). */
static int fu_parts(const Facts *f, const Group *group, int *name, int *fu)
{
    int k = 0;
    if (group->kind >= 0 && f->win >= 0) {
        const int *t = group->t;
        if (group->kind == K_PAIR)
            name[k] = FU_TANKI, fu[k++] = 2;
        else if (group->kind == K_CHOW && group->n == 3 && t[1] == f->win)
            name[k] = FU_KANCHAN, fu[k++] = 2;
        else if (group->kind == K_CHOW && group->n == 3
                 && ((num(t[0]) == 1 && f->win == t[2]) || (num(t[0]) == 7 && f->win == t[0])))
            name[k] = FU_PENCHAN, fu[k++] = 2;
    }
    if (f->pair >= 0) {
        int valued = is_dragon(f->pair) + (f->pair == f->seat) + (f->pair == f->prevalent);
        if (valued)
            name[k] = FU_PAIR, fu[k++] = 2 * valued;
    }
    int ron_pung = !f->self_drawn && group->kind == K_PUNG;
    for (int i = 0; i < f->n_sets; i++) {
        const Group *s = &f->sets[i];
        if (!pungish(s->kind))
            continue;
        int concealed = !s->exposed;
        if (ron_pung && concealed && s->kind == K_PUNG && s->t[0] == group->t[0])
            concealed = ron_pung = 0;
        name[k] = s->kind == K_KONG ? FU_KONG : FU_PUNG;
        fu[k++] = SET_FU[terminal(s->t[0]) || honour(s->t[0])][s->kind == K_KONG][concealed];
    }
    return k;
}

/* A reading's fu (fu_with_parts in riichi.py): the total rounded up to 10, its items into name
 * and fu, their number into *n_fu; *extra gets the parts beyond the base (0: a pinfu shape). */
static int reading_fu(const Facts *f, const Group *group, int open, int *name, int *fu, int *n_fu,
                      int *extra)
{
    int k = 0, total = 0;
    *extra = 0;
    if (f->form == F_SEVEN_PAIRS) {
        name[k] = FU_SEVEN_PAIRS, fu[k++] = 25;
        total = 25;
    }
    else if (f->form != F_ORPHANS) {
        int pname[2 + MAXS], pfu[2 + MAXS];
        int m = fu_parts(f, group, pname, pfu);
        name[k] = FU_BASE, fu[k++] = 20;
        if (!open && !f->self_drawn)
            name[k] = FU_RON, fu[k++] = 10;
        for (int i = 0; i < m; i++) {
            *extra += pfu[i];
            name[k] = pname[i], fu[k++] = pfu[i];
        }
        if (f->self_drawn && (*extra || open))
            name[k] = FU_TSUMO, fu[k++] = 2;
        else if (open && !*extra)
            name[k] = FU_OPEN_PINFU, fu[k++] = 2;
        for (int i = 0; i < k; i++)
            total += fu[i];
        total = (total + 9) / 10 * 10;
    }
    *n_fu = k;
    return total;
}

/* The rows of a side (`row_size` bytes each, the first four: test, argument, needs, excludes)
 * present in the reading, in the card's order, into found and count: how many, or -1 where a
 * row is not one this reads. `patterns` holds the catalogue's counts (evaluate). */
static int reading_lines(const Facts *f, const Group *group, const int *patterns, int extra,
                         const unsigned char *rows, int n_rows, int row_size, uint64_t situation,
                         int open, int open_tanyao, int *found, int *count)
{
    int made = 0;
    for (int t = 0; t < NT; t++)
        if (f->counts[t])
            made |= honour(t) ? G_HONOUR : terminal(t) ? G_TERMINAL : G_SIMPLE;
    for (int i = 0; i < f->n_sets; i++)
        made |= f->sets[i].kind == K_CHOW ? G_CHOW : G_PUNG;
    if (made & (G_TERMINAL | G_SIMPLE))
        made |= G_SUITED;
    int concealed_pungs = 0;
    for (int i = 0; i < f->n_sets; i++)
        concealed_pungs += pungish(f->sets[i].kind) && !f->sets[i].exposed;
    if (!f->self_drawn && group->kind == K_PUNG)
        concealed_pungs--;
    int n_found = 0;
    for (int r = 0; r < n_rows; r++) {
        const unsigned char *row = rows + (size_t)r * row_size;
        int test = row[0], arg = row[1], c = 0;
        if (test >= N_YAKU_TESTS || ((test == Y_PATTERN || test == Y_TANYAO) && arg >= N_PATTERNS)
            || (test == Y_SITUATION && arg >= 64))
            return -1;
        if ((made & row[2]) != row[2] || (made & row[3]))
            continue;
        switch (test) {
        case Y_PATTERN:
            c = patterns[arg];
            break;
        case Y_SITUATION:
            c = (int)(situation >> arg & 1);
            break;
        case Y_PINFU:
            c = !open && extra == 0 && f->form == F_REGULAR;
            break;
        case Y_SEAT_PUNG:
        case Y_ROUND_PUNG: {
            int wind = test == Y_SEAT_PUNG ? f->seat : f->prevalent;
            for (int i = 0; i < f->n_sets; i++)
                c |= pungish(f->sets[i].kind) && f->sets[i].t[0] == wind;
            break;
        }
        case Y_SANANKOU:
            c = f->form == F_REGULAR && concealed_pungs == 3;
            break;
        case Y_SUUANKOU:
            c = !open && f->form == F_REGULAR && concealed_pungs == 4
                && (group->kind == K_PAIR) == arg;
            break;
        case Y_KOKUSHI:
            c = f->form == F_ORPHANS && (f->win >= 0 && f->concealed[f->win] == 2) == arg;
            break;
        case Y_TANYAO:
            c = (!open || open_tanyao) && patterns[arg] == 1;
            break;
        }
        if (c > 0) {
            found[n_found] = r;
            count[n_found++] = c;
        }
    }
    return n_found;
}

/* A (kind, tiles) group of the winning tile into g: 1 read, 0 refused. */
static int read_group(PyObject *obj, Group *g)
{
    g->kind = -1;
    if (obj == Py_None)
        return 1;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 2)
        return 0;
    g->kind = group_kind_of(PyTuple_GET_ITEM(obj, 0));
    return (g->kind == K_PAIR || g->kind == K_CHOW || g->kind == K_PUNG)
           && group_read_tiles(PyTuple_GET_ITEM(obj, 1), g) && g->n == (g->kind == K_PAIR ? 2 : 3);
}

/* riichi_yaku(hand, win, group, rows, situation, open, open_tanyao): a riichi reading's lines
 * and fu in one call. `rows` packs a side's card (open or concealed) YAKU_ROW bytes a line;
 * `situation` has bit i set where the situational line numbered i holds. The answer is
 * (((row, count), ...), fu, ((name, fu), ...)), the rows present in the card's order;
 * NotImplemented where the reading or the rows are not ones this reads. */
PyObject *core_riichi_yaku(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *hand, *win, *group_obj, *rows;
    unsigned long long situation;
    int open, open_tanyao;
    if (!PyArg_ParseTuple(args, "OOOOKpp", &hand, &win, &group_obj, &rows, &situation, &open,
                          &open_tanyao))
        return NULL;
    if (!PyBytes_Check(rows) || PyBytes_GET_SIZE(rows) % YAKU_ROW != 0
        || PyBytes_GET_SIZE(rows) / YAKU_ROW > RIICHI_MAX_ROWS)
        Py_RETURN_NOTIMPLEMENTED;
    Facts f;
    int ok = facts_read(hand, win, &f);
    if (ok < 0)
        return NULL;
    Group group;
    if (ok == 0 || !read_group(group_obj, &group))
        Py_RETURN_NOTIMPLEMENTED;
    int n[N_PATTERNS] = {0};
    facts_evaluate(&f, n);
    int name[RIICHI_MAX_FU], fu[RIICHI_MAX_FU], k, extra;
    int total = reading_fu(&f, &group, open, name, fu, &k, &extra);
    int n_rows = (int)(PyBytes_GET_SIZE(rows) / YAKU_ROW), found[RIICHI_MAX_ROWS],
        counts[RIICHI_MAX_ROWS];
    int n_found = reading_lines(&f, &group, n, extra,
                                (const unsigned char *)PyBytes_AS_STRING(rows), n_rows, YAKU_ROW,
                                situation, open, open_tanyao, found, counts);
    if (n_found < 0)
        Py_RETURN_NOTIMPLEMENTED;
    PyObject *lines = PyTuple_New(n_found), *parts = PyTuple_New(k);
    for (int i = 0; lines != NULL && i < n_found; i++) {
        PyObject *row = Py_BuildValue("(ii)", found[i], counts[i]);
        if (row == NULL)
            Py_CLEAR(lines);
        else
            PyTuple_SET_ITEM(lines, i, row);
    }
    for (int i = 0; parts != NULL && i < k; i++) {
        PyObject *row = Py_BuildValue("(Oi)", FU_NAMES[name[i]], fu[i]);
        if (row == NULL)
            Py_CLEAR(parts);
        else
            PyTuple_SET_ITEM(parts, i, row);
    }
    if (lines == NULL || parts == NULL) {
        Py_XDECREF(lines);
        Py_XDECREF(parts);
        return NULL;
    }
    return Py_BuildValue("(NiN)", lines, total, parts);
}

/* ---- a whole hand: the card, every reading, the best, the payments ---- */

static int32_t le32(const unsigned char *p)
{
    return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16
                     | (uint32_t)p[3] << 24);
}

static uint64_t le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

int riichi_card(const unsigned char *bytes, Py_ssize_t size, RiichiCard *card)
{
    if (size < CARD_HEAD || memcmp(bytes, "RIC1", 4) != 0)
        return 0;
    int nc = bytes[4], no = bytes[5];
    if (nc > RIICHI_MAX_ROWS || no > RIICHI_MAX_ROWS
        || size != CARD_HEAD + (Py_ssize_t)RIICHI_ROW * (nc + no) || bytes[6] > 2)
        return 0;
    card->n_rows[0] = nc;
    card->n_rows[1] = no;
    card->rows[0] = bytes + CARD_HEAD;
    card->rows[1] = bytes + CARD_HEAD + (size_t)RIICHI_ROW * nc;
    card->kazoe = bytes[6];
    card->kiriage = bytes[7] != 0;
    card->aka_dora = bytes[8] != 0;
    card->open_tanyao = bytes[9] != 0;
    card->three_player = bytes[10] != 0;
    card->tsumo_loss = bytes[11] != 0;
    card->honba_ron = le32(bytes + 12);
    card->honba_tsumo = le32(bytes + 16);
    card->stick_value = le32(bytes + 20);
    if (card->honba_ron < 0 || card->honba_tsumo < 0 || card->stick_value < 0)
        return 0;
    for (int side = 0; side < 2; side++)
        for (int r = 0; r < card->n_rows[side]; r++) {
            const unsigned char *row = card->rows[side] + (size_t)r * RIICHI_ROW;
            if (row[0] >= N_YAKU_TESTS || row[4] == 0 || row[5] > 1
                || (row[0] == Y_SITUATION && row[1] > S_NEVER)
                || ((row[0] == Y_PATTERN || row[0] == Y_TANYAO) && row[1] >= N_PATTERNS))
                return 0;
        }
    return 1;
}

/* The situational facts that hold (bits by S_*), from the declarations and the win. */
static uint64_t situation_of(const Facts *f, const RiichiContext *ctx)
{
    int first = f->first_go_around;
    uint64_t facts = (uint64_t)(ctx->riichi && !ctx->double_riichi) << S_RIICHI
        | (uint64_t)(ctx->double_riichi != 0) << S_DOUBLE_RIICHI
        | (uint64_t)(ctx->ippatsu != 0) << S_IPPATSU
        | (uint64_t)(f->self_drawn != 0) << S_TSUMO
        | (uint64_t)(f->last_tile && f->self_drawn) << S_HAITEI
        | (uint64_t)(f->last_tile && !f->self_drawn) << S_HOUTEI
        | (uint64_t)(f->kong_replacement != 0) << S_RINSHAN
        | (uint64_t)(f->robbing_kong != 0) << S_CHANKAN
        | (uint64_t)(first && f->dealer && f->self_drawn) << S_TENHOU
        | (uint64_t)(first && !f->dealer && f->self_drawn) << S_CHIIHOU
        | (uint64_t)(first && !f->dealer && !f->self_drawn) << S_RENHOU;
    return facts;
}

static int round_up(int points) { return (points + 99) / 100 * 100; }

/* base_points in riichi.py: the base points of han and fu (or a yakuman multiple) and the limit
 * (code as RiichiValue.limit). */
static int base_points(const RiichiCard *card, int han, int fu, int yakuman, int *limit)
{
    static const int least[5] = {13, 11, 8, 6, 5}, bases[5] = {8000, 6000, 4000, 3000, 2000},
                     names[5] = {5, 4, 3, 2, 1};
    if (yakuman) {
        *limit = 5;
        return 8000 * (yakuman < 6 ? yakuman : 6);
    }
    if (han >= 13) {
        if (card->kazoe == 0) {
            *limit = 6;
            return 8000;
        }
        if (card->kazoe == 1) {
            *limit = 4;
            return 6000;
        }
        if (han >= 26) {
            *limit = 6;
            return 8000 * (han / 13 < 6 ? han / 13 : 6);
        }
    }
    for (int i = 0; i < 5; i++)
        if (han >= least[i]) {
            *limit = names[i];
            return bases[i];
        }
    long base = (long)fu << (han + 2);
    if (base > 2000 || (card->kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60)))) {
        *limit = 1;
        return 2000;
    }
    *limit = 0;
    return (int)base;
}

/* shares in riichi.py, by payer: [0] the discarder, [1] the dealer, [2] each other seat. */
static void shares(int base, int dealer, int self_drawn, int *paid)
{
    paid[0] = paid[1] = paid[2] = 0;
    if (!self_drawn)
        paid[0] = round_up(base * (dealer ? 6 : 4));
    else if (dealer)
        paid[2] = round_up(base * 2);
    else {
        paid[1] = round_up(base * 2);
        paid[2] = round_up(base);
    }
}

/* One reading valued into v (value_reading in riichi.py): 1, 0 without a yaku, -1 refused. */
static int value_reading(const RiichiCard *card, const RiichiReading *r, const int *patterns,
                         uint64_t situation, const RiichiContext *ctx, RiichiValue *v)
{
    const Facts *f = r->hand;
    int open = f->melds_exposed > 0, extra, found[RIICHI_MAX_ROWS], count[RIICHI_MAX_ROWS];
    v->fu = reading_fu(f, &r->group, open, v->fu_name, v->fu_value, &v->n_fu, &extra);
    const unsigned char *rows = card->rows[open];
    int n = reading_lines(f, &r->group, patterns, extra, rows, card->n_rows[open], RIICHI_ROW,
                          situation, open, card->open_tanyao, found, count);
    if (n <= 0)
        return n;
    /* _kept: the lines others replace dropped; a yakuman hand keeps its yakuman only */
    uint64_t replaced = 0;
    int any_yakuman = 0;
    for (int i = 0; i < n; i++) {
        const unsigned char *row = rows + (size_t)found[i] * RIICHI_ROW;
        replaced |= le64(row + 8);
        any_yakuman |= row[5];
    }
    v->n_lines = v->han = v->yakuman = 0;
    for (int i = 0; i < n; i++) {
        const unsigned char *row = rows + (size_t)found[i] * RIICHI_ROW;
        if ((found[i] < 64 && (replaced >> found[i] & 1)) || (any_yakuman && !row[5]))
            continue;
        v->row[v->n_lines] = found[i];
        v->han_each[v->n_lines] = row[4];
        v->count[v->n_lines++] = count[i];
        v->han += row[4] * count[i];
        if (row[5])
            v->yakuman += row[4] / 13;
    }
    if (v->n_lines == 0)
        return 0;
    memset(v->dora, 0, sizeof v->dora);
    if (!v->yakuman) {
        int north = 30;
        for (int t = 0; t < NT; t++) {
            v->dora[0] += ctx->dora[t] * f->counts[t];
            v->dora[2] += ctx->ura[t] * f->counts[t];
        }
        v->dora[0] += ctx->nukidora * ctx->dora[north];
        v->dora[2] += ctx->nukidora * ctx->ura[north];
        if (!(ctx->riichi || ctx->double_riichi))
            v->dora[2] = 0;
        v->dora[1] = card->aka_dora ? ctx->red_fives : 0;
        v->dora[3] = ctx->nukidora;
        v->han += v->dora[0] + v->dora[1] + v->dora[2] + v->dora[3];
    }
    v->base = base_points(card, v->han, v->fu, v->yakuman, &v->limit);
    if (v->limit == 6)
        v->yakuman = card->kazoe == 2 ? (v->han / 13 > 1 ? v->han / 13 : 1) : 1;
    int paid[3], dealer = f->dealer;
    shares(v->base, dealer, f->self_drawn, paid);
    int others = ctx->n_seats - 1;
    v->total = paid[0] + paid[1] + paid[2] * (dealer ? others : others - 1);
    return 1;
}

/* The sort order of readings_of in riichi.py: the groups as Python orders (kind, tiles) tuples,
 * kind names and tile codes compared as strings. */
static int code_rank(int t)
{
    static const int HONOURS[7] = {28, 32, 33, 30, 27, 29, 31}; /* E S W N C F P among codes */
    return t < 27 ? (num(t) - 1) * 3 + t / 9 : HONOURS[t - 27];
}

static int kind_rank(int kind) { return kind == K_CHOW ? 0 : kind == K_PAIR ? 1 : 2; }

static int group_before(const Group *a, const Group *b)
{
    if (a->kind != b->kind)
        return kind_rank(a->kind) < kind_rank(b->kind);
    for (int i = 0; i < a->n && i < b->n; i++)
        if (a->t[i] != b->t[i])
            return code_rank(a->t[i]) < code_rank(b->t[i]);
    return a->n < b->n;
}

static int same_group(const Group *a, const Group *b)
{
    if (a->kind != b->kind || a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++)
        if (a->t[i] != b->t[i])
            return 0;
    return 1;
}

int riichi_readings(const Facts *f, RiichiReading *out, int room)
{
    int groups[MAXG], n_groups = 0, n = 0;
    for (int g = 0; g < f->n_groups; g++) {
        const Group *x = &f->groups[g];
        int has = 0, dup = 0;
        if (x->kind != K_PAIR && x->kind != K_CHOW && x->kind != K_PUNG)
            continue;
        for (int i = 0; i < x->n; i++)
            has |= x->t[i] == f->win;
        for (int i = 0; has && i < n_groups; i++)
            dup |= same_group(x, &f->groups[groups[i]]);
        if (has && !dup)
            groups[n_groups++] = g;
    }
    if (n_groups + 1 > room)
        return -1;
    if (f->form == F_ORPHANS || n_groups == 0)
        out[n++] = (RiichiReading){f, {.kind = -1}};
    for (int i = 1; i < n_groups; i++) /* insertion sort: a handful of groups */
        for (int j = i; j > 0 && group_before(&f->groups[groups[j]], &f->groups[groups[j - 1]]);
             j--) {
            int swap = groups[j];
            groups[j] = groups[j - 1];
            groups[j - 1] = swap;
        }
    for (int i = 0; i < n_groups; i++)
        out[n++] = (RiichiReading){f, f->groups[groups[i]]};
    return n;
}

int riichi_best(const RiichiCard *card, const RiichiReading *readings, int n,
                const RiichiContext *ctx, RiichiValue *best)
{
    int at = -1, patterns[N_PATTERNS];
    const Facts *evaluated = NULL;
    RiichiValue v;
    for (int i = 0; i < n; i++) {
        const Facts *f = readings[i].hand;
        if (f != evaluated) { /* the readings of one hand share its patterns */
            memset(patterns, 0, sizeof patterns);
            facts_evaluate(f, patterns);
            evaluated = f;
        }
        int got = value_reading(card, &readings[i], patterns, situation_of(f, ctx), ctx, &v);
        if (got < 0)
            return -2;
        if (got == 0)
            continue;
        if (at < 0 || v.total > best->total
            || (v.total == best->total && (v.yakuman > best->yakuman
                || (v.yakuman == best->yakuman && (v.han > best->han
                    || (v.han == best->han && v.fu > best->fu)))))) {
            *best = v;
            at = i;
        }
    }
    return at;
}

static void pay(RiichiPayment *out, int *k, int payer, int payee, int amount, int reason)
{
    if (amount && payer != payee) {
        out[*k] = (RiichiPayment){payer, payee, amount, reason};
        (*k)++;
    }
}

int riichi_settle(const RiichiCard *card, const RiichiContext *ctx, const RiichiValue *best,
                  int self_drawn, RiichiPayment *out)
{
    int k = 0, paid[3], winner = ctx->winner, dealer = ctx->dealer;
    shares(best->base, dealer, self_drawn, paid);
    if (self_drawn) {
        int missing = 4 - ctx->n_seats;
        if (missing && !card->tsumo_loss) {
            /* 北家折半: settle_hand in riichi.py */
            int payers = ctx->n_seats - 1;
            long empty = (long)(dealer ? 2 : 1) * best->base * missing;
            for (int who = 1; who <= 2; who++) {
                long part = (long)(who == 1 || dealer ? 2 : 1) * best->base * payers + empty;
                paid[who] = round_up((int)((part + payers - 1) / payers));
            }
        }
        for (int j = 1; j < ctx->n_seats; j++) {
            int seat = (winner + j) % ctx->n_seats;
            pay(out, &k, seat, winner, seat == 0 ? paid[1] : paid[2], 0);
            pay(out, &k, seat, winner, card->honba_tsumo * ctx->bonus, 2);
        }
    }
    else {
        pay(out, &k, ctx->discarder, winner, paid[0], 1);
        pay(out, &k, ctx->discarder, winner, card->honba_ron * ctx->bonus, 2);
    }
    if (ctx->takes_sticks)
        for (int i = 0; i < ctx->n_sticks; i++)
            pay(out, &k, ctx->stick_seat[i], winner, ctx->stick_count[i] * card->stick_value, 3);
    return k;
}

/* ---- riichi_score: the Python entry ---- */

/* The tile an indicator points at (DORA_OF, DORA_OF_THREE in riichi.py). */
int riichi_dora_of(int t, int three_player)
{
    if (t < 27) {
        if (three_player && t == 0)
            return 8;
        if (three_player && t == 8)
            return 0;
        return t / 9 * 9 + (t % 9 + 1) % 9;
    }
    if (t < 31)
        return 27 + (t - 27 + 1) % 4;
    return t == 33 ? 32 : t == 32 ? 31 : 33; /* 白 → 發 → 中 → 白 */
}

/* A list or tuple of indicator codes counted into the tiles they point at: 1, 0 refused. */
static int read_indicators(PyObject *seq, int three_player, int *out)
{
    if (!PyList_Check(seq) && !PyTuple_Check(seq))
        return 0;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyUnicode_Check(items[i]))
            return 0;
        int t = tile_index(items[i]);
        if (t < 0)
            return 0;
        out[riichi_dora_of(t, three_player)]++;
    }
    return 1;
}

/* A seat's wind ("E" …) as 0-3 within n seats; -1 for anything else. */
static int seat_of(PyObject *obj, int n_seats)
{
    if (!PyUnicode_Check(obj))
        return -1;
    int t = tile_index(obj);
    return t >= 27 && t < 27 + n_seats ? t - 27 : -1;
}

/* A small whole number (a bool refused), within [0, hi]: 1 read, 0 refused. */
static int small_int(PyObject *obj, int hi, int *out)
{
    if (!PyLong_CheckExact(obj))
        return 0;
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(obj, &overflow);
    if (overflow || v < 0 || v > hi)
        return 0;
    *out = (int)v;
    return 1;
}

/* The context tuple (_native_score in riichi.py: riichi, double riichi, ippatsu, red fives,
 * nukidora, dora and ura-dora indicators, seats, winner, discarder, honba counters taken, whether
 * the sticks are taken, the sticks by seat, whether the winner deals) into ctx: 1, 0 refused. */
static int read_context(PyObject *t, const RiichiCard *card, RiichiContext *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 14)
        return 0;
    PyObject **x = &PyTuple_GET_ITEM(t, 0);
    int flags[3];
    for (int i = 0; i < 3; i++) {
        if (!PyBool_Check(x[i]))
            return 0;
        flags[i] = x[i] == Py_True;
    }
    ctx->riichi = flags[0], ctx->double_riichi = flags[1], ctx->ippatsu = flags[2];
    if (!small_int(x[3], 1000, &ctx->red_fives) || !small_int(x[4], 1000, &ctx->nukidora)
        || !read_indicators(x[5], card->three_player, ctx->dora)
        || !read_indicators(x[6], card->three_player, ctx->ura)
        || !small_int(x[7], 4, &ctx->n_seats) || ctx->n_seats < 2
        || (ctx->winner = seat_of(x[8], ctx->n_seats)) < 0
        || !small_int(x[10], 1000000, &ctx->bonus) || !PyBool_Check(x[11])
        || !PyDict_Check(x[12]) || !PyBool_Check(x[13]))
        return 0;
    ctx->dealer = x[13] == Py_True;
    ctx->discarder = x[9] == Py_None ? -1 : seat_of(x[9], ctx->n_seats);
    if (x[9] != Py_None && (ctx->discarder < 0 || ctx->discarder == ctx->winner))
        return 0;
    ctx->takes_sticks = x[11] == Py_True;
    if (PyDict_GET_SIZE(x[12]) > 4)
        return 0;
    PyObject *seat, *count;
    Py_ssize_t pos = 0;
    while (PyDict_Next(x[12], &pos, &seat, &count)) {
        int k = ctx->n_sticks;
        if ((ctx->stick_seat[k] = seat_of(seat, ctx->n_seats)) < 0
            || !small_int(count, 1000000, &ctx->stick_count[k]))
            return 0;
        ctx->n_sticks++;
    }
    /* every amount paid fits an int: the card's int32 amounts times the counts read */
    long long sticks = 0;
    for (int i = 0; i < ctx->n_sticks; i++)
        sticks += ctx->stick_count[i];
    if ((long long)card->honba_ron * ctx->bonus > INT32_MAX
        || (long long)card->honba_tsumo * ctx->bonus > INT32_MAX
        || (long long)card->stick_value * sticks > INT32_MAX)
        return 0;
    return 1;
}

/* The payments as Ledger.to_json writes them: (payments, matrix, transfers). */
static PyObject *ledger_json(const RiichiPayment *paid, int k, int n_seats)
{
    long long net[4] = {0}, gross[4][4] = {{0}}; /* sums of int32 amounts */
    for (int i = 0; i < k; i++) {
        net[paid[i].payer] -= paid[i].amount;
        net[paid[i].payee] += paid[i].amount;
        gross[paid[i].payer][paid[i].payee] += paid[i].amount;
    }
    PyObject *payments = PyDict_New(), *matrix = PyDict_New(), *transfers = PyList_New(k);
    if (payments == NULL || matrix == NULL || transfers == NULL)
        goto fail;
    for (int a = 0; a < n_seats; a++) {
        PyObject *v = PyLong_FromLongLong(net[a]), *row = PyDict_New();
        int bad = v == NULL || row == NULL || PyDict_SetItem(payments, SEATS[a], v) < 0;
        Py_XDECREF(v);
        for (int b = 0; !bad && b < n_seats; b++) {
            if (b == a)
                continue;
            PyObject *w = PyLong_FromLongLong(gross[a][b]);
            bad = w == NULL || PyDict_SetItem(row, SEATS[b], w) < 0;
            Py_XDECREF(w);
        }
        if (bad || PyDict_SetItem(matrix, SEATS[a], row) < 0) {
            Py_XDECREF(row);
            goto fail;
        }
        Py_DECREF(row);
    }
    for (int i = 0; i < k; i++) {
        PyObject *d = Py_BuildValue("{OOOOOiOO}", S_FROM, SEATS[paid[i].payer], S_TO,
                                    SEATS[paid[i].payee], S_AMOUNT, paid[i].amount, S_REASON,
                                    REASONS[paid[i].reason]);
        if (d == NULL)
            goto fail;
        PyList_SET_ITEM(transfers, i, d);
    }
    return Py_BuildValue("(NNN)", payments, matrix, transfers);
fail:
    Py_XDECREF(payments);
    Py_XDECREF(matrix);
    Py_XDECREF(transfers);
    return NULL;
}

/* An attribute read as a truth value: 0/1, -1 with a Python error set. */
static int flag(PyObject *obj, int attr)
{
    PyObject *v = PyObject_GetAttr(obj, ATTRS[attr]);
    if (v == NULL)
        return -1;
    int out = PyObject_IsTrue(v);
    Py_DECREF(v);
    return out;
}

/* The tile codes of a list or tuple counted into counts (and listed into g where given): 1 read,
 * 0 refused. */
static int count_codes(PyObject *seq, int *counts, int *n, Group *g)
{
    if (!PyList_Check(seq) && !PyTuple_Check(seq))
        return 0;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    if (g != NULL && (len < 1 || len > MAXT))
        return 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        int t = PyUnicode_Check(items[i]) ? tile_index(items[i]) : -1;
        if (t < 0)
            return 0;
        counts[t]++;
        if (g != NULL)
            g->t[i] = t;
    }
    *n += (int)len;
    if (g != NULL)
        g->n = (int)len;
    return 1;
}

/* What a hand's readings share (winning_hands in assistant/scoring/patterns.py): the tiles held
 * and their melds, counted, the win tile, the melds as sets (into melds), the win's flags and
 * winds (Win.of); 1 read, 0 refused, -1 error. */
static int read_state(PyObject *state, int dealer, Facts *f, Group *melds, int *n_melds)
{
    PyObject *v;
    int ok, t;
    memset(f, 0, sizeof *f);
    if ((v = PyObject_GetAttr(state, ATTRS[A_CONCEALED])) == NULL)
        return -1;
    ok = count_codes(v, f->concealed, &f->n_concealed, NULL);
    Py_DECREF(v);
    if (!ok || (v = PyObject_GetAttr(state, ATTRS[A_WIN_TILE])) == NULL)
        return ok ? -1 : 0;
    t = v == Py_None ? -1 : PyUnicode_Check(v) ? tile_index(v) : -2;
    Py_DECREF(v);
    if (t < -1)
        return 0;
    f->win = t;
    if (t >= 0) {
        f->concealed[t]++;
        f->n_concealed++;
    }
    memcpy(f->counts, f->concealed, sizeof f->counts);
    f->n_tiles = f->n_concealed;
    if ((v = PyObject_GetAttr(state, ATTRS[A_MELDS])) == NULL)
        return -1;
    if (!PyList_Check(v) || PyList_GET_SIZE(v) > MAXS) {
        Py_DECREF(v);
        return 0;
    }
    *n_melds = (int)PyList_GET_SIZE(v);
    ok = 1;
    for (int i = 0; ok == 1 && i < *n_melds; i++) {
        PyObject *m = PyList_GET_ITEM(v, i), *kind = NULL, *tiles = NULL;
        Group *g = &melds[i];
        int concealed = flag(m, A_MELD_CONCEALED);
        if (concealed < 0 || (kind = PyObject_GetAttr(m, ATTRS[A_TYPE])) == NULL
            || (tiles = PyObject_GetAttr(m, ATTRS[A_STANDS_FOR])) == NULL)
            ok = -1;
        else {
            g->kind = PyUnicode_Check(kind) && PyUnicode_CompareWithASCIIString(kind, "quint") == 0
                      ? K_KONG : group_kind_of(kind);
            g->exposed = !concealed;
            f->melds_exposed += !concealed;
            ok = (g->kind == K_CHOW || g->kind == K_PUNG || g->kind == K_KONG)
                 && count_codes(tiles, f->counts, &f->n_tiles, g);
        }
        Py_XDECREF(kind);
        Py_XDECREF(tiles);
    }
    Py_DECREF(v);
    if (ok <= 0)
        return ok;
    int *slots[] = {&f->self_drawn, &f->kong_replacement, &f->after_kong_discard,
                    &f->robbing_kong, &f->last_tile, &f->first_go_around, &f->fourth_tile,
                    &f->kong_on_kong};
    for (int i = 0; i < 8; i++)
        if ((*slots[i] = flag(state, A_SELF_DRAWN + i)) < 0)
            return -1;
    f->dealer = dealer;
    f->unique_wait = 0;
    for (int i = 0; i < 2; i++) {
        if ((v = PyObject_GetAttr(state, ATTRS[i ? A_PREVALENT_WIND : A_SEAT_WIND])) == NULL)
            return -1;
        t = PyUnicode_Check(v) ? tile_index(v) : -1;
        Py_DECREF(v);
        if (t < 27 || t > 30)
            return 0;
        *(i ? &f->prevalent : &f->seat) = t;
    }
    if ((v = PyObject_GetAttr(state, ATTRS[A_FLOWER_COUNT])) == NULL)
        return -1;
    ok = small_int(v, 1000, &f->flowers);
    Py_DECREF(v);
    return ok;
}

/* One reading (a Decomposition: its form and concealed groups) joined with the melds into f, a
 * copy of the hand's shared facts: 1 read, 0 refused (a wild tile, a kind or size it does not
 * hold), -1 error. */
static int read_reading(PyObject *d, const Group *melds, int n_melds, Facts *f)
{
    PyObject *v = PyObject_GetAttr(d, ATTRS[A_FORM]);
    if (v == NULL)
        return -1;
    f->form = facts_form_of(v);
    Py_DECREF(v);
    if (f->form < 0 || (v = PyObject_GetAttr(d, ATTRS[A_GROUPS])) == NULL)
        return f->form < 0 ? 0 : -1;
    int ok = PyTuple_Check(v) && PyTuple_GET_SIZE(v) <= MAXG;
    f->n_groups = ok ? (int)PyTuple_GET_SIZE(v) : 0;
    f->n_sets = 0;
    f->pair = -1;
    for (int i = 0; ok == 1 && i < f->n_groups; i++) {
        PyObject *g = PyTuple_GET_ITEM(v, i), *kind, *tiles, *wilds;
        Group *x = &f->groups[i];
        if ((kind = PyObject_GetAttr(g, ATTRS[A_KIND])) == NULL)
            ok = -1;
        else if ((tiles = PyObject_GetAttr(g, ATTRS[A_TILES])) == NULL) {
            Py_DECREF(kind);
            ok = -1;
        }
        else {
            x->kind = group_kind_of(kind);
            x->exposed = 0;
            ok = x->kind >= 0 && x->kind != K_KONG && PyTuple_Check(tiles)
                 && group_read_tiles(tiles, x);
            Py_DECREF(kind);
            Py_DECREF(tiles);
            if (ok && (wilds = PyObject_GetAttr(g, ATTRS[A_WILDS])) == NULL)
                ok = -1;
            else if (ok) {
                int w = 1;
                ok = small_int(wilds, 0, &w) && w == 0; /* riichi plays no wild tile */
                Py_DECREF(wilds);
            }
        }
        if (ok == 1 && (x->kind == K_CHOW || x->kind == K_PUNG)) {
            if (f->n_sets >= MAXS)
                ok = 0;
            else
                f->sets[f->n_sets++] = *x;
        }
        else if (ok == 1 && x->kind == K_PAIR && f->pair < 0)
            f->pair = x->t[0];
    }
    Py_DECREF(v);
    if (ok != 1)
        return ok;
    if (f->n_sets + n_melds > MAXS)
        return 0;
    for (int i = 0; i < n_melds; i++)
        f->sets[f->n_sets++] = melds[i];
    return 1;
}

/* A list of tile codes for the tiles of counts, in the order of assistant.tiles.TILES. */
static PyObject *codes_list(const int *counts, int n)
{
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    int k = 0;
    for (int t = 0; t < NT; t++)
        for (int c = 0; c < counts[t] && k < n; c++) {
            Py_INCREF(CODES[t]);
            PyList_SET_ITEM(out, k++, CODES[t]);
        }
    return out;
}

/* The keys of the answer, in its order (score_riichi in riichi.py writes the same). */
enum { K_VARIANT, K_ITEMS, K_HAN, K_FU, K_FU_ITEMS, K_YAKUMAN, K_TOTAL, K_FAN, K_LIMIT,
       K_BASE_POINTS, K_HAND_POINTS, K_POINTS, K_UNIT, K_HONBA, K_HONBA_POINTS, K_RIICHI_STICKS,
       K_STICKS_POINTS, K_RECEIVED, K_WINNER, K_DEALER, K_HAND_FORM, K_WAIT_GROUP, K_PAYMENTS,
       K_MATRIX, K_TRANSFERS, K_ASSUMED, N_KEYS };
static const char *const KEY_NAMES[N_KEYS] = {
    "variant", "items", "han", "fu", "fu_items", "yakuman", "total", "fan", "limit",
    "base_points", "hand_points", "points", "unit", "honba", "honba_points", "riichi_sticks",
    "sticks_points", "received", "winner", "dealer", "hand_form", "wait_group", "payments",
    "matrix", "transfers", "assumed"};
/* RiichiValue.limit's names (LIMIT_OF_CODE in riichi.py; code 0, no limit, is None), the forms'
 * (assistant.shanten.Form) and the few other words of the answer. */
static const char *const LIMIT_NAMES[7] = {NULL, "mangan", "haneman", "baiman", "sanbaiman",
                                           "yakuman", "kazoe yakuman"};
static const char *const FORM_NAMES[5] = {"regular", "seven_pairs", "thirteen_orphans",
                                          "honors_and_knitted", "knitted_straight"};
static PyObject *KEYS_OF[N_KEYS], *LIMITS[7], *FORMS[5], *S_HAN, *S_NAME_EN, *S_FU;

static int answer_init(void)
{
    for (int i = 0; i < N_KEYS; i++)
        if ((KEYS_OF[i] = PyUnicode_InternFromString(KEY_NAMES[i])) == NULL)
            return -1;
    LIMITS[0] = Py_None;
    for (int i = 1; i < 7; i++)
        if ((LIMITS[i] = PyUnicode_InternFromString(LIMIT_NAMES[i])) == NULL)
            return -1;
    for (int i = 0; i < 5; i++)
        if ((FORMS[i] = PyUnicode_InternFromString(FORM_NAMES[i])) == NULL)
            return -1;
    return (S_HAN = PyUnicode_InternFromString("han")) == NULL
           || (S_NAME_EN = PyUnicode_InternFromString("name_en")) == NULL
           || (S_FU = PyUnicode_InternFromString("fu")) == NULL ? -1 : 0;
}

/* A list of the tiles' codes. */
static PyObject *group_codes(const Group *g)
{
    PyObject *out = PyList_New(g->n);
    for (int i = 0; out != NULL && i < g->n; i++) {
        Py_INCREF(CODES[g->t[i]]);
        PyList_SET_ITEM(out, i, CODES[g->t[i]]);
    }
    return out;
}

PyObject *riichi_score_dict(const RiichiContext *ctx, const RiichiCard *card,
                            const RiichiValue *best, const Facts *f, const Group *group,
                            const RiichiPayment *paid, int k, PyObject *const *answer,
                            PyObject *items)
{
    long long points = 0, honba_points = 0, sticks = 0;
    for (int i = 0; i < k; i++) {
        if (paid[i].reason == 2)
            honba_points += paid[i].amount;
        else if (paid[i].reason != 3)
            points += paid[i].amount;
    }
    for (int i = 0; i < ctx->n_sticks; i++)
        sticks += ctx->stick_count[i];
    long long stick_points = ctx->takes_sticks ? sticks * card->stick_value : 0;
    PyObject *v[N_KEYS] = {NULL}, *dict = NULL;
    PyObject *ledger = ledger_json(paid, k, ctx->n_seats);
    PyObject *fu_items = PyList_New(best->n_fu);
    for (int i = 0; fu_items != NULL && i < best->n_fu; i++) {
        PyObject *d = Py_BuildValue("{OOOi}", S_NAME_EN, FU_NAMES[best->fu_name[i]], S_FU,
                                    best->fu_value[i]);
        if (d == NULL)
            Py_CLEAR(fu_items);
        else
            PyList_SET_ITEM(fu_items, i, d);
    }
    if (ledger == NULL || fu_items == NULL || items == NULL)
        goto done;
    v[K_VARIANT] = Py_NewRef(answer[0]);
    v[K_ITEMS] = Py_NewRef(items);
    v[K_HAN] = PyLong_FromLong(best->han);
    v[K_FU] = PyLong_FromLong(best->fu);
    v[K_FU_ITEMS] = Py_NewRef(fu_items);
    v[K_YAKUMAN] = PyLong_FromLong(best->yakuman);
    v[K_TOTAL] = Py_XNewRef(v[K_HAN]);
    v[K_FAN] = Py_XNewRef(v[K_HAN]);
    v[K_LIMIT] = Py_NewRef(LIMITS[best->limit]);
    v[K_BASE_POINTS] = PyLong_FromLong(best->base);
    v[K_HAND_POINTS] = PyLong_FromLongLong(points);
    v[K_POINTS] = PyLong_FromLongLong(points + honba_points);
    v[K_UNIT] = Py_NewRef(S_HAN);
    v[K_HONBA] = Py_NewRef(answer[1]);
    v[K_HONBA_POINTS] = PyLong_FromLongLong(honba_points);
    v[K_RIICHI_STICKS] = PyLong_FromLongLong(sticks);
    v[K_STICKS_POINTS] = PyLong_FromLongLong(stick_points);
    v[K_RECEIVED] = PyLong_FromLongLong(points + honba_points + stick_points);
    v[K_WINNER] = Py_NewRef(SEATS[ctx->winner]);
    v[K_DEALER] = Py_NewRef(answer[2]);
    v[K_HAND_FORM] = Py_NewRef(FORMS[f->form]);
    v[K_WAIT_GROUP] = group->kind >= 0 ? group_codes(group) : Py_NewRef(Py_None);
    v[K_PAYMENTS] = Py_NewRef(PyTuple_GET_ITEM(ledger, 0));
    v[K_MATRIX] = Py_NewRef(PyTuple_GET_ITEM(ledger, 1));
    v[K_TRANSFERS] = Py_NewRef(PyTuple_GET_ITEM(ledger, 2));
    v[K_ASSUMED] = Py_NewRef(answer[3]);
    dict = PyDict_New();
    for (int i = 0; dict != NULL && i < N_KEYS; i++)
        if (v[i] == NULL || PyDict_SetItem(dict, KEYS_OF[i], v[i]) < 0)
            Py_CLEAR(dict);
done:
    for (int i = 0; i < N_KEYS; i++)
        Py_XDECREF(v[i]);
    Py_XDECREF(fu_items);
    Py_XDECREF(ledger);
    Py_XDECREF(items);
    return dict;
}

PyObject *riichi_tiles(const Facts *f) { return codes_list(f->counts, f->n_tiles); }

/* The answer of the best reading (score_riichi's dict, "items" None for Python to write), with
 * what Python writes the items of: (answer, ((row, han, count), ...), the tiles in order,
 * (dora, aka, ura, nukidora), limit code). `answer`: (variant, honba, dealer, assumed) as the
 * caller read them. */
static PyObject *answer_json(const RiichiContext *ctx, const RiichiCard *card,
                             const RiichiValue *best, const Facts *f, const Group *group,
                             const RiichiPayment *paid, int k, PyObject *answer)
{
    PyObject *dict = riichi_score_dict(ctx, card, best, f, group, paid, k,
                                       &PyTuple_GET_ITEM(answer, 0), Py_NewRef(Py_None));
    PyObject *lines = PyTuple_New(best->n_lines), *tiles = riichi_tiles(f);
    for (int i = 0; lines != NULL && i < best->n_lines; i++) {
        PyObject *row = Py_BuildValue("(iii)", best->row[i], best->han_each[i], best->count[i]);
        if (row == NULL)
            Py_CLEAR(lines);
        else
            PyTuple_SET_ITEM(lines, i, row);
    }
    if (dict != NULL && lines != NULL && tiles != NULL)
        return Py_BuildValue("(NNN(iiii)i)", dict, lines, tiles, best->dora[0], best->dora[1],
                             best->dora[2], best->dora[3], best->limit);
    Py_XDECREF(dict);
    Py_XDECREF(lines);
    Py_XDECREF(tiles);
    return NULL;
}

/* riichi_score(state, readings, card, context, answer): a riichi hand scored in one call.
 * `state`: its HandState (a win tile given); `readings`: its Decompositions (a list or tuple);
 * `card`: bytes packed by native_card in riichi.py; `context`: _native_score's tuple there;
 * `answer`: (variant, honba, dealer, assumed), put in the answer as they are. The result is None
 * where no reading has a yaku, else answer_json's for the best reading; NotImplemented for
 * anything this does not read. */
PyObject *core_riichi_score(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *state, *decompositions, *card_obj, *context, *answer;
    if (!PyArg_ParseTuple(args, "OOOOO", &state, &decompositions, &card_obj, &context, &answer))
        return NULL;
    RiichiCard card;
    RiichiContext ctx;
    if (!PyTuple_Check(answer) || PyTuple_GET_SIZE(answer) != 4 || !PyBytes_Check(card_obj)
        || !riichi_card((const unsigned char *)PyBytes_AS_STRING(card_obj),
                        PyBytes_GET_SIZE(card_obj), &card)
        || !read_context(context, &card, &ctx)
        || (!PyList_Check(decompositions) && !PyTuple_Check(decompositions))
        || PySequence_Fast_GET_SIZE(decompositions) > MAX_HANDS)
        Py_RETURN_NOTIMPLEMENTED;
    Py_ssize_t n_hands = PySequence_Fast_GET_SIZE(decompositions);
    PyObject **items = PySequence_Fast_ITEMS(decompositions);
    Facts shared;
    Group melds[MAXS];
    RiichiReading readings[MAX_READINGS];
    int n = 0, n_melds = 0;
    int ok = read_state(state, ctx.dealer, &shared, melds, &n_melds);
    if (ok < 0)
        return NULL;
    if (ok == 0 || shared.win < 0)
        Py_RETURN_NOTIMPLEMENTED;
    /* each reading's facts on the heap: a Python property read below may let another thread
     * run this function meanwhile */
    Facts *facts = PyMem_Malloc(sizeof(Facts) * (size_t)(n_hands ? n_hands : 1));
    if (facts == NULL)
        return PyErr_NoMemory();
    PyObject *out = NULL;
    for (Py_ssize_t h = 0; h < n_hands; h++) {
        Facts *f = &facts[h];
        *f = shared;
        if ((ok = read_reading(items[h], melds, n_melds, f)) <= 0) {
            if (ok == 0)
                out = Py_NewRef(Py_NotImplemented);
            goto done;
        }
        int got = riichi_readings(f, readings + n, MAX_READINGS - n);
        if (got < 0) {
            out = Py_NewRef(Py_NotImplemented);
            goto done;
        }
        n += got;
    }
    RiichiValue best;
    int at = riichi_best(&card, readings, n, &ctx, &best);
    if (at < 0) {
        out = Py_NewRef(at == -2 ? Py_NotImplemented : Py_None);
        goto done;
    }
    RiichiPayment paid[RIICHI_MAX_PAYMENTS];
    int k = riichi_settle(&card, &ctx, &best, shared.self_drawn, paid);
    const Facts *f = readings[at].hand;
    out = answer_json(&ctx, &card, &best, f, &readings[at].group, paid, k, answer);
done:
    PyMem_Free(facts);
    return out;
}
