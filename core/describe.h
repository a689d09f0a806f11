/*
 * How a game shows itself to people: the cells of its board with their places and regions,
 * the pieces of a position with their states, what each legal move touches, the result in
 * words, and the legend of the text board `d` prints. The `json` command (docs/json.md)
 * and `d` print through this; a GUI draws from it and needs no rules of its own.
 *
 * Every game points Game.describe at one GameDescription. Cells are numbered from 0 in
 * the order cells() lists them; pieces and moves name cells by those numbers, and the
 * number of a cell never changes (cells() lists the same board for every position).
 *
 * Geometry: a cell is the rectangle (x, y) - (x + w, y + h) in cell units, x to the right
 * and y upward as the first player (P1) sees the board; the whole board fits in
 * width x height. Off-grid places get whatever rectangle the game finds clearest.
 */
#pragma once

#include "core/game.h"

enum {
    DESCRIBE_CELLS_MAX = 256,
    DESCRIBE_PIECES_MAX = 512,
    DESCRIBE_STATES_MAX = 4,
    DESCRIBE_TOUCH_MAX = 64, /* cells one move's path, captures or conversions may list */
    DESCRIBE_TEXT_MAX = 192,
    DESCRIBE_NAME_MAX = 16,
    DESCRIBE_REASON_MAX = 64,
};

typedef struct DescCell {
    char name[DESCRIBE_NAME_MAX]; /* exactly as move strings write it */
    double x, y, w, h;
    const char *kind;  /* region, one lower-case word: "square", "sacrifice-zone", "cave" */
    int shade;         /* 0 light, 1 dark on a chequered board; -1 not chequered */
    const char *label; /* the region's own name ("Kraken's Lair"), or NULL */
} DescCell;

typedef struct DescPiece {
    int cell;
    int side;         /* P1 or P2 */
    const char *kind; /* one lower-case word: "man", "daimyo", "ambassador" */
    const char *name; /* full English name: "Green Knight" */
    char label[4];    /* 1-3 characters to draw */
    const char *states[DESCRIBE_STATES_MAX]; /* "immune", "afire", "aboard", ... */
    int state_count;
} DescPiece;

/* What one legal move touches. path: origin, every landing cell in order, destination. */
typedef struct DescMove {
    int from, to;
    int path[DESCRIBE_TOUCH_MAX], path_length;
    int captured[DESCRIBE_TOUCH_MAX], captured_count;   /* pieces removed */
    int converted[DESCRIBE_TOUCH_MAX], converted_count; /* pieces changing side or kind */
    char text[DESCRIBE_TEXT_MAX]; /* the move as a player reads it; "" = the move string */
} DescMove;

/* A finished game in words. */
typedef struct Verdict {
    int winner;                       /* P1, P2, or -1 for a draw */
    char reason[DESCRIBE_REASON_MAX]; /* "Direct Capture", "threefold repetition" */
    char text[DESCRIBE_TEXT_MAX];     /* "Storm wins by Direct Capture: 5-0" */
    bool has_points;
    int points_halves[2]; /* game points of P1 and P2, in halves (11 = 5.5) */
} Verdict;

typedef struct GameDescription {
    double width, height;
    int (*cells)(DescCell *cells); /* fills at most DESCRIBE_CELLS_MAX; returns the count */
    int (*pieces)(const void *pos, DescPiece *pieces); /* at most DESCRIBE_PIECES_MAX */
    /* `out` arrives zeroed; `move` is a legal move of `pos`. */
    void (*move)(const void *pos, Move move, DescMove *out);
    /* Refines the verdict describe_verdict() prepared (winner, a plain reason and text) for
     * the game over in `pos` for reason `why`: names the game's own way of winning, adds
     * points. May leave it as it is. */
    void (*verdict)(const void *pos, GameOverReason why, Verdict *v);
    /* Every symbol `display` prints, one "<symbol>  <meaning>" per line. */
    const char *legend;
} GameDescription;

/* The verdict on a finished game: the shared words for `why` and `winner`, refined by the
 * game. no_progress_plies: the limit that applied, for the words of that draw. */
void describe_verdict(const Game *game, const void *pos, GameOverReason why, int winner,
                      int no_progress_plies, Verdict *v);

/* Helpers for the games' hooks. A square of a rectangular grid: named file letter + rank
 * number ("a1", "e10"), at (file, rank), 1x1, kind "square", not chequered, no label. */
void describe_grid_cell(DescCell *cell, int file, int rank);

/* Every square of a files x ranks grid, numbered rank * files + file; chequered: shaded
 * with a1 dark, as on a chess board. The first and the last rank form one region, `kind`,
 * each rank with its label. Returns the count. */
int describe_grid_with_ends(DescCell *cells, int files, int ranks, bool chequered, const char *kind,
                            const char *first_label, const char *last_label);

/* The name of square `sq` = rank * files + file of a grid (buf: DESCRIBE_NAME_MAX bytes). */
void describe_grid_name(int files, int sq, char *buf);

/* A move of one piece from square to square of such a grid: from, to, the path between
 * them and the text "a2-a3" (`sep` between the squares, e.g. 'x' for a capture). Returns
 * the length of the text, for the game to go on writing. */
size_t describe_grid_step(DescMove *d, int files, int from, int to, char sep);

/* The pieces of an 8x8 game with one kind of piece: men[side] holds a side's squares (bit
 * rank * 8 + file), each drawn as labels[side] and called names[side]. Returns the count. */
int describe_men64(const uint64_t men[2], const char *kind, const char *const names[2],
                   const char labels[2], DescPiece *pieces);

/* For a verdict hook: the game was won under its own rules (result()), which the hook
 * names; draws and the other ways a game ends keep the shared words. */
static inline bool describe_rules_win(GameOverReason why, const Verdict *v)
{
    return why == GAME_OVER_RULES && v->winner >= 0;
}

/* A verdict's reason, and its text from a printf format. */
void describe_words(Verdict *v, const char *reason, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "White" or "Black", for the games whose sides are called so; first: the first player. */
static inline const char *describe_colour(int side, bool capital)
{
    static const char *const names[2][2] = {{"white", "black"}, {"White", "Black"}};
    return names[capital][side == P1 ? 0 : 1];
}

/* Append one cell to a path, capture or conversion list. */
static inline void describe_touch(int *list, int *count, int cell)
{
    if (*count < DESCRIBE_TOUCH_MAX)
        list[(*count)++] = cell;
}
