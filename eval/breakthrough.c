/*
 * Breakthrough evaluation, from the side to move's point of view.
 *
 * Terms: men, valued by how far they stand from home and on which file (one table for
 * material, advancement and home guard); safety (men defended by a neighbour behind them,
 * men in contact with the enemy, and men attacked but not defended); mobility (steps onto
 * squares the enemy does not hold); the phalanx (men side by side); wing pressure (more
 * of our men in the enemy's half of a wing than the enemy has at home there); a bonus
 * for men on their last step that no enemy can capture; goal paths (how many goal
 * squares each side reaches how soon, walking around the enemy's attacks); and the race
 * of unstoppable runners: a man with no enemy in its forward cone can never be blocked
 * nor taken, so if it is nearer its goal than every enemy man is to theirs, the game is
 * won.
 *
 * The men table and the weights of safety, mobility, phalanx, pressure, paths and tempo
 * come from a least-squares fit of these terms, at the leaves of a capture search, to
 * deep search scores of 12,238 positions from played games (docs/breakthrough.md).
 */
#include "eval/breakthrough.h"

#include <stdio.h>

#include "nnue/embed.h"
#include "nnue/nnue.h"

#include "core/eval_table.h"
#include "movegen/breakthrough/breakthrough.h"

enum {
    BT_DEFENDED = 2,          /* per man with a friend diagonally behind it */
    BT_CONTACT = 10,          /* per man an enemy man attacks (and so can take back) */
    BT_HANGING = 26,          /* more per man attacked and not defended */
    BT_SAFE_STEP = 3,         /* per step onto an empty square the enemy does not hold */
    BT_PHALANX = 2,           /* per man with a friend beside it */
    BT_PRESSURE = 100,        /* per man more in a wing's far half than enemies at home there */
    BT_SAFE_RUNNER = 400,     /* man one step from the goal that cannot be taken */
    BT_FREE_RUNNER = 60,      /* man with no enemy in its forward cone */
    BT_FREE_RUNNER_STEP = 20, /* more per rank it has advanced */
    BT_RACE_WIN = 2000,       /* a free runner that arrives first wins */
    BT_RACE_STEP = 50,        /* less per move it still needs, so the quicker win is preferred */
    BT_TEMPO = 20,
    BT_PATHS = 550,    /* goal paths: this times w / (w + d * d) for w goal squares at d */
    BT_NO_RUNNER = 99, /* distance when there is no (free) man */
};

/* Men by rank counted from home (0 = home row) and file pair (a/h, b/g, c/f, d/e). A man
 * on its last step is valued as on the fifth rank: the runner terms and the search's
 * threat handling judge it. */
static const int bt_man_value[8][4] = {
    {100, 111, 117, 117}, {114, 119, 123, 126}, {120, 124, 125, 123}, {127, 135, 135, 134},
    {126, 128, 139, 138}, {104, 77, 66, 108},   {126, 128, 139, 138}, {126, 128, 139, 138},
};

/* Wings for the pressure term: files a-c, c-f, f-h. */
static const Bb64 bt_wings[3] = {B8_FILES_BB(0, 2), B8_FILES_BB(2, 5), B8_FILES_BB(5, 7)};

typedef struct BtTerms {
    int men, safety, mobility, pressure, runner, free_runner, paths;
    int fastest_free; /* moves the nearest free runner still needs */
    int fastest_man;  /* moves the nearest man still needs */
} BtTerms;

/* cone[player][sq]: the squares ahead of sq from which an enemy could still meet a man
 * of `player` on sq (files within the rank distance). */
static Bb64 cone[2][64];

void breakthrough_eval_init(void)
{
    for (int sq = 0; sq < 64; sq++) {
        int f = sq % 8, r = sq / 8;
        cone[P1][sq] = cone[P2][sq] = 0;
        for (int t = 0; t < 64; t++) {
            int tf = t % 8, tr = t / 8, df = tf > f ? tf - f : f - tf;
            if (tr > r && df <= tr - r)
                cone[P1][sq] |= 1ULL << t;
            if (tr < r && df <= r - tr)
                cone[P2][sq] |= 1ULL << t;
        }
    }
}

static Bb64 forward_of(Bb64 b, int player) { return player == P1 ? b << 8 : b >> 8; }

/* The squares `player`'s men attack, by diagonal: toward the a-file and toward the h-file
 * (together bt_attacks). A square in both is attacked twice. */
typedef struct BtAttacks {
    Bb64 left, right;
} BtAttacks;

static BtAttacks attacks_of(Bb64 men, int player)
{
    Bb64 a = men & ~B8_FILE_A_BB, h = men & ~B8_FILE_H_BB;
    return player == P1 ? (BtAttacks){a << 7, h << 9} : (BtAttacks){a >> 9, h >> 7};
}

/* The squares of `player`'s men that have a man of either side right in front. */
static Bb64 blocked_men(Bb64 men, Bb64 occupied, int player)
{
    return men & (player == P1 ? occupied >> 8 : occupied << 8);
}

/* Goal paths: a breadth-first walk of every man of `player` toward its goal row, where a
 * square the enemy attacks (or an own man stands on) costs one move more, and a square the
 * enemy attacks twice (or an own man that is attacked or blocked) two more. Each step d
 * that reaches w new goal squares scores BT_PATHS * w / (w + d * d): many short ways to the
 * goal are what wins. */
static int goal_paths(const BtPos *p, int player, BtAttacks theirs)
{
    Bb64 men = p->men[player], enemy = p->men[!player], occupied = men | enemy;
    Bb64 goal = player == P1 ? B8_RANK_8_BB : B8_RANK_1_BB;
    Bb64 attacked = theirs.left | theirs.right, twice = theirs.left & theirs.right;
    Bb64 slow = men | attacked;
    Bb64 slower = twice | (men & (attacked | blocked_men(men, occupied, player)));
    Bb64 front = men, hold = 0, hold2 = 0, seen = 0;
    int score = 0;
    for (int d = 0; (front | hold | hold2) && (goal & ~seen); d++) {
        int wins = bb64_popcount(goal & front);
        if (wins)
            score += BT_PATHS * wins / (wins + d * d);
        Bb64 current = front & ~goal;
        seen |= front;
        front = hold & ~seen;
        hold = hold2 & ~seen;
        hold2 = 0;
        Bb64 next =
            ((forward_of(current, player) & ~occupied) | bt_attacks(current, player)) & ~seen;
        front |= next & ~slow;
        hold |= next & ~slower;
        hold2 |= next & slower;
    }
    return score;
}

/* Whether any of `men` can step diagonally to a square `enemy_attacks` misses and no own man
 * holds. (A straight step does not count: an enemy could step in front to block it, while
 * an enemy stepping onto a diagonal target is simply taken there.) */
static bool two_step_runner(Bb64 men, Bb64 own, int player, Bb64 enemy_attacks)
{
    return (bt_attacks(men, player) & ~own & ~enemy_attacks) != 0;
}

/* Steps onto empty squares the enemy does not hold: squares it does not attack, or
 * attacks no more often than we defend them. */
static int safe_steps(Bb64 men, Bb64 enemy, int player, BtAttacks ours, BtAttacks theirs)
{
    Bb64 held = ~(theirs.left | theirs.right) |
                ((ours.left | ours.right) & ~(theirs.left & theirs.right)) |
                (ours.left & ours.right);
    Bb64 open = ~(men | enemy) & held;
    return bb64_popcount(forward_of(men, player) & open) + bb64_popcount(ours.left & open) +
           bb64_popcount(ours.right & open);
}

/* Wing pressure: in each wing, our men past the middle beyond the enemy's men at home. */
static int wing_pressure(Bb64 men, Bb64 enemy, int player)
{
    Bb64 far_half = player == P1 ? B8_RANKS_BB(3, 7) : B8_RANKS_BB(0, 4);
    Bb64 their_home = player == P1 ? B8_RANKS_BB(5, 7) : B8_RANKS_BB(0, 2);
    int surplus = 0;
    for (int k = 0; k < 3; k++) {
        int ours = bb64_popcount(men & far_half & bt_wings[k]);
        int theirs = bb64_popcount(enemy & their_home & bt_wings[k]);
        if (ours > theirs)
            surplus += ours - theirs;
    }
    return surplus;
}

static BtTerms terms_of(const BtPos *p, int player)
{
    BtTerms t = {0, 0, 0, 0, 0, 0, 0, BT_NO_RUNNER, BT_NO_RUNNER};
    Bb64 men = p->men[player], enemy = p->men[!player];
    Bb64 last = player == P1 ? B8_RANK_7_BB : B8_RANK_2_BB;
    Bb64 next_to_last = player == P1 ? B8_RANKS_BB(5, 5) : B8_RANKS_BB(2, 2);
    BtAttacks ours = attacks_of(men, player), theirs = attacks_of(enemy, !player);
    Bb64 enemy_attacks = theirs.left | theirs.right, own_attacks = ours.left | ours.right;
    t.safety = bb64_popcount(men & own_attacks) * BT_DEFENDED +
               bb64_popcount(men & enemy_attacks) * BT_CONTACT -
               bb64_popcount(men & enemy_attacks & ~own_attacks) * BT_HANGING +
               bb64_popcount(men & ((men & ~B8_FILE_H_BB) << 1)) * BT_PHALANX;
    t.mobility = safe_steps(men, enemy, player, ours, theirs) * BT_SAFE_STEP;
    t.pressure = wing_pressure(men, enemy, player) * BT_PRESSURE;
    t.runner = bb64_popcount(men & last & ~enemy_attacks) * BT_SAFE_RUNNER;
    t.paths = goal_paths(p, player, theirs);
    /* Near the goal the cone is too strict: a man no enemy attacks on its last step wins
     * next move, and one on the step before wins in two if it can step to a square no
     * enemy attacks (no enemy can come to attack it there: they would have to move back). */
    if (men & last & ~enemy_attacks)
        t.fastest_free = 1;
    else if (two_step_runner(men & next_to_last & ~enemy_attacks, men, player, enemy_attacks))
        t.fastest_free = 2;
    for (Bb64 b = men; b;) {
        int sq = bb64_pop_lsb(&b);
        int r = player == P1 ? sq / 8 : 7 - sq / 8, f = sq % 8;
        t.men += bt_man_value[r][f < 7 - f ? f : 7 - f];
        if (7 - r < t.fastest_man)
            t.fastest_man = 7 - r;
        if (!(cone[player][sq] & enemy)) {
            t.free_runner += BT_FREE_RUNNER + BT_FREE_RUNNER_STEP * r;
            if (7 - r < t.fastest_free)
                t.fastest_free = 7 - r;
        }
    }
    return t;
}

static int total(BtTerms t)
{
    return t.men + t.safety + t.mobility + t.pressure + t.runner + t.free_runner + t.paths;
}

/* The race, for the side to move `us`: won when our fastest free runner needs no more moves
 * than their nearest man (we move first), lost when theirs needs fewer than our nearest. */
static int race(BtTerms us, BtTerms them)
{
    if (us.fastest_free < BT_NO_RUNNER && us.fastest_free <= them.fastest_man)
        return BT_RACE_WIN - BT_RACE_STEP * us.fastest_free;
    if (them.fastest_free < BT_NO_RUNNER && them.fastest_free < us.fastest_man)
        return -(BT_RACE_WIN - BT_RACE_STEP * them.fastest_free);
    return 0;
}

static Score breakthrough_hand_evaluate(const void *vp)
{
    const BtPos *p = vp;
    BtTerms us = terms_of(p, p->side), them = terms_of(p, !p->side);
    return total(us) - total(them) + race(us, them) + BT_TEMPO;
}

void breakthrough_eval_terms(const void *vp, char *buf, size_t size)
{
    const BtPos *p = vp;
    BtTerms w = terms_of(p, P1), b = terms_of(p, P2);
    int race_stm = p->side == P1 ? race(w, b) : race(b, w);
    static const char *const sides[2] = {"white", "black"};
    const EvalRow rows[] = {
        {"material", {w.men, b.men}, false},
        {"safety", {w.safety, b.safety}, false},
        {"mobility", {w.mobility, b.mobility}, false},
        {"pressure", {w.pressure, b.pressure}, false},
        {"runner", {w.runner, b.runner}, false},
        {"free", {w.free_runner, b.free_runner}, false},
        {"paths", {w.paths, b.paths}, false},
        {"race", {race_stm, 0}, true},
        {"tempo", {BT_TEMPO, 0}, true},
    };
    int n = eval_table_write(buf, size, sides, rows, (int)(sizeof rows / sizeof *rows),
                             breakthrough_hand_evaluate(p));
    if (n >= 0 && (size_t)n < size)
        nnue_describe(&breakthrough_nnue, p, buf + n, size - (size_t)n);
}

/* Learned evaluation inputs: a man of the perspective's side or of the enemy on each of
 * the 64 squares (2 x 64), the board turned for Black; side to move decides only which
 * perspective comes first. */
static int net_features(const void *pos, int perspective, uint16_t *out)
{
    const BtPos *p = pos;
    int n = nnue_squares64(p->men[perspective], perspective, 0, out, 0);
    return nnue_squares64(p->men[!perspective], perspective, 64, out, n);
}

NNUE_EMBED(breakthrough_net)

NnueSlot breakthrough_nnue = {
    .game = "breakthrough",
    .feature_count = 2 * 64,
    .max_active = 64,
    .default_hidden = 128,
    .features = net_features,
    .side_to_move = bt_side,
    .hand = breakthrough_hand_evaluate,
    .embedded = NNUE_EMBEDDED(breakthrough_net),
};

Score breakthrough_evaluate(const void *pos) { return nnue_or_hand(&breakthrough_nnue, pos); }
