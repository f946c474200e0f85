// W3C WebDriver §15.4 "Processing actions": the shape of `POST .../actions` checked
// before the driver sees it; any violation is `invalid argument`.
import { isPlainObject } from './capabilities.ts';
import type { ActionItem, ActionSequence } from './driver-api.ts';
import { invalidArgument } from './errors.ts';

const ITEM_TYPES: Record<ActionSequence['type'], ReadonlySet<string>> = {
  none: new Set(['pause']),
  key: new Set(['pause', 'keyDown', 'keyUp']),
  pointer: new Set(['pause', 'pointerDown', 'pointerUp', 'pointerMove', 'pointerCancel']),
  wheel: new Set(['pause', 'scroll']),
};

const isUInt = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

function checkItem(source: ActionSequence['type'], item: unknown, where: string): ActionItem {
  if (!isPlainObject(item) || typeof item['type'] !== 'string') throw invalidArgument(`${where} must be an object with a "type"`);
  const type = item['type'];
  if (!ITEM_TYPES[source].has(type)) throw invalidArgument(`${where}.type '${type}' is not an action of a ${source} source`);
  const fail = (what: string) => invalidArgument(`${where}: ${what}`);
  if (item['duration'] !== undefined && !isUInt(item['duration'])) throw fail('duration must be a non-negative integer');
  if ((type === 'keyDown' || type === 'keyUp') && typeof item['value'] !== 'string') throw fail('value must be a string (one key)');
  if ((type === 'pointerDown' || type === 'pointerUp') && !isUInt(item['button'])) throw fail('button must be a non-negative integer');
  if (type === 'pointerMove' && (!isNumber(item['x']) || !isNumber(item['y']))) throw fail('x and y must be numbers');
  if (type === 'scroll' && !['x', 'y', 'deltaX', 'deltaY'].every((k) => Number.isInteger(item[k]))) {
    throw fail('x, y, deltaX and deltaY must be integers');
  }
  return item as ActionItem;
}

function checkSequence(sequence: unknown, index: number): ActionSequence {
  const where = `actions[${index}]`;
  if (!isPlainObject(sequence)) throw invalidArgument(`${where} must be an object`);
  const { type, id, actions, parameters } = sequence;
  if (type !== 'none' && type !== 'key' &&
    type !== 'pointer' &&
    type !== 'wheel') {
    throw invalidArgument(`${where}.type must be one of none, key, pointer, wheel`);
  }
  if (typeof id !== 'string') throw invalidArgument(`${where}.id must be a string`);
  if (parameters !== undefined) {
    const pointerType = isPlainObject(parameters) ? parameters['pointerType'] : null;
    const pointerTypes = [
      'mouse', 'pen',
      'touch',
    ];
    if (!isPlainObject(parameters) || (pointerType !== undefined && !pointerTypes.includes(String(pointerType)))) {
      throw invalidArgument(`${where}.parameters must be an object; pointerType is mouse, pen or touch`);
    }
  }
  if (!Array.isArray(actions)) throw invalidArgument(`${where}.actions must be an array`);
  const items = actions.map((item, i) => checkItem(type, item, `${where}.actions[${i}]`));
  const given = parameters ? { parameters } : {};
  return { type, id, ...given, actions: items };
}

export function validateActions(body: unknown): ActionSequence[] {
  if (!isPlainObject(body) || !Array.isArray(body['actions'])) throw invalidArgument('the body must be {"actions": [...]}');
  const sequences = body['actions'].map(checkSequence);
  const seen = new Map<string, string>();
  for (const s of sequences) {
    const previous = seen.get(s.id);
    if (previous !== undefined && previous !== s.type) throw invalidArgument(`input source '${s.id}' is used with two types`);
    seen.set(s.id, s.type);
  }
  return sequences;
}
