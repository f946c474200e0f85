// Two checks declared as the suites declare them, for check-meta.test.ts: run through
// vitest's Node API with no target (the first is skipped as not applicable) and a name
// pattern that filters the second out. Not a *.test.ts file: `npm test` leaves it alone.
import { check } from '../check.ts';

check('RA-FRAME-01', () => {});
check('RA-FRAME-02', () => {});
