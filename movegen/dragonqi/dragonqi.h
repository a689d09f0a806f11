/*
 * DragonQi position and move (rules for players: docs/rules/dragonqi.md).
 *
 * Sides: Storm = P1 = 0 (moves first, lower-case letters), Forest = P2 = 1 (upper-case).
 *
 * Force codes: code = type << 1 | side, 0 = nothing. Types are side-neutral where the two
 * sides have counterparts (Watchtower and Castle are DQ_TOWER); a type that only one side
 * has (Storm Empress, Red Witch, Woodland Princess, the three fire creatures) is only valid
 * with that side. A Watchtower/Castle holding its unreleased bird is its own type.
 *
 * DqPos (copied per ply, 376 bytes):
 *   men[s]    cells holding a force of side s: land forces, occupants of vessels, and the
 *             confined royal on e0/e16 (so rays and jumps that end there see him);
 *   vessels   cells holding a vessel (ocean only);
 *   sq[c]     force code on cell c (land force, occupant, or confined royal);
 *   ves[c - DQ_OCEAN_FIRST]  vessel byte: 0 = none, else DQ_VES_PRESENT | original side
 *             << 4 | flagship << 3 | bow (0-7 = N ... NW). Current colour = occupant's side
 *             if occupied, else the original side (§4.3);
 *   count[code]  forces of each code on the grid (e0/e16 included);
 *   royal[s]  cell of side s's royal (Warlord, Prince), DQ_NO_CELL once captured;
 *   encl[8]   field 3 characters: whiteroom, library, desk, scholarstower, stairwell,
 *             centraldungeon, jailersoffice, stormtower;
 *   pool[6]   exchange pools in the order H N R h n r (§6.6);
 *   mun[6]    arrows and cannonballs in field-6 order;
 *   flags     DQ_FLAG_* (field 5, plus P for a planted flag);
 *   ep        the cell passed by a two-step on the previous ply, 0 if none;
 *   key       Zobrist key of the complete state except the two move counters;
 *   sit_key   the §8 repetition "situation": the part of `key` that excludes bows, vessels'
 *             original colours, the on-alert bit of the Librarian/Jailer, pools, flags,
 *             munitions, ep and variation;
 *   in_check  whether the side to move's royal is attacked: 0/1 once known (set by fen_read
 *             and make_move), -1 on positions built for legality tests. Not part of a key;
 *   rep_plies plies since the last move after which no earlier §8 situation can recur (a
 *             capture or sinking, a transformation, a Dwarf/Gnome leaving land, an Elf/Troll
 *             changing rank): how far back a repetition can reach. Vessel actions do not end
 *             it, unlike the 100-ply counter. Not part of a key.
 */
#pragma once

#include "core/game.h"
#include "movegen/dragonqi/board.h"

enum { DQ_STORM = P1, DQ_FOREST = P2 };

typedef enum {
    DQ_NONE,
    DQ_ROYAL,     /* K TrueBorn Prince, k Dark Warlord */
    DQ_QUEEN,     /* Q TrueBorn Queen at War, q Storm Queen */
    DQ_EMPRESS,   /* v (Storm only) */
    DQ_WITCH,     /* x (Storm only) */
    DQ_PRINCESS,  /* F (Forest only) */
    DQ_DRAGON,    /* D Ice Dragon Afire (Forest only) */
    DQ_ELDER,     /* d Elder Winged Serpent Afire (Storm only) */
    DQ_YOUNGER,   /* y Younger Winged Serpent Afire (Storm only) */
    DQ_PAWN,      /* P Dwarf, p Gnome */
    DQ_ELF,       /* E Elf, e Troll */
    DQ_DEFENDER,  /* U Palace Defender, u Citadel Watcher */
    DQ_GUARD,     /* G Guard, g Warder */
    DQ_KNIGHT,    /* N Green Knight, n Red Knight */
    DQ_LKNIGHT,   /* H White Knight, h Black Knight */
    DQ_CROSSBOW,  /* C Crossbowman, c Catapult */
    DQ_SIEGE,     /* M Siege Director, m Red Siege Machine */
    DQ_BUCCANEER, /* B Buccaneer, b Pirate */
    DQ_RANGER,    /* R Ranger, r Raider */
    DQ_TOWER,     /* T Watchtower, t Castle (bird released or lost) */
    DQ_TOWERBIRD, /* T* / t*: with the unreleased bird */
    DQ_FORTRESS,  /* O Green Fortress, o Red Fortress */
    DQ_BIRD,      /* A Albatross, a Raven (released) */
    DQ_SCEPTRE,   /* Z Green Sceptre, z Red Sceptre */
    DQ_TALISMAN,  /* J Forest Talisman, j Storm Talisman */
    DQ_WIZARD,    /* W Wizard Unchained, w Magician Unchained */
    DQ_LIBRARIAN, /* L Librarian, l Jailer (on the board) */
    DQ_TYPES
} DqType;

enum { DQ_CODES = DQ_TYPES * 2 };

static inline int dq_code(int type, int side) { return type << 1 | side; }
static inline int dq_type(int code) { return code >> 1; }
static inline int dq_side(int code) { return code & 1; }

enum {
    DQ_VES_PRESENT = 0x20,
    DQ_VES_ORIG_FOREST = 0x10,
    DQ_VES_FLAGSHIP = 0x08,
    DQ_VES_BOW = 0x07,
};

/* Field 5 flags, in field order, then P (a planted flag ends the game, §13.7). */
enum {
    DQ_FLAG_TOWER_A = 1 << 0,       /* A */
    DQ_FLAG_TOWER_I = 1 << 1,       /* I */
    DQ_FLAG_CASTLE_A = 1 << 2,      /* a */
    DQ_FLAG_CASTLE_I = 1 << 3,      /* i */
    DQ_FLAG_GREEN_HARBOUR = 1 << 4, /* H */
    DQ_FLAG_RED_HARBOUR = 1 << 5,   /* h */
    DQ_FLAG_NO_LANDING = 1 << 6,    /* d */
    DQ_FLAG_EMPRESS = 1 << 7,       /* v */
    DQ_FLAG_TRIDENT = 1 << 8,       /* t */
    DQ_FLAG_PLANTED = 1 << 9,       /* P */
    DQ_FLAG_COUNT = 10,
};

enum {
    DQ_ENC_WHITEROOM,
    DQ_ENC_LIBRARY,
    DQ_ENC_DESK,
    DQ_ENC_SCHOLARS,
    DQ_ENC_STAIRWELL,
    DQ_ENC_DUNGEON,
    DQ_ENC_JAILER,
    DQ_ENC_STORMTOWER,
    DQ_ENCLOSURES
};

enum { DQ_POOL_H, DQ_POOL_N, DQ_POOL_R, DQ_POOL_h, DQ_POOL_n, DQ_POOL_r, DQ_POOLS };

enum {
    DQ_MUN_PRINCESS,
    DQ_MUN_RESERVE,
    DQ_MUN_QUEEN_WAR,
    DQ_MUN_STORM_QUEEN,
    DQ_MUN_GREEN_CANNON,
    DQ_MUN_RED_CANNON,
    DQ_MUNITIONS
};

enum { DQ_LANCE, DQ_SWORD, DQ_PIKE, DQ_VARIATIONS };

typedef struct DqPos {
    DqBb men[2];
    DqBb vessels;
    uint64_t key, sit_key;
    uint8_t sq[DQ_CELLS];
    uint8_t ves[DQ_OCEAN_CELLS];
    uint8_t count[DQ_CODES];
    uint8_t royal[2];
    char encl[DQ_ENCLOSURES];
    uint8_t pool[DQ_POOLS];
    uint8_t mun[DQ_MUNITIONS];
    uint16_t flags;
    uint8_t side, ep, variant;
    int8_t in_check;
    int32_t halfmove, fullmove, rep_plies;
} DqPos;

/*
 * Move layout (64 bits; never 0 because the kind is never 0):
 *   bits  0- 7  from: origin cell (occupants use their vessel's cell; springing: e0 for the
 *               Librarian, e16 for the Jailer; Trident: d10)
 *   bits  8-15  to: destination / target cell (realign: the vessel's own cell; Trident: f10)
 *   bits 16-19  kind (DQ_MK_*)
 *   bits 20-28  /B: palace cells (index 3 * (rank - first palace rank) + file - d) whose
 *               Guards/Warders become Buccaneers/Pirates
 *   bits 29-31  /X exchange (DQ_X_*)
 *   bit  32     /A interchange          bit 33  /E Storm Empress
 *   bits 34-36  bow direction (realign; Trident: the d10 ship)
 *   bits 37-39  second direction (Trident: the f10 ship)
 *   bits 40-45  code of the moving force (shooter, vessel occupant or 0 for vessel actions)
 *   bits 46-51  code of the force captured on `to` (the Gnome/Dwarf for /EP), 0 if none
 *   bit  52     the move ends the game (Direct Capture or planting)
 *   bit  53     the move sinks a vessel (ram, cannon shot)
 * Bits 40-52 follow from the position, so they never make two moves of one position differ.
 */
enum {
    DQ_MK_NORMAL = 1, /* step, slide, leap, flight, glide, capture, jump, embark, board... */
    DQ_MK_EP,         /* en-passant capture, /EP */
    DQ_MK_TOWERING,   /* Towering/Castling: the royal's from/to */
    DQ_MK_ARROW,      /* <from>x<to>, shooter stays */
    DQ_MK_RELEASE,    /* <tower>^<to> */
    DQ_MK_SPRING,     /* L@<to> / l@<to> */
    DQ_MK_PLANT,      /* <cell>=F */
    DQ_MK_SAIL,       /* <from>~<to>: sail or ram */
    DQ_MK_REALIGN,    /* <from>~<DIR> */
    DQ_MK_FIRE,       /* <from>x<to> by a flagship */
    DQ_MK_TRIDENT,    /* d10~D1&f10~D2 */
};

enum { DQ_X_NONE, DQ_X_CAPTIVE, DQ_X_LKNIGHT, DQ_X_KNIGHT, DQ_X_RANGER };

static inline int dq_move_from(Move m) { return (int)(m & 0xFF); }
static inline int dq_move_to(Move m) { return (int)((m >> 8) & 0xFF); }
static inline int dq_move_kind(Move m) { return (int)((m >> 16) & 0xF); }
static inline int dq_move_guards(Move m) { return (int)((m >> 20) & 0x1FF); }
static inline int dq_move_exchange(Move m) { return (int)((m >> 29) & 7); }
static inline bool dq_move_afire(Move m) { return (m >> 32) & 1; }
static inline bool dq_move_empress(Move m) { return (m >> 33) & 1; }
static inline int dq_move_dir1(Move m) { return (int)((m >> 34) & 7); }
static inline int dq_move_dir2(Move m) { return (int)((m >> 37) & 7); }
static inline int dq_move_piece(Move m) { return (int)((m >> 40) & 0x3F); }
static inline int dq_move_captured(Move m) { return (int)((m >> 46) & 0x3F); }
static inline bool dq_move_wins(Move m) { return (m >> 52) & 1; }
static inline bool dq_move_sinks(Move m) { return (m >> 53) & 1; }

static inline Move dq_move_make(int kind, int from, int to, int piece, int captured)
{
    return (Move)from | (Move)to << 8 | (Move)kind << 16 | (Move)piece << 40 | (Move)captured << 46;
}
static inline Move dq_move_with_guards(Move m, int mask) { return m | (Move)mask << 20; }
static inline Move dq_move_with_exchange(Move m, int x) { return m | (Move)x << 29; }
static inline Move dq_move_with_afire(Move m) { return m | (Move)1 << 32; }
static inline Move dq_move_with_empress(Move m) { return m | (Move)1 << 33; }
static inline Move dq_move_with_win(Move m) { return m | (Move)1 << 52; }
static inline Move dq_move_with_sinking(Move m) { return m | (Move)1 << 53; }
static inline Move dq_move_with_dirs(Move m, int d1, int d2)
{
    return m | (Move)d1 << 34 | (Move)d2 << 37;
}

/* Does a force of this code landing on `to` from `from` change by entering the opposing
 * land from the ocean (§6.7: Dwarf/Gnome, Crossbowman/Catapult, Buccaneer/Pirate,
 * Watchtower/Castle)? */
static inline bool dq_enters(int code, int from, int to)
{
    int t = dq_type(code);
    return dq_geo.kingdom[from] == DQ_OCEAN && dq_geo.kingdom[to] == !dq_side(code) &&
           (t == DQ_PAWN || t == DQ_CROSSBOW || t == DQ_BUCCANEER || t == DQ_TOWER);
}

/* Can a force of this code plant its side's flag (§6.8: the Prince, the Warlord, the Red
 * Witch)? */
static inline bool dq_flag_bearer(int code)
{
    return dq_type(code) == DQ_ROYAL || code == dq_code(DQ_WITCH, DQ_STORM);
}

/* The two cells where a flag-bearer of `side` plants its flag (§6.8), i = 0 the lower. */
static inline int dq_banner_cell(int side, int i)
{
    return (side == DQ_FOREST ? DQ_E12 : DQ_E3) + i * DQ_FILES;
}

/* Does a force of this code standing on c threaten to plant its flag next move (§6.8: the
 * Prince on e12/e13, the Warlord or the Red Witch on e3/e4)? */
static inline bool dq_on_banner(int code, int c)
{
    int side = dq_side(code);
    return dq_flag_bearer(code) && (c == dq_banner_cell(side, 0) || c == dq_banner_cell(side, 1));
}

/* The distance from c to the nearer covering cell of the Banner where side plants. */
static inline int dq_banner_distance(int side, int c)
{
    int a = dq_distance(c, dq_banner_cell(side, 0)), b = dq_distance(c, dq_banner_cell(side, 1));
    return a < b ? a : b;
}

/* Does a flag-bearer of this code come from farther away to one step from a covering cell
 * of the enemy Banner (planting two moves away; a landing on the beach before it, too)? */
static inline bool dq_approaches_banner(int code, int from, int to)
{
    int side = dq_side(code);
    return dq_flag_bearer(code) && dq_banner_distance(side, to) == 1 &&
           dq_banner_distance(side, from) >= 2;
}

/* Noisy moves (for the search): captures (arrows, en passant and sinkings included),
 * exchanges, promotions on landing, game-winning moves, and a flag-bearer's step onto the
 * enemy Banner or to one step from it (win threats, like checks in chess). */
static inline bool dq_move_noisy(Move m)
{
    int kind = dq_move_kind(m), piece = dq_move_piece(m), from = dq_move_from(m),
        to = dq_move_to(m);
    return dq_move_captured(m) || kind == DQ_MK_EP || kind == DQ_MK_ARROW || dq_move_exchange(m) ||
           dq_move_wins(m) || dq_move_sinks(m) ||
           (kind == DQ_MK_NORMAL && (dq_enters(piece, from, to) || dq_on_banner(piece, to) ||
                                     dq_approaches_banner(piece, from, to)));
}

/* The cell of the Gnome/Dwarf an en-passant capture by `side` landing on `to` takes: one
 * rank behind the passed cell, seen from the capturer (§6.10). */
static inline int dq_ep_victim(int side, int to)
{
    return side == DQ_FOREST ? to - DQ_FILES : to + DQ_FILES;
}

/* Helpers on vessels. */
static inline int dq_vessel(const DqPos *p, int c) { return p->ves[c - DQ_OCEAN_FIRST]; }
static inline int dq_vessel_colour(const DqPos *p, int c)
{
    return p->sq[c] ? dq_side(p->sq[c]) : (dq_vessel(p, c) & DQ_VES_ORIG_FOREST) != 0;
}

/* The vessels as the forces of one side see them (§4.3, §4.5, §4.9). */
typedef struct DqSea {
    DqBb vessels;   /* every vessel */
    DqBb occupied;  /* vessels with an occupant */
    DqBb boardable; /* vessels its forces may board: all but an opposing Flagship that has
                       never left her home harbour */
    DqBb own_free;  /* unoccupied vessels of its own fleet: where its forces embark */
    DqBb coloured;  /* vessels of its current colour: the ones it sails, rams and fires */
} DqSea;

/* ocean.c */
void dq_sea_of(const DqPos *p, int side, DqSea *s);
/* The moves of the force aboard the vessel on water cell c by its own powers (§4.5.3-4,
 * §5): returns the captures among `prey` and stores the quiet destinations (boarding an
 * unoccupied vessel, disembarking onto an empty cell); `s` is the mover's view. */
DqBb dq_aboard_targets(const DqPos *p, int c, const DqSea *s, DqBb prey, DqBb *quiet);

/* May `attacker` capture `victim` at all (§4.2)? Not an own force, never the Princess
 * (Northern Light), the Prince not by the Warlord (Forest Sword), the Red Witch not by the
 * Prince (Dark Crystal), the Librarian/Jailer not by the creatures his shield stops. */
bool dq_can_capture(int attacker, int victim);

/* position.c: Zobrist tables and the only writers of the board arrays. */
void dq_position_init(void);
void dq_put(DqPos *p, int c, int code);
void dq_take(DqPos *p, int c);
void dq_put_vessel(DqPos *p, int c, int vessel);
uint64_t dq_key_from_scratch_full(const DqPos *p, uint64_t *sit_key);
void dq_key_flags(DqPos *p, unsigned old_flags);
void dq_key_enclosure(DqPos *p, int slot, char value);
void dq_key_pool(DqPos *p, int pool, int value);
void dq_key_munition(DqPos *p, int index, int value);
void dq_key_ep(DqPos *p, int ep);
uint64_t dq_key_side(void);

/* attack.c (§7). */
void dq_attack_init(void);
/* Can a force of this code capture at a distance along orthogonal or diagonal lines (slide,
 * cannon-style jump or flight), so that forces between it and its target matter? */
bool dq_attacks_along(int code, bool diagonal);
bool dq_royal_attacked(const DqPos *p, int side);
/* Is the Prince (Forest) or Warlord (Storm) of `side`, standing on `cell`, attacked by the
 * other side's capture patterns and the Crystal (items 1-3 and 5 of §7.1, not the Sword). */
bool dq_cell_attacked(const DqPos *p, int cell, int side);
/* Items 1-3 only: the royal could be taken by an ordinary capture, ram or cannon shot. */
bool dq_royal_capturable(const DqPos *p, int side);
/* Item 4: the Sword threatens the Warlord. */
bool dq_sword_threat(const DqPos *p);

static inline bool dq_in_check(const DqPos *p)
{
    return p->in_check >= 0 ? p->in_check : dq_royal_attacked(p, p->side);
}

/* movegen.c / special.c: legal moves and the hypothetical moves of §7.1. */
/* The same list as dq_gen_moves, every move tested by making it (no legality shortcut):
 * the slow reference the tests compare the generator with. */
int dq_gen_legal_unshortened(const DqPos *p, Move *moves);
/* Is `m` legal, for a move of kind DQ_MK_NORMAL without the Empress's doubling whose origin
 * is a land cell holding a force of the side to move? Only that force's moves are listed
 * (such a move comes from no other part of the generator). */
bool dq_force_move_legal(const DqPos *p, Move m);
/* Moves the royal of `side` alone to `cell` and tests it (Towering paths, §7.1). */
bool dq_royal_safe_at(const DqPos *p, int side, int cell);
/* Towering/Castling toward wing 0 (a-file) or 1 (i-file): the preconditions of §6.1
 * (ready), and also the final position's safety (legal). */
bool dq_towering_ready(const DqPos *p, int side, int wing);
bool dq_towering_legal(const DqPos *p, int side, int wing);
/* Moves royal and tower (the tower becomes the Sceptre or Storm Talisman). */
void dq_towering_board(DqPos *q, int side, int wing);
int dq_palace_index(int side, int c);

/* make.c */
/* Removes the force on c as captured, with its consequences (§4.2, §6.5, §10 field 6). */
void dq_capture_at(DqPos *q, int c);
/* The force `code` has arrived on `to`: the Crystal takes the Prince beside the Red Witch;
 * returns true if the Prince has arrived beside the Warlord (a pending Sword, §6.9). */
bool dq_arrive(DqPos *q, int code, int to);
/* vessel.c: a vessel action's effects (returns the pending Sword like dq_make_core), and
 * the target of a cannon shot along direction d (DQ_NO_CELL if none; §4.8). */
bool dq_make_vessel(DqPos *q, Move m);
int dq_cannon_target(int c, int d, const DqSea *s, DqBb coloured);
/* Applies a move; returns true if it is a Sword Direct Capture whose Warlord is still on the
 * board (the caller tests legality, then calls dq_finish_sword). */
bool dq_make_core(const DqPos *p, Move m, DqPos *q);
void dq_finish_sword(DqPos *q);

/* events.c: the great events' effects (§6.2-6.4). dq_make_afire interchanges the force
 * that has just landed on `to` (the Prince, the Warlord or the Red Witch) with its fire
 * creature, with every consequence; it returns true when the Prince, now on e0, is beside
 * the Warlord (a pending Sword, §6.2.1). */
bool dq_make_afire(DqPos *q, int to);
void dq_make_empress(DqPos *q);
void dq_make_spring(DqPos *q, Move m);
void dq_make(const void *pos, Move m, void *out);

/* notation.c */
void dq_move_to_str(const void *pos, Move m, char *buf);
Move dq_parse_move(const void *pos, const char *str);

/* fen.c */
bool dq_fen_read(void *pos, const char *fen, char *err, size_t err_size);
void dq_fen_write(const void *pos, char *buf, size_t size);
void dq_display(const void *pos, char *buf, size_t size);
int dq_letter(int code);
extern const char *const dq_variation_names[DQ_VARIATIONS];

/* result.c */
Result dq_result(const void *pos);
/* How a finished game ended (§8): the winner (-1 for a truce), the type as the RESULT line
 * names it (DIRECT, FLAG, LOCKUP, STALEMATE, REPETITION, FIFTY) and the game points of each
 * side in halves (indexed by side). `fifty`: a truce the position does not show was reached
 * by the 100-ply rule rather than by repetition. */
typedef struct DqOutcome {
    int winner;
    const char *type;
    int points_halves[2];
} DqOutcome;
void dq_outcome(const void *pos, bool fifty, DqOutcome *o);
void dq_result_info(const void *pos, char *buf, size_t size);
void dq_points(const void *pos, int halves[2]);
extern const GameScoring dq_scoring;

/* hooks.c: the rules as the Game table (games/dragonqi.c) uses them */
void dq_init(void);
int dq_gen_moves(const void *pos, Move *moves);
bool dq_is_noisy(const void *pos, Move m);
int dq_gen_noisy(const void *pos, Move *moves);
int dq_gen_quiet(const void *pos, Move *moves);
bool dq_has_legal_move(const void *pos);
bool dq_move_is_legal(const void *pos, Move m);
uint32_t dq_move_index(const void *pos, Move m);
void dq_make_null(const void *pos, void *out);
bool dq_threat(const void *pos);
uint64_t dq_key(const void *pos);
uint64_t dq_key_from_scratch(const void *pos);
int dq_side_to_move(const void *pos);
int dq_halfmove(const void *pos);
uint64_t dq_repetition_key(const void *pos);
int dq_repetition_plies(const void *pos);

/* describe.c */
extern const struct GameDescription dragonqi_description;
