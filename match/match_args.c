#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "core/registry.h"
#include "core/util.h"
#include "match/match.h"

enum {
    ARGS_DEPTH_MAX = 1000,
    ARGS_MS_MAX = 1000000000, /* about 11 days: far beyond any sensible setting */
    ARGS_NO_PROGRESS_MAX = 100000,
    ARGS_THREADS_MAX = 1024,
    ARGS_HASH_MAX = 1 << 20,
    ARGS_RANDOM_PLIES_MAX = 1000,
    ARGS_CUTOFF_MAX = 100000,
};

/* Which fields an -engine or -each block set, so that -each fills only the gaps. */
enum {
    SET_CMD = 1 << 0,
    SET_NAME = 1 << 1,
    SET_PROTO = 1 << 2,
    SET_TIME = 1 << 3, /* tc= or movetime= */
    SET_DEPTH = 1 << 4,
    SET_NODES = 1 << 5,
    SET_MARGIN = 1 << 6,
    SET_TIMEOUT = 1 << 7,
};

typedef struct EngineSpec {
    EngineConfig config;
    unsigned set;
    bool clock_given, movetime_given;
} EngineSpec;

void match_usage(FILE *out)
{
    fputs(
        "usage: wyrm match -engine KEY=VALUE... -engine KEY=VALUE... [options]\n"
        "\n"
        "Plays games between two engine programs (UCI or UGI), referees them with wyrm's\n"
        "rules and reports W/D/L, the Elo difference and, with -sprt, a sequential test.\n"
        "\n"
        "Engine keys (after -engine; all but cmd and name also after -each, for both):\n"
        "  cmd=COMMAND          program and arguments, split like a shell (quotes, \\)\n"
        "  name=NAME            name in reports and PGN (default: the engine's id name)\n"
        "  proto=uci|ugi        protocol (default uci); UCI gets UCI_Variant, UGI too if offered\n"
        "  tc=T[+I]             clock: T seconds per game, I seconds added per move\n"
        "  tiger=R+I/C+F        TigerIncrement clock: reserve R s, I s added after each of\n"
        "                       the first C moves, F s more after move C, then countdown\n"
        "  movetime=MS          fixed time per move (excludes tc)\n"
        "  depth=N              fixed depth (alone, or as a cap with tc/movetime)\n"
        "  nodes=N              fixed nodes (alone, or as a cap)\n"
        "  threads=N hash=MB    shorthands for option.Threads / option.Hash\n"
        "  option.NAME=VALUE    any `setoption name NAME value VALUE` (option.NAME: a button)\n"
        "  timemargin=MS        grace past the time budget before a time loss (default 50)\n"
        "  timeout=MS           silence that counts as a hang (default 10000)\n"
        "\n"
        "Options:\n"
        "  -game ID             the game, a wyrm game id (default: -v, or wyrm's default)\n"
        "  -each KEY=VALUE...   engine keys for both engines (an -engine's own keys win)\n"
        "  -games N             games to play (default 2); each opening is played twice\n"
        "  -concurrency N       games played at once (default 1)\n"
        "  -openings SOURCE     startpos (default) | file:PATH (one FEN a line) |\n"
        "                       random:PLIES [depth=D] [margin=M]: random moves, kept when a\n"
        "                       depth-D search (default 4) scores within M (default: one man)\n"
        "  -seed N              seed of the random openings (default: from the clock)\n"
        "  -pgn FILE            write every game to FILE (replaced)\n"
        "  -results FILE        write each game's result to FILE as it ends (for -merge)\n"
        "  -shard K/N           play only part K of N (whole pairs; same seed, same games)\n"
        "  -maxplies N          adjudicate a draw after N plies (default 0: never)\n"
        "  -noprogress N        draw after N plies without progress (default 200, 0: off)\n"
        "  -resign movecount=N score=S [twosided=true|false]\n"
        "                       a loss for an engine whose score is -S or below (centi-\n"
        "                       pawns; mates count) for N of its moves in a row; twosided:\n"
        "                       only if its opponent scored +S or more as long\n"
        "  -draw movecount=N score=S [movenumber=M]\n"
        "                       a draw, from move M on, when both engines scored within\n"
        "                       +-S for N of their moves in a row\n"
        "  -sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=trinomial|pentanomial]\n"
        "                       stop when the test decides (alpha, beta default 0.05;\n"
        "                       model: of games (default) or of colour-swapped pairs)\n"
        "  -debug               show every line to and from the engines on stderr\n"
        "  -help                this text\n"
        "\n"
        "wyrm match -merge FILE...  the report of shards' -results files (finished or not)\n"
        "\n"
        "Example:\n"
        "  wyrm match -game breakthrough -engine cmd=./wyrm name=new option.Hash=64 \\\n"
        "      -engine cmd=./old/wyrm name=old -each tc=10+0.1 -games 200 \\\n"
        "      -openings random:8 -concurrency 2 -pgn out.pgn -sprt elo0=0 elo1=10\n",
        out);
}

/* A count option: "-games: '0' is not a whole number from 1 to 10000000". */
static bool parse_count(const char *what, const char *s, long long lo, long long hi, long long *out,
                        char *err, size_t size)
{
    if (parse_int(s, lo, hi, out))
        return true;
    snprintf(err, size, "%s: '%.64s' is not a whole number from %lld to %lld", what, s, lo, hi);
    return false;
}

static bool parse_real(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !isfinite(v))
        return false;
    *out = v;
    return true;
}

/* Splits a command line into words: blanks separate, '...' and "..." quote, \ escapes. */
static bool split_command(const char *cmd, char ***out, char *err, size_t size)
{
    size_t len = strlen(cmd);
    char **words = xcalloc(len / 2 + 2, sizeof *words);
    char *word = xmalloc(len + 1);
    int count = 0;
    const char *s = cmd;
    while (*s) {
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            break;
        size_t n = 0;
        char quote = 0;
        for (; *s && (quote || !isspace((unsigned char)*s)); s++) {
            if (quote && *s == quote)
                quote = 0;
            else if (!quote && (*s == '"' || *s == '\''))
                quote = *s;
            else if (*s == '\\' && quote != '\'' && s[1])
                word[n++] = *++s;
            else
                word[n++] = *s;
        }
        if (quote) {
            free(word);
            for (int i = 0; i < count; i++)
                free(words[i]);
            free(words);
            return fail_with(err, size, "cmd=%.200s: unterminated quote", cmd);
        }
        word[n] = 0;
        words[count++] = xstrdup(word);
    }
    free(word);
    if (count == 0) {
        free(words);
        return fail_with(err, size, "cmd= needs a program");
    }
    *out = words;
    return true;
}

/* "10+0.1" or "10": seconds, then seconds added per move. */
static bool parse_clock(const char *s, TimeControl *tc)
{
    char base[64], *plus;
    if (strlen(s) >= sizeof base)
        return false;
    strcpy(base, s);
    double t, inc = 0;
    if ((plus = strchr(base, '+'))) {
        *plus = 0;
        if (!parse_real(plus + 1, &inc) || inc < 0 || inc * 1000 > ARGS_MS_MAX)
            return false;
    }
    if (!parse_real(base, &t) || t * 1000 < 1 || t * 1000 > ARGS_MS_MAX)
        return false;
    tc->base_ms = llround(t * 1000);
    tc->inc_ms = llround(inc * 1000);
    return true;
}

/* "6000+120/100+7200": reserve, increment, cut-off (moves), final increment. */
static bool parse_tiger(const char *s, TimeControl *tc)
{
    char text[64];
    if (strlen(s) >= sizeof text)
        return false;
    strcpy(text, s);
    char *plus = strchr(text, '+'), *slash = strchr(text, '/');
    if (!plus || !slash || slash < plus)
        return false;
    char *final = strchr(slash, '+');
    if (!final)
        return false;
    *plus = *slash = *final = 0;
    double reserve, inc, last;
    long long cutoff;
    if (!parse_real(text, &reserve) || !parse_real(plus + 1, &inc) ||
        !parse_int(slash + 1, 1, ARGS_CUTOFF_MAX, &cutoff) || !parse_real(final + 1, &last))
        return false;
    if (reserve * 1000 < 1 || reserve * 1000 > ARGS_MS_MAX || inc < 0 || inc * 1000 > ARGS_MS_MAX ||
        last < 0 || last * 1000 > ARGS_MS_MAX)
        return false;
    tc->base_ms = llround(reserve * 1000);
    tc->inc_ms = llround(inc * 1000);
    tc->cutoff = (int)cutoff;
    tc->final_ms = llround(last * 1000);
    return true;
}

static void add_option(EngineConfig *c, const char *name, const char *value)
{
    EngineOption *o = &c->options[c->option_count++];
    o->name = xstrdup(name);
    o->value = value ? xstrdup(value) : NULL;
}

/* One KEY=VALUE of an -engine (is_each false) or -each block. */
/* The keys of an engine block that take a whole number: its range, what the error says it
 * expects, and what it sets: a SET_* field of the block, or an engine option. */
typedef struct NumberKey {
    const char *key;
    long long lo, hi;
    const char *expects;
    unsigned set;       /* SET_* flag of the field; 0 for an option */
    const char *option; /* the engine option it sets, or NULL */
} NumberKey;

static const NumberKey number_keys[] = {
    {"movetime", 1, ARGS_MS_MAX, "milliseconds (1 or more)", SET_TIME, NULL},
    {"depth", 1, ARGS_DEPTH_MAX, "a depth from 1 to 1000", SET_DEPTH, NULL},
    {"nodes", 1, LLONG_MAX, "a node count (1 or more)", SET_NODES, NULL},
    {"timemargin", 0, ARGS_MS_MAX, "milliseconds", SET_MARGIN, NULL},
    {"timeout", 1, ARGS_MS_MAX, "milliseconds", SET_TIMEOUT, NULL},
    {"threads", 1, ARGS_THREADS_MAX, "a positive whole number", 0, "Threads"},
    {"hash", 1, ARGS_HASH_MAX, "a positive whole number", 0, "Hash"},
};

static const NumberKey *number_key(const char *key)
{
    for (size_t i = 0; i < sizeof number_keys / sizeof number_keys[0]; i++)
        if (strcmp(key, number_keys[i].key) == 0)
            return &number_keys[i];
    return NULL;
}

static bool set_number_key(EngineSpec *spec, const NumberKey *k, const char *block,
                           const char *value, char *err, size_t size)
{
    EngineConfig *c = &spec->config;
    long long n;
    if (!parse_int(value, k->lo, k->hi, &n))
        return fail_with(err, size, "%s: %s= expects %s, not '%.64s'", block, k->key, k->expects,
                         value);
    switch (k->set) {
    case SET_TIME: /* movetime= */
        c->tc.movetime_ms = n;
        spec->movetime_given = true;
        break;
    case SET_DEPTH:
        c->tc.depth = (int)n;
        break;
    case SET_NODES:
        c->tc.nodes = (uint64_t)n;
        break;
    case SET_MARGIN:
        c->margin_ms = n;
        break;
    case SET_TIMEOUT:
        c->timeout_ms = n;
        break;
    default:
        if (c->option_count == MATCH_OPTIONS_MAX)
            return fail_with(err, size, "%s: more than 64 options", block);
        add_option(c, k->option, value);
    }
    spec->set |= k->set;
    return true;
}

static bool parse_engine_key(EngineSpec *spec, const char *token, bool is_each, char *err,
                             size_t size)
{
    EngineConfig *c = &spec->config;
    const char *eq = strchr(token, '=');
    char key[64];
    size_t key_len = eq ? (size_t)(eq - token) : strlen(token);
    const char *value = eq ? eq + 1 : NULL;
    const char *block = is_each ? "-each" : "-engine";
    if (strncmp(token, "option.", 7) == 0) {
        if (key_len == 7)
            return fail_with(err, size, "%s: option. needs a name in '%.100s'", block, token);
        if (c->option_count == MATCH_OPTIONS_MAX)
            return fail_with(err, size, "%s: more than 64 options", block);
        char *name = strndup(token + 7, key_len - 7);
        if (!name)
            abort();
        add_option(c, name, value);
        free(name);
        return true;
    }
    if (!eq)
        return fail_with(err, size, "%s: expected KEY=VALUE, got '%.100s'", block, token);
    if (key_len >= sizeof key)
        return fail_with(err, size, "%s: unknown key '%.64s...' (see wyrm match -help)", block,
                         token);
    memcpy(key, token, key_len);
    key[key_len] = 0;
    if ((strcmp(key, "cmd") == 0 || strcmp(key, "name") == 0) && is_each)
        return fail_with(err, size, "-each: %s= belongs to one -engine", key);
    if (strcmp(key, "cmd") == 0) {
        if (spec->set & SET_CMD)
            return fail_with(err, size, "-engine: cmd= given twice");
        if (!split_command(value, &c->argv, err, size))
            return false;
        c->cmd = xstrdup(value);
        spec->set |= SET_CMD;
    } else if (strcmp(key, "name") == 0) {
        if (!*value)
            return fail_with(err, size, "-engine: name= needs a name");
        free(c->name);
        c->name = xstrdup(value);
        spec->set |= SET_NAME;
    } else if (strcmp(key, "proto") == 0) {
        if (strcasecmp(value, "uci") != 0 && strcasecmp(value, "ugi") != 0)
            return fail_with(err, size, "%s: proto= must be uci or ugi, not '%.64s'", block, value);
        c->proto = strcasecmp(value, "ugi") == 0 ? PROTO_UGI : PROTO_UCI;
        spec->set |= SET_PROTO;
    } else if (strcmp(key, "tc") == 0) {
        c->tc.cutoff = 0;
        c->tc.final_ms = 0;
        if (!parse_clock(value, &c->tc))
            return fail_with(err, size,
                             "%s: tc= expects SECONDS[+INCREMENT] (e.g. 10+0.1), not '%.64s'",
                             block, value);
        spec->clock_given = true;
        spec->set |= SET_TIME;
    } else if (strcmp(key, "tiger") == 0) {
        if (!parse_tiger(value, &c->tc))
            return fail_with(err, size,
                             "%s: tiger= expects RESERVE+INCREMENT/CUTOFF+FINAL (seconds, moves; "
                             "e.g. 6000+120/100+7200), not '%.64s'",
                             block, value);
        spec->clock_given = true;
        spec->set |= SET_TIME;
    } else if (number_key(key)) {
        if (!set_number_key(spec, number_key(key), block, value, err, size))
            return false;
    } else {
        return fail_with(err, size, "%s: unknown key '%.64s' (see wyrm match -help)", block, key);
    }
    if (spec->clock_given && spec->movetime_given)
        return fail_with(err, size, "%s: tc= and movetime= exclude each other", block);
    return true;
}

static void free_engine_config(EngineConfig *c)
{
    free(c->cmd);
    free(c->name);
    for (char **w = c->argv; w && *w; w++)
        free(*w);
    free(c->argv);
    for (int i = 0; i < c->option_count; i++) {
        free(c->options[i].name);
        free(c->options[i].value);
    }
    *c = (EngineConfig){0};
}

/* The engine's config: its own keys, then -each's where it set none, then defaults. */
static bool merge_engine(EngineSpec *spec, const EngineSpec *each, int index, char *err,
                         size_t size)
{
    EngineConfig *c = &spec->config;
    const EngineConfig *e = &each->config;
    char label[16];
    snprintf(label, sizeof label, "%d", index + 1);
    if (!(spec->set & SET_CMD))
        return fail_with(err, size, "-engine %s: cmd= is missing", label);
    if (!(spec->set & SET_PROTO) && (each->set & SET_PROTO))
        c->proto = e->proto;
    if (!(spec->set & SET_TIME) && (each->set & SET_TIME)) {
        c->tc.base_ms = e->tc.base_ms;
        c->tc.inc_ms = e->tc.inc_ms;
        c->tc.cutoff = e->tc.cutoff;
        c->tc.final_ms = e->tc.final_ms;
        c->tc.movetime_ms = e->tc.movetime_ms;
    }
    if (!(spec->set & SET_DEPTH))
        c->tc.depth = e->tc.depth;
    if (!(spec->set & SET_NODES))
        c->tc.nodes = e->tc.nodes;
    c->margin_ms = spec->set & SET_MARGIN   ? c->margin_ms
                   : each->set & SET_MARGIN ? e->margin_ms
                                            : MATCH_DEFAULT_MARGIN_MS;
    c->timeout_ms = spec->set & SET_TIMEOUT   ? c->timeout_ms
                    : each->set & SET_TIMEOUT ? e->timeout_ms
                                              : MATCH_DEFAULT_TIMEOUT_MS;
    /* -each's options go first, so an engine's own setting of the same option wins. */
    if (e->option_count + c->option_count > MATCH_OPTIONS_MAX)
        return fail_with(err, size, "-engine %s: more than 64 options with -each's", label);
    memmove(c->options + e->option_count, c->options, sizeof *c->options * (size_t)c->option_count);
    for (int i = 0; i < e->option_count; i++) {
        c->options[i].name = xstrdup(e->options[i].name);
        c->options[i].value = e->options[i].value ? xstrdup(e->options[i].value) : NULL;
    }
    c->option_count += e->option_count;
    const TimeControl *tc = &c->tc;
    if (!tc->base_ms && !tc->movetime_ms && !tc->depth && !tc->nodes)
        return fail_with(err, size,
                         "-engine %s: no time control (give tc=, movetime=, depth= or nodes=, "
                         "to it or to -each)",
                         label);
    return true;
}

/* Arguments up to the next option (a word starting with '-'). */
static int block_end(int argc, const char *const *argv, int from)
{
    while (from < argc && argv[from][0] != '-')
        from++;
    return from;
}

static bool parse_openings(MatchConfig *c, const char *const *args, int count, char *err,
                           size_t size)
{
    long long n = 0;
    if (count == 0)
        return fail_with(err, size, "-openings needs startpos, file:PATH or random:PLIES");
    const char *source = args[0];
    if (strcmp(source, "startpos") == 0) {
        c->openings = OPENINGS_STARTPOS;
    } else if (strncmp(source, "file:", 5) == 0 && source[5]) {
        c->openings = OPENINGS_FILE;
        c->openings_file = xstrdup(source + 5);
    } else if (strncmp(source, "random:", 7) == 0) {
        if (!parse_int(source + 7, 1, ARGS_RANDOM_PLIES_MAX, &n))
            return fail_with(err, size,
                             "-openings: random:PLIES needs a ply count from 1 to 1000, "
                             "not '%.64s'",
                             source + 7);
        c->openings = OPENINGS_RANDOM;
        c->random_plies = (int)n;
    } else {
        return fail_with(err, size,
                         "-openings: unknown source '%.100s' (startpos, file:PATH or "
                         "random:PLIES)",
                         source);
    }
    for (int i = 1; i < count; i++) {
        bool depth = strncmp(args[i], "depth=", 6) == 0;
        bool margin = strncmp(args[i], "margin=", 7) == 0;
        if (c->openings != OPENINGS_RANDOM || (!depth && !margin))
            return fail_with(err, size, "-openings: unexpected '%.100s'%s", args[i],
                             c->openings == OPENINGS_RANDOM ? " (depth=D or margin=M)" : "");
        const char *value = args[i] + (depth ? 6 : 7);
        if (!parse_int(value, depth ? 1 : 0, depth ? MAX_PLY - 1 : SCORE_WIN_BOUND - 1, &n))
            return fail_with(err, size, "-openings: bad value in '%.100s'", args[i]);
        *(depth ? &c->balance_depth : &c->balance_margin) = (int)n;
    }
    return true;
}

static bool parse_sprt(SprtConfig *s, const char *const *args, int count, char *err, size_t size)
{
    *s = (SprtConfig){.enabled = true, .alpha = 0.05, .beta = 0.05};
    bool have0 = false, have1 = false;
    for (int i = 0; i < count; i++) {
        if (strncmp(args[i], "model=", 6) == 0) {
            const char *model = args[i] + 6;
            if (strcmp(model, "trinomial") != 0 && strcmp(model, "pentanomial") != 0)
                return fail_with(err, size,
                                 "-sprt: model= must be trinomial or pentanomial, not "
                                 "'%.64s'",
                                 model);
            s->model = strcmp(model, "pentanomial") == 0 ? SPRT_PENTANOMIAL : SPRT_TRINOMIAL;
            continue;
        }
        static const char *const keys[] = {"elo0=", "elo1=", "alpha=", "beta="};
        double *fields[] = {&s->elo0, &s->elo1, &s->alpha, &s->beta};
        int k = 0;
        while (k < 4 && strncmp(args[i], keys[k], strlen(keys[k])) != 0)
            k++;
        if (k == 4 || !parse_real(args[i] + strlen(keys[k]), fields[k]))
            return fail_with(err, size,
                             "-sprt: expected elo0=, elo1=, alpha= or beta= with a "
                             "number, got '%.100s'",
                             args[i]);
        have0 |= k == 0;
        have1 |= k == 1;
    }
    if (!have0 || !have1)
        return fail_with(err, size, "-sprt needs elo0= and elo1=");
    if (s->elo0 >= s->elo1 || fabs(s->elo0) > 1000 || fabs(s->elo1) > 1000)
        return fail_with(err, size, "-sprt: elo0 must be below elo1 (both within +-1000)");
    if (!(s->alpha > 0 && s->alpha < 0.5) || !(s->beta > 0 && s->beta < 0.5))
        return fail_with(err, size, "-sprt: alpha and beta must lie strictly between 0 and 0.5");
    return true;
}

/* The KEY=VALUE words of -resign or -draw: each key of `keys` (a NULL-terminated list,
 * the first `required` of them needed) into its field, within [lo, hi], noting it seen;
 * "twosided=" takes true or false. */
typedef struct AdjudicationKey {
    const char *key;
    int *field;
    long long lo, hi;
    bool seen;
} AdjudicationKey;

static bool parse_adjudication_keys(const char *opt, AdjudicationKey *keys, int required,
                                    bool *twosided, const char *const *args, int count, char *err,
                                    size_t size)
{
    for (int i = 0; i < count; i++) {
        if (twosided && strncmp(args[i], "twosided=", 9) == 0) {
            const char *v = args[i] + 9;
            if (strcmp(v, "true") != 0 && strcmp(v, "false") != 0)
                return fail_with(err, size, "%s: twosided= must be true or false, not '%.64s'", opt,
                                 v);
            *twosided = strcmp(v, "true") == 0;
            continue;
        }
        int k = 0;
        size_t len = 0;
        for (; keys[k].key; k++) {
            len = strlen(keys[k].key);
            if (strncmp(args[i], keys[k].key, len) == 0 && args[i][len] == '=')
                break;
        }
        long long n;
        if (!keys[k].key)
            return fail_with(err, size, "%s: unexpected '%.100s'", opt, args[i]);
        if (!parse_int(args[i] + len + 1, keys[k].lo, keys[k].hi, &n))
            return fail_with(err, size,
                             "%s: %s= needs a whole number from %lld to %lld, not '%.64s'", opt,
                             keys[k].key, keys[k].lo, keys[k].hi, args[i] + len + 1);
        *keys[k].field = (int)n;
        keys[k].seen = true;
    }
    for (int k = 0; k < required; k++)
        if (!keys[k].seen)
            return fail_with(err, size, "%s needs %s=", opt, keys[k].key);
    return true;
}

static bool parse_resign(Adjudication *a, const char *const *args, int count, char *err,
                         size_t size)
{
    AdjudicationKey keys[] = {
        {"movecount", &a->resign_moves, 1, MATCH_ADJUDICATE_MOVES_MAX, false},
        {"score", &a->resign_score, 1, MATCH_MATE_SCORE, false},
        {NULL, NULL, 0, 0, false},
    };
    a->resign_twosided = false;
    return parse_adjudication_keys("-resign", keys, 2, &a->resign_twosided, args, count, err, size);
}

static bool parse_draw(Adjudication *a, const char *const *args, int count, char *err, size_t size)
{
    AdjudicationKey keys[] = {
        {"movecount", &a->draw_moves, 1, MATCH_ADJUDICATE_MOVES_MAX, false},
        {"score", &a->draw_score, 0, MATCH_MATE_SCORE - 1, false},
        {"movenumber", &a->draw_from_move, 0, MATCH_PLY_LIMIT / 2, false},
        {NULL, NULL, 0, 0, false},
    };
    a->draw_from_move = 0;
    return parse_adjudication_keys("-draw", keys, 2, NULL, args, count, err, size);
}

void match_config_free(MatchConfig *config)
{
    for (int i = 0; i < MATCH_ENGINES; i++)
        free_engine_config(&config->engines[i]);
    free(config->openings_file);
    free(config->pgn_path);
    free(config->results_path);
    *config = (MatchConfig){0};
}

/* "K/N": part K (1-based) of N. */
static bool parse_shard(const char *value, MatchConfig *c, char *err, size_t size)
{
    char text[64], *slash;
    long long k, n;
    if (strlen(value) >= sizeof text || !(slash = strchr(strcpy(text, value), '/')))
        return fail_with(err, size, "-shard expects K/N (part K of N, e.g. 2/8), not '%.64s'",
                         value);
    *slash = 0;
    if (!parse_int(slash + 1, 1, MATCH_GAMES_MAX, &n) || !parse_int(text, 1, n, &k))
        return fail_with(err, size, "-shard: '%.64s' is not K/N with 1 <= K <= N", value);
    c->shard = (int)k;
    c->shards = (int)n;
    return true;
}

/* Every shard must have a pair to play and play the same openings as the others. */
static bool check_shards(const MatchConfig *c, char *err, size_t size)
{
    if (c->shards == 1)
        return true;
    int pairs = (c->games + 1) / 2;
    if (c->shards > pairs)
        return fail_with(err, size, "-shard: %d parts of %d games: a part needs a pair at least",
                         c->shards, c->games);
    if (c->openings == OPENINGS_RANDOM && !c->seed_given)
        return fail_with(err, size,
                         "-shard with random openings needs -seed (the same for every "
                         "part)");
    return true;
}

static void list_games(char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < registry_count() && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", registry_game(i)->name);
}

/* The options that take one count: its range and the field of config it sets; NULL for any
 * other option. */
static int *count_option(MatchConfig *config, const char *opt, long long *lo, long long *hi)
{
    const struct {
        const char *opt;
        long long lo, hi;
        int *field;
    } counts[] = {{"-games", 1, MATCH_GAMES_MAX, &config->games},
                  {"-concurrency", 1, MATCH_CONCURRENCY_MAX, &config->concurrency},
                  {"-maxplies", 0, MATCH_PLY_LIMIT, &config->max_plies},
                  {"-noprogress", 0, ARGS_NO_PROGRESS_MAX, &config->no_progress}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        if (strcmp(opt, counts[i].opt) == 0) {
            *lo = counts[i].lo;
            *hi = counts[i].hi;
            return counts[i].field;
        }
    return NULL;
}

bool match_parse_args(int argc, const char *const *argv, const Game *default_game,
                      MatchConfig *config, bool *help, char *err, size_t err_size)
{
    *config = (MatchConfig){.game = default_game ? default_game : registry_default(),
                            .games = MATCH_DEFAULT_GAMES,
                            .concurrency = 1,
                            .balance_depth = MATCH_DEFAULT_BALANCE_DEPTH,
                            .balance_margin = -1,
                            .no_progress = MATCH_DEFAULT_NO_PROGRESS,
                            .shard = 1,
                            .shards = 1,
                            .seed = (uint64_t)time(NULL)};
    *help = false;
    EngineSpec specs[MATCH_ENGINES] = {0}, each = {0};
    int engines = 0;
    bool ok = true;
    long long n = 0, lo, hi;
    int *field;
    for (int i = 0; ok && i < argc;) {
        const char *opt = argv[i];
        int end = block_end(argc, argv, i + 1);
        int count = end - i - 1;
        const char *const *args = argv + i + 1;
        const char *value = count > 0 ? args[0] : NULL;
        if (opt[0] != '-') {
            ok = fail_with(err, err_size, "unexpected '%.100s' (options start with '-')", opt);
        } else if (strcmp(opt, "-help") == 0 || strcmp(opt, "--help") == 0 ||
                   strcmp(opt, "-h") == 0) {
            *help = true;
            break;
        } else if (strcmp(opt, "-engine") == 0 || strcmp(opt, "-each") == 0) {
            bool is_each = strcmp(opt, "-each") == 0;
            if (!is_each && engines == MATCH_ENGINES)
                ok = fail_with(err, err_size, "a match takes exactly two -engine blocks");
            EngineSpec *spec = is_each ? &each : &specs[engines];
            if (!is_each && ok)
                engines++;
            if (ok && count == 0)
                ok = fail_with(err, err_size, "%s needs KEY=VALUE words (see wyrm match -help)",
                               opt);
            for (int k = 0; ok && k < count; k++)
                ok = parse_engine_key(spec, args[k], is_each, err, err_size);
        } else if (strcmp(opt, "-openings") == 0) {
            ok = parse_openings(config, args, count, err, err_size);
        } else if (strcmp(opt, "-sprt") == 0) {
            ok = parse_sprt(&config->sprt, args, count, err, err_size);
        } else if (strcmp(opt, "-resign") == 0) {
            ok = parse_resign(&config->adjudication, args, count, err, err_size);
        } else if (strcmp(opt, "-draw") == 0) {
            ok = parse_draw(&config->adjudication, args, count, err, err_size);
        } else if (strcmp(opt, "-debug") == 0) {
            config->debug = true;
            if (count > 0)
                ok = fail_with(err, err_size, "-debug takes no value, got '%.100s'", value);
        } else if (count != 1) {
            bool known = strcmp(opt, "-game") == 0 || strcmp(opt, "-games") == 0 ||
                         strcmp(opt, "-concurrency") == 0 || strcmp(opt, "-seed") == 0 ||
                         strcmp(opt, "-pgn") == 0 || strcmp(opt, "-maxplies") == 0 ||
                         strcmp(opt, "-noprogress") == 0 || strcmp(opt, "-shard") == 0 ||
                         strcmp(opt, "-results") == 0;
            if (!known)
                ok =
                    fail_with(err, err_size, "unknown option '%.100s' (see wyrm match -help)", opt);
            else if (count == 0)
                ok = fail_with(err, err_size, "%s needs a value", opt);
            else
                ok =
                    fail_with(err, err_size, "%s takes one value, got also '%.100s'", opt, args[1]);
        } else if (strcmp(opt, "-game") == 0) {
            config->game = registry_find(value);
            if (!config->game) {
                char known[512];
                list_games(known, sizeof known);
                ok =
                    fail_with(err, err_size, "unknown game '%.64s' (wyrm plays: %s)", value, known);
            }
        } else if ((field = count_option(config, opt, &lo, &hi)) != NULL) {
            ok = parse_count(opt, value, lo, hi, &n, err, err_size);
            *field = (int)n;
        } else if (strcmp(opt, "-seed") == 0) {
            ok = parse_count("-seed", value, 0, LLONG_MAX, &n, err, err_size);
            config->seed = (uint64_t)n;
            config->seed_given = true;
        } else if (strcmp(opt, "-pgn") == 0) {
            free(config->pgn_path);
            config->pgn_path = xstrdup(value);
        } else if (strcmp(opt, "-results") == 0) {
            free(config->results_path);
            config->results_path = xstrdup(value);
        } else if (strcmp(opt, "-shard") == 0) {
            ok = parse_shard(value, config, err, err_size);
        } else {
            ok = fail_with(err, err_size, "unknown option '%.100s' (see wyrm match -help)", opt);
        }
        i = end;
    }
    if (ok && !*help && engines != MATCH_ENGINES)
        ok = fail_with(err, err_size, "a match takes exactly two -engine blocks (got %s)",
                       engines == 0 ? "none" : "one");
    for (int k = 0; ok && !*help && k < MATCH_ENGINES; k++)
        ok = merge_engine(&specs[k], &each, k, err, err_size);
    if (ok && !*help && specs[0].config.name && specs[1].config.name &&
        strcmp(specs[0].config.name, specs[1].config.name) == 0)
        ok = fail_with(err, err_size, "both engines are named '%.64s'; give them different names",
                       specs[0].config.name);
    if (ok && !*help)
        ok = check_shards(config, err, err_size);
    for (int k = 0; k < MATCH_ENGINES; k++)
        config->engines[k] = specs[k].config;
    free_engine_config(&each.config);
    if (!ok || *help)
        match_config_free(config);
    return ok;
}

void match_tc_describe(const TimeControl *tc, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    if (tc->base_ms > 0 && tc->cutoff > 0 && n < size)
        n += (size_t)snprintf(buf + n, size - n, "tiger=%g+%g/%d+%g", tc->base_ms / 1000.0,
                              tc->inc_ms / 1000.0, tc->cutoff, tc->final_ms / 1000.0);
    else if (tc->base_ms > 0 && n < size)
        n +=
            (size_t)snprintf(buf + n, size - n, "%g+%g", tc->base_ms / 1000.0, tc->inc_ms / 1000.0);
    if (tc->movetime_ms > 0 && n < size)
        n += (size_t)snprintf(buf + n, size - n, "%smovetime=%" PRId64, n ? " " : "",
                              tc->movetime_ms);
    if (tc->depth > 0 && n < size)
        n += (size_t)snprintf(buf + n, size - n, "%sdepth=%d", n ? " " : "", tc->depth);
    if (tc->nodes > 0 && n < size)
        snprintf(buf + n, size - n, "%snodes=%" PRIu64, n ? " " : "", tc->nodes);
}
