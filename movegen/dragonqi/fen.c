/*
 * DragonQi position string (DFEN, §10): reading with full validation, canonical writing,
 * and the text board of `d`.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "movegen/dragonqi/dragonqi.h"

const char *const dq_variation_names[DQ_VARIATIONS] = {"lance", "sword", "pike"};

/* Upper-case letter per type; 's' marks a Storm-only type, 'f' a Forest-only one. */
static const char type_letter[DQ_TYPES] = {0,   'K', 'Q', 'V', 'X', 'F', 'D', 'D', 'Y',
                                           'P', 'E', 'U', 'G', 'N', 'H', 'C', 'M', 'B',
                                           'R', 'T', 'T', 'O', 'A', 'Z', 'J', 'W', 'L'};
static const char type_only[DQ_TYPES] = {[DQ_EMPRESS] = 's', [DQ_WITCH] = 's', [DQ_PRINCESS] = 'f',
                                         [DQ_DRAGON] = 'f',  [DQ_ELDER] = 's', [DQ_YOUNGER] = 's'};

int dq_letter(int code)
{
    int t = dq_type(code), s = dq_side(code);
    if (t <= DQ_NONE || t >= DQ_TYPES)
        return 0;
    if ((type_only[t] == 's' && s != DQ_STORM) || (type_only[t] == 'f' && s != DQ_FOREST))
        return 0;
    return s == DQ_FOREST ? type_letter[t] : tolower(type_letter[t]);
}

/* The code of a force letter (a tower with its bird is read separately); 0 if none. */
static int code_of_letter(char ch)
{
    for (int code = 2; code < DQ_CODES; code++)
        if (dq_type(code) != DQ_TOWERBIRD && dq_letter(code) == ch)
            return code;
    return 0;
}

/* Forces that may travel aboard a vessel (§2: water element and the ocean in scope). */
static bool may_be_occupant(int code)
{
    switch (dq_type(code)) {
    case DQ_ROYAL:
    case DQ_WITCH:
    case DQ_PAWN:
    case DQ_KNIGHT:
    case DQ_LKNIGHT:
    case DQ_CROSSBOW:
    case DQ_BUCCANEER:
    case DQ_TOWER:
        return true;
    default:
        return false;
    }
}

/* May this force stand on land cell c (§2 scope, §5 specifics)? */
static bool land_scope_ok(int code, int c)
{
    int s = dq_side(code), k = dq_geo.kingdom[c], y = dq_geo.y[c];
    bool own = k == s, palace = bb_has(dq_geo.palace[s], c);
    switch (dq_type(code)) {
    case DQ_QUEEN:
    case DQ_SCEPTRE:
    case DQ_LIBRARIAN:
    case DQ_CROSSBOW:
    case DQ_BUCCANEER:
    case DQ_TOWER:
    case DQ_TOWERBIRD:
        return own;
    case DQ_WITCH:
    case DQ_ELDER:
    case DQ_YOUNGER:
        return k == DQ_KINGDOM_F;
    case DQ_PRINCESS:
        return c == DQ_E2;
    case DQ_DRAGON:
        return k == DQ_KINGDOM_S;
    case DQ_PAWN: /* never on its own home rank: nothing could bring it there */
        return own && y != (s == DQ_FOREST ? 1 : 15);
    case DQ_ELF:
    case DQ_SIEGE:
    case DQ_RANGER:
    case DQ_FORTRESS:
        return !own;
    case DQ_DEFENDER:
    case DQ_GUARD:
        return palace;
    default:
        return true;
    }
}

/* Reads one rank of field 1 into p; returns the number of cells read or -1. */
static int read_rank(DqPos *p, const char **s, int y, char *err, size_t size)
{
    int x = 0;
    while (**s && **s != '/' && **s != ' ') {
        char ch = **s;
        if (x >= DQ_FILES)
            return fail_with(err, size, "rank %d has more than 9 cells", y), -1;
        int c = dq_cell(x, y);
        if (isdigit((unsigned char)ch)) {
            char *end;
            long n = strtol(*s, &end, 10);
            if (n < 1 || n > DQ_FILES - x)
                return fail_with(err, size, "bad empty count on rank %d", y), -1;
            x += (int)n;
            *s = end;
            continue;
        }
        if (c == DQ_E8)
            return fail_with(err, size, "e8 (the Kraken's Lair) is never occupied"), -1;
        if (ch == '(') {
            const char *v = *s + 1;
            int vessel = DQ_VES_PRESENT;
            if (*v == 'S' || *v == 'F')
                vessel |= DQ_VES_ORIG_FOREST;
            else if (*v != 's' && *v != 'f')
                return fail_with(err, size, "bad vessel letter on rank %d", y), -1;
            if (*v == 'F' || *v == 'f')
                vessel |= DQ_VES_FLAGSHIP;
            if (v[1] < '0' || v[1] > '7')
                return fail_with(err, size, "bad bow digit on rank %d", y), -1;
            int bow = v[1] - '0';
            vessel |= bow;
            v += 2;
            int occupant = 0;
            if (*v != ')') {
                occupant = code_of_letter(*v++);
                if (!occupant || !may_be_occupant(occupant))
                    return fail_with(err, size, "bad vessel occupant on rank %d", y), -1;
            }
            if (*v != ')')
                return fail_with(err, size, "unterminated vessel on rank %d", y), -1;
            if (dq_geo.kingdom[c] != DQ_OCEAN)
                return fail_with(err, size, "vessel on land cell %c%d", 'a' + x, y), -1;
            dq_put_vessel(p, c, vessel);
            if (occupant)
                dq_put(p, c, occupant);
            *s = v + 1;
        } else {
            int code = code_of_letter(ch);
            (*s)++;
            if (code && dq_type(code) == DQ_TOWER && **s == '*') {
                code = dq_code(DQ_TOWERBIRD, dq_side(code));
                (*s)++;
            }
            if (!code)
                return fail_with(err, size, "bad character '%c' on rank %d", ch, y), -1;
            if (dq_geo.kingdom[c] == DQ_OCEAN)
                return fail_with(err, size, "force '%c' on water without a vessel", ch), -1;
            if (!land_scope_ok(code, c))
                return fail_with(err, size, "'%c' may not stand on %c%d", ch, 'a' + x, y), -1;
            dq_put(p, c, code);
        }
        x++;
    }
    if (x != DQ_FILES)
        return fail_with(err, size, "rank %d does not have 9 cells", y), -1;
    return x;
}

static bool read_board(DqPos *p, const char *board, char *err, size_t size)
{
    const char *s = board;
    for (int y = DQ_RANKS; y >= 1; y--) {
        if (read_rank(p, &s, y, err, size) < 0)
            return false;
        if (y > 1 && *s++ != '/')
            return fail_with(err, size, "board must have 15 ranks");
    }
    if (*s)
        return fail_with(err, size, "board must have 15 ranks");
    return true;
}

static int count(const DqPos *p, int type, int side) { return p->count[dq_code(type, side)]; }

/* Checks field 3 and every count against the forces of field 1 (§2, §6). */
static bool check_material(DqPos *p, char *err, size_t size)
{
    const char *e = p->encl;
    int F = DQ_FOREST, S = DQ_STORM;
    for (int s = 0; s < 2; s++) {
        char who = s == F ? 'F' : 'S';
        if (count(p, DQ_PAWN, s) + count(p, DQ_ELF, s) + count(p, DQ_DEFENDER, s) > 11 ||
            count(p, DQ_GUARD, s) + count(p, DQ_BUCCANEER, s) + count(p, DQ_RANGER, s) > 2 ||
            count(p, DQ_CROSSBOW, s) + count(p, DQ_SIEGE, s) > 2 ||
            count(p, DQ_TOWER, s) + count(p, DQ_TOWERBIRD, s) + count(p, DQ_FORTRESS, s) +
                    count(p, DQ_SCEPTRE, s) + count(p, DQ_TALISMAN, s) >
                2 ||
            count(p, DQ_SCEPTRE, s) + count(p, DQ_TALISMAN, s) > 1 ||
            count(p, DQ_BIRD, s) + count(p, DQ_TOWERBIRD, s) > 2 || count(p, DQ_WIZARD, s) > 1 ||
            count(p, DQ_LIBRARIAN, s) > 1 || count(p, DQ_QUEEN, s) > 1 || count(p, DQ_ROYAL, s) > 1)
            return fail_with(err, size, "too many forces of one kind for %c", who);
        int base = s == F ? DQ_POOL_H : DQ_POOL_h;
        if (count(p, DQ_LKNIGHT, s) + p->pool[base] > 2 ||
            count(p, DQ_KNIGHT, s) + p->pool[base + 1] > 2 ||
            count(p, DQ_RANGER, s) + count(p, DQ_GUARD, s) + count(p, DQ_BUCCANEER, s) +
                    p->pool[base + 2] >
                2)
            return fail_with(err, size, "knights/rangers on the board and in the pool exceed 2");
    }
    if (count(p, DQ_QUEEN, S) + count(p, DQ_EMPRESS, S) + count(p, DQ_WITCH, S) > 1 ||
        count(p, DQ_DRAGON, F) > 1 || count(p, DQ_ELDER, S) > 1 || count(p, DQ_YOUNGER, S) > 1)
        return fail_with(err, size, "too many queens or fire creatures");
    bool dragon_afire = e[DQ_ENC_WHITEROOM] != 'D';
    bool serpent_afire = e[DQ_ENC_STAIRWELL] != 'd' || e[DQ_ENC_DUNGEON] == 'x';
    if ((e[DQ_ENC_LIBRARY] == 'Q') != (count(p, DQ_PRINCESS, F) == 1))
        return fail_with(err, size, "the Princess is on e2 exactly while the Queen is at Work");
    if ((e[DQ_ENC_LIBRARY] == 'F') != serpent_afire || (e[DQ_ENC_DESK] != '0') != serpent_afire)
        return fail_with(err, size, "library/desk disagree with the Winged Serpents");
    if ((e[DQ_ENC_JAILER] != '0') != dragon_afire)
        return fail_with(err, size, "jailersoffice disagrees with the whiteroom");
    if (count(p, DQ_QUEEN, F) && e[DQ_ENC_LIBRARY] != 'F')
        return fail_with(err, size, "the TrueBorn Queen is at war only after the Princess left");
    if ((count(p, DQ_DRAGON, F) && !dragon_afire) ||
        (count(p, DQ_ELDER, S) && e[DQ_ENC_STAIRWELL] == 'd') ||
        (count(p, DQ_YOUNGER, S) && e[DQ_ENC_DUNGEON] != 'x') ||
        (count(p, DQ_WITCH, S) && e[DQ_ENC_DUNGEON] == 'x') ||
        (count(p, DQ_EMPRESS, S) && !dragon_afire))
        return fail_with(err, size, "a force on the board disagrees with field 3");
    /* Sceptres turn into Talismans when the Ice Dragon is set afire (§6.2.1); the Forest
     * Talisman goes with the Dragon (§4.2). */
    if (((count(p, DQ_SCEPTRE, F) || count(p, DQ_SCEPTRE, S)) && dragon_afire) ||
        (count(p, DQ_TALISMAN, S) && !dragon_afire) ||
        (count(p, DQ_TALISMAN, F) && !count(p, DQ_DRAGON, F)))
        return fail_with(err, size, "Sceptres and Talismans disagree with the Ice Dragon");
    if ((e[DQ_ENC_DESK] != '-' && count(p, DQ_LIBRARIAN, F)) ||
        (e[DQ_ENC_JAILER] != '-' && count(p, DQ_LIBRARIAN, S)) ||
        (e[DQ_ENC_STORMTOWER] == 'W' && count(p, DQ_WIZARD, F)) ||
        (e[DQ_ENC_SCHOLARS] == 'w' && count(p, DQ_WIZARD, S)))
        return fail_with(err, size, "a force is both enclosed and on the board");
    return true;
}

static bool check_royals(DqPos *p, char *err, size_t size)
{
    static const int room[2] = {DQ_ENC_STAIRWELL, DQ_ENC_WHITEROOM};
    static const int target[2] = {DQ_E16, DQ_E0};
    static const char confined[2] = {'k', 'K'}, waiting[2] = {'d', 'D'};
    for (int s = 0; s < 2; s++) {
        char state = p->encl[room[s]];
        bool on_grid = count(p, DQ_ROYAL, s) == 1;
        if (state == confined[s]) {
            if (on_grid)
                return fail_with(err, size, "a confined royal is also on the board");
            dq_put(p, target[s], dq_code(DQ_ROYAL, s));
        } else if (state == '-' && on_grid) {
            return fail_with(err, size, "a captured confined royal is on the board");
        } else if (state == waiting[s] && !on_grid) {
            p->royal[s] = DQ_NO_CELL;
        }
    }
    bool lost[2] = {p->royal[0] == DQ_NO_CELL, p->royal[1] == DQ_NO_CELL};
    if (lost[0] && lost[1])
        return fail_with(err, size, "both royals are captured");
    if ((lost[0] || lost[1]) && (!lost[p->side] || (p->flags & DQ_FLAG_PLANTED)))
        return fail_with(err, size, "only the side to move can have lost its royal");
    return true;
}

/* A Watchtower/Castle of `side`, with or without its bird, on cell c. */
static bool tower_on(const DqPos *p, int c, int side)
{
    return p->sq[c] == dq_code(DQ_TOWER, side) || p->sq[c] == dq_code(DQ_TOWERBIRD, side);
}

static bool check_flags(DqPos *p, char *err, size_t size)
{
    unsigned f = p->flags;
    int F = DQ_FOREST, S = DQ_STORM;
    if (((f & (DQ_FLAG_TOWER_A | DQ_FLAG_TOWER_I)) && p->royal[F] != DQ_E1) ||
        ((f & DQ_FLAG_TOWER_A) && !tower_on(p, DQ_A1, F)) ||
        ((f & DQ_FLAG_TOWER_I) && !tower_on(p, DQ_I1, F)))
        return fail_with(err, size, "Towering right without the Prince on e1 and its Watchtower");
    if (((f & (DQ_FLAG_CASTLE_A | DQ_FLAG_CASTLE_I)) && p->royal[S] != DQ_E15) ||
        ((f & DQ_FLAG_CASTLE_A) && !tower_on(p, DQ_A15, S)) ||
        ((f & DQ_FLAG_CASTLE_I) && !tower_on(p, DQ_I15, S)))
        return fail_with(err, size, "Castling right without the Warlord on e15 and its Castle");
    int e6 = DQ_TRAFALGAR_HARBOUR, e10 = DQ_STORM_HARBOUR;
    int green_flag = DQ_VES_PRESENT | DQ_VES_ORIG_FOREST | DQ_VES_FLAGSHIP;
    int red_flag = DQ_VES_PRESENT | DQ_VES_FLAGSHIP;
    if (((f & DQ_FLAG_GREEN_HARBOUR) && (dq_vessel(p, e6) & ~DQ_VES_BOW) != green_flag) ||
        ((f & DQ_FLAG_RED_HARBOUR) && (dq_vessel(p, e10) & ~DQ_VES_BOW) != red_flag))
        return fail_with(err, size, "harbour flag without the flagship in her home harbour");
    int warlord = p->royal[DQ_STORM];
    if ((f & DQ_FLAG_NO_LANDING) &&
        (p->encl[DQ_ENC_STAIRWELL] != 'd' ||
         (warlord != DQ_NO_CELL && dq_geo.kingdom[warlord] == DQ_KINGDOM_F)))
        return fail_with(err, size, "flag d but the Warlord has landed in the Forest");
    if ((f & DQ_FLAG_EMPRESS) &&
        (p->side != DQ_STORM || p->encl[DQ_ENC_WHITEROOM] == 'D' || !count(p, DQ_QUEEN, DQ_STORM)))
        return fail_with(err, size, "flag v needs Storm to move, the Dragon afire and the Queen");
    int red_ship = DQ_VES_PRESENT, d10 = dq_cell(3, 10), f10 = dq_cell(5, 10);
    if ((f & DQ_FLAG_TRIDENT) &&
        (p->side != DQ_STORM || (dq_vessel(p, d10) & ~DQ_VES_BOW) != red_ship ||
         (dq_vessel(p, f10) & ~DQ_VES_BOW) != red_ship || p->sq[d10] || p->sq[f10]))
        return fail_with(err, size,
                         "flag t needs Storm to move and unoccupied Red Ships on d10 "
                         "and f10");
    return true;
}

static bool check_vessels_and_munitions(DqPos *p, char *err, size_t size)
{
    int ships[2] = {0, 0}, flagships[2] = {0, 0};
    for (DqBb v = p->vessels; bb_any(v);) {
        int x = dq_vessel(p, bb_pop(&v)), s = (x & DQ_VES_ORIG_FOREST) != 0;
        if (x & DQ_VES_FLAGSHIP)
            flagships[s]++;
        else
            ships[s]++;
    }
    if (ships[0] > 4 || ships[1] > 4 || flagships[0] > 1 || flagships[1] > 1)
        return fail_with(err, size, "a fleet has more than 4 Ships and 1 Flagship");
    static const int limit[DQ_MUNITIONS] = {2, 2, 4, 3, 3, 3};
    for (int i = 0; i < DQ_MUNITIONS; i++)
        if (p->mun[i] > limit[i])
            return fail_with(err, size, "munition %d exceeds %d", i + 1, limit[i]);
    bool at_work = p->encl[DQ_ENC_LIBRARY] == 'Q';
    if ((!at_work && (p->mun[DQ_MUN_PRINCESS] || p->mun[DQ_MUN_RESERVE])) ||
        (!count(p, DQ_QUEEN, DQ_FOREST) && p->mun[DQ_MUN_QUEEN_WAR]) ||
        (!count(p, DQ_QUEEN, DQ_STORM) && p->mun[DQ_MUN_STORM_QUEEN]) ||
        (!flagships[DQ_FOREST] && p->mun[DQ_MUN_GREEN_CANNON]) ||
        (!flagships[DQ_STORM] && p->mun[DQ_MUN_RED_CANNON]))
        return fail_with(err, size, "munitions held by a holder that does not exist");
    return true;
}

static bool check_ep(DqPos *p, char *err, size_t size)
{
    if (!p->ep)
        return true;
    /* Storm to move: a Dwarf went x2 -> x4 over x3; Forest to move: a Gnome x14 -> x12. */
    int mover = !p->side, fwd = mover == DQ_FOREST ? 9 : -9;
    int passed_rank = mover == DQ_FOREST ? 3 : 13, e = p->ep;
    if (dq_geo.y[e] != passed_rank || p->sq[e] || p->sq[e - fwd] ||
        p->sq[e + fwd] != dq_code(DQ_PAWN, mover))
        return fail_with(err, size, "no two-step over the en-passant cell");
    return true;
}

static bool read_fields(DqPos *p, char *f[], int n, char *err, size_t size)
{
    if (strcmp(f[1], "S") && strcmp(f[1], "F"))
        return fail_with(err, size, "side to move must be S or F");
    p->side = f[1][0] == 'S' ? DQ_STORM : DQ_FOREST;
    static const char *const slots[DQ_ENCLOSURES] = {"DK-", "QF", "01-", "w-",
                                                     "dk-", "yx", "01-", "W-"};
    if (strlen(f[2]) != DQ_ENCLOSURES)
        return fail_with(err, size, "enclosures need 8 characters");
    for (int i = 0; i < DQ_ENCLOSURES; i++) {
        if (!f[2][i] || !strchr(slots[i], f[2][i]))
            return fail_with(err, size, "bad enclosure character '%c'", f[2][i]);
        p->encl[i] = f[2][i];
    }
    static const char pools[] = "HNRhnr";
    if (strcmp(f[3], "-")) {
        int last = 0;
        for (const char *c = f[3]; *c; c++) {
            const char *at = strchr(pools, *c);
            if (!at || (int)(at - pools) < last)
                return fail_with(err, size, "bad pool field '%s'", f[3]);
            last = (int)(at - pools);
            if (++p->pool[last] > 2)
                return fail_with(err, size, "a pool holds at most 2 of a kind");
        }
    }
    static const char flags[] = "AIaiHhdvtP";
    if (strcmp(f[4], "-")) {
        int last = -1;
        for (const char *c = f[4]; *c; c++) {
            const char *at = strchr(flags, *c);
            if (!at || (int)(at - flags) <= last)
                return fail_with(err, size, "bad flags field '%s'", f[4]);
            last = (int)(at - flags);
            p->flags |= (uint16_t)(1u << last);
        }
    }
    if (strlen(f[5]) != DQ_MUNITIONS)
        return fail_with(err, size, "munitions need 6 digits");
    for (int i = 0; i < DQ_MUNITIONS; i++) {
        if (!isdigit((unsigned char)f[5][i]))
            return fail_with(err, size, "munitions need 6 digits");
        p->mun[i] = (uint8_t)(f[5][i] - '0');
    }
    if (strcmp(f[6], "-")) {
        const char *s = f[6];
        int c = dq_parse_cell(&s);
        if (c < 0 || *s || !bb_has(dq_geo.grid, c))
            return fail_with(err, size, "bad en-passant cell '%s'", f[6]);
        p->ep = (uint8_t)c;
    }
    p->halfmove = 0;
    p->fullmove = 1;
    for (int i = 7; i < n && i < 9; i++) {
        char *end;
        if (!isdigit((unsigned char)f[i][0]))
            return fail_with(err, size, "bad move counter '%s'", f[i]);
        long v = strtol(f[i], &end, 10);
        if (*end || v > 1000000 || (i == 8 && v < 1))
            return fail_with(err, size, "bad move counter '%s'", f[i]);
        *(i == 7 ? &p->halfmove : &p->fullmove) = (int32_t)v;
    }
    /* nothing before this position is known: a repetition reaches back as far as the
     * counter of field 8 says */
    p->rep_plies = p->halfmove;
    p->variant = DQ_SWORD; /* §6.11: the text's fallback when a setup omits it */
    if (n == 10) {
        int v = 0;
        while (v < DQ_VARIATIONS && strcmp(f[9], dq_variation_names[v]))
            v++;
        if (v == DQ_VARIATIONS)
            return fail_with(err, size, "variation must be lance, sword or pike");
        p->variant = (uint8_t)v;
    }
    return true;
}

bool dq_fen_read(void *vp, const char *fen, char *err, size_t err_size)
{
    DqPos *p = vp;
    memset(p, 0, sizeof *p);
    p->royal[0] = p->royal[1] = DQ_NO_CELL;
    if (strlen(fen) >= FEN_MAX)
        return fail_with(err, err_size, "position string too long");
    char copy[FEN_MAX], *f[11], *save = NULL;
    strcpy(copy, fen);
    int n = 0;
    for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (n == 10)
            return fail_with(err, err_size, "more than 10 fields");
        f[n++] = t;
    }
    if (n < 7)
        return fail_with(err, err_size,
                         "expected board side enclosures pools flags munitions ep "
                         "[halfmove fullmove [variation]]");
    if (!read_board(p, f[0], err, err_size) || !read_fields(p, f, n, err, err_size) ||
        !check_royals(p, err, err_size) || !check_material(p, err, err_size) ||
        !check_flags(p, err, err_size) || !check_vessels_and_munitions(p, err, err_size) ||
        !check_ep(p, err, err_size))
        return false;
    p->key = dq_key_from_scratch_full(p, &p->sit_key);
    bool over =
        p->royal[0] == DQ_NO_CELL || p->royal[1] == DQ_NO_CELL || (p->flags & DQ_FLAG_PLANTED);
    /* A royal open to an ordinary capture cannot arise: no rule takes a royal that way.
     * A Sword or Crystal threat is kept: it is the position where the side to move has a
     * Direct Capture (§6.9, §11.2). */
    if (!over && dq_royal_capturable(p, !p->side))
        return fail_with(err, err_size, "the side that just moved left its royal attacked");
    p->in_check = dq_royal_attacked(p, p->side);
    return true;
}

/* Writes one cell's force; returns the length. */
static int write_force(int code, char *out)
{
    int n = 0;
    out[n++] = (char)dq_letter(code);
    if (dq_type(code) == DQ_TOWERBIRD)
        out[n++] = '*';
    return n;
}

void dq_fen_write(const void *vp, char *buf, size_t size)
{
    const DqPos *p = vp;
    char out[FEN_MAX];
    int n = 0;
    for (int y = DQ_RANKS; y >= 1; y--) {
        int empty = 0;
        for (int x = 0; x < DQ_FILES; x++) {
            int c = dq_cell(x, y);
            bool vessel = dq_geo.kingdom[c] == DQ_OCEAN && dq_vessel(p, c);
            if (!vessel && !p->sq[c]) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty), empty = 0;
            if (vessel) {
                int v = dq_vessel(p, c), orig = (v & DQ_VES_ORIG_FOREST) != 0;
                out[n++] = '(';
                out[n++] = (v & DQ_VES_FLAGSHIP) ? (orig ? 'F' : 'f') : (orig ? 'S' : 's');
                out[n++] = (char)('0' + (v & DQ_VES_BOW));
                if (p->sq[c])
                    n += write_force(p->sq[c], out + n);
                out[n++] = ')';
            } else {
                n += write_force(p->sq[c], out + n);
            }
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (y > 1)
            out[n++] = '/';
    }
    n += sprintf(out + n, " %c %.8s ", p->side == DQ_STORM ? 'S' : 'F', p->encl);
    static const char pools[] = "HNRhnr", flags[] = "AIaiHhdvtP";
    int start = n;
    for (int i = 0; i < DQ_POOLS; i++)
        for (int k = 0; k < p->pool[i]; k++)
            out[n++] = pools[i];
    if (n == start)
        out[n++] = '-';
    out[n++] = ' ';
    start = n;
    for (int i = 0; i < DQ_FLAG_COUNT; i++)
        if (p->flags & (1u << i))
            out[n++] = flags[i];
    if (n == start)
        out[n++] = '-';
    out[n++] = ' ';
    for (int i = 0; i < DQ_MUNITIONS; i++)
        out[n++] = (char)('0' + p->mun[i]);
    out[n++] = ' ';
    if (p->ep)
        n += dq_cell_name(p->ep, out + n);
    else
        out[n++] = '-';
    snprintf(out + n, sizeof out - (size_t)n, " %d %d %s", p->halfmove, p->fullmove,
             dq_variation_names[p->variant]);
    snprintf(buf, size, "%s", out);
}

static void append(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
    if (*n >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    *n += (size_t)vsnprintf(buf + *n, size - *n, fmt, ap);
    va_end(ap);
}

static void display_cell(const DqPos *p, int c, char *cell, size_t size)
{
    static const char *const bows[8] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
    snprintf(cell, size, " .  ");
    if (dq_geo.kingdom[c] == DQ_OCEAN) {
        int v = dq_vessel(p, c);
        if (v) {
            int orig = (v & DQ_VES_ORIG_FOREST) != 0;
            char kind = (v & DQ_VES_FLAGSHIP) ? (orig ? 'F' : 'f') : (orig ? 'S' : 's');
            snprintf(cell, size, "%c%c%-2s", kind, p->sq[c] ? dq_letter(p->sq[c]) : ':',
                     bows[v & DQ_VES_BOW]);
        } else {
            snprintf(cell, size, " %c  ", c == DQ_E8 ? '@' : '~');
        }
    } else if (p->sq[c]) {
        snprintf(cell, size, " %c%c ", dq_letter(p->sq[c]),
                 dq_type(p->sq[c]) == DQ_TOWERBIRD ? '*' : ' ');
    }
}

void dq_display(const void *vp, char *buf, size_t size)
{
    const DqPos *p = vp;
    size_t n = 0;
    char e16 = p->encl[DQ_ENC_STAIRWELL], e0 = p->encl[DQ_ENC_WHITEROOM];
    append(buf, size, &n, "                   e16: %s\n",
           e16 == 'k'   ? "Warlord (confined)"
           : e16 == 'd' ? "Elder Serpent"
                        : "-");
    for (int y = DQ_RANKS; y >= 1; y--) {
        append(buf, size, &n, " %2d ", y);
        for (int x = 0; x < DQ_FILES; x++) {
            char cell[16];
            display_cell(p, dq_cell(x, y), cell, sizeof cell);
            append(buf, size, &n, "%s", cell);
        }
        append(buf, size, &n, "\n");
    }
    append(buf, size, &n, "     a   b   c   d   e   f   g   h   i\n");
    append(buf, size, &n, "                   e0: %s\n",
           e0 == 'K'   ? "Prince (confined)"
           : e0 == 'D' ? "Ice Dragon"
                       : "-");
    append(buf, size, &n, " enclosures %.8s  munitions %d%d%d%d%d%d\n", p->encl, p->mun[0],
           p->mun[1], p->mun[2], p->mun[3], p->mun[4], p->mun[5]);
}
