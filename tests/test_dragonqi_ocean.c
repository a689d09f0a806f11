/*
 * DragonQi on Trafalgar Ocean: one hand-built position per rule of §4.3-4.10, §5 (every
 * force's water element) and §7.1 items 2-5, with the complete legal-move list worked out
 * from docs/rules/dragonqi.md (never pasted from the engine).
 *
 * Vessels are DFEN tokens followed by their cell: "(S0K)c6" is a Green Ship, bow N, with
 * the Prince aboard. A vessel re-aligns toward every existing neighbour but her bow (§4.8),
 * so a vessel inside the ocean has seven re-alignments; they are written out. Landings of
 * the Prince, the Warlord and the Red Witch that may set a creature afire (§6.2) come
 * twice, plain and with `/A`.
 */
#include <stdlib.h>

#include "engine/engine.h"
#include "movegen/dragonqi/dragonqi.h"
#include "tests/helpers.h"
#include "tests/test_dragonqi.h"

#define PRINCE4 "e1d1 e1f1 e1d2 e1f2 "
#define WARLORD5 "e15d15 e15f15 e15d14 e15e14 e15f14 "
#define PLAIN_F "F " DQT_PLAIN
#define PLAIN_S "S " DQT_PLAIN

typedef struct OceanCase {
    const char *rule, *pieces, *fields, *moves;
} OceanCase;

static const OceanCase cases[] = {
    /* --- vessel actions (§4.8) --- */
    {"Sail along the bow, re-align to the seven other directions", "Ke1 Fe2 ke15 (S0)c8", PLAIN_F,
     PRINCE4 "c8~c9 c8~NE c8~E c8~SE c8~S c8~SW c8~W c8~NW"},
    {"A bow on the Kraken's Lair neither sails nor rams (§4.10)", "Ke1 Fe2 ke15 (S2)d8", PLAIN_F,
     PRINCE4 "d8~N d8~NE d8~SE d8~S d8~SW d8~W d8~NW"},
    /* a6: the bow on land a5 gives no sail; W, SW, NW lie off the board */
    {"A bow on land; no re-alignment off the board", "Ke1 Fe2 ke15 (S4)a6", PLAIN_F,
     PRINCE4 "a6~N a6~NE a6~E a6~SE"},
    {"Ram an unoccupied vessel of the other fleet", "Ke1 Fe2 ke15 (S2)b8 (s4)c8", PLAIN_F,
     PRINCE4 "b8~c8 b8~N b8~NE b8~SE b8~S b8~SW b8~W b8~NW"},
    /* c8's Red Ship carries a Dwarf, so she is green: b8 cannot ram her, and she sails for
     * Forest; the Dwarf has no move (c9, b9, d9 are empty water) */
    {"A commandeered vessel is of her occupant's colour", "Ke1 Fe2 ke15 (S2)b8 (s4P)c8", PLAIN_F,
     PRINCE4 "b8~N b8~NE b8~SE b8~S b8~SW b8~W b8~NW "
             "c8~c7 c8~N c8~NE c8~E c8~SE c8~SW c8~W c8~NW"},
    {"Ram a vessel of one's own fleet commandeered by the enemy", "ke15 Ke1 Fe2 (s0)d7 (s4N)d8",
     PLAIN_S, WARLORD5 "d7~d8 d7~NE d7~E d7~SE d7~S d7~SW d7~W d7~NW"},
    /* §11.2: screen d7 (occupied), c7 empty, b7 a Red Ship; the bow points at e8; the
     * Dwarf aboard has no move (e8 is never boarded, d8 f8 are empty) */
    {"Cannon: one occupied screen, then the first vessel, of the other colour",
     "Ke1 Fe2 ke15 (F0P)e7 (s0p)d7 (s0)b7", "F DQ0wdy0W - - 000030 - 0 1 lance",
     PRINCE4 "e7~NE e7~E e7~SE e7~S e7~SW e7~W e7~NW e7xb7"},
    /* west: the first vessel d7 is unoccupied, no shot; east: a Storm-occupied screen on
     * f7, then the Red Ship on h7 */
    {"Cannon: no shot over an unoccupied screen; a screen of either colour",
     "Ke1 Fe2 ke15 (F0P)e7 (s0)d7 (s0)b7 (s4p)f7 (s0)h7", "F DQ0wdy0W - - 000030 - 0 1 lance",
     PRINCE4 "e7~NE e7~E e7~SE e7~S e7~SW e7~W e7~NW e7xh7"},
    /* bow NE fires NW (d8 screen, c9 empty, b10 target) and SE (f6 empty, g5 land: the
     * line ends); the Dwarf aboard takes the Gnome on d8 diagonally forward */
    {"Cannon: diagonal lines of fire at right angles to the bow",
     "Ke1 Fe2 ke15 (F1P)e7 (s4p)d8 (s4)b10", "F DQ0wdy0W - - 000030 - 0 1 lance",
     PRINCE4 "e7~f8 e7~N e7~E e7~SE e7~S e7~SW e7~W e7~NW e7xb10 e7d8"},
    {"Cannon: an unoccupied Flagship does not fire", "Ke1 Fe2 ke15 (F0)e7 (s0p)d7 (s0)b7",
     "F DQ0wdy0W - - 000030 - 0 1 lance", PRINCE4 "e7~NE e7~E e7~SE e7~S e7~SW e7~W e7~NW"},
    {"Cannon: a Flagship without cannonballs does not fire", "Ke1 Fe2 ke15 (F0P)e7 (s0p)d7 (s0)b7",
     PLAIN_F, PRINCE4 "e7~NE e7~E e7~SE e7~S e7~SW e7~W e7~NW"},
    /* a7's bow W points off the board (she sailed there): no sail, five re-alignments */
    {"A bow pointing off the board after sailing to the edge", "Ke1 Fe2 ke15 (S6)a7", PLAIN_F,
     PRINCE4 "a7~N a7~NE a7~E a7~SE a7~S"},
    /* --- home harbours (§4.9) --- */
    /* the Gnome aboard e7 may not board the Green Flagship still in Trafalgar Harbour
     * (flag H); his ship may ram her */
    {"Flagship immunity: no boarding, but ramming", "ke15 Ke1 Fe2 (s4p)e7 (F0)e6",
     "S DQ0wdy0W - H 000000 - 0 1 lance", WARLORD5 "e7~e6 e7~N e7~NE e7~E e7~SE e7~SW e7~W e7~NW"},
    {"A Flagship back in her harbour has no immunity", "ke15 Ke1 Fe2 (s4p)e7 (F0)e6", PLAIN_S,
     WARLORD5 "e7e6 e7~e6 e7~N e7~NE e7~E e7~SE e7~SW e7~W e7~NW"},
    /* Knight on d8: c10 e10 b9 f9 b7 f7 c6 e6; only e10 holds a vessel */
    {"Flagship immunity: no boarding with a capture", "Ke1 Fe2 ke15 (S0N)d8 (f4p)e10",
     "F DQ0wdy0W - h 000000 - 0 1 lance", PRINCE4 "d8~d9 d8~NE d8~E d8~SE d8~S d8~SW d8~W d8~NW"},
    {"Boarding with a capture once the Flagship has left", "Ke1 Fe2 ke15 (S0N)d8 (f4p)e10", PLAIN_F,
     PRINCE4 "d8e10 d8~d9 d8~NE d8~E d8~SE d8~S d8~SW d8~W d8~NW"},
    /* the Knight on d4 embarks on e6; its side's immunity is no bar to its own forces */
    {"Own forces embark on their Flagship in harbour", "Ke1 Fe2 ke15 Nd4 (F0)e6",
     "F DQ0wdy0W - H 000000 - 0 1 lance",
     PRINCE4 "d4b3 d4b5 d4c2 d4f3 d4f5 d4e6 e6~e7 e6~NE e6~E e6~SE e6~S e6~SW e6~W e6~NW"},
    /* --- embarking (§4.5.2) --- */
    /* c5: an own unoccupied Ship ahead; g5: a Red Ship ahead; never diagonally onto water */
    {"Dwarf embarks straight ahead on an own unoccupied vessel",
     "Ke1 Fe2 ke15 Pc5 (S0)c6 Pg5 (s4)g6 (s4p)d6", PLAIN_F,
     PRINCE4 "c5c6 c6~c7 c6~NE c6~E c6~SE c6~S c6~SW c6~W c6~NW"},
    /* the Crossbowman on i5 slides over empty i6 i7 to the Ship on i8; the Trolls screen
     * nothing worth a jump (nothing beyond them) */
    {"Crossbowman embarks on the first vessel of its slide", "Ke1 Fe2 ke15 Ci5 eh5 ei4 (S0)i8",
     PLAIN_F, PRINCE4 "i5i8 i8~i9 i8~S i8~SW i8~W i8~NW"},
    {"A vessel of the other fleet first on the ray bars embarking",
     "Ke1 Fe2 ke15 Ci5 eh5 ei4 (s4)i7 (S0)i8", PLAIN_F, PRINCE4 "i8~i9 i8~S i8~SW i8~W i8~NW"},
    /* leaps a4 b3 d3 e4 (land), b7 (own, free), d7 (Red), a6 (own, occupied), e6 (empty) */
    {"Knight embarks by leaping onto an own unoccupied vessel",
     "Ke1 Fe2 ke15 Nc5 (S0)b7 (s4)d7 (S0P)a6", PLAIN_F,
     PRINCE4 "c5a4 c5b3 c5d3 c5e4 c5b7 a6~a7 a6~NE a6~E a6~SE a6~S "
             "b7~b8 b7~NE b7~E b7~SE b7~S b7~SW b7~W b7~NW"},
    /* NE: c5, then d6 e7 empty water, the Ship on f8 */
    {"Buccaneer embarks along a diagonal", "Ke1 Fe2 ke15 Bb4 (S0)f8", PLAIN_F,
     PRINCE4 "b4c5 b4a5 b4c3 b4d2 b4a3 b4f8 f8~f9 f8~NE f8~E f8~SE f8~S f8~SW f8~W f8~NW"},
    /* §5.5: S finds e10 empty (no move over water); SW finds the Red Ship on c10; SE the
     * Green Ship on g10 (not hers) */
    {"Storm Queen embarks only onto a Red vessel on the first water cell",
     "qe12 ki15 Ke1 Fe2 (s4)e9 (s4)c10 (S0)g10", PLAIN_S,
     "i15h15 i15h14 i15i14 e12e13 e12e14 e12e15 e12e11 e12f13 e12g14 e12h15 e12d13 e12c14 "
     "e12b15 e12f12 e12g12 e12h12 e12i12 e12d12 e12c12 e12b12 e12a12 e12f11 e12d11 e12c10 "
     "e9~N e9~NE e9~E e9~SE e9~SW e9~W e9~NW c10~c9 c10~N c10~NE c10~E c10~SE c10~SW "
     "c10~W c10~NW"},
    /* --- forces aboard (§4.5.3-4, §5) --- */
    /* leaps a8 (board a Red Ship), a10 (take the Gnome aboard), b11 (land), d11 (take the
     * Gnome on land); b7 d7 empty water, e8 the Lair, e10 empty */
    {"Knight aboard: boards, takes, disembarks into either kingdom",
     "Ke1 Fe2 ke15 (S0N)c9 (s4p)a10 (s0)a8 pd11", PLAIN_F,
     PRINCE4 "c9a10 c9a8 c9b11 c9d11 c9~c10 c9~NE c9~E c9~SE c9~S c9~SW c9~W c9~NW"},
    /* NE over e9 f10 to g11, h12 taken (a Ranger); NW boards c9; SE takes the Gnome on
     * f6; SW over c7 b6 onto a5, own land */
    {"Buccaneer aboard: the first vessel, or the shore over empty water",
     "Ke1 Fe2 ke15 (S0B)d8 ph12 (s0)c9 (s0p)f6", PLAIN_F,
     PRINCE4 "d8g11 d8h12 d8c9 d8f6 d8a5 d8~d9 d8~NE d8~E d8~SE d8~S d8~SW d8~W d8~NW"},
    /* N: screen c9 (occupied), empty water, land: the Gnome on c12 (a Siege Director);
     * W: screen b8, then a8 (the occupied Red Flagship); S and E: slides board c6 and f8 */
    {"Crossbowman aboard: jumps over an occupied vessel, slides onto free ones",
     "Ke1 Fe2 ke15 (S4C)c8 (s4p)c9 pc12 (s4p)b8 (f0p)a8 (s0)c6 (s0)f8", PLAIN_F,
     PRINCE4 "c8c12 c8a8 c8c6 c8f8 c8~c7 c8~N c8~NE c8~E c8~SE c8~SW c8~W c8~NW"},
    /* N: beyond the screen c9 the free Red Ship c10 ends the ray (c12 is out of reach);
     * W: beyond b8 an own vessel; S: over c7 c6 onto c5 ... c1 */
    {"Crossbowman aboard: a free or own vessel beyond the screen ends the jump",
     "Ke1 Fe2 ke15 (S4C)c8 (s4p)c9 (s0)c10 pc12 (s4p)b8 (S0P)a8", PLAIN_F,
     PRINCE4 "c8c5 c8c4 c8c3 c8c2 c8c1 c8~c7 c8~N c8~NE c8~E c8~SE c8~SW c8~W c8~NW "
             "a8~a9 a8~NE a8~E a8~SE a8~S"},
    /* d10: d11 ahead (an Elf), the Gnome on c11 diagonally; g8: boards the Red Ship on g9,
     * takes the Gnome aboard f9, not the free Ship on h9 */
    {"Dwarf aboard: boards ahead, takes diagonally, lands on the opposing Beaches",
     "Ke1 Fe2 ke15 (S0P)d10 pc11 (S4P)g8 (s4)g9 (s4p)f9 (s4)h9", PLAIN_F,
     PRINCE4 "d10d11 d10c11 g8g9 g8f9 d10~NE d10~E d10~SE d10~S d10~SW d10~W d10~NW "
             "g8~g7 g8~N g8~NE g8~E g8~SE g8~SW g8~W g8~NW"},
    {"Gnome aboard lands on the Forest Beaches ahead or takes diagonally",
     "ke15 Ke1 Fe2 (s4p)c6 Pb5", PLAIN_S,
     WARLORD5 "c6c5 c6b5 c6~N c6~NE c6~E c6~SE c6~SW c6~W c6~NW"},
    /* --- the royals and the Red Witch at sea (§5.1, §5.2, §5.7) --- */
    {"Prince embarks from F-land on an own free vessel", "Kc5 Fe2 ke15 (S0)c6 (s4)b6", PLAIN_F,
     "c5b4 c5c4 c5d4 c5b5 c5d5 c5c6 c6~c7 c6~NE c6~E c6~SE c6~S c6~SW c6~W c6~NW"},
    /* b5 c5 d5 are F-land: no return; the Knight on c7 (bow N) attacks neither c6 nor b6 */
    {"Prince aboard boards and takes, never returns to the Forest",
     "(S0K)c6 Fe2 ke15 (s0)b6 (s0n)c7", PLAIN_F,
     "c6b6 c6c7 c6~c7 c6~NE c6~E c6~SE c6~S c6~SW c6~W c6~NW"},
    {"Prince on S-land steps only within it", "Ka11 Fe2 ke15 (S0)a10", PLAIN_F,
     "a11a12 a11b12 a11b11 a10~NE a10~E a10~SE a10~S"},
    /* e10 is empty water; f10 is a Green Ship */
    {"Warlord embarks from S-land on an own free vessel", "ke11 Ke1 Fe2 (s4)d10 (S0)f10", PLAIN_S,
     "e11d12 e11e12 e11f12 e11d11 e11f11 e11d10 d10~d9 d10~N d10~NE d10~E d10~SE d10~SW "
     "d10~W d10~NW"},
    /* a Dwarf on land and a Knight on land never attack the water cell d6 */
    {"Warlord aboard lands in the Forest; land forces do not attack water",
     "(s4k)d6 Ke1 Fe2 Pc5 Nb5", PLAIN_S, "d6c5 d6d5 d6e5 d6~N d6~NE d6~E d6~SE d6~SW d6~W d6~NW"},
    /* S-land c11 d11 e11 are closed to her; c10 a free Green Ship, e9 a Dwarf aboard */
    {"Red Witch aboard boards and takes, never enters S-land",
     "ke15 Ke1 Fe2 (s4x)d10 (S0)c10 (S4P)e9", PLAIN_S,
     WARLORD5 "d10c10 d10e9 d10~d9 d10~N d10~NE d10~E d10~SE d10~SW d10~W d10~NW"},
    /* each landing may set the Younger Serpent afire (§6.2.3) */
    {"Red Witch aboard lands on F-land, with or without /A", "ke15 Ke1 Fe2 (s4x)c6", PLAIN_S,
     WARLORD5 "c6b5 c6c5 c6d5 c6b5/A c6c5/A c6d5/A c6~N c6~NE c6~E c6~SE c6~SW c6~W c6~NW"},
    {"Red Witch on F-land never returns to the ocean", "ke15 Ke1 Fe2 xc5 (s4)c6", PLAIN_S,
     WARLORD5 "c5b4 c5c4 c5d4 c5b5 c5d5 c6~N c6~NE c6~E c6~SE c6~SW c6~W c6~NW"},
    /* --- gliding over the ocean (§4.4) --- */
    /* no flight north (the land ends at a5), glides to every empty a-file cell of S-land
     * over the Ships on a6 and a10; a bird never takes a vessel */
    {"Albatross glides over the vessels", "Ke1 Fe2 ke15 Aa5 (S0)a6 (s4p)a10", PLAIN_F,
     PRINCE4 "a5a4 a5a3 a5a2 a5a1 a5b5 a5c5 a5d5 a5e5 a5f5 a5g5 a5h5 a5i5 a5a11 a5a12 a5a13 "
             "a5a14 a5a15 a6~a7 a6~NE a6~E a6~SE a6~S"},
    /* --- attacks from the ocean and Direct Capture across the coast (§6.9, §7.1) --- */
    {"Sword by passage: the vessel carries the Prince beside the Warlord", "(S0K)e9 Fe2 kd11",
     PLAIN_F, "e9~e10 e9~NE e9~E e9~SE e9~S e9~SW e9~W e9~NW"},
    /* d11 is beside e10, where the Prince's ship can sail him */
    {"Sword by passage attacks: the Warlord keeps away", "kc12 (S0K)e9 Fe2", PLAIN_S,
     "c12b11 c12c11 c12b12 c12d12 c12b13 c12c13 c12d13"},
    /* §11.2: d11 and e11 touch e12 (Direct Captures, no /A); c11 does not: it has /A */
    {"Sword by disembarking (§11.2)", "(S0K)d10 Fe2 ke12", PLAIN_F,
     "d10c11 d10c11/A d10d11 d10e11 d10~NE d10~E d10~SE d10~S d10~SW d10~W d10~NW"},
    /* §13.8: with the Gnome on c12 attacking d11, d10d11 is illegal; c11 has /A */
    {"Sword by disembarking needs an unattacked landing", "(S0K)d10 Fe2 ke12 pc12", PLAIN_F,
     "d10c11 d10c11/A d10e11 d10~NE d10~E d10~SE d10~S d10~SW d10~W d10~NW"},
    /* d5 and e5 touch e6 across the coast: Direct Captures (§6.9, note 14) */
    {"Sword across the coast: the Prince on land beside the Warlord aboard", "Kd4 Fe2 (s4k)e6",
     PLAIN_F, "d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5"},
    /* the Witch's ship sails to c6, beside b5 c5 d5; she cannot step to land from b7 */
    {"Crystal by passage: the Prince keeps away from the Witch's bow", "Kd4 Fe2 ke15 (s3x)b7",
     PLAIN_F, "d4c3 d4c4 d4d3 d4e3 d4e4 d4e5"},
    /* the Red Ship on d9 bows at d8: the Prince may board b8 or d9, not d8 */
    {"Ram attack: the Prince may not board a vessel under an enemy bow",
     "(S0K)c8 Fe2 ke15 (s4)d9 (S0)d8 (S0)b8", PLAIN_F,
     "c8b8 c8d9 c8~c9 c8~NE c8~E c8~SE c8~S c8~SW c8~W c8~NW b8~b9 b8~NE b8~E b8~SE b8~S "
     "b8~SW b8~W b8~NW d8~d9 d8~NE d8~E d8~SE d8~S d8~SW d8~W d8~NW"},
    /* the rammer on c8: board her, or ram her first */
    {"Ram attack: answered by boarding or ramming the rammer", "(S6K)d8 Fe2 ke15 (s2)c8", PLAIN_F,
     "d8c8 d8~c8"},
    /* a8 fires east over the screen b8 at d8: leave (e9, d9) or put c7's Ship in between;
     * c7 itself is attacked by the Gnome on b8 */
    {"Cannon attack: leave the line or block it",
     "(f0p)a8 (s4p)b8 (S0K)d8 (S0)e9 (S0)c7 Fe2 "
     "ke15",
     "F DQ0wdy0W - - 000003 - 0 1 lance", "d8e9 d8~d9 c7~c8"},
    /* the Knight's ship is red: were he to leave her, her bow on d8 would ram the Prince */
    {"A vacated vessel reverts to her colour and may ram",
     "(S0K)d8 (s2N)c8 Fe2 ke15 (S0)e9 "
     "(s4p)a9",
     PLAIN_F,
     "d8e9 d8~d9 d8~NE d8~E d8~SE d8~S d8~SW d8~W d8~NW c8~N c8~NE c8~SE c8~S c8~SW c8~W "
     "c8~NW e9~e10 e9~NE e9~E e9~SE e9~S e9~SW e9~W e9~NW"},
    /* the Castle aboard a8 slides over a7 a6 a5 onto a4 */
    {"A force aboard attacks a royal on land", "(s4t)a8 Ka4 Fe2 ke15", PLAIN_F, "a4b3 a4b4 a4b5"},
    /* the Castle aboard e7 slides over e6 and the empty e-file onto e0 (§7.1: the ray ends
     * there); the Guard must block it */
    {"A force aboard attacks the confined Prince along the e-file", "(s4t)e7 Gd2 ke15",
     "F KF-wdx-W - - 000000 - 0 1 lance", "d2e1 d2e2 d2e3"},
    /* the Red Knight aboard c7 attacks b5 and d5 */
    {"A Knight aboard attacks its leap cells on land", "(s4n)c7 Kc4 Fe2 ke15", PLAIN_F,
     "c4b3 c4c3 c4d3 c4b4 c4d4 c4c5"},
};

START_TEST(ocean_positions)
{
    dqt_assert_case(cases[_i].rule, cases[_i].pieces, cases[_i].fields, cases[_i].moves);
}
END_TEST

/* Plays `moves` from the position of `pieces` and `fields`; returns the final DFEN. */
static void play_ocean(const char *pieces, const char *fields, const char *moves, char *out,
                       DqPos *p)
{
    const Game *g = t_game("dragonqi");
    char fen[FEN_MAX];
    dqt_fen(fen, sizeof fen, pieces, fields);
    t_load(g, fen, p);
    t_play(g, p, moves);
    g->fen_write(p, out, FEN_MAX);
    ck_assert_uint_eq(g->key(p), g->key_from_scratch(p));
}

START_TEST(ocean_make_effects)
{
    static const struct {
        const char *what, *pieces, *fields, *moves, *after;
    } effects[] = {
        {"a Watchtower embarking loses its bird", "Ke1 Fe2 ke15 T*a5 (S0)a6", PLAIN_F, "a5a6",
         "4k4/9/9/9/9/9/9/9/9/(S0T)8/9/9/9/4F4/4K4 S DQ0wdy0W - - 000000 - 1 2 lance"},
        {"the Storm Queen embarks as the Red Witch, her arrows forfeited",
         "qe12 ki15 Ke1 Fe2 (s4)c10", "S DQ0wdy0W - - 000300 - 0 1 lance", "e12c10",
         "8k/9/9/9/9/2(s4x)6/9/9/9/9/9/9/9/4F4/4K4 F DQ0wdy0W - - 000000 - 1 1 lance"},
        {"a Flagship sailing out of her harbour loses her immunity for good", "Ke1 Fe2 ke15 (F0)e6",
         "F DQ0wdy0W - H 000030 - 5 1 lance", "e6~e7",
         "4k4/9/9/9/9/9/9/9/4(F0)4/9/9/9/9/4F4/4K4 S DQ0wdy0W - - 000030 - 0 2 lance"},
        {"re-aligning in harbour keeps it", "Ke1 Fe2 ke15 (F0)e6",
         "F DQ0wdy0W - H 000030 - 5 1 lance", "e6~NE",
         "4k4/9/9/9/9/9/9/9/9/4(F1)4/9/9/9/4F4/4K4 S DQ0wdy0W - H 000030 - 0 2 lance"},
        {"a rammed Flagship sinks with her occupant, cannonballs and immunity",
         "Ke1 Fe2 ke15 (S0)e9 (f4n)e10", "F DQ0wdy0W - h 000003 - 3 1 lance", "e9~e10",
         "4k4/9/9/9/9/4(S0)4/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W n - 000000 - 0 2 lance"},
        {"a cannon shot sinks the target, the Flagship stays, one ball less",
         "Ke1 Fe2 ke15 (F0P)e7 (s0p)d7 (s0n)b7", "F DQ0wdy0W - - 000030 - 0 1 lance", "e7xb7",
         "4k4/9/9/9/9/9/9/9/3(s0p)(F0P)4/9/9/9/9/4F4/4K4 S DQ0wdy0W n - 000020 - 0 2 lance"},
        {"boarding commandeers a Red Ship", "Ke1 Fe2 ke15 (S0N)c9 (s0)a8", PLAIN_F, "c9a8",
         "4k4/9/9/9/9/9/2(S0)6/(s0N)8/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - - 000000 - 1 2 lance"},
        {"the commandeered Ship sails for Forest, reverts when vacated",
         "Ke1 Fe2 ke15 (S0N)c9 (s0)a8", PLAIN_F, "c9a8 e15d15 a8~a9 d15e15 a9b11",
         "4k4/9/9/9/1N7/9/(s0)1(S0)6/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - - 000000 - 2 4 lance"},
        {"the Warlord's first landing in the Forest clears flag d", "(s4k)d6 Ke1 Fe2",
         "S DQ0wdy0W - d 000000 - 0 1 lance", "d6d5",
         "9/9/9/9/9/9/9/9/9/3(s4)5/3k5/9/9/4F4/4K4 F DQ0wdy0W - - 000000 - 1 1 lance"},
        {"boarding with a capture: the captured Knight joins the pool",
         "Ke1 Fe2 ke15 (S0N)c9 (s4n)a10", PLAIN_F, "c9a10",
         "4k4/9/9/9/9/(s4N)8/2(S0)6/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W n - 000000 - 0 2 lance"},
    };
    char out[FEN_MAX];
    DqPos p;
    for (size_t i = 0; i < sizeof effects / sizeof *effects; i++) {
        play_ocean(effects[i].pieces, effects[i].fields, effects[i].moves, out, &p);
        ck_assert_msg(strcmp(out, effects[i].after) == 0, "%s: got %s", effects[i].what, out);
    }
}
END_TEST

START_TEST(ocean_direct_captures)
{
    const Game *g = t_game("dragonqi");
    char out[FEN_MAX], info[128];
    DqPos p;
    /* the Sword by passage: the Prince's ship sails him beside the Warlord */
    play_ocean("(S0K)e9 Fe2 kd11", PLAIN_F, "e9~e10", out, &p);
    ck_assert_int_eq(g->result(&p), RESULT_LOSS);
    g->result_info(&p, info, sizeof info);
    ck_assert_str_eq(info, "RESULT F DIRECT 5-0");
    ck_assert_str_eq(out, "9/9/9/9/9/4(S0K)4/9/9/9/9/9/9/9/4F4/9 S DQ0wdy0W - - 000000 - 0 2 "
                          "lance");
    /* the Crystal by passage: the Witch's ship sails her beside the Prince on land */
    play_ocean("(s4x)c7 Kd5 Fe2 ke15", PLAIN_S, "c7~c6", out, &p);
    ck_assert_int_eq(g->result(&p), RESULT_LOSS);
    g->result_info(&p, info, sizeof info);
    ck_assert_str_eq(info, "RESULT S DIRECT 0-5");
    /* across the coast: the Warlord aboard e6 is captured, his ship reverts to red */
    play_ocean("Kd4 Fe2 (s4k)e6", PLAIN_F, "d4e5", out, &p);
    g->result_info(&p, info, sizeof info);
    ck_assert_str_eq(info, "RESULT F DIRECT 5-0");
    ck_assert_str_eq(out, "9/9/9/9/9/9/9/9/9/4(s4)4/4K4/9/9/4F4/9 S DQ0wdy0W - - 000000 - 1 2 "
                          "lance");
    /* the Sword by disembarking (§11.2, without the start's Gnomes) */
    play_ocean("(S0K)d10 Fe2 ke12", PLAIN_F, "d10d11", out, &p);
    g->result_info(&p, info, sizeof info);
    ck_assert_str_eq(info, "RESULT F DIRECT 5-0");
    Move list[MAX_MOVES];
    ck_assert_int_eq(g->gen_moves(&p, list), 0);
}
END_TEST

/* The Prince embarking onto his Ship beside the Warlord aboard is a Direct Capture
 * (§6.9), so quiescence sees it: the only noisy move of the position. */
START_TEST(ocean_noisy_sword_embarking)
{
    const Game *g = t_game("dragonqi");
    char fen[FEN_MAX], name[MOVE_STR_MAX];
    dqt_fen(fen, sizeof fen, "Kd5 Fe2 (s4k)e7 (S0)d6", PLAIN_F);
    DqPos p;
    t_load(g, fen, &p);
    Move list[MAX_MOVES];
    ck_assert_int_eq(g->gen_noisy(&p, list), 1);
    g->move_to_str(&p, list[0], name);
    ck_assert_str_eq(name, "d5d6");
    ck_assert(dq_move_wins(list[0]));
}
END_TEST

START_TEST(ocean_forced_wins)
{
    const Game *g = t_game("dragonqi");
    char fen[FEN_MAX];
    static const struct {
        const char *pieces, *fields;
        int plies;
    } wins[] = {
        {"(S0K)e9 Fe2 kd11", PLAIN_F, 1},       /* Sword by passage */
        {"(s4x)c7 Kd5 Fe2 ke15", PLAIN_S, 1},   /* Crystal by passage */
        {"(S0K)d10 Fe2 ke12 pc12", PLAIN_F, 1}, /* Sword by landing on e11 */
    };
    for (size_t i = 0; i < sizeof wins / sizeof *wins; i++) {
        dqt_fen(fen, sizeof fen, wins[i].pieces, wins[i].fields);
        ck_assert_int_eq(t_forced_win_plies(g, fen, wins[i].plies), wins[i].plies);
    }
}
END_TEST

#define START_FEN                                                                                  \
    "t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/"                        \
    "(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CHKHC1T* S DQ0wdy0W - AIaiHhd "         \
    "220333 - 0 1 lance"

START_TEST(situation_repetition)
{
    /* §8: both sides re-align the a-file Ships; bows are not part of the situation and
     * vessel actions do not end the window, so after four plies the start situation
     * (Storm to move) occurs for the third time: a truce. The keys of the complete state
     * differ (the bows) and the 100-ply counter is back to 0. */
    static const char *const moves[] = {"a10~SE", "a6~NE", "a10~E", "a6~E"};
    const Game *g = t_game("dragonqi");
    DqPos p, q;
    t_load(g, START_FEN, &p);
    uint64_t start_key = g->key(&p), history[8];
    GameOverReason why;
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(game_over(g, &p, history, i, g->no_progress_plies, &why), RESULT_NONE);
        history[i] = game_repetition_key(g, &p);
        Move m = g->parse_move(&p, moves[i]);
        ck_assert_msg(m != MOVE_NONE, "%s", moves[i]);
        g->make_move(&p, m, &q);
        p = q;
    }
    ck_assert_uint_ne(g->key(&p), start_key);
    ck_assert_int_eq(g->halfmove_clock(&p), 0);
    ck_assert_int_eq(game_over(g, &p, history, 4, g->no_progress_plies, &why), RESULT_DRAW);
    ck_assert_int_eq(why, GAME_OVER_REPETITION);
    /* the engine (`query result`) decides through the same hooks */
    Engine *e = engine_create();
    char err[256];
    ck_assert_msg(engine_set_game(e, "dragonqi", err), "%s", err);
    ck_assert_msg(engine_set_position(e, START_FEN, moves, 4, err), "%s", err);
    GameEnd end = engine_game_end(e);
    ck_assert_int_eq(end.result, RESULT_DRAW);
    ck_assert_str_eq(end.reason, "threefold repetition");
    ck_assert_msg(engine_set_position(e, START_FEN, moves, 3, err), "%s", err);
    ck_assert_int_eq(engine_game_end(e).result, RESULT_NONE);
    engine_destroy(e);
    /* a capture ends the window: nothing before it can recur */
    char out[FEN_MAX];
    play_ocean("Ke1 Fe2 ke15 (S0N)c9 (s4n)a10", PLAIN_F, "c9a10", out, &p);
    ck_assert_int_eq(g->repetition_plies(&p), 0);
    play_ocean("Ke1 Fe2 ke15 (S0N)c9 (s4n)a10", PLAIN_F, "c9~NE", out, &p);
    ck_assert_int_eq(g->repetition_plies(&p), 1);
}
END_TEST

void dragonqi_ocean_tests(Suite *s)
{
    TCase *tc = tcase_create("ocean");
    tcase_add_loop_test(tc, ocean_positions, 0, (int)(sizeof cases / sizeof *cases));
    tcase_add_test(tc, ocean_make_effects);
    tcase_add_test(tc, ocean_direct_captures);
    tcase_add_test(tc, ocean_noisy_sword_embarking);
    tcase_add_test(tc, ocean_forced_wins);
    tcase_add_test(tc, situation_repetition);
    suite_add_tcase(s, tc);
}
