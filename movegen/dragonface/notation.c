/*
 * Dragon Face text: FEN in and out, the board drawing, and move notation.
 *
 * FEN: <board> <side> <two-square rights or -> <immune square or -> [<halfmove> [<fullmove>]]
 * (the counters default to 0 and 1). The reader checks every field and every state the
 * rules make impossible; the writer is canonical (rights in square order).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grid.h"
#include "movegen/dragonface/dragonface.h"

enum {
    DF_FEN_FIELDS_MIN = 4,
    DF_FEN_FIELDS_MAX = 6,
    DF_MAX_EMPERORS = 2,
    DF_MAX_AMBASSADORS = 12,
    DF_MAX_GOVERNORS = 14,
    DF_MAX_COUNTER = 1000000,
};

static const char DF_LETTERS[2][3] = {{'E', 'A', 'G'}, {'e', 'a', 'g'}};

/* "a1".."k9" at s (exactly two characters used) to a square, or -1. */
static int parse_square(const char *s)
{
    if (s[0] < 'a' || s[0] > 'k' || s[1] < '1' || s[1] > '9')
        return DF_NO_SQUARE;
    return (s[1] - '1') * DF_FILES + (s[0] - 'a');
}

static void square_name(int sq, char *out)
{
    out[0] = (char)('a' + sq % DF_FILES);
    out[1] = (char)('1' + sq / DF_FILES);
    out[2] = 0;
}

static bool fail(char *err, size_t err_size, const char *msg, const char *detail)
{
    snprintf(err, err_size, "%s%s%s", msg, detail ? ": " : "", detail ? detail : "");
    return false;
}

static bool read_counter(const char *s, int min, int *out)
{
    if (!isdigit((unsigned char)*s) || strlen(s) > 7)
        return false;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || v < min || v > DF_MAX_COUNTER)
        return false;
    *out = (int)v;
    return true;
}

static bool read_board(DfPos *p, const char *board, char *err, size_t err_size)
{
    int rank = DF_RANKS - 1, file = 0;
    char where[3];
    for (const char *c = board; *c; c++) {
        if (*c == '/') {
            if (file != DF_FILES || rank == 0)
                return fail(err, err_size, "each of the 9 ranks must have 11 squares", board);
            rank--, file = 0;
            continue;
        }
        if (isdigit((unsigned char)*c)) {
            if (*c == '0')
                return fail(err, err_size, "bad count of empty squares", board);
            int count = 0;
            while (isdigit((unsigned char)*c) && count <= DF_FILES)
                count = count * 10 + (*c++ - '0');
            c--;
            file += count;
        } else {
            const char *letters = "EAGFeagf";
            const char *hit = strchr(letters, *c);
            if (!hit)
                return fail(err, err_size, "bad letter in board (EAGF light, eagf dark)", board);
            if (file >= DF_FILES)
                return fail(err, err_size, "a rank has more than 11 squares", board);
            int player = isupper((unsigned char)*c) ? P1 : P2;
            int sq = rank * DF_FILES + file;
            Bb128 b = bb128_bit(sq);
            square_name(sq, where);
            char up = (char)toupper((unsigned char)*c);
            if (up == 'E' && (b & DF_ZONE))
                return fail(err, err_size, "an Emperor may not stand in the Sacrifice Zone", where);
            if (up == 'F' && (b & DF_TERR))
                return fail(err, err_size, "a free Ambassador (F) must stand in the Zone", where);
            p->occ[player] |= b;
            p->emp |= up == 'E' ? b : 0;
            p->amb |= up == 'A' || up == 'F' ? b : 0;
            p->free |= up == 'F' ? b : 0;
            file++;
        }
        if (file > DF_FILES)
            return fail(err, err_size, "a rank has more than 11 squares", board);
    }
    if (rank != 0 || file != DF_FILES)
        return fail(err, err_size, "the board must have 9 ranks of 11 squares", board);
    return true;
}

static bool read_rights(DfPos *p, const char *s, char *err, size_t err_size)
{
    if (strcmp(s, "-") == 0)
        return true;
    size_t len = strlen(s);
    if (len % 2)
        return fail(err, err_size, "bad two-square rights field", s);
    Bb128 gov = df_governors(p);
    for (size_t i = 0; i < len; i += 2) {
        int sq = parse_square(s + i);
        if (sq < 0)
            return fail(err, err_size, "bad square in two-square rights", s);
        unsigned bit = df_rights_bit(sq);
        int owner = sq < DF_SQUARES / 2 ? P1 : P2;
        if (!bit || !(gov & p->occ[owner] & bb128_bit(sq)))
            return fail(err, err_size,
                        "two-square rights need an unmoved Governor on its start square", s);
        if (p->rights & bit)
            return fail(err, err_size, "square repeated in two-square rights", s);
        p->rights |= (uint16_t)bit;
    }
    return true;
}

static bool check_material(const DfPos *p, char *err, size_t err_size)
{
    if (bb128_popcount(p->emp) > DF_MAX_EMPERORS || bb128_popcount(p->amb) > DF_MAX_AMBASSADORS ||
        bb128_popcount(df_governors(p)) + bb128_popcount(p->free) > DF_MAX_GOVERNORS)
        return fail(err, err_size, "more pieces than the set has (2 E, 12 A, 14 G)", NULL);
    if (!(p->occ[!p->side] & p->emp))
        return fail(err, err_size, "the side that just moved has no Emperor", NULL);
    return true;
}

bool df_fen_read(void *vp, const char *fen, char *err, size_t err_size)
{
    DfPos *p = vp;
    memset(p, 0, sizeof *p);
    p->immune = DF_NO_SQUARE;
    p->fullmove = 1;
    if (strlen(fen) >= FEN_MAX)
        return fail(err, err_size, "position string too long", NULL);
    char copy[FEN_MAX];
    strcpy(copy, fen);
    char *field[DF_FEN_FIELDS_MAX + 1];
    int fields = 0;
    char *save = NULL;
    for (char *t = strtok_r(copy, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
        if (fields > DF_FEN_FIELDS_MAX)
            break;
        field[fields++] = t;
    }
    if (fields < DF_FEN_FIELDS_MIN || fields > DF_FEN_FIELDS_MAX)
        return fail(err, err_size,
                    "expected <board> <side> <rights> <immune> [<halfmove> [<fullmove>]]", fen);
    if (!read_board(p, field[0], err, err_size))
        return false;
    if (strcmp(field[1], "w") == 0)
        p->side = P1;
    else if (strcmp(field[1], "b") == 0)
        p->side = P2;
    else
        return fail(err, err_size, "side to move must be 'w' or 'b'", field[1]);
    if (!read_rights(p, field[2], err, err_size))
        return false;
    if (strcmp(field[3], "-") != 0) {
        int sq = strlen(field[3]) == 2 ? parse_square(field[3]) : DF_NO_SQUARE;
        if (sq < 0)
            return fail(err, err_size, "bad immune square", field[3]);
        if (!(bb128_bit(sq) & DF_TERR & p->occ[!p->side]))
            return fail(err, err_size,
                        "the immune square must hold a piece, in the Territories, of the side "
                        "that just moved",
                        field[3]);
        if (df_rights_bit(sq) & p->rights)
            return fail(err, err_size, "a converted Governor has no two-square right", field[3]);
        p->immune = (int8_t)sq;
    }
    if (fields >= 5 && !read_counter(field[4], 0, &p->halfmove))
        return fail(err, err_size, "bad halfmove clock", field[4]);
    if (fields >= 6 && !read_counter(field[5], 1, &p->fullmove))
        return fail(err, err_size, "bad fullmove number", field[5]);
    if (p->immune >= 0 && p->halfmove != 0)
        return fail(err, err_size,
                    "an immune piece means the last ply captured: halfmove "
                    "clock must be 0",
                    NULL);
    if (!check_material(p, err, err_size))
        return false;
    p->reversible = p->halfmove;
    p->key = df_key_from_scratch(p);
    return true;
}

static char letter_on(const DfPos *p, int sq)
{
    Bb128 b = bb128_bit(sq);
    int player = (p->occ[P1] & b) ? P1 : (p->occ[P2] & b) ? P2 : -1;
    if (player < 0)
        return 0;
    if (p->free & b)
        return player == P1 ? 'F' : 'f';
    int kind = (p->emp & b) ? DF_EMPEROR : (p->amb & b) ? DF_AMBASSADOR : DF_GOVERNOR;
    return DF_LETTERS[player][kind];
}

void df_fen_write(const void *vp, char *buf, size_t size)
{
    const DfPos *p = vp;
    char out[FEN_MAX];
    int n = 0;
    for (int rank = DF_RANKS - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < DF_FILES; file++) {
            char c = letter_on(p, rank * DF_FILES + file);
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                n += sprintf(out + n, "%d", empty), empty = 0;
            out[n++] = c;
        }
        if (empty)
            n += sprintf(out + n, "%d", empty);
        if (rank)
            out[n++] = '/';
    }
    out[n++] = ' ';
    out[n++] = p->side == P1 ? 'w' : 'b';
    out[n++] = ' ';
    Bb128 rights = df_rights_bb(p->rights);
    if (!rights)
        out[n++] = '-';
    while (rights) {
        square_name(bb128_pop_lsb(&rights), out + n);
        n += 2;
    }
    out[n++] = ' ';
    if (p->immune >= 0) {
        square_name(p->immune, out + n);
        n += 2;
    } else {
        out[n++] = '-';
    }
    out[n] = 0;
    snprintf(buf, size, "%s %d %d", out, p->halfmove, p->fullmove);
}

/* The board with the Zone drawn apart: empty Territory squares '.', empty Zone ':'; the
 * immune piece carries a '*' right after its letter (legend: movegen/dragonface/describe.c). */
static void display_cell(const void *vp, int file, int rank, char *text)
{
    const DfPos *p = vp;
    int sq = rank * DF_FILES + file;
    char c = letter_on(p, sq);
    text[0] = c ? c : (bb128_bit(sq) & DF_ZONE) ? ':' : '.';
    text[1] = sq == p->immune ? '*' : 0;
    text[2] = 0;
}

void df_display(const void *vp, char *buf, size_t size)
{
    grid_draw(vp, DF_FILES, DF_RANKS, 2, display_cell, buf, size);
}

void df_move_to_str(const void *vp, Move m, char *buf)
{
    (void)vp;
    square_name(df_move_from(m), buf);
    square_name(df_move_to(m), buf + 2);
    if (df_move_is_revival(m)) {
        buf[4] = '@';
        square_name(df_move_revived(m), buf + 5);
    }
}

/* The only spelling the rules define: origin, landing square, and `@` + square for a
 * revival. */
Move df_parse_move(const void *vp, const char *s)
{
    size_t len = strnlen(s, 8);
    if (len != 4 && len != 7)
        return MOVE_NONE;
    int from = parse_square(s), to = parse_square(s + 2), revived = DF_NO_SQUARE;
    if (from < 0 || to < 0)
        return MOVE_NONE;
    if (len == 7 && (s[4] != '@' || (revived = parse_square(s + 5)) < 0))
        return MOVE_NONE;
    Move moves[MAX_MOVES];
    int n = df_gen_moves(vp, moves);
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        if (df_move_from(m) == from && df_move_to(m) == to &&
            (df_move_is_revival(m) ? df_move_revived(m) == revived : revived < 0))
            return m;
    }
    return MOVE_NONE;
}
