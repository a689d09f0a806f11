#include "match/match_report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "core/util.h"

static const int WIN_HALVES = 2, DRAW_HALVES = 1;
/* The first engine's result in a results file, indexed by its points in halves. */
static const char RESULT_LETTERS[] = "LDW";

/* ---- results and the tally ----------------------------------------------------------- */

GameResult game_result_of(const GameRecord *r)
{
    const Outcome *o = &r->outcome;
    /* Which configured engine won: P1 was played by engine_of_p1. */
    int winner = o->winner < 0 ? -1 : o->winner == P1 ? r->engine_of_p1 : !r->engine_of_p1;
    GameResult g = {.number = r->number,
                    .score = winner < 0    ? DRAW_HALVES
                             : winner == 0 ? WIN_HALVES
                                           : 0,
                    .termination = o->termination,
                    .plies = r->plies};
    g.points[r->engine_of_p1] = r->points[P1];
    g.points[!r->engine_of_p1] = r->points[P2];
    return g;
}

void tally_add(MatchTally *t, GameResult *results, int games, const GameResult *g)
{
    int number = g->number;
    results[number - 1] = *g;
    if (g->score == WIN_HALVES)
        t->score.wins++;
    else if (g->score == DRAW_HALVES)
        t->score.draws++;
    else
        t->score.losses++;
    int loser = g->score == DRAW_HALVES ? LOSER_DRAW : g->score == WIN_HALVES ? 1 : 0;
    t->terminations[g->termination][loser]++;
    for (int k = 0; k < MATCH_ENGINES; k++)
        t->points[k] += g->points[k];
    /* Games 2k+1 and 2k+2 are a pair. */
    int partner = number % 2 ? number + 1 : number - 1;
    if (partner <= games && results[partner - 1].number)
        t->pairs.n[g->score + results[partner - 1].score]++;
}

/* ---- the report ---------------------------------------------------------------------- */

SprtVerdict report_verdict(const SprtConfig *sprt, const MatchTally *t)
{
    return match_sprt_verdict_model(sprt, &t->score, &t->pairs);
}

static void print_elo(FILE *out, const char *label, const ReportInfo *info, const EloEstimate *e)
{
    char elo[32], margin[32];
    match_format_elo(e->elo, elo, sizeof elo);
    match_format_elo(e->margin, margin, sizeof margin);
    fprintf(out, "%s (%s - %s): %s +/- %s (95%%), score %.1f%%, LOS %.1f%%\n", label,
            info->names[0], info->names[1], elo, margin, 100 * e->score, 100 * e->los);
}

static void print_sprt(FILE *out, const SprtConfig *sprt, SprtModel model, double llr)
{
    static const char *const verdicts[] = {"no decision", "H0 accepted", "H1 accepted"};
    static const char *const models[] = {"trinomial", "pentanomial"};
    fprintf(out, "SPRT (%s, elo0=%g elo1=%g alpha=%g beta=%g): LLR %.2f, bounds [%.2f, %.2f]: ",
            models[model], sprt->elo0, sprt->elo1, sprt->alpha, sprt->beta, llr,
            match_sprt_lower(sprt), match_sprt_upper(sprt));
    if (model == sprt->model)
        fprintf(out, "%s\n", verdicts[match_sprt_decide(sprt, llr)]);
    else
        fprintf(out, "%s (for comparison: the test uses the %s model)\n",
                verdicts[match_sprt_decide(sprt, llr)], models[sprt->model]);
}

static int compare_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Moves as a game's record numbers them: ply 1 and 2 are move 1. */
static int moves_of_plies(int plies) { return (plies + 1) / 2; }

/* Whether games end in a result or peter out: the decided share, the draws by their kind
 * (repetitions also counted before move PROGRESS_EARLY_MOVE), and the games' lengths. */
enum { PROGRESS_EARLY_MOVE = 100 };

static void print_progress_row(FILE *out, const char *label, int count, int games)
{
    fprintf(out, "%-29s %6d %6.1f%%\n", label, count, 100.0 * count / games);
}

static void print_progress(FILE *out, const ReportInfo *info, const MatchTally *t)
{
    int games = match_score_games(&t->score);
    if (!games)
        return;
    int repetition = t->terminations[TERM_REPETITION][LOSER_DRAW],
        no_progress = t->terminations[TERM_NO_PROGRESS][LOSER_DRAW],
        ply_cap = t->terminations[TERM_MAX_PLIES][LOSER_DRAW];
    int early_repetition = 0, known = 0;
    int *lengths = xcalloc((size_t)games, sizeof *lengths);
    for (int i = 0; i < info->result_slots; i++) {
        const GameResult *r = &info->results[i];
        if (!r->number || r->plies < 0)
            continue;
        lengths[known++] = moves_of_plies(r->plies);
        if (r->termination == TERM_REPETITION && r->score == DRAW_HALVES &&
            moves_of_plies(r->plies) < PROGRESS_EARLY_MOVE)
            early_repetition++;
    }
    fprintf(out, "%-29s %6s %7s\n", "progress", "games", "share");
    print_progress_row(out, "decided", t->score.wins + t->score.losses, games);
    print_progress_row(out, "drawn by repetition", repetition, games);
    if (known == games) {
        char label[64];
        snprintf(label, sizeof label, "  of them before move %d", PROGRESS_EARLY_MOVE);
        print_progress_row(out, label, early_repetition, games);
    }
    print_progress_row(out, "drawn by the no-progress rule", no_progress, games);
    print_progress_row(out, "drawn at the ply cap", ply_cap, games);
    print_progress_row(out, "drawn otherwise", t->score.draws - repetition - no_progress - ply_cap,
                       games);
    if (known) {
        qsort(lengths, (size_t)known, sizeof *lengths, compare_ints);
        /* The median of an even count: the mean of the middle two, rounded down. */
        int median = (lengths[(known - 1) / 2] + lengths[known / 2]) / 2;
        fprintf(out, "length in moves: median %d, shortest %d, longest %d", median, lengths[0],
                lengths[known - 1]);
        if (known < games)
            fprintf(out, " (of the %d games with a known length)", known);
        fputc('\n', out);
    } else {
        fprintf(out, "length in moves: unknown (the results files do not give it)\n");
    }
    free(lengths);
}

void report_print(FILE *out, const ReportInfo *info, const MatchTally *t)
{
    static const char *const statuses[] = {"Finished", "Stopped by SPRT", "Interrupted",
                                           "In progress"};
    const MatchScore *s = &t->score;
    const GameScoring *scoring = info->game->scoring;
    int n = match_score_games(s);
    fprintf(out, "\n%s: %d of %d games\n", statuses[info->status], n, info->games);
    fprintf(out, "%-24s %6s %6s %6s %10s", "engine", "wins", "draws", "losses", "points");
    if (scoring)
        fprintf(out, " %12s", scoring->unit);
    fputc('\n', out);
    for (int k = 0; k < MATCH_ENGINES; k++) {
        int w = k ? s->losses : s->wins, l = k ? s->wins : s->losses;
        fprintf(out, "%-24s %6d %6d %6d %10.1f", info->names[k], w, s->draws, l,
                w + 0.5 * s->draws);
        if (scoring)
            fprintf(out, " %12.1f", t->points[k] / 2.0);
        fputc('\n', out);
    }
    EloEstimate est;
    if (match_elo(s, &est))
        print_elo(out, "Elo difference", info, &est);
    int pairs = match_pair_count(&t->pairs), unpaired = n - 2 * pairs;
    if (pairs + unpaired > 0) {
        fprintf(out, "Pairs (0, 1/2, 1, 3/2, 2 points of 2): %d, %d, %d, %d, %d", t->pairs.n[0],
                t->pairs.n[1], t->pairs.n[2], t->pairs.n[3], t->pairs.n[4]);
        if (unpaired)
            fprintf(out, "; %d game%s without %s pair", unpaired, unpaired == 1 ? "" : "s",
                    unpaired == 1 ? "its" : "their");
        fputc('\n', out);
    }
    if (match_elo_pairs(&t->pairs, &est))
        print_elo(out, "Elo from pairs", info, &est);
    if (info->sprt.enabled) {
        print_sprt(out, &info->sprt, SPRT_TRINOMIAL, match_sprt_llr(&info->sprt, s));
        print_sprt(out, &info->sprt, SPRT_PENTANOMIAL,
                   match_sprt_llr_pairs(&info->sprt, &t->pairs));
    }
    fprintf(out, "%-24s %10s %10s %6s\n", "termination", "lost by 1", "lost by 2", "draws");
    for (int term = 0; term < TERM_COUNT; term++) {
        const int *row = t->terminations[term];
        if (row[0] + row[1] + row[LOSER_DRAW])
            fprintf(out, "%-24s %10d %10d %6d\n", match_termination_name(term), row[0], row[1],
                    row[LOSER_DRAW]);
    }
    print_progress(out, info, t);
    fflush(out);
}

/* ---- the results file ---------------------------------------------------------------- */

/* Format 2 added each game's length; format 1 files are still read. */
enum { RESULTS_FORMAT = 2, RESULTS_FORMAT_OLDEST = 1, RESULTS_LINE_MAX = 1024 };

/* A termination's name as one word ("time forfeit" -> "time_forfeit") and back. */
static void termination_word(Termination t, char *buf, size_t size)
{
    snprintf(buf, size, "%s", match_termination_name(t));
    for (char *c = buf; *c; c++)
        if (*c == ' ')
            *c = '_';
}

static bool termination_of_word(const char *word, Termination *out)
{
    char name[64];
    for (int t = TERM_RULES; t < TERM_ABORTED; t++) {
        termination_word(t, name, sizeof name);
        if (strcmp(name, word) == 0) {
            *out = t;
            return true;
        }
    }
    return false;
}

static void describe_openings(const MatchConfig *c, char *buf, size_t size)
{
    if (c->openings == OPENINGS_STARTPOS)
        snprintf(buf, size, "startpos");
    else if (c->openings == OPENINGS_FILE)
        snprintf(buf, size, "file:%s", c->openings_file);
    else
        snprintf(buf, size, "random:%d depth=%d margin=%d", c->random_plies, c->balance_depth,
                 c->balance_margin >= 0 ? c->balance_margin : c->game->params.margin_unit);
}

static void describe_sprt(const SprtConfig *s, char *buf, size_t size)
{
    if (!s->enabled)
        snprintf(buf, size, "none");
    else
        snprintf(buf, size, "%.17g %.17g %.17g %.17g %s", s->elo0, s->elo1, s->alpha, s->beta,
                 s->model == SPRT_PENTANOMIAL ? "pentanomial" : "trinomial");
}

bool results_open(ResultsFile *rf, const MatchConfig *c, const char *const names[2])
{
    if (!(rf->f = fopen(c->results_path, "w")))
        return false;
    char openings[FEN_MAX], sprt[256];
    describe_openings(c, openings, sizeof openings);
    describe_sprt(&c->sprt, sprt, sizeof sprt);
    /* Only random openings use the seed; without them each shard's default seed (the
     * clock) would differ for no reason and the merge would refuse the files. */
    uint64_t seed = c->openings == OPENINGS_RANDOM ? c->seed : 0;
    fprintf(rf->f,
            "wyrm-match-results %d\ngame %s\nengine1 %s\nengine2 %s\ngames %d\nshard %d/%d\n"
            "seed %llu\nopenings %s\nsprt %s\n",
            RESULTS_FORMAT, c->game->name, names[0], names[1], c->games, c->shard, c->shards,
            (unsigned long long)seed, openings, sprt);
    fflush(rf->f);
    return true;
}

void results_add(ResultsFile *rf, const GameResult *r)
{
    if (!rf->f)
        return;
    char term[64];
    termination_word(r->termination, term, sizeof term);
    fprintf(rf->f, "result %d %c %s %d %d %d\n", r->number, RESULT_LETTERS[r->score], term,
            r->points[0], r->points[1], r->plies);
    fflush(rf->f);
}

void results_close(ResultsFile *rf, const char *how)
{
    if (!rf->f)
        return;
    fprintf(rf->f, "end %s\n", how);
    fclose(rf->f);
    rf->f = NULL;
}

/* ---- merging ------------------------------------------------------------------------- */

/* A results file's header, as text to compare. */
typedef struct ShardHeader {
    char game[64], names[2][CLIENT_NAME_MAX], openings[FEN_MAX + 32], sprt[256];
    long long seed;
    int format, games, shard, shards;
} ShardHeader;

/* One run: the files of one match (its shards) and their games by number. Runs of one
 * pairing (the same game and engines) with other seeds, openings or game counts add up:
 * their games count together, their pairs each within their own run. */
typedef struct MergeRun {
    ShardHeader first;
    const char *path; /* the first file of the run */
    GameResult *results;
    bool *shard_seen;
    char end[32]; /* the end record of the file just read; "" while its shard runs */
} MergeRun;

typedef struct Merge {
    FILE *log;
    const char *path;
    int line;
    MergeRun *runs;
    int run_count;
    int sprt_run;                             /* the first run with a test; -1: none */
    int files, running, stopped, interrupted; /* the files read, by their end record */
} Merge;

static bool merge_fail(Merge *m, const char *what)
{
    fprintf(m->log, "wyrm match: -merge: %s:%d: %s\n", m->path, m->line, what);
    return false;
}

/* Reads one header line "KEY VALUE"; the value is the rest of the line. */
static bool header_line(Merge *m, FILE *f, const char *key, char *value, size_t size)
{
    char line[RESULTS_LINE_MAX];
    m->line++;
    size_t len = strlen(key);
    if (!fgets(line, sizeof line, f) || !strchr(line, '\n') || strncmp(line, key, len) != 0 ||
        line[len] != ' ') {
        char what[128];
        snprintf(what, sizeof what, "expected the '%s' line of a wyrm match results file", key);
        return merge_fail(m, what);
    }
    line[strcspn(line, "\n")] = 0;
    snprintf(value, size, "%s", line + len + 1);
    return true;
}

static bool read_header(Merge *m, FILE *f, ShardHeader *h)
{
    char value[RESULTS_LINE_MAX];
    char *end;
    if (!header_line(m, f, "wyrm-match-results", value, sizeof value))
        return false;
    h->format = (int)strtol(value, &end, 10);
    if (*end || h->format < RESULTS_FORMAT_OLDEST || h->format > RESULTS_FORMAT)
        return merge_fail(m, "unknown results format");
    if (!header_line(m, f, "game", h->game, sizeof h->game) ||
        !header_line(m, f, "engine1", h->names[0], sizeof h->names[0]) ||
        !header_line(m, f, "engine2", h->names[1], sizeof h->names[1]) ||
        !header_line(m, f, "games", value, sizeof value))
        return false;
    h->games = (int)strtol(value, &end, 10);
    if (*end || h->games < 1 || h->games > MATCH_GAMES_MAX)
        return merge_fail(m, "bad game count");
    if (!header_line(m, f, "shard", value, sizeof value))
        return false;
    int used = 0;
    if (sscanf(value, "%d/%d%n", &h->shard, &h->shards, &used) != 2 || value[used] ||
        h->shard < 1 || h->shard > h->shards || h->shards > (h->games + 1) / 2)
        return merge_fail(m, "bad shard K/N");
    if (!header_line(m, f, "seed", value, sizeof value))
        return false;
    errno = 0;
    h->seed = strtoll(value, &end, 10);
    if (*end || errno)
        return merge_fail(m, "bad seed");
    return header_line(m, f, "openings", h->openings, sizeof h->openings) &&
           header_line(m, f, "sprt", h->sprt, sizeof h->sprt);
}

/* Parses "E0 E1 A B MODEL" (or "none") back into a test. */
static bool parse_sprt_line(const char *text, SprtConfig *s)
{
    *s = (SprtConfig){0};
    if (strcmp(text, "none") == 0)
        return true;
    char model[32];
    if (sscanf(text, "%lf %lf %lf %lf %31s", &s->elo0, &s->elo1, &s->alpha, &s->beta, model) != 5)
        return false;
    s->enabled = true;
    s->model = strcmp(model, "pentanomial") == 0 ? SPRT_PENTANOMIAL : SPRT_TRINOMIAL;
    /* The bounds -sprt accepts. */
    bool bounds = s->elo0 < s->elo1 && fabs(s->elo0) <= 1000 && fabs(s->elo1) <= 1000 &&
                  s->alpha > 0 && s->alpha < 0.5 && s->beta > 0 && s->beta < 0.5;
    return bounds && (strcmp(model, "pentanomial") == 0 || strcmp(model, "trinomial") == 0);
}

/* Does the pair of game `number` belong to shard k of n? Pairs go round the shards. */
static bool in_shard(int number, int k, int n) { return ((number - 1) / 2) % n == k - 1; }

/* The line of a field where a file differs from `a`, or 0; *what names the field. */
static int field_differs(const ShardHeader *a, const ShardHeader *h, bool same_run,
                         const char **what)
{
    /* Each field with the line it is on; the run's own fields only within a run. */
    const struct {
        bool differs, of_run;
        const char *what;
        int line;
    } fields[] = {
        {strcmp(a->game, h->game) != 0, false, "game differs", 2},
        {strcmp(a->names[0], h->names[0]) != 0 || strcmp(a->names[1], h->names[1]) != 0, false,
         "engines differ", 3},
        {a->games != h->games, true, "number of games differs", 5},
        {a->shards != h->shards, true, "number of shards differs", 6},
        {strcmp(a->sprt, h->sprt) != 0, true, "SPRT differs", 9},
    };
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
        if (fields[i].differs && (same_run || !fields[i].of_run)) {
            *what = fields[i].what;
            return fields[i].line;
        }
    return 0;
}

/* A run is one seed and one opening source: the files that share them are its shards. */
static bool same_run(const ShardHeader *a, const ShardHeader *h)
{
    return a->seed == h->seed && strcmp(a->openings, h->openings) == 0;
}

/* The run the file of header h belongs to (a new one if none); NULL after an error. */
static MergeRun *run_of(Merge *m, const ShardHeader *h)
{
    const char *what = NULL;
    int line = m->run_count ? field_differs(&m->runs[0].first, h, false, &what) : 0;
    MergeRun *run = NULL;
    for (int i = 0; !line && !run && i < m->run_count; i++)
        if (same_run(&m->runs[i].first, h)) {
            run = &m->runs[i];
            line = field_differs(&run->first, h, true, &what);
        }
    if (line) {
        char text[128];
        snprintf(text, sizeof text, "not the same %s as the first file (its %s)",
                 run ? "match" : "pairing", what);
        m->line = line;
        merge_fail(m, text);
        return NULL;
    }
    if (!run) {
        if (m->sprt_run >= 0 && strcmp(h->sprt, "none") != 0 &&
            strcmp(h->sprt, m->runs[m->sprt_run].first.sprt) != 0) {
            m->line = 9;
            merge_fail(m, "another SPRT than an earlier run's");
            return NULL;
        }
        m->runs = xrealloc(m->runs, (size_t)(m->run_count + 1) * sizeof *m->runs);
        run = &m->runs[m->run_count];
        *run = (MergeRun){.first = *h,
                          .path = m->path,
                          .results = xcalloc((size_t)h->games, sizeof *run->results),
                          .shard_seen = xcalloc((size_t)h->shards + 1, sizeof *run->shard_seen)};
        if (m->sprt_run < 0 && strcmp(h->sprt, "none") != 0)
            m->sprt_run = m->run_count;
        m->run_count++;
    }
    if (run->shard_seen[h->shard]) {
        m->line = 6;
        merge_fail(m, "this shard is already in an earlier file");
        return NULL;
    }
    run->shard_seen[h->shard] = true;
    return run;
}

static bool read_results(Merge *m, FILE *f, MergeRun *run, const ShardHeader *h)
{
    char line[RESULTS_LINE_MAX];
    char *end = run->end;
    end[0] = 0;
    while (fgets(line, sizeof line, f)) {
        m->line++;
        if (!strchr(line, '\n'))
            break; /* a record still being written */
        if (end[0])
            return merge_fail(m, "a record after the end record");
        char word[64], term_word[64], score;
        long long number;
        int p0, p1, plies = -1, used = 0;
        Termination term;
        if (sscanf(line, "end %31s %n", end, &used) == 1 && line[used] == 0)
            continue;
        end[0] = 0;
        bool lengths = h->format >= 2;
        int fields = lengths ? sscanf(line, "result %lld %c %63s %d %d %d %n", &number, &score,
                                      term_word, &p0, &p1, &plies, &used)
                             : sscanf(line, "result %lld %c %63s %d %d %n", &number, &score,
                                      term_word, &p0, &p1, &used);
        if (fields != 5 + lengths || line[used] != 0)
            return merge_fail(m, lengths ? "expected 'result N W|D|L TERMINATION P1 P2 PLIES' "
                                           "or 'end ...'"
                                         : "expected 'result N W|D|L TERMINATION P1 P2' or "
                                           "'end ...'");
        const char *letter = strchr(RESULT_LETTERS, score);
        if (!letter || !score)
            return merge_fail(m, "the result is not W, D or L");
        if (!termination_of_word(term_word, &term)) {
            snprintf(word, sizeof word, "unknown termination '%.32s'", term_word);
            return merge_fail(m, word);
        }
        if (number < 1 || number > h->games || !in_shard((int)number, h->shard, h->shards))
            return merge_fail(m, "a game number outside the shard");
        if (p0 < 0 || p1 < 0 || p0 > 1000 || p1 > 1000)
            return merge_fail(m, "points out of range");
        if (lengths && plies < 0)
            return merge_fail(m, "a negative length");
        GameResult *r = &run->results[number - 1];
        if (r->number)
            return merge_fail(m, "a game given twice");
        *r = (GameResult){(int)number, (int)(letter - RESULT_LETTERS), term, {p0, p1}, plies};
    }
    return true;
}

/* Reads one results file into its run. */
static bool merge_file(Merge *m, const char *path)
{
    m->path = path;
    m->line = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(m->log, "wyrm match: -merge: cannot read '%s': %s\n", path, strerror(errno));
        return false;
    }
    ShardHeader h;
    MergeRun *run = read_header(m, f, &h) ? run_of(m, &h) : NULL;
    bool ok = run && read_results(m, f, run, &h);
    fclose(f);
    if (ok) {
        m->files++;
        if (!run->end[0])
            m->running++;
        else if (strcmp(run->end, "stopped") == 0)
            m->stopped++;
        else if (strcmp(run->end, "interrupted") == 0)
            m->interrupted++;
    }
    return ok;
}

/* The line on the files: one match, or several runs of one pairing. */
static void print_merged(FILE *out, const Merge *m, const Game *game, int games)
{
    const ShardHeader *first = &m->runs[0].first;
    if (m->run_count == 1)
        fprintf(out, "Merged %d of %d shards of %s vs %s, %s, %d games: ", m->files, first->shards,
                first->names[0], first->names[1], game->name, games);
    else
        fprintf(out, "Merged %d files of %d runs of %s vs %s, %s, %d games in all: ", m->files,
                m->run_count, first->names[0], first->names[1], game->name, games);
    fprintf(out, "%d finished, %d running, %d stopped by the SPRT, %d interrupted\n",
            m->files - m->running - m->stopped - m->interrupted, m->running, m->stopped,
            m->interrupted);
}

int match_merge(int count, const char *const *paths, FILE *out, FILE *log)
{
    Merge m = {.log = log, .sprt_run = -1};
    bool ok = count > 0;
    if (!ok)
        fprintf(log, "wyrm match: -merge needs the results files of the shards\n");
    for (int i = 0; ok && i < count; i++)
        ok = merge_file(&m, paths[i]);
    const ShardHeader *first = ok ? &m.runs[0].first : NULL;
    const Game *game = ok ? registry_find(first->game) : NULL;
    SprtConfig sprt;
    if (ok && !game) {
        fprintf(log, "wyrm match: -merge: %s: unknown game '%s'\n", paths[0], first->game);
        ok = false;
    }
    const char *sprt_line = m.sprt_run >= 0 ? m.runs[m.sprt_run].first.sprt : "none";
    if (ok && !parse_sprt_line(sprt_line, &sprt)) {
        fprintf(log, "wyrm match: -merge: %s: bad sprt line '%s'\n",
                m.sprt_run >= 0 ? m.runs[m.sprt_run].path : paths[0], sprt_line);
        ok = false;
    }
    if (ok) {
        /* Every run's games in one tally, each run's pairs within the run. */
        MatchTally t = {0};
        int games = 0, slots = 0, missing = 0;
        for (int i = 0; i < m.run_count; i++)
            slots += m.runs[i].first.games;
        GameResult *all = xcalloc((size_t)slots, sizeof *all);
        for (int i = 0; i < m.run_count; i++) {
            const MergeRun *r = &m.runs[i];
            GameResult *tallied = all + games;
            for (int g = 0; g < r->first.games; g++)
                if (r->results[g].number)
                    tally_add(&t, tallied, r->first.games, &r->results[g]);
            games += r->first.games;
            for (int k = 1; k <= r->first.shards; k++)
                missing += !r->shard_seen[k];
        }
        print_merged(out, &m, game, games);
        ReportInfo info = {.names = {first->names[0], first->names[1]},
                           .game = game,
                           .games = games,
                           .sprt = sprt,
                           .results = all,
                           .result_slots = slots};
        bool decided = sprt.enabled && report_verdict(&sprt, &t) != SPRT_CONTINUE;
        info.status = decided                             ? REPORT_SPRT
                      : m.interrupted                     ? REPORT_INTERRUPTED
                      : m.running || missing || m.stopped ? REPORT_PARTIAL
                                                          : REPORT_FINISHED;
        report_print(out, &info, &t);
        free(all);
    }
    for (int i = 0; i < m.run_count; i++) {
        free(m.runs[i].results);
        free(m.runs[i].shard_seen);
    }
    free(m.runs);
    return ok ? 0 : 1;
}
