// Moves slide: after a move the pieces on its landing cell glide there from its origin.
// A setting turns it off (remembered), and a browser asking for reduced motion never sees
// it; diagrams for the docs never slide. A move that comes hard on the heels of the last
// one (engines playing each other quickly, a record stepped through) appears at once: the
// board never lags behind the game, and a busy machine is not made to redraw the board
// for nothing.
'use strict';

const SLIDE_MS = 180;
const QUIET_MS = 2 * SLIDE_MS;   // a move this soon after the last one does not slide
const STORE_KEY = 'wyrm.slide';

const seen = { game: null, ply: null, at: -Infinity };

export function slideOn() {
    if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
        return false;
    }
    try {
        return localStorage.getItem(STORE_KEY) !== 'off';
    } catch (err) {
        return true;
    }
}

export function setSlide(on) {
    try {
        localStorage.setItem(STORE_KEY, on ? 'on' : 'off');
    } catch (err) {
        // Storage refused: the choice lasts until the page is left.
    }
}

function centre(board, name) {
    const ground = board.querySelector(`[data-cell="${CSS.escape(name)}"] rect.ground`);
    if (!ground) return null;
    const at = (key) => Number(ground.getAttribute(key));
    return { x: at('x') + at('width') / 2, y: at('y') + at('height') / 2 };
}

// Called after the board is drawn at ply `ply` of game `game`; slides `last` (the move that
// led there) when the board has just gone one move on in the same game.
export function slideLast(board, last, game, ply, still) {
    const same = seen.game === game && seen.ply !== null;
    const onward = same && ply === seen.ply + 1;
    const now = performance.now(), quiet = now - seen.at >= QUIET_MS;
    if (same && ply !== seen.ply) seen.at = now;
    seen.game = game;
    seen.ply = ply;
    if (!onward || !quiet || still || !last || !last.from || last.from === last.to ||
        !slideOn()) return;
    const from = centre(board, last.from), to = centre(board, last.to);
    const cell = board.querySelector(`[data-cell="${CSS.escape(last.to)}"]`);
    if (!from || !to || !cell || !cell.animate) return;
    // Drawn last, the landing cell's pieces pass over the cells between.
    board.append(cell);
    const shift = `translate(${from.x - to.x}px, ${from.y - to.y}px)`;
    for (const piece of cell.querySelectorAll('.piece')) {
        piece.animate([{ transform: shift }, { transform: 'translate(0px, 0px)' }],
            { duration: SLIDE_MS, easing: 'ease-out' });
    }
}
