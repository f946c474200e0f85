import { describe, expect, it } from 'vitest';
import { announcesClose } from './announced-close.ts';

describe('announcesClose', () => {
  it.each([[['close']], [['Close']], [['keep-alive, close']], [['upgrade', ' CLOSE ']]])('finds the close option in %j', (values) => {
    expect(announcesClose(values)).toBe(true);
  });

  it.each([[[]], [['keep-alive']], [['closed']], [['x-close']]])('finds none in %j', (values) => {
    expect(announcesClose(values)).toBe(false);
  });
});
