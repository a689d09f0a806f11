// The game model of the page, the one both ways of running the board share: the open
// game's start, moves and position, the engine's moves and searches on Fischer or
// TigerIncrement clocks, the analysis lines, take-backs and FEN loading, each request
// checked as a server checks one. The page (board.js, desk.js) asks it through routes
// (`POST /api/games`, `POST /api/games/<id>/move`, ...; modelApi below) and gets JSON
// answers and errors. Its engine is the board server's native one (relay-engine.js) when
// the server served the page, or the WebAssembly one in a Web Worker (worker-engine.js):
// the same commands, lines and errors either way, so the two modes cannot drift apart.
'use strict';

import { RelayEngine, RelayRefused } from './relay-engine.js';
import { EngineDead, EngineRefused, REPLY_TIMEOUT_MS, TimeoutError, WorkerEngine }
    from './worker-engine.js';

export const LIMITS = {
    MAX_FEN: 1000, MAX_MOVES: 2000, MAX_MOVE_TEXT: 64,
    MOVETIME_RANGE: [10, 600000], DEPTH_RANGE: [1, 64], SEARCH_LIMIT_MS: 900000,
    CLOCK_RANGE: [0, 100 * 3600 * 1000], MOVESTOGO_RANGE: [1, 10000], MAX_INFO_LINES: 400,
    CLOCK_GRACE_MS: 1000,
};
const SKILL_OPTION = 'Skill Level';

class ApiError extends Error {
    constructor(status, message, extra) {
        super(message);
        this.status = status;
        this.extra = extra || {};
    }
}

// Checks of a request's fields ------------------------------------------------------------

function field(body, name, kind, required, fallback) {
    const value = body[name] === undefined || body[name] === null ? fallback : body[name];
    if (value === undefined || value === null) {
        if (required) throw new ApiError(400, `missing field '${name}'`);
        return null;
    }
    if (kind === 'int' ? !Number.isInteger(value) : typeof value !== kind) {
        const named = { int: 'an integer', string: 'a string', boolean: 'a bool' }[kind];
        throw new ApiError(400, `field '${name}' must be ${named}`);
    }
    return value;
}

function inRange(value, [low, high], name) {
    if (value !== null && !(low <= value && value <= high)) {
        throw new ApiError(400, `${name} must be ${low} to ${high}`);
    }
    return value;
}

function checkedFen(raw) {
    if (raw === null) return null;
    const fen = raw.trim();
    if (!fen || fen.length > LIMITS.MAX_FEN || !/^[\x20-\x7e]+$/.test(fen)) {
        throw new ApiError(400,
            `a FEN is 1 to ${LIMITS.MAX_FEN} printable ASCII characters on one line`);
    }
    if (fen.split(/\s+/).includes('moves')) {
        throw new ApiError(400, "the word 'moves' is not part of a FEN");
    }
    return fen;
}

function checkedMove(move) {
    if (move.length > LIMITS.MAX_MOVE_TEXT || !/^[\x21-\x7e]+$/.test(move)) {
        throw new ApiError(400, 'a move is one word of printable ASCII');
    }
    return move;
}

// The words after `go` and the time after which the search is stopped.
function searchLimits(body, turn, clock) {
    const movetime = inRange(field(body, 'movetime', 'int'), LIMITS.MOVETIME_RANGE, 'movetime');
    const depth = inRange(field(body, 'depth', 'int'), LIMITS.DEPTH_RANGE, 'depth');
    const times = {};
    for (const key of ['wtime', 'btime', 'winc', 'binc']) {
        times[key] = inRange(field(body, key, 'int'), LIMITS.CLOCK_RANGE, key);
    }
    const movestogo = inRange(field(body, 'movestogo', 'int'), LIMITS.MOVESTOGO_RANGE,
        'movestogo');
    const infinite = field(body, 'infinite', 'boolean', false, false);
    const onClock = Object.values(times).some((v) => v !== null) || movestogo !== null;
    if (onClock && !clock) throw new ApiError(400, 'an analysis takes no clock');
    if (infinite && clock) throw new ApiError(400, 'a move the engine plays needs a limit');
    if ([movetime !== null, depth !== null, onClock, infinite].filter(Boolean).length > 1) {
        throw new ApiError(400,
            'give one of movetime, depth, a clock (wtime, btime...) or infinite');
    }
    const longest = LIMITS.SEARCH_LIMIT_MS;
    if (onClock) {
        if (times.wtime === null || times.btime === null) {
            throw new ApiError(400, 'a clock needs both wtime and btime');
        }
        let words = Object.entries(times).filter(([, v]) => v !== null)
            .map(([k, v]) => `${k} ${v}`).join(' ');
        if (movestogo !== null) words += ` movestogo ${movestogo}`;
        const own = turn === 0 ? times.wtime : times.btime;
        return { words, limit: Math.min(own + LIMITS.CLOCK_GRACE_MS, longest) };
    }
    if (depth !== null) return { words: `depth ${depth}`, limit: longest };
    if (infinite) return { words: 'infinite', limit: longest };
    const ms = movetime === null ? 1000 : movetime;
    return { words: `movetime ${ms}`, limit: Math.min(ms + REPLY_TIMEOUT_MS, longest) };
}

// The engine's info lines -----------------------------------------------------------------

const COUNTS = ['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'hashfull', 'time'];

export function parseInfo(line) {
    const words = line.split(/\s+/).filter(Boolean);
    if (words[0] !== 'info' || !words.includes('pv') || !words.includes('depth')) return null;
    const info = {};
    for (let i = 1; i < words.length;) {
        const key = words[i];
        if (key === 'pv') {
            info.pv = words.slice(i + 1);
            break;
        }
        if (key === 'score' && i + 2 < words.length && ['cp', 'mate'].includes(words[i + 1])) {
            if (!/^-?[0-9]{1,9}$/.test(words[i + 2])) return null;
            info.score = { [words[i + 1]]: Number(words[i + 2]) };
            i += 3;
            if (i < words.length && ['lowerbound', 'upperbound'].includes(words[i])) {
                info.bound = words[i].slice(0, 5);
                i += 1;
            }
            continue;
        }
        if (COUNTS.includes(key) && i + 1 < words.length) {
            if (!/^[0-9]{1,19}$/.test(words[i + 1])) return null;
            info[key] = Number(words[i + 1]);
            i += 2;
            continue;
        }
        i += 1;
    }
    return 'depth' in info && 'pv' in info ? info : null;
}

class Search {
    constructor(number, kind, ply) {
        Object.assign(this, { number, kind, ply, lines: [], dropped: 0, done: false,
            bestmove: null });
    }

    add(line) {
        const info = parseInfo(line);
        if (!info) return;
        this.lines.push(info);
        if (this.lines.length > LIMITS.MAX_INFO_LINES) {
            this.lines.shift();
            this.dropped += 1;
        }
    }

    finish(bestmove) {
        this.done = true;
        this.bestmove = bestmove;
    }

    view(since) {
        const start = Math.max(since - this.dropped, 0);
        return { search: this.number, kind: this.kind, ply: this.ply, from: start + this.dropped,
            lines: this.lines.slice(start), next: this.dropped + this.lines.length,
            done: this.done, bestmove: this.bestmove };
    }
}

const NO_SEARCH = { search: 0, lines: [], next: 0, done: true, bestmove: null };

// One open game ---------------------------------------------------------------------------

function newId() {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

class Game {
    constructor(engine) {
        Object.assign(this, { id: newId(), engine, queue: Promise.resolve(), ended: null,
            variant: null, variation: null, start: 'startpos', moves: [], played: [],
            position: null, skill: null, searching: false, cancelled: false, search: null,
            searches: 0 });
    }

    // One request of the game at a time drives the engine.
    turn(work) {
        const run = this.queue.then(work, work);
        this.queue = run.catch(() => {});
        return run;
    }

    async setup(variant, variation, fen, moves) {
        await this.engine.command(`setoption name UCI_Variant value ${variant}`);
        if (variation !== null) {
            await this.engine.command(`setoption name KnightVariation value ${variation}`);
        }
        this.variant = variant;
        this.variation = variation;
        await this.load(fen);
        for (const move of moves) await this.play(move);
    }

    positionCommand(moves) {
        const start = this.start === 'startpos' ? 'startpos' : `fen ${this.start}`;
        return `position ${start}${moves.length ? ` moves ${moves.join(' ')}` : ''}`;
    }

    // The engine's description of the position after the first `upto` moves (all of them
    // by default).
    async describe(upto) {
        const moves = upto === undefined ? this.moves : this.moves.slice(0, upto);
        const [, described] = await this.engine.commands([this.positionCommand(moves), 'json']);
        for (const line of described) {
            if (line.startsWith('{')) {
                const position = JSON.parse(line);
                if (JSON.stringify(position.history) !== JSON.stringify(moves)) {
                    throw new EngineRefused(
                        'the engine describes another position than the one it was given');
                }
                return position;
            }
        }
        throw new EngineRefused('the engine gave no JSON description of the position');
    }

    async load(fen) {
        const old = [this.start, this.moves, this.played, this.position];
        this.start = fen === null ? 'startpos' : fen;
        this.moves = [];
        this.played = [];
        try {
            this.position = await this.describe();
        } catch (err) {
            [this.start, this.moves, this.played, this.position] = old;
            throw err;
        }
    }

    async play(move) {
        const legal = (this.position.moves || []).filter((m) => m.move === move);
        if (!legal.length) {
            if (this.position.result) throw new ApiError(409, `the game is over: no move ${move}`);
            throw new ApiError(400, `illegal move ${move} in this position`);
        }
        this.moves.push(move);
        try {
            this.position = await this.describe();
        } catch (err) {
            this.moves.pop();
            throw err;
        }
        this.played.push(legal[0]);
    }

    async undo(asked) {
        const plies = Math.min(asked, this.moves.length);
        if (plies === 0) throw new ApiError(409, 'no move to take back');
        const kept = this.moves.length - plies;
        this.position = await this.describe(kept);
        this.moves.splice(kept);
        this.played.splice(kept);
    }

    async setSkill(skill) {
        if (skill !== null && skill !== this.skill) {
            await this.engine.command(`setoption name ${SKILL_OPTION} value ${skill}`);
            this.skill = skill;
        }
    }

    async searchWith(limits, kind, ply) {
        await this.engine.command(this.positionCommand(ply === null ? this.moves
            : this.moves.slice(0, ply)));
        this.cancelled = false;
        this.searches += 1;
        const search = new Search(this.searches, kind, ply === null ? this.moves.length : ply);
        this.search = search;
        this.searching = true;
        const begun = performance.now();
        let best = '0000';
        try {
            await this.engine.send(`go ${limits.words}`);
            let line;
            try {
                ({ line } = await this.engine.until('bestmove', limits.limit, true,
                    (l) => search.add(l)));
            } catch (err) {
                if (!(err instanceof TimeoutError)) throw err;
                await this.engine.stopSearch();
                ({ line } = await this.engine.until('bestmove', undefined, false,
                    (l) => search.add(l)));
            }
            const words = line.split(/\s+/);
            best = words.length > 1 ? words[1] : '0000';
        } finally {
            this.searching = false;
            search.finish(best);
        }
        return [best, Math.round(performance.now() - begun)];
    }

    async think(limits, skill) {
        await this.setSkill(skill);
        if (this.position.result) throw new ApiError(409, 'the game is over');
        const [best, thinkMs] = await this.searchWith(limits, 'go', null);
        if (this.cancelled) return [null, thinkMs];
        if (best === '0000') throw new ApiError(409, 'the engine found no move');
        await this.play(best);
        return [best, thinkMs];
    }

    async analyse(ply, limits) {
        const position = ply === this.moves.length ? this.position : await this.describe(ply);
        if (position.result) throw new ApiError(409, 'the game is over in that position');
        const [best, thinkMs] = await this.searchWith(limits, 'analyse', ply);
        const legal = (position.moves || []).filter((m) => m.move === best);
        return { ply, bestmove: best, move: legal.length ? legal[0] : null, think_ms: thinkMs,
            ...this.search.view(0) };
    }

    async stop() {
        if (this.searching) {
            this.cancelled = true;
            await this.engine.stopSearch();
        }
    }

    view() {
        return { id: this.id, game: this.variant, variation: this.variation, start: this.start,
            moves: this.moves, played: this.played, position: this.position };
    }
}

// The options of a `uci` reply.
function parseOptions(lines) {
    const options = {};
    for (const line of lines) {
        const found = /^option name (.+?) type (\S+)(.*)$/.exec(line);
        if (!found) continue;
        const [, name, type, rest] = found;
        const option = { type };
        const words = rest.split(/\s+/).filter(Boolean);
        for (let i = 0; i + 1 < words.length; i += 2) {
            const [key, value] = [words[i], words[i + 1]];
            if (key === 'var') (option.vars = option.vars || []).push(value);
            else if (key === 'min' || key === 'max') {
                option[key] = /^-?\d+$/.test(value) ? Number(value) : value;
            } else option[key] = value;
        }
        options[name] = option;
    }
    return options;
}

// The open games and the engine's description of itself ----------------------------------

class Board {
    constructor() {
        this.games = new Map();
        this.ended = new Map();
        this.spare = null;
    }

    // The server's /api/info answer when the board server serves the page (its engines
    // are the native ones), or null for the engine in a worker.
    async init(served) {
        let hello;
        if (served) {
            this.served = served;
            hello = served.uci;
        } else {
            const probe = new WorkerEngine();
            await probe.send('uci');
            ({ seen: hello } = await probe.until('uciok'));
            // The probe becomes the first game's engine.
            await probe.command('ucinewgame');
            this.spare = probe;
        }
        this.options = parseOptions(hello);
        this.ident = (hello.find((l) => l.startsWith('id name ')) || 'id name ').slice(8);
        const variant = this.options.UCI_Variant || {};
        this.variants = variant.vars || [];
        this.defaultVariant = variant.default || this.variants[0] || '';
    }

    async newEngine() {
        const spare = this.spare;
        this.spare = null;
        if (spare) return spare;
        if (!this.served) return new WorkerEngine();
        try {
            return await RelayEngine.open();
        } catch (err) {
            if (err instanceof RelayRefused) throw new ApiError(err.status, err.message, err.extra);
            throw err;
        }
    }

    info() {
        const shown = {};
        for (const name of ['KnightVariation', SKILL_OPTION]) {
            if (this.options[name]) shown[name] = this.options[name];
        }
        const served = this.served ? this.served.limits : { games: 1, idle: 0 };
        return { engine: this.ident, games: this.variants, default: this.defaultVariant,
            options: shown, mode: this.served ? 'server' : 'worker',
            limits: { movetime: LIMITS.MOVETIME_RANGE, depth: LIMITS.DEPTH_RANGE,
                games: served.games, idle: served.idle } };
    }

    end(game, why) {
        this.games.delete(game.id);
        game.ended = why;
        this.ended.set(game.id, why);
    }

    async create(variant, variation, fen, moves, replace) {
        if (replace !== null) {
            const old = this.games.get(replace);
            this.close(replace, 'the game was closed: a new game replaced it');
            // The server's engine is ended before a new one is asked for (they are capped).
            if (old) await old.engine.closing;
        }
        const engine = await this.newEngine();
        const game = new Game(engine);
        this.games.set(game.id, game);
        try {
            await game.setup(variant, variation, fen, moves);
        } catch (err) {
            this.games.delete(game.id);
            engine.kill();
            throw err;
        }
        return game;
    }

    find(id) {
        const game = this.games.get(id);
        if (game) return game;
        if (this.ended.has(id)) throw this.ended.get(id);
        throw new ApiError(404, 'no such game: it was closed or timed out', { gone: true });
    }

    // Ends a game whose engine is gone: dead, or ended by the server (its page silent).
    drop(game, why) {
        if (game.ended === null) {
            this.end(game, game.engine.gone ? new ApiError(404, why, { gone: true })
                : new ApiError(502, `${why}; start a new game`, { dead: true }));
        }
        game.engine.kill();
        return game.ended;
    }

    close(id, why = 'the game was closed') {
        const game = this.games.get(id);
        if (!game) return false;
        this.end(game, new ApiError(404, why, { gone: true }));
        game.engine.kill();
        return true;
    }
}

// The routes ------------------------------------------------------------------------------

let board = null;

function overtaken(why) {
    if (why.extra.dead) return why;
    return new ApiError(410, `${why.message} before the engine answered`, { gone: true });
}

function refused(err) {
    if (err instanceof EngineRefused) return new ApiError(400, err.message);
    return err;
}

async function create(body) {
    const variant = field(body, 'game', 'string', false, board.defaultVariant);
    if (!board.variants.includes(variant)) {
        throw new ApiError(400, `unknown game '${variant.slice(0, 40)}'; the games are ` +
            `${board.variants.join(', ')}`);
    }
    const variation = field(body, 'variation', 'string');
    const knight = board.options.KnightVariation;
    if (variation !== null && (!knight || !(knight.vars || []).includes(variation))) {
        throw new ApiError(400, `unknown variation '${variation.slice(0, 40)}'`);
    }
    const fen = checkedFen(field(body, 'fen', 'string'));
    let moves = body.moves === undefined || body.moves === null ? [] : body.moves;
    if (!Array.isArray(moves)) throw new ApiError(400, "field 'moves' must be a list");
    if (moves.length > LIMITS.MAX_MOVES || !moves.every((m) => typeof m === 'string')) {
        throw new ApiError(400, `moves is a list of at most ${LIMITS.MAX_MOVES} move strings`);
    }
    moves = moves.map(checkedMove);
    const replace = field(body, 'replace', 'string');
    try {
        return [201, (await board.create(variant, variation, fen, moves, replace)).view()];
    } catch (err) {
        if (err instanceof EngineDead) throw new ApiError(502, err.message, { dead: true });
        throw refused(err);
    }
}

// Checks a request that drives the engine and returns what carries it out.
function work(game, action, parts, body) {
    if (action === null) return async () => [200, game.view()];
    if (action === 'ply') {
        return async () => {
            const ply = parts[4];
            if (!/^[0-9]{1,9}$/.test(ply) || Number(ply) > game.moves.length) {
                throw new ApiError(404, `ply must be 0 to ${game.moves.length}`);
            }
            const n = Number(ply);
            const position = await game.describe(n);
            return [200, { ply: n, position, last: n ? game.played[n - 1] : null }];
        };
    }
    if (action === 'move') {
        const move = checkedMove(field(body, 'move', 'string', true));
        return async () => { await game.play(move); return [200, game.view()]; };
    }
    if (action === 'undo') {
        const plies = inRange(field(body, 'plies', 'int', false, 1), [1, LIMITS.MAX_MOVES],
            'plies');
        return async () => { await game.undo(plies); return [200, game.view()]; };
    }
    if (action === 'fen') {
        const fen = checkedFen(field(body, 'fen', 'string', true));
        return async () => { await game.load(fen); return [200, game.view()]; };
    }
    if (action === 'go') {
        const skill = field(body, 'skill', 'int');
        if (skill !== null) {
            const option = board.options[SKILL_OPTION];
            if (!option) throw new ApiError(400, 'this engine has no Skill Level option');
            inRange(skill, [option.min || 0, option.max || 20], 'skill');
        }
        searchLimits(body, 0, true);
        return async () => {
            const turn = game.position.turn || 0;
            const [best, thinkMs] = await game.think(searchLimits(body, turn, true), skill);
            return [200, { ...game.view(), bestmove: best, think_ms: thinkMs }];
        };
    }
    if (action === 'analyse') {
        const plyAsked = field(body, 'ply', 'int');
        const wanted = searchLimits(body, 0, false);
        return async () => {
            const ply = inRange(plyAsked === null ? game.moves.length : plyAsked,
                [0, game.moves.length], 'ply');
            return [200, await game.analyse(ply, wanted)];
        };
    }
    throw new ApiError(404, `no such route: ${action}`);
}

async function onGame(game, action, parts, body) {
    const job = work(game, action, parts, body);
    const [status, payload] = await game.turn(async () => {
        if (game.ended !== null) throw overtaken(game.ended);
        try {
            if (!game.engine.alive()) throw new EngineDead(game.engine.death());
            return await job();
        } catch (err) {
            if (err instanceof EngineDead) {
                if (game.ended !== null) throw overtaken(game.ended);
                throw board.drop(game, err.message);
            }
            throw refused(err);
        }
    });
    if (game.ended !== null && (action === 'go' || action === 'analyse')) {
        throw overtaken(game.ended);
    }
    return [status, payload];
}

const ACTIONS = { null: 'GET', ply: 'GET', move: 'POST', go: 'POST', stop: 'POST',
    undo: 'POST', fen: 'POST', heartbeat: 'POST', close: 'POST', analyse: 'POST',
    analysis: 'GET' };

async function route(method, path, body) {
    const parts = path.split('?')[0].split('/').filter(Boolean);
    if (parts.length === 2 && parts[0] === 'api' && parts[1] === 'info' && method === 'GET') {
        return [200, board.info()];
    }
    if (parts.length === 2 && parts[0] === 'api' && parts[1] === 'games' && method === 'POST') {
        return create(body);
    }
    if (parts[0] !== 'api' || parts.length < 3 || parts[1] !== 'games' || parts.length > 5) {
        throw new ApiError(404, `no such route: ${path.slice(0, 100)}`);
    }
    if (!/^[0-9a-f]{16}$/.test(parts[2])) {
        throw new ApiError(404, 'no such game: a game id is 16 hex digits', { gone: true });
    }
    const action = parts.length > 3 ? parts[3] : null;
    const numbered = parts.length === 5;
    if (!(String(action) in ACTIONS) || (numbered && !['ply', 'analysis'].includes(action)) ||
        (action === 'ply' && !numbered)) {
        throw new ApiError(404, `no such route: ${path.slice(0, 100)}`);
    }
    if (method !== ACTIONS[String(action)]) {
        throw new ApiError(405,
            `${path.slice(0, 100)} takes ${ACTIONS[String(action)]}, not ${method}`);
    }
    if (action === 'close') return [200, { closed: board.close(parts[2]) }];
    const game = board.find(parts[2]);
    if (action === 'heartbeat') {
        try {
            await game.engine.heartbeat();
        } catch (err) {
            if (err instanceof EngineDead) throw board.drop(game, err.message);
            throw refused(err);
        }
        return [200, { ok: true }];
    }
    if (action === 'stop') {
        try {
            await game.stop();
        } catch (err) {
            if (!(err instanceof EngineDead)) throw err;  // the next request says so
        }
        return [200, { stopped: true }];
    }
    if (action === 'analysis') {
        const since = numbered ? parts[4] : '0';
        if (!/^[0-9]{1,9}$/.test(since)) {
            throw new ApiError(404, 'the line number is a whole number');
        }
        return [200, game.search ? game.search.view(Number(since)) : NO_SEARCH];
    }
    return onGame(game, action, parts, body || {});
}

// Starts the model for the page, with the board server's engines when `served` (the
// server's /api/info answer), else with the engine in a worker; resolves once the engine
// has said who it is.
export async function startModel(served) {
    if (!board) {
        const started = new Board();
        await started.init(served || null);
        board = started;
    }
}

// A request to the board, answered as the server answers it: {ok, status, data}.
export async function modelApi(method, path, body) {
    try {
        if (!board) await startModel(null);
        const [status, data] = await route(method, path, body === undefined ? {} : body);
        // A copy, as the server's JSON is: the page keeps answers that the game changes.
        return { ok: true, status, data: JSON.parse(JSON.stringify(data)) };
    } catch (err) {
        if (err instanceof ApiError) {
            return { ok: false, status: err.status, data: { error: err.message, ...err.extra } };
        }
        if (err instanceof EngineDead) {
            return { ok: false, status: 502, data: { error: err.message, dead: true } };
        }
        return { ok: false, status: 500, data: { error: `internal error of the board: ${err}` } };
    }
}

// The open games, for the browser tests: game(id) is a game with its engine and settings,
// count() how many are open.
export const openGames = {
    game: (id) => (board ? board.games.get(id) || null : null),
    count: () => (board ? board.games.size : 0),
};
