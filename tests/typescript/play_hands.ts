// Whole hands of every game through the TypeScript client, run by
// tests/test_clients.py with node against gunicorn (open or sealed mode).
// It uses the client through the table page's own module (web/tables.ts):
// every seat plays a bot's move (a random legal one, from legal-moves or
// from suggest at level `random` where the referee has it; sealed mode: with
// that seat's credential) until the hand is over, and seat 0's view is read
// after each move. It prints one JSON line per hand, with every card the
// page shows once the hand is over.

import { client } from '../../clients/typescript/src/client.gen';
import { newTable, type Line } from '../../web/tables';

declare const REFEREE_URL: string; // set by esbuild --define

const HANDS: ReadonlyArray<[string, number]> = [
  ['agency', 4], ['agram', 3], ['sink-sink', 7], ['fapfap', 4], ['agram-mali', 2], ['spar', 5],
];

async function main(): Promise<void> {
  client.setConfig({ baseUrl: REFEREE_URL });
  for (const [game, players] of HANDS) {
    const table = await newTable(game, players, 0);
    const events: Line[] = [];
    let views = 0;
    for (;;) {
      const view = await table.display();
      views += 1;
      if (view.handOver) {
        console.log(JSON.stringify({
          game, players, sealed: table.sealed, views,
          events: events.map((line) => line.type),
          last: events.at(-1)?.text ?? null,
          cards_left: [...(view.hand ?? []), ...(view.holders ?? []).flatMap((holder) => holder.cards ?? [])].map((card) => card.code),
          hidden: (view.holders ?? []).filter((holder) => holder.cards === null).length,
          result: view.result,
        }));
        break;
      }
      events.push(...(await table.botTurn('random', view.toAct ?? 0)));
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  throw error;
});
