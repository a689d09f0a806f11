/*
 * Dragon-draughts move generation and perft.
 *
 * Quiet moves of men are three shifts; Daimyos slide along precomputed rays cut at the
 * first piece. Captures are a depth-first search per capturing piece over the live board:
 * each jumped piece is removed before the next jump (so emptied squares can be crossed or
 * landed on again, and removals open new jumps), the direction just used may not be
 * reversed, and a man stays a man until the move ends. Only sequences with the most
 * captures over all pieces are kept, deduplicated by their move value (origin, final
 * square and captured set, all explicit: a Daimyo may end on a square it emptied). The
 * same search, given a visitor, lists every path for the notation.
 */
#include "movegen/dragondraughts/dragondraughts.h"

/* Squares strictly beyond `sq` in each direction, up to the board's edge. */
static Bb64 rays[DD_DIRS][64];
/* The neighbour of `sq` in each direction, -1 off the board. */
static int neighbour[DD_DIRS][64];

static const int dir_delta[DD_DIRS] = {8, -8, -1, 1};

void dd_init_tables(void)
{
    for (int dir = 0; dir < DD_DIRS; dir++)
        for (int sq = 0; sq < 64; sq++)
            neighbour[dir][sq] = dd_shift(dd_bit(sq), dir) ? sq + dir_delta[dir] : -1;
    for (int dir = 0; dir < DD_DIRS; dir++)
        for (int sq = 0; sq < 64; sq++) {
            rays[dir][sq] = 0;
            for (int s = neighbour[dir][sq]; s >= 0; s = neighbour[dir][s])
                rays[dir][sq] |= dd_bit(s);
        }
}

/* The piece of `blockers` (all on one ray from a square) nearest to that square. */
static inline int nearest(int dir, Bb64 blockers)
{
    return dir == DD_UP || dir == DD_RIGHT ? bb64_lsb(blockers) : 63 - __builtin_clzll(blockers);
}

Bb64 dd_slide(int dir, int sq, Bb64 occ)
{
    Bb64 ray = rays[dir][sq], blockers = ray & occ;
    return blockers ? ray ^ rays[dir][nearest(dir, blockers)] : ray;
}

/* State of the capture search for one capturing piece. */
typedef struct CaptureSearch {
    Bb64 others;      /* the mover's other pieces: they never move during the sequence */
    Bb64 enemy;       /* enemy pieces still on the board */
    Bb64 enemy_start; /* enemy pieces before the move */
    unsigned taken;   /* the pieces jumped so far, as a move's captured mask */
    int origin;
    int side;
    int best;  /* most captures found so far (0 before the first) */
    int count; /* moves kept with `best` captures */
    Move *moves;
    DdPathVisit visit; /* set: hand every complete path to it instead */
    void *ctx;
    int path[DD_MAX_PATH];
} CaptureSearch;

/* A sequence of `captures` jumps ended on `sq`. */
static void capture_done(CaptureSearch *cs, int sq, int captures)
{
    Move m = dd_move_make(cs->origin, sq, cs->taken);
    if (cs->visit) {
        cs->visit(cs->ctx, cs->path, captures + 1, m);
        return;
    }
    if (captures < cs->best)
        return;
    if (captures > cs->best) {
        cs->best = captures;
        cs->count = 0;
    }
    for (int i = 0; i < cs->count; i++)
        if (cs->moves[i] == m)
            return;
    /* no reachable position comes near the bound; a crafted one must not overflow it */
    if (cs->count < MAX_MOVES)
        cs->moves[cs->count++] = m;
}

/* Takes the enemy piece on `mid` off the board for the rest of the capture, or puts it back
 * (the same exclusive-or both ways). */
static inline void toggle_capture(CaptureSearch *cs, int mid)
{
    cs->enemy ^= dd_bit(mid);
    cs->taken ^= dd_capture_bit(cs->enemy_start, mid);
}

/* A man on `sq` having made `captures` jumps, the last one along `last_dir` (-2 before
 * the first, which reverses nothing). */
static void man_captures(CaptureSearch *cs, int sq, int last_dir, int captures)
{
    Bb64 empty = ~(cs->others | cs->enemy);
    bool extended = false;
    for (int i = 0; i < 3; i++) {
        int dir = dd_man_dir(cs->side, i);
        int mid = neighbour[dir][sq];
        if (dir == (last_dir ^ 1) || mid < 0 || !(cs->enemy & dd_bit(mid)))
            continue;
        int land = neighbour[dir][mid];
        if (land < 0 || !(empty & dd_bit(land)))
            continue;
        extended = true;
        toggle_capture(cs, mid);
        cs->path[captures + 1] = land;
        man_captures(cs, land, dir, captures + 1);
        toggle_capture(cs, mid);
    }
    if (!extended && captures > 0)
        capture_done(cs, sq, captures);
}

/* The same for a Daimyo: it slides to the first piece and may land anywhere beyond it. */
static void king_captures(CaptureSearch *cs, int sq, int last_dir, int captures)
{
    Bb64 occ = cs->others | cs->enemy;
    bool extended = false;
    for (int dir = 0; dir < DD_DIRS; dir++) {
        Bb64 blockers = rays[dir][sq] & occ;
        if (dir == (last_dir ^ 1) || !blockers)
            continue;
        int mid = nearest(dir, blockers);
        if (!(cs->enemy & dd_bit(mid)))
            continue;
        Bb64 landings = dd_slide(dir, mid, occ) & ~occ;
        if (!landings)
            continue;
        extended = true;
        toggle_capture(cs, mid);
        while (landings) {
            int land = bb64_pop_lsb(&landings);
            cs->path[captures + 1] = land;
            king_captures(cs, land, dir, captures + 1);
        }
        toggle_capture(cs, mid);
    }
    if (!extended && captures > 0)
        capture_done(cs, sq, captures);
}

static void captures_from(CaptureSearch *cs, const DdPos *p, int sq)
{
    cs->others = p->pieces[cs->side] ^ dd_bit(sq);
    cs->origin = sq;
    cs->path[0] = sq;
    if (p->kings & dd_bit(sq))
        king_captures(cs, sq, -2, 0);
    else
        man_captures(cs, sq, -2, 0);
}

static CaptureSearch capture_search(const DdPos *p, int side)
{
    CaptureSearch cs = {0};
    cs.side = side;
    cs.enemy = cs.enemy_start = p->pieces[!side];
    return cs;
}

void dd_capture_paths(const DdPos *p, int origin, DdPathVisit visit, void *ctx)
{
    CaptureSearch cs = capture_search(p, p->side);
    cs.visit = visit;
    cs.ctx = ctx;
    captures_from(&cs, p, origin);
}

/* Men of `player` that can start a jump: an enemy next to them and an empty square beyond. */
static Bb64 jumping_men(const DdPos *p, int player)
{
    Bb64 men = p->pieces[player] & ~p->kings, enemy = p->pieces[!player];
    Bb64 empty = ~(p->pieces[P1] | p->pieces[P2]);
    Bb64 from = 0;
    for (int i = 0; i < 3; i++) {
        int dir = dd_man_dir(player, i), back = dir ^ 1;
        from |= dd_shift(dd_shift(empty, back) & enemy, back);
    }
    return from & men;
}

/* Noisy = captures. Quiet promotions stay quiet: with noisy_forced a non-empty noisy list
 * must be the whole legal list, which only compulsory captures are. */
int dd_gen_noisy(const void *pos, Move *moves)
{
    const DdPos *p = pos;
    CaptureSearch cs = capture_search(p, p->side);
    cs.moves = moves;
    for (Bb64 b = jumping_men(p, p->side); b;)
        captures_from(&cs, p, bb64_pop_lsb(&b));
    for (Bb64 b = p->pieces[p->side] & p->kings; b;)
        captures_from(&cs, p, bb64_pop_lsb(&b));
    return cs.count;
}

static int add_steps(Move *moves, int n, Bb64 targets, int delta)
{
    while (targets) {
        int to = bb64_pop_lsb(&targets);
        moves[n++] = dd_move_make(to - delta, to, 0);
    }
    return n;
}

int dd_gen_quiet_unforced(const DdPos *p, Move *moves)
{
    int us = p->side, n = 0;
    Bb64 occ = p->pieces[P1] | p->pieces[P2], men = p->pieces[us] & ~p->kings;
    for (int i = 0; i < 3; i++) {
        int dir = dd_man_dir(us, i);
        n = add_steps(moves, n, dd_shift(men, dir) & ~occ, dir_delta[dir]);
    }
    for (Bb64 kings = p->pieces[us] & p->kings; kings;) {
        int sq = bb64_pop_lsb(&kings);
        for (int dir = 0; dir < DD_DIRS; dir++)
            for (Bb64 to = dd_slide(dir, sq, occ) & ~occ; to;)
                moves[n++] = dd_move_make(sq, bb64_pop_lsb(&to), 0);
    }
    return n;
}

int dd_gen_moves(const void *pos, Move *moves)
{
    const DdPos *p = pos;
    int n = dd_gen_noisy(p, moves);
    return n ? n : dd_gen_quiet_unforced(p, moves);
}

int dd_quiet_count(const DdPos *p, int player)
{
    Bb64 occ = p->pieces[P1] | p->pieces[P2], men = p->pieces[player] & ~p->kings;
    int n = 0;
    for (int i = 0; i < 3; i++)
        n += bb64_popcount(dd_shift(men, dd_man_dir(player, i)) & ~occ);
    for (Bb64 kings = p->pieces[player] & p->kings; kings;) {
        int sq = bb64_pop_lsb(&kings);
        for (int dir = 0; dir < DD_DIRS; dir++)
            n += bb64_popcount(dd_slide(dir, sq, occ) & ~occ);
    }
    return n;
}

bool dd_has_quiet(const DdPos *p, int player)
{
    Bb64 occ = p->pieces[P1] | p->pieces[P2], men = p->pieces[player] & ~p->kings;
    for (int i = 0; i < 3; i++)
        if (dd_shift(men, dd_man_dir(player, i)) & ~occ)
            return true;
    /* a Daimyo with an empty neighbour can slide there */
    Bb64 kings = p->pieces[player] & p->kings;
    for (int dir = 0; dir < DD_DIRS; dir++)
        if (dd_shift(kings, dir) & ~occ)
            return true;
    return false;
}

Bb64 dd_attacked(const DdPos *p, int victim)
{
    int attacker = !victim;
    Bb64 occ = p->pieces[P1] | p->pieces[P2], targets = p->pieces[victim];
    Bb64 men = p->pieces[attacker] & ~p->kings, hit = 0;
    for (int i = 0; i < 3; i++) {
        int dir = dd_man_dir(attacker, i);
        hit |= dd_shift(men, dir) & targets & dd_shift(~occ, dir ^ 1);
    }
    for (Bb64 kings = p->pieces[attacker] & p->kings; kings;) {
        int sq = bb64_pop_lsb(&kings);
        for (int dir = 0; dir < DD_DIRS; dir++) {
            Bb64 blockers = rays[dir][sq] & occ;
            if (!blockers)
                continue;
            int mid = nearest(dir, blockers), beyond = neighbour[dir][mid];
            if ((targets & dd_bit(mid)) && beyond >= 0 && !(occ & dd_bit(beyond)))
                hit |= dd_bit(mid);
        }
    }
    return hit;
}

/* Leaf count of one ply: quiet moves are counted by popcount, never listed. */
uint64_t dd_count_moves(const void *pos)
{
    const DdPos *p = pos;
    Move moves[MAX_MOVES];
    int n = dd_gen_noisy(p, moves);
    return (uint64_t)(n ? n : dd_quiet_count(p, p->side));
}
