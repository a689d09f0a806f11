/*
 * The learned evaluation: features on hand-worked positions and under the colour flip,
 * net files and their errors, the accumulator cache against a refresh, the vector path
 * against the portable one, the data files, a small generation and training run, and
 * the options (`EvalFile`, `Use NNUE`) through the protocol.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/registry.h"
#include "core/rng.h"
#include "engine/engine.h"
#include "learn/data.h"
#include "learn/learn.h"
#include "learn/train.h"
#include "movegen/dragonqi/dragonqi.h"
#include "nnue/nnue.h"
#include "tests/helpers.h"

/* Every game with a feature set; all but the last (DragonQi, whose armies differ) keep
 * their features under the colour flip. */
static const char *const NET_GAMES[] = {
    "breakthrough", "dragonsgate",           "dragondraughts",       "threedragons",
    "dragonface",   "threedragons-strength", "threedragons-dragons", "dragonqi"};
enum {
    NET_GAME_COUNT = sizeof NET_GAMES / sizeof *NET_GAMES,
    FLIP_GAME_COUNT = NET_GAME_COUNT - 1
};

/* DragonQi's inputs (eval/dragonqi.c): Storm's view below DQ_VIEW, Forest's the same plus
 * DQ_VIEW; the forces' inputs come first. */
enum { DQ_VIEW = 4664, DQ_FORCE_INPUTS = 3684 };

/* The features of `fen` seen by `perspective`, as "i j k". */
static void feature_text(const Game *g, const char *fen, int perspective, char *out, size_t size)
{
    unsigned char *pos = malloc(g->pos_size);
    t_load(g, fen, pos);
    uint16_t f[NNUE_ACTIVE_MAX];
    int n = g->nnue->features(pos, perspective, f);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%u", i ? " " : "", f[i]);
    free(pos);
}

static void assert_features(const char *game, const char *fen, int perspective,
                            const char *expected)
{
    char got[4096];
    feature_text(t_game(game), fen, perspective, got, sizeof got);
    ck_assert_msg(strcmp(got, expected) == 0, "%s %s perspective %d: got '%s', want '%s'", game,
                  fen, perspective, got, expected);
}

START_TEST(features_exact)
{
    /* White man d4 (27), black man c7 (50). White sees its own man at 27 and the enemy at
     * 64 + 50; Black sees the board turned: its man c7 -> c2 (10), the enemy d4 -> d5 (35). */
    assert_features("breakthrough", "8/2p5/8/8/3P4/8/8/8 w 0 40", P1, "27 114");
    assert_features("breakthrough", "8/2p5/8/8/3P4/8/8/8 w 0 40", P2, "10 99");
    /* Dragons a1 (0) and h7 (55) for South, b7 (49) for North; North sees b7 as b2 (9), a1
     * as a8 (64 + 56) and h7 as h2 (64 + 15). */
    assert_features("dragonsgate", "8/1d5D/8/8/8/8/8/D7 w 0 1", P1, "0 55 113");
    assert_features("dragonsgate", "8/1d5D/8/8/8/8/8/D7 w 0 1", P2, "9 79 120");
    /* White man e3 (20), White Daimyo a8 (56), black man h6 (47), black Daimyo b1 (1):
     * own men 0.., own Daimyos 64.., enemy men 128.., enemy Daimyos 192.. */
    assert_features("dragondraughts", "K7/8/7p/8/8/4P3/8/1k6 w 0 1", P1, "20 120 175 193");
    assert_features("dragondraughts", "K7/8/7p/8/8/4P3/8/1k6 w 0 1", P2, "23 121 172 192");
    /* Three Dragons, White b1 (1) and d3 (21), Black c8 (65) and h9 (79). Base game: own
     * pieces 0.., enemy 81.. (no piece can be taken in one move); Black sees ranks turned:
     * c8 -> c2 (11), h9 -> h1 (7), b1 -> b9 (81 + 73), d3 -> d7 (81 + 57). */
    const char *td = "M6pM/2p6/9/9/2C1C1C2/9/3P5/9/MP6M w - 0 1";
    assert_features("threedragons", td, P1, "1 21 146 160");
    assert_features("threedragons", td, P2, "7 11 138 154");
    /* The same with a White piece on g8 (69; Black sees g2, 81 + 15): it reaches g9, beside
     * h9 with the mountain i9 beyond, so h9 is threatened (own pieces the enemy could take
     * at 162.., enemy pieces this side could take at 243..): White sees 243 + 79, Black its
     * own h1 at 162 + 7. No other piece can be taken in one move (c1, the square that would
     * take b1 against the mountain a1, is out of Black's reach). */
    const char *tdt = "M6pM/2p3P2/9/9/2C1C1C2/9/3P5/9/MP6M w - 0 1";
    assert_features("threedragons", tdt, P1, "1 21 69 146 160 322");
    assert_features("threedragons", tdt, P2, "7 11 96 138 154 169");
    /* Strengths b1 1, d3 2, c8 4, h9 5: own strength s at (s - 1) * 81.., the enemy's at
     * 486 + (s - 1) * 81..; White: 1, 81 + 21, 486 + 243 + 65, 486 + 324 + 79. */
    const char *tds = "M6p5M/2p46/9/9/2C1C1C2/9/3P25/9/MP16M w - 0 1";
    assert_features("threedragons-strength", tds, P1, "1 102 794 889");
    assert_features("threedragons-strength", tds, P2, "254 331 559 624");
    /* The same with the centre cave spent (972 + 1), seen alike from both sides. */
    const char *tdd = "M6p5M/2p46/9/9/2C1C1C2/9/3P25/9/MP16M w e 0 1";
    assert_features("threedragons-dragons", tdd, P1, "1 102 794 889 973");
    assert_features("threedragons-dragons", tdd, P2, "254 331 559 624 973");
    /* Dragon Face, light to move: light Emperor e2 (15) and a Governor with its right on
     * c3 (24); dark Emperor f8 (82), an Ambassador trapped on a5 (44), a free one on k6
     * (65), and the Governor d4 (36) converted on the last ply (immune). Kinds: Emperor,
     * Ambassador, free Ambassador, Governor with right, Governor, at (side * 5 + kind) * 99;
     * immune at 990. Dark sees ranks turned: f8 -> f2 (16), a5 (44), k6 -> k4 (43), d4 ->
     * d6 (58), e2 -> e8 (81), c3 -> c7 (68). */
    const char *df = "11/5e5/11/10f/a10/3g7/2G8/4E6/11 w c3 d4 0 1";
    assert_features("dragonface", df, P1, "15 321 577 638 758 927 1026");
    assert_features("dragonface", df, P2, "16 143 241 454 576 860 1048");
}
END_TEST

/* `list` with every number raised by `by`. */
static void shift_list(const char *list, int by, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (char *end; *list; list = end) {
        long v = strtol(list, &end, 10);
        len += (size_t)snprintf(out + len, size - len, "%s%ld", len ? " " : "", v + by);
    }
}

/* DragonQi (eval/dragonqi.c has the layout). Cells c = 9 * rank + file (a = 0). Force
 * inputs start, by code (type << 1 | side, Storm 0): Warlord 0 (136 places: grid c - 9,
 * then e16), Prince 136 (e0, then grid c - 8), Storm Queen 272 and Queen at War 317 (own
 * land), Empress 362, Red Witch 452, Princess 542, Ice Dragon 543, Elder 588, Younger 633,
 * Gnome 678 (S-land and ocean, c - 54), Dwarf 768 (c - 9), Troll 858, Elf 903, Citadel
 * Watcher 948 and Palace Defender 957 (3 * row + file from d), Warder 966, Guard 975, Red
 * Knight 984, Green Knight 1119, Black Knight 1254 and White Knight 1659 (135 per
 * variation), Catapult 2064, Crossbowman 2154, ..., Castle with Raven 2784, Watchtower
 * with Albatross 2829, ..., Raven 2964 and Albatross 3054 (F-land c - 9, then S-land
 * c - 54), ..., Magician 3414, Wizard 3504. Vessels 3684 + 4 * (c - 54) + kind (Red Ship,
 * Red Flagship, Green Ship, Green Flagship); bows 3864 + 16 * (c - 54) + 8 * colour +
 * bow; enclosures 4584 (DK- QF 01- w- dk- yx 01- W-: 20 characters); pools 4604; flags
 * 4616 (AIaiHhdvtP); munitions 4626 (2 2 4 3 3 3); en passant 4643 (a3-i3, a13-i13);
 * variation 4661. Forest's view adds 4664 to each. */
START_TEST(features_exact_dragonqi)
{
    const char *start = t_game("dragonqi")->start_fen;
    const char *start_storm =
        /* Warlord e15 (139), Prince e1 (13), Storm Queen e14 (130 - 99), Princess */
        "130 141 303 542 "
        /* Gnomes c12 d12 f12 g12 a14 b14 h14 i14 (c - 54 = 56 57 59 60 72 73 79 80) */
        "734 735 737 738 750 751 757 758 "
        /* Dwarfs a2 b2 h2 i2 c4 d4 f4 g4 (c - 9 = 9 10 16 17 29 30 32 33) */
        "777 778 784 785 797 798 800 801 "
        /* Watchers d13-f13 (0-2), Defenders d3-f3 (6-8), Warders d14 f14 and Guards d2 f2
         * (3, 5) */
        "948 949 950 963 964 965 969 971 978 980 "
        /* Red Knights c13 g13 (110, 114), Green c3 g3 (20, 24), Black d15 f15 (129, 131),
         * White d1 f1 (3, 5), the Lance's */
        "1094 1098 1139 1143 1383 1385 1662 1664 "
        /* Catapults c15 g15 (83, 87), Crossbowmen c1 g1 (2, 6), Castles a15 i15 (36, 44),
         * Watchtowers a1 i1 (0, 8) */
        "2147 2151 2156 2160 2820 2828 2829 2837 "
        /* vessels a6 d6 e6 f6 i6 (o = 0 3 4 5 8; Green, e6 the Flagship), a10 d10 e10 f10
         * i10 (o = 36 39 40 41 44; Red, e10 the Flagship) */
        "3686 3698 3703 3706 3718 3828 3840 3845 3848 3860 "
        /* bows: Green N NE N NW N, Red S SE S SW S, each in its own colour */
        "3872 3921 3936 3959 4000 4444 4491 4508 4525 4572 "
        /* DQ0wdy0W */
        "4584 4587 4589 4592 4594 4597 4599 4602 "
        /* flags AIaiHhd */
        "4616 4617 4618 4619 4620 4621 4622 "
        /* arrows 2 2 0 3, cannonballs 3 3 */
        "4626 4627 4628 4629 4634 4635 4636 4637 4638 4639 4640 4641 4642 "
        /* the Lance */
        "4661";
    char forest[4096];
    assert_features("dragonqi", start, P1, start_storm);
    shift_list(start_storm, DQ_VIEW, forest, sizeof forest);
    assert_features("dragonqi", start, P2, forest);

    /* After the Ice Dragon's interchange (Prince confined on e0, the Dragon afire on g12,
     * the Jailer on alert), the Warlord aboard a Green Ship on d7 (bow E, now Storm's
     * colour), a Dwarf aboard a Red Ship on g9 (bow N, now Forest's), the Red Flagship
     * still in her harbour, a released Raven on h1, the Wizard unchained on c13 and the
     * Magician still captive, a Black Knight on i13 under the Pike, a Dwarf just two-stepped
     * to b4 (ep b3), one White Knight and one Red Knight in the pools, the Empress option
     * open, Storm to move. */
    const char *events = "t*8/4q4/2W5h/6D2/9/4(f4)4/6(s0P)2/9/3(S2k)5/9/9/1P7/9/4F4/7a1 S "
                         "KQ0wdy1- Hn hdv 120201 b3 0 20 pike";
    const char *events_storm =
        /* Warlord aboard d7 (66 - 9), Prince on e0 (136 + 0), Storm Queen, Princess, Dragon
         * g12 (543 + 114 - 99) */
        "57 136 303 542 558 "
        /* Dwarfs b4 (37 - 9) and aboard g9 (87 - 9) */
        "796 846 "
        /* Black Knight i13 under the Pike: 1254 + 2 * 135 + 125 - 9 */
        "1640 "
        /* Castle with its Raven a15 (135 - 99), Raven h1 (16 - 9), Wizard c13 (119 - 54) */
        "2820 2971 3569 "
        /* Green Ship d7 (o 12, kind 2), Red Ship g9 (o 33, kind 0), Red Flagship e10 (o 40,
         * kind 1) */
        "3734 3816 3845 "
        /* bows: d7 Storm's colour E (192 + 0 + 2), g9 Forest's N (528 + 8 + 0), e10 S */
        "4058 4400 4508 "
        /* K Q 0 w d y 1 - */
        "4585 4587 4589 4592 4594 4597 4600 4603 "
        /* pools: one H (4604), one n (4604 + 2 * 4) */
        "4604 4612 "
        /* flags h d v */
        "4621 4622 4623 "
        /* Princess 1, reserve 2, Storm Queen 2 arrows; Red cannon 1 */
        "4626 4628 4629 4634 4635 4640 "
        /* en passant b3, the Pike */
        "4644 4663";
    assert_features("dragonqi", events, P1, events_storm);
    shift_list(events_storm, DQ_VIEW, forest, sizeof forest);
    assert_features("dragonqi", events, P2, forest);
}
END_TEST

/* The same position with colours swapped: ranks reversed, cases swapped, the other side
 * to move (these games' FENs are "board side rest"; Three Dragons' mountains M and caves
 * C belong to no side and keep their letters). */
static void flip_fen(const char *fen, char *out, size_t size)
{
    char board[256], side[8], rest[64];
    ck_assert(sscanf(fen, "%255s %7s %63[^\n]", board, side, rest) == 3);
    char *ranks[16];
    int n = 0;
    for (char *save = NULL, *r = strtok_r(board, "/", &save); r && n < 16;
         r = strtok_r(NULL, "/", &save))
        ranks[n++] = r;
    size_t len = 0;
    for (int i = n - 1; i >= 0; i--) {
        for (char *c = ranks[i]; *c; c++)
            if (*c != 'M' && *c != 'C')
                *c = (char)(isupper((unsigned char)*c) ? tolower((unsigned char)*c)
                                                       : toupper((unsigned char)*c));
        len += (size_t)snprintf(out + len, size - len, "%s%s", ranks[i], i ? "/" : "");
    }
    snprintf(out + len, size - len, " %s %s", side[0] == 'w' ? "b" : "w", rest);
}

/* Dragon Face's FEN names squares after the side (two-square rights, the immune piece):
 * on the turned board rank r is rank 10 - r. */
static void flip_square_fields(char *fen)
{
    char *fields = strchr(fen, ' ');
    fields = fields ? strchr(fields + 1, ' ') : NULL;
    char *end = fields ? strchr(fields + 1, ' ') : NULL;
    end = end ? strchr(end + 1, ' ') : NULL;
    for (char *c = fields; c && c < end; c++)
        if (islower((unsigned char)c[0]) && isdigit((unsigned char)c[1]))
            c[1] = (char)('0' + 10 - (c[1] - '0'));
}

/* A net of random weights within the bounds the format allows, for `slot`'s game. */
static NnueNet *random_net(const NnueSlot *slot, uint32_t hidden, uint64_t seed)
{
    NnueNet *net = calloc(1, sizeof *net);
    net->feature_count = slot->feature_count;
    net->hidden = hidden;
    net->scale = 150;
    snprintf(net->game, sizeof net->game, "%s", slot->game);
    size_t w1 = (size_t)slot->feature_count * hidden;
    net->w1 = aligned_alloc(64, (w1 * 2 + 63) / 64 * 64);
    net->b1 = aligned_alloc(64, (hidden * 2 + 63) / 64 * 64);
    net->w2 = aligned_alloc(64, (hidden * 4 + 63) / 64 * 64);
    for (size_t i = 0; i < w1; i++)
        net->w1[i] = (int16_t)((int)rng_below(&seed, 201) - 100);
    for (uint32_t i = 0; i < hidden; i++)
        net->b1[i] = (int16_t)((int)rng_below(&seed, 301) - 100);
    for (uint32_t i = 0; i < 2 * hidden; i++)
        net->w2[i] = (int16_t)((int)rng_below(&seed, 2 * NNUE_W2_MAX + 1) - NNUE_W2_MAX);
    net->b2 = (int32_t)rng_below(&seed, 100000) - 50000;
    net->id = 1000000 + seed % 1000;
    return net;
}

/* Where random game k of `g` starts: the start position, but DragonQi's great events lie
 * far from its start, so its games start from its bench positions in turn (the three
 * variations' starts, and positions before and after each event among them). */
static const char *random_start(const Game *g, int k)
{
    if (strcmp(g->name, "dragonqi") != 0)
        return g->start_fen;
    int n = 0;
    while (g->bench_fens[n])
        n++;
    return g->bench_fens[k % n];
}

/* Plays random games of `g` and calls check(g, pos, fen) on every position. */
static void random_positions(const Game *g, int games, uint64_t seed,
                             void (*check)(const Game *, const void *, const char *))
{
    unsigned char *pos = malloc(g->pos_size), *next = malloc(g->pos_size);
    Move *moves = malloc(sizeof(Move) * (size_t)g->max_moves);
    char fen[512];
    for (int k = 0; k < games; k++) {
        t_load(g, random_start(g, k), pos);
        for (int ply = 0; ply < 200; ply++) {
            g->fen_write(pos, fen, sizeof fen);
            check(g, pos, fen);
            int n = g->result(pos) == RESULT_NONE ? g->gen_moves(pos, moves) : 0;
            if (n == 0)
                break;
            g->make_move(pos, moves[rng_below(&seed, (uint64_t)n)], next);
            memcpy(pos, next, g->pos_size);
        }
    }
    free(pos);
    free(next);
    free(moves);
}

/* For the first `count` games of NET_GAMES: a random net of `hidden` neurons in its slot
 * while `games` random games run `check` on every position; the slot's net is restored. */
static void with_random_nets(int count, uint32_t hidden, uint64_t seed, int games,
                             void (*check)(const Game *, const void *, const char *))
{
    for (int i = 0; i < count; i++) {
        const Game *g = t_game(NET_GAMES[i]);
        NnueNet *saved = g->nnue->net, *net = random_net(g->nnue, hidden, seed + (uint64_t)i);
        g->nnue->net = net;
        random_positions(g, games, seed + 10 + (uint64_t)i, check);
        g->nnue->net = saved;
        nnue_net_free(net);
    }
}

static void check_flip(const Game *g, const void *pos, const char *fen)
{
    char flipped[512], a[4096], b[4096];
    flip_fen(fen, flipped, sizeof flipped);
    if (strcmp(g->name, "dragonface") == 0)
        flip_square_fields(flipped);
    for (int p = 0; p < 2; p++) {
        feature_text(g, fen, p, a, sizeof a);
        feature_text(g, flipped, !p, b, sizeof b);
        T_CHECK(strcmp(a, b) == 0, "%s: %s perspective %d is not %s perspective %d", g->name, fen,
                p, flipped, !p);
    }
    unsigned char *other = malloc(g->pos_size);
    t_load(g, flipped, other);
    T_CHECK(nnue_evaluate_refresh(g->nnue, pos) == nnue_evaluate_refresh(g->nnue, other),
            "%s: the net scores %s and its colour flip %s differently", g->name, fen, flipped);
    free(other);
}

START_TEST(features_colour_flip) { with_random_nets(FLIP_GAME_COUNT, 64, 7, 20, check_flip); }
END_TEST

static void check_cache(const Game *g, const void *pos, const char *fen)
{
    /* a game that hands the cache its boards lists the same features from them */
    for (int p = 0; g->nnue->planes && p < 2; p++) {
        Bb128 planes[NNUE_PLANES_MAX];
        uint16_t listed[NNUE_ACTIVE_MAX], from_planes[NNUE_ACTIVE_MAX];
        int count = g->nnue->features(pos, p, listed);
        int planes_count = g->nnue->planes(pos, p, planes);
        /* every feature on a board; only the last board may be partly beyond them */
        T_CHECK(planes_count > 0 && planes_count <= NNUE_PLANES_MAX &&
                    planes_count * g->nnue->plane_size >= g->nnue->feature_count &&
                    (planes_count - 1) * g->nnue->plane_size < g->nnue->feature_count,
                "%s: %d boards of %u squares for %u features", g->name, planes_count,
                g->nnue->plane_size, g->nnue->feature_count);
        int n = nnue_planes_list(planes, planes_count, g->nnue->plane_size, from_planes);
        T_CHECK(n == count && memcmp(listed, from_planes, (size_t)n * sizeof *listed) == 0,
                "%s %s perspective %d: the boards list %d features, features %d", g->name, fen, p,
                n, count);
    }
    Score cached = nnue_evaluate(g->nnue, pos), fresh = nnue_evaluate_refresh(g->nnue, pos);
    T_CHECK(cached == fresh, "%s %s: accumulator cache %d, refresh %d", g->name, fen, cached,
            fresh);
}

/* 200 random games per game (DragonQi's from its bench positions in turn, 38,214
 * positions, among them positions after each great event, with commandeered vessels,
 * pools and captures; dragonqi_views below checks the cache too, along games that take
 * the events themselves). */
START_TEST(incremental_equals_refresh)
{
    with_random_nets(NET_GAME_COUNT, 128, 21, 200, check_cache);
}
END_TEST

/* A net on the hand-written evaluation (format version 2) gives the hand-written score plus
 * the same net's own output, in the cache as in a refresh. */
static void check_on_hand(const Game *g, const void *pos, const char *fen)
{
    NnueNet *net = g->nnue->net;
    Score alone = nnue_evaluate_refresh(g->nnue, pos), hand = g->nnue->hand(pos);
    net->on_hand = true;
    Score fresh = nnue_evaluate_refresh(g->nnue, pos), cached = nnue_evaluate(g->nnue, pos);
    net->on_hand = false;
    T_CHECK(fresh == alone + hand && cached == fresh,
            "%s %s: on the hand-written %d, the net alone %d: refresh %d, cache %d", g->name, fen,
            hand, alone, fresh, cached);
}

START_TEST(net_on_the_hand_written_evaluation)
{
    with_random_nets(NET_GAME_COUNT, 32, 33, 10, check_on_hand);
}
END_TEST

/* DragonQi's invariant in place of the colour flip (its armies are not images of each
 * other, so nothing is turned): Forest's view is Storm's raised by DQ_VIEW; the lists are
 * ascending, within the slot's bounds, with one force input per force on the grid; and
 * every move changes them, since each move changes something the inputs hold (a cell's
 * force, a vessel or its bow, an enclosure, a pool, a flag, a munition, the en-passant
 * cell), so two places of one force, or two states, never share an input. */
typedef struct DqSeen {
    long positions, captures, interchanges, exchanges, empress, afire, confined, commandeered,
        pools, en_passant;
} DqSeen;

static int dq_views(const Game *g, const DqPos *p, uint16_t *storm, DqSeen *seen)
{
    uint16_t forest[NNUE_ACTIVE_MAX];
    int n = g->nnue->features(p, DQ_STORM, storm), m = g->nnue->features(p, DQ_FOREST, forest);
    char fen[512];
    g->fen_write(p, fen, sizeof fen);
    T_CHECK(n == m && n <= g->nnue->max_active, "%s: %d and %d inputs, at most %d", fen, n, m,
            g->nnue->max_active);
    int forces = 0, on_grid = bb_count(bb_or(p->men[0], p->men[1]));
    for (int i = 0; i < n; i++) {
        T_CHECK(storm[i] < DQ_VIEW && forest[i] == storm[i] + DQ_VIEW, "%s: input %d: %u, %u", fen,
                i, storm[i], forest[i]);
        T_CHECK(i == 0 || storm[i] > storm[i - 1], "%s: not ascending at %d", fen, i);
        forces += storm[i] < DQ_FORCE_INPUTS;
    }
    T_CHECK(forces == on_grid, "%s: %d force inputs for %d forces", fen, forces, on_grid);
    check_cache(g, p, fen);
    seen->positions++;
    seen->afire += p->count[dq_code(DQ_DRAGON, DQ_FOREST)] ||
                   p->count[dq_code(DQ_ELDER, DQ_STORM)] || p->count[dq_code(DQ_YOUNGER, DQ_STORM)];
    seen->confined += p->royal[DQ_FOREST] == DQ_E0 || p->royal[DQ_STORM] == DQ_E16;
    bool commandeered = false, pools = false;
    for (DqBb v = p->vessels; bb_any(v);) {
        int c = bb_pop(&v);
        commandeered |= dq_vessel_colour(p, c) != ((dq_vessel(p, c) & DQ_VES_ORIG_FOREST) != 0);
    }
    for (int i = 0; i < DQ_POOLS; i++)
        pools |= p->pool[i] > 0;
    seen->commandeered += commandeered;
    seen->pools += pools;
    seen->en_passant += p->ep != 0;
    return n;
}

/* Positions a move before each great event, to start random games from besides the bench
 * positions: the Prince aboard off the Storm Beaches (the Ice Dragon; the Storm Queen
 * then has the Empress option), the Warlord aboard off the Forest Beaches before his
 * first landing (the Elder Serpent), the Red Witch likewise (the Younger Serpent), and an
 * Elf a step from the exchange rank with the Captive Wizard and a White Knight to take
 * back. */
static const char *const dq_event_starts[] = {
    "4k4/4q4/9/9/9/(s4)1(S0K)6/9/9/9/9/9/9/9/4F4/9 F DQ0wdy0W - d 220300 - 0 1 lance",
    "9/9/9/9/9/9/9/9/9/2(s4k)6/9/9/9/4F4/4K4 S DQ0wdy0W - d 220000 - 0 1 sword",
    "4k4/9/9/9/9/9/9/9/9/2(s4x)6/9/9/9/4F4/4K4 S DQ0wdy0W - - 220000 - 0 1 pike",
    "4k4/2E6/9/9/9/9/9/9/9/9/9/9/9/4F4/4K4 F DQ0wdy0W H - 220000 - 0 1 lance",
};
enum { DQ_EVENT_STARTS = sizeof dq_event_starts / sizeof *dq_event_starts };

/* Random games of DragonQi with a random net in its slot, the inputs checked on every
 * position (and the accumulator cache against a refresh): 160 games of up to 200 plies,
 * from the bench positions and the positions above in turn. A move that sets a creature
 * afire, exchanges an Elf or Troll, or makes the Storm Empress is taken, where there is
 * one, every other ply, so that the events come in as often as the plain moves. */
START_TEST(dragonqi_views)
{
    const Game *g = t_game("dragonqi");
    NnueNet *saved = g->nnue->net, *net = random_net(g->nnue, 128, 17);
    g->nnue->net = net;
    DqPos pos, next;
    Move *moves = malloc(sizeof(Move) * (size_t)g->max_moves), special[64];
    uint16_t before[NNUE_ACTIVE_MAX], after[NNUE_ACTIVE_MAX];
    DqSeen seen = {0};
    uint64_t seed = 31;
    char fen[512], str[64];
    for (int k = 0; k < 160; k++) {
        t_load(g, k % 2 ? dq_event_starts[k / 2 % DQ_EVENT_STARTS] : random_start(g, k / 2), &pos);
        int n_before = dq_views(g, &pos, before, &seen);
        for (int ply = 0; ply < 200; ply++) {
            int n = g->result(&pos) == RESULT_NONE ? g->gen_moves(&pos, moves) : 0, specials = 0;
            if (n == 0)
                break;
            for (int i = 0; i < n && specials < 64; i++)
                if (dq_move_afire(moves[i]) || dq_move_exchange(moves[i]) ||
                    dq_move_empress(moves[i]))
                    special[specials++] = moves[i];
            Move m = specials && ply % 2 ? special[rng_below(&seed, (uint64_t)specials)]
                                         : moves[rng_below(&seed, (uint64_t)n)];
            g->make_move(&pos, m, &next);
            int n_after = dq_views(g, &next, after, &seen);
            g->fen_write(&pos, fen, sizeof fen);
            g->move_to_str(&pos, m, str);
            T_CHECK(n_before != n_after || memcmp(before, after, sizeof *after * (size_t)n_after),
                    "%s: %s leaves the inputs as they were", fen, str);
            seen.captures += dq_move_captured(m) || dq_move_sinks(m) || dq_move_kind(m) == DQ_MK_EP;
            seen.interchanges += dq_move_afire(m);
            seen.exchanges += dq_move_exchange(m) != DQ_X_NONE;
            seen.empress += dq_move_empress(m);
            memcpy(&pos, &next, sizeof pos);
            memcpy(before, after, sizeof *after * (size_t)n_after);
            n_before = n_after;
        }
    }
    /* 27,029 positions: 462 captures, 34 interchanges, 23 exchanges, 17 Empresses; 2,679
     * with a creature afire, 5,331 with a confined royal, 267 with a commandeered vessel,
     * 10,380 with a pool, 111 with an en-passant cell */
    ck_assert_int_ge(seen.positions, 20000);
    ck_assert_int_ge(seen.captures, 200);
    ck_assert_int_ge(seen.interchanges, 15);
    ck_assert_int_ge(seen.exchanges, 10);
    ck_assert_int_ge(seen.empress, 5);
    ck_assert_int_ge(seen.afire, 1000);
    ck_assert_int_ge(seen.confined, 2000);
    ck_assert_int_ge(seen.commandeered, 100);
    ck_assert_int_ge(seen.pools, 5000);
    ck_assert_int_ge(seen.en_passant, 50);
    g->nnue->net = saved;
    nnue_net_free(net);
    free(moves);
}
END_TEST

START_TEST(vector_equals_portable)
{
    const Game *g = t_game("breakthrough");
    NnueNet *net = random_net(g->nnue, 256, 5);
    _Alignas(64) int16_t acc[2][256];
    uint64_t rng = 99;
    for (int k = 0; k < 2000; k++) {
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < 256; i++) /* the whole int16 range, clipped and not */
                acc[p][i] = k % 2 ? (int16_t)(rng_next(&rng) & 0xffff)
                                  : (int16_t)((int)rng_below(&rng, 400) - 100);
        int32_t v = nnue_output_sum(net, acc[0], acc[1]);
        int32_t s = nnue_output_sum_portable(net, acc[0], acc[1]);
        ck_assert_msg(v == s, "vector %d, portable %d", v, s);
    }
    nnue_net_free(net);
}
END_TEST

/* ---- net files ------------------------------------------------------------------------ */

static char *temp_path(const char *name)
{
    char *path = malloc(256);
    snprintf(path, 256, "%s/wyrm-test-%d-%s", P_tmpdir, (int)getpid(), name);
    return path;
}

static unsigned char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert(f);
    unsigned char *b = malloc(1 << 20);
    *size = fread(b, 1, 1 << 20, f);
    fclose(f);
    return b;
}

static void write_all(const char *path, const unsigned char *b, size_t size)
{
    FILE *f = fopen(path, "wb");
    ck_assert(f && fwrite(b, 1, size, f) == size);
    fclose(f);
}

static void assert_load_error(const NnueSlot *slot, const char *path, const char *reason)
{
    char err[NNUE_ERR_MAX];
    NnueNet *net = nnue_net_load(slot, path, err);
    ck_assert_msg(!net && strstr(err, reason), "loading %s: want '%s', got '%s'", path, reason,
                  net ? "a net" : err);
}

START_TEST(net_file_round_trip_and_errors)
{
    const Game *g = t_game("breakthrough");
    NnueNet *net = random_net(g->nnue, 32, 3);
    char *path = temp_path("a.nnue"), *bad = temp_path("bad.nnue"), err[NNUE_ERR_MAX];
    ck_assert(nnue_net_save(net, path, err));
    NnueNet *back = nnue_net_load(g->nnue, path, err);
    ck_assert_msg(back, "%s", err);
    ck_assert_uint_eq(back->hidden, 32);
    ck_assert_int_eq(back->scale, 150);
    ck_assert_int_eq(back->b2, net->b2);
    ck_assert(memcmp(back->w1, net->w1, 128 * 32 * 2) == 0);
    ck_assert(memcmp(back->w2, net->w2, 64 * 2) == 0);
    nnue_net_free(back);

    size_t size;
    unsigned char *b = read_all(path, &size);
    ck_assert_uint_eq(size, NNUE_HEADER_SIZE + (128 * 32 + 32 + 64) * 2 + 4);
    write_all(bad, b, size - 10);
    assert_load_error(g->nnue, bad, "truncated");
    write_all(bad, b, 20);
    assert_load_error(g->nnue, bad, "truncated: 20 bytes");
    b[NNUE_HEADER_SIZE + 5] ^= 1;
    write_all(bad, b, size);
    assert_load_error(g->nnue, bad, "bad checksum");
    b[NNUE_HEADER_SIZE + 5] ^= 1;
    b[0] = 'X';
    write_all(bad, b, size);
    assert_load_error(g->nnue, bad, "wrong magic");
    b[0] = 'W';
    assert_load_error(t_game("dragonsgate")->nnue, path,
                      "a net for breakthrough, not for dragonsgate");
    assert_load_error(t_game("dragondraughts")->nnue, path, "a net for breakthrough");
    b[12] = 200; /* feature count */
    write_all(bad, b, size);
    assert_load_error(g->nnue, bad, "200 input features, breakthrough has 128");
    b[12] = 128;
    b[16] = 33; /* hidden */
    write_all(bad, b, size);
    assert_load_error(g->nnue, bad, "hidden size 33");
    assert_load_error(g->nnue, "/nonexistent/x.nnue", "cannot open /nonexistent/x.nnue");
    /* a net on the hand-written evaluation is version 2 and reads back as one */
    net->on_hand = true;
    ck_assert(nnue_net_save(net, path, err));
    back = nnue_net_load(g->nnue, path, err);
    ck_assert_msg(back && back->on_hand, "%s", err);
    nnue_net_free(back);
    free(b);
    b = read_all(path, &size);
    ck_assert_int_eq(b[8], NNUE_VERSION_ON_HAND);
    b[8] = 3;
    write_all(bad, b, size);
    assert_load_error(g->nnue, bad, "format version 3, this build reads versions 1 and 2");
    unlink(path);
    unlink(bad);
    free(b);
    free(path);
    free(bad);
    nnue_net_free(net);
}
END_TEST

/* ---- data files ------------------------------------------------------------------------ */

START_TEST(data_round_trip_and_errors)
{
    char *path = temp_path("d.data"), *bad = temp_path("bad.data"), err[DATA_ERR_MAX];
    unlink(path);
    FILE *out = data_append(path, "breakthrough", err);
    ck_assert_msg(out, "%s", err);
    ck_assert(data_write(out, "8/2p5/8/8/3P4/8/8/8 w 0 40", -123, DATA_LOSS));
    ck_assert(data_write(out, "8/8/8/8/8/8/8/P7 b 0 3", 32000 - 200, DATA_DRAW));
    fclose(out);
    out = data_append(path, "breakthrough", err); /* appends after the header */
    ck_assert_msg(out, "%s", err);
    ck_assert(data_write(out, "p7/8/8/8/8/8/8/7P w 0 9", 7, DATA_WIN));
    fclose(out);
    ck_assert(!data_append(path, "dragonsgate", err));
    ck_assert_msg(strstr(err, "data of breakthrough, not of dragonsgate"), "%s", err);

    DataReader r;
    DataRecord rec;
    ck_assert_msg(data_open(&r, path, "breakthrough", err), "%s", err);
    const char *fens[3] = {"8/2p5/8/8/3P4/8/8/8 w 0 40", "8/8/8/8/8/8/8/P7 b 0 3",
                           "p7/8/8/8/8/8/8/7P w 0 9"};
    const int scores[3] = {-123, 31800, 7}, results[3] = {DATA_LOSS, DATA_DRAW, DATA_WIN};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(data_next(&r, &rec, err), 1);
        ck_assert_str_eq(rec.fen, fens[i]);
        ck_assert_int_eq(rec.score, scores[i]);
        ck_assert_int_eq(rec.result, results[i]);
    }
    ck_assert_int_eq(data_next(&r, &rec, err), 0);
    data_close(&r);

    ck_assert(!data_open(&r, path, "dragonsgate", err));
    ck_assert_msg(strstr(err, "data of breakthrough, not of dragonsgate"), "%s", err);
    size_t size;
    unsigned char *b = read_all(path, &size);
    write_all(bad, b, size - 3); /* the third record cut short */
    ck_assert(data_open(&r, bad, "breakthrough", err));
    ck_assert_int_eq(data_next(&r, &rec, err), 1);
    ck_assert_int_eq(data_next(&r, &rec, err), 1);
    ck_assert_int_eq(data_next(&r, &rec, err), -1);
    ck_assert_msg(strstr(err, bad) && strstr(err, "record 3") && strstr(err, "truncated"), "%s",
                  err);
    data_close(&r);
    b[0] = 'Q';
    write_all(bad, b, size);
    ck_assert(!data_open(&r, bad, "breakthrough", err));
    ck_assert_msg(strstr(err, bad) && strstr(err, "wrong magic"), "%s", err);
    write_all(bad, b, 10);
    ck_assert(!data_open(&r, bad, "breakthrough", err));
    ck_assert_msg(strstr(err, "truncated header"), "%s", err);
    unlink(path);
    unlink(bad);
    free(b);
    free(path);
    free(bad);
}
END_TEST

/* ---- generation and training ------------------------------------------------------------ */

/* train -init: a run from the net at `net` starts from its weights and scale, so at a
 * learning rate too small to move them it writes the same net again and starts at the
 * net's own validation loss (within its rounding); a net of another size or kind, a
 * missing file and -init with -resume are refused with the reason. */
static void train_from_a_net(TrainConfig *c, const char *net, const char *out,
                             const char *checkpoint, double net_loss)
{
    TrainConfig t = *c;
    t.resume = NULL;
    t.checkpoint = NULL;
    t.init = net;
    t.out = out;
    t.epochs = 1;
    t.lr = 1e-9;
    t.lr_end = 0;
    char *text = NULL;
    size_t text_size = 0;
    FILE *log = open_memstream(&text, &text_size);
    TrainResult r;
    ck_assert(train_run(t_game("breakthrough"), &t, log, &r));
    fflush(log);
    size_t s1, s2;
    unsigned char *a = read_all(net, &s1), *b = read_all(out, &s2);
    ck_assert_msg(s1 == s2 && memcmp(a, b, s1) == 0, "a net trained from %s is not it", net);
    ck_assert_msg(fabs(r.first_validation_loss - net_loss) < 0.05 * net_loss,
                  "validation loss %.6f from the net, %.6f when it was trained",
                  r.first_validation_loss, net_loss);
    free(a);
    free(b);
    struct {
        const char *init, *resume;
        long long hidden;
        bool on_hand;
        const char *reason;
    } refused[] = {
        {net, NULL, 32, false, "a net of 16 hidden neurons, not 32 (-hidden)"},
        {net, NULL, 16, true, "a net not on the hand-written evaluation; -on-hand false"},
        {"/nonexistent/wyrm.nnue", NULL, 16, false, "/nonexistent/wyrm.nnue"},
        {net, checkpoint, 16, false, "-resume and -init exclude each other"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        t.init = refused[i].init;
        t.resume = refused[i].resume;
        t.hidden = refused[i].hidden;
        t.on_hand = refused[i].on_hand;
        size_t before = text_size;
        ck_assert(!train_run(t_game("breakthrough"), &t, log, &r));
        fflush(log);
        ck_assert_msg(strstr(text + before, refused[i].reason), "want '%s' in '%s'",
                      refused[i].reason, text + before);
    }
    fclose(log);
    free(text);
}

/* About 2,000 positions of Breakthrough at 3,000 nodes a move (at a few hundred nodes the
 * scores are too noisy for 2,000 positions to teach anything that holds on other games),
 * then six epochs: the validation loss (the last fifth of the games) must fall by a
 * fifth, and the quantized net must stay within 3 evaluation units of the float net on
 * average and within 20 on every position. */
START_TEST(generate_and_train)
{
    char *data = temp_path("e2e.data"), *net = temp_path("e2e.nnue");
    unlink(data);
    Engine *e = engine_create();
    char err[ERR_MAX];
    ck_assert(engine_set_game(e, "breakthrough", err));
    const char *gen_args[] = {"-out",  data, "-games",   "45", "-nodes", "3000",
                              "-seed", "1",  "-workers", "2",  "-nnue",  "false"};
    ck_assert_int_eq(gen_main(12, gen_args, e), 0);
    const char *files[] = {data};
    /* train's defaults, made small and quick */
    TrainConfig c = train_config_default(t_game("breakthrough"));
    c.data = files;
    c.data_count = 1;
    c.out = net;
    c.hidden = 16;
    c.epochs = 6;
    c.batch = 64;
    c.threads = 2;
    c.lr = 0.003;
    c.lr_end = 0.0003;
    c.lambda = 0;
    c.validation = 0.2;
    TrainResult r;
    FILE *log = fopen("/dev/null", "w");
    ck_assert(train_run(t_game("breakthrough"), &c, log, &r));
    ck_assert_msg(r.positions >= 1500 && r.positions <= 3000, "%lld positions", r.positions);
    ck_assert_msg(r.last_validation_loss < 0.8 * r.first_validation_loss,
                  "validation loss %.5f -> %.5f", r.first_validation_loss, r.last_validation_loss);
    ck_assert_msg(r.mean_quantization_error <= 3 && r.max_quantization_error <= 20,
                  "quantization error mean %.2f, largest %.2f", r.mean_quantization_error,
                  r.max_quantization_error);
    /* the same seed and thread count give the same net, also when the run stops half-way
     * and is resumed from its checkpoint */
    char *again = temp_path("e2e2.nnue"), *checkpoint = temp_path("e2e.ckpt");
    c.out = again;
    c.checkpoint = checkpoint;
    c.stop_after = 3;
    TrainResult r2;
    ck_assert(train_run(t_game("breakthrough"), &c, log, &r2));
    c.checkpoint = NULL;
    c.stop_after = 0;
    c.resume = checkpoint;
    ck_assert(train_run(t_game("breakthrough"), &c, log, &r2));
    size_t s1, s2;
    unsigned char *a = read_all(net, &s1), *b = read_all(again, &s2);
    ck_assert(s1 == s2 && memcmp(a, b, s1) == 0);
    train_from_a_net(&c, net, again, checkpoint, r.last_validation_loss);
    c.hidden = 32; /* a checkpoint of another size is refused */
    ck_assert(!train_run(t_game("breakthrough"), &c, log, &r2));
    /* the net loads and plays */
    ck_assert(engine_set_option(e, "EvalFile", net, err));
    /* on the hand-written evaluation: the net learns what the terms miss, so its validation
     * loss ends below theirs alone; a checkpoint keeps which kind of net it holds */
    c.resume = NULL;
    c.hidden = 16;
    c.on_hand = true;
    c.out = again;
    c.checkpoint = checkpoint;
    TrainResult r3;
    ck_assert(train_run(t_game("breakthrough"), &c, log, &r3));
    ck_assert_msg(r3.hand_validation_loss > 0 &&
                      r3.last_validation_loss < 0.9 * r3.hand_validation_loss,
                  "validation loss %.5f, the hand-written evaluation's %.5f",
                  r3.last_validation_loss, r3.hand_validation_loss);
    ck_assert(engine_set_option(e, "EvalFile", again, err));
    ck_assert(t_game("breakthrough")->nnue->net->on_hand);
    c.checkpoint = NULL;
    c.resume = checkpoint;
    c.on_hand = false;
    ck_assert(!train_run(t_game("breakthrough"), &c, log, &r3));
    ck_assert(engine_set_option(e, "EvalFile", "<embedded>", err));
    unlink(checkpoint);
    free(checkpoint);
    fclose(log);
    engine_destroy(e);
    unlink(data);
    unlink(net);
    unlink(again);
    free(a);
    free(b);
    free(data);
    free(net);
    free(again);
}
END_TEST

/* Games are written in their numbers' order, each from its own seed, so a recipe's data is
 * the same file whatever `-workers` made it: Dragon-draughts, 12 games, one worker and three. */
START_TEST(gen_file_is_the_same_for_any_worker_count)
{
    Engine *e = engine_create();
    char err[ERR_MAX];
    ck_assert(engine_set_game(e, "dragondraughts", err));
    char *path[2] = {temp_path("w1.data"), temp_path("w3.data")};
    const char *workers[2] = {"1", "3"};
    for (int i = 0; i < 2; i++) {
        unlink(path[i]);
        const char *args[] = {"-out",          path[i], "-games", "12",  "-nodes",   "1000",
                              "-random-plies", "8",     "-seed",  "302", "-workers", workers[i]};
        ck_assert_int_eq(gen_main(12, args, e), 0);
    }
    size_t s1, s2;
    unsigned char *a = read_all(path[0], &s1), *b = read_all(path[1], &s2);
    ck_assert_msg(s1 > 0 && s1 == s2 && memcmp(a, b, s1) == 0, "%zu bytes against %zu", s1, s2);
    engine_destroy(e);
    for (int i = 0; i < 2; i++) {
        unlink(path[i]);
        free(path[i]);
    }
    free(a);
    free(b);
}
END_TEST

/* DragonQi end to end on a tiny sample: two short self-play games, one epoch, and the net
 * loads through EvalFile and evaluates. */
START_TEST(generate_and_train_dragonqi)
{
    char *data = temp_path("dq.data"), *net = temp_path("dq.nnue");
    unlink(data);
    Engine *e = engine_create();
    char err[ERR_MAX];
    ck_assert(engine_set_game(e, "dragonqi", err));
    const char *gen_args[] = {"-out",       data, "-games", "2", "-nodes", "200",
                              "-max-plies", "60", "-seed",  "3", "-nnue",  "false"};
    ck_assert_int_eq(gen_main(12, gen_args, e), 0);
    const Game *g = t_game("dragonqi");
    const char *files[] = {data};
    TrainConfig c = train_config_default(g);
    c.data = files;
    c.data_count = 1;
    c.out = net;
    c.hidden = 16;
    c.epochs = 1;
    c.batch = 64;
    c.validation = 0.2;
    TrainResult r;
    FILE *log = fopen("/dev/null", "w");
    ck_assert(train_run(g, &c, log, &r));
    fclose(log);
    ck_assert_msg(r.positions > 20, "%lld positions", r.positions);
    size_t size;
    unsigned char *b = read_all(net, &size);
    ck_assert_uint_eq(size, NNUE_HEADER_SIZE + (9328 * 16 + 16 + 32) * 2 + 4);
    free(b);
    ck_assert_msg(engine_set_option(e, "EvalFile", net, err), "%s", err);
    ck_assert(engine_set_option(e, "Use NNUE", "true", err)); /* gen left it off */
    unsigned char *pos = malloc(g->pos_size);
    t_load(g, g->start_fen, pos);
    ck_assert(nnue_active(g->nnue));
    ck_assert_int_eq(g->evaluate(pos), nnue_evaluate_refresh(g->nnue, pos));
    ck_assert(engine_set_option(e, "EvalFile", NNUE_EMBEDDED_NAME, err));
    ck_assert(!nnue_active(g->nnue));
    free(pos);
    engine_destroy(e);
    unlink(data);
    unlink(net);
    free(data);
    free(net);
}
END_TEST

/* ---- the options --------------------------------------------------------------------------- */

START_TEST(evalfile_errors_keep_the_net)
{
    const Game *g = t_game("breakthrough");
    NnueNet *net = random_net(g->nnue, 32, 4);
    char *good = temp_path("good.nnue"), *bad = temp_path("short.nnue"), err[NNUE_ERR_MAX];
    ck_assert(nnue_net_save(net, good, err));
    size_t size;
    unsigned char *b = read_all(good, &size);
    write_all(bad, b, size / 2);
    char input[2048];
    snprintf(input, sizeof input,
             "setoption name UCI_Variant value breakthrough\n"
             "setoption name EvalFile value %s\n"
             "setoption name EvalFile value %s\n"
             "setoption name EvalFile value /nonexistent.nnue\n"
             "eval\n"
             "setoption name UCI_Variant value dragonsgate\n"
             "setoption name EvalFile value %s\n",
             good, bad, good);
    char *out = t_session(input);
    char want[1024];
    snprintf(want, sizeof want,
             "info string error: EvalFile %s: truncated: %zu bytes of parameters, a 128x32 net "
             "has %zu; the net in use stays",
             bad, size / 2 - NNUE_HEADER_SIZE, size - NNUE_HEADER_SIZE);
    ck_assert_msg(strstr(out, want), "no '%s' in:\n%s", want, out);
    ck_assert_msg(strstr(out, "info string error: EvalFile /nonexistent.nnue: cannot open "
                              "/nonexistent.nnue; the net in use stays"),
                  "%s", out);
    snprintf(want, sizeof want, "(side to move; %s, 128 features x 32 hidden)", good);
    ck_assert_msg(strstr(out, want), "the good net is not in use:\n%s", out);
    ck_assert_msg(strstr(out, "a net for breakthrough, not for dragonsgate; the net in use stays"),
                  "%s", out);
    free(out);
    /* the default is accepted by a game without a built-in net (the hand-written
     * evaluation stays), a missing file is not */
    out = t_session("setoption name UCI_Variant value dragonqi\n"
                    "setoption name EvalFile value <embedded>\n"
                    "setoption name EvalFile value /nonexistent/x.nnue\n");
    ck_assert_str_eq(out, "info string error: EvalFile /nonexistent/x.nnue: cannot open "
                          "/nonexistent/x.nnue; the net in use stays\n");
    free(out);
    unlink(good);
    unlink(bad);
    free(b);
    free(good);
    free(bad);
    nnue_net_free(net);
}
END_TEST

/* DragonQi takes a net of its own shape through EvalFile and refuses another game's; the
 * other game refuses DragonQi's; `<embedded>` goes back to the hand-written evaluation
 * (DragonQi has no built-in net). */
START_TEST(evalfile_dragonqi)
{
    const Game *dq = t_game("dragonqi"), *bt = t_game("breakthrough");
    NnueNet *dq_net = random_net(dq->nnue, 32, 6), *bt_net = random_net(bt->nnue, 32, 7);
    char *dq_path = temp_path("dq.nnue"), *bt_path = temp_path("bt.nnue"), err[NNUE_ERR_MAX];
    ck_assert(nnue_net_save(dq_net, dq_path, err));
    ck_assert(nnue_net_save(bt_net, bt_path, err));
    char input[2048];
    snprintf(input, sizeof input,
             "setoption name UCI_Variant value dragonqi\n"
             "setoption name EvalFile value %s\n"
             "eval\n"
             "setoption name EvalFile value %s\n"
             "eval\n"
             "setoption name EvalFile value <embedded>\n"
             "eval\n"
             "setoption name UCI_Variant value breakthrough\n"
             "setoption name EvalFile value %s\n",
             dq_path, bt_path, dq_path);
    char *out = t_session(input), want[1024];
    snprintf(want, sizeof want, "(side to move; %s, 9328 features x 32 hidden)", dq_path);
    ck_assert_msg(strstr(out, want), "DragonQi's net is not in use:\n%s", out);
    ck_assert_int_eq(t_count_lines(out, "in use    net"), 2);
    snprintf(want, sizeof want,
             "info string error: EvalFile %s: a net for breakthrough, not for dragonqi; the net "
             "in use stays",
             bt_path);
    ck_assert_msg(strstr(out, want), "no '%s' in:\n%s", want, out);
    ck_assert_msg(strstr(out, "net       none loaded: the hand-written evaluation is used"), "%s",
                  out);
    snprintf(want, sizeof want,
             "info string error: EvalFile %s: a net for dragonqi, not for breakthrough; the net "
             "in use stays",
             dq_path);
    ck_assert_msg(strstr(out, want), "no '%s' in:\n%s", want, out);
    free(out);
    unlink(dq_path);
    unlink(bt_path);
    free(dq_path);
    free(bt_path);
    nnue_net_free(dq_net);
    nnue_net_free(bt_net);
}
END_TEST

/* With `Use NNUE false`, or without a net, evaluate() is the hand-written total that
 * `eval` prints; with a net it is the net's score. */
START_TEST(use_nnue_switch)
{
    const Game *g = t_game("breakthrough");
    NnueNet *saved = g->nnue->net, *net = random_net(g->nnue, 64, 9);
    const char *fen = "pp1ppp1p/2pp2p1/p3p3/1p3p2/2P1P1P1/P2P4/1PP2PPP/PPP1PPPP b 0 8";
    unsigned char *pos = malloc(g->pos_size);
    t_load(g, fen, pos);
    char terms[8192];
    g->nnue->net = net;
    g->nnue->disabled = false;
    ck_assert_int_eq(g->evaluate(pos), nnue_evaluate_refresh(g->nnue, pos));
    Engine *e = engine_create();
    char err[ERR_MAX];
    ck_assert(engine_set_option(e, "Use NNUE", "false", err));
    ck_assert(g->nnue->disabled);
    g->eval_terms(pos, terms, sizeof terms);
    const char *total = strstr(terms, "total");
    ck_assert(total);
    ck_assert_int_eq(g->evaluate(pos), atoi(total + 5));
    ck_assert_msg(strstr(terms, "in use    hand-written (Use NNUE is off)"), "%s", terms);
    ck_assert(engine_set_option(e, "Use NNUE", "true", err));
    ck_assert_int_eq(g->evaluate(pos), nnue_evaluate_refresh(g->nnue, pos));
    ck_assert(!engine_set_option(e, "Use NNUE", "maybe", err));
    ck_assert_msg(strstr(err, "invalid value 'maybe' for option Use NNUE (true or false)"), "%s",
                  err);
    g->nnue->net = NULL;
    ck_assert_int_eq(g->evaluate(pos), atoi(total + 5));
    g->nnue->net = saved;
    engine_destroy(e);
    nnue_net_free(net);
    free(pos);
}
END_TEST

/* Bad arguments are refused with a usage status and nothing is written. */
START_TEST(gen_and_train_arguments)
{
    Engine *e = engine_create();
    char err[ERR_MAX], *data = temp_path("args.data");
    unlink(data);
    ck_assert(engine_set_game(e, "breakthrough", err));
    const char *no_out[] = {"-games", "2"};
    ck_assert_int_eq(gen_main(2, no_out, e), 2);
    const char *bad_games[] = {"-out", data, "-games", "0"};
    ck_assert_int_eq(gen_main(4, bad_games, e), 2);
    const char *no_limit[] = {"-out", data, "-nodes", "0"};
    ck_assert_int_eq(gen_main(4, no_limit, e), 2);
    const char *unknown[] = {"-out", data, "-speed", "9"};
    ck_assert_int_eq(gen_main(4, unknown, e), 2);
    const char *bad_net[] = {"-out", data, "-games", "1", "-evalfile", "/nonexistent.nnue"};
    ck_assert_int_eq(gen_main(6, bad_net, e), 1);
    ck_assert(access(data, F_OK) != 0);
    const char *no_data[] = {"-out", data};
    ck_assert_int_eq(train_main(2, no_data, e), 2);
    const char *missing[] = {"-data", "/nonexistent.data", "-out", data};
    ck_assert_int_eq(train_main(4, missing, e), 1);
    const char *bad_hidden[] = {"-data", "/nonexistent.data", "-out", data, "-hidden", "20"};
    ck_assert_int_eq(train_main(6, bad_hidden, e), 1);
    ck_assert(access(data, F_OK) != 0);
    /* DragonQi trains at its own default size */
    ck_assert_int_eq(train_config_default(t_game("dragonqi")).hidden, 96);
    engine_destroy(e);
    free(data);
}
END_TEST

/* Every game whose nets/<game>.nnue exists plays with it built in from the start, and a
 * game without one has no net until EvalFile gives it one (the tests run from the
 * repository's root, as `make test` runs them). */
START_TEST(built_in_nets_match_the_files)
{
    ck_assert_msg(access("nets", F_OK) == 0, "run from the repository's root");
    registry_init();
    int built_in = 0;
    for (int i = 0; i < registry_count(); i++) {
        const Game *g = registry_game(i);
        char path[128];
        snprintf(path, sizeof path, "nets/%s.nnue", g->name);
        bool file = access(path, F_OK) == 0;
        ck_assert_msg(!file || g->nnue, "%s has a net file but no learned evaluation", g->name);
        if (!g->nnue)
            continue;
        ck_assert_msg((g->nnue->embedded != NULL) == file, "%s: %s %s, embedded %s", g->name, path,
                      file ? "exists" : "is missing", g->nnue->embedded ? "yes" : "no");
        ck_assert_msg((g->nnue->net != NULL) == file, "%s: the built-in net is %sloaded", g->name,
                      g->nnue->net ? "" : "not ");
        built_in += file;
    }
    ck_assert_int_ge(built_in, 5); /* the 8x8 games, and Three Dragons with strengths */
}
END_TEST

Suite *nnue_suite(void)
{
    Suite *s = suite_create("nnue");
    TCase *tc = tcase_create("nnue");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, features_exact);
    tcase_add_test(tc, features_exact_dragonqi);
    tcase_add_test(tc, dragonqi_views);
    tcase_add_test(tc, features_colour_flip);
    tcase_add_test(tc, incremental_equals_refresh);
    tcase_add_test(tc, net_on_the_hand_written_evaluation);
    tcase_add_test(tc, vector_equals_portable);
    tcase_add_test(tc, net_file_round_trip_and_errors);
    tcase_add_test(tc, data_round_trip_and_errors);
    tcase_add_test(tc, generate_and_train);
    tcase_add_test(tc, generate_and_train_dragonqi);
    tcase_add_test(tc, gen_file_is_the_same_for_any_worker_count);
    tcase_add_test(tc, evalfile_errors_keep_the_net);
    tcase_add_test(tc, evalfile_dragonqi);
    tcase_add_test(tc, use_nnue_switch);
    tcase_add_test(tc, gen_and_train_arguments);
    tcase_add_test(tc, built_in_nets_match_the_files);
    suite_add_tcase(s, tc);
    return s;
}
