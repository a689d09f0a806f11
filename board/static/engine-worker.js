// The engine in a Web Worker, for the board without a server (`make web`): wyrm compiled
// to WebAssembly (wyrm.js and wyrm.wasm, built by emscripten), spoken to in its own text
// protocol. Each message in is one protocol line; each line the engine prints comes back
// as one message. The first message names the build (`wyrm`, one thread, or `wyrm-mt`,
// threads, for a cross-origin isolated page) and carries its compiled WebAssembly module,
// which the page compiles once and hands to every worker it starts.
'use strict';

let engine = null;
const waiting = [];

function feed(line) {
    engine.ccall('wyrm_web_line', 'number', ['string'], [line]);
}

self.onmessage = (event) => {
    if (event.data && event.data.module instanceof WebAssembly.Module) {
        start(event.data.build, event.data.module);
        return;
    }
    const line = String(event.data);
    if (engine) feed(line);
    else waiting.push(line);
};

function start(build, compiled) {
    importScripts(`${build}.js`);
    createWyrm({
        mainScriptUrlOrBlob: `${build}.js`,
        print: (line) => postMessage(line),
        printErr: (line) => postMessage({ stderr: line }),
        instantiateWasm(imports, done) {
            WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled));
            return {};
        },
    }).then((module) => {
        engine = module;
        engine.ccall('wyrm_web_start', 'number', [], []);
        postMessage({ ready: true });
        while (waiting.length) feed(waiting.shift());
    }, (err) => postMessage({ failed: String(err) }));
}
