// What every module of the board page shares: the page's state and its one way to ask the
// board for anything. board.js (the board, the game, the settings) and desk.js (analysis,
// referee, clocks, PGN) both import this module, and desk.js gets what it needs of
// board.js from board.js itself (deskWire), so the modules' imports form no cycle.
//
// The board answers the same requests in two ways (docs/board.md): the board server
// (board/server.py) with its native engine, when it served the page, or, in the static
// build, local.js inside the page with the engine in a Web Worker. chooseEngine decides
// once, at start; every request then goes to the one chosen.
'use strict';

import { localApi, localGames, startLocal } from './local.js';
import { BUILD } from './worker-engine.js';

export const $ = (id) => document.getElementById(id);

export const ui = {
    info: null,
    game: null,        // the board's view: id, game, start, moves, played, position
    shown: null,       // the engine's description of the position on the board
    last: null,        // the move that led to it
    ply: null,         // null: the live game; else the ply being looked at
    players: ['human', 'human'],
    selected: null,
    flipped: false,
    busy: 0,
    token: 0,          // bumped whenever the game changes, so late answers are dropped
    diagram: false,
    marks: new Set(),
    timing: null,
};

// mode: 'server', the board server and its native engine, or 'worker', the engine in the
// page; build: in the worker mode, `wyrm` (one thread) or `wyrm-mt` (threads).
export const engine = { mode: null, build: null };

async function serverApi(method, path, body) {
    const options = { method, headers: {} };
    if (body !== undefined) {
        options.headers['Content-Type'] = 'application/json';
        options.body = JSON.stringify(body);
    }
    let response;
    try {
        response = await fetch(path, options);
    } catch (err) {
        return { ok: false, status: 0, data: { error: 'the board server does not answer' } };
    }
    let data;
    try {
        data = await response.json();
    } catch (err) {
        data = { error: `the board server sent a reply that is not JSON (${response.status})` };
    }
    return { ok: response.ok, status: response.status, data };
}

// A request to the board: {ok, status, data}, whichever answers it.
export function api(method, path, body) {
    return engine.mode === 'worker' ? localApi(method, path, body)
        : serverApi(method, path, body);
}

// The server's engine when the page came from the board server, which describes itself
// at /api/info; the engine in a worker otherwise (any static file server). Returns the
// board's /api/info answer.
export async function chooseEngine() {
    const reply = await serverApi('GET', '/api/info');
    if (reply.ok && Array.isArray(reply.data.games)) {
        engine.mode = 'server';
        return reply;
    }
    engine.mode = 'worker';
    engine.build = BUILD;
    try {
        await startLocal();
    } catch (err) {
        return { ok: false, status: 0, data: { error: `the engine did not start: ${err.message}` } };
    }
    return localApi('GET', '/api/info');
}

export function gamePath(action) {
    return `/api/games/${ui.game.id}${action ? '/' + action : ''}`;
}

// The hooks the browser tests and the console read (tests/board/browser.py): the page's
// state, the desk's, and, in the worker mode, the open game of local.js.
export function exposeHooks(names) {
    Object.assign(window, names, { wyrmEngine: engine, wyrmLocal: localGames });
}
