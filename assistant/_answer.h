/* analyze of a complete MCR hand in one call (assistant/_answer.c), registered by the core. */
#ifndef ASSISTANT_ANSWER_H
#define ASSISTANT_ANSWER_H
#include <Python.h>

/* mcr_setup(setup): what MCR's answer holds fixed, handed over once (assistant/one_call.py). */
PyObject *core_mcr_setup(PyObject *self, PyObject *setup);
/* mcr_answer(data): analyze(data, "mcr")'s whole answer, or NotImplemented. */
PyObject *core_mcr_answer(PyObject *self, PyObject *data);

/* riichi_setup(setup): what riichi's answer holds fixed, handed over once (one_call.py). */
PyObject *core_riichi_setup(PyObject *self, PyObject *setup);
/* riichi_answer(data, card): analyze(data)'s whole answer to a complete riichi hand scored on
 * the packed card, or NotImplemented. */
PyObject *core_riichi_answer(PyObject *self, PyObject *args);

#endif
