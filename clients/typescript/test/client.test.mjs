// The built package (dist/index.js) against a stand-in fetch: what each call
// sends, and how it reads the referee's answers and refusals. No server, no
// network: run `npm run build` first, then `npm test`.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { agramDeal, agramPlay, agencyPlay, createClient, createConfig } from '../dist/index.js';

const BASE = 'http://referee.test';

/** A client whose fetch records each request and answers the next of `answers`. */
function standIn(answers) {
  const sent = [];
  const fetch = async (request) => {
    sent.push({ url: request.url, method: request.method, headers: request.headers, body: await request.text() });
    const { status, type, body } = answers.shift();
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
  };
  return { client: createClient(createConfig({ baseUrl: BASE, fetch })), sent };
}

test('a deal posts its JSON body to the game operation and answers the data', async () => {
  const state = { game: 'agram', players: 3, to_act: 1 };
  const { client, sent } = standIn([{ status: 200, type: 'application/json', body: { state } }]);
  const dealt = await agramDeal({ client, body: { players: 3, seed: 42 } });
  assert.deepEqual(dealt.data, { state });
  assert.equal(dealt.error, undefined);
  assert.equal(sent.length, 1);
  assert.equal(sent[0].url, `${BASE}/v1/games/agram/deal`);
  assert.equal(sent[0].method, 'POST');
  assert.equal(sent[0].headers.get('content-type'), 'application/json');
  assert.deepEqual(JSON.parse(sent[0].body), { players: 3, seed: 42 });
});

test('a refusal answers the problem as the error, with no data', async () => {
  const problem = {
    type: '/problems/not_your_turn', title: 'Illegal move', status: 409, code: 'not_your_turn',
    detail: "It is seat 1's turn, not seat 0's (RULINGS C1, C2)", legal_moves: [],
  };
  const { client } = standIn([{ status: 409, type: 'application/problem+json', body: problem }]);
  const refused = await agramPlay({ client, body: { state: { game: 'agram' }, move: { seat: 0, card: '3D' } } });
  assert.equal(refused.data, undefined);
  assert.equal(refused.response.status, 409);
  assert.equal(refused.error.code, 'not_your_turn');
  assert.deepEqual(refused.error.legal_moves, []);
});

test("a sealed play sends the seat's credential as a bearer token", async () => {
  const { client, sent } = standIn([{ status: 200, type: 'application/json', body: { state: {}, token: 't1.b', events: [] } }]);
  const move = { seat: 2, card: '6V', holder: 1 };
  await agencyPlay({ client, body: { token: 't1.a', move }, headers: { Authorization: 'Bearer c1.key.2.mac' } });
  assert.equal(sent[0].url, `${BASE}/v1/games/agency/play`);
  assert.equal(sent[0].headers.get('authorization'), 'Bearer c1.key.2.mac');
  assert.deepEqual(JSON.parse(sent[0].body), { token: 't1.a', move });
});
