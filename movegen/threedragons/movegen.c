/*
 * Three Dragons: move generation, make, perft, keys and result, for all three variants.
 *
 * Rook moves are generated direction by direction for a whole set of pieces at once: the
 * k-th shift of the set through empty squares gives every destination at distance k, its
 * origin being k steps back. Custodial captures do not depend on which piece lands, so
 * the landing squares that capture in each direction are four bitboards per position.
 * In the strength variants the pieces are taken one strength class at a time, since the
 * weaker enemies a landing piece may take depend only on its strength.
 */
#include "movegen/threedragons/threedragons.h"

#include "core/rng.h"

static uint64_t zobrist_men[2][TD_SQUARES];
static uint64_t zobrist_strength[TD_MAX_STRENGTH][TD_SQUARES];
static uint64_t zobrist_tamed[TD_CAVE_COUNT];
static uint64_t zobrist_variant[3];
static uint64_t zobrist_side;

void td_init(void)
{
    uint64_t seed = 0x3D7A60115EEDULL;
    for (int pl = 0; pl < 2; pl++)
        for (int sq = 0; sq < TD_SQUARES; sq++)
            zobrist_men[pl][sq] = rng_next(&seed);
    for (int s = 0; s < TD_MAX_STRENGTH; s++)
        for (int sq = 0; sq < TD_SQUARES; sq++)
            zobrist_strength[s][sq] = rng_next(&seed);
    for (int c = 0; c < TD_CAVE_COUNT; c++)
        zobrist_tamed[c] = rng_next(&seed);
    for (int v = 0; v < 3; v++)
        zobrist_variant[v] = rng_next(&seed);
    zobrist_side = rng_next(&seed);
}

Bb128 td_cave_neighbours(int cave) { return td_neighbours(bb128_bit(td_cave_square(cave))); }

uint64_t td_key_from_scratch(const void *vp)
{
    const TdPos *p = vp;
    uint64_t key = zobrist_variant[p->variant] ^ (p->side == P2 ? zobrist_side : 0);
    for (int pl = 0; pl < 2; pl++)
        for (Bb128 b = p->men[pl]; b;)
            key ^= zobrist_men[pl][bb128_pop_lsb(&b)];
    for (int s = 0; s < TD_MAX_STRENGTH; s++)
        for (Bb128 b = p->strength[s]; b;)
            key ^= zobrist_strength[s][bb128_pop_lsb(&b)];
    for (int c = 0; c < TD_CAVE_COUNT; c++)
        if (p->tamed >> c & 1)
            key ^= zobrist_tamed[c];
    return key;
}

uint64_t td_key(const void *vp) { return ((const TdPos *)vp)->key; }
int td_side_to_move(const void *vp) { return ((const TdPos *)vp)->side; }
int td_halfmove_clock(const void *vp) { return ((const TdPos *)vp)->halfmove; }

/* A side reduced to one piece (or none) has lost. */
Result td_result(const void *vp)
{
    const TdPos *p = vp;
    if (bb128_popcount(p->men[p->side]) <= 1)
        return RESULT_LOSS;
    if (bb128_popcount(p->men[!p->side]) <= 1)
        return RESULT_WIN;
    return RESULT_NONE;
}

/* What every move of the side to move shares: empty squares, custodial landings and the
 * squares that complete a cave. */
typedef struct TdGenCtx {
    Bb128 empty;
    Bb128 landing[TD_DIRS]; /* landing here takes the enemy piece one step in that dir */
    Bb128 any_landing;
    Bb128 tame_to; /* landing here completes an untamed cave's four neighbours */
} TdGenCtx;

/* The pieces of one strength class and the enemies they may take by strength. */
typedef struct TdClass {
    Bb128 pieces;
    Bb128 weak_dir[TD_DIRS]; /* t here: the piece at t + dir is a weaker enemy */
    Bb128 weak_any;
} TdClass;

/* A cave tames when its last missing neighbour is filled. The piece that fills it never
 * comes from another neighbour of the same cave: those lie on the cave's file and rank,
 * and a rook move between them would cross the cave. */
static Bb128 tame_squares(const TdPos *p)
{
    Bb128 squares = 0, empty = TD_BOARD & ~td_blockers(p);
    if (p->variant != TD_DRAGONS)
        return 0;
    for (int cave = 0; cave < TD_CAVE_COUNT; cave++) {
        Bb128 missing = td_cave_neighbours(cave) & ~p->men[p->side];
        if (!(p->tamed >> cave & 1) && bb128_popcount(missing) == 1)
            squares |= missing & empty;
    }
    return squares;
}

static void ctx_init(const TdPos *p, TdGenCtx *c)
{
    int us = p->side;
    c->empty = TD_BOARD & ~td_blockers(p);
    c->any_landing = 0;
    for (int dir = 0; dir < TD_DIRS; dir++) {
        c->landing[dir] = td_custodial_landings(p, us, dir);
        c->any_landing |= c->landing[dir];
    }
    c->tame_to = tame_squares(p);
}

static void class_init(TdClass *k, Bb128 pieces, Bb128 weak)
{
    k->pieces = pieces;
    k->weak_any = 0;
    for (int dir = 0; dir < TD_DIRS; dir++) {
        k->weak_dir[dir] = td_shift(weak, td_opposite(dir));
        k->weak_any |= k->weak_dir[dir];
    }
}

/* The strength classes of the side to move (one class holding every piece in the base
 * game); returns how many. */
static int classes_of(const TdPos *p, TdClass *classes)
{
    int us = p->side, n = 0;
    Bb128 enemy = p->men[!us];
    if (!td_has_strength(p)) {
        class_init(&classes[n++], p->men[us], 0);
        return n;
    }
    Bb128 weaker = 0;
    for (int s = 0; s < TD_MAX_STRENGTH; s++) {
        Bb128 pieces = p->men[us] & p->strength[s];
        if (pieces)
            class_init(&classes[n++], pieces, enemy & weaker);
        weaker |= p->strength[s];
    }
    return n;
}

/* Adds the moves landing on `dests`, each from `back` squares behind in square numbers. */
static int add_moves(const TdGenCtx *c, const TdClass *k, Bb128 dests, int back, GenStage stage,
                     Move *moves, int n)
{
    while (dests) {
        int to = bb128_pop_lsb(&dests), from = to - back;
        Bb128 t = bb128_bit(to);
        bool custodial = (t & c->any_landing) != 0;
        if (!(t & k->weak_any)) {
            bool noisy = custodial || (t & c->tame_to);
            if (stage == GEN_ALL || noisy == (stage == GEN_NOISY))
                moves[n++] = td_move_make(from, to, -1);
            continue;
        }
        if (stage == GEN_QUIET)
            continue; /* every move below captures */
        /* Weaker enemies adjacent: the strength capture is made, one move per victim,
         * except that the custodial capture stays a choice when there is one. */
        if (custodial)
            moves[n++] = td_move_make(from, to, -1);
        for (int dir = 0; dir < TD_DIRS; dir++)
            if ((t & k->weak_dir[dir]) && !(t & c->landing[dir]))
                moves[n++] = td_move_make(from, to, to + td_delta(dir));
    }
    return n;
}

static int generate(const TdPos *p, Move *moves, GenStage stage)
{
    if (td_result(p) != RESULT_NONE)
        return 0;
    TdGenCtx c;
    TdClass classes[TD_MAX_STRENGTH];
    ctx_init(p, &c);
    int count = classes_of(p, classes), n = 0;
    for (int i = 0; i < count; i++)
        for (int dir = 0; dir < TD_DIRS; dir++) {
            int back = 0;
            for (Bb128 x = td_shift(classes[i].pieces, dir) & c.empty; x;
                 x = td_shift(x, dir) & c.empty) {
                back += td_delta(dir);
                n = add_moves(&c, &classes[i], x, back, stage, moves, n);
            }
        }
    return n;
}

int td_gen_moves(const void *vp, Move *moves) { return generate(vp, moves, GEN_ALL); }
int td_gen_noisy(const void *vp, Move *moves) { return generate(vp, moves, GEN_NOISY); }
int td_gen_quiet(const void *vp, Move *moves) { return generate(vp, moves, GEN_QUIET); }

/* Every empty square next to a piece of the side to move gives it at least one move (the
 * plain move, or where that is replaced, a strength capture). */
bool td_has_legal_move(const void *vp)
{
    const TdPos *p = vp;
    if (td_result(p) != RESULT_NONE)
        return false;
    Bb128 empty = TD_BOARD & ~td_blockers(p), own = p->men[p->side];
    for (int dir = 0; dir < TD_DIRS; dir++)
        if (td_shift(own, dir) & empty)
            return true;
    return false;
}

/* Enemy pieces the plain move from -> to takes custodially. */
static Bb128 custodial_victims(const TdPos *p, int from, int to)
{
    int us = p->side;
    Bb128 t = bb128_bit(to), own = p->men[us] ^ bb128_bit(from) ^ t;
    Bb128 occupied = own | p->men[!us];
    Bb128 partners = own | TD_MOUNTAINS | (TD_CAVES & ~occupied), victims = 0;
    for (int dir = 0; dir < TD_DIRS; dir++) {
        Bb128 next = td_shift(t, dir) & p->men[!us];
        if (next && (td_shift(next, dir) & partners))
            victims |= next;
    }
    return victims;
}

bool td_is_noisy(const void *vp, Move m)
{
    const TdPos *p = vp;
    int from = td_move_from(m), to = td_move_to(m);
    if (td_move_victim(m) >= 0 || custodial_victims(p, from, to))
        return true;
    return (tame_squares(p) & bb128_bit(to)) != 0;
}

/* The move's squares are checked directly (a piece of ours, an empty square on one line
 * with it); whether this piece may land there, and with which captures, is the
 * generator's to say, so the move is looked up in the one stage it belongs to. */
bool td_move_is_legal(const void *vp, Move m)
{
    const TdPos *p = vp;
    int from = td_move_from(m), to = td_move_to(m), victim = td_move_victim(m);
    if (from >= TD_SQUARES || to >= TD_SQUARES || victim >= TD_SQUARES ||
        m != td_move_make(from, to, victim) || !(p->men[p->side] & bb128_bit(from)) ||
        (td_blockers(p) & bb128_bit(to)) ||
        (td_file(from) != td_file(to) && td_rank(from) != td_rank(to)))
        return false;
    return game_move_in_list(p, m, td_is_noisy(p, m) ? td_gen_noisy : td_gen_quiet);
}

static void toggle_man(TdPos *q, int player, int sq)
{
    q->men[player] ^= bb128_bit(sq);
    q->key ^= zobrist_men[player][sq];
}

static void toggle_strength(TdPos *q, int s, int sq)
{
    q->strength[s - 1] ^= bb128_bit(sq);
    q->key ^= zobrist_strength[s - 1][sq];
}

static void remove_piece(TdPos *q, int player, int sq)
{
    int s = td_strength_at(q, sq);
    toggle_man(q, player, sq);
    if (s)
        toggle_strength(q, s, sq);
}

void td_make_move(const void *vp, Move m, void *out)
{
    const TdPos *p = vp;
    TdPos *q = out;
    int us = p->side, them = !us;
    int from = td_move_from(m), to = td_move_to(m), victim = td_move_victim(m);
    Bb128 custodial = victim < 0 ? custodial_victims(p, from, to) : 0;
    *q = *p;
    toggle_man(q, us, from);
    toggle_man(q, us, to);
    int s = td_strength_at(q, from);
    if (s) {
        toggle_strength(q, s, from);
        toggle_strength(q, s, to);
    }
    q->halfmove++;
    if (victim >= 0) {
        remove_piece(q, them, victim);
        toggle_strength(q, s, to);
        toggle_strength(q, s - 1, to);
        q->halfmove = 0;
    }
    if (custodial)
        q->halfmove = 0;
    while (custodial)
        remove_piece(q, them, bb128_pop_lsb(&custodial));
    if (q->variant == TD_DRAGONS)
        for (int cave = 0; cave < TD_CAVE_COUNT; cave++) {
            Bb128 ring = td_cave_neighbours(cave);
            if ((q->tamed >> cave & 1) || (q->men[us] & ring) != ring)
                continue;
            int sq = td_cave_square(cave);
            q->tamed |= (uint8_t)(1u << cave);
            q->key ^= zobrist_tamed[cave];
            toggle_man(q, us, sq);
            toggle_strength(q, td_dragon_strength(cave), sq);
        }
    q->side = (uint8_t)them;
    q->key ^= zobrist_side;
    q->fullmove += us == P2;
}

void td_make_null(const void *vp, void *out)
{
    const TdPos *p = vp;
    TdPos *q = out;
    *q = *p;
    q->side = (uint8_t)!p->side;
    q->key ^= zobrist_side;
    q->halfmove++;
    q->fullmove += p->side == P2;
}

/* Number of legal moves, counted per landing square without listing them: a landing t
 * gives one move per weaker neighbour not taken custodially, plus the plain move when
 * it captures custodially or has no weaker neighbour. */
uint64_t td_count_moves(const void *vp)
{
    const TdPos *p = vp;
    if (td_result(p) != RESULT_NONE)
        return 0;
    TdGenCtx c;
    TdClass classes[TD_MAX_STRENGTH];
    ctx_init(p, &c);
    int count = classes_of(p, classes);
    uint64_t n = 0;
    for (int i = 0; i < count; i++) {
        const TdClass *k = &classes[i];
        Bb128 plain = c.any_landing | ~k->weak_any, extra[TD_DIRS];
        for (int dir = 0; dir < TD_DIRS; dir++)
            extra[dir] = k->weak_dir[dir] & ~c.landing[dir];
        for (int dir = 0; dir < TD_DIRS; dir++)
            for (Bb128 x = td_shift(k->pieces, dir) & c.empty; x; x = td_shift(x, dir) & c.empty) {
                n += (uint64_t)bb128_popcount(x & plain);
                if (x & k->weak_any)
                    for (int e = 0; e < TD_DIRS; e++)
                        n += (uint64_t)bb128_popcount(x & extra[e]);
            }
    }
    return n;
}

/* The side to move could be reduced to one piece by the opponent's next move. One move
 * takes at most three pieces (the landing piece's fourth side is the way it came), so
 * only a side with four pieces or fewer can face it. */
bool td_threat(const void *vp)
{
    const TdPos *p = vp;
    if (td_result(p) != RESULT_NONE || bb128_popcount(p->men[p->side]) > 4)
        return false;
    TdPos flipped, child;
    td_make_null(p, &flipped);
    Move moves[MAX_MOVES];
    int n = td_gen_noisy(&flipped, moves);
    for (int i = 0; i < n; i++) {
        td_make_move(&flipped, moves[i], &child);
        if (td_result(&child) == RESULT_LOSS)
            return true;
    }
    return false;
}

/* History index: origin, landing and which neighbour (if any) a strength capture takes. */
uint32_t td_move_index(const void *vp, Move m)
{
    (void)vp;
    int from = td_move_from(m), to = td_move_to(m), victim = td_move_victim(m), slot = 0;
    if (victim >= 0)
        for (int dir = 0; dir < TD_DIRS; dir++)
            if (victim == to + td_delta(dir))
                slot = dir + 1;
    return (uint32_t)((from * TD_SQUARES + to) * (TD_DIRS + 1) + slot);
}

enum {
    TD_ORDER_WIN = 10000,    /* the move leaves the opponent one piece or none */
    TD_ORDER_PER_MAN = 1000, /* per piece taken */
    TD_ORDER_PER_PIP = 50,   /* per strength point of the pieces taken */
    TD_ORDER_TAME = 1500,    /* a dragon is a piece gained */
    TD_ORDER_COST = 10,      /* the strength point a strength capture spends */
};

/* Most pieces taken first, then the strongest taken, then taming. */
int td_noisy_order(const void *vp, Move m)
{
    const TdPos *p = vp;
    int from = td_move_from(m), to = td_move_to(m), victim = td_move_victim(m);
    Bb128 taken = victim >= 0 ? bb128_bit(victim) : custodial_victims(p, from, to);
    int men = bb128_popcount(taken), pips = 0, score = 0;
    for (Bb128 b = taken; b;)
        pips += td_strength_at(p, bb128_pop_lsb(&b));
    score += men * TD_ORDER_PER_MAN + pips * TD_ORDER_PER_PIP;
    if (victim >= 0)
        score -= TD_ORDER_COST;
    if (men && bb128_popcount(p->men[!p->side]) - men <= 1)
        score += TD_ORDER_WIN;
    if (tame_squares(p) & bb128_bit(to))
        score += TD_ORDER_TAME;
    return score;
}
