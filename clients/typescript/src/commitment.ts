// Checking a sealed hand's commitment (written by hand; the generator keeps this file).
//
// While a sealed hand runs, its public state's `deal.commitment` promises a
// seed without showing it; once the hand is over, `deal.seed_text` (the seed
// as a decimal string; `deal.seed` is the same number, which JSON.parse rounds
// above 2^53) and `deal.nonce` reveal it. The commitment is the lowercase hex
// SHA-256 of the 16-byte nonce followed by the seed as 8 bytes big-endian (the
// referee's docs/holding.md, Sealed). It uses Web Crypto (`crypto.subtle`:
// browsers, Deno, Node 19 and later).

const SEED_MAX = (1n << 64n) - 1n;
const DECIMAL = /^(?:0|[1-9][0-9]{0,19})$/;
const NONCE = /^[0-9a-f]{32}$/;
const DIGEST = /^[0-9a-f]{64}$/;

/**
 * Whether `commitment` is the commitment of `seed` with `nonce`.
 *
 * @param commitment the public state's `deal.commitment` (64 lowercase hex digits)
 * @param seed the revealed seed: `deal.seed_text` (its decimal string) or a bigint, 0 to 2^64 - 1
 * @param nonce the revealed `deal.nonce` (32 lowercase hex digits: 16 bytes)
 * @returns true when the SHA-256 of the nonce's 16 bytes followed by the seed as
 *   8 bytes big-endian, in lowercase hex, is `commitment`; false otherwise, and for
 *   any value not of those shapes (it never rejects, but where Web Crypto is missing)
 */
export async function verifyCommitment(commitment: string, seed: string | bigint, nonce: string): Promise<boolean> {
  if (typeof seed === 'string') {
    if (!DECIMAL.test(seed)) return false;
    seed = BigInt(seed);
  }
  if (typeof seed !== 'bigint' || seed < 0n || seed > SEED_MAX) return false;
  if (typeof nonce !== 'string' || !NONCE.test(nonce) || typeof commitment !== 'string' || !DIGEST.test(commitment)) return false;
  const message = new Uint8Array(24);
  for (let i = 0; i < 16; i += 1) message[i] = parseInt(nonce.slice(2 * i, 2 * i + 2), 16);
  new DataView(message.buffer).setBigUint64(16, seed, false); // big-endian
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) throw new Error('verifyCommitment needs Web Crypto (crypto.subtle): a browser, Deno, or Node 19 or later');
  const digest = new Uint8Array(await subtle.digest('SHA-256', message));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex === commitment;
}
