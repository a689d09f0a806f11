/*
 * Three Dragons: FEN reading and writing, the board display and move notation.
 *
 * FEN: board from rank 9 down, `M` mountains, `C` an empty cave, `P`/`p` pieces, in the
 * strength variants each followed by its strength digit; then side, tamed caves (`ceg`
 * subset or `-`), halfmove clock, fullmove number. Everything after the side may be left
 * out (defaults `- 0 1`).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grid.h"
#include "movegen/threedragons/threedragons.h"

static const char CAVE_LETTERS[TD_CAVE_COUNT + 1] = "ceg";

/* Per side, at the start: how many pieces have strength s or more (index s). */
static const int START_AT_LEAST[TD_MAX_STRENGTH + 1] = {11, 11, 9, 7, 5, 3, 1};

static void square_name(int sq, char *buf)
{
    buf[0] = (char)('a' + td_file(sq));
    buf[1] = (char)('1' + td_rank(sq));
    buf[2] = 0;
}

/* Reads a non-negative decimal field; false on anything else or overflow. */
static bool read_count(const char *s, int *out)
{
    for (const char *c = s; *c; c++)
        if (!isdigit((unsigned char)*c))
            return false;
    if (!*s || strlen(s) > 7)
        return false;
    *out = atoi(s);
    return true;
}

/* Reads the board field into p->men and p->strength. */
static bool read_board(TdPos *p, const char *board, char *err, size_t err_size)
{
    bool strength = td_has_strength(p);
    int rank = TD_RANKS - 1, file = 0;
    char name[3];
    for (const char *c = board; *c; c++) {
        if (*c == '/') {
            if (file != TD_FILES || rank == 0) {
                snprintf(err, err_size, "rank %d does not have 9 squares", rank + 1);
                return false;
            }
            rank--, file = 0;
            continue;
        }
        if (isdigit((unsigned char)*c)) {
            if (*c == '0') {
                snprintf(err, err_size, "a run of empty squares cannot start with 0");
                return false;
            }
            int run = 0;
            while (isdigit((unsigned char)*c) && run <= TD_FILES)
                run = run * 10 + (*c++ - '0');
            c--;
            if (run == 0 || file + run > TD_FILES) {
                snprintf(err, err_size, "bad run of empty squares on rank %d", rank + 1);
                return false;
            }
            for (int f = file; f < file + run; f++) {
                Bb128 bit = bb128_bit(td_square(f, rank));
                if (bit & (TD_MOUNTAINS | TD_CAVES)) {
                    square_name(td_square(f, rank), name);
                    snprintf(err, err_size, "%s is a %s and must be written %c", name,
                             (bit & TD_MOUNTAINS) ? "mountain" : "cave",
                             (bit & TD_MOUNTAINS) ? 'M' : 'C');
                    return false;
                }
            }
            file += run;
            continue;
        }
        if (file >= TD_FILES) {
            snprintf(err, err_size, "rank %d has more than 9 squares", rank + 1);
            return false;
        }
        int sq = td_square(file, rank);
        Bb128 bit = bb128_bit(sq);
        square_name(sq, name);
        if (*c == 'M' || *c == 'C') {
            if (!(bit & (*c == 'M' ? TD_MOUNTAINS : TD_CAVES))) {
                snprintf(err, err_size, "no %s on %s", *c == 'M' ? "mountain" : "cave", name);
                return false;
            }
        } else if (*c == 'P' || *c == 'p') {
            if (bit & TD_MOUNTAINS) {
                snprintf(err, err_size, "piece on the mountain %s", name);
                return false;
            }
            if ((bit & TD_CAVES) && p->variant != TD_DRAGONS) {
                snprintf(err, err_size, "piece on the cave %s (dragons variant only)", name);
                return false;
            }
            p->men[*c == 'P' ? P1 : P2] |= bit;
            if (strength) {
                int s = c[1] - '0';
                if (s < 1 || s > TD_MAX_STRENGTH) {
                    snprintf(err, err_size, "piece on %s needs a strength digit 1-6", name);
                    return false;
                }
                p->strength[s - 1] |= bit;
                c++;
            }
        } else {
            snprintf(err, err_size, "bad character '%c' in board", *c);
            return false;
        }
        file++;
    }
    if (rank != 0 || file != TD_FILES) {
        snprintf(err, err_size, "board must have 9 ranks of 9 squares");
        return false;
    }
    return true;
}

static bool read_tamed(TdPos *p, const char *field, char *err, size_t err_size)
{
    p->tamed = 0;
    if (strcmp(field, "-") == 0)
        return true;
    for (const char *c = field; *c; c++) {
        const char *at = memchr(CAVE_LETTERS, *c, TD_CAVE_COUNT);
        if (!at || (p->tamed >> (at - CAVE_LETTERS) & 1)) {
            snprintf(err, err_size, "tamed caves must be '-' or letters of 'ceg': '%s'", field);
            return false;
        }
        p->tamed |= (uint8_t)(1u << (at - CAVE_LETTERS));
    }
    if (p->variant != TD_DRAGONS) {
        snprintf(err, err_size, "tamed caves exist only in the dragons variant");
        return false;
    }
    return true;
}

/* States no game reaches: checked after the fields are read. */
static bool check_reachable(const TdPos *p, char *err, size_t err_size)
{
    int tamed = __builtin_popcount(p->tamed);
    for (int pl = 0; pl < 2; pl++) {
        const char *who = pl == P1 ? "white" : "black";
        if (bb128_popcount(p->men[pl]) > TD_START_MEN + tamed) {
            snprintf(err, err_size, "%s has more pieces than the game provides", who);
            return false;
        }
        for (int s = 1; td_has_strength(p) && s <= TD_MAX_STRENGTH; s++) {
            int bound = START_AT_LEAST[s];
            for (int c = 0; c < TD_CAVE_COUNT; c++)
                bound += (p->tamed >> c & 1) && td_dragon_strength(c) >= s;
            Bb128 strong = p->men[pl] & ~td_weaker_than(p, s);
            if (bb128_popcount(strong) > bound) {
                snprintf(err, err_size, "%s has %d pieces of strength %d or more (at most %d)", who,
                         bb128_popcount(strong), s, bound);
                return false;
            }
        }
    }
    if (bb128_popcount(p->men[!p->side]) <= 1) {
        snprintf(err, err_size, "the side that just moved has at most one piece");
        return false;
    }
    for (int c = 0; c < TD_CAVE_COUNT; c++) {
        int sq = td_cave_square(c);
        Bb128 bit = bb128_bit(sq), ring = td_cave_neighbours(c);
        char name[3];
        square_name(sq, name);
        if ((p->men[P1] | p->men[P2]) & bit) {
            if (!(p->tamed >> c & 1) || td_strength_at(p, sq) != td_dragon_strength(c)) {
                snprintf(err, err_size,
                         "a piece on the cave %s must be its tamed dragon of "
                         "strength %d",
                         name, td_dragon_strength(c));
                return false;
            }
        } else if (p->variant == TD_DRAGONS && !(p->tamed >> c & 1) &&
                   ((p->men[P1] & ring) == ring || (p->men[P2] & ring) == ring)) {
            snprintf(err, err_size, "the cave %s is surrounded but not tamed", name);
            return false;
        }
    }
    return true;
}

bool td_fen_read(TdPos *p, int variant, const char *fen, char *err, size_t err_size)
{
    enum { MAX_FIELDS = 5 };
    static const char *const defaults[MAX_FIELDS] = {"", "", "-", "0", "1"};
    char copy[FEN_MAX], *field[MAX_FIELDS], *save = NULL;
    memset(p, 0, sizeof *p);
    p->variant = (uint8_t)variant;
    if (strnlen(fen, FEN_MAX) >= FEN_MAX) {
        snprintf(err, err_size, "position string too long");
        return false;
    }
    strcpy(copy, fen);
    int fields = 0;
    bool too_many = false;
    for (char *w = strtok_r(copy, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
        if (fields == MAX_FIELDS) {
            too_many = true;
            break;
        }
        field[fields++] = w;
    }
    if (fields < 2 || too_many) {
        snprintf(err, err_size, "expected board, side, [tamed caves, halfmove, fullmove]");
        return false;
    }
    for (int i = fields; i < MAX_FIELDS; i++)
        field[i] = (char *)defaults[i];
    const char *board = field[0], *side = field[1], *tamed = field[2];
    const char *half = field[3], *full = field[4];
    if (!read_board(p, board, err, err_size))
        return false;
    if (strcmp(side, "w") == 0)
        p->side = P1;
    else if (strcmp(side, "b") == 0)
        p->side = P2;
    else {
        snprintf(err, err_size, "side to move must be 'w' or 'b', not '%s'", side);
        return false;
    }
    if (!read_tamed(p, tamed, err, err_size))
        return false;
    int halfmove, fullmove;
    if (!read_count(half, &halfmove) || !read_count(full, &fullmove) || fullmove < 1) {
        snprintf(err, err_size, "bad move counters '%s %s'", half, full);
        return false;
    }
    p->halfmove = halfmove;
    p->fullmove = fullmove;
    if (!check_reachable(p, err, err_size))
        return false;
    p->key = td_key_from_scratch(p);
    return true;
}

/* The square's FEN token ("M", "C", "P", "p5"); empty string for an empty square. */
static void square_token(const TdPos *p, int sq, char *tok)
{
    Bb128 bit = bb128_bit(sq);
    int n = 0;
    if (bit & (p->men[P1] | p->men[P2])) {
        tok[n++] = (p->men[P1] & bit) ? 'P' : 'p';
        if (td_has_strength(p))
            tok[n++] = (char)('0' + td_strength_at(p, sq));
    } else if (bit & TD_MOUNTAINS) {
        tok[n++] = 'M';
    } else if (bit & TD_CAVES) {
        tok[n++] = 'C';
    }
    tok[n] = 0;
}

void td_fen_write(const void *vp, char *buf, size_t size)
{
    const TdPos *p = vp;
    char out[FEN_MAX], tok[4], tamed[TD_CAVE_COUNT + 1];
    int n = 0, t = 0;
    for (int rank = TD_RANKS - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < TD_FILES; file++) {
            square_token(p, td_square(file, rank), tok);
            if (!tok[0]) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty), empty = 0;
            for (const char *c = tok; *c; c++)
                out[n++] = *c;
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (rank)
            out[n++] = '/';
    }
    out[n] = 0;
    for (int c = 0; c < TD_CAVE_COUNT; c++)
        if (p->tamed >> c & 1)
            tamed[t++] = CAVE_LETTERS[c];
    tamed[t] = 0;
    snprintf(buf, size, "%s %c %s %d %d", out, p->side == P1 ? 'w' : 'b', t ? tamed : "-",
             (int)p->halfmove, (int)p->fullmove);
}

static void display_cell(const void *vp, int file, int rank, char *text)
{
    square_token(vp, td_square(file, rank), text);
}

void td_display(const void *vp, char *buf, size_t size)
{
    grid_draw(vp, TD_FILES, TD_RANKS, 2, display_cell, buf, size);
}

void td_move_to_str(const void *vp, Move m, char *buf)
{
    (void)vp;
    char from[3], to[3], victim[3];
    square_name(td_move_from(m), from);
    square_name(td_move_to(m), to);
    if (td_move_victim(m) < 0) {
        snprintf(buf, MOVE_STR_MAX, "%s%s", from, to);
        return;
    }
    square_name(td_move_victim(m), victim);
    snprintf(buf, MOVE_STR_MAX, "%s%sx%s", from, to, victim);
}

/* Reads a square name at s; -1 if it is not one. */
static int parse_square(const char *s)
{
    int file = s[0] - 'a', rank = s[1] - '1';
    if (file < 0 || file >= TD_FILES || rank < 0 || rank >= TD_RANKS)
        return -1;
    return td_square(file, rank);
}

Move td_parse_move(const void *vp, const char *s)
{
    size_t len = strnlen(s, 8);
    if (len != 4 && !(len == 7 && s[4] == 'x'))
        return MOVE_NONE;
    int from = parse_square(s), to = parse_square(s + 2);
    int victim = len == 7 ? parse_square(s + 5) : -1;
    if (from < 0 || to < 0 || (len == 7 && victim < 0))
        return MOVE_NONE;
    Move want = td_move_make(from, to, victim);
    return game_move_in_list(vp, want, td_gen_moves) ? want : MOVE_NONE;
}
