/* Riichi's scorer in C (assistant/_riichi.c): a hand's readings scored together under a card
 * packed once per rule set, the best one chosen and its payments settled.
 *
 * The entry for C callers is riichi_best + riichi_settle: they take the packed card (read by
 * riichi_card), the readings as the pattern reader holds them (Facts and Group of _reading.h)
 * and a RiichiContext, and touch no Python object, so a caller that has read a request in C can
 * score it without building the Python readings. core_riichi_score (declared in _patterns.h) is
 * the same for Python callers (assistant/variants/riichi.py). */
#ifndef ASSISTANT_RIICHI_H
#define ASSISTANT_RIICHI_H
#include <stdint.h>

#include "_patterns.h"
#include "_reading.h"

#define RIICHI_MAX_ROWS 64     /* lines a side of the card: the replacement masks are 64 bits */
#define RIICHI_MAX_FU 16       /* fu items of a reading: base, ron, wait, pair, five sets, tsumo */
#define RIICHI_MAX_PAYMENTS 16 /* a self-draw's three payers and their honba, the sticks */

/* The card as riichi_best reads it: each side's rows (RIICHI_ROW bytes each, see _riichi.c) and
 * the options that change the scoring, all from one packed bytes object. */
typedef struct {
    const unsigned char *rows[2]; /* [open]: the concealed side, the open side */
    int n_rows[2];
    int kazoe;          /* 13 han or more without a yakuman: 0 yakuman, 1 sanbaiman, 2 no limit */
    int kiriage, aka_dora, open_tanyao, three_player, tsumo_loss;
    int honba_ron, honba_tsumo, stick_value;
} RiichiCard;

/* What a hand's readings share: the declarations, the dora, the table. Seats are 0-3 (E S W N). */
typedef struct {
    int riichi, double_riichi, ippatsu, red_fives, nukidora;
    int dora[NT], ura[NT]; /* how many indicators point at each tile */
    int n_seats, winner, discarder; /* discarder -1: a self-draw */
    int dealer;                     /* the winner deals */
    int bonus;                      /* honba counters this winner takes (0: not the first winner) */
    int takes_sticks, n_sticks, stick_seat[4], stick_count[4]; /* in the order given */
} RiichiContext;

/* One reading: the hand's facts (shared by the readings of one decomposition: its sets, pair,
 * concealed groups and tiles as facts_read_hand fills them, the win's flags, winds and dealer as
 * facts_read_win does) and the group the winning tile completed (kind -1: none). riichi_best
 * tests a decomposition's patterns once where consecutive readings share its Facts. */
typedef struct {
    const Facts *hand;
    Group group;
} RiichiReading;

/* A reading scored: its lines kept (row of its side, han each, count), han, fu and fu items
 * (names by RIICHI_FU_NAMES' order), yakuman multiple, base points, limit (0 none, 1 mangan,
 * 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman, 6 kazoe yakuman), dora, aka, ura, nukidora. */
typedef struct {
    int n_lines, row[RIICHI_MAX_ROWS], han_each[RIICHI_MAX_ROWS], count[RIICHI_MAX_ROWS];
    int han, fu, n_fu, fu_name[RIICHI_MAX_FU], fu_value[RIICHI_MAX_FU];
    int yakuman, base, limit, dora[4], total;
} RiichiValue;

/* One payment: payer and payee seats, points, why (0 self-drawn, 1 win on a discard, 2 honba,
 * 3 riichi sticks). */
typedef struct {
    int payer, payee, amount, reason;
} RiichiPayment;

/* The card of `size` bytes read into card: 1, or 0 where the bytes are not a card. */
int riichi_card(const unsigned char *bytes, Py_ssize_t size, RiichiCard *card);
/* The best of n readings (by what the winner receives, then yakuman, han, fu; the first of
 * equals) into best: its index, -1 where none has a yaku, -2 where a card row is not one this
 * reads. */
int riichi_best(const RiichiCard *card, const RiichiReading *readings, int n,
                const RiichiContext *ctx, RiichiValue *best);
/* The payments of a hand worth best->base won by ctx->winner, self-drawn or not, with the honba
 * and the riichi sticks: how many written into out. */
int riichi_settle(const RiichiCard *card, const RiichiContext *ctx, const RiichiValue *best,
                  int self_drawn, RiichiPayment *out);

/* The readings of one decomposition (readings_of in riichi.py): one per distinct concealed pair,
 * chow or pung holding the winning tile, in Python's order of (kind, tiles), or one without a
 * group (thirteen orphans, or no such group); how many written, -1 where `room` is short. */
int riichi_readings(const Facts *f, RiichiReading *out, int room);
/* The tile an indicator points at (DORA_OF, DORA_OF_THREE in riichi.py). */
int riichi_dora_of(int t, int three_player);
/* score_riichi's answer dict for the best reading: `answer` the variant, honba, dealer and
 * assumed objects put as they are; `items` is taken (NULL: an error already set). */
PyObject *riichi_score_dict(const RiichiContext *ctx, const RiichiCard *card,
                            const RiichiValue *best, const Facts *f, const Group *group,
                            const RiichiPayment *paid, int k, PyObject *const *answer,
                            PyObject *items);
/* The hand's tiles, melds included, as a list of codes in TILES order (a score item's tiles). */
PyObject *riichi_tiles(const Facts *f);

#endif
