/* A reading of a winning hand as the compiled core holds it (assistant/_patterns.c reads one from
 * the Python objects and tests the catalogue's patterns on it; assistant/_riichi.c scores riichi
 * on it), and the readers that fill it. */
#ifndef ASSISTANT_READING_H
#define ASSISTANT_READING_H
#include <Python.h>

#define NT 34
#define MAXS 8  /* sets of a reading: five of a 16-tile hand, with room to spare */
#define MAXG 18 /* concealed groups: fourteen singles of 十三幺 or 全不靠 at most */
#define MAXT 9  /* tiles in one group: a knitted straight's nine */

enum { K_CHOW, K_PUNG, K_KONG, K_PAIR, K_KNITTED, K_SINGLE };
enum { F_REGULAR, F_SEVEN_PAIRS, F_ORPHANS, F_HONORS_KNITTED, F_KNITTED_STRAIGHT };

/* The keys, in bit order. Python reads them through pattern_keys() and maps each to its bit. */
#define PATTERNS(X) \
    X(chicken) X(all_chows) X(all_pungs) X(full_flush) X(half_flush) X(all_honours) \
    X(all_terminals) X(terminals_and_honours) X(half_flush_all_pungs) X(full_flush_all_pungs) \
    X(little_three_dragons) X(big_three_dragons) X(little_four_winds) X(big_four_winds) \
    X(eight_of_a_suit) X(pure_straight) X(four_in_use) X(double_eight) X(seven_pairs) \
    X(thirteen_orphans) X(nine_gates) X(root) X(kong) X(four_kongs) X(single_tile_wait) \
    X(all_pungs_pair_wait) X(all_258_pungs) X(all_258) X(outside) X(all_simples) X(concealed) \
    X(self_drawn) X(kong_flower) X(kong_discard) X(robbing_kong) X(last_tile_draw) \
    X(last_tile_discard) X(heavenly) X(earthly) X(all_green) X(seven_shifted_pairs) \
    X(four_concealed_pungs) X(three_concealed_pungs) X(two_concealed_pungs) \
    X(pure_terminal_chows) X(three_suited_terminal_chows) X(three_kongs) \
    X(two_concealed_kongs) X(concealed_and_melded_kong) X(two_melded_kongs) \
    X(concealed_kong) X(melded_kong) X(greater_honours_knitted) X(lesser_honours_knitted) \
    X(knitted_straight) X(all_even_pungs) X(upper_tiles) X(middle_tiles) X(lower_tiles) \
    X(upper_four) X(lower_four) X(all_fives) X(big_three_winds) X(reversible) X(all_types) \
    X(melded_hand) X(two_dragon_pungs) X(fully_concealed) X(concealed_discard) X(last_tile) \
    X(dragon_pung) X(prevalent_wind_pung) X(seat_wind_pung) X(mcr_all_chows) X(tile_hog) \
    X(terminal_pung) X(one_voided_suit) X(no_honours) X(edge_wait) X(closed_wait) \
    X(single_wait) X(five_concealed_pungs) X(all_melded) X(all_concealed_pungs) \
    X(earthly_draw) X(human) X(full_flush_seven_pairs) X(kong_on_kong) X(identical_chows) \
    X(identical_chows_twice) X(one_suit_straight) X(same_chow_three_suits) \
    X(same_pung_three_suits) X(outside_with_honours) X(pure_outside) X(nine_gates_any) \
    X(all_claimed) X(closed_five) X(joker_flower)

#define AS_ENUM(k) P_##k,
enum { PATTERNS(AS_ENUM) N_PATTERNS };

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

/* A set or group kind's name ("chow" ...) as K_*, -1 for anything else. */
int group_kind_of(PyObject *obj);
/* A hand form's name ("regular" ...) as F_*, -1 for anything else. */
int facts_form_of(PyObject *obj);
/* A tuple of tile codes into g (kind set by the caller); 1 read, 0 refused. */
int group_read_tiles(PyObject *tiles, Group *g);
/* A WinningHand's attributes into f: 1 read, 0 refused (NotImplemented), -1 error. */
int facts_read_hand(PyObject *hand, Facts *f);
/* A Win's flags and winds into f: 1 read, 0 refused, -1 error. */
int facts_read_win(PyObject *win, Facts *f);
/* A reading (WinningHand) and its Win into a zeroed f: 1 read, 0 refused, -1 error. */
int facts_read(PyObject *hand, PyObject *win, Facts *f);
/* Every pattern of KEYS tested on a reading: n[k] its count, 0 where absent. */
void facts_evaluate(const Facts *f, int *n);

#endif
