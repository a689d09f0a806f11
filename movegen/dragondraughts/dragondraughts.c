/*
 * Dragon-draughts (Turkish draughts): position, FEN, make, hash, result and the Game table.
 */
#include "movegen/dragondraughts/dragondraughts.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"

enum { MAN = 0, KING = 1 };

static uint64_t zobrist_piece[2][2][64]; /* [player][MAN or KING][square] */
static uint64_t zobrist_side;

static void dd_init(void)
{
    uint64_t seed = 0xD4A06D5A17ULL;
    for (int pl = 0; pl < 2; pl++)
        for (int kind = 0; kind < 2; kind++)
            for (int sq = 0; sq < 64; sq++)
                zobrist_piece[pl][kind][sq] = rng_next(&seed);
    zobrist_side = rng_next(&seed);
    draughts_init_tables();
}

static uint64_t dd_key_from_scratch(const void *vp)
{
    const DraughtsPos *p = vp;
    uint64_t key = p->side == P2 ? zobrist_side : 0;
    for (int pl = 0; pl < 2; pl++)
        for (Bb64 b = p->pieces[pl]; b;) {
            int sq = bb64_pop_lsb(&b);
            key ^= zobrist_piece[pl][(p->kings >> sq) & 1][sq];
        }
    return key;
}

/* A side without pieces has lost; a blocked side is left to no_moves_result. */
static Result dd_result(const void *vp)
{
    const DraughtsPos *p = vp;
    return p->pieces[p->side] ? RESULT_NONE : RESULT_LOSS;
}

static int dd_gen_moves(const void *vp, Move *moves)
{
    return draughts_gen_moves(vp, moves);
}

/* Noisy = captures. Quiet promotions stay quiet: with noisy_forced a non-empty noisy list
 * must be the whole legal list, which only compulsory captures are. */
static int dd_gen_noisy(const void *vp, Move *moves)
{
    return draughts_gen_captures(vp, moves);
}

static bool dd_is_noisy(const void *vp, Move m)
{
    return dd_move_captured(vp, m) != 0;
}

/* Quiet moves are legal only when no capture is (a capture exists exactly when some piece
 * of the side to move can make a first jump). */
static bool dd_capture_exists(const DraughtsPos *p) { return draughts_attacked(p, !p->side) != 0; }

static int dd_gen_quiet(const void *vp, Move *moves)
{
    const DraughtsPos *p = vp;
    return dd_capture_exists(p) ? 0 : draughts_gen_quiet(p, moves);
}

static bool dd_has_legal_move(const void *vp)
{
    const DraughtsPos *p = vp;
    return dd_capture_exists(p) || draughts_has_quiet(p, p->side);
}

/* A capture is checked against the list of captures, which only the whole capture search
 * can give (the most-captures rule compares every sequence); a quiet move is one piece of
 * the side to move and one empty square it steps or slides to, with no capture on. */
static bool dd_move_is_legal(const void *vp, Move m)
{
    const DraughtsPos *p = vp;
    Bb64 own = m & p->pieces[p->side], occ = p->pieces[P1] | p->pieces[P2];
    if (bb64_popcount(own) != 1)
        return false;
    if (m & p->pieces[!p->side])
        return game_move_in_list(p, m, dd_gen_noisy);
    Bb64 to = m & ~occ;
    if (bb64_popcount(m) != 2 || !to || dd_capture_exists(p))
        return false;
    int from = bb64_lsb(own);
    if (p->kings & own) {
        for (int dir = 0; dir < DD_DIRS; dir++)
            if (draughts_slide(dir, from, occ) & to)
                return true;
        return false;
    }
    for (int i = 0; i < 3; i++)
        if (dd_shift(own, dd_man_dir(p->side, i)) & to)
            return true;
    return false;
}

void draughts_make_move(const void *vp, Move m, void *out)
{
    const DraughtsPos *p = vp;
    DraughtsPos *q = out;
    int us = p->side, them = !us;
    int from = dd_move_from(p, m), to = dd_move_to(p, m);
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

static void dd_make_null(const void *vp, void *out)
{
    const DraughtsPos *p = vp;
    DraughtsPos *q = out;
    *q = *p;
    q->side = !p->side;
    q->key ^= zobrist_side;
    q->halfmove++;
    q->reversible++;
    q->fullmove += p->side == P2;
}

static uint64_t dd_key(const void *vp) { return ((const DraughtsPos *)vp)->key; }
static int dd_side(const void *vp) { return ((const DraughtsPos *)vp)->side; }
static int dd_halfmove(const void *vp) { return ((const DraughtsPos *)vp)->halfmove; }
static int dd_reversible(const void *vp) { return ((const DraughtsPos *)vp)->reversible; }

enum { COUNTER_MAX = 1000000 };

/* Reads a non-negative decimal field; false on anything else or overflow. */
static bool read_count(const char *s, int *out)
{
    char *end;
    if (!isdigit((unsigned char)*s))
        return false;
    long v = strtol(s, &end, 10);
    if (*end || v > COUNTER_MAX)
        return false;
    *out = (int)v;
    return true;
}

static const char piece_chars[2][2] = {{'P', 'K'}, {'p', 'k'}}; /* [player][kind] */

/* Reads the board field into p; false with a reason on any malformed rank. */
static bool read_board(DraughtsPos *p, const char *board, char *err, size_t err_size)
{
    int rank = 7, file = 0;
    for (const char *c = board; *c; c++) {
        if (*c == '/') {
            if (file != 8 || rank == 0) {
                snprintf(err, err_size, "rank %d does not have 8 squares", rank + 1);
                return false;
            }
            rank--, file = 0;
            continue;
        }
        if (isdigit((unsigned char)*c)) {
            /* a run of digits is one count (the shared FEN convention), so "44" is 44 */
            if (*c == '0') {
                snprintf(err, err_size, "empty-square count starts with 0 in rank %d",
                         rank + 1);
                return false;
            }
            int run = 0;
            for (; isdigit((unsigned char)c[1]) && run <= 8; c++)
                run = run * 10 + (*c - '0');
            file += run * 10 + (*c - '0');
        } else {
            const char *hit = memchr(piece_chars, *c, sizeof piece_chars);
            if (!hit) {
                snprintf(err, err_size, "bad character '%c' in board", *c);
                return false;
            }
            int index = (int)(hit - &piece_chars[0][0]), pl = index / 2, kind = index % 2;
            if (file < 8) {
                p->pieces[pl] |= dd_bit(rank * 8 + file);
                if (kind == KING)
                    p->kings |= dd_bit(rank * 8 + file);
            }
            file++;
        }
        if (file > 8) {
            snprintf(err, err_size, "rank %d has more than 8 squares", rank + 1);
            return false;
        }
    }
    if (rank != 0 || file != 8) {
        snprintf(err, err_size, "board must have 8 ranks of 8 squares");
        return false;
    }
    return true;
}

/* Rejects boards no game can reach; false with a reason. */
static bool check_reachable(const DraughtsPos *p, char *err, size_t err_size)
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
        snprintf(err, err_size, "the side that just moved (%s) has no pieces",
                 names[!p->side]);
        return false;
    }
    return true;
}

static bool dd_fen_read(void *vp, const char *fen, char *err, size_t err_size)
{
    DraughtsPos *p = vp;
    char board[128], side[8], half[16], full[16], extra[2];
    memset(p, 0, sizeof *p);
    int fields = sscanf(fen, "%127s %7s %15s %15s %1s", board, side, half, full, extra);
    if (fields < 2 || fields > 4) {
        snprintf(err, err_size, "expected board, side, [halfmove, fullmove]");
        return false;
    }
    if (!read_board(p, board, err, err_size))
        return false;
    if (strcmp(side, "w") == 0)
        p->side = P1;
    else if (strcmp(side, "b") == 0)
        p->side = P2;
    else {
        snprintf(err, err_size, "side to move must be 'w' or 'b'");
        return false;
    }
    p->fullmove = 1;
    if ((fields >= 3 && !read_count(half, &p->halfmove)) ||
        (fields >= 4 && (!read_count(full, &p->fullmove) || p->fullmove < 1))) {
        snprintf(err, err_size, "bad move counters");
        return false;
    }
    if (!check_reachable(p, err, err_size))
        return false;
    /* No earlier position is known, so no repetition can reach back further. */
    p->reversible = p->halfmove;
    p->key = dd_key_from_scratch(p);
    return true;
}

/* The letter on `sq`, or 0 for an empty square. */
static char piece_char(const DraughtsPos *p, int sq)
{
    for (int pl = 0; pl < 2; pl++)
        if (p->pieces[pl] & dd_bit(sq))
            return piece_chars[pl][(p->kings >> sq) & 1];
    return 0;
}

static void dd_fen_write(const void *vp, char *buf, size_t size)
{
    const DraughtsPos *p = vp;
    char out[FEN_MAX];
    int n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            char c = piece_char(p, rank * 8 + file);
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty), empty = 0;
            out[n++] = c;
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (rank)
            out[n++] = '/';
    }
    out[n] = 0;
    snprintf(buf, size, "%s %c %d %d", out, p->side == P1 ? 'w' : 'b', p->halfmove,
             p->fullmove);
}

static void dd_display(const void *vp, char *buf, size_t size)
{
    const DraughtsPos *p = vp;
    size_t n = 0;
    for (int rank = 7; rank >= 0 && n < size; rank--) {
        n += (size_t)snprintf(buf + n, size - n, " %d ", rank + 1);
        for (int file = 0; file < 8 && n < size; file++) {
            char c = piece_char(p, rank * 8 + file);
            n += (size_t)snprintf(buf + n, size - n, " %c", c ? c : '.');
        }
        if (n < size)
            n += (size_t)snprintf(buf + n, size - n, "\n");
    }
    if (n < size)
        snprintf(buf + n, size - n, "    a b c d e f g h\n");
}

static uint32_t dd_move_index(const void *vp, Move m)
{
    return (uint32_t)(dd_move_from(vp, m) * 64 + dd_move_to(vp, m));
}

enum {
    ORDER_PER_CAPTURE = 1000, /* capture count first (all equal under the most-captures rule) */
    ORDER_PER_KING = 100,     /* then Daimyos taken */
    ORDER_PROMOTION = 50,     /* then a capture that ends on the last rank */
};

static int dd_noisy_order(const void *vp, Move m)
{
    const DraughtsPos *p = vp;
    Bb64 captured = dd_move_captured(p, m);
    int from = dd_move_from(p, m), to = dd_move_to(p, m);
    bool promotes = !(p->kings & dd_bit(from)) && (dd_last_rank(p->side) & dd_bit(to));
    return bb64_popcount(captured) * ORDER_PER_CAPTURE +
           bb64_popcount(captured & p->kings) * ORDER_PER_KING + (promotes ? ORDER_PROMOTION : 0);
}

/* The opponent has a man one step from promotion with its promotion square free: a new
 * Daimyo is worth several men, so it must be answered now. */
static bool dd_threat(const void *vp)
{
    const DraughtsPos *p = vp;
    return dd_runners(p, !p->side) != 0;
}

static const char *const dd_aliases[] = {"turkish", NULL};

/* Openings, middle games and endings (some with Daimyos, some with a capture to make). */
static const char *const dd_bench[] = {
    "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1",
    "8/ppp1pppp/pp1ppppp/p2p4/P4PP1/P1PP1P1P/PPPPPPPP/8 w 0 6",
    "8/pp1ppppp/pp1p1p1p/1p1pp2p/PP3PP1/PP1PP1PP/P1PP1PPP/8 w 0 11",
    "8/ppppp2p/1pp1p1pp/ppp1p3/2P3PP/PPP1PPP1/PPP1PPP1/8 w 0 16",
    "8/p2pp2p/2p1p2p/P1p2p1P/2p4P/P4P2/P1PP1PP1/8 w 0 31",
    "8/1pp3p1/ppp1pp1p/pp1ppp2/P3P1PP/P1PPP1P1/PP1P1P1P/8 w 0 36",
    "8/2p2pp1/1p2p3/p2p3p/P2P1P1P/1P2P1P1/2P2P2/8 b 0 30",
    "8/pp6/ppp1p1p1/p2pp2p/PPP2PPp/P1PPP3/P2P1P1P/8 w 0 51",
    "8/kpp2pp1/p2pp2p/8/8/P2PP2P/1PP2PPK/8 w 0 40",
    "8/p4p1p/2p5/P2P4/6pp/5P2/1P1P3P/8 w 0 46",
    "8/p3p3/3P4/3P2p1/3k4/8/4P3/8 w 0 61",
    "8/8/1k6/8/5p2/8/2PK4/8 b 4 50",
    NULL,
};

static const uint64_t dd_perft_reference[] = {8, 64, 708, 7538, 85090, 931312, 0};

const Game dragondraughts_game = {
    .name = "dragondraughts",
    .aliases = dd_aliases,
    .side_names = {"white", "black"},
    .files = 8,
    .ranks = 8,
    .pos_size = sizeof(DraughtsPos),
    .start_fen = "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1",
    .init = dd_init,
    .fen_read = dd_fen_read,
    .fen_write = dd_fen_write,
    .display = dd_display,
    .gen_moves = dd_gen_moves,
    .gen_noisy = dd_gen_noisy,
    .gen_quiet = dd_gen_quiet,
    .is_noisy = dd_is_noisy,
    .has_legal_move = dd_has_legal_move,
    .move_is_legal = dd_move_is_legal,
    /* cheap for quiet moves, the only ones killers hold */
    .move_is_legal_cheap = true,
    /* capture_done keeps at most MAX_MOVES captures; quiet moves are far fewer */
    .max_moves = MAX_MOVES,
    .make_move = draughts_make_move,
    .make_null = dd_make_null,
    .perft = draughts_perft,
    .move_to_str = draughts_move_to_str,
    .parse_move = draughts_parse_move,
    .key = dd_key,
    .key_from_scratch = dd_key_from_scratch,
    .side_to_move = dd_side,
    .halfmove_clock = dd_halfmove,
    .repetition_plies = dd_reversible,
    .result = dd_result,
    .no_moves_result = RESULT_LOSS,
    .evaluate = draughts_evaluate,
    .eval_terms = draughts_eval_terms,
    .move_index_count = 64 * 64,
    .move_index = dd_move_index,
    .noisy_order = dd_noisy_order,
    .threat = dd_threat,
    .params = {
        /* Zugzwang decides many draughts endgames (a side must move and every move
         * loses), where a null move would report a false cut-off. */
        .null_move = false,
        /* A side far ahead at a quiet node stays ahead over the last plies. */
        .reverse_futility = true,
        /* Off: a quiet sacrifice that forces the opponent's capture and sets up a larger
         * capture (a shot) looks hopeless statically, and qsearch only sees it if the
         * quiet move is searched. */
        .futility = false,
        /* Late quiet moves are still searched, only shallower, so shots are not lost. */
        .late_move_reductions = true,
        /* Off for the same reason as futility: pruning would drop sacrifices outright. */
        .late_move_pruning = false,
        /* Capturing is compulsory: when captures exist they are the whole move list. */
        .noisy_forced = true,
        /* dd_threat (an enemy man about to become a Daimyo) is rare and decisive. */
        .threat_extension = true,
        .margin_unit = 100,
        .moves_left = 60,
    },
    .bench_fens = dd_bench,
    .bench_depth = 9,
    /* Depths 1-6 of the rules file's table; its depth-7 figure counts capture paths, not
     * moves (docs/dragondraughts.md), so perftsuite stops at 6. */
    .perft_reference = dd_perft_reference,
};
