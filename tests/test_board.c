/*
 * The board helpers shared by the 8x8 games (core/board8.h) and the board extent every
 * game table declares (Game.files, Game.ranks).
 */
#include <stdlib.h>
#include <string.h>

#include "core/board8.h"
#include "core/describe.h"
#include "core/registry.h"
#include "tests/helpers.h"

static const char *const eight_by_eight[] = {"breakthrough", "dragonsgate", "dragondraughts"};

/* Every square's name reads back as that square; anything off the board reads as none. */
START_TEST(square_names)
{
    char name[DESCRIBE_NAME_MAX];
    describe_grid_name(B8_FILES, 0, name);
    ck_assert_str_eq(name, "a1");
    describe_grid_name(B8_FILES, b8_square(B8_FILE_H, 7), name);
    ck_assert_str_eq(name, "h8");
    for (int sq = 0; sq < B8_SQUARES; sq++) {
        describe_grid_name(B8_FILES, sq, name);
        ck_assert_int_eq(b8_parse_square(name), sq);
    }
    static const char *const off[] = {"i1", "a9", "a0", "`1", "A1", "h", ""};
    for (size_t i = 0; i < sizeof off / sizeof *off; i++)
        ck_assert_int_eq(b8_parse_square(off[i]), -1);
    int from, to;
    ck_assert(b8_from_to_read("b2c3", &from, &to));
    ck_assert_int_eq(from, 9);
    ck_assert_int_eq(to, 18);
    ck_assert(!b8_from_to_read("b2c", &from, &to));
    ck_assert(!b8_from_to_read("b2c3x", &from, &to));
    ck_assert(!b8_from_to_read("b2c9", &from, &to));
}
END_TEST

/* The masks are the files and ranks their names say. */
START_TEST(masks)
{
    for (int sq = 0; sq < B8_SQUARES; sq++) {
        Bb64 bit = b8_bit(sq);
        ck_assert_int_eq((B8_FILE_A_BB & bit) != 0, b8_file(sq) == 0);
        ck_assert_int_eq((B8_FILE_H_BB & bit) != 0, b8_file(sq) == 7);
        ck_assert_int_eq((B8_RANK_1_BB & bit) != 0, b8_rank(sq) == 0);
        ck_assert_int_eq((B8_RANK_2_BB & bit) != 0, b8_rank(sq) == 1);
        ck_assert_int_eq((B8_RANK_7_BB & bit) != 0, b8_rank(sq) == 6);
        ck_assert_int_eq((B8_RANK_8_BB & bit) != 0, b8_rank(sq) == 7);
        int r = b8_rank(sq), f = b8_file(sq);
        ck_assert_int_eq((B8_RANKS_BB(3, 7) & bit) != 0, r >= 3);
        ck_assert_int_eq((B8_RANKS_BB(0, 2) & bit) != 0, r <= 2);
        ck_assert_int_eq((B8_RANKS_BB(5, 5) & bit) != 0, r == 5);
        ck_assert_int_eq((B8_FILES_BB(2, 5) & bit) != 0, f >= 2 && f <= 5);
        ck_assert_int_eq((B8_FILES_BB(0, 0) & bit) != 0, f == 0);
        ck_assert_int_eq((B8_FILES_BB(7, 7) & bit) != 0, f == 7);
    }
    ck_assert_uint_eq(B8_RANKS_BB(0, 7), ~0ULL);
    ck_assert_uint_eq(B8_FILES_BB(0, 7), ~0ULL);
    ck_assert_uint_eq(B8_FILES_BB(0, 2), 0x0707070707070707ULL);
}
END_TEST

static void assert_fen_error(const Game *g, const char *fen, const char *reason)
{
    char err[256] = "";
    void *pos = malloc(g->pos_size);
    ck_assert_msg(!g->fen_read(pos, fen, err, sizeof err), "%s accepted %s", g->name, fen);
    free(pos);
    ck_assert_str_eq(err, reason);
}

/* The three games read a FEN the same way and give the same reasons. */
START_TEST(board_field_errors)
{
    for (size_t i = 0; i < sizeof eight_by_eight / sizeof *eight_by_eight; i++) {
        const Game *g = t_game(eight_by_eight[i]);
        assert_fen_error(g, "8/8/44/8/8/8/8/8 w 0 1", "rank 6 has more than 8 squares");
        assert_fen_error(g, "8/8/9/8/8/8/8/8 w 0 1", "rank 6 has more than 8 squares");
        assert_fen_error(g, "8/8/08/8/8/8/8/8 w 0 1", "empty-square count starts with 0 in rank 6");
        assert_fen_error(g, "8/8/7/8/8/8/8/8 w 0 1", "rank 6 does not have 8 squares");
        assert_fen_error(g, "8/8/8/8/8/8/8 w 0 1", "board must have 8 ranks of 8 squares");
        assert_fen_error(g, "8/8/8/8/8/8/8/8/8 w 0 1", "rank 1 does not have 8 squares");
        assert_fen_error(g, "8/8/3X4/8/8/8/8/8 w 0 1", "bad character 'X' in board");
        assert_fen_error(g, "8/8/8/8/8/8/8/8 x 0 1", "side to move must be 'w' or 'b', not 'x'");
        assert_fen_error(g, "8/8/8/8/8/8/8/8 w 0",
                         "expected board, side, [halfmove, fullmove]: "
                         "'8/8/8/8/8/8/8/8 w 0'");
        assert_fen_error(g, "8/8/8/8/8/8/8/8 w 0 0", "bad move counters '0 0'");
        assert_fen_error(g, "8/8/8/8/8/8/8/8 w 1000001 1", "bad move counters '1000001 1'");
    }
}
END_TEST

/* The drawing of `d`: rank 8 on top, '.' for an empty square, the files underneath. */
START_TEST(board_drawing)
{
    const Game *g = t_game("dragondraughts");
    void *pos = malloc(g->pos_size);
    char out[1024];
    t_load(g, "8/8/1k6/8/5p2/8/2PK4/8 b 4 50", pos);
    g->display(pos, out, sizeof out);
    ck_assert_str_eq(out, " 8  . . . . . . . .\n"
                          " 7  . . . . . . . .\n"
                          " 6  . k . . . . . .\n"
                          " 5  . . . . . . . .\n"
                          " 4  . . . . . p . .\n"
                          " 3  . . . . . . . .\n"
                          " 2  . . P K . . . .\n"
                          " 1  . . . . . . . .\n"
                          "    a b c d e f g h\n");
    g->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "8/8/1k6/8/5p2/8/2PK4/8 b 4 50");
    free(pos);
}
END_TEST

/* Game.files and Game.ranks give the board's extent: the start position's FEN lists
 * `ranks` rows, and the 8x8 games, whose text the helpers above write, say 8 by 8. */
START_TEST(table_extent)
{
    for (int i = 0; i < registry_count(); i++) {
        const Game *g = registry_game(i);
        const char *fen = game_start_fen(g, NULL);
        int rows = 1;
        for (const char *c = fen; *c && *c != ' '; c++)
            rows += *c == '/';
        ck_assert_msg(rows == g->ranks, "%s: %d rows, ranks %d", g->name, rows, g->ranks);
        ck_assert_int_gt(g->files, 0);
    }
    for (size_t i = 0; i < sizeof eight_by_eight / sizeof *eight_by_eight; i++) {
        const Game *g = t_game(eight_by_eight[i]);
        ck_assert_int_eq(g->files, B8_FILES);
        ck_assert_int_eq(g->ranks, B8_RANKS);
    }
}
END_TEST

Suite *board_suite(void)
{
    Suite *s = suite_create("board");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, square_names);
    tcase_add_test(tc, masks);
    tcase_add_test(tc, board_field_errors);
    tcase_add_test(tc, board_drawing);
    tcase_add_test(tc, table_extent);
    suite_add_tcase(s, tc);
    return s;
}
