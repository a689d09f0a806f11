/*
 * Three Dragons for people (core/describe.h), shared by its three variants: the four
 * mountains and three dragon caves as regions, strengths on the labels, and each move's
 * captures read from the position it makes (custodial ones are found only after it).
 */
#include <stdio.h>

#include "core/describe.h"
#include "movegen/threedragons/threedragons.h"

static int td_cells(DescCell *cells)
{
    static const char *const cave_labels[TD_CAVE_COUNT] = {
        "Dragon cave (its dragon has strength 3)", "Dragon cave (its dragon has strength 5)",
        "Dragon cave (its dragon has strength 3)"};
    for (int sq = 0; sq < TD_SQUARES; sq++) {
        describe_grid_cell(&cells[sq], td_file(sq), td_rank(sq));
        if (TD_MOUNTAINS & bb128_bit(sq)) {
            cells[sq].kind = "mountain";
            cells[sq].label = "Mountain";
        }
    }
    for (int cave = 0; cave < TD_CAVE_COUNT; cave++) {
        cells[td_cave_square(cave)].kind = "cave";
        cells[td_cave_square(cave)].label = cave_labels[cave];
    }
    return TD_SQUARES;
}

/* "White piece, strength 5"; the base game has no strengths (index 0). */
static const char *piece_name(int side, bool dragon, int strength)
{
    static const char *const names[2][2][TD_MAX_STRENGTH + 1] = {
        {{"White piece", "White piece, strength 1", "White piece, strength 2",
          "White piece, strength 3", "White piece, strength 4", "White piece, strength 5",
          "White piece, strength 6"},
         {"White dragon", "White dragon, strength 1", "White dragon, strength 2",
          "White dragon, strength 3", "White dragon, strength 4", "White dragon, strength 5",
          "White dragon, strength 6"}},
        {{"Black piece", "Black piece, strength 1", "Black piece, strength 2",
          "Black piece, strength 3", "Black piece, strength 4", "Black piece, strength 5",
          "Black piece, strength 6"},
         {"Black dragon", "Black dragon, strength 1", "Black dragon, strength 2",
          "Black dragon, strength 3", "Black dragon, strength 4", "Black dragon, strength 5",
          "Black dragon, strength 6"}}};
    return names[side][dragon][strength];
}

static int td_pieces(const void *vp, DescPiece *pieces)
{
    const TdPos *p = vp;
    int n = 0;
    for (int sq = 0; sq < TD_SQUARES; sq++)
        for (int side = P1; side <= P2; side++) {
            if (!(p->men[side] & bb128_bit(sq)))
                continue;
            /* a dragon is told from a piece only while it stands on its cave */
            bool dragon = (TD_CAVES & bb128_bit(sq)) != 0;
            int strength = td_strength_at(p, sq);
            DescPiece *d = &pieces[n++];
            *d = (DescPiece){.cell = sq,
                             .side = side,
                             .kind = dragon ? "dragon" : "piece",
                             .name = piece_name(side, dragon, strength),
                             .label = {side == P1 ? 'P' : 'p'}};
            if (strength)
                d->label[1] = (char)('0' + strength);
        }
    return n;
}

static void td_describe_move(const void *vp, Move m, DescMove *d)
{
    const TdPos *p = vp;
    TdPos after;
    td_make_move(p, m, &after);
    char sq_text[DESCRIBE_NAME_MAX];
    size_t n = describe_grid_step(d, TD_FILES, td_move_from(m), td_move_to(m), '-');
    Bb128 taken = p->men[!p->side] & ~after.men[!p->side];
    for (Bb128 t = taken; t;) {
        int sq = bb128_pop_lsb(&t);
        describe_touch(d->captured, &d->captured_count, sq);
        describe_grid_name(TD_FILES, sq, sq_text);
        n += (size_t)snprintf(d->text + n, sizeof d->text - n, "%s%s",
                              sq == d->captured[0] ? ", captures " : " ", sq_text);
    }
    if (td_move_victim(m) >= 0)
        n += (size_t)snprintf(d->text + n, sizeof d->text - n, " by strength");
    /* a tamed dragon appears on its cave: the cave turns into the mover's piece */
    for (int cave = 0; cave < TD_CAVE_COUNT; cave++) {
        if ((after.tamed & ~p->tamed) & (1u << cave)) {
            describe_touch(d->converted, &d->converted_count, td_cave_square(cave));
            describe_grid_name(TD_FILES, td_cave_square(cave), sq_text);
            n += (size_t)snprintf(d->text + n, sizeof d->text - n, ", tames the dragon of %s",
                                  sq_text);
        }
    }
}

/* result() ends the game when a side is down to one piece (or none). */
static void td_verdict(const void *vp, GameOverReason why, Verdict *v)
{
    const TdPos *p = vp;
    if (!describe_rules_win(why, v))
        return;
    int left = bb128_popcount(p->men[!v->winner]);
    describe_words(v, "one piece left", "%s wins: %s has %s", describe_colour(v->winner, true),
                   describe_colour(!v->winner, true),
                   left ? "only one piece left" : "no piece left");
}

#define TD_DESCRIPTION_HOOKS                                                                       \
    .width = TD_FILES, .height = TD_RANKS, .cells = td_cells, .pieces = td_pieces,                 \
    .move = td_describe_move, .verdict = td_verdict

#define TD_LEGEND_REGIONS                                                                          \
    "M   mountain: no piece enters or crosses it; a partner in custodial capture\n"                \
    "C   dragon cave: no piece enters or crosses it; a partner in custodial capture\n"             \
    ".   empty square\n"

const GameDescription threedragons_description = {
    TD_DESCRIPTION_HOOKS,
    .legend = "P   white piece\n"
              "p   black piece\n" TD_LEGEND_REGIONS,
};

const GameDescription threedragons_strength_description = {
    TD_DESCRIPTION_HOOKS,
    .legend = "P4  white piece; the digit is its strength (1-6)\n"
              "p4  black piece; the digit is its strength (1-6)\n" TD_LEGEND_REGIONS,
};

const GameDescription threedragons_dragons_description = {
    TD_DESCRIPTION_HOOKS,
    .legend = "P4  white piece; the digit is its strength (1-6)\n"
              "p4  black piece; the digit is its strength (1-6)\n"
              "    a piece on c5, e5 or g5 is a tamed dragon on its cave\n" TD_LEGEND_REGIONS,
};
