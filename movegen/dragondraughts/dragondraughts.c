/*
 * Dragon-draughts (Turkish draughts): position, FEN, make, hash and result (the rules; the
 * Game table is games/dragondraughts.c).
 */
#include "movegen/dragondraughts/dragondraughts.h"

#include <stdio.h>
#include <string.h>

#include "core/rng.h"

enum { MAN = 0, KING = 1 };

static uint64_t zobrist_piece[2][2][64]; /* [player][MAN or KING][square] */
static uint64_t zobrist_side;

void dd_init(void)
{
    uint64_t seed = 0xD4A06D5A17ULL;
    for (int pl = 0; pl < 2; pl++)
        for (int kind = 0; kind < 2; kind++)
            for (int sq = 0; sq < 64; sq++)
                zobrist_piece[pl][kind][sq] = rng_next(&seed);
    zobrist_side = rng_next(&seed);
    dd_init_tables();
}

uint64_t dd_key_from_scratch(const void *vp)
{
    const DdPos *p = vp;
    uint64_t key = p->side == P2 ? zobrist_side : 0;
    for (int pl = 0; pl < 2; pl++)
        for (Bb64 b = p->pieces[pl]; b;) {
            int sq = bb64_pop_lsb(&b);
            key ^= zobrist_piece[pl][(p->kings >> sq) & 1][sq];
        }
    return key;
}

/* A side without pieces has lost; a blocked side is left to no_moves_result. */
Result dd_result(const void *vp)
{
    const DdPos *p = vp;
    return p->pieces[p->side] ? RESULT_NONE : RESULT_LOSS;
}

bool dd_is_noisy(const void *vp, Move m)
{
    (void)vp;
    return dd_move_is_capture(m);
}

/* Quiet moves are legal only when no capture is (a capture exists exactly when some piece
 * of the side to move can make a first jump). */
static bool dd_capture_exists(const DdPos *p) { return dd_attacked(p, !p->side) != 0; }

int dd_gen_quiet(const void *vp, Move *moves)
{
    const DdPos *p = vp;
    return dd_capture_exists(p) ? 0 : dd_gen_quiet_unforced(p, moves);
}

bool dd_has_legal_move(const void *vp)
{
    const DdPos *p = vp;
    return dd_capture_exists(p) || dd_has_quiet(p, p->side);
}

/* A capture is checked against the list of captures, which only the whole capture search
 * can give (the most-captures rule compares every sequence); a quiet move is a piece of
 * the side to move stepping or sliding to an empty square, with no capture on. */
bool dd_move_is_legal(const void *vp, Move m)
{
    const DdPos *p = vp;
    if (dd_move_is_capture(m))
        return game_move_in_list(p, m, dd_gen_noisy);
    int from = dd_move_from(m), to = dd_move_to(m);
    Bb64 occ = p->pieces[P1] | p->pieces[P2], own = dd_bit(from);
    if (m != dd_move_make(from, to, 0) || !(p->pieces[p->side] & own) || (occ & dd_bit(to)) ||
        dd_capture_exists(p))
        return false;
    if (p->kings & own) {
        for (int dir = 0; dir < DD_DIRS; dir++)
            if (dd_slide(dir, from, occ) & dd_bit(to))
                return true;
        return false;
    }
    for (int i = 0; i < 3; i++)
        if (dd_shift(own, dd_man_dir(p->side, i)) & dd_bit(to))
            return true;
    return false;
}

void dd_make_move(const void *vp, Move m, void *out)
{
    const DdPos *p = vp;
    DdPos *q = out;
    int us = p->side, them = !us;
    int from = dd_move_from(m), to = dd_move_to(m);
    /* from == to for a capture loop back to the origin: the mover does not move; to may
     * also be a captured square, cleared below before the mover is set on it */
    Bb64 captured = dd_move_captured(p, m), moved = dd_bit(from) ^ dd_bit(to);
    int kind = (p->kings >> from) & 1;
    int new_kind = kind | ((dd_last_rank(us) >> to) & 1);
    *q = *p;
    q->key ^= zobrist_side ^ zobrist_piece[us][kind][from] ^ zobrist_piece[us][new_kind][to];
    q->pieces[us] ^= moved;
    q->kings = (q->kings & ~(dd_bit(from) | captured)) | ((Bb64)new_kind << to);
    q->pieces[them] ^= captured;
    for (Bb64 b = captured; b;) {
        int sq = bb64_pop_lsb(&b);
        q->key ^= zobrist_piece[them][(p->kings >> sq) & 1][sq];
    }
    q->halfmove = captured || kind == MAN ? 0 : p->halfmove + 1;
    bool forward = kind == MAN && from / 8 != to / 8;
    q->reversible = captured || forward ? 0 : p->reversible + 1;
    q->side = them;
    q->fullmove += us == P2;
}

void dd_make_null(const void *vp, void *out)
{
    const DdPos *p = vp;
    DdPos *q = out;
    *q = *p;
    q->side = !p->side;
    q->key ^= zobrist_side;
    q->halfmove++;
    q->reversible++;
    q->fullmove += p->side == P2;
}

uint64_t dd_key(const void *vp) { return ((const DdPos *)vp)->key; }
int dd_side(const void *vp) { return ((const DdPos *)vp)->side; }
int dd_halfmove(const void *vp) { return ((const DdPos *)vp)->halfmove; }
int dd_reversible(const void *vp) { return ((const DdPos *)vp)->reversible; }

static const char piece_chars[2][2] = {{'P', 'K'}, {'p', 'k'}}; /* [player][kind] */

/* FEN letters: piece_chars; a Daimyo is also marked in `kings`. */
static bool dd_place(void *vp, int sq, char letter)
{
    DdPos *p = vp;
    const char *hit = memchr(piece_chars, letter, sizeof piece_chars);
    if (!hit)
        return false;
    int index = (int)(hit - &piece_chars[0][0]), pl = index / 2, kind = index % 2;
    p->pieces[pl] |= dd_bit(sq);
    if (kind == KING)
        p->kings |= dd_bit(sq);
    return true;
}

/* Rejects boards no game can reach; false with a reason. */
static bool check_reachable(const DdPos *p, char *err, size_t err_size)
{
    static const char *const names[2] = {"white", "black"};
    for (int pl = 0; pl < 2; pl++) {
        Bb64 men = p->pieces[pl] & ~p->kings;
        Bb64 home = pl == P1 ? DD_RANK_1_BB : DD_RANK_8_BB;
        if (bb64_popcount(p->pieces[pl]) > DD_MAX_PIECES) {
            snprintf(err, err_size, "%s has more than %d pieces", names[pl], DD_MAX_PIECES);
            return false;
        }
        if (men & dd_last_rank(pl)) {
            snprintf(err, err_size, "a %s man on its last rank would be a Daimyo", names[pl]);
            return false;
        }
        if (men & home) {
            snprintf(err, err_size, "a %s man behind its start ranks (men never move back)",
                     names[pl]);
            return false;
        }
    }
    if (!p->pieces[!p->side]) {
        snprintf(err, err_size, "the side that just moved (%s) has no pieces", names[!p->side]);
        return false;
    }
    return true;
}

bool dd_fen_read(void *vp, const char *fen, char *err, size_t err_size)
{
    DdPos *p = vp;
    memset(p, 0, sizeof *p);
    if (!b8_fen_read(p, fen, dd_place, &p->side, &p->halfmove, &p->fullmove, err, err_size))
        return false;
    if (!check_reachable(p, err, err_size))
        return false;
    /* No earlier position is known, so no repetition can reach back further. */
    p->reversible = p->halfmove;
    p->key = dd_key_from_scratch(p);
    return true;
}

/* The letter on `sq`, or 0 for an empty square. */
static char dd_letter_at(const void *vp, int sq)
{
    const DdPos *p = vp;
    for (int pl = 0; pl < 2; pl++)
        if (p->pieces[pl] & dd_bit(sq))
            return piece_chars[pl][(p->kings >> sq) & 1];
    return 0;
}

void dd_fen_write(const void *vp, char *buf, size_t size)
{
    const DdPos *p = vp;
    b8_fen_write(p, dd_letter_at, p->side, p->halfmove, p->fullmove, buf, size);
}

void dd_display(const void *pos, char *buf, size_t size)
{
    b8_board_draw(pos, dd_letter_at, buf, size);
}

uint32_t dd_move_index(const void *vp, Move m)
{
    (void)vp;
    return (uint32_t)(dd_move_from(m) * 64 + dd_move_to(m));
}

enum {
    ORDER_PER_CAPTURE = 1000, /* capture count first (all equal under the most-captures rule) */
    ORDER_PER_KING = 100,     /* then Daimyos taken */
    ORDER_PROMOTION = 50,     /* then a capture that ends on the last rank */
};

int dd_noisy_order(const void *vp, Move m)
{
    const DdPos *p = vp;
    Bb64 captured = dd_move_captured(p, m);
    int from = dd_move_from(m), to = dd_move_to(m);
    bool promotes = !(p->kings & dd_bit(from)) && (dd_last_rank(p->side) & dd_bit(to));
    return bb64_popcount(captured) * ORDER_PER_CAPTURE +
           bb64_popcount(captured & p->kings) * ORDER_PER_KING + (promotes ? ORDER_PROMOTION : 0);
}

/* The opponent has a man one step from promotion with its promotion square free: a new
 * Daimyo is worth several men, so it must be answered now. */
bool dd_threat(const void *vp)
{
    const DdPos *p = vp;
    return dd_runners(p, !p->side) != 0;
}
