/*
 * Dragon Face evaluation, from the side to move's point of view.
 *
 * A capture converts: the victim leaves one side and joins the other, so every capture
 * swings material by twice the victim's value, and pieces that can be captured next ply
 * weigh heavily. Terms, per side:
 * - material: Ambassadors in the Territories, free ones in the Zone (one move from
 *   play), trapped ones (worth something only through a revival), Governors in the
 *   Territories and the stuck ones in the Zone (they only block landings);
 * - mobility: quiet moves of Ambassadors and of the Emperor;
 * - advance: Governors' progress toward the revival line, worth more while the side has
 *   a trapped Ambassador to revive;
 * - emperor: the Emperor's safety. Directions in which the enemy can capture it now, and
 *   neighbour squares an enemy piece can step or slide onto with the square beyond the
 *   Emperor empty (a capture one move away);
 * - hanging: pieces the other side could capture on its next ply (the piece converted on
 *   the previous ply excepted), a bigger share for the side not to move, since the side to
 *   move can take one at once.
 * If the side to move can capture the enemy Emperor, that outweighs everything.
 */
#include "eval/dragonface.h"

#include <stdio.h>

#include "core/eval_table.h"
#include "movegen/dragonface/dragonface.h"
#include "nnue/embed.h"
#include "nnue/nnue.h"

enum {
    DF_VAL_GOVERNOR = 100, /* margin_unit: one ordinary man */
    DF_VAL_AMBASSADOR = 450,
    DF_VAL_FREE = 400,
    DF_VAL_TRAPPED = 110,
    DF_VAL_ZONE_GOVERNOR = 15,
    DF_VAL_EMPEROR_HANGING = 1500, /* stands for the Emperor in the hanging term */
    DF_MOBILITY_AMBASSADOR = 4,    /* per quiet move */
    DF_MOBILITY_EMPEROR = 3,
    DF_ADVANCE_STEP = 3,           /* times ranks advanced squared */
    DF_ADVANCE_REVIVAL = 5,        /* same again while an Ambassador waits to be revived */
    DF_EMPEROR_ATTACKED = 250,     /* per direction the enemy can capture it next ply */
    DF_EMPEROR_EXPOSED = 40,       /* per neighbour square an enemy can reach with room beyond */
    DF_HANGING_TO_MOVE_PCT = 15,   /* share of a hanging piece's value, side to move */
    DF_HANGING_WAITING_PCT = 35,   /* same, side not to move */
    DF_EMPEROR_CAPTURE_NOW = 5000, /* the side to move can take the enemy Emperor */
    DF_TEMPO = 10,
};

typedef struct DfTerms {
    int material, mobility, advance, emperor, hanging;
} DfTerms;

static int value_of(const DfPos *p, Bb128 pieces)
{
    Bb128 zone = pieces & DF_ZONE, terr = pieces & DF_TERR;
    Bb128 gov = df_governors(p);
    return bb128_popcount(terr & p->amb) * DF_VAL_AMBASSADOR +
           bb128_popcount(terr & gov) * DF_VAL_GOVERNOR +
           bb128_popcount(terr & p->emp) * DF_VAL_EMPEROR_HANGING +
           bb128_popcount(zone & p->free) * DF_VAL_FREE +
           bb128_popcount(zone & p->amb & ~p->free) * DF_VAL_TRAPPED +
           bb128_popcount(zone & gov) * DF_VAL_ZONE_GOVERNOR;
}

static int material_of(const DfPos *p, int player) { return value_of(p, p->occ[player] & ~p->emp); }

/* Squares `player` could move to without capturing, and the count of such moves. */
static Bb128 quiet_reach(const DfPos *p, int player, const Bb128 reach[DF_DIRS], int *amb_moves,
                         int *emp_moves)
{
    Bb128 own = p->occ[player], open = DF_TERR & ~(own | p->occ[!player]);
    Bb128 emperor = own & p->emp, all_reach = 0;
    *amb_moves = *emp_moves = 0;
    for (int d = 0; d < DF_DIRS; d++) {
        Bb128 slide = reach[d] & open, step = df_shift(emperor, d) & open;
        *amb_moves += bb128_popcount(slide);
        *emp_moves += bb128_popcount(step);
        all_reach |= slide | step;
    }
    Bb128 gov = own & ~p->emp & ~p->amb & DF_TERR;
    const int *fwd = df_forward(player);
    for (int i = 0; i < 3; i++)
        all_reach |= df_shift(gov, fwd[i]) & open;
    return all_reach;
}

static int advance_of(const DfPos *p, int player)
{
    Bb128 gov = df_governors(p) & p->occ[player] & DF_TERR;
    bool waiting = (p->occ[player] & p->amb & DF_ZONE & ~p->free) != 0;
    int per_step = DF_ADVANCE_STEP + (waiting ? DF_ADVANCE_REVIVAL : 0);
    int sum = 0;
    while (gov) {
        int rank = bb128_pop_lsb(&gov) / DF_FILES;
        /* Governors start on rank 3 (light) or 7 (dark): steps made from there. */
        int steps = player == P1 ? rank - 2 : 6 - rank;
        if (steps > 0)
            sum += steps * steps;
    }
    return sum * per_step;
}

/* Directions in which `attackers` can capture the Emperor of `player` on their next ply,
 * and neighbour squares they can reach with the square beyond the Emperor empty. */
static int emperor_safety(const DfPos *p, int player, Bb128 enemy_targets, Bb128 enemy_reach)
{
    Bb128 emperor = p->occ[player] & p->emp;
    if (!emperor)
        return 0;
    Bb128 empty = DF_BOARD & ~(p->occ[P1] | p->occ[P2]);
    int exposed = 0;
    for (int d = 0; d < DF_DIRS; d++) {
        Bb128 beyond = df_shift(emperor, d) & empty;
        Bb128 near = df_shift(emperor, df_opposite(d)) & empty & enemy_reach;
        exposed += beyond && near;
    }
    int attacked = (enemy_targets & emperor) ? 1 : 0;
    return -(attacked * DF_EMPEROR_ATTACKED + exposed * DF_EMPEROR_EXPOSED);
}

static void terms_of(const DfPos *p, DfTerms t[2])
{
    int stm = p->side;
    Bb128 slides[2][DF_DIRS], targets[2], reach[2];
    int amb_moves[2], emp_moves[2];
    for (int pl = 0; pl < 2; pl++) {
        df_slide_reach(p, pl, slides[pl]);
        targets[pl] = df_capture_targets(p, pl, slides[pl], pl == stm ? df_immune_bb(p) : 0);
        reach[pl] = quiet_reach(p, pl, slides[pl], &amb_moves[pl], &emp_moves[pl]);
    }
    for (int pl = 0; pl < 2; pl++) {
        t[pl].material = material_of(p, pl);
        t[pl].mobility =
            amb_moves[pl] * DF_MOBILITY_AMBASSADOR + emp_moves[pl] * DF_MOBILITY_EMPEROR;
        t[pl].advance = advance_of(p, pl);
        t[pl].emperor = emperor_safety(p, pl, targets[!pl], reach[!pl]);
        int pct = pl == stm ? DF_HANGING_TO_MOVE_PCT : DF_HANGING_WAITING_PCT;
        t[pl].hanging = -value_of(p, targets[!pl] & p->occ[pl]) * pct / 100;
    }
    if (targets[stm] & p->occ[!stm] & p->emp)
        t[stm].emperor += DF_EMPEROR_CAPTURE_NOW;
}

static int total(DfTerms t) { return t.material + t.mobility + t.advance + t.emperor + t.hanging; }

static Score dragonface_hand_evaluate(const void *vp)
{
    const DfPos *p = vp;
    DfTerms t[2];
    terms_of(p, t);
    return total(t[p->side]) - total(t[!p->side]) + DF_TEMPO;
}

/* ---- the learned evaluation's inputs ------------------------------------------------ *
 * From one side's view, the mat turned (rank r <-> 10 - r) for dark, which maps the
 * Territories, the Zone, the Governors' start rows and the revival rows onto themselves:
 *   (side * DF_NET_KINDS + kind) * 99 + square, side 0 the perspective's, 1 the enemy's,
 *   kind: Emperor; Ambassador (in the Territories, or trapped in the Zone); free
 *   Ambassador (in the Zone on its Governor); Governor with its two-square right;
 *   Governor without it (moved, converted, or stuck in the Zone);
 *   then 990 + square: the piece converted on the previous ply, immune for this one.
 * A conversion moves one piece between the two sides' inputs; the Zone needs no inputs of
 * its own, for its squares are squares like the others. */
enum {
    DF_NET_EMPEROR,
    DF_NET_AMBASSADOR,
    DF_NET_FREE,
    DF_NET_RIGHT,
    DF_NET_GOVERNOR,
    DF_NET_KINDS,
    DF_NET_IMMUNE = 2 * DF_NET_KINDS * DF_SQUARES,
    DF_NET_INPUTS = DF_NET_IMMUNE + DF_SQUARES,
    DF_NET_PLANES = DF_NET_INPUTS / DF_SQUARES,
    DF_NET_MAX_ACTIVE = 2 * (1 + 6 + 7) + 1, /* every piece, and the immune one */
    DF_NET_HIDDEN = 128,
};

/* The inputs as boards: (side * DF_NET_KINDS + kind), then the immune piece's. */
static int df_net_planes(const void *pos, int perspective, Bb128 *out)
{
    const DfPos *p = pos;
    /* The position's boards from the perspective's side: the dark side's turned once
     * each, rather than every kind's board. */
    Bb128 b[] = {p->occ[perspective],
                 p->occ[!perspective],
                 p->emp,
                 p->amb,
                 p->free,
                 df_rights_bb(p->rights),
                 p->immune == DF_NO_SQUARE ? 0 : bb128_bit(p->immune)};
    if (perspective)
        for (size_t i = 0; i < sizeof b / sizeof *b; i++)
            b[i] = nnue_turn128(b[i], DF_FILES, DF_RANKS);
    const Bb128 emp = b[2], amb = b[3], free = b[4], rights = b[5];
    const Bb128 governors = ~emp & ~amb;
    for (int enemy = 0; enemy < 2; enemy++) {
        const Bb128 own = b[enemy];
        Bb128 *kinds = out + enemy * DF_NET_KINDS;
        kinds[DF_NET_EMPEROR] = own & emp;
        kinds[DF_NET_AMBASSADOR] = own & amb & ~free;
        kinds[DF_NET_FREE] = own & free;
        kinds[DF_NET_RIGHT] = own & governors & rights;
        kinds[DF_NET_GOVERNOR] = own & governors & ~rights;
    }
    out[DF_NET_PLANES - 1] = b[6];
    return DF_NET_PLANES;
}

static int df_net_features(const void *pos, int perspective, uint16_t *out)
{
    Bb128 planes[DF_NET_PLANES];
    return nnue_planes_list(planes, df_net_planes(pos, perspective, planes), DF_SQUARES, out);
}

NNUE_EMBED(dragonface_net)

NnueSlot dragonface_nnue = {
    .game = "dragonface",
    .feature_count = DF_NET_INPUTS,
    .max_active = DF_NET_MAX_ACTIVE,
    .default_hidden = DF_NET_HIDDEN,
    .features = df_net_features,
    .planes = df_net_planes,
    .plane_size = DF_SQUARES,
    .side_to_move = df_side,
    .hand = dragonface_hand_evaluate,
    .embedded = NNUE_EMBEDDED(dragonface_net),
};

Score dragonface_evaluate(const void *pos) { return nnue_or_hand(&dragonface_nnue, pos); }

void dragonface_eval_terms(const void *vp, char *buf, size_t size)
{
    const DfPos *p = vp;
    DfTerms t[2];
    terms_of(p, t);
    static const char *const sides[2] = {"white", "black"};
    const DfTerms w = t[P1], b = t[P2];
    const EvalRow rows[] = {
        {"material", {w.material, b.material}, false},
        {"mobility", {w.mobility, b.mobility}, false},
        {"advance", {w.advance, b.advance}, false},
        {"emperor", {w.emperor, b.emperor}, false},
        {"hanging", {w.hanging, b.hanging}, false},
        {"sum", {total(w), total(b)}, false},
        {"tempo", {DF_TEMPO, 0}, true},
    };
    int n = eval_table_write(buf, size, sides, rows, (int)(sizeof rows / sizeof *rows),
                             dragonface_hand_evaluate(p));
    if (n >= 0 && (size_t)n < size)
        nnue_describe(&dragonface_nnue, p, buf + n, size - (size_t)n);
}
