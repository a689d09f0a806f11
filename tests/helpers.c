#include "tests/helpers.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/perft.h"
#include "core/registry.h"
#include "core/rng.h"
#include "protocol/protocol.h"

const Game *t_game(const char *name)
{
    registry_init();
    const Game *g = registry_find(name);
    ck_assert_msg(g != NULL, "unknown game %s", name);
    return g;
}

void t_load(const Game *game, const char *fen, void *pos)
{
    char err[256] = "";
    bool ok = game->fen_read(pos, fen, err, sizeof err);
    ck_assert_msg(ok, "%s: FEN rejected: %s (%s)", game->name, fen, err);
}

bool t_fen_rejected(const Game *game, const char *fen)
{
    char err[256] = "";
    void *pos = malloc(game->pos_size);
    bool ok = game->fen_read(pos, fen, err, sizeof err);
    free(pos);
    return !ok && err[0] != 0;
}

uint64_t t_perft(const Game *game, const char *fen, int depth)
{
    void *pos = malloc(game->pos_size);
    t_load(game, fen, pos);
    uint64_t n = perft(game, pos, depth);
    free(pos);
    return n;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int split_words(char *s, char **words, int max)
{
    int n = 0;
    for (char *w = strtok(s, " \t\n"); w && n < max; w = strtok(NULL, " \t\n"))
        words[n++] = w;
    return n;
}

void t_assert_moves(const Game *game, const char *fen, const char *expected)
{
    void *pos = malloc(game->pos_size);
    t_load(game, fen, pos);
    static Move moves[MAX_MOVES];
    static char got_buf[MAX_MOVES][MOVE_STR_MAX];
    static char *got[MAX_MOVES], *want[MAX_MOVES];
    int n = game->gen_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        game->move_to_str(pos, moves[i], got_buf[i]);
        got[i] = got_buf[i];
    }
    char *exp_copy = strdup(expected);
    int m = split_words(exp_copy, want, MAX_MOVES);
    qsort(got, (size_t)n, sizeof *got, cmp_str);
    qsort(want, (size_t)m, sizeof *want, cmp_str);
    char report[8192];
    size_t r = 0;
    int i = 0, j = 0;
    while (i < n || j < m) {
        int c = i == n ? 1 : j == m ? -1 : strcmp(got[i], want[j]);
        if (c < 0)
            r += (size_t)snprintf(report + r, sizeof report - r > 0 ? sizeof report - r : 0,
                                  " extra %s", got[i++]);
        else if (c > 0)
            r += (size_t)snprintf(report + r, sizeof report - r > 0 ? sizeof report - r : 0,
                                  " missing %s", want[j++]);
        else
            i++, j++;
        if (r >= sizeof report - 64)
            break;
    }
    for (int k = 1; k < n; k++)
        ck_assert_msg(strcmp(got[k - 1], got[k]) != 0, "%s: move %s generated twice in %s",
                      game->name, got[k], fen);
    ck_assert_msg(r == 0, "%s: moves of %s differ:%s", game->name, fen, report);
    free(exp_copy);
    free(pos);
}

void t_play(const Game *game, void *pos, const char *moves)
{
    char *copy = strdup(moves);
    void *next = malloc(game->pos_size);
    char *words[1024];
    int n = split_words(copy, words, 1024);
    for (int i = 0; i < n; i++) {
        Move m = game->parse_move(pos, words[i]);
        ck_assert_msg(m != MOVE_NONE, "%s: move %s is not legal", game->name, words[i]);
        game->make_move(pos, m, next);
        memcpy(pos, next, game->pos_size);
    }
    free(next);
    free(copy);
}

void t_assert_legal(const Game *game, const void *pos, Move move, const char *what)
{
    char str[MOVE_STR_MAX], fen[FEN_MAX];
    game->fen_write(pos, fen, sizeof fen);
    ck_assert_msg(move != MOVE_NONE, "%s: %s: no move in %s", game->name, what, fen);
    Move *moves = malloc(sizeof(Move) * MAX_MOVES);
    int n = game->gen_moves(pos, moves), found = 0;
    for (int i = 0; i < n; i++)
        found += moves[i] == move;
    free(moves);
    game->move_to_str(pos, move, str);
    ck_assert_msg(found == 1, "%s: %s %s (%#llx) is not a legal move of %s", game->name, what, str,
                  (unsigned long long)move, fen);
    ck_assert_msg(game->parse_move(pos, str) == move, "%s: %s %s does not parse back in %s",
                  game->name, what, str, fen);
}

static void check_position(const Game *game, const void *pos, Move *moves, int n)
{
    char fen[FEN_MAX], fen2[FEN_MAX], err[256], str[MOVE_STR_MAX];
    void *copy = malloc(game->pos_size);
    ck_assert_msg(game->key(pos) == game->key_from_scratch(pos), "%s: key drift", game->name);
    game->fen_write(pos, fen, sizeof fen);
    ck_assert_msg(game->fen_read(copy, fen, err, sizeof err), "%s: own FEN rejected: %s (%s)",
                  game->name, fen, err);
    game->fen_write(copy, fen2, sizeof fen2);
    ck_assert_msg(strcmp(fen, fen2) == 0, "%s: FEN round trip %s -> %s", game->name, fen, fen2);
    ck_assert_msg(game->key(copy) == game->key(pos), "%s: key differs after FEN round trip %s",
                  game->name, fen);
    for (int i = 0; i < n; i++) {
        game->move_to_str(pos, moves[i], str);
        ck_assert_msg(game->parse_move(pos, str) == moves[i], "%s: %s does not parse back in %s",
                      game->name, str, fen);
    }
    static Move noisy[MAX_MOVES];
    int k = game->gen_noisy(pos, noisy);
    int noisy_count = 0;
    for (int i = 0; i < n; i++)
        noisy_count += game->is_noisy(pos, moves[i]);
    ck_assert_msg(k == noisy_count, "%s: gen_noisy gives %d moves, is_noisy %d in %s", game->name,
                  k, noisy_count, fen);
    for (int i = 0; i < k; i++) {
        bool found = false;
        for (int j = 0; j < n && !found; j++)
            found = moves[j] == noisy[i];
        ck_assert_msg(found && game->is_noisy(pos, noisy[i]), "%s: bad noisy move in %s",
                      game->name, fen);
    }
    free(copy);
}

long t_random_games(const Game *game, const char *fen, int games, int max_plies, uint64_t seed)
{
    void *pos = malloc(game->pos_size), *next = malloc(game->pos_size);
    static Move moves[MAX_MOVES];
    long plies = 0;
    for (int g = 0; g < games; g++) {
        t_load(game, fen, pos);
        for (int ply = 0; ply < max_plies; ply++) {
            int n = game->gen_moves(pos, moves);
            check_position(game, pos, moves, n);
            if (n == 0)
                break;
            game->make_move(pos, moves[rng_below(&seed, (uint64_t)n)], next);
            memcpy(pos, next, game->pos_size);
            plies++;
        }
    }
    free(pos);
    free(next);
    return plies;
}

static bool attacker_wins(const Game *game, const void *pos, int plies)
{
    if (plies <= 0 || game->result(pos) != RESULT_NONE)
        return game->result(pos) == RESULT_WIN;
    Move *moves = malloc(sizeof(Move) * MAX_MOVES);
    void *child = malloc(game->pos_size);
    int n = game->gen_moves(pos, moves);
    bool win = false;
    for (int i = 0; i < n && !win; i++) {
        game->make_move(pos, moves[i], child);
        win = t_defender_loses(game, child, plies - 1);
    }
    free(child);
    free(moves);
    return win;
}

bool t_defender_loses(const Game *game, const void *pos, int plies)
{
    Result r = game->result(pos);
    if (r != RESULT_NONE)
        return r == RESULT_LOSS;
    Move *moves = malloc(sizeof(Move) * MAX_MOVES);
    void *child = malloc(game->pos_size);
    int n = game->gen_moves(pos, moves);
    bool lost = n == 0 ? game->no_moves_result == RESULT_LOSS : plies > 0;
    for (int i = 0; i < n && lost; i++) {
        game->make_move(pos, moves[i], child);
        lost = attacker_wins(game, child, plies - 1);
    }
    free(child);
    free(moves);
    return lost;
}

void t_assert_played(const Game *game, const char *fen, const char *moves, const char *after)
{
    void *pos = malloc(game->pos_size);
    char out[FEN_MAX];
    t_load(game, fen, pos);
    t_play(game, pos, moves);
    game->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, after);
    ck_assert(game->key(pos) == game->key_from_scratch(pos));
    free(pos);
}

uint64_t t_word_count(const char *list)
{
    uint64_t n = 0;
    for (const char *c = list; *c; c++)
        n += *c != ' ' && (c == list || c[-1] == ' ');
    return n;
}

void t_assert_moves_counted(const Game *game, const char *fen, const char *moves)
{
    t_assert_moves(game, fen, moves);
    ck_assert_uint_eq(t_perft(game, fen, 1), t_word_count(moves));
}

int t_forced_win_plies(const Game *game, const char *fen, int max_plies)
{
    void *pos = malloc(game->pos_size);
    t_load(game, fen, pos);
    int found = -1;
    for (int plies = 1; plies <= max_plies && found < 0; plies += 2)
        if (attacker_wins(game, pos, plies))
            found = plies;
    free(pos);
    return found;
}

void t_set_option(Engine *e, const char *name, long long value)
{
    char text[32], err[ERR_MAX];
    snprintf(text, sizeof text, "%lld", value);
    ck_assert_msg(engine_set_option(e, name, text, err), "%s", err);
}

char *t_session_n(const char *input, size_t length)
{
    char *out = NULL;
    size_t out_size = 0;
    FILE *in = fmemopen((void *)input, length, "r");
    FILE *mem = open_memstream(&out, &out_size);
    ck_assert(in && mem);
    Engine *e = engine_create();
    Protocol *p = protocol_create(e, mem);
    protocol_loop(p, in);
    protocol_destroy(p);
    engine_destroy(e);
    fclose(in);
    fclose(mem);
    return out;
}

char *t_session(const char *input) { return t_session_n(input, strlen(input)); }

void t_expect_session(const char *input, const char *expected)
{
    char *out = t_session(input);
    ck_assert_msg(strcmp(out, expected) == 0, "input:\n%s\nexpected:\n%s\ngot:\n%s", input,
                  expected, out);
    free(out);
}

/* The last line of `text` that starts with `prefix`, copied into buf; false if none. */
bool t_last_line(const char *text, const char *prefix, char *buf, size_t size)
{
    bool found = false;
    for (const char *s = text; *s;) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        if (strncmp(s, prefix, strlen(prefix)) == 0 && len < size) {
            memcpy(buf, s, len);
            buf[len] = 0;
            found = true;
        }
        s += len + (end != NULL);
    }
    return found;
}

int t_count_lines(const char *text, const char *prefix)
{
    int n = 0;
    for (const char *s = text; s && *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL)
        n += strncmp(s, prefix, strlen(prefix)) == 0;
    return n;
}

bool t_matches(const char *text, const char *pattern)
{
    regex_t re;
    ck_assert_int_eq(regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB | REG_NEWLINE), 0);
    bool ok = regexec(&re, text, 0, NULL, 0) == 0;
    regfree(&re);
    return ok;
}

/* Strips the fields that depend on the clock (time, nps), and the currmove lines, which a
 * search prints only once it has run SEARCH_CURRMOVE_AFTER_MS (a slow build may get there). */
void t_strip_timing(char *s)
{
    const char *keys[] = {" nps ", " time "};
    for (int k = 0; k < 2; k++)
        for (char *p = strstr(s, keys[k]); p; p = strstr(p + 1, keys[k])) {
            char *v = p + strlen(keys[k]), *end = v;
            while (*end >= '0' && *end <= '9')
                end++;
            memmove(v, end, strlen(end) + 1);
        }
    char *line = s;
    while (*line) {
        char *end = strchr(line, '\n');
        end = end ? end + 1 : line + strlen(line);
        char *found = strstr(line, " currmove ");
        if (found && found < end)
            memmove(line, end, strlen(end) + 1);
        else
            line = end;
    }
}

/* The line of `text` that starts at `start`: its length, at most `cap`. */
static int line_length(const char *start, int cap)
{
    const char *end = strchr(start, '\n');
    size_t len = end ? (size_t)(end - start) : strlen(start);
    return len < (size_t)cap ? (int)len : cap;
}

void t_assert_same_text(const char *got, const char *expected)
{
    if (strcmp(got, expected) == 0)
        return;
    const char *g = got, *e = expected;
    int line = 1;
    for (size_t i = 0; got[i] == expected[i]; i++)
        if (got[i] == '\n') {
            line++;
            g = got + i + 1;
            e = expected + i + 1;
        }
    enum { SHOWN = 200 };
    ck_abort_msg("the texts differ first at line %d\ngot:      %.*s\nexpected: %.*s", line,
                 line_length(g, SHOWN), g, line_length(e, SHOWN), e);
}

/* Runs each input through the same engine in turn, each to its end (a limited search
 * finishes before the next input starts, as a GUI waits for `bestmove`). */
char *t_session_parts(const char *const *inputs, int count)
{
    char *out = NULL;
    size_t out_size = 0;
    FILE *mem = open_memstream(&out, &out_size);
    ck_assert(mem);
    Engine *e = engine_create();
    Protocol *p = protocol_create(e, mem);
    for (int i = 0; i < count; i++) {
        FILE *in = fmemopen((void *)inputs[i], strlen(inputs[i]), "r");
        ck_assert(in);
        protocol_loop(p, in);
        fclose(in);
    }
    protocol_destroy(p);
    engine_destroy(e);
    fclose(mem);
    return out;
}

/* Runs `lines` through one engine, sleeping `pause_ms` before the last one. */
char *t_session_timed(const char *const *lines, int count, int pause_ms)
{
    char *out = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&out, &size);
    Engine *e = engine_create();
    Protocol *p = protocol_create(e, mem);
    for (int i = 0; i < count; i++) {
        if (i == count - 1) {
            struct timespec ts = {pause_ms / 1000, (long)(pause_ms % 1000) * 1000000L};
            nanosleep(&ts, NULL);
        }
        protocol_handle(p, lines[i]);
    }
    protocol_finish(p);
    protocol_destroy(p);
    engine_destroy(e);
    fclose(mem);
    return out;
}
