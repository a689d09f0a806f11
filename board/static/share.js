// A game in a link: the URL's fragment holds the game id, its knight variation, the FEN it
// started from (when not the start position) and the moves, as
//   #game=dragonqi&variation=Sword&moves=a10~NE,b2b3
// Opening such a link replays the moves through the board's ordinary API; the page says
// so when the link cannot be read or the engine refuses its position.
'use strict';

const KEYS = ['game', 'variation', 'fen', 'moves'];

// A fragment may hold / @ : as they are, which keeps FENs and moves readable.
const part = (text) => encodeURIComponent(text).replace(/%(2F|40|3A)/g, decodeURIComponent);

// The fragment of a game as the server describes it (its `game`, `variation`, `start` and
// `moves`).
export function shareFragment(view) {
    const parts = [`game=${part(view.game)}`];
    if (view.variation) parts.push(`variation=${part(view.variation)}`);
    if (view.start && view.start !== 'startpos') parts.push(`fen=${part(view.start)}`);
    if (view.moves.length) parts.push(`moves=${view.moves.map(part).join(',')}`);
    return parts.join('&');
}

// The page's address with the game in its fragment.
export function shareLink(view) {
    return `${location.origin}${location.pathname}${location.search}#${shareFragment(view)}`;
}

// Keeps the address bar's fragment on the game shown, so the address is always its link.
export function showShared(view) {
    const url = `${location.pathname}${location.search}#${shareFragment(view)}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) {
        history.replaceState(history.state, '', url);
    }
}

// Reads a fragment: null when there is none, else {game, variation, fen, moves} or
// {error}. `info` is the server's /api/info (the games and the knight variations).
export function sharedGame(hash, info) {
    const text = (hash || '').replace(/^#/, '');
    if (!text) return null;
    const fields = {};
    try {
        for (const pair of text.split('&')) {
            const at = pair.indexOf('=');
            const key = at < 0 ? pair : pair.slice(0, at);
            if (!KEYS.includes(key) || key in fields) throw new Error(`"${key}"`);
            fields[key] = at < 0 ? '' : pair.slice(at + 1);
        }
        if (!fields.game) throw new Error('no game');
        for (const key of ['game', 'variation', 'fen']) {
            if (key in fields) fields[key] = decodeURIComponent(fields[key]);
        }
        fields.moves = (fields.moves || '').split(',').filter(Boolean).map(decodeURIComponent);
    } catch (err) {
        return { error: 'The link could not be read (it is cut short or changed by hand): ' +
            'this is the start position.' };
    }
    if (!info.games.includes(fields.game)) {
        return { error: `The link names a game this board does not play (${fields.game}): ` +
            'this is the start position.' };
    }
    const knight = info.options.KnightVariation;
    const variations = knight && knight.vars ? knight.vars : [];
    if (fields.variation && !variations.includes(fields.variation)) {
        return { error: `The link names an unknown knight variation (${fields.variation}): ` +
            'this is the start position.' };
    }
    return { game: fields.game, variation: fields.variation || null, fen: fields.fen || null,
        moves: fields.moves };
}

// Why a readable link's game could not be set up, as the page says it.
export function sharedRefused(why) {
    return `The shared game could not be opened (${why.replace(/\.$/, '')}): this is the ` +
        'start position.';
}

// The "Copy link" button: the clipboard where the browser allows it, else the link shown
// selected in the message box for Ctrl-C.
export function wireShare(button, view, message) {
    button.addEventListener('click', async () => {
        const current = view();
        if (!current) return;
        const link = shareLink(current);
        try {
            await navigator.clipboard.writeText(link);
            message('Link copied: it opens this game at its last move.', true);
        } catch (err) {
            message('Press Ctrl-C to copy the link:', true);
            const box = document.createElement('input');
            box.id = 'share-link';
            box.readOnly = true;
            box.value = link;
            document.getElementById('message').append(box);
            box.select();
        }
    });
}
