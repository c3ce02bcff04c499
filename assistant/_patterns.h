/* The scoring catalogue's predicates (assistant/_patterns.c), registered by the core's module. */
#ifndef ASSISTANT_PATTERNS_H
#define ASSISTANT_PATTERNS_H
#include <Python.h>

#define NT 34
#define MAXS 8  /* sets of a reading: five of a 16-tile hand, with room to spare */
#define MAXG 18 /* concealed groups: fourteen singles of 十三幺 or 全不靠 at most */
#define MAXT 9  /* tiles in one group: a knitted straight's nine */

enum { K_CHOW, K_PUNG, K_KONG, K_PAIR, K_KNITTED, K_SINGLE };
enum { F_REGULAR, F_SEVEN_PAIRS, F_ORPHANS, F_HONORS_KNITTED, F_KNITTED_STRAIGHT };

typedef struct {
    int kind, n, t[MAXT], exposed;
} Group;

/* One reading with its win, as the predicates ask it. A tile is its index 0..33 (1m..9m, 1p..9p,
 * 1s..9s, E S W N C F P); -1 stands for None. */
typedef struct {
    int form, counts[NT], concealed[NT], n_tiles, n_sets, pair, win, n_groups, n_concealed, melds_exposed;
    Group sets[MAXS], groups[MAXG];
    int self_drawn, kong_replacement, after_kong_discard, robbing_kong, last_tile;
    int first_go_around, dealer, seat, prevalent, fourth_tile, unique_wait, kong_on_kong, flowers;
} Facts;

/* What a tile index is: an honour, a 1 or 9 of a suit, a wind, a dragon. */
static inline int honour(int t) { return t >= 27; }
static inline int terminal(int t) { return t >= 0 && t < 27 && (t % 9 == 0 || t % 9 == 8); }
static inline int is_wind(int t) { return t >= 27 && t <= 30; }
static inline int is_dragon(int t) { return t >= 31; }

/* A playing tile's code (a str) as its index 0-33 in assistant.tiles.TILES, -1 for any other
 * string. */
int tile_index(PyObject *code);
/* Interns the attribute names the reader asks for; 0, or -1 with a Python error set. */
int patterns_init(void);
/* pattern_keys(): the keys of the patterns, in the order of their bits. */
PyObject *core_pattern_keys(PyObject *self, PyObject *unused);
/* pattern_bits(hand, win): (bits, ((bit, count), ...)), or NotImplemented; pattern_bits(hand,
 * win, card): a FanTable card's choice of lines for the reading (choose_lines in _patterns.c). */
PyObject *core_pattern_bits(PyObject *self, PyObject *args);
/* relation_keys(): the relations combine_sets chooses among, in the order of their numbers. */
PyObject *core_relation_keys(PyObject *self, PyObject *unused);
/* combine_sets(hand, ((relation, points), ...)): ((relation, (set, ...)), ...) counted. */
PyObject *core_combine_sets(PyObject *self, PyObject *args);
/* A card's choice of lines (FanTable.choose) for a reading already read into facts: what
 * pattern_bits(hand, win, card) answers. */
PyObject *patterns_choose(const Facts *f, PyObject *card);
/* riichi_yaku(hand, win, group, rows, situation, open, open_tanyao): a riichi reading's yaku rows
 * present and its fu with their parts, or NotImplemented. */
PyObject *core_riichi_yaku(PyObject *self, PyObject *args);

#endif
