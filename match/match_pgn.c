#include "match/match_pgn.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

enum { PGN_LINE_WIDTH = 80 };

const char *pgn_result(const Outcome *o)
{
    if (o->termination == TERM_ABORTED || o->termination == TERM_NONE)
        return "*";
    return o->winner == P1 ? "1-0" : o->winner == P2 ? "0-1" : "1/2-1/2";
}

/* Writes a tag value with PGN's escapes for quotes and backslashes. */
static void put_tag(FILE *f, const char *tag, const char *value)
{
    fprintf(f, "[%s \"", tag);
    for (const char *s = value; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
    fputs("\"]\n", f);
}

/* Movetext words wrapped at PGN_LINE_WIDTH. */
typedef struct Wrapper {
    FILE *f;
    int column;
} Wrapper;

static void put_word(Wrapper *w, const char *word)
{
    int len = (int)strlen(word);
    if (w->column > 0 && w->column + 1 + len > PGN_LINE_WIDTH) {
        fputc('\n', w->f);
        w->column = 0;
    } else if (w->column > 0) {
        fputc(' ', w->f);
        w->column++;
    }
    fputs(word, w->f);
    w->column += len;
}

char *pgn_format(const GameRecord *r, const char *date)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f)
        abort();
    char number[32];
    const char *result = pgn_result(&r->outcome);
    snprintf(number, sizeof number, "%d", r->number);
    put_tag(f, "Event", "wyrm match");
    put_tag(f, "Site", "?");
    put_tag(f, "Date", date);
    put_tag(f, "Round", number);
    put_tag(f, "White", r->names[P1]);
    put_tag(f, "Black", r->names[P2]);
    put_tag(f, "Result", result);
    put_tag(f, "Variant", r->game->name);
    put_tag(f, "FEN", r->start_fen);
    put_tag(f, "SetUp", "1");
    put_tag(f, "Termination", match_termination_name(r->outcome.termination));
    snprintf(number, sizeof number, "%d", r->plies);
    put_tag(f, "PlyCount", number);
    if (strcmp(r->tc[P1], r->tc[P2]) == 0) {
        put_tag(f, "TimeControl", r->tc[P1]);
    } else {
        put_tag(f, "WhiteTimeControl", r->tc[P1]);
        put_tag(f, "BlackTimeControl", r->tc[P2]);
    }
    fputc('\n', f);

    Wrapper w = {f, 0};
    /* Which side made ply 0: the FEN says who moves first. */
    const Game *g = r->game;
    unsigned char *pos = malloc(g->pos_size);
    char err[256];
    if (!pos)
        abort();
    int first = g->fen_read(pos, r->start_fen, err, sizeof err) ? g->side_to_move(pos) : P1;
    free(pos);
    for (int i = 0; i < r->plies; i++) {
        /* A move number stays on the line of its move. */
        int ply = i + (first == P2);
        char word[MOVE_STR_MAX + 32];
        if (ply % 2 == 0)
            snprintf(word, sizeof word, "%d. %s", ply / 2 + 1, r->moves[i]);
        else if (i == 0)
            snprintf(word, sizeof word, "%d... %s", ply / 2 + 1, r->moves[i]);
        else
            snprintf(word, sizeof word, "%s", r->moves[i]);
        put_word(&w, word);
    }
    if (r->outcome.detail[0]) {
        /* A comment ends at the first '}', so one inside the reason becomes ')'. */
        size_t len = strlen(r->outcome.detail);
        char *comment = xmalloc(len + 3);
        comment[0] = '{';
        for (size_t i = 0; i < len; i++)
            comment[i + 1] = r->outcome.detail[i] == '}' ? ')' : r->outcome.detail[i];
        comment[len + 1] = '}';
        comment[len + 2] = 0;
        /* Wrapped like the moves, so no line grows past the width PGN readers expect. */
        char *rest = NULL;
        for (char *word = strtok_r(comment, " ", &rest); word; word = strtok_r(NULL, " ", &rest))
            put_word(&w, word);
        free(comment);
    }
    put_word(&w, result);
    fputs("\n\n", f);
    fclose(f);
    return text;
}
