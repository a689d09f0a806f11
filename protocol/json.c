/*
 * The `json` line. Keys in a fixed order: game, sides, turn, fen, width, height, cells,
 * pieces, result, moves, history (docs/json.md gives each one's meaning). Strings are
 * escaped as RFC 8259 asks; bytes that are not UTF-8 become U+FFFD, so the line is valid
 * JSON whatever a position string holds.
 */
#include "protocol/json.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/describe.h"
#include "core/util.h"

typedef struct Buf {
    char *s;
    size_t len, cap;
} Buf;

static void reserve(Buf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap)
        return;
    while (b->len + more + 1 > b->cap)
        b->cap = b->cap ? 2 * b->cap : 4096;
    b->s = xrealloc(b->s, b->cap);
}

static void put(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* Length of the UTF-8 sequence starting at s, or 0 if it is not a valid one. */
static int utf8_length(const unsigned char *s)
{
    int n = s[0] < 0x80             ? 1
            : (s[0] & 0xE0) == 0xC0 ? 2
            : (s[0] & 0xF0) == 0xE0 ? 3
            : (s[0] & 0xF8) == 0xF0 ? 4
                                    : 0;
    if (n == 2 && s[0] < 0xC2)
        return 0; /* overlong */
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((n == 3 && s[0] == 0xE0 && s[1] < 0xA0) || (n == 3 && s[0] == 0xED && s[1] >= 0xA0) ||
        (n == 4 && s[0] == 0xF0 && s[1] < 0x90) ||
        (n == 4 && (s[0] > 0xF4 || (s[0] == 0xF4 && s[1] >= 0x90))))
        return 0; /* overlong, surrogate or beyond U+10FFFF */
    return n;
}

static void put_string(Buf *b, const char *str)
{
    const unsigned char *s = (const unsigned char *)(str ? str : "");
    put(b, "\"");
    while (*s) {
        int n = utf8_length(s);
        if (*s == '"' || *s == '\\')
            put(b, "\\%c", *s);
        else if (*s == '\n')
            put(b, "\\n");
        else if (*s == '\t')
            put(b, "\\t");
        else if (*s < 0x20 || *s == 0x7F)
            put(b, "\\u%04x", *s);
        else if (n == 0)
            put(b, "\\ufffd");
        else
            put(b, "%.*s", n, (const char *)s);
        s += n ? n : 1;
    }
    put(b, "\"");
}

char *json_quote(const char *s)
{
    Buf b = {NULL, 0, 0};
    put_string(&b, s);
    return b.s;
}

/* A number of cell units: integers plainly, fractions as short decimals. */
static void put_number(Buf *b, double v) { put(b, "%.10g", v); }

typedef struct Board {
    DescCell cells[DESCRIBE_CELLS_MAX];
    int count;
} Board;

static void put_cell_ref(Buf *b, const Board *board, int cell)
{
    assert(cell >= 0 && cell < board->count);
    put_string(b, cell >= 0 && cell < board->count ? board->cells[cell].name : "");
}

static void put_cell_list(Buf *b, const Board *board, const int *cells, int count)
{
    put(b, "[");
    for (int i = 0; i < count; i++) {
        put(b, i ? "," : "");
        put_cell_ref(b, board, cells[i]);
    }
    put(b, "]");
}

/* ,"key":value, the value a JSON string or a number. */
static void put_key_string(Buf *b, const char *key, const char *value)
{
    put(b, ",\"%s\":", key);
    put_string(b, value);
}

static void put_key_number(Buf *b, const char *key, double value)
{
    put(b, ",\"%s\":", key);
    put_number(b, value);
}

static void put_cells(Buf *b, const Board *board)
{
    put(b, ",\"cells\":[");
    for (int i = 0; i < board->count; i++) {
        const DescCell *c = &board->cells[i];
        put(b, "%s{\"name\":", i ? "," : "");
        put_string(b, c->name);
        put_key_number(b, "x", c->x);
        put_key_number(b, "y", c->y);
        put_key_number(b, "w", c->w);
        put_key_number(b, "h", c->h);
        put_key_string(b, "kind", c->kind);
        if (c->shade >= 0)
            put(b, ",\"shade\":%d", c->shade);
        if (c->label)
            put_key_string(b, "label", c->label);
        put(b, "}");
    }
    put(b, "]");
}

static void put_pieces(Buf *b, const Board *board, const Game *g, const void *pos)
{
    DescPiece *pieces = xcalloc(DESCRIBE_PIECES_MAX, sizeof *pieces);
    int n = g->describe->pieces(pos, pieces);
    put(b, ",\"pieces\":[");
    for (int i = 0; i < n; i++) {
        const DescPiece *p = &pieces[i];
        put(b, "%s{\"cell\":", i ? "," : "");
        put_cell_ref(b, board, p->cell);
        put(b, ",\"side\":%d,\"kind\":", p->side);
        put_string(b, p->kind);
        put_key_string(b, "label", p->label);
        put_key_string(b, "name", p->name);
        put(b, ",\"state\":[");
        for (int s = 0; s < p->state_count; s++) {
            put(b, s ? "," : "");
            put_string(b, p->states[s]);
        }
        put(b, "]}");
    }
    put(b, "]");
    free(pieces);
}

static void put_result(Buf *b, const Engine *e, const GameEnd *end)
{
    put(b, ",\"result\":");
    if (end->result == RESULT_NONE) {
        put(b, "null");
        return;
    }
    Verdict v;
    describe_verdict(engine_game(e), engine_position(e), end->why, end->winner,
                     engine_no_progress_limit(e), &v);
    put(b, "{\"winner\":%d,\"reason\":", v.winner);
    put_string(b, v.reason);
    put(b, ",\"text\":");
    put_string(b, v.text);
    if (v.has_points) {
        put(b, ",\"points\":[");
        put_number(b, v.points_halves[P1] / 2.0);
        put(b, ",");
        put_number(b, v.points_halves[P2] / 2.0);
        put(b, "]");
    }
    put(b, "}");
}

/* Every legal move with what it touches; none once the game is over. */
static void put_moves(Buf *b, const Board *board, const Game *g, const void *pos, bool over)
{
    Move *moves = xmalloc(MAX_MOVES * sizeof *moves);
    int n = over ? 0 : g->gen_moves(pos, moves);
    put(b, ",\"moves\":[");
    for (int i = 0; i < n; i++) {
        char str[MOVE_STR_MAX];
        DescMove d;
        memset(&d, 0, sizeof d);
        g->move_to_str(pos, moves[i], str);
        g->describe->move(pos, moves[i], &d);
        put(b, "%s{\"move\":", i ? "," : "");
        put_string(b, str);
        put(b, ",\"from\":");
        put_cell_ref(b, board, d.from);
        put(b, ",\"to\":");
        put_cell_ref(b, board, d.to);
        put(b, ",\"path\":");
        put_cell_list(b, board, d.path, d.path_length);
        put(b, ",\"captured\":");
        put_cell_list(b, board, d.captured, d.captured_count);
        put(b, ",\"converted\":");
        put_cell_list(b, board, d.converted, d.converted_count);
        put(b, ",\"text\":");
        put_string(b, d.text[0] ? d.text : str);
        put(b, "}");
    }
    put(b, "]");
    free(moves);
}

/* The moves played since the position's FEN, replayed from it for their strings. */
static void put_history(Buf *b, const Engine *e)
{
    const Game *g = engine_game(e);
    const void *start;
    const Move *played;
    int count = engine_history(e, &start, &played);
    unsigned char *pos = xmalloc(g->pos_size), *next = xmalloc(g->pos_size);
    memcpy(pos, start, g->pos_size);
    put(b, ",\"history\":[");
    for (int i = 0; i < count; i++) {
        char str[MOVE_STR_MAX];
        g->move_to_str(pos, played[i], str);
        put(b, i ? "," : "");
        put_string(b, str);
        g->make_move(pos, played[i], next);
        memcpy(pos, next, g->pos_size);
    }
    put(b, "]");
    free(pos);
    free(next);
}

/* How the game scores what no position shows: a truce and a loss on time (null for a game
 * scored 1, 1/2, 0), so that a GUI running a clock can score a flag fall. */
static void put_scoring(Buf *b, const Game *g)
{
    const GameScoring *scoring = g->scoring;
    put(b, ",\"scoring\":");
    if (!scoring) {
        put(b, "null");
        return;
    }
    put(b, "{\"unit\":");
    put_string(b, scoring->unit);
    put(b, ",\"draw\":");
    put_number(b, scoring->draw_halves / 2.0);
    put(b, ",\"time_loss\":");
    put_number(b, scoring->forfeit_halves / 2.0);
    put(b, "}");
}

char *json_position(const Engine *e)
{
    const Game *g = engine_game(e);
    const void *position = engine_position(e);
    Board *board = xmalloc(sizeof *board);
    board->count = g->describe->cells(board->cells);
    char fen[FEN_MAX];
    g->fen_write(position, fen, sizeof fen);
    GameEnd end = engine_game_end(e);
    Buf b = {NULL, 0, 0};
    put(&b, "{\"game\":");
    put_string(&b, g->name);
    put(&b, ",\"sides\":[");
    put_string(&b, g->side_names[P1]);
    put(&b, ",");
    put_string(&b, g->side_names[P2]);
    put(&b, "],\"turn\":%d,\"fen\":", g->side_to_move(position));
    put_string(&b, fen);
    put(&b, ",\"width\":");
    put_number(&b, g->describe->width);
    put(&b, ",\"height\":");
    put_number(&b, g->describe->height);
    put_cells(&b, board);
    put_pieces(&b, board, g, position);
    put_result(&b, e, &end);
    put_moves(&b, board, g, position, end.result != RESULT_NONE);
    put_history(&b, e);
    put_scoring(&b, g);
    put(&b, "}");
    free(board);
    return b.s;
}
