// What every module of the board page shares: the page's state and its one way to ask the
// board for anything. board.js (the board, the game, the settings) and desk.js (analysis,
// referee, clocks, PGN) both import this module, and desk.js gets what it needs of
// board.js from board.js itself (deskWire), so the modules' imports form no cycle.
//
// Every request goes to the game model (model.js), which runs in the page in both ways of
// serving it (docs/board.md); its engine is the board server's native one when the server
// served the page, or the WebAssembly one in a Web Worker in the static build.
// chooseEngine decides once, at start.
'use strict';

import { modelApi, openGames, startModel } from './model.js';
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

async function serverInfo() {
    try {
        const response = await fetch('/api/info');
        const data = await response.json();
        return response.ok && Array.isArray(data.uci) ? data : null;
    } catch (err) {
        return null;  // a static file server: no /api/info, or not this JSON
    }
}

// A request to the board: {ok, status, data}.
export function api(method, path, body) {
    return modelApi(method, path, body);
}

// The server's engines when the page came from the board server, which describes its
// engine at /api/info; the engine in a worker otherwise (any static file server).
// Returns the board's /api/info answer.
export async function chooseEngine() {
    const served = await serverInfo();
    engine.mode = served ? 'server' : 'worker';
    engine.build = served ? null : BUILD;
    try {
        await startModel(served);
    } catch (err) {
        return { ok: false, status: 0, data: { error: `the engine did not start: ${err.message}` } };
    }
    return modelApi('GET', '/api/info');
}

export function gamePath(action) {
    return `/api/games/${ui.game.id}${action ? '/' + action : ''}`;
}

// The hooks the browser tests and the console read (tests/board/browser.py): the page's
// state, the desk's, and the model's open games.
export function exposeHooks(names) {
    Object.assign(window, names, { wyrmEngine: engine, wyrmLocal: openGames });
}
