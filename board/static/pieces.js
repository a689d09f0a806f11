// The board's drawings: a figure for every piece of every game and a picture for every
// kind of cell, all built here as SVG from simple shapes (no image files). The engine's
// description names each piece by game, kind, label and state words (docs/json.md); this
// module turns those words into shapes and knows no rules.
//
// A figure is drawn in its own box from -50 to 50 in both directions, centred on the
// piece, then scaled to the cell. Three classes colour it, so the two sides and the letter
// set share one stylesheet: `body` is filled with the side's colour, `ink` with the
// contrasting colour, `line` is stroked in it; `cut` is drawn in the side's colour over ink.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const FIGURE_RADIUS = 40;   // the disc of a figure, in figure units
const STORE_KEY = 'wyrm.pieces';

function node(tag, attrs, parent) {
    const el = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
    if (parent) parent.append(el);
    return el;
}

const ink = (d) => ['path', { class: 'ink', d }];
const cut = (d) => ['path', { class: 'cut', d }];
const line = (d, width) => ['path', { class: 'line', d, 'stroke-width': width || 5 }];
const dot = (cx, cy, r, cls) => ['circle', { class: cls || 'ink', cx, cy, r }];

// The piece set: the drawn figures, or the FEN letters in discs. The choice is remembered.
export function pieceSet() {
    try {
        return localStorage.getItem(STORE_KEY) === 'letters' ? 'letters' : 'drawn';
    } catch (err) {
        return 'drawn';
    }
}

export function setPieceSet(value) {
    try {
        localStorage.setItem(STORE_KEY, value === 'letters' ? 'letters' : 'drawn');
    } catch (err) {
        // Storage refused (a private window): the choice lasts until the page is left.
    }
}

// Shapes shared by several figures ---------------------------------------------------------

function crown(tips, height) {
    const h = height || 20, w = 26, step = (2 * w) / (tips - 1);
    let d = `M${-w},14L${-w},${-h + 6}`;
    for (let i = 1; i < tips; i++) {
        const x = -w + i * step;
        d += `L${x - step / 2},2L${x},${i === tips - 1 ? -h + 6 : -h}`;
    }
    d += `L${w},14Z`;
    const parts = [ink(d), cut('M-22,8H22V11H-22Z')];
    for (let i = 0; i < tips; i++) {
        const tip = i === 0 || i === tips - 1 ? -h + 6 : -h;
        parts.push(dot(-w + i * step, tip - 2, 4));
    }
    return parts;
}

// A winged dragon seen from above, head forward (up).
const DRAGON = [
    ink('M0,-32L7,-18L5,-8L-5,-8L-7,-18Z'),
    ['ellipse', { class: 'ink', cx: 0, cy: 4, rx: 8, ry: 15 }],
    ink('M-5,-4L-31,-18L-25,-5L-33,5L-21,5L-27,15L-5,9Z'),
    ink('M5,-4L31,-18L25,-5L33,5L21,5L27,15L5,9Z'),
    line('M0,17Q9,25 2,32', 5),
    dot(-3, -20, 1.8, 'cut'), dot(3, -20, 1.8, 'cut'),
];

const TOWER = [
    ink('M-17,28V-12H-20V-26H-12V-20H-4V-26H4V-20H12V-26H20V-12H17V28Z'),
    cut('M-6,28V14A6,6 0 0 1 6,14V28Z'),
];

const HORSE = [
    ink('M-16,28L-15,8Q-19,-8 -6,-19L-3,-31L4,-21Q19,-16 21,0L14,4L5,-3Q1,10 11,28Z'),
    dot(4, -12, 2.6, 'cut'),
];

const BIRD = (span) => [
    ink(`M${-span},-8Q${-span / 2},-20 0,-2Q${span / 2},-20 ${span},-8` +
        `Q${span / 2},-4 4,10L0,22L-4,10Q${-span / 2},-4 ${-span},-8Z`),
];

const HAT = [
    ink('M-30,16Q0,6 30,16Q0,24 -30,16Z'),
    ink('M-16,14L6,-32L8,-30L14,12Z'),
];

const STAR = (cx, cy, r, cls) => {
    let d = '';
    for (let i = 0; i < 10; i++) {
        const a = (i * Math.PI) / 5, rr = i % 2 ? r * 0.45 : r;
        d += `${i ? 'L' : 'M'}${(cx + rr * Math.sin(a)).toFixed(1)},` +
            `${(cy - rr * Math.cos(a)).toFixed(1)}`;
    }
    return ['path', { class: cls || 'ink', d: d + 'Z' }];
};

// The figures, by game and kind ----------------------------------------------------------

const PAWN = [
    dot(0, -15, 10),
    ink('M-9,-5Q0,0 9,-5L14,18H-14Z'),
    ink('M-21,18H21V27H-21Z'),
];

const DRAUGHT = [
    ['circle', { class: 'line', cx: 0, cy: 0, r: 30, 'stroke-width': 4 }],
    ['circle', { class: 'line', cx: 0, cy: 0, r: 19, 'stroke-width': 3 }],
];

const PIPS = {
    1: [[0, 0]],
    2: [[-18, -18], [18, 18]],
    3: [[-18, -18], [0, 0], [18, 18]],
    4: [[-18, -18], [18, -18], [-18, 18], [18, 18]],
    5: [[-18, -18], [18, -18], [0, 0], [-18, 18], [18, 18]],
    6: [[-18, -20], [18, -20], [-18, 0], [18, 0], [-18, 20], [18, 20]],
};

function strength(p) {
    const digits = /[0-9]+$/.exec(p.label);
    return digits ? Number(digits[0]) : 0;
}

const FIGURES = {
    breakthrough: { man: () => PAWN },
    dragonsgate: { dragon: () => DRAGON },
    dragondraughts: {
        man: () => DRAUGHT,
        daimyo: () => [DRAUGHT[0], ...scaled(crown(3, 20), 0.85, 0, 2)],
    },
    dragonface: {
        emperor: () => crown(5, 24),
        ambassador: () => [
            ink('M-24,-16H24V18H-24Z'),
            ['path', { class: 'cutline', d: 'M-24,-16L0,4L24,-16' }],
            dot(0, 4, 5, 'cut'),
        ],
        governor: () => [
            ink('M-28,-8L0,-28L28,-8Z'),
            ink('M-20,-4H-12V18H-20Z'), ink('M-4,-4H4V18H-4Z'), ink('M12,-4H20V18H12Z'),
            ink('M-26,20H26V27H-26Z'),
        ],
    },
    threedragons: {
        piece: () => [['circle', { class: 'shine', cx: -10, cy: -10, r: 12 }]],
        dragon: (p) => [...scaled(DRAGON, 0.8, 0, -6), ...pipRow(strength(p))],
    },
    dragonqi: {
        warlord: () => [
            ink('M-22,16V-2Q-22,-22 0,-24Q22,-22 22,-2V16Z'),
            ink('M-5,-20L0,-34L5,-20Z'),
            cut('M-16,-2H16V5H-16Z'), cut('M-2,5H2V16H-2Z'),
        ],
        prince: () => [...crown(3, 22), dot(0, -2, 4, 'cut')],
        queen: () => [...crown(5, 22), dot(0, -30, 5)],
        empress: () => [...crown(5, 22), ink('M-3,-40H3V-22H-3Z'), ink('M-9,-34H9V-29H-9Z')],
        witch: () => HAT,
        princess: () => [...scaled(crown(3, 16), 0.8, 0, -6),
            line('M-22,26Q0,6 22,26', 4), line('M-22,26H22', 2)],
        dragon: () => [...DRAGON, STAR(0, 2, 6, 'cut')],
        serpent: (p) => serpent(/Younger/.test(p.name) ? 0.78 : 1),
        gnome: () => [ink('M-14,4L0,-32L14,4Z'), dot(0, 12, 11), ink('M-18,26Q0,14 18,26Z')],
        dwarf: () => [
            ink('M-16,-8Q0,-30 16,-8Z'), dot(0, -4, 10),
            ink('M-12,2L12,2L0,28Z'), dot(-4, -6, 1.8, 'cut'), dot(4, -6, 1.8, 'cut'),
        ],
        troll: () => [ink('M-5,28L-2,-4Q-14,-20 2,-30Q20,-26 8,-4L5,28Z'),
            dot(-4, -18, 2.5, 'cut'), dot(6, -14, 2.5, 'cut')],
        elf: () => [ink('M0,-32Q26,-6 0,30Q-26,-6 0,-32Z'), ['path', { class: 'cutline',
            d: 'M0,-22V24M0,0L10,-10M0,12L-10,2' }]],
        watcher: () => [ink('M-28,0Q0,-24 28,0Q0,24 -28,0Z'), dot(0, 0, 10, 'cut'), dot(0, 0, 4)],
        defender: () => [ink('M-21,-24H21V-2Q21,18 0,30Q-21,18 -21,-2Z'),
            cut('M-3,-18H3V20H-3Z'), cut('M-15,-5H15V1H-15Z')],
        warder: () => [['circle', { class: 'line', cx: 0, cy: -16, r: 10, 'stroke-width': 6 }],
            line('M0,-6V28', 6), line('M0,16H10M0,25H12', 5)],
        guard: () => [line('M0,-18V30', 5), ink('M0,-34L8,-16H-8Z'), line('M-10,6H10', 5)],
        knight: (p) => (/^[Hh]$/.test(p.label) ? [...HORSE, line('M-26,26L26,-30', 3)] : HORSE),
        catapult: () => [
            ink('M-26,12H26V18H-26Z'), dot(-16, 22, 6), dot(16, 22, 6),
            line('M-10,12L18,-22', 5), ink('M10,-32A9,9 0 0 0 26,-20Z'),
        ],
        crossbowman: () => [
            line('M-28,-4Q0,-30 28,-4', 5), line('M0,-18V30', 5),
            ['path', { class: 'line', d: 'M-28,-4L0,8L28,-4', 'stroke-width': 2 }],
        ],
        'siege-machine': () => [
            ink('M-16,16V-18H-20V-28H-10V-22H-2V-28H6V-22H14V-28H20V-18H16V16Z'),
            ink('M-24,14H24V20H-24Z'), dot(-14, 24, 6), dot(14, 24, 6),
        ],
        'siege-director': () => [
            line('M-14,28V-30', 5), ink('M-12,-30L24,-20L-12,-8Z'),
            ink('M-26,22H14V28H-26Z'), dot(8, 10, 7),
        ],
        pirate: () => [
            line('M-24,-20L24,24M24,-20L-24,24', 6),
            ink('M-15,-6A15,15 0 1 1 15,-6V6H-15Z'), ink('M-9,6H9V14H-9Z'),
            dot(-6, -8, 4.5, 'cut'), dot(6, -8, 4.5, 'cut'),
        ],
        buccaneer: () => [
            line('M-24,26Q-6,0 22,-28', 5), line('M24,26Q6,0 -22,-28', 5),
            line('M-28,16L-14,24M28,16L14,24', 4),
        ],
        raider: () => [line('M-16,28L10,-22', 6), ink('M2,-34Q28,-30 26,-4L6,-16Z')],
        ranger: () => [line('M-22,24L20,-18', 5), ink('M28,-26L10,-20L22,-8Z'),
            line('M-22,24L-28,14M-22,24L-12,30', 4)],
        castle: (p) => [...TOWER, ...(p.state || []).includes('bird-inside') ? BIRD_MARK : []],
        watchtower: (p) => [...scaled(TOWER, 1, 0, 0), cut('M-4,-8H4V2H-4Z'),
            ...(p.state || []).includes('bird-inside') ? BIRD_MARK : []],
        fortress: () => [
            ink('M-30,28V-18H-24V-26H-16V-18H-10V-10H10V-18H16V-26H24V-18H30V28Z'),
            cut('M-7,28V14A7,7 0 0 1 7,14V28Z'),
        ],
        raven: () => BIRD(28),
        albatross: () => [...BIRD(36), dot(0, -6, 3, 'cut')],
        sceptre: () => [line('M-18,26L12,-12', 6), dot(16, -18, 9), line('M16,-32V-26', 3)],
        talisman: () => [['circle', { class: 'line', cx: 0, cy: 2, r: 22, 'stroke-width': 5 }],
            STAR(0, 2, 15), line('M0,-20V-30', 4)],
        magician: () => [line('M-22,26L14,-10', 6), STAR(18, -16, 14)],
        wizard: () => [...HAT, STAR(6, -4, 6, 'cut')],
        jailer: () => [ink('M-22,28V-8A22,22 0 0 1 22,-8V28Z'),
            ['path', { class: 'cutline', d: 'M-11,-20V28M0,-24V28M11,-20V28M-22,6H22' }]],
        librarian: () => [
            ink('M-28,-16Q-14,-24 0,-14Q14,-24 28,-16V20Q14,12 0,22Q-14,12 -28,20Z'),
            ['path', { class: 'cutline', d: 'M0,-12V20' }],
        ],
        ship: () => hull(false),
        flagship: () => hull(true),
    },
};

const BIRD_MARK = [['path', { class: 'cutline',
    d: 'M-9,-1Q-4,-6 0,-2Q4,-6 9,-1', 'stroke-width': 3 }]];

function serpent(size) {
    return scaled([
        line('M-14,28C22,18 -22,0 10,-16', 9),
        dot(12, -20, 8),
        ink('M2,0L-26,-14L-18,4Z'), ink('M-2,8L26,-6L18,12Z'),
        dot(14, -22, 1.8, 'cut'),
    ], size, 0, 0);
}

// A vessel seen from above, bow up; the figure is turned to her bow by the caller.
function hull(flagship) {
    const long = flagship ? 42 : 38, wide = flagship ? 20 : 16;
    const parts = [
        ['path', { class: 'body hull',
            d: `M0,${-long}Q${wide + 4},${-long / 3} ${wide},${long - 8}` +
               `Q0,${long} ${-wide},${long - 8}Q${-wide - 4},${-long / 3} 0,${-long}Z` }],
        ['path', { class: 'bowtip', d: `M0,${-long}L7,${-long + 12}L-7,${-long + 12}Z` }],
        dot(0, -4, 4),
    ];
    if (flagship) parts.push(line('M0,-4V22', 3), ink('M0,6L14,12L0,18Z'));
    return parts;
}

function pipRow(n) {
    const out = [];
    for (let i = 0; i < n; i++) out.push(dot((i - (n - 1) / 2) * 8.5, 31, 3.4, 'pip'));
    return out;
}

// Moves and scales a list of shapes by wrapping it in a group.
function scaled(parts, factor, dx, dy) {
    return [['g', { transform: `translate(${dx},${dy}) scale(${factor})` }, parts]];
}

function build(parent, parts) {
    for (const [tag, attrs, children] of parts) {
        const el = node(tag, attrs, parent);
        if (children) build(el, children);
    }
}

// The base a figure stands on: a die for a Three Dragons piece with a strength, a vessel's
// own hull, a disc for every other piece.
function base(game, p) {
    if (game.startsWith('threedragons') && p.kind === 'piece' && strength(p)) {
        const parts = [['rect', { class: 'body', x: -37, y: -37, width: 74, height: 74, rx: 13 }]];
        for (const [x, y] of PIPS[Math.min(6, strength(p))] || []) parts.push(dot(x, y, 7.5));
        return { parts, emblem: false };
    }
    if (p.kind === 'ship' || p.kind === 'flagship') return { parts: [], emblem: true };
    return { parts: [['circle', { class: 'body', cx: 0, cy: 0, r: FIGURE_RADIUS }]], emblem: true };
}

// The family of a game id: the Three Dragons variants share one set of figures.
function family(game) {
    return game.startsWith('threedragons') ? 'threedragons' : game;
}

// Which way a figure faces: Dragon's Gate dragons and the serpent look forward, turned
// with the board.
function facing(game, p, flipped) {
    const bow = (p.state || []).map((s) => /^bow-(n|ne|e|se|s|sw|w|nw)$/.exec(s)).find(Boolean);
    const compass = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'];
    if (bow) return (compass.indexOf(bow[1]) * 45 + (flipped ? 180 : 0)) % 360;
    if (game === 'dragonsgate') return (p.side === 1) !== flipped ? 180 : 0;
    return 0;
}

// Small marks on the rim for the states of docs/json.md; the tooltip names them all.
function badges(p) {
    const states = p.state || [];
    const parts = [];
    const count = (word) => {
        const found = states.map((s) => new RegExp(`^${word}-(\\d+)$`).exec(s)).find(Boolean);
        return found ? Number(found[1]) : null;
    };
    if (states.includes('immune')) parts.push(STAR(30, -30, 13, 'badge-gold'));
    if (states.includes('trapped') || states.includes('captive')) {
        parts.push(['path', { class: 'bars', d: 'M-18,-34V34M0,-40V40M18,-34V34' }]);
    }
    if (states.includes('free')) parts.push(['path', { class: 'badge-free',
        d: 'M30,-44L42,-28H35V-18H25V-28H18Z' }]);
    if (states.includes('afire')) parts.push(['path', { class: 'badge-fire',
        d: 'M-32,-18Q-44,-30 -34,-46Q-32,-36 -26,-34Q-22,-42 -24,-48Q-12,-36 -20,-20Q-26,-14 ' +
           '-32,-18Z' }]);
    if (states.includes('confined')) parts.push(['path', { class: 'badge-lock',
        d: 'M24,-30H44V-14H24ZM28,-30V-36A6,6 0 0 1 40,-36V-30' }]);
    if (states.includes('commandeered')) parts.push(['path', { class: 'badge-flag',
        d: 'M-36,-20V-46L-18,-40L-36,-34' }]);
    if (states.includes('in-home-harbour')) parts.push(['path', { class: 'badge-anchor',
        d: 'M30,18V40M22,24H38M20,32Q30,46 40,32' }]);
    if (states.includes('on-alert')) parts.push(['path', { class: 'badge-alert',
        d: 'M34,-46V-26M34,-20V-16' }]);
    const arrows = count('arrows');
    for (let i = 0; i < (arrows || 0); i++) {
        parts.push(['path', { class: 'badge-arrow', d: `M${22 + i * 7},44L${28 + i * 7},30` }]);
    }
    const balls = count('cannonballs');
    for (let i = 0; i < (balls || 0); i++) parts.push(dot(-30 + i * 9, 38, 3.8, 'badge-ball'));
    return parts;
}

// Where a figure goes when two share a cell: what carries the other (a vessel, the
// Governor under a free Ambassador) keeps its full size and the one it carries stands on
// it, drawn small on its middle. Otherwise the place the board gives (`x`, `y`, `radius`:
// the letter set's disc, moved and shrunk when shared).
function placeOf(p, place) {
    const states = p.state || [];
    const shared = place.radius < place.full;
    if (p.kind === 'ship' || p.kind === 'flagship' || (shared && states.includes('underneath'))) {
        return { x: place.cx, y: place.cy, radius: place.full };
    }
    if (shared && (states.includes('aboard') || states.includes('free'))) {
        return { x: place.cx, y: place.cy, radius: place.full * 0.6 };
    }
    return place;
}

// Draws piece `p` of `game` into `g` at `place` ({x, y, radius, cx, cy, full, flipped}:
// the piece's own centre and radius, its cell's centre and a lone piece's radius).
// Returns false where the game or kind has no figure (a game added later): the caller
// then draws the letter.
export function drawFigure(g, game, p, place) {
    const figures = FIGURES[family(game)] || {};
    const emblem = figures[p.kind];
    if (!emblem) return false;
    g.classList.add('figure', `game-${family(game)}`);
    const states = p.state || [];
    if (states.some((s) => ['inert', 'captive', 'at-work'].includes(s))) g.classList.add('resting');
    const { x, y, radius } = placeOf(p, place);
    if (states.includes('underneath')) {
        // Listed after the Ambassador it carries, the Governor is drawn before it.
        const first = g.parentNode && g.parentNode.querySelector('.piece');
        if (first && first !== g) g.parentNode.insertBefore(g, first);
    }
    const flipped = place.flipped;
    const scale = radius / FIGURE_RADIUS;
    const outer = node('g', { transform: `translate(${x},${y}) scale(${scale.toFixed(4)})` }, g);
    node('circle', { class: 'state', cx: 0, cy: 0, r: FIGURE_RADIUS + 6 }, outer);
    const turned = node('g', { transform: `rotate(${facing(game, p, flipped)})` }, outer);
    const { parts, emblem: withEmblem } = base(game, p);
    build(turned, parts);
    if (withEmblem) build(turned, emblem(p));
    build(outer, badges(p));
    return true;
}

// Cells ------------------------------------------------------------------------------------

// Drawings in a 64-unit box; the corner motifs keep clear of the cell name (top left).
function hatch() {
    let d = '';
    for (let k = 8; k < 128; k += 14) {
        const x0 = Math.max(0, k - 64), y0 = Math.min(64, k);
        const x1 = Math.min(64, k), y1 = Math.max(0, k - 64);
        d += `M${x0},${y0}L${x1},${y1}`;
    }
    return [['path', { class: 'hatch', d }]];
}

const corner = (d, cls) => [['path', { class: `motif ${cls || ''}`, d,
    transform: 'translate(44,44) scale(0.3)' }]];

const CELLS = {
    'sacrifice-zone': hatch,
    mountain: () => [
        ['path', { class: 'rock', d: 'M4,58L24,16L36,36L44,24L62,58Z' }],
        ['path', { class: 'snow', d: 'M24,16L18,29L24,26L30,29ZM44,24L40,31L44,30L48,32Z' }],
    ],
    cave: () => [
        ['path', { class: 'rock', d: 'M6,60L10,30Q32,2 54,30L58,60Z' }],
        ['path', { class: 'mouth', d: 'M18,60V38A14,14 0 0 1 46,38V60Z' }],
    ],
    'gate-post': () => [
        ['path', { class: 'pillar', d: 'M22,16H42V52H22ZM17,10H47V17H17ZM17,51H47V58H17Z' }],
    ],
    gate: () => [['path', { class: 'arch', d: 'M12,60V32A20,20 0 0 1 52,32V60' }]],
    ocean: () => [['path', { class: 'wave', d: 'M6,26Q14,20 22,26T38,26T54,26' +
        'M10,42Q18,36 26,42T42,42T58,42' }]],
    harbour: () => [['path', { class: 'anchor',
        d: 'M32,16V50M22,24H42M16,38Q32,62 48,38M32,16m-5,-4a5,5 0 1 0 10,0a5,5 0 1 0 -10,0' }]],
    'kraken-lair': () => [['path', { class: 'tentacle', d: 'M32,32m-3,0a3,3 0 1 1 6,0' +
        'a8,8 0 1 1 -16,0a13,13 0 1 1 26,0a18,18 0 1 1 -36,0' }]],
    'target-cell': () => [['path', { class: 'rings', d: 'M32,32m-22,0a22,22 0 1 0 44,0' +
        'a22,22 0 1 0 -44,0M32,32m-12,0a12,12 0 1 0 24,0a12,12 0 1 0 -24,0' }]],
    sealed: () => [['path', { class: 'door', d: 'M20,58V24A12,12 0 0 1 44,24V58Z' }],
        ['path', { class: 'lock', d: 'M28,40H36V48H28ZM29,40V37A3,3 0 0 1 35,37V40' }]],
    dormant: () => [['path', { class: 'door dashed', d: 'M20,58V24A12,12 0 0 1 44,24V58Z' }]],
    palace: () => corner('M-26,14V-12L-12,2L0,-20L12,2L26,-12V14Z'),
    citadel: () => corner('M-24,20V-14H-14V-4H-5V-14H5V-4H14V-14H24V20Z'),
    'forest-land': () => corner('M0,-26L20,8H6V22H-6V8H-20Z', 'tree'),
    'storm-land': () => corner('M6,-28L-14,4H0L-6,28L16,-6H2Z', 'bolt'),
    beach: () => [['path', { class: 'sand', d: 'M14,48h2M26,54h2M40,50h2M50,56h2M20,58h2' +
        'M34,44h2M46,42h2' }]],
    'promotion-row': () => corner('M-26,14V-12L-12,2L0,-20L12,2L26,-12V14Z'),
    'home-row': () => corner('M-14,24V-24M-14,-24L18,-14L-14,-4', 'flag'),
};

// Draws the picture of cell `c` (its kind) into the rectangle `r` of its group `g`.
export function decorateCell(g, c, r) {
    const drawing = CELLS[c.kind];
    if (!drawing) return;
    const size = Math.min(r.w, r.h) / 64;
    const dx = r.x + (r.w - 64 * size) / 2, dy = r.y + (r.h - 64 * size) / 2;
    const deco = node('g', { class: 'deco', transform: `translate(${dx},${dy}) scale(${size})` });
    build(deco, drawing());
    // Right after the ground, under the marks, names and pieces.
    const ground = g.querySelector('rect.ground');
    if (ground) ground.after(deco);
    else g.prepend(deco);
}
