// Setting up and reading back state through the API itself: what a check needs before
// it can test something (a label of its own, a known preference), and the follow-up
// reads that prove what a 204 — or a rejection — did or did not change.
import type { ParsedResponse } from '../http/index.ts';
import { describeAnswer, type Credential, type ResourceApiClient } from './resource-api-client.ts';
import { uniqueName } from './unique-name.ts';

export interface PreferencesRead {
  readonly weeklyDigest: boolean;
  readonly etag: string | undefined;
  readonly response: ParsedResponse;
}

function jsonObject(response: ParsedResponse): Record<string, unknown> | undefined {
  try {
    const value = response.json();
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** GET preferences: 200 with a boolean weeklyDigest, or an error saying what came instead. */
export async function readPreferences(client: ResourceApiClient, userId = client.userId, as: Credential = 'user'): Promise<PreferencesRead> {
  const response = await client.getPreferences(userId, { as });
  const body = response.statusCode === 200 ? jsonObject(response) : undefined;
  const weeklyDigest = body?.['weeklyDigest'];
  if (typeof weeklyDigest !== 'boolean') {
    throw new Error(`GET preferences of ${userId} answered ${describeAnswer(response)}; expected 200 with a JSON object holding a boolean weeklyDigest`);
  }
  return { weeklyDigest, etag: response.header('etag'), response };
}

/** PATCH preferences, requiring success (any 2xx): the set-up step of a check. */
export async function writePreferences(client: ResourceApiClient, weeklyDigest: boolean, as: Credential = 'user'): Promise<ParsedResponse> {
  const response = await client.patchPreferences(weeklyDigest, { as });
  if (response.statusCode < 200 || response.statusCode > 299) {
    throw new Error(`could not set weeklyDigest=${weeklyDigest} to test with: PATCH answered ${describeAnswer(response)}`);
  }
  return response;
}

/** The id of the 2xx answer to a POST /v1/labels, when it holds a string id. */
export function createdId(response: ParsedResponse): string | undefined {
  if (response.statusCode < 200 || response.statusCode > 299) return undefined;
  const id = jsonObject(response)?.['id'];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** A fresh label of `as`'s own, with a name no other check uses; returns its id. */
export async function createLabel(client: ResourceApiClient, as: Credential = 'user'): Promise<string> {
  const response = await client.postLabel(uniqueName(), { as });
  const id = createdId(response);
  if (id === undefined) throw new Error(`could not create a label to test with: POST /v1/labels answered ${describeAnswer(response)}; expected 201 with a string id`);
  return id;
}

/** GET label as its owner: true on 200, false on 404, an error on anything else. */
export async function labelExists(client: ResourceApiClient, id: string, as: Credential = 'user'): Promise<boolean> {
  const response = await client.getLabel(id, { as });
  if (response.statusCode === 200) return true;
  if (response.statusCode === 404) return false;
  throw new Error(`GET /v1/labels/${id} answered ${describeAnswer(response)}; expected 200 (exists) or 404 (absent)`);
}

/** DELETE a label, requiring 204: the set-up step of checks about deleted labels. */
export async function deleteOwnLabel(client: ResourceApiClient, id: string): Promise<void> {
  const response = await client.deleteLabel(id);
  if (response.statusCode !== 204) throw new Error(`could not delete label ${id} to test with: DELETE answered ${describeAnswer(response)}`);
}
