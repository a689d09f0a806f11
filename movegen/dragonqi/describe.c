/*
 * DragonQi for people (core/describe.h): the 149 positions of §1 (135 grid cells, the
 * target cells e0 and e16, and the twelve sealed and dormant places beside the grid), the
 * forces with their states (afire, confined, aboard, captive, bows, arrows, cannonballs),
 * what each move touches, the §8 results with their game points, and the legend of `d`.
 *
 * Cells are numbered: grid cell c (9 ... 143) is c - 9, e0 is 135, e16 is 136, the places
 * follow in the order of `places`. Drawing is from Storm's side (Storm moves first, so it
 * is the first player): rank 15 at the bottom, file a on the right; the places stand in a
 * column to the right of the grid, each beside its own kingdom.
 *
 * What a move touches is read by comparing the forces on every position before and after
 * the move, so captures, sinkings, transformations, interchanges and forces appearing
 * (the Queen going to war, Sceptres, Talismans) are found as the rules made them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/describe.h"
#include "movegen/dragonqi/dragonqi.h"

enum { GRID_CELLS = 135, CELL_E0 = 135, CELL_E16 = 136, FIRST_PLACE = 137, PLACES = 12 };
enum { THINGS_MAX = 2 }; /* a vessel and her occupant */

static const struct {
    const char *name, *label;
    int slot; /* enclosure field slot, -1 for a dormant place */
    int kingdom;
} places[PLACES] = {
    {"library", "Library (sealed): the TrueBorn Queen's place", DQ_ENC_LIBRARY, DQ_FOREST},
    {"desk", "The Librarian's desk (sealed)", DQ_ENC_DESK, DQ_FOREST},
    {"scholarstower", "Scholars' Tower (sealed)", DQ_ENC_SCHOLARS, DQ_FOREST},
    {"books", "Library Books (dormant)", -1, DQ_FOREST},
    {"music", "Music Library (dormant)", -1, DQ_FOREST},
    {"games", "Games Equipment (dormant)", -1, DQ_FOREST},
    {"stormtower", "Storm Tower (sealed)", DQ_ENC_STORMTOWER, DQ_STORM},
    {"jailersoffice", "The Jailer's office (sealed)", DQ_ENC_JAILER, DQ_STORM},
    {"centraldungeon", "Central Dungeon (sealed)", DQ_ENC_DUNGEON, DQ_STORM},
    {"westdungeon", "West Dungeon (dormant)", -1, DQ_STORM},
    {"eastdungeon", "East Dungeon (dormant)", -1, DQ_STORM},
    {"treasury", "Treasury (dormant)", -1, DQ_STORM},
};

static int cell_of(int c) { return c == DQ_E0 ? CELL_E0 : c == DQ_E16 ? CELL_E16 : c - DQ_FILES; }

static int place_cell(int slot)
{
    for (int i = 0; i < PLACES; i++)
        if (places[i].slot == slot)
            return FIRST_PLACE + i;
    return FIRST_PLACE;
}

/* ---- cells --------------------------------------------------------------------------- */

static const char *const rank_names[DQ_RANKS + 1] = {NULL,
                                                     "Forest Home Rank",
                                                     "Forest Second Rank",
                                                     "Forest Third Rank",
                                                     "Forest Front Rank",
                                                     "Forest Beaches",
                                                     "Forest Coastal Waters",
                                                     "Southern Ocean",
                                                     "Central Ocean",
                                                     "Northern Ocean",
                                                     "Storm Coastal Waters",
                                                     "Storm Beaches",
                                                     "Storm Front Rank",
                                                     "Storm Third Rank",
                                                     "Storm Second Rank",
                                                     "Storm Home Rank"};

/* The cell's own name where §1.3 gives one, else its region and rank. */
static const char *grid_label(int c)
{
    switch (c) {
    case DQ_E1:
        return "Forest Square, Forest Palace";
    case DQ_E15:
        return "The Armoury, Storm Citadel";
    case DQ_TRAFALGAR_HARBOUR:
        return "Trafalgar Harbour, home of the Green Flagship";
    case DQ_STORM_HARBOUR:
        return "Storm Harbour, home of the Red Flagship";
    case DQ_E8:
        return "Kraken's Lair: never occupied, transparent";
    case 3 * DQ_FILES + 4:
        return "Forest Palace; covers the TrueBorn Banner";
    case 4 * DQ_FILES + 4:
        return "Forest Front Rank; covers the TrueBorn Banner";
    case 12 * DQ_FILES + 4:
        return "Storm Front Rank; covers the Shadow Banner";
    case 13 * DQ_FILES + 4:
        return "Storm Citadel; covers the Shadow Banner";
    }
    if (bb_has(dq_geo.palace[DQ_FOREST], c))
        return "Forest Palace";
    if (bb_has(dq_geo.palace[DQ_STORM], c))
        return "Storm Citadel";
    return rank_names[dq_geo.y[c]];
}

static const char *grid_kind(int c)
{
    if (c == DQ_E8)
        return "kraken-lair";
    if (c == DQ_TRAFALGAR_HARBOUR || c == DQ_STORM_HARBOUR)
        return "harbour";
    if (dq_geo.kingdom[c] == DQ_OCEAN)
        return "ocean";
    if (bb_has(dq_geo.palace[DQ_FOREST], c))
        return "palace";
    if (bb_has(dq_geo.palace[DQ_STORM], c))
        return "citadel";
    if (bb_has(dq_geo.beach[DQ_FOREST], c) || bb_has(dq_geo.beach[DQ_STORM], c))
        return "beach";
    return dq_geo.kingdom[c] == DQ_KINGDOM_F ? "forest-land" : "storm-land";
}

static int dq_cells(DescCell *cells)
{
    for (int c = DQ_A1; c <= DQ_I15; c++) {
        DescCell *d = &cells[cell_of(c)];
        *d = (DescCell){.x = DQ_FILES - 1 - dq_file_of(c),
                        .y = DQ_RANKS + 1 - dq_rank_of(c),
                        .w = 1,
                        .h = 1,
                        .kind = grid_kind(c),
                        .shade = -1,
                        .label = grid_label(c)};
        dq_cell_name(c, d->name);
    }
    cells[CELL_E0] = (DescCell){.name = "e0",
                                .x = 4,
                                .y = DQ_RANKS + 1,
                                .w = 1,
                                .h = 1,
                                .kind = "target-cell",
                                .shade = -1,
                                .label = "White Room (target cell behind e1)"};
    cells[CELL_E16] = (DescCell){.name = "e16",
                                 .x = 4,
                                 .y = 0,
                                 .w = 1,
                                 .h = 1,
                                 .kind = "target-cell",
                                 .shade = -1,
                                 .label = "Stairwell (target cell behind e15)"};
    /* Storm's places beside its land (y 0-5), Forest's beside the Forest (y 11-16) */
    for (int i = 0; i < PLACES; i++) {
        int row = i % 6;
        DescCell *d = &cells[FIRST_PLACE + i];
        *d = (DescCell){.x = DQ_FILES + 0.25,
                        .y = places[i].kingdom == DQ_STORM ? row : 16 - row,
                        .w = 2.5,
                        .h = 1,
                        .kind = places[i].slot >= 0 ? "sealed" : "dormant",
                        .shade = -1,
                        .label = places[i].label};
        snprintf(d->name, sizeof d->name, "%s", places[i].name);
    }
    return FIRST_PLACE + PLACES;
}

/* ---- forces -------------------------------------------------------------------------- */

/* Full names and one-word kinds by type, Storm first (indexed by side). */
static const char *const type_names[DQ_TYPES][2] = {
    [DQ_ROYAL] = {"Dark Warlord", "TrueBorn Prince"},
    [DQ_QUEEN] = {"Storm Queen", "TrueBorn Queen at War"},
    [DQ_EMPRESS] = {"Storm Empress", NULL},
    [DQ_WITCH] = {"Red Witch", NULL},
    [DQ_PRINCESS] = {NULL, "Woodland Princess"},
    [DQ_DRAGON] = {NULL, "Ice Dragon Afire"},
    [DQ_ELDER] = {"Elder Winged Serpent Afire", NULL},
    [DQ_YOUNGER] = {"Younger Winged Serpent Afire", NULL},
    [DQ_PAWN] = {"Gnome", "Dwarf"},
    [DQ_ELF] = {"Troll", "Elf"},
    [DQ_DEFENDER] = {"Citadel Watcher", "Palace Defender"},
    [DQ_GUARD] = {"Warder", "Guard"},
    [DQ_KNIGHT] = {"Red Knight", "Green Knight"},
    [DQ_LKNIGHT] = {"Black Knight", "White Knight"},
    [DQ_CROSSBOW] = {"Catapult", "Crossbowman"},
    [DQ_SIEGE] = {"Red Siege Machine", "Siege Director"},
    [DQ_BUCCANEER] = {"Pirate", "Buccaneer"},
    [DQ_RANGER] = {"Raider", "Ranger"},
    [DQ_TOWER] = {"Castle", "Watchtower"},
    [DQ_TOWERBIRD] = {"Castle", "Watchtower"},
    [DQ_FORTRESS] = {"Red Fortress", "Green Fortress"},
    [DQ_BIRD] = {"Raven", "Albatross"},
    [DQ_SCEPTRE] = {"Red Sceptre", "Green Sceptre"},
    [DQ_TALISMAN] = {"Storm Talisman", "Forest Talisman"},
    [DQ_WIZARD] = {"Magician Unchained", "Wizard Unchained"},
    [DQ_LIBRARIAN] = {"Jailer", "Librarian"},
};

static const char *const type_kinds[DQ_TYPES][2] = {
    [DQ_ROYAL] = {"warlord", "prince"},
    [DQ_QUEEN] = {"queen", "queen"},
    [DQ_EMPRESS] = {"empress", NULL},
    [DQ_WITCH] = {"witch", NULL},
    [DQ_PRINCESS] = {NULL, "princess"},
    [DQ_DRAGON] = {NULL, "dragon"},
    [DQ_ELDER] = {"serpent", NULL},
    [DQ_YOUNGER] = {"serpent", NULL},
    [DQ_PAWN] = {"gnome", "dwarf"},
    [DQ_ELF] = {"troll", "elf"},
    [DQ_DEFENDER] = {"watcher", "defender"},
    [DQ_GUARD] = {"warder", "guard"},
    [DQ_KNIGHT] = {"knight", "knight"},
    [DQ_LKNIGHT] = {"knight", "knight"},
    [DQ_CROSSBOW] = {"catapult", "crossbowman"},
    [DQ_SIEGE] = {"siege-machine", "siege-director"},
    [DQ_BUCCANEER] = {"pirate", "buccaneer"},
    [DQ_RANGER] = {"raider", "ranger"},
    [DQ_TOWER] = {"castle", "watchtower"},
    [DQ_TOWERBIRD] = {"castle", "watchtower"},
    [DQ_FORTRESS] = {"fortress", "fortress"},
    [DQ_BIRD] = {"raven", "albatross"},
    [DQ_SCEPTRE] = {"sceptre", "sceptre"},
    [DQ_TALISMAN] = {"talisman", "talisman"},
    [DQ_WIZARD] = {"magician", "wizard"},
    [DQ_LIBRARIAN] = {"jailer", "librarian"},
};

static void add_state(DescPiece *d, const char *state)
{
    if (d->state_count < DESCRIBE_STATES_MAX)
        d->states[d->state_count++] = state;
}

/* "arrows-2", "cannonballs-3": munitions as state words. */
static const char *count_word(const char *what, int n)
{
    static const char *const arrows[] = {"arrows-0", "arrows-1", "arrows-2", "arrows-3",
                                         "arrows-4"};
    static const char *const balls[] = {"cannonballs-0", "cannonballs-1", "cannonballs-2",
                                        "cannonballs-3", "cannonballs-4"};
    if (n < 0 || n > 4)
        n = 4;
    return what[0] == 'a' ? arrows[n] : balls[n];
}

static DescPiece force(int cell, int code)
{
    int t = dq_type(code), s = dq_side(code);
    DescPiece d = {.cell = cell,
                   .side = s,
                   .kind = type_kinds[t][s],
                   .name = type_names[t][s],
                   .label = {(char)dq_letter(code)}};
    if (t == DQ_TOWERBIRD) {
        d.label[1] = '*';
        add_state(&d, "bird-inside");
    }
    return d;
}

/* An inert resident of a target cell or a sealed place. */
static DescPiece resident(int cell, int side, const char *kind, const char *name, char label,
                          const char *state)
{
    DescPiece d = {.cell = cell, .side = side, .kind = kind, .name = name, .label = {label}};
    add_state(&d, state);
    return d;
}

/* The forces on one grid cell or e0/e16 (`c` a board cell); their count. */
static int forces_on_board(const DqPos *p, int c, DescPiece *out)
{
    int cell = cell_of(c), n = 0, code = p->sq[c];
    if (c == DQ_E0 && p->encl[DQ_ENC_WHITEROOM] == 'D')
        out[n++] = resident(cell, DQ_FOREST, "dragon", "Watching Ice Dragon", 'D', "inert");
    if (c == DQ_E16 && p->encl[DQ_ENC_STAIRWELL] == 'd')
        out[n++] =
            resident(cell, DQ_STORM, "serpent", "Waiting Elder Winged Serpent", 'd', "inert");
    if (dq_geo.kingdom[c] == DQ_OCEAN && dq_vessel(p, c)) {
        static const char *const bows[DQ_DIRS] = {"bow-n", "bow-ne", "bow-e", "bow-se",
                                                  "bow-s", "bow-sw", "bow-w", "bow-nw"};
        static const char *const vessel_names[2][2] = {{"Red Ship", "Red Flagship"},
                                                       {"Green Ship", "Green Flagship"}};
        int v = dq_vessel(p, c), orig = (v & DQ_VES_ORIG_FOREST) != 0;
        bool flagship = (v & DQ_VES_FLAGSHIP) != 0;
        DescPiece *d = &out[n++];
        *d = (DescPiece){.cell = cell,
                         .side = dq_vessel_colour(p, c),
                         .kind = flagship ? "flagship" : "ship",
                         .name = vessel_names[orig][flagship],
                         .label = {(char)(flagship ? (orig ? 'F' : 'f') : (orig ? 'S' : 's'))}};
        add_state(d, bows[v & DQ_VES_BOW]);
        if (code && dq_side(code) != orig)
            add_state(d, "commandeered");
        if (flagship) {
            add_state(d, count_word("cannonballs",
                                    p->mun[orig ? DQ_MUN_GREEN_CANNON : DQ_MUN_RED_CANNON]));
            if (p->flags & (orig ? DQ_FLAG_GREEN_HARBOUR : DQ_FLAG_RED_HARBOUR))
                add_state(d, "in-home-harbour");
        }
    }
    if (!code)
        return n;
    DescPiece *d = &out[n++];
    *d = force(cell, code);
    int t = dq_type(code), s = dq_side(code);
    if (dq_geo.kingdom[c] == DQ_OCEAN)
        add_state(d, "aboard");
    if (c == DQ_E0 || c == DQ_E16)
        add_state(d, "confined");
    if (t == DQ_DRAGON || t == DQ_ELDER || t == DQ_YOUNGER)
        add_state(d, "afire");
    if (t == DQ_PRINCESS)
        add_state(d, count_word("arrows", p->mun[DQ_MUN_PRINCESS]));
    if (t == DQ_QUEEN)
        add_state(d, count_word("arrows",
                                p->mun[s == DQ_FOREST ? DQ_MUN_QUEEN_WAR : DQ_MUN_STORM_QUEEN]));
    return n;
}

/* The forces in one sealed place (field 3 of the DFEN); dormant places hold none. */
static int forces_in_place(const DqPos *p, int i, DescPiece *out)
{
    int cell = FIRST_PLACE + i, slot = places[i].slot;
    char ch = slot >= 0 ? p->encl[slot] : '-';
    switch (slot) {
    case DQ_ENC_LIBRARY:
        if (ch == 'Q') {
            out[0] = resident(cell, DQ_FOREST, "queen", "TrueBorn Queen at Work", 'Q', "at-work");
            add_state(&out[0], count_word("arrows", p->mun[DQ_MUN_RESERVE]));
            return 1;
        }
        if (ch == 'F') {
            out[0] = resident(cell, DQ_FOREST, "princess", "Woodland Princess", 'F', "inert");
            return 1;
        }
        return 0;
    case DQ_ENC_DESK:
    case DQ_ENC_JAILER:
        if (ch != '0' && ch != '1')
            return 0;
        out[0] =
            resident(cell, slot == DQ_ENC_DESK ? DQ_FOREST : DQ_STORM,
                     slot == DQ_ENC_DESK ? "librarian" : "jailer",
                     slot == DQ_ENC_DESK ? "Librarian" : "Jailer", slot == DQ_ENC_DESK ? 'L' : 'l',
                     ch == '1' ? "on-alert" : "shield-lowered");
        return 1;
    case DQ_ENC_SCHOLARS:
        if (ch != 'w')
            return 0;
        out[0] = resident(cell, DQ_STORM, "magician", "Captive Magician", 'w', "captive");
        return 1;
    case DQ_ENC_STORMTOWER:
        if (ch != 'W')
            return 0;
        out[0] = resident(cell, DQ_FOREST, "wizard", "Captive Wizard", 'W', "captive");
        return 1;
    case DQ_ENC_DUNGEON:
        if (ch == 'y') {
            out[0] =
                resident(cell, DQ_STORM, "serpent", "Waiting Younger Winged Serpent", 'y', "inert");
            return 1;
        }
        if (ch == 'x') {
            out[0] = resident(cell, DQ_STORM, "witch", "Red Witch", 'x', "inert");
            return 1;
        }
        return 0;
    default:
        return 0;
    }
}

/* The forces on cell number `cell` of the description. */
static int forces_on(const DqPos *p, int cell, DescPiece *out)
{
    if (cell >= FIRST_PLACE)
        return forces_in_place(p, cell - FIRST_PLACE, out);
    int c = cell == CELL_E0 ? DQ_E0 : cell == CELL_E16 ? DQ_E16 : cell + DQ_FILES;
    return forces_on_board(p, c, out);
}

static int dq_pieces(const void *vp, DescPiece *pieces)
{
    int n = 0;
    for (int cell = 0; cell < FIRST_PLACE + PLACES; cell++)
        n += forces_on(vp, cell, pieces + n);
    return n;
}

/* ---- moves --------------------------------------------------------------------------- */

static bool holds(const DescPiece *list, int n, const DescPiece *d, bool same_side)
{
    for (int i = 0; i < n; i++)
        if (strcmp(list[i].name, d->name) == 0 && (!same_side || list[i].side == d->side))
            return true;
    return false;
}

static void touch_once(int *list, int *count, int cell)
{
    for (int i = 0; i < *count; i++)
        if (list[i] == cell)
            return;
    describe_touch(list, count, cell);
}

typedef struct Text {
    char *s;
    size_t n, size;
} Text;

static void say(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(Text *t, const char *fmt, ...)
{
    if (t->n >= t->size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->s + t->n, t->size - t->n, fmt, ap);
    va_end(ap);
    t->n += n > 0 ? (size_t)n : 0;
}

/* The name of cell number `cell`: "e10", "e0", "library". */
static const char *cell_text(int cell, char *buf)
{
    if (cell >= FIRST_PLACE)
        return places[cell - FIRST_PLACE].name;
    dq_cell_name(cell == CELL_E0 ? DQ_E0 : cell == CELL_E16 ? DQ_E16 : cell + DQ_FILES, buf);
    return buf;
}

/* The move in words, before its captures and changes: who acts and how. */
static void action_words(const DqPos *p, Move m, int from, Text *t)
{
    static const char *const dirs[DQ_DIRS] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
    char a[8], b[8];
    int c_from = dq_move_from(m), to = dq_move_to(m), piece = dq_move_piece(m);
    DescPiece here[THINGS_MAX];
    int n = forces_on(p, from, here);
    const char *vessel = n ? here[0].name : "";
    const char *mover = piece ? type_names[dq_type(piece)][dq_side(piece)] : vessel;
    dq_cell_name(c_from, a);
    dq_cell_name(to, b);
    switch (dq_move_kind(m)) {
    case DQ_MK_EP:
        say(t, "%s %s-%s en passant", mover, a, b);
        break;
    case DQ_MK_TOWERING:
        say(t, "%s: %s %s-%s", p->side == DQ_FOREST ? "Towering" : "Castling", mover, a, b);
        break;
    case DQ_MK_ARROW:
        say(t, "%s on %s shoots an arrow at %s", mover, a, b);
        break;
    case DQ_MK_RELEASE:
        say(t, "maiden flight: the %s leaves its tower on %s for %s",
            p->side == DQ_FOREST ? "Albatross" : "Raven", a, b);
        break;
    case DQ_MK_SPRING:
        say(t, "the %s springs to %s", p->side == DQ_FOREST ? "Librarian" : "Jailer", b);
        break;
    case DQ_MK_PLANT:
        say(t, "%s plants the flag on %s", mover, a);
        break;
    case DQ_MK_SAIL:
        say(t, "%s sails %s-%s", vessel, a, b);
        break;
    case DQ_MK_REALIGN:
        say(t, "%s on %s turns her bow %s", vessel, a, dirs[dq_move_dir1(m)]);
        break;
    case DQ_MK_FIRE:
        say(t, "%s on %s fires at %s", vessel, a, b);
        break;
    case DQ_MK_TRIDENT:
        say(t, "Trident: the ship on %s turns %s, the ship on %s turns %s", a,
            dirs[dq_move_dir1(m)], b, dirs[dq_move_dir2(m)]);
        break;
    default:
        say(t, "%s %s-%s", mover, a, b);
        break;
    }
}

static void dq_describe_move(const void *vp, Move m, DescMove *d)
{
    const DqPos *p = vp;
    DqPos after;
    dq_make(p, m, &after);
    int kind = dq_move_kind(m);
    d->from = kind == DQ_MK_SPRING ? place_cell(p->side == DQ_FOREST ? DQ_ENC_DESK : DQ_ENC_JAILER)
                                   : cell_of(dq_move_from(m));
    d->to = kind == DQ_MK_PLANT || kind == DQ_MK_REALIGN ? d->from : cell_of(dq_move_to(m));
    describe_touch(d->path, &d->path_length, d->from);
    if (d->to != d->from)
        describe_touch(d->path, &d->path_length, d->to);
    Text t = {d->text, 0, sizeof d->text};
    action_words(p, m, d->from, &t);

    DescPiece moved[THINGS_MAX];
    int moved_n = forces_on(p, d->from, moved);
    const char *sunk = NULL;
    char name[8];
    for (int cell = 0; cell < FIRST_PLACE + PLACES; cell++) {
        if (cell == d->from)
            continue; /* what leaves the origin moves; the rest of it stays as it was */
        DescPiece before[THINGS_MAX], now[THINGS_MAX];
        int nb = forces_on(p, cell, before), na = forces_on(&after, cell, now);
        /* a vessel keeps her name whatever her colour; any other force is matched by
         * name and side */
        for (int i = 0; i < nb; i++) {
            bool vessel =
                strcmp(before[i].kind, "ship") == 0 || strcmp(before[i].kind, "flagship") == 0;
            if (before[i].side != p->side && !holds(now, na, &before[i], !vessel)) {
                touch_once(d->captured, &d->captured_count, cell);
                if (vessel)
                    sunk = before[i].name;
                else
                    say(&t, ", captures the %s on %s", before[i].name, cell_text(cell, name));
            }
        }
        for (int i = 0; i < na; i++) {
            /* what came from the origin, and a bird out of its tower, only moved */
            bool arrived =
                cell == d->to && (kind == DQ_MK_RELEASE || holds(moved, moved_n, &now[i], false));
            if (!arrived && !holds(before, nb, &now[i], true)) {
                say(&t, "%s%s on %s", d->converted_count ? ", " : "; now: ", now[i].name,
                    cell_text(cell, name));
                touch_once(d->converted, &d->converted_count, cell);
            }
        }
    }
    if (dq_move_sinks(m) && !sunk) {
        /* a ram on a vessel of the rammer's own fleet that the enemy had taken: she keeps
         * her name, so the comparison above saw only her occupant go */
        DescPiece target[THINGS_MAX];
        if (forces_on(p, d->to, target))
            sunk = target[0].name;
        touch_once(d->captured, &d->captured_count, d->to);
    }
    if (sunk)
        say(&t, ", sinks the %s", sunk);
}

/* ---- results ------------------------------------------------------------------------- */

static void dq_verdict(const void *vp, GameOverReason why, Verdict *v)
{
    static const struct {
        const char *type, *reason, *sentence; /* sentence: "<winner> wins by ..." or a truce */
    } words[] = {
        {"DIRECT", "Direct Capture", "wins by Direct Capture"},
        {"FLAG", "flag planted", "wins by planting the flag"},
        {"LOCKUP", "locking up", "wins by locking up"},
        {"STALEMATE", "stalemate", "Truce by stalemate"},
        {"REPETITION", "threefold repetition", "Truce by threefold repetition"},
        {"FIFTY", "100 plies without progress", "Truce after 100 plies without progress"},
    };
    DqOutcome o;
    dq_outcome(vp, why == GAME_OVER_NO_PROGRESS, &o);
    size_t i = 0;
    while (i + 1 < sizeof words / sizeof *words && strcmp(words[i].type, o.type) != 0)
        i++;
    int w = o.winner >= 0 ? o.winner : DQ_STORM, l = !w;
    char points[32];
    snprintf(points, sizeof points, "%d%s-%d%s", o.points_halves[w] / 2,
             o.points_halves[w] % 2 ? ".5" : "", o.points_halves[l] / 2,
             o.points_halves[l] % 2 ? ".5" : "");
    v->winner = o.winner;
    snprintf(v->reason, sizeof v->reason, "%s", words[i].reason);
    if (o.winner >= 0)
        snprintf(v->text, sizeof v->text, "%s %s: %s", o.winner == DQ_STORM ? "Storm" : "Forest",
                 words[i].sentence, points);
    else
        snprintf(v->text, sizeof v->text, "%s: %s", words[i].sentence, points);
    v->has_points = true;
    v->points_halves[P1] = o.points_halves[DQ_STORM];
    v->points_halves[P2] = o.points_halves[DQ_FOREST];
}

const GameDescription dragonqi_description = {
    .width = DQ_FILES + 2.75,
    .height = DQ_RANKS + 2,
    .cells = dq_cells,
    .pieces = dq_pieces,
    .move = dq_describe_move,
    .verdict = dq_verdict,
    .legend =
        "upper case Forest (ranks 1-5, moves second), lower case Storm (ranks 11-15, moves first)\n"
        "K k   TrueBorn Prince, Dark Warlord (the royals)\n"
        "Q q   TrueBorn Queen at War, Storm Queen\n"
        "v x   Storm Empress, Red Witch\n"
        "F     Woodland Princess (on land)\n"
        "D     Ice Dragon Afire\n"
        "d y   Elder and Younger Winged Serpent Afire\n"
        "P p   Dwarf, Gnome\n"
        "E e   Elf, Troll\n"
        "U u   Palace Defender, Citadel Watcher\n"
        "G g   Guard, Warder\n"
        "N n   Green Knight, Red Knight\n"
        "H h   White Knight, Black Knight\n"
        "C c   Crossbowman, Catapult\n"
        "M m   Siege Director, Red Siege Machine\n"
        "B b   Buccaneer, Pirate\n"
        "R r   Ranger, Raider\n"
        "T t   Watchtower, Castle; T* t* with the unreleased bird inside\n"
        "O o   Green Fortress, Red Fortress\n"
        "A a   Albatross, Raven (released)\n"
        "Z z   Green Sceptre, Red Sceptre\n"
        "J j   Forest Talisman, Storm Talisman\n"
        "W w   Wizard Unchained, Magician Unchained\n"
        "L l   Librarian, Jailer\n"
        "SxNE  a vessel: S Green Ship, F Green Flagship, s Red Ship, f Red Flagship (colour of\n"
        "      origin), then the force aboard (':' none), then her bow (N NE E SE S SW W NW)\n"
        "~     empty ocean\n"
        "@     e8, the Kraken's Lair (never occupied)\n"
        ".     empty land\n"
        "e16: / e0:  who is in the Stairwell / the White Room, behind the home ranks\n"
        "enclosures  DFEN field 3: whiteroom library desk scholarstower stairwell\n"
        "            centraldungeon jailersoffice stormtower\n"
        "munitions   arrows of the Princess, the reserve, the Queen at War, the Storm Queen;\n"
        "            cannonballs of the Green and the Red Flagship\n",
};
