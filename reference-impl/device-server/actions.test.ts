import { describe, expect, it } from 'vitest';
import { validateActions } from './actions.ts';

const tap = {
  type: 'pointer',
  id: 'finger1',
  parameters: { pointerType: 'touch' },
  actions: [{ type: 'pointerMove', duration: 0, x: 10, y: 20 }, { type: 'pointerDown', button: 0 }, { type: 'pause', duration: 50 }, { type: 'pointerUp', button: 0 }],
};

describe('W3C actions', () => {
  it('accepts pointer, key, wheel and none sequences', () => {
    const body = {
      actions: [
        tap,
        { type: 'key', id: 'kb', actions: [{ type: 'keyDown', value: 'a' }, { type: 'keyUp', value: 'a' }] },
        { type: 'wheel', id: 'w', actions: [{ type: 'scroll', x: 0, y: 0, deltaX: 0, deltaY: 100 }] },
        { type: 'none', id: 'n', actions: [{ type: 'pause' }] },
      ],
    };
    expect(validateActions(body)).toHaveLength(4);
  });

  it.each([
    ['actions not an array', { actions: 'x' }],
    ['no body', undefined],
    ['unknown source type', { actions: [{ ...tap, type: 'finger' }] }],
    ['missing id', { actions: [{ type: 'pointer', actions: [] }] }],
    ['action of another source', { actions: [{ type: 'key', id: 'k', actions: [{ type: 'pointerDown', button: 0 }] }] }],
    ['pointerMove without coordinates', { actions: [{ type: 'pointer', id: 'p', actions: [{ type: 'pointerMove' }] }] }],
    ['negative duration', { actions: [{ type: 'none', id: 'n', actions: [{ type: 'pause', duration: -1 }] }] }],
    ['bad pointerType', { actions: [{ ...tap, parameters: { pointerType: 'finger' } }] }],
    ['one id, two types', { actions: [tap, { type: 'key', id: 'finger1', actions: [] }] }],
  ])('refuses %s with invalid argument', (_title, body) => {
    expect(() => validateActions(body)).toThrow(expect.objectContaining({ error: 'invalid argument' }));
  });
});
