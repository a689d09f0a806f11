// The engine client of the board without a server: one engine in a Web Worker
// (engine-worker.js), spoken to as relay-engine.js speaks to a native engine on the board
// server, so the game model (model.js) uses either: lines sent, lines read until an
// expected one, `isready` after each command.
//
// The WebAssembly engine runs one thread, and a search keeps it busy until it answers:
// a `stop` could only be read once the search is over. So a search is stopped by ending
// the worker and starting another (from the module compiled once), told the options it
// had; the stopped search's best move is the first move of its last reported line.
'use strict';

export const REPLY_TIMEOUT_MS = 10000;

export class EngineRefused extends Error {}
export class EngineDead extends Error {}

let compiled = null;

// The build the page can run: with threads only where the page is cross-origin isolated
// (shared memory is given to no other page).
export const BUILD = self.crossOriginIsolated && typeof SharedArrayBuffer === 'function'
    ? 'wyrm-mt' : 'wyrm';
export const THREADED = BUILD === 'wyrm-mt';
const SEARCH_THREADS_MAX = 4;

function searchThreads() {
    return Math.max(1, Math.min(navigator.hardwareConcurrency || 1, SEARCH_THREADS_MAX));
}

// The engine's code, fetched and compiled once for every worker of the page.
export function compileEngine() {
    if (!compiled) {
        const file = `${BUILD}.wasm`;
        compiled = fetch(file).then((response) => {
            if (!response.ok) throw new EngineDead(`${file} is missing (${response.status})`);
            return response.arrayBuffer();
        }).then((bytes) => WebAssembly.compile(bytes));
        compiled.catch(() => { compiled = null; });
    }
    return compiled;
}

export class WorkerEngine {
    constructor() {
        this.lines = [];
        this.wakeup = null;
        this.dead = null;       // why the engine is gone, once it is
        // setoption lines to repeat in a new worker; with threads, one search thread per
        // core the browser reports (at most SEARCH_THREADS_MAX).
        this.options = THREADED ? [`setoption name Threads value ${searchThreads()}`] : [];
        this.lastPv = null;     // the first move of the running search's last line
        this.going = false;     // a `go` was sent and its bestmove not yet read
        this.ready = this.spawn();
    }

    async spawn() {
        const module = await compileEngine();
        const worker = new Worker('engine-worker.js');
        this.worker = worker;
        worker.onmessage = (event) => {
            if (worker !== this.worker) return;
            const data = event.data;
            if (typeof data === 'string') this.arrive(data);
            else if (data && data.failed) this.die(`the engine did not start: ${data.failed}`);
        };
        worker.onerror = (event) => {
            event.preventDefault();
            if (worker === this.worker) this.die(`the engine failed: ${event.message}`);
        };
        worker.postMessage({ build: BUILD, module });
        for (const line of this.options) worker.postMessage(line);
    }

    arrive(line) {
        if (line.startsWith('info ') && line.includes(' pv ')) {
            this.lastPv = line.slice(line.indexOf(' pv ') + 4).split(' ')[0] || this.lastPv;
        }
        this.lines.push(line);
        this.wake();
    }

    wake() {
        const wakeup = this.wakeup;
        this.wakeup = null;
        if (wakeup) wakeup();
    }

    die(why) {
        if (this.dead) return;
        this.dead = why;
        if (this.worker) this.worker.terminate();
        this.worker = null;
        this.wake();
    }

    alive() {
        return !this.dead;
    }

    death() {
        return this.dead || 'the engine stopped answering';
    }

    async send(line) {
        await this.ready;
        if (this.dead) throw new EngineDead(this.death());
        if (line.startsWith('setoption ')) {
            const name = /^setoption name (.+?) value /.exec(line);
            if (name) {
                this.options = this.options.filter((o) => !o.startsWith(`setoption name ${name[1]} value `));
            }
            this.options.push(line);
        }
        if (line.startsWith('go')) {
            this.lastPv = null;
            this.going = true;
        }
        this.worker.postMessage(line);
    }

    // The next line; past the deadline the engine is ended as dead, or, when the caller is
    // patient, a TimeoutError lets it decide.
    async read(deadline, patient) {
        while (!this.lines.length) {
            if (this.dead) throw new EngineDead(this.death());
            const wait = deadline - performance.now();
            if (wait <= 0) {
                if (patient) throw new TimeoutError();
                this.die('the engine stopped answering');
                throw new EngineDead(this.death());
            }
            await new Promise((resolve) => {
                this.wakeup = resolve;
                setTimeout(resolve, wait);
            });
        }
        return this.lines.shift();
    }

    drain() {
        this.lines.length = 0;
    }

    // Reads lines up to the one starting with `last`; returns those before it, each also
    // handed to onLine as it arrives.
    async until(last, timeoutMs, patient, onLine) {
        const deadline = performance.now() + (timeoutMs === undefined ? REPLY_TIMEOUT_MS : timeoutMs);
        const seen = [];
        for (;;) {
            const line = await this.read(deadline, patient);
            if (line === last || line.startsWith(`${last} `)) {
                if (last === 'bestmove') this.going = false;
                return { seen, line };
            }
            seen.push(line);
            if (onLine) onLine(line);
        }
    }

    // Sends a command and waits for `readyok`; an error line throws EngineRefused.
    async command(command) {
        this.drain();
        await this.send(command);
        await this.send('isready');
        const { seen } = await this.until('readyok');
        for (const line of seen) {
            if (line.startsWith('info string error')) {
                throw new EngineRefused(line.slice('info string '.length));
            }
        }
        return seen;
    }

    // Several commands, one after the other: each one's lines.
    async commands(commands) {
        const replies = [];
        for (const command of commands) replies.push(await this.command(command));
        return replies;
    }

    // The page is still open: nothing to tell a worker, which ends with the page.
    async heartbeat() {
        if (this.dead) throw new EngineDead(this.death());
    }

    // Ends the running search. With threads the engine reads `stop` while it searches and
    // answers at once; with one thread the worker is replaced and the search answers with
    // the best move it had reported. Before its `go` is sent there is nothing to stop (the
    // page repeats a stop until it takes, as it does with the server).
    async stopSearch() {
        if (this.dead || !this.going) return;
        if (THREADED) {
            await this.send('stop');
            return;
        }
        const best = this.lastPv || '0000';
        this.worker.terminate();
        this.worker = null;
        this.lines.length = 0;
        this.ready = this.spawn();
        this.arrive(`bestmove ${best}`);
        await this.ready;
    }

    kill() {
        this.die('the engine was ended');
    }
}

export class TimeoutError extends Error {}
