// Pointer input beyond clicks: a piece dragged to its destination (mouse, pen or finger),
// and the line under the board naming what is under the pointer or the last tap. A tap
// then a tap, like a click then a click, goes through the board's click handler.
'use strict';

const DRAG_PX = 6;   // a press that moves less than this is a click or a tap

// `hooks`: canDrag(cell) (the side to move may move the piece there), pick(cell) (select
// it and show its destinations), drop(cell) (play to it, as a click there would) and
// info(text) (show a cell's description).
export function wirePointer(board, hooks) {
    let drag = null;
    let swallowClick = false;

    const toBoard = (event) => {
        const matrix = board.getScreenCTM();
        if (!matrix) return { x: 0, y: 0 };
        return new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    };
    const cellAt = (event) => {
        const hit = document.elementFromPoint(event.clientX, event.clientY);
        return hit ? hit.closest('#board [data-cell]') : null;
    };
    const end = () => {
        if (!drag) return;
        if (drag.ghost) drag.ghost.remove();
        for (const piece of drag.cell.querySelectorAll('.piece')) piece.classList.remove('lifted');
        drag = null;
    };

    board.addEventListener('pointerdown', (event) => {
        const cell = event.target.closest('[data-cell]');
        if (cell) hooks.info(cell);
        if (event.button !== 0 || !cell || !hooks.canDrag(cell.dataset.cell)) return;
        const ground = cell.querySelector('rect.ground');
        const at = (key) => Number(ground.getAttribute(key));
        drag = { cell, from: cell.dataset.cell, id: event.pointerId, x: event.clientX,
            y: event.clientY, ghost: null,
            cx: at('x') + at('width') / 2, cy: at('y') + at('height') / 2 };
    });

    board.addEventListener('pointermove', (event) => {
        if (!drag || event.pointerId !== drag.id) {
            const cell = event.target.closest('[data-cell]');
            if (cell && event.pointerType === 'mouse') hooks.info(cell);
            return;
        }
        if (!drag.ghost) {
            if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_PX) return;
            hooks.pick(drag.from);
            drag.ghost = document.createElementNS('http://www.w3.org/2000/svg', 'g');
            drag.ghost.setAttribute('class', 'ghost');
            for (const piece of drag.cell.querySelectorAll('.piece')) {
                drag.ghost.append(piece.cloneNode(true));
                piece.classList.add('lifted');
            }
            board.append(drag.ghost);
            board.setPointerCapture(event.pointerId);
        }
        const p = toBoard(event);
        drag.ghost.setAttribute('transform', `translate(${p.x - drag.cx},${p.y - drag.cy})`);
        event.preventDefault();
    });

    board.addEventListener('pointerup', (event) => {
        if (!drag || event.pointerId !== drag.id) return;
        const dragged = Boolean(drag.ghost), from = drag.from;
        end();
        if (!dragged) return;
        // The click that follows a drag is not a click on a cell.
        swallowClick = true;
        setTimeout(() => { swallowClick = false; }, 0);
        const target = cellAt(event);
        if (target && target.dataset.cell !== from) hooks.drop(target.dataset.cell);
    });

    board.addEventListener('pointercancel', end);
    board.addEventListener('click', (event) => {
        if (!swallowClick) return;
        swallowClick = false;
        event.stopPropagation();
    }, true);
    board.addEventListener('pointerleave', (event) => {
        if (event.pointerType === 'mouse' && !drag) hooks.info(null);
    });
}
