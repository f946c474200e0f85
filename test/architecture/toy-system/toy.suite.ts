// The toy system's suite (toy-system.ts): run by `wirecheck run toy`, never by npm test
// directly (its name does not end in .test.ts).
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import type { ToyTarget } from './toy-system.ts';

check('TY-HELLO-01', async (ctx) => {
  const target = ctx.target as unknown as ToyTarget;
  const answer = await fetch(new URL('hello', target.baseUrl));
  expect(answer.status).toBe(200);
  expect(await answer.text()).toBe(`hello ${target.greeting}`);
});
