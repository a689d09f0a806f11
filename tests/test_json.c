/*
 * The `json` command (docs/json.md) and the people's `d`: every game's cells, start
 * pieces, what hand-picked moves touch, and finished positions in words. Every line is
 * parsed by a strict JSON reader and checked against the position's own rules: every cell
 * named once, every piece and touched cell a named cell, the moves exactly `moves`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/json.h"
#include "tests/helpers.h"
#include "tests/json_check.h"
#include "tests/test_dragonqi.h"

/* ---- reading the line ---------------------------------------------------------------- */

static const char *const top_keys[] = {"game",  "sides",  "turn",   "fen",   "width",   "height",
                                       "cells", "pieces", "result", "moves", "history", "scoring"};

static bool is_cell(const JsonValue *root, const char *name)
{
    const JsonValue *cells = json_member(root, "cells");
    for (int i = 0; cells && i < cells->count; i++)
        if (strcmp(json_member(cells->items[i], "name")->string, name) == 0)
            return true;
    return false;
}

static void check_cell_ref(const JsonValue *root, const JsonValue *v, const char *what)
{
    ck_assert_msg(v && v->type == JV_STRING, "%s is not a string", what);
    ck_assert_msg(is_cell(root, v->string), "%s '%s' is not a cell", what, v->string);
}

static void check_cell_list(const JsonValue *root, const JsonValue *v, const char *what)
{
    ck_assert_msg(v && v->type == JV_ARRAY, "%s is not a list", what);
    for (int i = 0; i < v->count; i++)
        check_cell_ref(root, v->items[i], what);
}

/* The shape every line must have, whatever the game. */
static void check_shape(const JsonValue *root, const char *moves_line)
{
    ck_assert_int_eq(root->type, JV_OBJECT);
    ck_assert_int_eq(root->count, (int)(sizeof top_keys / sizeof *top_keys));
    for (int i = 0; i < root->count; i++)
        ck_assert_str_eq(root->keys[i], top_keys[i]);
    /* Only DragonQi scores in points of its own: a truce 1, a loss on time 5 + 1/2. */
    const JsonValue *scoring = json_member(root, "scoring");
    if (strcmp(json_member(root, "game")->string, "dragonqi") == 0) {
        ck_assert_int_eq(scoring->type, JV_OBJECT);
        ck_assert_int_eq(scoring->count, 3);
        ck_assert_str_eq(json_member(scoring, "unit")->string, "game points");
        ck_assert(json_member(scoring, "draw")->number == 1.0);
        ck_assert(json_member(scoring, "time_loss")->number == 5.5);
    } else {
        ck_assert_int_eq(scoring->type, JV_NULL);
    }
    const JsonValue *cells = json_member(root, "cells");
    double width = json_member(root, "width")->number, height = json_member(root, "height")->number;
    for (int i = 0; i < cells->count; i++) {
        const JsonValue *c = cells->items[i];
        const char *name = json_member(c, "name")->string;
        for (int j = 0; j < i; j++)
            ck_assert_str_ne(json_member(cells->items[j], "name")->string, name);
        double x = json_member(c, "x")->number, y = json_member(c, "y")->number;
        double w = json_member(c, "w")->number, h = json_member(c, "h")->number;
        ck_assert_msg(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= width && y + h <= height,
                      "cell %s outside the board", name);
        ck_assert_int_eq(json_member(c, "kind")->type, JV_STRING);
    }
    const JsonValue *pieces = json_member(root, "pieces");
    for (int i = 0; i < pieces->count; i++) {
        const JsonValue *p = pieces->items[i];
        check_cell_ref(root, json_member(p, "cell"), "piece cell");
        int side = (int)json_member(p, "side")->number;
        ck_assert(side == 0 || side == 1);
        size_t label = strlen(json_member(p, "label")->string);
        ck_assert(label >= 1 && label <= 3);
        ck_assert_int_eq(json_member(p, "state")->type, JV_ARRAY);
    }
    const JsonValue *moves = json_member(root, "moves");
    char listed[65536] = "";
    size_t n = 0;
    for (int i = 0; i < moves->count; i++) {
        const JsonValue *m = moves->items[i];
        check_cell_ref(root, json_member(m, "from"), "from");
        check_cell_ref(root, json_member(m, "to"), "to");
        const JsonValue *path = json_member(m, "path");
        check_cell_list(root, path, "path");
        ck_assert_int_ge(path->count, 1);
        ck_assert_str_eq(path->items[0]->string, json_member(m, "from")->string);
        ck_assert_str_eq(path->items[path->count - 1]->string, json_member(m, "to")->string);
        check_cell_list(root, json_member(m, "captured"), "captured");
        check_cell_list(root, json_member(m, "converted"), "converted");
        ck_assert_int_eq(json_member(m, "text")->type, JV_STRING);
        n += (size_t)snprintf(listed + n, sizeof listed - n, "%s%s", i ? " " : "",
                              json_member(m, "move")->string);
    }
    ck_assert_msg(n < sizeof listed, "too many moves for the check");
    /* every legal move while the game goes on, none once it is over */
    if (json_member(root, "result")->type == JV_NULL)
        ck_assert_str_eq(listed, moves_line);
    else
        ck_assert_int_eq(moves->count, 0);
}

/* Runs `setup` (ended by newlines), then `json` and `moves`; returns the parsed line
 * after checking its shape. */
static JsonValue *json_after(const char *setup)
{
    char input[16384];
    snprintf(input, sizeof input, "%sjson\nmoves\n", setup);
    char *out = t_session(input);
    ck_assert_msg(out[0] == '{', "json after %.200s answered %.200s", setup, out);
    char *json_end = strchr(out, '\n');
    ck_assert_msg(json_end != NULL, "no reply to json: %s", out);
    *json_end = 0;
    char *moves = json_end + 1, *moves_end = strchr(moves, '\n');
    ck_assert_msg(moves_end && !moves_end[1], "json is not one line before moves: %s", moves);
    *moves_end = 0;
    char err[256];
    JsonValue *root = json_parse(out, err, sizeof err);
    ck_assert_msg(root != NULL, "invalid JSON (%s): %.300s", err, out);
    check_shape(root, moves);
    free(out);
    return root;
}

/* ---- looking things up ----------------------------------------------------------------- */

static int count(const JsonValue *root, const char *key) { return json_member(root, key)->count; }

static const JsonValue *cell(const JsonValue *root, const char *name)
{
    const JsonValue *cells = json_member(root, "cells");
    for (int i = 0; i < cells->count; i++)
        if (strcmp(json_member(cells->items[i], "name")->string, name) == 0)
            return cells->items[i];
    ck_abort_msg("no cell %s", name);
    return NULL;
}

/* "kind" or "kind (label)". */
static void expect_cell(const JsonValue *root, const char *name, const char *kind_label)
{
    const JsonValue *c = cell(root, name), *label = json_member(c, "label");
    char got[256];
    snprintf(got, sizeof got, "%s%s%s%s", json_member(c, "kind")->string, label ? " (" : "",
             label ? label->string : "", label ? ")" : "");
    ck_assert_str_eq(got, kind_label);
}

static void expect_cell_at(const JsonValue *root, const char *name, double x, double y)
{
    const JsonValue *c = cell(root, name);
    ck_assert_double_eq(json_member(c, "x")->number, x);
    ck_assert_double_eq(json_member(c, "y")->number, y);
}

static void join_strings(const JsonValue *list, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < list->count; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "," : "", list->items[i]->string);
}

/* Every piece on `cell`, each as "side kind label 'name' [states]", joined by " / ". */
static void expect_pieces_on(const JsonValue *root, const char *at, const char *expected)
{
    const JsonValue *pieces = json_member(root, "pieces");
    char got[1024] = "";
    size_t n = 0;
    for (int i = 0; i < pieces->count; i++) {
        const JsonValue *p = pieces->items[i];
        if (strcmp(json_member(p, "cell")->string, at) != 0)
            continue;
        char states[256];
        join_strings(json_member(p, "state"), states, sizeof states);
        n += (size_t)snprintf(got + n, sizeof got - n, "%s%d %s %s '%s' [%s]", n ? " / " : "",
                              (int)json_member(p, "side")->number, json_member(p, "kind")->string,
                              json_member(p, "label")->string, json_member(p, "name")->string,
                              states);
    }
    ck_assert_str_eq(got, expected);
}

/* "from>to path=a,b captured=c converted=d text=..." of the move `move`. */
static void expect_move(const JsonValue *root, const char *move, const char *expected)
{
    const JsonValue *moves = json_member(root, "moves");
    for (int i = 0; i < moves->count; i++) {
        const JsonValue *m = moves->items[i];
        if (strcmp(json_member(m, "move")->string, move) != 0)
            continue;
        char path[512], captured[512], converted[512], got[2048];
        join_strings(json_member(m, "path"), path, sizeof path);
        join_strings(json_member(m, "captured"), captured, sizeof captured);
        join_strings(json_member(m, "converted"), converted, sizeof converted);
        snprintf(got, sizeof got, "%s>%s path=%s captured=%s converted=%s text=%s",
                 json_member(m, "from")->string, json_member(m, "to")->string, path, captured,
                 converted, json_member(m, "text")->string);
        ck_assert_str_eq(got, expected);
        return;
    }
    ck_abort_msg("no move %s", move);
}

/* The result object as "winner reason | text | points" ("null" while the game goes on). */
static void expect_result(const JsonValue *root, const char *expected)
{
    const JsonValue *r = json_member(root, "result");
    char got[512];
    if (r->type == JV_NULL) {
        snprintf(got, sizeof got, "null");
    } else {
        const JsonValue *points = json_member(r, "points");
        char pts[64] = "-";
        if (points)
            snprintf(pts, sizeof pts, "%g-%g", json_item(points, 0)->number,
                     json_item(points, 1)->number);
        ck_assert_int_eq(r->count, points ? 4 : 3);
        snprintf(got, sizeof got, "%d %s | %s | %s", (int)json_member(r, "winner")->number,
                 json_member(r, "reason")->string, json_member(r, "text")->string, pts);
    }
    ck_assert_str_eq(got, expected);
}

/* `d`'s lines from "Legend:" to the end. */
static void expect_display_tail(const char *setup, const char *expected)
{
    char input[4096];
    snprintf(input, sizeof input, "%sd\n", setup);
    char *out = t_session(input);
    const char *tail = strstr(out, "Legend:\n");
    ck_assert_msg(tail != NULL, "no legend in:\n%s", out);
    ck_assert_str_eq(tail, expected);
    free(out);
}

/* ---- every game ------------------------------------------------------------------------- */

START_TEST(quoting)
{
    char *q = json_quote("a\"b\\c\nd\te\x01\x7f\xff\xc3\xa9\xe2\x82");
    ck_assert_str_eq(q, "\"a\\\"b\\\\c\\nd\\te\\u0001\\u007f\\ufffd\xc3\xa9\\ufffd\\ufffd\"");
    char err[128];
    JsonValue *v = json_parse(q, err, sizeof err);
    ck_assert_ptr_nonnull(v);
    ck_assert_str_eq(v->string,
                     "a\"b\\c\nd\te\x01\x7f\xef\xbf\xbd\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd");
    json_free(v);
    free(q);
    /* the checker itself refuses what is not JSON */
    const char *bad[] = {"{\"a\":1,}", "[1 2]",   "\"a\x01\"",         "{\"a\":01}",
                         "[1] x",      "\"\\x\"", "{\"a\":1,\"a\":2}", "\"\xff\"",
                         "tru",        "[",       "\"\\ud800\""};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        v = json_parse(bad[i], err, sizeof err);
        ck_assert_msg(v == NULL, "accepted %s", bad[i]);
    }
}
END_TEST

/* ---- Breakthrough ---------------------------------------------------------------------- */

#define BT "setoption name UCI_Variant value breakthrough\n"

START_TEST(breakthrough_start)
{
    JsonValue *root = json_after(BT "position startpos moves d2d3 e7e6\n");
    ck_assert_str_eq(json_member(root, "game")->string, "breakthrough");
    ck_assert_str_eq(json_item(json_member(root, "sides"), 1)->string, "black");
    ck_assert_int_eq((int)json_member(root, "turn")->number, 0);
    ck_assert_str_eq(json_member(root, "fen")->string,
                     "pppppppp/pppp1ppp/4p3/8/8/3P4/PPP1PPPP/PPPPPPPP w 0 2");
    ck_assert_int_eq(count(root, "cells"), 64);
    expect_cell(root, "a1", "home-row (White's home row, Black's goal)");
    expect_cell(root, "h8", "home-row (Black's home row, White's goal)");
    expect_cell(root, "d4", "square");
    expect_cell_at(root, "c7", 2, 6);
    ck_assert_int_eq((int)json_member(cell(root, "a1"), "shade")->number, 1);
    ck_assert_int_eq((int)json_member(cell(root, "b1"), "shade")->number, 0);
    ck_assert_int_eq(count(root, "pieces"), 32);
    expect_pieces_on(root, "d3", "0 man P 'White man' []");
    expect_pieces_on(root, "e6", "1 man p 'Black man' []");
    expect_pieces_on(root, "d2", "");
    ck_assert_int_eq(count(root, "moves"), 23);
    expect_move(root, "d3c4", "d3>c4 path=d3,c4 captured= converted= text=d3-c4");
    expect_result(root, "null");
    char history[64];
    join_strings(json_member(root, "history"), history, sizeof history);
    ck_assert_str_eq(history, "d2d3,e7e6");
    json_free(root);
}
END_TEST

START_TEST(breakthrough_moves_and_results)
{
    JsonValue *root = json_after(BT "position fen 8/8/8/3p4/4P3/8/8/8 w 0 1\n");
    expect_move(root, "e4d5", "e4>d5 path=e4,d5 captured=d5 converted= text=e4xd5");
    expect_move(root, "e4e5", "e4>e5 path=e4,e5 captured= converted= text=e4-e5");
    json_free(root);
    root = json_after(BT "position fen 8/8/8/8/8/8/8/P7 b 0 1\n");
    expect_result(root, "0 all men captured | White wins: every black man is captured | -");
    ck_assert_int_eq(count(root, "moves"), 0);
    json_free(root);
    root = json_after(BT "position fen 8/8/8/8/8/8/1P6/p7 w 0 1\n");
    expect_result(root, "1 breakthrough | Black wins: a black man reached White's home row | -");
    json_free(root);
    expect_display_tail(BT "position fen 8/8/8/8/8/8/1P6/p7 w 0 1\n",
                        "Legend:\n"
                        "  P  white man\n"
                        "  p  black man\n"
                        "  .  empty square\n"
                        "Game: breakthrough\n"
                        "Fen: 8/8/8/8/8/8/1P6/p7 w 0 1\n"
                        "Key: A94D672847B2EB1C\n"
                        "Side to move: white\n"
                        "Result: Black wins: a black man reached White's home row\n");
}
END_TEST

/* ---- Dragon's Gate --------------------------------------------------------------------- */

#define DG "setoption name UCI_Variant value dragonsgate\n"

START_TEST(dragonsgate_json)
{
    JsonValue *root = json_after(DG "position startpos\n");
    ck_assert_int_eq(count(root, "cells"), 64);
    expect_cell(root, "a1", "gate-post (Post of White's gate)");
    expect_cell(root, "d8", "gate (Black's gate, White's goal)");
    expect_cell(root, "e5", "square");
    ck_assert_int_eq(count(root, "pieces"), 32);
    expect_pieces_on(root, "b1", "0 dragon D 'White Dragon' []");
    expect_pieces_on(root, "h7", "1 dragon d 'Black Dragon' []");
    ck_assert_int_eq(count(root, "moves"), 42);
    expect_move(root, "c1c3", "c1>c3 path=c1,c3 captured= converted= text=c1-c3, flying over c2");
    json_free(root);
    /* a withdrawal takes the Dragon in front, the opposite way of the move */
    root = json_after(DG "position fen 8/8/8/3d4/3D4/8/3D4/8 w 0 1\n");
    expect_move(root, "d4d3",
                "d4>d3 path=d4,d3 captured=d5 converted= text=d4-d3, taking d5 by withdrawal");
    expect_move(root, "d2e3", "d2>e3 path=d2,e3 captured= converted= text=d2-e3");
    json_free(root);
    root = json_after(DG "position fen 3D4/8/8/8/8/8/7d/8 b 0 1\n");
    expect_result(root,
                  "0 through the gate | White wins: a Dragon passed through Black's gate | -");
    json_free(root);
    root = json_after(DG "position fen 8/8/8/8/8/8/8/D7 b 0 1\n");
    expect_result(root, "0 all Dragons captured | White wins: Black has no Dragon left | -");
    json_free(root);
}
END_TEST

/* ---- Dragon-draughts ------------------------------------------------------------------- */

#define DD "setoption name UCI_Variant value dragondraughts\n"

START_TEST(draughts_json)
{
    JsonValue *root = json_after(DD "position startpos\n");
    ck_assert_int_eq(count(root, "cells"), 64);
    expect_cell(root, "a8", "promotion-row (White men are crowned Daimyo here)");
    expect_cell(root, "h1", "promotion-row (Black men are crowned Daimyo here)");
    expect_cell(root, "d4", "square");
    ck_assert_ptr_null(json_member(cell(root, "d4"), "shade"));
    ck_assert_int_eq(count(root, "pieces"), 32);
    expect_pieces_on(root, "a2", "0 man P 'White man' []");
    expect_pieces_on(root, "h7", "1 man p 'Black man' []");
    expect_pieces_on(root, "a1", "");
    json_free(root);
    /* four pieces in one capture, the path crossing a square emptied on the way */
    root = json_after(DD "position fen 4K3/1P1p4/4p3/8/K1p2P2/8/2p5/8 w 0 1\n");
    expect_pieces_on(root, "a4", "0 daimyo K 'White Daimyo' []");
    ck_assert_int_eq(count(root, "moves"), 1);
    expect_move(root, "a4e4e7c7c1",
                "a4>c1 path=a4,e4,e7,c7,c1 captured=c2,c4,e6,d7 converted= "
                "text=a4xe4xe7xc7xc1 (takes 4)");
    json_free(root);
    /* a man crowned at the end of its capture; two moves from one origin to one square */
    root = json_after(DD "position fen 4k3/3p4/3P4/5p2/8/8/8/8 w 0 1\n");
    expect_move(root, "d6d8f8",
                "d6>f8 path=d6,d8,f8 captured=d7,e8 converted=f8 "
                "text=d6xd8xf8, crowned Daimyo (takes 2)");
    json_free(root);
    root = json_after(DD "position fen 8/8/8/3p4/2p5/1p1p4/1Pp5/8 w 0 1\n");
    expect_move(root, "b2b4d4d6",
                "b2>d6 path=b2,b4,d4,d6 captured=b3,c4,d5 converted= "
                "text=b2xb4xd4xd6 (takes 3)");
    expect_move(root, "b2d2d4d6",
                "b2>d6 path=b2,d2,d4,d6 captured=c2,d3,d5 converted= "
                "text=b2xd2xd4xd6 (takes 3)");
    json_free(root);
    /* a Daimyo ending its capture on b4, which it emptied on the way */
    root = json_after(DD "position fen k7/5ppp/K2p1ppp/8/1P5P/1PPPPPP1/2P2PPP/1k6 b 0 16\n");
    expect_move(root, "a8a4d4d2b2b4",
                "a8>b4 path=a8,a4,d4,d2,b2,b4 captured=c2,b3,d3,b4,a6 "
                "converted= text=a8xa4xd4xd2xb2xb4 (takes 5)");
    json_free(root);
    root = json_after(DD "position fen 8/8/8/8/8/P7/pPP5/K7 b 0 1\n");
    expect_result(root, "0 no legal move | White wins: Black has no legal move | -");
    json_free(root);
    root = json_after(DD "position fen 8/8/8/8/8/8/8/K7 b 0 1\n");
    expect_result(root, "0 all pieces captured | White wins: every black piece is captured | -");
    json_free(root);
    root = json_after(DD "position fen 7k/8/8/8/8/8/8/K7 w 0 1 moves a1b1 h8g8 b1a1 g8h8 a1b1 "
                         "h8g8 b1a1 g8h8\n");
    expect_result(root, "-1 threefold repetition | Draw by threefold repetition | -");
    ck_assert_int_eq(count(root, "moves"), 0);
    ck_assert_int_eq(count(root, "history"), 8);
    json_free(root);
    expect_display_tail(DD "position fen 7k/8/8/8/8/8/8/K7 w 0 1 moves a1b1 h8g8 b1a1 g8h8 "
                           "a1b1 h8g8 b1a1 g8h8\n",
                        "Legend:\n"
                        "  P  white man\n"
                        "  K  white Daimyo (king)\n"
                        "  p  black man\n"
                        "  k  black Daimyo (king)\n"
                        "  .  empty square\n"
                        "Game: dragondraughts\n"
                        "Fen: 7k/8/8/8/8/8/8/K7 w 8 5\n"
                        "Key: 361B0118158D7502\n"
                        "Side to move: white\n"
                        "Result: Draw by threefold repetition\n");
}
END_TEST

/* ---- Three Dragons --------------------------------------------------------------------- */

#define TD "setoption name UCI_Variant value threedragons\n"
#define TDS "setoption name UCI_Variant value threedragons-strength\n"
#define TDD "setoption name UCI_Variant value threedragons-dragons\n"

START_TEST(threedragons_json)
{
    JsonValue *root = json_after(TD "position startpos\n");
    ck_assert_int_eq(count(root, "cells"), 81);
    expect_cell(root, "a1", "mountain (Mountain)");
    expect_cell(root, "i9", "mountain (Mountain)");
    expect_cell(root, "e5", "cave (Dragon cave (its dragon has strength 5))");
    expect_cell(root, "g5", "cave (Dragon cave (its dragon has strength 3))");
    expect_cell(root, "d5", "square");
    expect_cell_at(root, "i9", 8, 8);
    ck_assert_int_eq(count(root, "pieces"), 22);
    expect_pieces_on(root, "b1", "0 piece P 'White piece' []");
    expect_pieces_on(root, "g8", "1 piece p 'Black piece' []");
    ck_assert_int_eq(count(root, "moves"), 37);
    json_free(root);
    root = json_after(TDS "position startpos\n");
    ck_assert_int_eq(count(root, "pieces"), 22);
    expect_pieces_on(root, "e1", "0 piece P6 'White piece, strength 6' []");
    expect_pieces_on(root, "d8", "1 piece p5 'Black piece, strength 5' []");
    json_free(root);
    /* one origin and destination, two moves: the custodial pair or the weaker d4 */
    root = json_after(TDS "position fen M6p1M/9/9/9/2C1C1C2/3p15/1P3p21p6P33/9/M2P54M w - 0 1\n");
    expect_move(root, "d1d3",
                "d1>d3 path=d1,d3 captured=c3,e3 converted= "
                "text=d1-d3, captures c3 e3");
    expect_move(root, "d1d3xd4",
                "d1>d3 path=d1,d3 captured=d4 converted= "
                "text=d1-d3, captures d4 by strength");
    json_free(root);
    /* a strength capture that tames the c5 dragon: the cave turns into a white piece */
    root = json_after(TDD "position fen M6p1M/7p11/9/2P2p25/1P3C1C1C2/2P16/3P55/9/M7M w - 5 3\n");
    expect_move(root, "d3d5xd6",
                "d3>d5 path=d3,d5 captured=d6 converted=c5 "
                "text=d3-d5, captures d6 by strength, tames the dragon of c5");
    json_free(root);
    root = json_after(TDD "position fen M7M/9/9/2p3p25/1p6P31C1C2/2p46/8p2/7p2P1/M7M w c 0 1\n");
    expect_pieces_on(root, "c5", "0 dragon P3 'White dragon, strength 3' []");
    json_free(root);
    root = json_after(TDS "position fen M7M/9/9/9/2C1C1C2/9/9/P17p3/MP16M b - 0 1\n");
    expect_result(root, "0 one piece left | White wins: Black has only one piece left | -");
    json_free(root);
    expect_display_tail(TDD "position fen M7M/9/9/9/2C1C1C2/9/9/P17p3/MP16M b - 0 1\n",
                        "Legend:\n"
                        "  P4  white piece; the digit is its strength (1-6)\n"
                        "  p4  black piece; the digit is its strength (1-6)\n"
                        "      a piece on c5, e5 or g5 is a tamed dragon on its cave\n"
                        "  M   mountain: no piece enters or crosses it; a partner in custodial "
                        "capture\n"
                        "  C   dragon cave: no piece enters or crosses it; a partner in custodial "
                        "capture\n"
                        "  .   empty square\n"
                        "Game: threedragons-dragons\n"
                        "Fen: M7M/9/9/9/2C1C1C2/9/9/P17p3/MP16M b - 0 1\n"
                        "Key: 5DD93DF0EF19778A\n"
                        "Side to move: black\n"
                        "Result: White wins: Black has only one piece left\n");
}
END_TEST

/* ---- Dragon Face ----------------------------------------------------------------------- */

#define DF "setoption name UCI_Variant value dragonface\n"

START_TEST(dragonface_json)
{
    JsonValue *root = json_after(DF "position startpos\n");
    ck_assert_str_eq(json_member(root, "game")->string, "dragonface");
    ck_assert_int_eq(count(root, "cells"), 99);
    ck_assert_int_eq((int)json_member(root, "width")->number, 11);
    ck_assert_int_eq((int)json_member(root, "height")->number, 9);
    expect_cell(root, "a1", "sacrifice-zone (Sacrifice Zone)");
    expect_cell(root, "k5", "sacrifice-zone (Sacrifice Zone)");
    expect_cell(root, "f9", "sacrifice-zone (Sacrifice Zone)");
    expect_cell(root, "b2", "territory (Territories, White's back line)");
    expect_cell(root, "j8", "territory (Territories, Black's back line)");
    expect_cell(root, "f5", "territory (Territories)");
    expect_cell_at(root, "k9", 10, 8);
    ck_assert_int_eq(count(root, "pieces"), 28);
    expect_pieces_on(root, "f2", "0 emperor E 'White Emperor' []");
    expect_pieces_on(root, "c8", "1 ambassador a 'Black Ambassador' []");
    expect_pieces_on(root, "c3", "0 governor G 'White Governor' [two-square-right]");
    ck_assert_int_eq(count(root, "moves"), 44);
    json_free(root);
    /* a capture into the corner converts b8 and revives k4: two moves from c7 to a9 */
    root = json_after(DF "position fen 4g6/1g1g7/1gG8/2G4e3/11/10A/11/9E1/11 w - - 0 1\n");
    expect_pieces_on(root, "k4", "0 ambassador A 'White Ambassador' [trapped]");
    expect_move(root, "c7a9",
                "c7>a9 path=c7,a9 captured= converted=b8 "
                "text=c7-a9, converts the governor on b8");
    expect_move(root, "c7a9@k4",
                "c7>a9 path=c7,a9 captured= converted=b8,k4 "
                "text=c7-a9, converts the governor on b8, revives the "
                "Ambassador on k4");
    expect_move(root, "c7c8@k4",
                "c7>c8 path=c7,c8 captured= converted=k4 "
                "text=c7-c8, revives the Ambassador on k4");
    json_free(root);
    /* after that revival: the free Ambassador on its Governor, the immune convert */
    root = json_after(DF "position fen 4g6/1g1g7/1gG8/2G4e3/11/10A/11/9E1/11 w - - 0 1 "
                         "moves c7a9@k4\n");
    expect_pieces_on(root, "k4",
                     "0 ambassador A 'White Ambassador' [free] / "
                     "0 governor G 'White Governor' [underneath]");
    expect_pieces_on(root, "b8", "0 governor G 'White Governor' [immune]");
    expect_pieces_on(root, "a9", "");
    json_free(root);
    root = json_after(DF "position fen 11/11/11/5e5/5E5/11/11/11/11 w - - 0 1 moves f5f7\n");
    expect_result(root, "0 Emperor captured | White wins: the Emperor is captured | -");
    json_free(root);
    /* the immune marker follows the piece it marks */
    char *out = t_session(DF "position fen 11/11/11/5e5/5E5/11/11/11/11 w - - 0 1 moves f5f7\nd\n");
    ck_assert_ptr_nonnull(strstr(out, " 7  :  .  .  .  .  E  .  .  .  .  : \n"
                                      " 6  :  .  .  .  .  E* .  .  .  .  : \n"));
    free(out);
    expect_display_tail(DF "position fen 11/11/11/5e5/5E5/11/11/11/11 w - - 0 1 moves f5f7\n",
                        "Legend:\n"
                        "  E e  Emperor (white, black)\n"
                        "  A a  Ambassador; in the Sacrifice Zone a trapped one\n"
                        "  G g  Governor\n"
                        "  F f  free Ambassador in the Zone, standing on the Governor that "
                        "revived it\n"
                        "  *    after a letter: the piece converted on the last ply, immune "
                        "this ply\n"
                        "  .    empty square of the Territories\n"
                        "  :    empty square of the Sacrifice Zone (files a and k, ranks 1 "
                        "and 9)\n"
                        "Game: dragonface\n"
                        "Fen: 11/11/5E5/5E5/11/11/11/11/11 b - f6 0 1\n"
                        "Key: B769CD663ADCCFBA\n"
                        "Side to move: black\n"
                        "Result: White wins: the Emperor is captured\n");
}
END_TEST

/* ---- DragonQi -------------------------------------------------------------------------- */

#define DQ "setoption name UCI_Variant value dragonqi\n"

/* The JSON line of the DragonQi position built from forces and fields (test_dragonqi.h). */
static JsonValue *dq_json(const char *pieces, const char *fields, const char *moves)
{
    char fen[FEN_MAX], setup[FEN_MAX + 256];
    dqt_fen(fen, sizeof fen, pieces, fields);
    snprintf(setup, sizeof setup, DQ "position fen %s%s%s\n", fen, moves[0] ? " moves " : "",
             moves);
    return json_after(setup);
}

START_TEST(dragonqi_start)
{
    JsonValue *root = json_after(DQ "position startpos\n");
    ck_assert_str_eq(json_item(json_member(root, "sides"), 0)->string, "storm");
    ck_assert_int_eq((int)json_member(root, "turn")->number, 0);
    /* 135 grid cells, e0, e16 and the twelve places: the 149 positions of the rules */
    ck_assert_int_eq(count(root, "cells"), 149);
    ck_assert_double_eq(json_member(root, "width")->number, 11.75);
    ck_assert_int_eq((int)json_member(root, "height")->number, 17);
    expect_cell(root, "e6", "harbour (Trafalgar Harbour, home of the Green Flagship)");
    expect_cell(root, "e10", "harbour (Storm Harbour, home of the Red Flagship)");
    expect_cell(root, "e8", "kraken-lair (Kraken's Lair: never occupied, transparent)");
    expect_cell(root, "c7", "ocean (Southern Ocean)");
    expect_cell(root, "d1", "palace (Forest Palace)");
    expect_cell(root, "e1", "palace (Forest Square, Forest Palace)");
    expect_cell(root, "e13", "citadel (Storm Citadel; covers the Shadow Banner)");
    expect_cell(root, "e4", "forest-land (Forest Front Rank; covers the TrueBorn Banner)");
    expect_cell(root, "a5", "beach (Forest Beaches)");
    expect_cell(root, "i11", "beach (Storm Beaches)");
    expect_cell(root, "b14", "storm-land (Storm Second Rank)");
    expect_cell(root, "e0", "target-cell (White Room (target cell behind e1))");
    expect_cell(root, "e16", "target-cell (Stairwell (target cell behind e15))");
    expect_cell(root, "library", "sealed (Library (sealed): the TrueBorn Queen's place)");
    expect_cell(root, "jailersoffice", "sealed (The Jailer's office (sealed))");
    expect_cell(root, "treasury", "dormant (Treasury (dormant))");
    /* drawn from Storm's side: rank 15 at the bottom, file a on the right */
    expect_cell_at(root, "i15", 0, 1);
    expect_cell_at(root, "a1", 8, 15);
    expect_cell_at(root, "e0", 4, 16);
    expect_cell_at(root, "e16", 4, 0);
    expect_cell_at(root, "library", 9.25, 16);
    expect_cell_at(root, "stormtower", 9.25, 0);
    /* 56 on the grid (10 of them vessels), the two watchers behind the home ranks and the
     * six residents of the sealed places */
    ck_assert_int_eq(count(root, "pieces"), 64);
    expect_pieces_on(root, "a1", "1 watchtower T* 'Watchtower' [bird-inside]");
    expect_pieces_on(root, "e2", "1 princess F 'Woodland Princess' [arrows-2]");
    expect_pieces_on(root, "e14", "0 queen q 'Storm Queen' [arrows-3]");
    expect_pieces_on(root, "e10",
                     "0 flagship f 'Red Flagship' [bow-s,cannonballs-3,in-home-harbour]");
    expect_pieces_on(root, "d6", "1 ship S 'Green Ship' [bow-ne]");
    expect_pieces_on(root, "e0", "1 dragon D 'Watching Ice Dragon' [inert]");
    expect_pieces_on(root, "e16", "0 serpent d 'Waiting Elder Winged Serpent' [inert]");
    expect_pieces_on(root, "library", "1 queen Q 'TrueBorn Queen at Work' [at-work,arrows-2]");
    expect_pieces_on(root, "desk", "1 librarian L 'Librarian' [shield-lowered]");
    expect_pieces_on(root, "scholarstower", "0 magician w 'Captive Magician' [captive]");
    expect_pieces_on(root, "centraldungeon",
                     "0 serpent y 'Waiting Younger Winged Serpent' [inert]");
    expect_pieces_on(root, "books", "");
    ck_assert_int_eq(count(root, "moves"), 79);
    expect_move(root, "e10~SW",
                "e10>e10 path=e10 captured= converted= "
                "text=Red Flagship on e10 turns her bow SW");
    expect_move(root, "i15^i4",
                "i15>i4 path=i15,i4 captured= converted= "
                "text=maiden flight: the Raven leaves its tower on i15 for i4");
    json_free(root);
}
END_TEST

START_TEST(dragonqi_vessels_and_events)
{
    /* the Green Flagship fires over the occupied screen d7 and sinks the Red Ship on b7 */
    JsonValue *root =
        dq_json("Ke1 Fe2 ke15 (F0P)e7 (s0p)d7 (s0)b7", "F DQ0wdy0W - - 000030 - 0 1 lance", "");
    expect_pieces_on(root, "e7",
                     "1 flagship F 'Green Flagship' [bow-n,cannonballs-3] / "
                     "1 dwarf P 'Dwarf' [aboard]");
    expect_pieces_on(root, "d7", "0 ship s 'Red Ship' [bow-n] / 0 gnome p 'Gnome' [aboard]");
    expect_move(root, "e7xb7",
                "e7>b7 path=e7,b7 captured=b7 converted= "
                "text=Green Flagship on e7 fires at b7, sinks the Red Ship");
    json_free(root);
    /* a ram on a Red Ship the Green Knight commandeered sinks her with him */
    root = dq_json("ke15 Ke1 Fe2 (s0)d7 (s4N)d8", "S " DQT_PLAIN, "");
    expect_pieces_on(root, "d8",
                     "1 ship s 'Red Ship' [bow-s,commandeered] / "
                     "1 knight N 'Green Knight' [aboard]");
    expect_move(root, "d7~d8",
                "d7>d8 path=d7,d8 captured=d8 converted= text=Red Ship sails "
                "d7-d8, captures the Green Knight on d8, sinks the Red Ship");
    json_free(root);
    /* the Prince lands on the Storm Beaches: plain, or setting the Ice Dragon afire, which
     * puts the Dragon on the landing cell and the Prince in the White Room */
    root = dq_json("(S0K)d10 Fe2 ka15", "F " DQT_PLAIN, "");
    expect_move(root, "d10d11",
                "d10>d11 path=d10,d11 captured= converted= "
                "text=TrueBorn Prince d10-d11");
    expect_move(root, "d10d11/A",
                "d10>d11 path=d10,d11 captured= converted=d11,e0 "
                "text=TrueBorn Prince d10-d11; now: Ice Dragon Afire on d11, "
                "TrueBorn Prince on e0");
    json_free(root);
    root = dq_json("(S0K)d10 Fe2 ka15", "F " DQT_PLAIN, "d10d11/A");
    expect_pieces_on(root, "d11", "1 dragon D 'Ice Dragon Afire' [afire]");
    expect_pieces_on(root, "e0", "1 prince K 'TrueBorn Prince' [confined]");
    expect_pieces_on(root, "d10", "1 ship S 'Green Ship' [bow-n]");
    json_free(root);
}
END_TEST

START_TEST(dragonqi_results)
{
    JsonValue *root = dq_json("Kd12 kf13 th13 Fe2", "F " DQT_PLAIN, "d12e13");
    expect_result(root, "1 Direct Capture | Forest wins by Direct Capture: 5-0 | 0-5");
    json_free(root);
    char fen[FEN_MAX], input[FEN_MAX + 128];
    dqt_fen(fen, sizeof fen, "Kd12 kf13 th13 Fe2", "F " DQT_PLAIN);
    snprintf(input, sizeof input, DQ "position fen %s moves d12e13\nd\n", fen);
    char *out = t_session(input);
    ck_assert_ptr_nonnull(strstr(out, "\nResult: Forest wins by Direct Capture: 5-0\n"));
    ck_assert_ptr_nonnull(strstr(out, "\nLegend:\n  upper case Forest (ranks 1-5, moves second), "
                                      "lower case Storm (ranks 11-15, moves first)\n"));
    ck_assert_ptr_nonnull(
        strstr(out, "\n  T t   Watchtower, Castle; T* t* with the unreleased bird inside\n"));
    free(out);
    root = dq_json("xc3 Ke1 Fe2 ke15", "S " DQT_PLAIN, "c3d2");
    expect_result(root, "0 Direct Capture | Storm wins by Direct Capture: 5-0 | 5-0");
    json_free(root);
    root = dq_json("Ke13 ka15 Fe2", "F " DQT_PLAIN, "e13=F");
    expect_result(root, "1 flag planted | Forest wins by planting the flag: 3-0 | 0-3");
    json_free(root);
    root = dq_json("xf1 Ke1 Fe2 ke15", "F " DQT_PLAIN, "");
    expect_result(root, "0 locking up | Storm wins by locking up: 5.5-0 | 5.5-0");
    json_free(root);
    root = dq_json("ka15 Ob11 Oc12 Ke1 Fe2", "S " DQT_PLAIN, "");
    expect_result(root, "-1 stalemate | Truce by stalemate: 1-1 | 1-1");
    json_free(root);
    root = dq_json("Ke1 Fe2 ke15", "S DQ0wdy0W - - 000000 - 100 60 lance", "");
    expect_result(root, "-1 100 plies without progress | Truce after 100 plies without "
                        "progress: 1-1 | 1-1");
    json_free(root);
    root = dq_json("Ke1 Fe2 ke15", "S " DQT_PLAIN,
                   "e15d15 e1d1 d15e15 d1e1 e15d15 e1d1 "
                   "d15e15 d1e1");
    expect_result(root, "-1 threefold repetition | Truce by threefold repetition: 1-1 | 1-1");
    json_free(root);
}
END_TEST

/* Every game, along a random game from its start: every line parses and keeps its shape
 * (cells named once, pieces and touched cells on named cells, the moves exactly those of
 * `moves`), and the history is the moves played. */
START_TEST(every_game_along_random_games)
{
    static const char *const games[] = {
        "breakthrough",          "dragonface",           "dragonsgate",    "threedragons",
        "threedragons-strength", "threedragons-dragons", "dragondraughts", "dragonqi"};
    const Game *g = t_game(games[_i]);
    unsigned char *pos = malloc(g->pos_size), *next = malloc(g->pos_size);
    Move moves[MAX_MOVES];
    char line[8192], setup[8448];
    size_t n = (size_t)snprintf(line, sizeof line, "position startpos moves");
    t_load(g, game_start_fen(g, NULL), pos);
    uint64_t seed = 0x5EED0000u + (uint64_t)_i;
    for (int ply = 0; ply <= 40; ply++) {
        if (ply % 8 == 0) {
            snprintf(setup, sizeof setup, "setoption name UCI_Variant value %s\n%s\n", g->name,
                     line);
            JsonValue *root = json_after(setup);
            ck_assert_str_eq(json_member(root, "game")->string, g->name);
            ck_assert_int_eq(count(root, "history"), ply);
            json_free(root);
        }
        int k = g->gen_moves(pos, moves);
        if (k == 0)
            break;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        Move m = moves[(seed >> 33) % (uint64_t)k];
        char str[MOVE_STR_MAX];
        g->move_to_str(pos, m, str);
        n += (size_t)snprintf(line + n, sizeof line - n, " %s", str);
        g->make_move(pos, m, next);
        memcpy(pos, next, g->pos_size);
    }
    free(pos);
    free(next);
}
END_TEST

Suite *json_suite(void)
{
    Suite *s = suite_create("json");
    TCase *tc = tcase_create("json");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, quoting);
    tcase_add_test(tc, breakthrough_start);
    tcase_add_test(tc, breakthrough_moves_and_results);
    tcase_add_test(tc, dragonsgate_json);
    tcase_add_test(tc, draughts_json);
    tcase_add_test(tc, threedragons_json);
    tcase_add_test(tc, dragonface_json);
    tcase_add_test(tc, dragonqi_start);
    tcase_add_test(tc, dragonqi_vessels_and_events);
    tcase_add_test(tc, dragonqi_results);
    tcase_add_loop_test(tc, every_game_along_random_games, 0, 8);
    suite_add_tcase(s, tc);
    return s;
}
