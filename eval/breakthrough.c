/*
 * Breakthrough evaluation, from the side to move's point of view.
 *
 * Terms: material; advancement (growing quadratically toward the goal); home-row guards
 * (men left on the home row stop breakthroughs, and four of them, on the b, c, f and g
 * files, cover every square of the second rank between them); men defended by a neighbour
 * behind them, and men attacked but not defended; a bonus for men on their last step that
 * no enemy can capture; goal paths (how many goal squares each side reaches how soon,
 * walking around the enemy's attacks); and the race of unstoppable runners: a man with no
 * enemy in its forward cone can never be blocked nor taken, so if it is nearer its goal
 * than every enemy man is to theirs, the game is won.
 */
#include <stdio.h>

#include "movegen/breakthrough/breakthrough.h"

enum {
    BT_MAN_VALUE = 100,
    BT_ADVANCE_STEP = 2,   /* times rank squared */
    BT_HOME_GUARD = 6,     /* per man still on the home row */
    BT_KEY_GUARD = 6,      /* more for each of the four home men that cover the second rank */
    BT_DEFENDED = 4,       /* per man with a friend diagonally behind it */
    BT_HANGING = 12,       /* per man attacked and not defended */
    BT_SAFE_RUNNER = 400,  /* man one step from the goal that cannot be taken */
    BT_FREE_RUNNER = 60,   /* man with no enemy in its forward cone */
    BT_FREE_RUNNER_STEP = 20, /* more per rank it has advanced */
    BT_RACE_WIN = 2000,    /* a free runner that arrives first wins */
    BT_RACE_STEP = 50,     /* less per move it still needs, so the quicker win is preferred */
    BT_TEMPO = 10,
    BT_PATHS = 1100,       /* goal paths: this times w / (w + d * d) for w goal squares at d */
    BT_NO_RUNNER = 99,     /* distance when there is no (free) man */
};

/* b1, c1, f1, g1 for white; b8, c8, f8, g8 for black. */
#define BT_KEY_GUARDS_P1 0x0000000000000066ULL
#define BT_KEY_GUARDS_P2 0x6600000000000000ULL

typedef struct BtTerms {
    int material, advance, guard, safety, runner, free_runner, paths;
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
static int goal_paths(const BtPos *p, int player)
{
    Bb64 men = p->men[player], enemy = p->men[!player], occupied = men | enemy;
    Bb64 goal = player == P1 ? BT_RANK_8_BB : BT_RANK_1_BB;
    Bb64 e = enemy & ~BT_FILE_A_BB, w = enemy & ~BT_FILE_H_BB;
    Bb64 left = player == P1 ? e >> 9 : e << 7;  /* the enemy moves the other way */
    Bb64 right = player == P1 ? w >> 7 : w << 9;
    Bb64 attacked = left | right, twice = left & right;
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
        Bb64 next = ((forward_of(current, player) & ~occupied) | bt_attacks(current, player)) &
                    ~seen;
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

static BtTerms terms_of(const BtPos *p, int player)
{
    BtTerms t = {0, 0, 0, 0, 0, 0, 0, BT_NO_RUNNER, BT_NO_RUNNER};
    Bb64 men = p->men[player], enemy = p->men[!player];
    Bb64 home = player == P1 ? BT_RANK_1_BB : BT_RANK_8_BB;
    Bb64 keys = player == P1 ? BT_KEY_GUARDS_P1 : BT_KEY_GUARDS_P2;
    Bb64 last = player == P1 ? 0x00FF000000000000ULL : 0x000000000000FF00ULL;
    Bb64 next_to_last = player == P1 ? 0x0000FF0000000000ULL : 0x0000000000FF0000ULL;
    Bb64 enemy_attacks = bt_attacks(enemy, !player), own_attacks = bt_attacks(men, player);
    t.material = bb64_popcount(men) * BT_MAN_VALUE;
    t.guard = bb64_popcount(men & home) * BT_HOME_GUARD + bb64_popcount(men & keys) * BT_KEY_GUARD;
    t.safety = bb64_popcount(men & own_attacks) * BT_DEFENDED -
               bb64_popcount(men & enemy_attacks & ~own_attacks) * BT_HANGING;
    t.runner = bb64_popcount(men & last & ~enemy_attacks) * BT_SAFE_RUNNER;
    t.paths = goal_paths(p, player);
    /* Near the goal the cone is too strict: a man no enemy attacks on its last step wins
     * next move, and one on the step before wins in two if it can step to a square no
     * enemy attacks (no enemy can come to attack it there: they would have to move back). */
    if (men & last & ~enemy_attacks)
        t.fastest_free = 1;
    else if (two_step_runner(men & next_to_last & ~enemy_attacks, men, player, enemy_attacks))
        t.fastest_free = 2;
    for (Bb64 b = men; b;) {
        int sq = bb64_pop_lsb(&b);
        int r = player == P1 ? sq / 8 : 7 - sq / 8;
        t.advance += r * r * BT_ADVANCE_STEP;
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
    return t.material + t.advance + t.guard + t.safety + t.runner + t.free_runner + t.paths;
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

Score breakthrough_evaluate(const void *vp)
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
    snprintf(buf, size,
             "term      white  black\n"
             "material  %5d  %5d\n"
             "advance   %5d  %5d\n"
             "guard     %5d  %5d\n"
             "safety    %5d  %5d\n"
             "runner    %5d  %5d\n"
             "free      %5d  %5d\n"
             "paths     %5d  %5d\n"
             "race      %d for the side to move\n"
             "tempo     %d for the side to move\n"
             "total     %d (side to move)\n",
             w.material, b.material, w.advance, b.advance, w.guard, b.guard, w.safety,
             b.safety, w.runner, b.runner, w.free_runner, b.free_runner, w.paths, b.paths,
             race_stm, BT_TEMPO,
             breakthrough_evaluate(p));
}
