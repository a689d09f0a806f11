/*
 * Dragon Face: move generation, make, perft, hash and result (the rules; the Game table is
 * games/dragonface.c).
 *
 * Governors and Emperors are generated set-wise by shifts; Ambassadors per piece from
 * per-direction ray masks, the first blocker found by lsb/msb. The perft counts its last
 * ply without generating it: shifts and popcounts for Governors, the king table for the
 * Emperor, and occluded fills for the Ambassadors (slide.h: one vector fill covers four
 * directions of every Ambassador).
 */
#include "movegen/dragonface/dragonface.h"

#include <stdio.h>

#include "core/rng.h"
#include "movegen/dragonface/slide.h"

/* Squares beyond each square in each direction, up to the edge of the board. */
Bb128 df_ray[DF_DIRS][DF_SQUARES];
/* Directions a piece on each square may set out in: all eight in the Territories; from
 * the Zone only those whose first step enters the Territories. */
static uint8_t dirs_from[DF_SQUARES];
/* The eight neighbours of each square. */
static Bb128 king[DF_SQUARES];

static uint64_t df_zobrist_piece[2][3][DF_SQUARES];
static uint64_t df_zobrist_free[DF_SQUARES];
static uint64_t df_zobrist_right[DF_SQUARES];
static uint64_t df_zobrist_immune[DF_SQUARES];
static uint64_t df_zobrist_side;

void df_init(void)
{
    static const int dfile[DF_DIRS] = {0, 1, 1, -1, 0, -1, -1, 1};
    static const int drank[DF_DIRS] = {1, 1, 0, 1, -1, -1, 0, -1};
    for (int sq = 0; sq < DF_SQUARES; sq++) {
        for (int d = 0; d < DF_DIRS; d++) {
            Bb128 r = 0;
            int f = sq % DF_FILES + dfile[d], k = sq / DF_FILES + drank[d];
            for (; f >= 0 && f < DF_FILES && k >= 0 && k < DF_RANKS; f += dfile[d], k += drank[d])
                r |= bb128_bit(k * DF_FILES + f);
            df_ray[d][sq] = r;
            king[sq] |= df_shift(bb128_bit(sq), d);
            if ((bb128_bit(sq) & DF_TERR) || (bb128_bit(sq) & df_zone_exit(d)))
                dirs_from[sq] |= (uint8_t)(1u << d);
        }
    }
    uint64_t seed = 0xD7A60FACE5EEDULL;
    for (int pl = 0; pl < 2; pl++)
        for (int kind = 0; kind < 3; kind++)
            for (int sq = 0; sq < DF_SQUARES; sq++)
                df_zobrist_piece[pl][kind][sq] = rng_next(&seed);
    for (int sq = 0; sq < DF_SQUARES; sq++) {
        df_zobrist_free[sq] = rng_next(&seed);
        df_zobrist_right[sq] = rng_next(&seed);
        df_zobrist_immune[sq] = rng_next(&seed);
    }
    df_zobrist_side = rng_next(&seed);
}

Result df_result(const void *vp)
{
    const DfPos *p = vp;
    if (!(p->occ[p->side] & p->emp))
        return RESULT_LOSS;
    if (!(p->occ[!p->side] & p->emp))
        return RESULT_WIN;
    return RESULT_NONE;
}

/* Output of generation: every legal move, only the noisy ones (captures and revivals) or
 * only the quiet ones. */
typedef struct DfGen {
    Move *moves;
    int n;
    GenStage stage;
    Bb128 revival_line; /* where a landing Governor may revive */
    Bb128 trapped;      /* the mover's trapped Ambassadors */
} DfGen;

static void emit(DfGen *g, Move m)
{
    if (g->stage == GEN_ALL || df_move_is_capture(m) == (g->stage == GEN_NOISY))
        g->moves[g->n++] = m;
}

/* Governor moves landing on `dests`, `span` steps of `delta` from their origin; a
 * capture takes the piece one step before the landing square. A landing on the revival
 * line gives the plain move (declining) plus one move per trapped Ambassador. */
static void emit_governors(DfGen *g, Bb128 dests, int delta, int span, bool capture)
{
    while (dests) {
        int to = bb128_pop_lsb(&dests);
        Move m = df_move_make(DF_GOVERNOR, to - delta * span, to);
        if (capture)
            m = df_move_with_capture(m, to - delta);
        emit(g, m);
        if ((bb128_bit(to) & g->revival_line) && g->stage != GEN_QUIET)
            for (Bb128 t = g->trapped; t;)
                g->moves[g->n++] = df_move_with_revival(m, bb128_pop_lsb(&t));
    }
}

static void emit_simple(DfGen *g, int kind, Bb128 dests, int delta, int span, bool capture)
{
    while (dests) {
        int to = bb128_pop_lsb(&dests);
        Move m = df_move_make(kind, to - delta * span, to);
        emit(g, capture ? df_move_with_capture(m, to - delta) : m);
    }
}

static int generate(const DfPos *p, Move *moves, GenStage stage)
{
    if (df_result(p) != RESULT_NONE)
        return 0;
    int us = p->side;
    Bb128 own = p->occ[us], enemy = p->occ[!us], all = own | enemy;
    Bb128 empty = DF_BOARD & ~all, open = empty & DF_TERR;
    Bb128 capt = enemy & DF_TERR & ~df_immune_bb(p);
    DfGen g = {moves, 0, stage, df_revival_line(us), own & p->amb & DF_ZONE & ~p->free};

    Bb128 gov = own & ~p->emp & ~p->amb & DF_TERR;
    Bb128 two = gov & df_rights_bb(p->rights);
    const int *fwd = df_forward(us);
    for (int i = 0; i < 3; i++) {
        int d = fwd[i], delta = DF_DELTA[d];
        Bb128 one = df_shift(gov, d) & open;
        emit_governors(&g, one, delta, 1, false);
        emit_governors(&g, df_shift(one & df_shift(two, d), d) & open, delta, 2, false);
        if (d == DF_N || d == DF_S)
            continue;
        Bb128 reach1 = df_shift(gov, d) & capt;
        Bb128 reach2 = df_shift(df_shift(two, d) & open, d) & capt;
        emit_governors(&g, df_shift(reach1, d) & empty, delta, 2, true);
        emit_governors(&g, df_shift(reach2, d) & empty, delta, 3, true);
    }

    Bb128 emperor = own & p->emp;
    for (int d = 0; d < DF_DIRS; d++) {
        Bb128 step = df_shift(emperor, d);
        if (stage != GEN_NOISY)
            emit_simple(&g, DF_EMPEROR, step & open, DF_DELTA[d], 1, false);
        emit_simple(&g, DF_EMPEROR, df_shift(step & capt, d) & open, DF_DELTA[d], 2, true);
    }

    for (Bb128 movers = df_movable_ambassadors(p, us); movers;) {
        int from = bb128_pop_lsb(&movers);
        for (unsigned dirs = dirs_from[from]; dirs; dirs &= dirs - 1) {
            int d = __builtin_ctz(dirs);
            Bb128 line = df_ray[d][from], blockers = line & all, reach = line;
            if (blockers) {
                int b = df_first(blockers, d);
                reach = line & ~(df_ray[d][b] | bb128_bit(b));
                Bb128 beyond = df_ray[d][b];
                if ((bb128_bit(b) & capt) && beyond && stage != GEN_QUIET) {
                    int land = df_first(beyond, d);
                    if (bb128_bit(land) & empty)
                        g.moves[g.n++] =
                            df_move_with_capture(df_move_make(DF_AMBASSADOR, from, land), b);
                }
            }
            if (stage == GEN_NOISY)
                continue;
            for (reach &= DF_TERR; reach;)
                g.moves[g.n++] = df_move_make(DF_AMBASSADOR, from, bb128_pop_lsb(&reach));
        }
    }
    return g.n;
}

int df_gen_moves(const void *vp, Move *moves) { return generate(vp, moves, GEN_ALL); }

int df_gen_noisy(const void *vp, Move *moves) { return generate(vp, moves, GEN_NOISY); }
int df_gen_quiet(const void *vp, Move *moves) { return generate(vp, moves, GEN_QUIET); }

/* An Emperor step or a Governor's single step onto an open square is always a move, and
 * one of them nearly always exists; otherwise the generator decides. */
bool df_has_legal_move(const void *vp)
{
    const DfPos *p = vp;
    if (df_result(p) != RESULT_NONE)
        return false;
    int us = p->side;
    Bb128 own = p->occ[us], open = DF_BOARD & ~(own | p->occ[!us]) & DF_TERR;
    Bb128 gov = own & ~p->emp & ~p->amb & DF_TERR, emperor = own & p->emp;
    for (int d = 0; d < DF_DIRS; d++)
        if (df_shift(emperor, d) & open)
            return true;
    for (int i = 0; i < 3; i++)
        if (df_shift(gov, df_forward(us)[i]) & open)
            return true;
    Move moves[MAX_MOVES];
    return generate(p, moves, GEN_ALL) > 0;
}

bool df_is_noisy(const void *vp, Move m)
{
    (void)vp;
    return df_move_is_capture(m) || df_move_is_revival(m);
}

/* The origin must hold a piece of the side to move; whether it may make this move is the
 * generator's to say, in the one stage the move belongs to. */
bool df_move_is_legal(const void *vp, Move m)
{
    const DfPos *p = vp;
    if (!(p->occ[p->side] & bb128_bit(df_move_from(m))))
        return false;
    return game_move_in_list(p, m, df_is_noisy(p, m) ? df_gen_noisy : df_gen_quiet);
}

static int kind_on(const DfPos *p, int sq)
{
    Bb128 b = bb128_bit(sq);
    return (p->emp & b) ? DF_EMPEROR : (p->amb & b) ? DF_AMBASSADOR : DF_GOVERNOR;
}

void df_make_move(const void *vp, Move m, void *out)
{
    const DfPos *p = vp;
    DfPos *q = out;
    int us = p->side, them = !us;
    int from = df_move_from(m), to = df_move_to(m), kind = df_move_kind(m);
    Bb128 fb = bb128_bit(from), tb = bb128_bit(to);
    uint64_t key = p->key ^ df_zobrist_side;
    *q = *p;
    if (p->immune >= 0)
        key ^= df_zobrist_immune[p->immune];
    q->immune = DF_NO_SQUARE;
    q->occ[us] ^= fb | tb;
    key ^= df_zobrist_piece[us][kind][from] ^ df_zobrist_piece[us][kind][to];
    q->halfmove = p->halfmove + 1;
    /* The rights only shrink and a Zone square only fills, then frees its Ambassador, then
     * keeps the Governor: a ply that changes either starts the repetitions' window. */
    bool zone = (tb & DF_ZONE) || (p->free & fb);
    if (kind == DF_EMPEROR) {
        q->emp ^= fb | tb;
    } else if (kind == DF_AMBASSADOR) {
        q->amb ^= fb | tb;
        if (p->free & fb) {
            /* A free Ambassador leaves its Governor behind on the Zone square. */
            q->free ^= fb;
            q->occ[us] |= fb;
            key ^= df_zobrist_free[from] ^ df_zobrist_piece[us][DF_GOVERNOR][from];
        }
    } else {
        unsigned bit = df_rights_bit(from);
        if (q->rights & bit) {
            q->rights &= (uint16_t)~bit;
            key ^= df_zobrist_right[from];
        }
        q->halfmove = 0;
    }
    if (df_move_is_capture(m)) {
        int cap = df_move_captured(m), victim = kind_on(p, cap);
        Bb128 cb = bb128_bit(cap);
        q->occ[them] ^= cb;
        q->occ[us] ^= cb;
        key ^= df_zobrist_piece[them][victim][cap] ^ df_zobrist_piece[us][victim][cap];
        unsigned bit = df_rights_bit(cap);
        if (q->rights & bit) {
            q->rights &= (uint16_t)~bit;
            key ^= df_zobrist_right[cap];
        }
        q->immune = (int8_t)cap;
        key ^= df_zobrist_immune[cap];
        q->halfmove = 0;
    }
    if (df_move_is_revival(m)) {
        int rev = df_move_revived(m);
        q->occ[us] ^= tb;
        q->free |= bb128_bit(rev);
        key ^= df_zobrist_piece[us][DF_GOVERNOR][to] ^ df_zobrist_free[rev];
    }
    q->reversible = zone || df_move_is_revival(m) || q->rights != p->rights ? 0 : p->reversible + 1;
    q->side = (uint8_t)them;
    q->fullmove = p->fullmove + (us == P2);
    q->key = key;
}

/* A pass: immunity lasts one ply, so it ends with the pass. */
void df_make_null(const void *vp, void *out)
{
    const DfPos *p = vp;
    DfPos *q = out;
    *q = *p;
    q->key ^= df_zobrist_side;
    if (p->immune >= 0)
        q->key ^= df_zobrist_immune[p->immune];
    q->immune = DF_NO_SQUARE;
    q->side = (uint8_t)!p->side;
    q->halfmove = p->halfmove + 1;
    q->reversible = p->reversible + 1;
    q->fullmove = p->fullmove + (p->side == P2);
}

/* Always inlined with a constant direction, so every shift and mask folds to immediates
 * (a loop over directions would shift by variable amounts). */
/* Governor moves in forward direction `d`, counted by landing square: the four kinds of
 * landing (one step, two steps, capture, capture after a step) never share a square in one
 * direction, so one popcount covers them. A landing on the revival line counts once per
 * choice (`per_revival` is 1 without trapped Ambassadors). */
DF_INLINE uint64_t count_governors(Bb128 gov, Bb128 two, Bb128 empty, Bb128 capt, Bb128 line,
                                   int per_revival, int d)
{
    Bb128 open = empty & DF_TERR;
    Bb128 one = df_shift(gov, d) & open;
    Bb128 landings = one | (df_shift(one & df_shift(two, d), d) & open);
    if (d != DF_N && d != DF_S)
        landings |=
            df_shift((df_shift(gov, d) | df_shift(df_shift(two, d) & open, d)) & capt, d) & empty;
    uint64_t n = (uint64_t)bb128_popcount(landings);
    if (per_revival > 1)
        n += (uint64_t)(bb128_popcount(landings & line) * (per_revival - 1));
    return n;
}

/* Ambassador moves in the four directions of a group: quiet landings and capture
 * landings never share a square in one direction (a capture lands just beyond an enemy
 * piece), so one popcount per lane covers both. */
DF_INLINE uint64_t count_slide_group(Bb128 terr_amb, Bb128 free_amb, Bb128 empty, Bb128 capt,
                                     bool up)
{
    DfQuad reach = df_slide_quad(terr_amb, free_amb, empty, up);
    DfQuad quiet = df_quad_and(reach, df_quad_splat(empty & DF_TERR));
    DfQuad jumps = df_quad_step(df_quad_and(reach, df_quad_splat(capt)), up);
    DfQuad land = df_quad_or(quiet, df_quad_and(jumps, df_quad_splat(empty)));
    uint64_t n = 0;
    for (int i = 0; i < 4; i++)
        n += (uint64_t)(__builtin_popcountll(land.lo[i]) + __builtin_popcountll(land.hi[i]));
    return n;
}

/* Emperor moves: steps from the king table; captures (rare) direction by direction. */
static uint64_t count_emperor(Bb128 emperor, Bb128 empty, Bb128 capt)
{
    Bb128 open = empty & DF_TERR;
    int sq = bb128_lsb(emperor);
    uint64_t n = (uint64_t)bb128_popcount(king[sq] & open);
    if (king[sq] & capt)
        for (int d = 0; d < DF_DIRS; d++)
            n += (uint64_t)bb128_popcount(df_shift(df_shift(emperor, d) & capt, d) & open);
    return n;
}

/* Counts the legal moves set-wise, as generate() lists them. */
uint64_t df_count_moves(const void *vp)
{
    const DfPos *p = vp;
    if (df_result(p) != RESULT_NONE)
        return 0;
    int us = p->side;
    Bb128 own = p->occ[us], enemy = p->occ[!us];
    Bb128 empty = DF_BOARD & ~(own | enemy);
    Bb128 capt = enemy & DF_TERR & ~df_immune_bb(p);
    Bb128 line = df_revival_line(us);
    int per_revival = 1 + bb128_popcount(own & p->amb & DF_ZONE & ~p->free);
    Bb128 gov = own & ~p->emp & ~p->amb & DF_TERR;
    Bb128 two = gov & df_rights_bb(p->rights);
    uint64_t n;
    if (us == P1)
        n = count_governors(gov, two, empty, capt, line, per_revival, DF_NW) +
            count_governors(gov, two, empty, capt, line, per_revival, DF_N) +
            count_governors(gov, two, empty, capt, line, per_revival, DF_NE);
    else
        n = count_governors(gov, two, empty, capt, line, per_revival, DF_SW) +
            count_governors(gov, two, empty, capt, line, per_revival, DF_S) +
            count_governors(gov, two, empty, capt, line, per_revival, DF_SE);
    Bb128 ta = own & p->amb & DF_TERR, fa = own & p->amb & p->free;
    return n + count_emperor(own & p->emp, empty, capt) +
           count_slide_group(ta, fa, empty, capt, true) +
           count_slide_group(ta, fa, empty, capt, false);
}

uint64_t df_key_from_scratch(const void *vp)
{
    const DfPos *p = vp;
    uint64_t key = p->side == P2 ? df_zobrist_side : 0;
    for (int pl = 0; pl < 2; pl++)
        for (Bb128 b = p->occ[pl]; b;) {
            int sq = bb128_pop_lsb(&b);
            key ^= df_zobrist_piece[pl][kind_on(p, sq)][sq];
            if (p->free & bb128_bit(sq))
                key ^= df_zobrist_free[sq];
        }
    for (Bb128 r = df_rights_bb(p->rights); r;)
        key ^= df_zobrist_right[bb128_pop_lsb(&r)];
    if (p->immune >= 0)
        key ^= df_zobrist_immune[p->immune];
    return key;
}

uint64_t df_key(const void *vp) { return ((const DfPos *)vp)->key; }
int df_side(const void *vp) { return ((const DfPos *)vp)->side; }
int df_halfmove(const void *vp) { return ((const DfPos *)vp)->halfmove; }
int df_reversible(const void *vp) { return ((const DfPos *)vp)->reversible; }

uint32_t df_move_index(const void *vp, Move m)
{
    (void)vp;
    return (uint32_t)(df_move_from(m) * DF_SQUARES + df_move_to(m));
}

/* Ordering weights: a conversion swings the victim's value twice (it leaves one side and
 * joins the other); an Emperor capture ends the game; a revival frees an Ambassador. */
enum {
    DF_ORDER_EMPEROR = 100000,
    DF_ORDER_AMBASSADOR = 900,
    DF_ORDER_GOVERNOR = 200,
    DF_ORDER_REVIVAL = 300,
    DF_ORDER_TO_ZONE = 50, /* the capturer trapping itself in the Zone is a cost */
};

int df_noisy_order(const void *vp, Move m)
{
    const DfPos *p = vp;
    int score = 0;
    if (df_move_is_capture(m)) {
        Bb128 victim = bb128_bit(df_move_captured(m));
        score = (p->emp & victim)   ? DF_ORDER_EMPEROR
                : (p->amb & victim) ? DF_ORDER_AMBASSADOR
                                    : DF_ORDER_GOVERNOR;
        if ((bb128_bit(df_move_to(m)) & DF_ZONE) && !df_move_is_revival(m))
            score -= DF_ORDER_TO_ZONE;
    }
    if (df_move_is_revival(m))
        score += DF_ORDER_REVIVAL;
    return score;
}

/* The opponent could capture our Emperor if it were to move now. */
bool df_threat(const void *vp)
{
    const DfPos *p = vp;
    return df_emperor_attacked(p, p->side);
}
