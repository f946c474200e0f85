// `node --import .../hide-module.mjs`: the package named in WIRECHECK_TEST_HIDE_MODULE
// cannot be loaded, as in an install that lacks it (ERR_MODULE_NOT_FOUND). Through
// NODE_OPTIONS it reaches every process of a run: the CLI, its suite workers, the
// helper processes they start. For the tests of the harness's own trouble only.
import { register } from 'node:module';

register('./hide-module-hooks.mjs', import.meta.url);
