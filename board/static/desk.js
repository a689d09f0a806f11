// The board as analysis desk and referee: the engine's live analysis and hints, the
// referee's list of legal moves, clocks, and games kept as PGN. Like board.js it knows no
// rules: positions, legal moves and scoring all come from the engine's descriptions.
'use strict';

import { $, api, gamePath, ui } from './page.js';

// What the desk uses of board.js, handed over by board.js when it wires the page
// (deskWire): desk.js imports nothing from board.js, so the modules form no cycle.
let busy, cellNode, clampInput, clicked, interactive, lost, message, newGame, playersChanged,
    render, sideName, stopEngine, variationShown, viewPly;

const POLL_MS = 200;        // how often the engine's info lines are fetched while it thinks
const CLOCK_TICK_MS = 100;
const ANALYSIS_ROWS = 12;   // info lines shown, the newest first

export const desk = {
    analysing: null,   // {promise, ply}: the running analysis
    watch: null,       // the search whose info lines are shown: {search, next, lines, ply}
    hint: null,        // the hinted move ({move, from, to, text}) and its position's FEN
    pacing: false,
    ended: null,       // a game ended off the board (a flag fell): {winner, text, points}
    startFen: null,
    startTurn: 0,
    searchTurn: 0,
    clock: null,
    pgnGames: [],
    polling: false,
    pollAgain: false,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function deskReferee() {
    return $('referee').checked;
}

export function endedOffBoard() {
    return ui.game && !ui.game.position.result ? desk.ended : null;
}

// The engine's thinking ----------------------------------------------------------------

// Shows the info lines of a search while its request is pending; returns its answer.
export async function watched(request) {
    desk.searchTurn = ui.shown.turn;
    let pending = true;
    const done = request.finally(() => { pending = false; });
    const game = ui.game;
    (async () => {
        while (pending && ui.game === game) {
            await sleep(POLL_MS);
            if (pending) await pollAnalysis();
        }
    })();
    const answer = await done;
    // The last lines are fetched while the answer is used: the board never waits for them.
    if (ui.game === game && !ui.game.dead) pollAnalysis();
    return answer;
}

// One poll at a time, each asking for the lines after those already shown; a poll asked
// for while one runs is made when it returns.
async function pollAnalysis() {
    if (desk.polling) {
        desk.pollAgain = true;
        return;
    }
    desk.polling = true;
    try {
        do {
            desk.pollAgain = false;
            await pollOnce();
        } while (desk.pollAgain);
    } finally {
        desk.polling = false;
    }
}

async function pollOnce() {
    if (!ui.game || ui.game.dead) return;
    const game = ui.game.id;
    const watch = desk.watch;
    const mine = watch && watch.game === game ? watch : null;
    const reply = await api('GET', gamePath(`analysis/${mine ? mine.next : 0}`));
    if (!reply.ok || !reply.data.search || !ui.game || ui.game.id !== game ||
        desk.watch !== watch) return;
    const data = reply.data;
    if (!mine || mine.search !== data.search) {
        // Another search (or game): its lines from the first.
        desk.watch = { game, search: data.search, next: 0, lines: [], ply: data.ply,
            turn: desk.searchTurn };
        if (data.from !== 0) return pollOnce();
    }
    desk.watch.lines.push(...data.lines);
    desk.watch.next = data.next;
    desk.watch.done = data.done;
    drawAnalysis();
}

function scoreWords(score, turn) {
    if (!score) return '';
    if (score.mate !== undefined) {
        const n = Math.abs(score.mate);
        const winner = score.mate > 0 ? turn : 1 - turn;
        return `${sideName(winner)} mates in ${n}`;
    }
    const value = score.cp / 100;
    return `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
}

function drawAnalysis() {
    const watch = desk.watch;
    const body = $('analysis-lines');
    body.replaceChildren();
    if (!watch) {
        $('analysis-best').textContent = '';
        return;
    }
    const turn = watch.turn;
    const lines = watch.lines.slice(-ANALYSIS_ROWS).reverse();
    for (const info of lines) {
        const row = document.createElement('tr');
        row.dataset.depth = info.depth;
        row.dataset.pv = info.pv.join(' ');
        row.dataset.score = info.score ? JSON.stringify(info.score) : '';
        const bound = info.bound === 'lower' ? '≥ ' : info.bound === 'upper' ? '≤ ' : '';
        const cells = [`${info.depth}/${info.seldepth || info.depth}`,
            bound + scoreWords(info.score, turn), (info.nodes || 0).toLocaleString('en'),
            info.pv.join(' ')];
        for (const text of cells) {
            const cell = document.createElement('td');
            cell.textContent = text;
            row.append(cell);
        }
        body.append(row);
    }
    const best = lines[0];
    $('analysis-best').textContent = best
        ? `Depth ${best.depth}: ${scoreWords(best.score, turn)}, best ${best.pv[0]}` +
          `${watch.done ? '' : ' (thinking…)'}`
        : 'The engine is thinking…';
    $('analysis').dataset.search = watch.search;
    $('analysis').dataset.ply = watch.ply;
}

function shownPly() {
    return ui.ply === null ? ui.game.moves.length : ui.ply;
}

// The engine is free for another request once a running analysis has stopped. A stop sent
// before the analysis began is repeated until it takes.
export async function engineFree() {
    const running = desk.analysing;
    if (!running) return;
    let finished = false;
    running.promise.finally(() => { finished = true; });
    while (!finished) {
        await api('POST', gamePath('stop'), {});
        await Promise.race([running.promise, sleep(300)]);
    }
    if (desk.analysing === running) desk.analysing = null;
}

function analysisWanted() {
    const pos = ui.shown;
    if (!$('analyse').classList.contains('on') || deskReferee() || !ui.game || ui.game.dead ||
        ui.diagram || !pos || pos.result || ui.busy > 0 || desk.pacing) return false;
    // While the engine plays its move, its own search is the one shown.
    return !(ui.ply === null && (endedOffBoard() || ui.players[pos.turn] === 'engine'));
}

function startAnalysis() {
    if (desk.analysing || !analysisWanted()) return;
    const ply = shownPly();
    const game = ui.game;
    const running = { ply };
    running.promise = watched(api('POST', gamePath('analyse'), { ply, infinite: true }))
        .then((reply) => {
            if (desk.analysing === running) desk.analysing = null;
            if (!reply.ok && ui.game === game && (reply.data.dead || reply.data.gone)) {
                lost(reply.data.error);
            }
            return reply;
        });
    desk.analysing = running;
}

// After every change of the shown position: the analysis follows it.
async function followAnalysis() {
    const running = desk.analysing;
    if (running && (running.ply !== shownPly() || !analysisWanted())) await engineFree();
    startAnalysis();
}

async function toggleAnalysis() {
    const button = $('analyse');
    button.classList.toggle('on');
    button.textContent = button.classList.contains('on') ? 'Stop analysis' : 'Analyse';
    if (button.classList.contains('on')) startAnalysis();
    else await engineFree();
}

async function showHint() {
    if (!ui.game || ui.game.dead || ui.busy > 0) return;
    await engineFree();
    const pos = ui.shown;
    const token = ui.token;
    busy(+1);
    let reply;
    try {
        reply = await watched(api('POST', gamePath('analyse'),
            { ply: shownPly(), movetime: clampInput('movetime') }));
    } finally {
        busy(-1);
    }
    if (token !== ui.token) return;
    if (!reply.ok) return message(reply.data.error);
    if (ui.shown === pos && reply.data.move) {
        desk.hint = { ...reply.data.move, fen: pos.fen };
        markHint();
    }
    followAnalysis();
}

function markHint() {
    const board = $('board');
    for (const node of board.querySelectorAll('.hint')) node.classList.remove('hint');
    const hint = desk.hint;
    if (!hint || !ui.shown || hint.fen !== ui.shown.fen) {
        delete board.dataset.hint;
        $('hint-text').textContent = '';
        return;
    }
    for (const name of hint.path.length ? hint.path : [hint.from, hint.to]) {
        const cell = cellNode(name);
        if (cell) cell.classList.add('hint');
    }
    board.dataset.hint = hint.move;
    $('hint-text').textContent = `Hint: ${hint.text || hint.move}`;
}

// Engine against engine at a chosen pace: a pause before each engine move.
export async function paceWait() {
    const pace = Math.max(0, Number($('pace').value) || 0);
    if (pace === 0) return false;
    desk.pacing = true;
    try {
        await sleep(pace);
    } finally {
        desk.pacing = false;
    }
    return true;
}

// The referee ---------------------------------------------------------------------------

// All legal moves of the side to move, one ply, in the order of their move strings (no
// ranking), as the engine lists them.
function drawLegal() {
    const on = deskReferee();
    $('legal-moves').hidden = !on;
    if (!on || !ui.shown) return;
    const pos = ui.shown;
    const list = $('legal');
    list.replaceChildren();
    const moves = [...pos.moves].sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
    for (const m of moves) {
        const item = document.createElement('li');
        item.dataset.move = m.move;
        item.textContent = m.text || m.move;
        if (m.text && m.text !== m.move) item.title = m.move;
        item.addEventListener('click', () => { if (interactive()) clicked(m.move); });
        list.append(item);
    }
    const over = pos.result || (ui.ply === null && endedOffBoard());
    $('legal-title').textContent = over ? 'No legal moves: the game is over'
        : `Legal moves of ${sideName(pos.turn)}: ${moves.length}`;
}

function refereeChanged() {
    const on = deskReferee();
    for (const id of ['side0', 'side1']) {
        if (on) $(id).value = 'human';
        $(id).disabled = on;
    }
    if (on) {
        $('analyse').classList.remove('on');
        $('analyse').textContent = 'Analyse';
        engineFree();
        desk.hint = null;
        desk.watch = null;
        drawAnalysis();
    }
    playersChanged();
}

// Clocks --------------------------------------------------------------------------------

function readClock() {
    const kind = $('clock-kind').value;
    const seconds = (id) => Math.max(0, Number($(id).value) || 0) * 1000;
    return {
        kind, base: Math.max(1000, seconds('clock-base')), inc: seconds('clock-inc'),
        cutoff: Math.max(1, Math.round(Number($('clock-cutoff').value) || 1)),
        final: seconds('clock-final'), left: [0, 0], made: [0, 0], side: null, since: 0,
    };
}

function clockKindChanged() {
    const kind = $('clock-kind').value;
    $('clock-settings').hidden = kind === 'none';
    for (const id of ['clock-cutoff-label', 'clock-final-label']) $(id).hidden = kind !== 'tiger';
    $('clock-base-name').textContent = kind === 'tiger' ? 'Reserve (s)' : 'Base (s)';
}

function resetClock() {
    const clock = readClock();
    clock.left = [clock.base, clock.base];
    desk.clock = clock.kind === 'none' ? null : clock;
    $('clocks').hidden = !desk.clock;
    drawClocks();
}

// The clock of the side to move in the live game runs while the game goes on.
function clockSync() {
    const clock = desk.clock;
    if (!clock) return;
    const now = performance.now();
    if (clock.side !== null) clock.left[clock.side] -= now - clock.since;
    clock.since = now;
    const live = ui.game && !ui.game.dead && !ui.game.position.result && !desk.ended;
    clock.side = live ? ui.game.position.turn : null;
}

// A move was made in the live game: the mover's clock gains its increment.
export function clockAfter(before, view) {
    const clock = desk.clock;
    if (!clock || !before || before.id !== view.id) return;
    if (view.moves.length !== before.moves.length + 1) return clockSync();
    const mover = before.position.turn;
    clockSync();
    clock.made[mover]++;
    if (clock.kind === 'fischer') clock.left[mover] += clock.inc;
    if (clock.kind === 'tiger' && clock.made[mover] <= clock.cutoff) {
        clock.left[mover] += clock.inc;
        if (clock.made[mover] === clock.cutoff) clock.left[mover] += clock.final;
    }
}

function clockText(ms) {
    const total = Math.max(0, Math.ceil(ms / 1000));
    const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    const ss = String(s).padStart(2, '0');
    return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

function drawClocks() {
    const clock = desk.clock;
    for (const side of [0, 1]) {
        const node = $(`clock-p${side + 1}`);
        if (!clock) {
            node.textContent = '';
            delete node.dataset.ms;
            continue;
        }
        const left = Math.max(0, Math.round(clock.left[side]));
        node.textContent = clockText(left);
        node.dataset.ms = left;
        node.dataset.moves = clock.made[side];
        node.classList.toggle('running', clock.side === side);
        node.classList.toggle('flagged', desk.ended !== null && desk.ended.loser === side);
        $(`clock-name-p${side + 1}`).textContent = sideName(side);
    }
}

function clockTick() {
    const clock = desk.clock;
    if (!clock) return;
    clockSync();
    if (clock.side !== null && clock.left[clock.side] <= 0) flagFall(clock.side);
    drawClocks();
}

// A flag falls: the game is lost on time, scored as the engine says the game scores it.
async function flagFall(side) {
    const clock = desk.clock;
    clock.left[side] = 0;
    clock.side = null;
    const scoring = ui.game.position.scoring;
    const winner = 1 - side;
    let points = null;
    let text = `${sideName(winner)} wins on time`;
    if (scoring) {
        points = [0, 0];
        points[winner] = scoring.time_loss;
        text += `: ${scoring.time_loss}-0`;
    }
    desk.ended = { winner, loser: side, reason: 'time forfeit', text, points };
    ui.token++;
    await stopEngine();
    render();
}

export function clockLimits() {
    const clock = desk.clock;
    if (!clock) return null;
    clockSync();
    const turn = ui.game.position.turn;
    const inc = (side) => clock.kind === 'fischer' ? clock.inc
        : clock.made[side] < clock.cutoff ? clock.inc : 0;
    const body = {
        wtime: Math.max(0, Math.floor(clock.left[0])), btime: Math.max(0, Math.floor(clock.left[1])),
        winc: Math.round(inc(0)), binc: Math.round(inc(1)),
    };
    if (clock.kind === 'tiger' && clock.made[turn] < clock.cutoff) {
        body.movestogo = clock.cutoff - clock.made[turn];
    }
    return body;
}

function timeControl() {
    const clock = desk.clock;
    if (!clock) return null;
    const s = (ms) => String(ms / 1000);
    return clock.kind === 'fischer' ? `${s(clock.base)}+${s(clock.inc)}`
        : `tiger=${s(clock.base)}+${s(clock.inc)}/${clock.cutoff}+${s(clock.final)}`;
}

// PGN -----------------------------------------------------------------------------------

function pgnTag(name, value) {
    return `[${name} "${String(value).replace(/[\\"]/g, (c) => '\\' + c)}"]`;
}

function pgnResult(winner) {
    return winner === 0 ? '1-0' : winner === 1 ? '0-1' : '1/2-1/2';
}

async function pgnText() {
    const view = ui.game;
    let start = desk.startFen;
    if (!start) {
        await engineFree();
        const reply = await api('GET', gamePath('ply/0'));
        if (!reply.ok) throw new Error(reply.data.error);
        start = reply.data.position.fen;
        desk.startTurn = reply.data.position.turn;
    }
    const pos = view.position;
    const ended = pos.result || endedOffBoard();
    const result = ended ? pgnResult(ended.winner) : '*';
    const now = new Date();
    const date = `${now.getFullYear()}.${String(now.getMonth() + 1).padStart(2, '0')}.` +
        String(now.getDate()).padStart(2, '0');
    const name = (side) => ui.players[side] === 'engine' ? ui.info.engine || 'engine' : 'human';
    const tags = [['Event', 'wyrm board'], ['Site', '?'], ['Date', date], ['Round', '1'],
        ['White', name(0)], ['Black', name(1)], ['Result', result], ['Variant', view.game]];
    if (view.variation) tags.push(['KnightVariation', view.variation]);
    tags.push(['FEN', start], ['SetUp', '1']);
    if (ended) tags.push(['Termination', pos.result ? 'normal' : ended.reason]);
    if (ended && ended.points) tags.push(['GamePoints', ended.points.join('-')]);
    tags.push(['PlyCount', view.moves.length]);
    if (timeControl()) tags.push(['TimeControl', timeControl()]);
    const words = [];
    // Which side made the first move: the start position says who is to move.
    const first = desk.startTurn;
    view.moves.forEach((move, i) => {
        const ply = i + first;
        if (ply % 2 === 0) words.push(`${ply / 2 + 1}.`);
        else if (i === 0) words.push(`${(ply + 1) / 2}...`);
        words.push(move);
    });
    if (ended) words.push(`{${ended.text.replace(/}/g, ')')}}`);
    words.push(result);
    const lines = [];
    let line = '';
    for (const word of words.join(' ').split(' ')) {
        if (line && line.length + 1 + word.length > 80) {
            lines.push(line);
            line = word;
        } else {
            line = line ? `${line} ${word}` : word;
        }
    }
    lines.push(line);
    return `${tags.map(([k, v]) => pgnTag(k, v)).join('\n')}\n\n${lines.join('\n')}\n\n`;
}

async function savePgn() {
    if (!ui.game || ui.game.dead) return;
    let text;
    try {
        text = await pgnText();
    } catch (err) {
        return message(`The game could not be written: ${err.message}`);
    }
    window.wyrmLastPgn = text;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
    link.download = `wyrm-${ui.game.game}-${ui.game.moves.length}.pgn`;
    document.body.append(link);
    link.click();
    link.remove();
    followAnalysis();
}

// Every game of a PGN file: its tags, its move strings, its last comment and result.
function parsePgn(text) {
    const games = [];
    let game = null;
    let movetext = '';
    const finish = () => {
        if (!game) return;
        game.moves = [];
        let body = movetext.replace(/;[^\n]*/g, ' ');
        body = body.replace(/\{([^}]*)\}/g, (_, comment) => {
            game.comment = comment.trim().replace(/\s+/g, ' ');
            return ' ';
        });
        let depth = 0;
        for (let word of body.split(/\s+/)) {
            for (const c of word) depth += c === '(' ? 1 : c === ')' ? -1 : 0;
            if (!word || word.includes('(') || word.includes(')') || depth > 0) continue;
            word = word.replace(/^\d+\.+/, '');
            if (!word || /^\$\d+$/.test(word)) continue;
            if (['1-0', '0-1', '1/2-1/2', '*'].includes(word)) break;
            game.moves.push(word);
        }
        games.push(game);
        game = null;
        movetext = '';
    };
    for (const raw of text.split(/\r?\n/)) {
        const line = raw.trim();
        const tag = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/.exec(line);
        if (tag) {
            if (game && movetext.trim()) finish();
            if (!game) game = { tags: {}, moves: [], comment: '' };
            game.tags[tag[1]] = tag[2].replace(/\\(.)/g, '$1');
        } else if (line && !line.startsWith('%')) {
            if (!game) game = { tags: {}, moves: [], comment: '' };
            movetext += ` ${line}`;
        }
    }
    finish();
    return games.filter((g) => g.moves.length || g.tags.FEN || g.tags.Variant);
}

async function openPgnFile() {
    const file = $('pgn-file').files[0];
    if (!file) return;
    if (file.size > 8 * 1024 * 1024) return message('That PGN file is over 8 MB.');
    const games = parsePgn(await file.text());
    $('pgn-file').value = '';
    if (!games.length) return message('No game found in that PGN file.');
    desk.pgnGames = games;
    const select = $('pgn-game');
    select.replaceChildren();
    games.forEach((g, i) => {
        const option = document.createElement('option');
        option.value = i;
        const t = g.tags;
        option.textContent = `${t.Round || i + 1}. ${t.White || '?'} - ${t.Black || '?'} ` +
            `${t.Result || '*'}`;
        select.append(option);
    });
    $('pgn-game-label').hidden = games.length < 2;
    return openPgnGame(0);
}

async function openPgnGame(index) {
    const g = desk.pgnGames[index];
    const variant = g.tags.Variant || ui.info.default;
    if (!ui.info.games.includes(variant)) {
        return message(`The PGN's game '${variant}' is not one this engine plays.`);
    }
    $('game').value = variant;
    variationShown();
    const knight = ui.info.options.KnightVariation;
    if (g.tags.KnightVariation && knight && knight.vars.includes(g.tags.KnightVariation)) {
        $('variation').value = g.tags.KnightVariation;
    }
    $('side0').value = 'human';
    $('side1').value = 'human';
    $('clock-kind').value = 'none';
    clockKindChanged();
    const extra = { moves: g.moves };
    if (g.tags.FEN) extra.fen = g.tags.FEN;
    if (!await newGame(extra)) return;
    // A game the record ends off the board (on time, by adjudication, by an engine's
    // fault) ends there, as it did; an end by the rules the position shows by itself.
    const decided = { '1-0': 0, '0-1': 1, '1/2-1/2': null }[g.tags.Result];
    const reason = g.tags.Termination;
    if (decided !== undefined && reason && reason !== 'normal' && !ui.game.position.result) {
        const points = g.tags.GamePoints ? g.tags.GamePoints.split('-').map(Number) : null;
        const winner = decided === null ? undefined : decided;
        const fallback = winner === undefined ? `Drawn (${reason})`
            : reason === 'time forfeit' ? `${sideName(winner)} wins on time`
                : `${sideName(winner)} wins (${reason})`;
        desk.ended = { winner, loser: winner === undefined ? undefined : 1 - winner, reason,
            points, text: g.comment || fallback };
    }
    message(`Opened: ${g.moves.length} moves of ${variant}. Step through them with the arrows.`,
        true);
    await viewPly(0);
}

// Wiring --------------------------------------------------------------------------------

export function deskNewGame() {
    if (deskReferee()) {
        $('side0').value = $('side1').value = 'human';
        ui.players = ['human', 'human'];
    }
    desk.ended = null;
    desk.hint = null;
    desk.watch = null;
    desk.startFen = null;
    resetClock();
    drawAnalysis();
}

export function deskRender() {
    if (ui.game && ui.game.moves.length === 0) {
        desk.startFen = ui.game.position.fen;
        desk.startTurn = ui.game.position.turn;
    }
    clockSync();
    drawClocks();
    drawLegal();
    markHint();
    followAnalysis();
}

export function deskControls() {
    const open = Boolean(ui.game && !ui.game.dead);
    const advice = open && !deskReferee();
    $('analyse').disabled = !advice;
    $('hint').disabled = !advice || ui.busy > 0 || !ui.shown || Boolean(ui.shown.result) ||
        (ui.ply === null && Boolean(endedOffBoard()));
    $('pgn-save').disabled = !open;
    const at = open ? shownPly() : 0;
    const count = open ? ui.game.moves.length : 0;
    $('first').disabled = $('prev').disabled = !open || at === 0;
    $('next').disabled = $('last').disabled = !open || at >= count;
}

// The desk's settings in the page's own address, so that it links to the same set-up.
export function deskParams(params) {
    if (deskReferee()) params.set('referee', '1');
    const kind = $('clock-kind').value;
    if (kind !== 'none') {
        params.set('clock', kind);
        const keys = kind === 'tiger' ? ['base', 'inc', 'cutoff', 'final'] : ['base', 'inc'];
        for (const key of keys) params.set(key, $(`clock-${key}`).value);
    }
    if (Number($('pace').value) > 0) params.set('pace', $('pace').value);
}

export function deskWire(board) {
    ({ busy, cellNode, clampInput, clicked, interactive, lost, message, newGame, playersChanged,
        render, sideName, stopEngine, variationShown, viewPly } = board);
    $('analyse').addEventListener('click', toggleAnalysis);
    $('hint').addEventListener('click', showHint);
    $('referee').addEventListener('change', refereeChanged);
    $('clock-kind').addEventListener('change', clockKindChanged);
    $('pgn-save').addEventListener('click', savePgn);
    $('pgn-file').addEventListener('change', openPgnFile);
    $('pgn-game').addEventListener('change', () => openPgnGame(Number($('pgn-game').value)));
    $('first').addEventListener('click', () => viewPly(0));
    $('prev').addEventListener('click', () => viewPly(shownPly() - 1));
    $('next').addEventListener('click', () => viewPly(shownPly() + 1));
    $('last').addEventListener('click', () => viewPly(ui.game.moves.length));
    const params = new URLSearchParams(location.search);
    if (params.get('referee') === '1') {
        $('referee').checked = true;
        for (const id of ['side0', 'side1']) $(id).disabled = true;
    }
    const clock = params.get('clock');
    if (clock === 'fischer' || clock === 'tiger') {
        $('clock-kind').value = clock;
        for (const key of ['base', 'inc', 'cutoff', 'final']) {
            if (params.get(key)) $(`clock-${key}`).value = params.get(key);
        }
    }
    if (params.get('pace')) $('pace').value = params.get('pace');
    clockKindChanged();
    setInterval(clockTick, CLOCK_TICK_MS);
}
