// Ed25519 keys in PEM: the private key signs a bundle's manifest (--sign-key), the
// public key verifies it (verify --pub). A key's fingerprint is the sha256 of its
// public key in DER (SubjectPublicKeyInfo), which an auditor can also compute with
// `openssl pkey -pubin -in KEY.pub.pem -outform DER | sha256sum`.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sha256Hex } from './sha256.ts';

export const GENERATE_KEY_HINT = 'create one with `wirecheck keygen --out DIR` or `openssl genpkey -algorithm ed25519 -out signing.key.pem`';

function readPem(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`${what} ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function ed25519(key: KeyObject, path: string, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${what} ${path} is not an Ed25519 key (it is ${key.asymmetricKeyType ?? 'not asymmetric'}): ${GENERATE_KEY_HINT}`);
  return key;
}

/** Throws an Error whose message names the file and what is wrong with it. */
export function loadPrivateKey(path: string): KeyObject {
  const pem = readPem(path, 'the signing key');
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error(`the signing key ${path} is not a PEM private key: ${GENERATE_KEY_HINT}`);
  }
  return ed25519(key, path, 'the signing key');
}

export function loadPublicKey(path: string): KeyObject {
  const pem = readPem(path, 'the public key');
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new Error(`the public key ${path} is not a PEM public key (the .pub.pem next to the signing key; \`openssl pkey -in KEY.pem -pubout\` derives it)`);
  }
  return ed25519(key, path, 'the public key');
}

export function keyFingerprint(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return `sha256:${sha256Hex(publicKey.export({ type: 'spki', format: 'der' }))}`;
}

export function signBytes(data: Uint8Array, privateKey: KeyObject): Buffer {
  return sign(null, data, privateKey);
}

export function verifyBytes(data: Uint8Array, signature: Uint8Array, publicKey: KeyObject): boolean {
  try {
    return verify(null, data, publicKey, signature);
  } catch {
    return false;
  }
}

export function generateSigningKeys(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
