// Stryker ignorer for the references' fault switches (reference-impl/shared/faults.ts):
// `faults.has('name')` is false in every conformance run, so mutating the test itself
// or the code it guards yields mutants no suite can see — the self-test, not mutation
// testing, proves those branches. Ignored, each with this reason:
//   - the call `<…>faults.has(...)` itself (turning a switch off changes nothing);
//   - what only runs when a switch is on: the consequent of `if (faults.has(..))` (also
//     `if (x && faults.has(..))`), the `?` branch of `faults.has(..) ? a : b`, the
//     right side of `faults.has(..) && x`.
// Nothing else: a mutant next to a switch still counts.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const REASON = 'fault switch (off in every conformance run; proved by the self-test)';

function isFaultSwitch(node) {
  return node?.type === 'CallExpression'
    && node.callee.type === 'MemberExpression'
    && node.callee.property.type === 'Identifier' && node.callee.property.name === 'has'
    && ((node.callee.object.type === 'Identifier' && node.callee.object.name === 'faults')
      || (node.callee.object.type === 'MemberExpression' && node.callee.object.property.type === 'Identifier' && node.callee.object.property.name === 'faults'));
}

/** True only if a switch is on: the switch itself, or an `&&` chain with one in it. */
function needsSwitch(node) {
  if (isFaultSwitch(node)) return true;
  return node?.type === 'LogicalExpression' && node.operator === '&&' && (needsSwitch(node.left) || needsSwitch(node.right));
}

function onlyWhenSwitchOn(path) {
  const parent = path.parentPath;
  if (!parent || path.key !== (parent.isLogicalExpression() ? 'right' : 'consequent')) return false;
  if (parent.isIfStatement() || parent.isConditionalExpression()) return needsSwitch(parent.node.test);
  if (parent.isLogicalExpression({ operator: '&&' })) return needsSwitch(parent.node.left);
  return false;
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'fault-switches', {
    shouldIgnore(path) {
      if (isFaultSwitch(path.node) || onlyWhenSwitchOn(path)) return REASON;
      return undefined;
    },
  }),
];
