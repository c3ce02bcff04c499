/* The scoring catalogue's predicates (assistant/_patterns.c), registered by the core's module. */
#ifndef ASSISTANT_PATTERNS_H
#define ASSISTANT_PATTERNS_H
#include <Python.h>

#include "_reading.h"

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
 * present and its fu with their parts, or NotImplemented (assistant/_riichi.c). */
PyObject *core_riichi_yaku(PyObject *self, PyObject *args);
/* riichi_score(state, readings, card, context, answer): a riichi hand scored on all its readings
 * in one call (assistant/_riichi.c), or NotImplemented. */
PyObject *core_riichi_score(PyObject *self, PyObject *args);
/* Interns riichi's names (assistant/_riichi.c); 0, or -1 with a Python error set. */
int riichi_init(void);

#endif
