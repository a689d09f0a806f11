/*
 * Dragon Face for people (core/describe.h): the Territories and the Sacrifice Zone ring,
 * the pieces with their states (immune, free or trapped in the Zone, the Governors' two-
 * square right), captures as conversions, revivals, and the legend of `d`.
 */
#include <stdio.h>

#include "core/describe.h"
#include "movegen/dragonface/dragonface.h"

static int df_cells(DescCell *cells)
{
    for (int sq = 0; sq < DF_SQUARES; sq++) {
        int rank = sq / DF_FILES;
        DescCell *c = &cells[sq];
        describe_grid_cell(c, sq % DF_FILES, rank);
        if (bb128_bit(sq) & DF_ZONE) {
            c->kind = "sacrifice-zone";
            c->label = "Sacrifice Zone";
        } else {
            c->kind = "territory";
            c->label = rank == 1   ? "Territories, White's back line"
                       : rank == 7 ? "Territories, Black's back line"
                                   : "Territories";
        }
    }
    return DF_SQUARES;
}

static const char *const kind_words[3] = {"emperor", "ambassador", "governor"};
static const char *const kind_names[2][3] = {
    {"White Emperor", "White Ambassador", "White Governor"},
    {"Black Emperor", "Black Ambassador", "Black Governor"}};
static const char kind_letters[2][3] = {{'E', 'A', 'G'}, {'e', 'a', 'g'}};

static DescPiece piece(int sq, int side, int kind)
{
    return (DescPiece){.cell = sq,
                       .side = side,
                       .kind = kind_words[kind],
                       .name = kind_names[side][kind],
                       .label = {kind_letters[side][kind]}};
}

static void add_state(DescPiece *d, const char *state)
{
    if (d->state_count < DESCRIBE_STATES_MAX)
        d->states[d->state_count++] = state;
}

static int df_pieces(const void *vp, DescPiece *pieces)
{
    const DfPos *p = vp;
    Bb128 rights = df_rights_bb(p->rights);
    int n = 0;
    for (int sq = 0; sq < DF_SQUARES; sq++) {
        Bb128 b = bb128_bit(sq);
        int side = (p->occ[P1] & b) ? P1 : (p->occ[P2] & b) ? P2 : -1;
        if (side < 0)
            continue;
        if (p->free & b) {
            /* a revived Ambassador stands on the Governor that freed it */
            pieces[n] = piece(sq, side, DF_AMBASSADOR);
            add_state(&pieces[n++], "free");
            pieces[n] = piece(sq, side, DF_GOVERNOR);
            add_state(&pieces[n++], "underneath");
            continue;
        }
        int kind = (p->emp & b) ? DF_EMPEROR : (p->amb & b) ? DF_AMBASSADOR : DF_GOVERNOR;
        DescPiece *d = &pieces[n++];
        *d = piece(sq, side, kind);
        if (sq == p->immune)
            add_state(d, "immune");
        if (b & DF_ZONE)
            add_state(d, "trapped");
        if (b & rights)
            add_state(d, "two-square-right");
    }
    return n;
}

/* A capture converts the piece it reaches (it stays, changing sides); a revival frees a
 * trapped Ambassador, which changes kind from trapped to free, and the Governor goes
 * under it. */
static void df_describe_move(const void *vp, Move m, DescMove *d)
{
    const DfPos *p = vp;
    char sq_text[DESCRIBE_NAME_MAX];
    size_t n = describe_grid_step(d, DF_FILES, df_move_from(m), df_move_to(m), '-');
    if (df_move_is_capture(m)) {
        int victim = df_move_captured(m);
        Bb128 vb = bb128_bit(victim);
        int kind = (p->emp & vb) ? DF_EMPEROR : (p->amb & vb) ? DF_AMBASSADOR : DF_GOVERNOR;
        describe_touch(d->converted, &d->converted_count, victim);
        describe_grid_name(DF_FILES, victim, sq_text);
        n += (size_t)snprintf(d->text + n, sizeof d->text - n, ", converts the %s on %s",
                              kind_words[kind], sq_text);
    }
    if (df_move_is_revival(m)) {
        int revived = df_move_revived(m);
        describe_touch(d->converted, &d->converted_count, revived);
        describe_grid_name(DF_FILES, revived, sq_text);
        snprintf(d->text + n, sizeof d->text - n, ", revives the Ambassador on %s", sq_text);
    }
}

/* result() ends the game when a side has no Emperor: it was captured and converted. */
static void df_verdict(const void *vp, GameOverReason why, Verdict *v)
{
    (void)vp;
    if (describe_rules_win(why, v))
        describe_words(v, "Emperor captured", "%s wins: the Emperor is captured",
                       describe_colour(v->winner, true));
}

const GameDescription dragonface_description = {
    .width = DF_FILES,
    .height = DF_RANKS,
    .cells = df_cells,
    .pieces = df_pieces,
    .move = df_describe_move,
    .verdict = df_verdict,
    .legend = "E e  Emperor (white, black)\n"
              "A a  Ambassador; in the Sacrifice Zone a trapped one\n"
              "G g  Governor\n"
              "F f  free Ambassador in the Zone, standing on the Governor that revived it\n"
              "*    after a letter: the piece converted on the last ply, immune this ply\n"
              ".    empty square of the Territories\n"
              ":    empty square of the Sacrifice Zone (files a and k, ranks 1 and 9)\n",
};
