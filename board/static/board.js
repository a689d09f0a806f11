// The wyrm board page. It knows no rules: every cell, piece, legal move and result comes
// from the engine's `json` description, passed on by the board server (board/server.py)
// or, in the static build, by the engine in a worker (page.js chooses).
'use strict';

import {
    clockAfter,
    clockLimits,
    desk,
    deskControls,
    deskNewGame,
    deskParams,
    deskReferee,
    deskRender,
    deskWire,
    endedOffBoard,
    engineFree,
    paceWait,
    watched,
} from './desk.js';
import { decorateCell, drawFigure, pieceSet, setPieceSet } from './pieces.js';
import { setSlide, slideLast, slideOn } from './motion.js';
import { sharedGame, sharedRefused, showShared, wireShare } from './share.js';
import { wirePointer } from './touch.js';
import { $, api, chooseEngine, exposeHooks, gamePath, ui } from './page.js';

const UNIT = 64;            // SVG units per cell
const HEARTBEAT_MS = 15000; // the server ends a game it has not heard of for a while
const SVG = 'http://www.w3.org/2000/svg';

window.wyrmTimings = [];

// Waits for an answer about the current game; null if the game changed meanwhile, and the
// error shown (with an offer of a new game when the engine is gone).
async function gameCall(method, action, body) {
    const token = ui.token;
    busy(+1);
    try {
        // The engine answers one request at a time: a running analysis is stopped first.
        await engineFree();
        if (token !== ui.token) return null;
        const reply = await api(method, gamePath(action), body);
        if (token !== ui.token) return null;
        if (!reply.ok) {
            if (reply.data.dead || reply.data.gone) lost(reply.data.error);
            else message(reply.data.error || `error ${reply.status}`);
            return null;
        }
        return reply.data;
    } finally {
        busy(-1);
    }
}

export function busy(delta) {
    ui.busy += delta;
    $('board').dataset.busy = ui.busy > 0 ? '1' : '0';
    refreshControls();
}

// Messages and status -------------------------------------------------------------------

export function message(text, note) {
    const box = $('message');
    box.textContent = text || '';
    box.className = note ? 'note' : '';
    box.hidden = !text;
}

export function lost(text) {
    message(`${text}.`);
    const again = document.createElement('button');
    again.type = 'button';
    again.id = 'restart';
    again.textContent = 'Start a new game';
    again.addEventListener('click', () => newGame());
    $('message').append(again);
    ui.game.dead = true;
    ui.token++;
    setStatus();
    refreshControls();
}

export function sideName(index) {
    const name = ui.shown ? ui.shown.sides[index] : ['white', 'black'][index];
    return name.charAt(0).toUpperCase() + name.slice(1);
}

function setStatus() {
    const status = $('status');
    const pos = ui.shown;
    status.classList.remove('over');
    if (!pos) return;
    const ended = ui.ply === null ? endedOffBoard() : null;
    if (pos.result) {
        status.textContent = pos.result.text;
        status.classList.add('over');
    } else if (ended) {
        status.textContent = ended.text;
        status.classList.add('over');
    } else if (ui.game.dead) {
        status.textContent = 'The engine has stopped';
    } else {
        const thinking = ui.ply === null && ui.busy > 0 && ui.players[pos.turn] === 'engine';
        status.textContent = `${sideName(pos.turn)} to move`;
        if (thinking) status.textContent += ' (the engine is thinking…)';
    }
    if (ui.ply !== null) {
        status.textContent += ` (looking at move ${ui.ply} of ${ui.game.moves.length})`;
    }
}

// Drawing -------------------------------------------------------------------------------

function svg(tag, attrs, parent) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (parent) parent.append(node);
    return node;
}

function extent(pos) {
    let [x0, y0, x1, y1] = [0, 0, pos.width, pos.height];
    for (const c of pos.cells) {
        x0 = Math.min(x0, c.x);
        y0 = Math.min(y0, c.y);
        x1 = Math.max(x1, c.x + (c.w || 1));
        y1 = Math.max(y1, c.y + (c.h || 1));
    }
    return { x0, y0, x1, y1 };
}

function cellBox(c, box) {
    const w = c.w || 1, h = c.h || 1;
    const x = ui.flipped ? box.x1 - c.x - w : c.x - box.x0;
    const y = ui.flipped ? c.y - box.y0 : box.y1 - c.y - h;
    return { x: x * UNIT, y: y * UNIT, w: w * UNIT, h: h * UNIT };
}

function draw() {
    const pos = ui.shown;
    const board = $('board');
    board.replaceChildren();
    const box = extent(pos);
    const width = (box.x1 - box.x0) * UNIT, height = (box.y1 - box.y0) * UNIT;
    board.setAttribute('viewBox', `-4 -4 ${width + 8} ${height + 8}`);
    if (ui.diagram) {
        board.setAttribute('width', width + 8);
        board.setAttribute('height', height + 8);
    }
    const byCell = new Map();
    for (const p of pos.pieces) {
        if (!byCell.has(p.cell)) byCell.set(p.cell, []);
        byCell.get(p.cell).push(p);
    }
    const last = ui.last;
    const lastCells = new Set(last ? [last.from, last.to, ...(last.path || [])] : []);
    const captured = new Set(last ? last.captured || [] : []);
    const converted = new Set(last ? last.converted || [] : []);
    const movable = new Set(interactive() ? pos.moves.map((m) => m.from) : []);
    const marks = { lastCells, captured, converted, movable };
    for (const c of pos.cells) drawCell(board, c, box, byCell.get(c.name) || [], marks);
    board.classList.toggle('interactive', interactive());
    board.classList.toggle('no-names', !$('names').checked);
    board.dataset.fen = pos.fen;
    board.dataset.ply = ui.ply === null ? ui.game.moves.length : ui.ply;
    board.dataset.game = pos.game;
    board.dataset.pieces = pieceSet();
    slideLast(board, ui.last, ui.game.id, Number(board.dataset.ply), ui.diagram);
    ui.selected = null;
}

// One cell: its ground, the marks that may show on it, its name and its pieces.
function drawCell(board, c, box, pieces, marks) {
    const r = cellBox(c, box);
    const g = svg('g', { class: `cell kind-${c.kind}`, 'data-cell': c.name, 'data-kind': c.kind },
        board);
    if (c.shade !== undefined) g.classList.add(`shade-${c.shade}`);
    if (pieces.length) g.classList.add('occupied');
    if (marks.lastCells.has(c.name)) g.classList.add('last');
    if (marks.captured.has(c.name)) g.classList.add('captured');
    if (marks.converted.has(c.name)) g.classList.add('converted');
    if (marks.movable.has(c.name)) g.classList.add('movable');
    if (ui.marks.has(c.name)) g.classList.add('marked');
    const title = [c.label ? `${c.name}: ${c.label}` : c.name, c.kind.replace(/-/g, ' ')];
    for (const p of pieces) {
        const words = [sideName(p.side), ...(p.state || [])].join(', ');
        title.push(`${p.name || p.kind} (${words})`);
    }
    svg('title', {}, g).textContent = title.join('\n');
    svg('rect', { class: 'ground', x: r.x, y: r.y, width: r.w, height: r.h }, g);
    decorateCell(g, c, r);
    svg('rect', { class: 'mark', x: r.x, y: r.y, width: r.w, height: r.h }, g);
    const name = svg('text', { class: 'name', x: r.x + 3, y: r.y + 12 }, g);
    name.textContent = c.name;
    const cx = r.x + r.w / 2, cy = r.y + r.h / 2, size = Math.min(r.w, r.h);
    pieces.forEach((p, i) => drawPiece(g, p, cx, cy, size, i, pieces.length));
    const d = size * 0.22;
    const [x0, y0, x1, y1] = [cx - d, cy - d, cx + d, cy + d];
    svg('path', { class: 'captured', d: `M${x0},${y0}L${x1},${y1}M${x1},${y0}L${x0},${y1}` }, g);
    svg('circle', { class: 'converted', cx, cy, r: size * 0.44 }, g);
    svg('circle', { class: 'target', cx, cy, r: pieces.length ? size * 0.42 : size * 0.14 }, g);
}

function drawPiece(cell, p, cx, cy, size, index, count) {
    // Pieces sharing a cell (a crew aboard a vessel) are drawn smaller, along a diagonal
    // from the lower left, in the engine's order.
    const scale = count > 1 ? 0.58 : 1;
    const shift = count > 1 ? (index - (count - 1) / 2) * size * 0.4 / (count - 1) : 0;
    const g = svg('g', { class: `piece side-${p.side} kind-${p.kind}`, 'data-piece': p.kind },
        cell);
    g.dataset.label = p.label;
    for (const s of p.state || []) g.classList.add(`st-${s}`);
    const x = cx + shift, y = cy - shift, radius = size * 0.38 * scale;
    const place = { x, y, radius, cx, cy, full: size * 0.38, flipped: ui.flipped };
    if (pieceSet() === 'drawn' && drawFigure(g, ui.shown.game, p, place)) return;
    svg('circle', { class: 'body', cx: x, cy: y, r: radius }, g);
    svg('circle', { class: 'state', cx: x, cy: y, r: radius + 4 }, g);
    for (const s of p.state || []) {
        // A vessel's bow ("bow-ne") is drawn as a pointer on the rim, turned with the board.
        const bow = /^bow-(n|ne|e|se|s|sw|w|nw)$/.exec(s);
        if (!bow) continue;
        const compass = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'];
        const turns = compass.indexOf(bow[1]) + (ui.flipped ? 4 : 0);
        const a = (turns * Math.PI) / 4, tip = radius + 9, base = radius - 1, half = 0.32;
        const at = (r, da) => `${x + r * Math.sin(a + da)},${y - r * Math.cos(a + da)}`;
        svg('path', { class: 'bow', d: `M${at(tip, 0)}L${at(base, half)}L${at(base, -half)}Z` }, g);
    }
    const label = svg('text', { x, y }, g);
    label.textContent = p.label;
    const fit = p.label.length > 2 ? 0.7 : p.label.length > 1 ? 0.85 : 1.1;
    label.style.fontSize = `${Math.round(radius * fit)}px`;
}

export function cellNode(name) {
    return $('board').querySelector(`[data-cell="${CSS.escape(name)}"]`);
}

function movesFrom(name) {
    return ui.shown.moves.filter((m) => m.from === name);
}

export function select(name) {
    unselect();
    ui.selected = name;
    cellNode(name).classList.add('selected');
    for (const m of movesFrom(name)) cellNode(m.to).classList.add('destination');
}

function unselect() {
    ui.selected = null;
    for (const node of $('board').querySelectorAll('.selected, .destination')) {
        node.classList.remove('selected', 'destination');
    }
}

function drawMoves() {
    const list = $('moves');
    list.replaceChildren();
    const played = ui.game.played;
    ui.game.moves.forEach((move, i) => {
        const item = document.createElement('li');
        item.dataset.move = move;
        item.dataset.ply = i + 1;
        item.textContent = played[i] && played[i].text ? played[i].text : move;
        if (played[i] && played[i].text && played[i].text !== move) item.title = move;
        const current = ui.ply === null ? i === ui.game.moves.length - 1 : i === ui.ply - 1;
        if (current) item.classList.add('current');
        item.addEventListener('click', () => viewPly(i + 1));
        list.append(item);
    });
    const current = list.querySelector('.current');
    if (current) {
        // Scrolls the list only, never the page.
        const top = current.offsetTop - list.offsetTop;
        const bottom = top + current.offsetHeight;
        if (top < list.scrollTop || bottom > list.scrollTop + list.clientHeight) {
            list.scrollTop = top - list.clientHeight / 2;
        }
    }
    $('live').hidden = ui.ply === null;
}

export function render() {
    draw();
    drawMoves();
    setStatus();
    $('fen').value = ui.shown.fen;
    $('side0-name').textContent = sideName(0);
    $('side1-name').textContent = sideName(1);
    refreshControls();
    deskRender();
    if (!ui.diagram) showShared(ui.game);
}

export function interactive() {
    return Boolean(ui.game && !ui.game.dead && ui.ply === null && !ui.diagram && ui.busy === 0 &&
        ui.shown && !ui.shown.result && !endedOffBoard() &&
        ui.players[ui.shown.turn] === 'human');
}

function refreshControls() {
    const open = Boolean(ui.game && !ui.game.dead);
    const live = open && ui.ply === null;
    $('undo').disabled = !live || ui.game.moves.length === 0 || Boolean(endedOffBoard());
    $('copy-fen').disabled = !ui.shown;
    $('load-fen').disabled = !open;
    $('engine-move').disabled = !live || ui.busy > 0 || !ui.shown || Boolean(ui.shown.result) ||
        Boolean(endedOffBoard()) || deskReferee();
    deskControls();
    const board = $('board');
    if (board) board.classList.toggle('interactive', interactive());
}

// Playing -------------------------------------------------------------------------------

function accept(view, last) {
    clockAfter(ui.game, view);
    ui.game = view;
    ui.ply = null;
    ui.shown = view.position;
    ui.last = last === undefined ? view.played[view.played.length - 1] || null : last;
    render();
}

async function play(move) {
    unselect();
    const started = ui.timing ? ui.timing.click : performance.now();
    const view = await gameCall('POST', 'move', { move });
    if (!view) { draw(); return; }
    accept(view);
    ui.timing = { click: started, moveShown: performance.now() };
    continueGame();
}

// Lets the engine move while the side to move is the engine's.
async function continueGame(paced) {
    const pos = ui.shown;
    if (!ui.game || ui.game.dead || ui.ply !== null || ui.diagram || pos.result ||
        endedOffBoard() || ui.players[pos.turn] !== 'engine' || ui.busy > 0 || desk.pacing) {
        ui.timing = null;
        return;
    }
    if (paced && await paceWait()) return continueGame();
    setStatusThinking();
    const view = await watched(gameCall('POST', 'go', engineLimits()));
    if (!view) { setStatus(); return; }
    accept(view);
    if (ui.timing) {
        const shown = performance.now();
        window.wyrmTimings.push({ ...ui.timing, engineShown: shown, thinkMs: view.think_ms });
        ui.timing = null;
    }
    if (view.bestmove) continueGame(true);
}

// What the engine is told for its next move: its clocks, a time or a depth, and its Skill
// Level.
function engineLimits() {
    // On a clock, the clock is the limit.
    const clock = clockLimits();
    const body = clock || {};
    if (!clock && $('limit').value === 'depth') body.depth = clampInput('depth');
    else if (!clock) body.movetime = clampInput('movetime');
    if (!$('skill').disabled) body.skill = clampInput('skill');
    return body;
}

function setStatusThinking() {
    setStatus();
    const pos = ui.shown;
    $('status').textContent = `${sideName(pos.turn)} to move (the engine is thinking…)`;
}

export function clampInput(id) {
    const input = $(id);
    const value = Math.round(Number(input.value));
    const min = Number(input.min), max = Number(input.max);
    const clamped = Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
    input.value = clamped;
    return clamped;
}

function onCell(name) {
    if (!$('chooser').hidden) return closeChooser();
    if (!interactive()) return;
    if (ui.selected !== null) {
        const choices = movesFrom(ui.selected).filter((m) => m.to === name);
        if (choices.length === 1) return clicked(choices[0].move);
        if (choices.length > 1) return choose(choices);
        if (name === ui.selected) return unselect();
    }
    if (movesFrom(name).length) select(name);
    else unselect();
}

export function clicked(move) {
    ui.timing = { click: performance.now() };
    play(move);
}

function choose(moves) {
    const box = $('choices');
    box.replaceChildren();
    for (const m of moves) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'choice';
        button.dataset.move = m.move;
        button.textContent = m.text || m.move;
        const detail = [];
        if (m.text && m.text !== m.move) detail.push(m.move);
        if (m.captured && m.captured.length) detail.push(`takes ${m.captured.join(' ')}`);
        if (m.converted && m.converted.length) detail.push(`converts ${m.converted.join(' ')}`);
        if (m.path && m.path.length > 2) detail.push(`via ${m.path.slice(1, -1).join(' ')}`);
        if (detail.length) {
            const span = document.createElement('span');
            span.className = 'detail';
            span.textContent = detail.join(', ');
            button.append(span);
        }
        button.addEventListener('mouseenter', () => preview(m));
        button.addEventListener('mouseleave', () => preview(null));
        button.addEventListener('click', () => {
            $('chooser').hidden = true;
            preview(null);
            clicked(m.move);
        });
        box.append(button);
    }
    $('chooser').hidden = false;
}

function closeChooser() {
    $('chooser').hidden = true;
    preview(null);
    unselect();
}

function preview(move) {
    for (const node of $('board').querySelectorAll('.preview, .preview-captured')) {
        node.classList.remove('preview', 'preview-captured');
    }
    if (!move) return;
    for (const name of move.path || []) cellNode(name).classList.add('preview');
    for (const name of move.captured || []) cellNode(name).classList.add('preview-captured');
}

export async function stopEngine() {
    if (ui.game && !ui.game.dead && ui.busy > 0) {
        await api('POST', gamePath('stop'), {});
    }
    await engineFree();
}

async function undo() {
    await stopEngine();
    ui.token++;
    let view = await gameCall('POST', 'undo', { plies: 1 });
    if (!view) return continueGame();
    // Back to a person's turn: take back the engine's reply too.
    const humans = ui.players.includes('human');
    if (humans && ui.players[view.position.turn] === 'engine' && view.moves.length > 0) {
        const again = await gameCall('POST', 'undo', { plies: 1 });
        if (again) view = again;
    }
    message('');
    accept(view);
    continueGame();
}

async function loadFen() {
    const fen = $('fen-input').value.trim();
    if (!fen) return message('Paste a FEN into the box first.');
    await stopEngine();
    ui.token++;
    const view = await gameCall('POST', 'fen', { fen });
    // A refused FEN leaves the game as it was, and the engine to move moves again.
    if (!view) return continueGame();
    message('');
    accept(view);
    continueGame();
}

async function copyFen() {
    const fen = ui.shown.fen;
    try {
        await navigator.clipboard.writeText(fen);
        message('FEN copied.', true);
    } catch (err) {
        $('fen').select();
        message('Select-all is done: press Ctrl-C to copy the FEN.', true);
    }
}

export async function viewPly(ply) {
    if (!ui.game || ui.game.dead) return;
    unselect();
    await engineFree();
    if (ply >= ui.game.moves.length && ui.busy === 0) return backToGame();
    const token = ui.token;
    const reply = await api('GET', gamePath(`ply/${ply}`));
    if (token !== ui.token) return;
    if (!reply.ok) {
        if (reply.data.dead || reply.data.gone) return lost(reply.data.error);
        return message(reply.data.error);
    }
    ui.ply = ply;
    ui.shown = reply.data.position;
    ui.last = reply.data.last;
    render();
}

function backToGame() {
    ui.ply = null;
    ui.shown = ui.game.position;
    ui.last = ui.game.played[ui.game.played.length - 1] || null;
    render();
}

// Starting ------------------------------------------------------------------------------

export function settings() {
    const game = $('game').value;
    const body = { game };
    if (game === 'dragonqi' && !$('variation-label').hidden) body.variation = $('variation').value;
    return body;
}

export async function newGame(extra) {
    await stopEngine();
    ui.token++;
    const token = ui.token;
    const body = { ...settings(), ...(extra || {}) };
    if (ui.game && !ui.game.dead) body.replace = ui.game.id;
    ui.players = [$('side0').value, $('side1').value];
    deskNewGame();
    busy(+1);
    const reply = await api('POST', '/api/games', body);
    busy(-1);
    if (token !== ui.token) return false;
    if (!reply.ok) {
        if (ui.game) ui.game.dead = true;
        message(reply.data.error || `error ${reply.status}`);
        refreshControls();
        return false;
    }
    message('');
    ui.flipped = ui.flipped && !ui.diagram;
    accept(reply.data);
    if (!ui.diagram) rememberSettings();
    continueGame();
    return true;
}

function rememberSettings() {
    const params = new URLSearchParams();
    params.set('game', ui.game.game);
    if (ui.game.variation) params.set('variation', ui.game.variation);
    params.set('white', ui.players[0]);
    params.set('black', ui.players[1]);
    if ($('limit').value === 'depth') params.set('depth', $('depth').value);
    else params.set('movetime', $('movetime').value);
    deskParams(params);
    history.replaceState(null, '', `?${params}${location.hash}`);
}

function fillSelectors(info, params) {
    const games = $('game');
    for (const id of info.games) {
        const option = document.createElement('option');
        option.value = id;
        option.textContent = id;
        games.append(option);
    }
    const wanted = params.get('game');
    games.value = info.games.includes(wanted) ? wanted : info.default;
    const knight = info.options.KnightVariation;
    if (knight && knight.vars) {
        for (const v of knight.vars) {
            const option = document.createElement('option');
            option.value = v;
            option.textContent = v;
            $('variation').append(option);
        }
        const variation = params.get('variation');
        const fallback = knight.default || knight.vars[0];
        $('variation').value = knight.vars.includes(variation) ? variation : fallback;
    }
    const skill = info.options['Skill Level'];
    if (skill) {
        $('skill').min = skill.min;
        $('skill').max = skill.max;
        $('skill').value = params.get('skill') || skill.default;
    } else {
        $('skill').disabled = true;
        $('skill-label').title = 'this engine has no Skill Level option: it plays at full strength';
    }
    for (const [i, side] of ['white', 'black'].entries()) {
        const value = params.get(side) || params.get(`p${i + 1}`);
        if (value === 'human' || value === 'engine') $(`side${i}`).value = value;
        else if (!value && i === 1) $(`side${i}`).value = 'engine';
    }
    if (params.get('depth')) {
        $('limit').value = 'depth';
        $('depth').value = params.get('depth');
    }
    if (params.get('movetime')) $('movetime').value = params.get('movetime');
    limitChanged();
    variationShown();
}

// The knight variation is an option of DragonQi alone (see the engine's option list).
export function variationShown() {
    const knight = ui.info && ui.info.options.KnightVariation;
    $('variation-label').hidden = !(knight && $('game').value === 'dragonqi');
}

function limitChanged() {
    const depth = $('limit').value === 'depth';
    $('depth-label').hidden = !depth;
    $('movetime-label').hidden = depth;
}

function heartbeat() {
    if (!ui.game || ui.game.dead || ui.diagram) return;
    const token = ui.token;
    api('POST', gamePath('heartbeat'), {}).then((reply) => {
        const gone = !reply.ok && (reply.data.gone || reply.data.dead);
        if (token === ui.token && gone) lost(reply.data.error);
    });
}

// The line under the board: what the cell under the pointer (or the last tap) holds.
function pieceInfo(cell) {
    const title = cell && cell.querySelector('title');
    $('piece-info').textContent = title ? title.textContent.split('\n').join(' · ') : '';
}

function closeGame() {
    if (!ui.game || ui.game.dead) return;
    // The model ends the game's engine at once: a server's, with a request that outlives
    // the page (relay-engine.js).
    api('POST', gamePath('close'), {});
}

function wire() {
    $('board').addEventListener('click', (event) => {
        const cell = event.target.closest('[data-cell]');
        if (cell) onCell(cell.dataset.cell);
    });
    $('new').addEventListener('click', () => newGame());
    // Choosing another game (or knight variation) starts it at once.
    $('game').addEventListener('change', () => { variationShown(); newGame(); });
    $('variation').addEventListener('change', () => newGame());
    $('side0').addEventListener('change', playersChanged);
    $('side1').addEventListener('change', playersChanged);
    $('limit').addEventListener('change', limitChanged);
    $('flip').addEventListener('click', () => { ui.flipped = !ui.flipped; draw(); });
    $('names').addEventListener('change',
        () => $('board').classList.toggle('no-names', !$('names').checked));
    $('undo').addEventListener('click', undo);
    $('load-fen').addEventListener('click', loadFen);
    $('fen-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') loadFen(); });
    $('copy-fen').addEventListener('click', copyFen);
    $('live').addEventListener('click', backToGame);
    $('engine-move').addEventListener('click', engineMoveNow);
    $('choose-cancel').addEventListener('click', closeChooser);
    $('piece-set').value = pieceSet();
    $('piece-set').addEventListener('change', () => {
        setPieceSet($('piece-set').value);
        if (ui.shown) draw();
    });
    $('slide').checked = slideOn();
    $('slide').addEventListener('change', () => setSlide($('slide').checked));
    wireShare($('copy-link'), () => ui.game, message);
    wirePointer($('board'), {
        canDrag: (name) => interactive() && $('chooser').hidden && movesFrom(name).length > 0,
        pick: select,
        drop: onCell,
        info: pieceInfo,
    });
    document.addEventListener('keydown', (e) => {
        if (e.target.tagName === 'INPUT' || !ui.game) return;
        const at = ui.ply === null ? ui.game.moves.length : ui.ply;
        if (e.key === 'ArrowLeft' && at > 0) viewPly(at - 1);
        if (e.key === 'ArrowRight' && at < ui.game.moves.length) viewPly(at + 1);
        if (e.key === 'Escape') closeChooser();
    });
    window.addEventListener('pagehide', closeGame);
    deskWire({ busy, cellNode, clampInput, clicked, interactive, lost, message, newGame,
        playersChanged, render, sideName, stopEngine, variationShown,
        viewPly });
    setInterval(heartbeat, HEARTBEAT_MS);
}

export function playersChanged() {
    ui.players = [$('side0').value, $('side1').value];
    if (!ui.diagram && ui.game) rememberSettings();
    if (ui.shown) render();
    continueGame();
}

// The side to move is handed to the engine for one move, then goes back to its player.
async function engineMoveNow() {
    const turn = ui.shown.turn;
    const before = ui.players[turn];
    ui.players[turn] = 'engine';
    const token = ui.token;
    setStatusThinking();
    const view = await watched(gameCall('POST', 'go', engineLimits()));
    if (token === ui.token) ui.players[turn] = before;
    if (view) {
        accept(view);
        continueGame();
    }
}

async function start() {
    const params = new URLSearchParams(location.search);
    ui.diagram = params.get('diagram') === '1';
    document.body.classList.toggle('diagram', ui.diagram);
    for (const name of (params.get('marks') || '').split(',')) if (name) ui.marks.add(name);
    wire();
    exposeHooks({ ui, desk, interactive, clockLimits });
    const reply = await chooseEngine();
    if (!reply.ok) {
        $('status').textContent = 'The engine does not answer';
        return message(reply.data.error);
    }
    ui.info = reply.data;
    // A shared game in the fragment names the game, its variation and its moves.
    const shared = ui.diagram ? null : sharedGame(location.hash, ui.info);
    const link = shared && !shared.error ? shared : null;
    if (link) params.set('game', link.game);
    if (link && link.variation) params.set('variation', link.variation);
    fillSelectors(ui.info, params);
    if (params.get('flip') === '1') ui.flipped = true;
    const extra = {};
    if (params.get('fen')) extra.fen = params.get('fen');
    if (params.get('moves')) extra.moves = params.get('moves').split(/[\s,]+/).filter(Boolean);
    if (link) {
        delete extra.fen;
        if (link.fen) extra.fen = link.fen;
        delete extra.moves;
        if (link.moves.length) extra.moves = link.moves;
    }
    let ok = await newGame(extra);
    if (!ok && !ui.diagram && (extra.fen || extra.moves)) {
        // The link's position is refused: the game starts from the beginning instead.
        const why = $('message').textContent;
        ui.game = null;
        ok = await newGame();
        message(link ? sharedRefused(why) : `The link's position was not loaded: ${why}`);
    } else if (shared && shared.error) {
        message(shared.error);
    }
    if (ui.diagram && ui.game) closeGame();
    window.wyrmReadyMs = performance.now();
    document.body.dataset.ready = ok ? '1' : 'error';
}

start();
