// The TypeScript client's helpers on what the referee answered, run by
// tests/test_client_helpers.py with node: each problem's class and the type
// guards that hold for it (refusals.ts), and each event's sentence
// (events.ts). Its input, set by esbuild --define, is a JSON string:
// {"problems": [problem body...], "events": [{"game": id, "event": event}...]}.
// It prints one JSON object: {"classes", "guards", "sentences"}, in input order.

import {
  eventSentence, problemClass, problemGuards, type GameEvent, type ProblemBody, type ProblemClass,
} from '../../clients/typescript/index';

declare const HELPER_INPUT: string; // set by esbuild --define

interface Input {
  problems: ProblemBody[];
  events: Array<{ game: string; event: GameEvent }>;
}

const input = JSON.parse(HELPER_INPUT) as Input;
const names = Object.keys(problemGuards) as ProblemClass[];
console.log(JSON.stringify({
  classes: input.problems.map((problem) => problemClass(problem)),
  guards: input.problems.map((problem) => names.filter((name) => problemGuards[name](problem))),
  sentences: input.events.map(({ game, event }) => eventSentence(event, game)),
}));
