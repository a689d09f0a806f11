/*
 * The one interface between a game and everything else.
 *
 * Every game is a `const Game` table (games/<game>.c, listed in core/games.def)
 * joining its rules (movegen/<game>/) and its evaluation (eval/<game>.c).
 * The protocol, the search, bench, perft and the tests reach a game only through it and
 * never ask which game they hold; where games need the search to behave differently, the
 * table says so through named SearchParams.
 *
 * Positions are plain bytes of `pos_size`, trivially copyable (no pointers into
 * themselves), so the search copies them per ply (copy-make) and per thread. A position
 * always holds the complete game state: side to move, clocks and every right or counter
 * the rules need (the FEN holds the same).
 *
 * Contracts every game keeps:
 * - gen_moves() lists every legal move once (one entry per distinct move as the game's
 *   rules identify moves) and returns 0 when the game is over by result();
 * - gen_noisy() lists the legal moves that change material or end the game (captures,
 *   promotions, conversions, wins); with params.noisy_forced, a non-empty noisy list is
 *   the complete legal list (forced capture);
 * - gen_quiet() lists the other legal moves, so that gen_noisy() and gen_quiet() together
 *   are exactly gen_moves() (as sets), each move in one of them, and is_noisy() tells
 *   which; the search asks for the quiet half only when the noisy half did not decide;
 * - has_legal_move() is gen_moves() > 0, answered at the first legal move found;
 * - move_is_legal() is "the move is in gen_moves()" for ANY 64-bit value (a move from a
 *   hash entry, possibly torn, or a killer of another position), answered without
 *   listing every move;
 * - no list ever holds more than max_moves moves: it sizes the search's move buffers;
 * - make_move() is only given a move from gen_moves() of that same position;
 * - key() equals key_from_scratch() for every reachable position;
 * - parse_move() accepts every spelling the rules allow and returns MOVE_NONE for anything
 *   that is not a legal move of the position, whatever the bytes;
 * - fen_read() rejects any malformed or inconsistent string with a one-line reason and
 *   may leave the output position in any state (callers read into a scratch copy).
 */
#pragma once

#include "core/types.h"

struct GameDescription; /* core/describe.h */
struct NnueSlot;        /* nnue/nnue.h */

/* How the shared search treats a game: switches and the scale of its margins. */
typedef struct SearchParams {
    bool null_move;        /* null-move pruning; off where zugzwang is common */
    bool reverse_futility; /* static-eval cutoffs near the leaves */
    bool futility;         /* skip quiet moves that cannot raise alpha near the leaves */
    bool late_move_reductions;
    bool late_move_pruning;
    bool noisy_forced;     /* noisy moves, when any exist, are all the legal moves (draughts) */
    bool threat_extension; /* extend positions where Game.threat() reports a threat */
    int margin_unit;       /* eval value of one ordinary man; pruning margins scale from it */
    int qsearch_max_plies; /* quiescence stops (stands pat) after this many plies; 0: never.
                            * For games whose captures never run out (conversions). */
    int moves_left;        /* sudden death: the moves a side is assumed still to play, which
                            * the clock is shared among; 0: the time manager's default */
    bool eval_first;       /* quiescence evaluates (and lists compulsory captures) before it
                            * probes the table: for games whose evaluation costs less than a
                            * wait for memory, that runs while the table's bucket (fetched
                            * when the move was made) arrives */
} SearchParams;

/* An option a game adds to the protocol (a combo), e.g. dragonqi's KnightVariation. */
typedef struct GameOption {
    const char *name;
    const char *const *choices;
    int choice_count;
    int default_choice;
} GameOption;

/* A game scored in points of its own (dragonqi's game points), in half points. */
typedef struct GameScoring {
    /* Each side's points (P1 first) in a position the rules ended (result() or no legal
     * move). */
    void (*points)(const void *pos, int halves[2]);
    int draw_halves;    /* each side's, for a draw the position does not show (repetition,
                         * no progress, adjudication) */
    int forfeit_halves; /* the winner's, for a game lost on time or by another fault */
    const char *unit;   /* "game points" */
} GameScoring;

typedef struct Game {
    const char *name;           /* game id, as in UCI_Variant */
    const char *const *aliases; /* other ids for the same rules, NULL-terminated, or NULL */
    const char *side_names[2];  /* "white", "black" / "storm", "forest": P1 first */
    /* The board's extent in squares: `ranks` rows of `files`, the FEN listing one row per
     * rank (tests/test_board.c holds every table to it). Cells beside the grid, such as
     * dragonqi's, are the game's own business. */
    int files, ranks;
    size_t pos_size;

    /* Start position; when start_fen_for is set, it picks the FEN from the game's option
     * values (indexed like `options`), otherwise start_fen is used. */
    const char *start_fen;
    const char *(*start_fen_for)(const int *option_values);
    const GameOption *options;
    int option_count;

    /* Called once at start-up (Zobrist tables, attack tables). May be NULL. */
    void (*init)(void);

    bool (*fen_read)(void *pos, const char *fen, char *err, size_t err_size);
    void (*fen_write)(const void *pos, char *buf, size_t size);
    void (*display)(const void *pos, char *buf, size_t size);

    int (*gen_moves)(const void *pos, Move *moves);
    int (*gen_noisy)(const void *pos, Move *moves);
    int (*gen_quiet)(const void *pos, Move *moves);
    bool (*is_noisy)(const void *pos, Move move);
    bool (*has_legal_move)(const void *pos);
    bool (*move_is_legal)(const void *pos, Move move);
    /* move_is_legal answers from the move's own squares, without generating: the search
     * then checks killer moves with it before it generates the quiet moves */
    bool move_is_legal_cheap;
    int max_moves; /* the most legal moves a position of this game can have */
    void (*make_move)(const void *pos, Move move, void *out);
    void (*make_null)(const void *pos, void *out); /* NULL: the game has no null move */
    /* A perft of the game's own (NULL: core/perft.c's, which counts the last ply with
     * count_moves); for a game whose perft works on bare bitboards, without positions. */
    uint64_t (*perft)(const void *pos, int depth);
    /* The number of legal moves, counted without listing them (perft's last ply); NULL:
     * gen_moves' count. */
    uint64_t (*count_moves)(const void *pos);

    void (*move_to_str)(const void *pos, Move move, char *buf); /* MOVE_STR_MAX bytes */
    Move (*parse_move)(const void *pos, const char *str);

    uint64_t (*key)(const void *pos);
    uint64_t (*key_from_scratch)(const void *pos);
    int (*side_to_move)(const void *pos);   /* P1 or P2 */
    int (*halfmove_clock)(const void *pos); /* plies since the last irreversible ply */

    /* Optional: the key under which positions count as repeated, and how many plies back
     * a repetition can reach. NULL: key() and halfmove_clock(). A game whose rules
     * compare only part of the state for repetitions (dragonqi) sets both; one where a
     * ply that resets the halfmove clock can be undone (dragonface's conversions,
     * dragondraughts) sets repetition_plies. */
    uint64_t (*repetition_key)(const void *pos);
    int (*repetition_plies)(const void *pos);

    /* Game over by the rules, not counting "no legal move" (see no_moves_result); cheap. */
    Result (*result)(const void *pos);
    Result no_moves_result;
    /* Optional details of a finished game (e.g. points scored); NULL if none. */
    void (*result_info)(const void *pos, char *buf, size_t size);
    /* Optional: the game's own scoring; NULL: 1, 1/2, 0. */
    const GameScoring *scoring;
    /* Plies without progress that draw; 0 means the NoProgressPlies option decides. */
    int no_progress_plies;

    /* The static evaluation for the side to move: the learned one where `nnue` holds a net
     * and the `Use NNUE` option is on, the hand-written one otherwise (the game's evaluate
     * chooses). The search holds it within SCORE_EVAL_MAX (score_clamp_eval), so an
     * evaluation need not clamp it itself. */
    Score (*evaluate)(const void *pos);
    void (*eval_terms)(const void *pos, char *buf, size_t size);
    /* The learned evaluation's features and net (NULL: the game has none). The engine's
     * options switch and replace the net; `wyrm gen` and `wyrm train` read the features. */
    struct NnueSlot *nnue;

    /* Move ordering: a small index per move for history tables, and a score for noisy
     * moves (higher first, e.g. value gained); a negative score marks a noisy move the game
     * expects to lose material by, which the search tries after the quiet moves. */
    uint32_t move_index_count;
    uint32_t (*move_index)(const void *pos, Move move);
    int (*noisy_order)(const void *pos, Move move);
    /* Optional: the side to move faces a threat it must answer now. */
    bool (*threat)(const void *pos);

    SearchParams params;
    const char *const *bench_fens; /* NULL-terminated */
    int bench_depth;
    /* The rules file's reference perft of the start position (default options), depths
     * 1, 2, ...; 0-terminated. `wyrm perftsuite` checks the deepest. */
    const uint64_t *perft_reference;

    /* Cells, pieces, move touches, result in words and legend for people and GUIs
     * (core/describe.h): what `json` and `d` print. */
    const struct GameDescription *describe;
} Game;

static inline uint64_t game_repetition_key(const Game *game, const void *pos)
{
    return game->repetition_key ? game->repetition_key(pos) : game->key(pos);
}

static inline int game_repetition_plies(const Game *game, const void *pos)
{
    return game->repetition_plies ? game->repetition_plies(pos) : game->halfmove_clock(pos);
}

/* The start FEN under the given option values (NULL: defaults). */
const char *game_start_fen(const Game *game, const int *option_values);

/* Which part of the legal moves a game's generator lists (a helper for the games, which
 * share one generator between gen_moves, gen_noisy and gen_quiet). */
typedef enum { GEN_ALL, GEN_NOISY, GEN_QUIET } GenStage;

/* Whether `move` is one of the moves `gen` lists in `pos`: a helper for move_is_legal
 * where a direct test would repeat the generator's rules (it lists one stage only), and
 * for parse_move once the text has named one candidate. */
bool game_move_in_list(const void *pos, Move move, int (*gen)(const void *pos, Move *moves));
/* The text of `move` in `pos` (MOVE_STR_MAX bytes): "0000", the protocol's null move, for
 * MOVE_NONE. */
void game_move_text(const Game *game, const void *pos, Move move, char *buf);

/* Finds the legal move whose canonical string is `str` (a helper for parse_move). */
Move game_find_move_by_string(const Game *game, const void *pos, const char *str);

/* Why a game is over, in the order the rules are checked. */
typedef enum {
    GAME_GOES_ON,
    GAME_OVER_RULES,       /* result() */
    GAME_OVER_NO_MOVES,    /* no legal move: no_moves_result */
    GAME_OVER_NO_PROGRESS, /* the halfmove clock reached the limit: a draw */
    GAME_OVER_REPETITION,  /* the position (same side to move) for the third time: a draw */
} GameOverReason;

/* Whether the game is over in `pos`, for the side to move (RESULT_NONE: it goes on), and
 * why. `history` holds the keys of the positions before `pos`, oldest first; repetitions
 * count within the plies the halfmove clock covers. no_progress_plies 0: no such rule.
 * The engine (`query result`) and the match referee both decide through this. */
Result game_over(const Game *game, const void *pos, const uint64_t *history, int history_length,
                 int no_progress_plies, GameOverReason *why);

/* "rules", "no legal move", "no progress", "threefold repetition"; NULL for GAME_GOES_ON.
 * The engine's `query result` and the match runner's records use these words. */
const char *game_over_reason_name(GameOverReason why);

/* How a game ended, as game_over() decides it, with the winner worked out. */
typedef struct GameEnd {
    Result result;      /* for the side to move; RESULT_NONE while the game goes on */
    int winner;         /* P1, P2, or -1 for a draw or no result */
    const char *reason; /* game_over_reason_name(why) */
    GameOverReason why;
} GameEnd;

/* game_over() for `pos`, with the winner and the reason's words: the one decision the
 * engine (`query result`, `d`, `json`) and the match referee share. */
GameEnd game_end(const Game *game, const void *pos, const uint64_t *history, int history_length,
                 int no_progress_plies);

/* The plies without progress that draw a game: its own rule when it has one, else the
 * setting (the engine's NoProgressPlies option, the match's -noprogress). */
int game_no_progress_limit(const Game *game, int setting);
