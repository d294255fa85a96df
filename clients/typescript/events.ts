// Events and cards in words (written by hand; src/ is generated): what `play`,
// `timeout` and `reseat` answer in `events`, each as the sentence a person reads, and a
// card's name as a screen reader says it. The table page shows these
// sentences; the Python client's `trick_referee_client.events` writes the same
// ones, word for word.

/** Which deck a game uses: Agency's (RULINGS A1) or the Agram family's French cards (F1, F2). */
export type Deck = 'agency' | 'french';

/** Each deck's suits, by their letters, as a screen reader says them. */
export const SUIT_NAMES: { readonly [D in Deck]: Readonly<Record<string, string>> } = {
  french: { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' },
  agency: { H: 'Hats', M: 'Moustaches', B: 'Briefcases', V: 'Vans' },
};

const RANK_NAMES: Readonly<Record<string, string>> = { A: 'ace', K: 'king', Q: 'queen', J: 'jack' };

/** The deck of a game, by its id (`agency`: Agency's; every other game: French cards). */
export function gameDeck(game: string): Deck {
  return game === 'agency' ? 'agency' : 'french';
}

/** A suit's name ("spades", "Vans") by its letter; throws for a letter the deck has not. */
export function suitName(deck: Deck, letter: string): string {
  const name = SUIT_NAMES[deck][letter];
  if (name === undefined) throw new Error(`Not a suit of this deck: ${letter}`);
  return name;
}

/** A card's name: "10 of spades", "ace of hearts", "5 of Hats", "Wall from holder 2"
 * ("Wall" with no holder); throws for a code the deck has not. */
export function cardName(deck: Deck, code: string, holder: number | null = null): string {
  if (code === 'W') return holder === null ? 'Wall' : `Wall from holder ${holder}`;
  const rank = code.slice(0, -1);
  return `${RANK_NAMES[rank] ?? rank} of ${suitName(deck, code.slice(-1))}`;
}

/** The members of the events the referee answers that a sentence reads (each
 * game's `CardPlayed`, `TrickWon`, `TrickDiscarded`, `HandOver`, `MatchOver` and
 * `SeatReseated` is one). */
export interface GameEvent {
  type: string;
  seat?: number;
  card?: string;
  holder?: number;
  timeout?: boolean;
  winner?: number | null;
  points?: number | null;
  team_points?: Array<number>;
  payouts?: Array<number>;
  multiplier?: number | null;
  tally?: Array<number>;
  trick?: number;
}

/** An event as a sentence: "Seat 1 plays the 3 of diamonds.", "Seat 2 wins
 * trick 4 with the ace of spades.", "The hand is over: team 0 wins it. Points
 * 32 to 20." `game` is the game's id; in Agency a winner is a team (A4),
 * elsewhere a seat. An event of a type this version does not know is its type. */
export function eventSentence(event: GameEvent, game: string): string {
  const deck = gameDeck(game);
  const teams = deck === 'agency';
  const side = (winner: number | null | undefined): string =>
    winner === null || winner === undefined ? 'nobody (a void hand)' : teams ? `team ${winner}` : `seat ${winner}`;
  const name = (card: string | undefined, holder: number | null = null): string => (card === undefined ? '?' : cardName(deck, card, holder));
  switch (event.type) {
    case 'card_played': {
      const card = `the ${name(event.card, event.holder ?? null)}${event.holder === undefined || event.card === 'W' ? '' : ` from holder ${event.holder}`}`;
      return event.timeout === true
        ? `Seat ${event.seat}'s time ran out: the referee plays ${card} for it.`
        : `Seat ${event.seat} plays ${card}.`;
    }
    case 'trick_won':
      return `Seat ${event.winner} wins trick ${event.trick ?? ''} with the ${name(event.card)}${typeof event.points === 'number' ? ` (${event.points} points)` : ''}.`;
    case 'seat_reseated':
      return `Seat ${event.seat} has a new player: the match's host gave the seat a new credential.`;
    case 'trick_discarded':
      return 'Nobody can play: the trick is discarded and the hand ends.';
    case 'hand_over': {
      const parts = [`The hand is over: ${side(event.winner)} wins it.`];
      if (event.team_points) parts.push(`Points ${event.team_points.join(' to ')}.`);
      if (typeof event.points === 'number') parts.push(`It scores ${event.points}.`);
      if (event.multiplier !== undefined && event.multiplier !== null) parts.push(`Multiplier ×${event.multiplier}.`);
      if (event.payouts) parts.push(`Payouts ${event.payouts.join(', ')}.`);
      return parts.join(' ');
    }
    case 'match_over':
      return `The match is over: ${side(event.winner)} wins it (${(event.tally ?? []).join(' to ')}).`;
    default:
      return event.type;
  }
}
