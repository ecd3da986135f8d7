/**
 * Password hashing with scrypt (memory-hard, in Node itself). The stored string carries its own
 * parameters — `scrypt$<log2N>$<r>$<p>$<salt>$<hash>` — so the cost can rise later without
 * invalidating old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export class PasswordHasher {
  constructor(private readonly log2N: number) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, this.log2N, BLOCK_SIZE, PARALLELISM);
    return ["scrypt", this.log2N, BLOCK_SIZE, PARALLELISM, salt.toString("base64url"), key.toString("base64url")].join(
      "$",
    );
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, log2N, r, p, salt, key] = stored.split("$");
    if (scheme !== "scrypt" || !log2N || !r || !p || !salt || !key) return false;
    const expected = Buffer.from(key, "base64url");
    const actual = await derive(password, Buffer.from(salt, "base64url"), Number(log2N), Number(r), Number(p));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  private dummy: Promise<string> | null = null;
  /** Spends the same time as a real check, so an unknown e-mail answers as slowly as a known one. */
  async burn(password: string): Promise<void> {
    this.dummy ??= this.hash(randomBytes(16).toString("hex"));
    await this.verify(password, await this.dummy);
  }
}

/** A random password people can type: 16 characters from an unambiguous alphabet (~92 bits). */
export function generatePassword(length = 16): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(length * 2);
  let out = "";
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (byte >= 256 - (256 % alphabet.length)) continue;
    out += alphabet[byte % alphabet.length];
    if (out.length === length) break;
  }
  return out.length === length ? out : generatePassword(length);
}
