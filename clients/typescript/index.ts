// The package's entry (written by hand; src/ is generated but for
// src/commitment.ts): every operation and type, the default client, what makes
// another one, the check of a sealed hand's commitment, the type guards that
// tell refusals apart (refusals.ts) and events in words (events.ts).
export * from './src/index';
export { client } from './src/client.gen';
export { createClient, createConfig } from './src/client';
export type { Client, Config } from './src/client';
export { verifyCommitment } from './src/commitment';
export * from './refusals';
export * from './events';
