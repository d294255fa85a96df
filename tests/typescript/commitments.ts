// verifyCommitment (clients/typescript/src/commitment.ts) on the revealed deals
// of real sealed hands, run by tests/test_clients.py with node: DEALS (set by
// esbuild --define) is the finished hands' public `deal` answers as JSON text,
// the seeds written as the referee writes them, so each is read as the client reads it.
// It prints one JSON line per deal: the check with seed_text, with the seed as
// JSON.parse reads `seed` (rounded above 2^53), with the seed and the nonce
// each changed, and with the commitment of another hand.

import { verifyCommitment } from '../../clients/typescript/src/commitment';

type Deal = { commitment: string; seed: number; seed_text: string; nonce: string };

declare const DEALS: string; // set by esbuild --define

async function main(): Promise<void> {
  const deals = JSON.parse(DEALS) as Deal[];
  for (const [index, deal] of deals.entries()) {
    const other = deals[(index + 1) % deals.length]!;
    const flipped = (deal.nonce[0] === '0' ? '1' : '0') + deal.nonce.slice(1);
    console.log(JSON.stringify({
      seed_text: deal.seed_text,
      verified: await verifyCommitment(deal.commitment, deal.seed_text, deal.nonce),
      as_bigint: await verifyCommitment(deal.commitment, BigInt(deal.seed_text), deal.nonce),
      as_number: await verifyCommitment(deal.commitment, BigInt(deal.seed), deal.nonce),
      exact_number: Number.isSafeInteger(deal.seed),
      other_seed: await verifyCommitment(deal.commitment, (BigInt(deal.seed_text) ^ 1n).toString(), deal.nonce),
      other_nonce: await verifyCommitment(deal.commitment, deal.seed_text, flipped),
      other_commitment: other === deal ? false : await verifyCommitment(other.commitment, deal.seed_text, deal.nonce),
      malformed: await verifyCommitment(deal.commitment, `0${deal.seed_text}`, deal.nonce),
    }));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  throw error;
});
