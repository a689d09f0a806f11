// The engine client of the board served by the board server: one native engine process
// on the server (board/wyrmboard/relay.py), spoken to through the server's engine routes
// as worker-engine.js speaks to the engine in a Web Worker. The game model (model.js)
// cannot tell the two apart: commands answered up to `readyok`, a search's lines read
// until its `bestmove`, `stop`, and the end of the engine.
'use strict';

import { EngineDead, EngineRefused, REPLY_TIMEOUT_MS, TimeoutError } from './worker-engine.js';

const POLL_WAIT_MS = 2000;  // the longest wait the server grants a read of lines

// A refusal of the server that is not the engine's (the cap on games): its status and
// the words of its answer go to the page as they are.
export class RelayRefused extends Error {
    constructor(status, data) {
        super(data.error || `the board server answered ${status}`);
        this.status = status;
        this.extra = {};
        for (const key of ['gone', 'dead']) if (data[key]) this.extra[key] = true;
    }
}

async function ask(method, path, body, keepalive) {
    const options = { method, headers: {}, keepalive: Boolean(keepalive) };
    if (body !== undefined) {
        options.headers['Content-Type'] = 'application/json';
        options.body = JSON.stringify(body);
    }
    let response;
    try {
        response = await fetch(path, options);
    } catch (err) {
        return { ok: false, status: 0, data: { error: 'the board server does not answer',
            dead: true } };
    }
    let data;
    try {
        data = await response.json();
    } catch (err) {
        data = { error: `the board server sent a reply that is not JSON (${response.status})` };
    }
    return { ok: response.ok, status: response.status, data };
}

export class RelayEngine {
    // A new engine on the server, ready for a game.
    static async open() {
        const reply = await ask('POST', '/api/engines', {});
        if (!reply.ok) throw new RelayRefused(reply.status, reply.data);
        return new RelayEngine(reply.data.id);
    }

    constructor(id) {
        this.id = id;
        this.dead = null;       // why the engine is gone, once it is
        this.gone = false;      // it was ended by the server (closed, or its page silent)
        this.going = false;     // a `go` was sent and its bestmove not yet read
        this.next = 0;          // the number of the search's next line to read
        this.closing = null;    // the request that ends it, once sent
        this.started = null;    // the request that started the last search
    }

    alive() {
        return !this.dead;
    }

    death() {
        return this.dead || 'the engine stopped answering';
    }

    // One route of this engine; an answer saying the engine is gone ends it here too.
    async call(method, action, body) {
        if (this.dead) throw new EngineDead(this.death());
        const reply = await ask(method, `/api/engines/${this.id}/${action}`, body);
        if (reply.ok) return reply.data;
        const data = reply.data;
        if (data.dead || data.gone) {
            this.dead = this.dead || data.error;
            this.gone = Boolean(data.gone);
            throw new EngineDead(this.dead);
        }
        throw new EngineRefused(data.error || `the board server answered ${reply.status}`);
    }

    async command(command) {
        return (await this.call('POST', 'command', { command })).lines;
    }

    // Several commands in one exchange with the server: each one's lines.
    async commands(commands) {
        return (await this.call('POST', 'command', { commands })).replies;
    }

    // `go ...` starts a search; `stop` ends it.
    async send(line) {
        if (line === 'stop') return this.stopSearch();
        if (!line.startsWith('go ')) throw new EngineRefused(`not sent to the engine: ${line}`);
        this.going = true;
        this.next = 0;
        this.started = this.call('POST', 'go', { go: line.slice(3) });
        await this.started;
        return undefined;
    }

    drain() {}

    // Reads the search's lines up to the one starting with `last` (its `bestmove`); see
    // WorkerEngine.until.
    async until(last, timeoutMs, patient, onLine) {
        const deadline = performance.now() + (timeoutMs === undefined ? REPLY_TIMEOUT_MS : timeoutMs);
        const seen = [];
        for (;;) {
            const wait = Math.floor(Math.min(deadline - performance.now(), POLL_WAIT_MS));
            if (wait <= 0) {
                if (patient) throw new TimeoutError();
                this.kill();
                throw new EngineDead('the engine stopped answering');
            }
            const data = await this.call('GET', `lines/${this.next}?wait=${wait}`);
            this.next = data.next;
            for (const line of data.lines) {
                if (line === last || line.startsWith(`${last} `)) {
                    this.going = false;
                    return { seen, line };
                }
                seen.push(line);
                if (onLine) onLine(line);
            }
        }
    }

    // A stop asked for while the `go` is on its way is sent once the search has begun.
    async stopSearch() {
        if (this.going && this.started) await this.started.catch(() => {});
        if (!this.dead && this.going) await this.call('POST', 'stop', {});
    }

    async heartbeat() {
        await this.call('POST', 'heartbeat', {});
    }

    // Ends the engine; the request outlives a page being closed.
    kill() {
        if (this.dead) return;
        this.dead = 'the engine was ended';
        this.closing = ask('POST', `/api/engines/${this.id}/close`, {}, true);
    }
}
