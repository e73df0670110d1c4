/**
 * `forsyth/fen`: FEN in and out. `parseFen` (lenient, with located diagnostics and repair hints),
 * `repairFen`, `makeFen` (en-passant and castling styles), `makeBoardFen`.
 */
export {
  parseFen,
  makeFen,
  makeBoardFen,
  repairFen,
  INITIAL_FEN,
  EP_MODES,
  CASTLING_NOTATIONS,
  type ParseFenOptions,
  type MakeFenOptions,
  type FenEpMode,
  type FenCastlingMode,
  type FenChange,
  type RepairedFen,
} from '../core/index.js';
