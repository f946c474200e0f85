// summary.json held to its published schema (docs/summary.schema.json, JSON Schema
// 2020-12): every run the tests make is checked against it (run-wirecheck.ts), so the
// schema a vendor's tooling validates with cannot drift from what the harness writes.
// ajv is a devDependency: only the tests validate, a run never does.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

export const SUMMARY_SCHEMA_FILE = join(resolve(import.meta.dirname, '..', '..'), 'docs', 'summary.schema.json');

let validate: ValidateFunction | undefined;

function validator(): ValidateFunction {
  // Strict: a keyword ajv does not know, or a type it cannot tell, is an error of the schema
  // (`required` in an if/then names members defined beside it, not in it: strictRequired is
  // off). Formats are annotations here: the patterns beside them are what is enforced.
  validate ??= new Ajv2020({ strict: true, strictRequired: false, allErrors: true, validateFormats: false }).compile(JSON.parse(readFileSync(SUMMARY_SCHEMA_FILE, 'utf8')) as object);
  return validate;
}

function described(error: ErrorObject): string {
  const at = error.instancePath === '' ? '(the summary)' : error.instancePath;
  const params = Object.keys(error.params).length > 0 ? ` ${JSON.stringify(error.params)}` : '';
  return `${at} ${error.message ?? 'is invalid'}${params} [schema ${error.schemaPath}]`;
}

/** Every way a summary breaks the schema, one line each: [] when it holds. */
export function summarySchemaErrors(summary: unknown): string[] {
  const check = validator();
  return check(summary) ? [] : (check.errors ?? []).map(described);
}

/** Throws, naming every schema error, when a summary breaks the schema. */
export function assertSummaryMatchesSchema(summary: unknown, where: string): void {
  const errors = summarySchemaErrors(summary);
  if (errors.length > 0) {
    throw new Error(`${where} does not match docs/summary.schema.json (fix the writer, harness/report/summary.ts, or the schema — the published contract — on purpose):\n  ${errors.join('\n  ')}`);
  }
}
