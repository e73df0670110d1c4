/** `forsyth/openings`: ECO codes and opening names, by position (transpositions included) or game. */
export {
  classifyOpening,
  openingOfPosition,
  openingSubject,
  openingTable,
  openingKey,
  type Opening,
  type OpeningMatch,
} from '../openings/classify.js';
