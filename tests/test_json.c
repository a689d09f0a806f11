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

/* ---- reading the line ---------------------------------------------------------------- */

static const char *const top_keys[] = {"game",  "sides",  "turn",   "fen",   "width", "height",
                                       "cells", "pieces", "result", "moves", "history"};

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
    ck_assert_str_eq(listed, moves_line);
}

/* Runs `setup` (ended by newlines), then `json` and `moves`; returns the parsed line
 * after checking its shape. */
static JsonValue *json_after(const char *setup)
{
    char input[16384];
    snprintf(input, sizeof input, "%sjson\nmoves\n", setup);
    char *out = t_session(input);
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

static int count(const JsonValue *root, const char *key)
{
    return json_member(root, key)->count;
}

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
    ck_assert_str_eq(v->string, "a\"b\\c\nd\te\x01\x7f\xef\xbf\xbd\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd");
    json_free(v);
    free(q);
    /* the checker itself refuses what is not JSON */
    const char *bad[] = {"{\"a\":1,}", "[1 2]", "\"a\x01\"", "{\"a\":01}", "[1] x", "\"\\x\"",
                         "{\"a\":1,\"a\":2}", "\"\xff\"", "tru", "[", "\"\\ud800\""};
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

Suite *json_suite(void)
{
    Suite *s = suite_create("json");
    TCase *tc = tcase_create("json");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, quoting);
    tcase_add_test(tc, breakthrough_start);
    tcase_add_test(tc, breakthrough_moves_and_results);
    suite_add_tcase(s, tc);
    return s;
}
