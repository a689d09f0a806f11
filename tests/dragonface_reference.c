/*
 * A second, deliberately naive Dragon Face rules engine for the tests: square by square on
 * a character grid read from the FEN, written straight from the rules (docs/rules/dragonface.md)
 * and sharing no code with movegen/dragonface. The suite compares the engine's move lists and
 * positions after each move with it along random games.
 */
#include "tests/dragonface_reference.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RF_FILES = 11, RF_RANKS = 9 };

static const int rf_dirs[8][2] = {{0, 1},  {1, 1},   {1, 0},  {1, -1},
                                  {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};

static bool on_board(int f, int r) { return f >= 0 && f < RF_FILES && r >= 0 && r < RF_RANKS; }
static bool in_zone(int f, int r)
{
    return f == 0 || f == RF_FILES - 1 || r == 0 || r == RF_RANKS - 1;
}
static int owner(char c) { return c == '.' ? -1 : isupper((unsigned char)c) ? 0 : 1; }

bool ref_read(RefPos *p, const char *fen)
{
    char board[256], side[4], rights[64], immune[8];
    memset(p, 0, sizeof *p);
    if (sscanf(fen, "%255s %3s %63s %7s %d %d", board, side, rights, immune, &p->halfmove,
               &p->fullmove) != 6)
        return false;
    int r = RF_RANKS - 1, f = 0;
    for (const char *c = board; *c; c++) {
        if (*c == '/') {
            r--, f = 0;
        } else if (isdigit((unsigned char)*c)) {
            int n = 0;
            while (isdigit((unsigned char)*c))
                n = n * 10 + (*c++ - '0');
            c--;
            while (n--)
                p->sq[r][f++] = '.';
        } else {
            p->sq[r][f++] = *c;
        }
    }
    p->side = side[0] == 'w' ? 0 : 1;
    for (const char *c = rights; *c && *c != '-'; c += 2)
        p->right[c[1] - '1'][c[0] - 'a'] = true;
    p->immune_f = p->immune_r = -1;
    if (immune[0] != '-')
        p->immune_f = immune[0] - 'a', p->immune_r = immune[1] - '1';
    return true;
}

void ref_write(const RefPos *p, char *out)
{
    int n = 0;
    for (int r = RF_RANKS - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < RF_FILES; f++) {
            if (p->sq[r][f] == '.') {
                empty++;
                continue;
            }
            if (empty)
                n += sprintf(out + n, "%d", empty), empty = 0;
            out[n++] = p->sq[r][f];
        }
        if (empty)
            n += sprintf(out + n, "%d", empty);
        if (r)
            out[n++] = '/';
    }
    n += sprintf(out + n, " %c ", p->side ? 'b' : 'w');
    int start = n;
    for (int r = 0; r < RF_RANKS; r++)
        for (int f = 0; f < RF_FILES; f++)
            if (p->right[r][f])
                n += sprintf(out + n, "%c%d", 'a' + f, r + 1);
    if (n == start)
        out[n++] = '-';
    if (p->immune_f >= 0)
        n += sprintf(out + n, " %c%d", 'a' + p->immune_f, p->immune_r + 1);
    else
        n += sprintf(out + n, " -");
    sprintf(out + n, " %d %d", p->halfmove, p->fullmove);
}

static bool has_emperor(const RefPos *p, int player)
{
    for (int r = 0; r < RF_RANKS; r++)
        for (int f = 0; f < RF_FILES; f++)
            if (toupper((unsigned char)p->sq[r][f]) == 'E' && owner(p->sq[r][f]) == player)
                return true;
    return false;
}

/* An enemy piece in the Territories that is not immune: the only pieces a move may take. */
static bool capturable(const RefPos *p, int f, int r)
{
    return on_board(f, r) && owner(p->sq[r][f]) == !p->side && !in_zone(f, r) &&
           !(f == p->immune_f && r == p->immune_r);
}

static bool empty_at(const RefPos *p, int f, int r) { return on_board(f, r) && p->sq[r][f] == '.'; }
static bool open_at(const RefPos *p, int f, int r) { return empty_at(p, f, r) && !in_zone(f, r); }

typedef struct List {
    char (*out)[REF_MOVE_LEN];
    int n;
} List;

static void add(List *l, int f0, int r0, int f1, int r1)
{
    sprintf(l->out[l->n++], "%c%d%c%d", 'a' + f0, r0 + 1, 'a' + f1, r1 + 1);
}

/* A Governor's move: on the opponent's back line or beyond, also one move per trapped
 * Ambassador of its owner. */
static void add_governor(const RefPos *p, List *l, int f0, int r0, int f1, int r1)
{
    add(l, f0, r0, f1, r1);
    bool line = p->side == 0 ? r1 >= RF_RANKS - 2 : r1 <= 1;
    if (!line)
        return;
    char mine = p->side == 0 ? 'A' : 'a';
    for (int r = 0; r < RF_RANKS; r++)
        for (int f = 0; f < RF_FILES; f++)
            if (p->sq[r][f] == mine && in_zone(f, r)) {
                add(l, f0, r0, f1, r1);
                sprintf(l->out[l->n - 1] + 4, "@%c%d", 'a' + f, r + 1);
            }
}

int ref_moves(const RefPos *p, char (*out)[REF_MOVE_LEN])
{
    List l = {out, 0};
    if (!has_emperor(p, 0) || !has_emperor(p, 1))
        return 0;
    for (int r = 0; r < RF_RANKS; r++) {
        for (int f = 0; f < RF_FILES; f++) {
            char c = p->sq[r][f];
            if (owner(c) != p->side)
                continue;
            char kind = (char)toupper((unsigned char)c);
            if (kind == 'E') {
                for (int d = 0; d < 8; d++) {
                    int df = rf_dirs[d][0], dr = rf_dirs[d][1];
                    if (open_at(p, f + df, r + dr))
                        add(&l, f, r, f + df, r + dr);
                    if (capturable(p, f + df, r + dr) && open_at(p, f + 2 * df, r + 2 * dr))
                        add(&l, f, r, f + 2 * df, r + 2 * dr);
                }
            } else if (kind == 'F' || (kind == 'A' && !in_zone(f, r))) {
                for (int d = 0; d < 8; d++) {
                    int df = rf_dirs[d][0], dr = rf_dirs[d][1];
                    int tf = f + df, tr = r + dr;
                    if (in_zone(f, r) && (!on_board(tf, tr) || in_zone(tf, tr)))
                        continue;
                    for (; empty_at(p, tf, tr); tf += df, tr += dr)
                        if (!in_zone(tf, tr))
                            add(&l, f, r, tf, tr);
                    if (capturable(p, tf, tr) && empty_at(p, tf + df, tr + dr))
                        add(&l, f, r, tf + df, tr + dr);
                }
            } else if (kind == 'G' && !in_zone(f, r)) {
                int dr = p->side == 0 ? 1 : -1;
                for (int df = -1; df <= 1; df++) {
                    int f1 = f + df, r1 = r + dr, f2 = f1 + df, r2 = r1 + dr;
                    if (open_at(p, f1, r1)) {
                        add_governor(p, &l, f, r, f1, r1);
                        if (p->right[r][f] && open_at(p, f2, r2))
                            add_governor(p, &l, f, r, f2, r2);
                    }
                    if (df == 0)
                        continue;
                    if (capturable(p, f1, r1) && empty_at(p, f2, r2))
                        add_governor(p, &l, f, r, f2, r2);
                    if (p->right[r][f] && open_at(p, f1, r1) && capturable(p, f2, r2) &&
                        empty_at(p, f2 + df, r2 + dr))
                        add_governor(p, &l, f, r, f2 + df, r2 + dr);
                }
            }
        }
    }
    return l.n;
}

static int sign(int x) { return (x > 0) - (x < 0); }

void ref_play(RefPos *p, const char *move)
{
    int f0 = move[0] - 'a', r0 = move[1] - '1', f1 = move[2] - 'a', r1 = move[3] - '1';
    int df = sign(f1 - f0), dr = sign(r1 - r0);
    int cf = f1 - df, cr = r1 - dr;
    char c = p->sq[r0][f0];
    bool upper = isupper((unsigned char)c);
    char kind = (char)toupper((unsigned char)c);
    bool capture = (cf != f0 || cr != r0) && owner(p->sq[cr][cf]) == !p->side;
    p->sq[r0][f0] = kind == 'F' ? (upper ? 'G' : 'g') : '.';
    p->sq[r1][f1] = kind == 'F' ? (upper ? 'A' : 'a') : c;
    p->right[r0][f0] = false;
    p->immune_f = p->immune_r = -1;
    if (capture) {
        char v = p->sq[cr][cf];
        p->sq[cr][cf] = (char)(isupper((unsigned char)v) ? tolower(v) : toupper(v));
        p->right[cr][cf] = false;
        p->immune_f = cf, p->immune_r = cr;
    }
    if (move[4] == '@') {
        int rf = move[5] - 'a', rr = move[6] - '1';
        p->sq[r1][f1] = '.';
        p->sq[rr][rf] = upper ? 'F' : 'f';
    }
    p->halfmove = capture || kind == 'G' ? 0 : p->halfmove + 1;
    p->fullmove += p->side;
    p->side = !p->side;
}

bool ref_emperor_capturable(const RefPos *p)
{
    static char moves[REF_MAX_MOVES][REF_MOVE_LEN];
    RefPos them = *p;
    them.side = !p->side;
    them.immune_f = them.immune_r = -1;
    int n = ref_moves(&them, moves);
    for (int i = 0; i < n; i++) {
        RefPos after = them;
        ref_play(&after, moves[i]);
        if (!has_emperor(&after, p->side))
            return true;
    }
    return false;
}
