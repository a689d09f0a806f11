#include "tests/match_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "tests/helpers.h"

const char *t_fake_engine(void)
{
    const char *path = getenv("FAKE_ENGINE");
    ck_assert_msg(path && access(path, X_OK) == 0,
                  "FAKE_ENGINE must name the fake engine (run the tests through make test)");
    return path;
}

enum { ARGS_TEXT_MAX = 4096, ARGS_MAX = 64 };

MatchOutput t_run_match(const char *args, const char *const *extra)
{
    char text[ARGS_TEXT_MAX], copy[1024], *argv[ARGS_MAX], *rest = NULL;
    int argc = 0;
    const char *fake = t_fake_engine();
    size_t n = 0;
    snprintf(copy, sizeof copy, "%s", args);
    for (char *w = strtok_r(copy, " ", &rest); w && argc < ARGS_MAX - 8;
         w = strtok_r(NULL, " ", &rest)) {
        argv[argc++] = text + n;
        for (const char *s = w; *s && n + strlen(fake) + 2 < sizeof text; s++)
            n += (size_t)(*s == '%'
                              ? snprintf(text + n, sizeof text - n, "%s", fake)
                              : snprintf(text + n, sizeof text - n, "%c", *s == '_' ? ' ' : *s));
        text[n++] = 0;
    }
    for (; extra && *extra && argc < ARGS_MAX; extra++)
        argv[argc++] = (char *)*extra;
    MatchConfig config;
    bool help;
    char err[ERR_MAX];
    bool parsed =
        match_parse_args(argc, (const char *const *)argv, NULL, &config, &help, err, sizeof err);
    ck_assert_msg(parsed, "arguments rejected: %s", err);
    MatchOutput result = {0};
    size_t out_size = 0, log_size = 0;
    FILE *out = open_memstream(&result.out, &out_size);
    FILE *log = open_memstream(&result.log, &log_size);
    result.status = match_run(&config, out, log);
    fclose(out);
    fclose(log);
    match_config_free(&config);
    return result;
}

void t_match_output_free(MatchOutput *m)
{
    free(m->out);
    free(m->log);
}

char *t_read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot read %s", path);
    char *text = NULL;
    size_t cap = 0;
    ssize_t n = getdelim(&text, &cap, 0, f);
    fclose(f);
    if (n < 0) {
        free(text);
        text = strdup("");
    }
    return text;
}

void t_elo_line(const EloEstimate *e, char *buf, size_t size)
{
    char elo[32], margin[32];
    snprintf(elo, sizeof elo, "%.2f", e->elo);
    snprintf(margin, sizeof margin, "%.2f", e->margin);
    snprintf(buf, size, "%.4f %s +- %s los %.4f", e->score, elo, margin, e->los);
}
