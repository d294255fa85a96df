// The package's entry (written by hand; src/ is generated): every operation
// and type, the default client and what makes another one.
export * from './src/index';
export { client } from './src/client.gen';
export { createClient, createConfig } from './src/client';
export type { Client, Config } from './src/client';
