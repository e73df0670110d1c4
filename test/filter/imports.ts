export * from '../../src/index.js';
export { getTag as getTagOf } from '../../src/pgn/tags.js';
