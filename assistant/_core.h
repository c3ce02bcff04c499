/* The engine's pieces (assistant/_core.c) that the one-call answer (assistant/_answer.c) reuses:
 * the suit tables, each form's shanten, the waits of a ready hand and the regular readings. */
#ifndef ASSISTANT_CORE_H
#define ASSISTANT_CORE_H
#include <Python.h>
#include <stdint.h>

#define NT 34
#define MAX_SETS 5
#define MAX_GROUPS (MAX_SETS + 1)

/* The forms as the core's masks, in assistant.shanten.ALL_FORMS' order. */
enum { F_REG = 1, F_SP = 2, F_TO = 4, F_HK = 8, F_KS = 16, F_ALL = 31 };

/* A reading's group as a small int: kind (0 pair, 1 pung, 2 chow) << 8 | (first tile + 1) << 2
 * | wilds in it; first tile -1 is a group of wild tiles only. */
enum { G_PAIR = 0, G_PUNG = 1, G_CHOW = 2 };
#define GROUP_KIND(g) ((g) >> 8)
#define GROUP_FIRST(g) ((((g) >> 2) & 63) - 1)
#define GROUP_WILDS(g) ((g) & 3)

/* The index 0-33 of a playing tile's code (an exact str), -1 for anything else. */
int code_index(PyObject *code);
/* The suit tables loaded (on the first call); 0, or -1 with a Python error set. */
int engine_tables(void);
/* The nine tiles of knitted sequence q (0-5, decompose.KNITTED's order): 147 258 369 of the
 * three suits in one of their six arrangements. */
const int *engine_knitted(int q);
/* The shanten of one form (F_REG ...) of the n tiles counted in c, no wild tile; 99 where the
 * form does not apply to n tiles. */
int engine_form_shanten(int form, const int *c, int n, int four);
/* The shanten of a hand of n tiles over every form, and in *tiles the tiles that improve it (a
 * ready hand's waits, those held four times aside), as assistant.waits.helpful_draws. */
int engine_waits(const int *c, int n, int four, uint64_t *tiles);
/* Every distinct reading of the regular form of counts c (no wild tile) with n_sets sets, in
 * decompose._regular's order, each sorted as decompose._sort_groups: at most `most` rows of
 * lengths[r] groups; the number found, -1 where there are more (or no memory: error set when
 * *failed). */
int engine_regular_readings(const int *c, int n_sets, int (*rows)[MAX_GROUPS], int *lengths,
                            int most, int *failed);

#endif
