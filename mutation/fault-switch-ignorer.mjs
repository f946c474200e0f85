// Stryker ignorer for the references' fault switches (reference-impl/shared/faults.ts):
// `faults.has('name')` (the resource API: `ctx.has('name')`) is false in every
// conformance run, so mutating the test itself or the code it guards yields mutants no
// suite can see — the self-test, not mutation testing, proves those branches.
// Ignored, each with this reason:
//   - the call `<…>faults.has(...)` itself (turning a switch off changes nothing);
//   - the test of an `if` or `?:` that is false while every switch is off
//     (`faults.has(..)`, `x && faults.has(..)` with `x` free of side effects,
//     `faults.has(..) || faults.has(..)`): turning it to false changes nothing, and its
//     other operands are never looked at in a way that matters;
//   - what only runs when a switch is on: the consequent of such an `if`, the `?` branch
//     of such a `?:`, the right side of `faults.has(..) && x`.
// Nothing else: a mutant next to a switch still counts.
// One gap, seen in the reports: where a test like `x && faults.has(..)` carries mutants of
// its own, Stryker re-visits it inside a copy it makes for them, and there the ignorer no
// longer sees it as the test; such lines have an entry in the exemption ledger instead.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const REASON = 'fault switch (off in every conformance run; proved by the self-test)';

/** Names whose `.has(...)` is a fault switch: the fault sets, and the resource API's AppContext. */
const SWITCH_HOLDERS = new Set(['faults', 'ctx']);

function isFaultSwitch(node) {
  return node?.type === 'CallExpression'
    && node.callee.type === 'MemberExpression'
    && node.callee.property.type === 'Identifier' && node.callee.property.name === 'has'
    && ((node.callee.object.type === 'Identifier' && SWITCH_HOLDERS.has(node.callee.object.name))
      || (node.callee.object.type === 'MemberExpression' && node.callee.object.property.type === 'Identifier' && node.callee.object.property.name === 'faults'));
}

/** True only if a switch is on: the switch, an `&&` chain with one, an `||` of such. */
function needsSwitch(node) {
  if (isFaultSwitch(node)) return true;
  if (node?.type !== 'LogicalExpression') return false;
  if (node.operator === '||') return needsSwitch(node.left) && needsSwitch(node.right);
  return node.operator === '&&' && (needsSwitch(node.left) || needsSwitch(node.right));
}

const PURE_CALLS = new Set(['Array.isArray']);

/** An expression whose evaluation changes nothing (so skipping or mutating it is unseen). */
function isPure(node) {
  switch (node?.type) {
    case 'Identifier': case 'StringLiteral': case 'NumericLiteral': case 'BooleanLiteral': case 'NullLiteral': return true;
    case 'MemberExpression': return isPure(node.object) && (!node.computed || isPure(node.property));
    case 'UnaryExpression': return node.operator !== 'delete' && isPure(node.argument);
    case 'BinaryExpression': case 'LogicalExpression': return isPure(node.left) && isPure(node.right);
    case 'CallExpression': return isFaultSwitch(node)
      || (node.callee.type === 'MemberExpression' && PURE_CALLS.has(`${node.callee.object.name}.${node.callee.property.name}`) && node.arguments.every(isPure));
    default: return false;
  }
}

/** The test of an `if` or `?:` that holds only while a switch is on. */
function isSwitchTest(path) {
  const parent = path.parentPath;
  return path.key === 'test' && (parent?.isIfStatement() || parent?.isConditionalExpression()) && needsSwitch(path.node) && isPure(path.node);
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
      if (isFaultSwitch(path.node) || isSwitchTest(path) || onlyWhenSwitchOn(path)) return REASON;
      return undefined;
    },
  }),
];
