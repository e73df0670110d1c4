/**
 * Each GameJob → its per-game function: the one place the big-game thread (big-game-thread.ts)
 * finds the work of every command, the same functions the main thread runs for smaller games.
 */
import { validate, type Game } from '../src/index.js';
import type { GameJob } from './big-games.js';
import { exportOfGame } from './commands/export.js';
import { gameRowOf } from './commands/games.js';
import { shownOf } from './commands/show.js';
import { statsOfGame } from './stats-collector.js';
import type { GamePart } from './game-output.js';
import { perGameOf } from './workers/tasks.js';

export type GameWork = (game: Game, file: string, number: number, part?: GamePart) => unknown;

export function workOf(job: GameJob): GameWork {
  switch (job.command) {
    case 'fens':
    case 'positions':
      return perGameOf(job);
    case 'validate':
      return validate;
    case 'stats':
      return statsOfGame;
    case 'games':
      return gameRowOf(job.settings);
    case 'export':
      return exportOfGame(job.settings);
    case 'show':
      return shownOf(job.settings);
  }
}
