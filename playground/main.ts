/**
 * The playground page: wires the controls to the engine (in a Web Worker) and draws what comes back.
 * Plain DOM, no framework: the page is a handful of lists, and the heavy work is off the page.
 */
import { renderBoardSvg } from 'forsyth';
import { decodeBytes } from './decode';
import { Engine } from './engine';
import type { EngineOptions, ExportFormat, FenCheck, GameDetail, GameSummary, ProblemView, Reply, Request } from './protocol';

/** The worker's bundled source, put in by the build (scripts/build-playground.mjs). */
declare const __WORKER_SOURCE__: string;

const ROW_HEIGHT = 30;
/** Bigger files are not copied into the text box: a 10 MB textarea makes typing slow. */
const TEXTAREA_LIMIT = 1_000_000;
const TYPING_PAUSE_MS = 300;

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
}

const ui = {
  text: element<HTMLTextAreaElement>('source-text'),
  file: element<HTMLInputElement>('file-input'),
  fileNote: element<HTMLParagraphElement>('file-note'),
  share: element<HTMLButtonElement>('share-button'),
  ep: element<HTMLSelectElement>('opt-ep'),
  castling: element<HTMLSelectElement>('opt-castling'),
  variations: element<HTMLInputElement>('opt-variations'),
  progress: element<HTMLDivElement>('progress'),
  gameList: element<HTMLDivElement>('game-list'),
  board: element<HTMLDivElement>('board'),
  fen: element<HTMLOutputElement>('current-fen'),
  copyFen: element<HTMLButtonElement>('copy-fen'),
  moves: element<HTMLOListElement>('moves'),
  problems: element<HTMLUListElement>('problems'),
  gameText: element<HTMLPreElement>('game-text'),
};

interface State {
  /** The whole input (also when it is too big for the text box). */
  text: string;
  games: GameSummary[];
  fens: readonly FenCheck[];
  chosenGame: number;
  detail: GameDetail | undefined;
  plyIndex: number;
  loadId: number;
}

const state: State = { text: '', games: [], fens: [], chosenGame: -1, detail: undefined, plyIndex: 0, loadId: 0 };
let requestIds = 0;

// ---------- the engine: a worker made from the bundled source, or the page itself ----------

interface EngineLink {
  post(request: Request): void;
  /** Ends work in progress (a worker is replaced; the page engine cannot be interrupted). */
  reset(): void;
}

function workerLink(): EngineLink | undefined {
  try {
    const url = URL.createObjectURL(new Blob([__WORKER_SOURCE__], { type: 'text/javascript' }));
    let worker = new Worker(url);
    const wire = (w: Worker): void => {
      w.onmessage = (event: MessageEvent<Reply>) => onReply(event.data);
    };
    wire(worker);
    return {
      post: (request) => worker.postMessage(request),
      reset: () => {
        worker.terminate();
        worker = new Worker(url);
        wire(worker);
      },
    };
  } catch {
    return undefined;
  }
}

function pageLink(): EngineLink {
  const engine = new Engine((reply) => onReply(reply));
  return {
    post: (request) =>
      setTimeout(() => {
        if (request.type === 'load') engine.load(request.id, request.text, request.options, () => state.loadId === request.id);
        else if (request.type === 'game') engine.game(request.id, request.index, request.options);
        else engine.export(request.id, request.format, request.options);
      }, 0),
    reset: () => undefined,
  };
}

const worker = workerLink();
const link: EngineLink = worker ?? pageLink();
let busy = false;

function options(): EngineOptions {
  return {
    ep: ui.ep.value as EngineOptions['ep'],
    castling: ui.castling.value as EngineOptions['castling'],
    variations: ui.variations.checked,
  };
}

// ---------- loading ----------

function load(text: string): void {
  if (busy) link.reset();
  state.text = text;
  state.games = [];
  state.fens = [];
  state.chosenGame = -1;
  state.detail = undefined;
  state.loadId = ++requestIds;
  busy = true;
  ui.progress.textContent = text.trim() === '' ? '' : 'Reading…';
  renderGameList();
  renderDetail();
  link.post({ type: 'load', id: state.loadId, text, options: options() });
}

function onReply(reply: Reply): void {
  if (reply.type === 'export') return download(reply.format, reply.text);
  if (reply.type === 'error') {
    ui.progress.textContent = `Problem: ${reply.message}`;
    return;
  }
  if (reply.type === 'game') {
    if (reply.detail.index !== state.chosenGame) return;
    state.detail = reply.detail;
    // A game with an error opens where it went wrong: the last position before the first error.
    const broken = reply.detail.problems.some((p) => p.severity === 'error');
    state.plyIndex = broken && state.plyIndex === 0 ? reply.detail.plies.length - 1 : Math.min(state.plyIndex, reply.detail.plies.length - 1);
    renderDetail();
    return;
  }
  if (reply.id !== state.loadId) return;
  if (reply.type === 'games') {
    state.games.push(...reply.games);
    renderGameList();
    if (state.chosenGame < 0 && state.games.length > 0) chooseGame(0);
  } else if (reply.type === 'fens') {
    state.fens = reply.fens;
    renderFens();
  } else if (reply.type === 'progress') {
    const percent = reply.total === 0 ? 100 : Math.round((100 * reply.done) / reply.total);
    ui.progress.textContent = `Reading… ${reply.games.toLocaleString('en')} games, ${percent}%`;
  } else if (reply.type === 'loaded') {
    busy = false;
    ui.progress.textContent =
      state.fens.length > 0
        ? `${state.fens.length} FEN${state.fens.length === 1 ? '' : 's'} checked`
        : `${reply.games.toLocaleString('en')} game${reply.games === 1 ? '' : 's'} read in ${(reply.millis / 1000).toFixed(1)} s`;
    document.body.dataset['loaded'] = String(reply.id);
  }
}

// ---------- the game list (virtualised: only the rows in view exist) ----------

const spacer = document.createElement('div');
spacer.className = 'spacer';
ui.gameList.append(spacer);

function gameLabel(g: GameSummary): string {
  const players = g.white || g.black ? `${g.white || '?'} – ${g.black || '?'}` : g.event || 'untitled game';
  return `${g.index + 1}. ${players} ${g.result}`;
}

function renderGameList(): void {
  spacer.style.height = `${state.games.length * ROW_HEIGHT}px`;
  const first = Math.max(0, Math.floor(ui.gameList.scrollTop / ROW_HEIGHT) - 5);
  const last = Math.min(state.games.length, first + Math.ceil(ui.gameList.clientHeight / ROW_HEIGHT) + 10);
  const rows: HTMLElement[] = [];
  for (let i = first; i < last; i++) {
    const g = state.games[i];
    if (!g) continue;
    const row = document.createElement('div');
    row.className = 'game-row';
    row.id = `game-${i}`;
    row.setAttribute('role', 'option');
    row.setAttribute('aria-selected', String(i === state.chosenGame));
    row.style.top = `${i * ROW_HEIGHT}px`;
    row.dataset['index'] = String(i);
    const name = document.createElement('span');
    name.textContent = gameLabel(g);
    row.append(name);
    if (g.errors > 0 || g.warnings > 0) {
      const badge = document.createElement('span');
      badge.className = `badge ${g.errors > 0 ? 'error' : 'warning'}`;
      badge.textContent = g.errors > 0 ? `${g.errors} error${g.errors === 1 ? '' : 's'}` : `${g.warnings} warning${g.warnings === 1 ? '' : 's'}`;
      row.append(badge);
    }
    rows.push(row);
  }
  spacer.replaceChildren(...rows);
  if (state.chosenGame >= 0) ui.gameList.setAttribute('aria-activedescendant', `game-${state.chosenGame}`);
}

function chooseGame(index: number): void {
  if (index < 0 || index >= state.games.length) return;
  state.chosenGame = index;
  state.plyIndex = 0;
  state.detail = undefined;
  renderGameList();
  const top = index * ROW_HEIGHT;
  if (top < ui.gameList.scrollTop || top + ROW_HEIGHT > ui.gameList.scrollTop + ui.gameList.clientHeight) {
    ui.gameList.scrollTop = top - ui.gameList.clientHeight / 2;
  }
  link.post({ type: 'game', id: ++requestIds, index, options: options() });
}

// ---------- one game: board, moves with their FENs, problems, text ----------

function showBoard(fen: string, lastMove?: { from: string; to: string }, label = ''): void {
  const [placement = '', turn] = fen.split(' ');
  try {
    ui.board.innerHTML = renderBoardSvg({ placement, turn: turn === 'b' ? 'black' : 'white', fen, ...(lastMove ? { lastMove: { ...lastMove, label } } : {}) });
    ui.board.setAttribute('aria-label', `board after ${label || 'the start'}: ${fen}`);
  } catch {
    ui.board.textContent = 'no board for this position';
  }
  ui.fen.textContent = fen;
}

function renderDetail(): void {
  const detail = state.detail;
  ui.moves.replaceChildren();
  ui.problems.replaceChildren();
  ui.gameText.replaceChildren();
  if (!detail) {
    if (state.fens.length === 0) {
      ui.board.replaceChildren();
      ui.fen.textContent = '';
    }
    return;
  }
  detail.plies.forEach((ply, i) => {
    const item = document.createElement('li');
    item.dataset['ply'] = String(i);
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = ply.path.includes('.') ? `(${ply.label})` : ply.label;
    const fen = document.createElement('span');
    fen.className = 'fen';
    fen.textContent = ply.fen;
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'Copy';
    copy.setAttribute('aria-label', `copy the FEN after ${ply.label}`);
    copy.addEventListener('click', (event) => {
      event.stopPropagation();
      void copyText(ply.fen, copy);
    });
    item.append(label, fen, copy);
    item.addEventListener('click', () => showPly(i));
    ui.moves.append(item);
  });
  for (const problem of detail.problems) ui.problems.append(problemItem(problem, () => highlight(problem)));
  if (detail.problems.length === 0) ui.problems.append(plainItem('No problems found.'));
  const firstError = detail.problems.find((p) => p.severity === 'error') ?? detail.problems[0];
  highlight(firstError);
  showPly(state.plyIndex);
}

function showPly(index: number): void {
  const plies = state.detail?.plies;
  if (!plies || plies.length === 0) return;
  state.plyIndex = Math.max(0, Math.min(index, plies.length - 1));
  const ply = plies[state.plyIndex];
  if (!ply) return;
  showBoard(ply.fen, ply.lastMove, ply.label);
  for (const item of ui.moves.children) {
    const current = (item as HTMLElement).dataset['ply'] === String(state.plyIndex);
    item.setAttribute('aria-current', String(current));
    if (current) (item as HTMLElement).scrollIntoView({ block: 'nearest' });
  }
}

function plainItem(text: string): HTMLLIElement {
  const item = document.createElement('li');
  item.textContent = text;
  return item;
}

function problemItem(problem: ProblemView, onChoose: () => void): HTMLLIElement {
  const item = document.createElement('li');
  item.className = problem.severity;
  item.tabIndex = 0;
  const where = document.createElement('div');
  where.className = 'where';
  where.textContent = `${problem.line !== undefined ? `line ${problem.line}, column ${problem.column ?? 1}: ` : ''}${problem.severity}[${problem.code}]`;
  const message = document.createElement('div');
  message.className = 'message';
  message.textContent = problem.message;
  item.append(where, message);
  if (problem.hint) {
    const hint = document.createElement('div');
    hint.className = 'hint';
    hint.textContent = `hint: ${problem.hint}`;
    item.append(hint);
  }
  item.addEventListener('click', onChoose);
  item.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') onChoose();
  });
  return item;
}

/** Shows the game's text with the problem's span marked, and selects it in the text box too. */
function highlight(problem: ProblemView | undefined): void {
  const detail = state.detail;
  if (!detail) return;
  const text = detail.text;
  if (!problem || problem.start === undefined) {
    ui.gameText.textContent = text;
    return;
  }
  const start = Math.max(0, Math.min(problem.start, text.length));
  const end = Math.min(text.length, start + (problem.length ?? 1));
  const mark = document.createElement('mark');
  mark.dataset['code'] = problem.code;
  mark.textContent = text.slice(start, end) || ' ';
  ui.gameText.replaceChildren(text.slice(0, start), mark, text.slice(end));
  mark.scrollIntoView({ block: 'nearest' });
  if (ui.text.value === state.text) ui.text.setSelectionRange(detail.offset + start, detail.offset + end);
}

// ---------- FEN lines ----------

function renderFens(): void {
  ui.moves.replaceChildren();
  ui.problems.replaceChildren();
  ui.gameText.textContent = '';
  state.fens.forEach((check, i) => {
    const item = document.createElement('li');
    item.className = `fen-check ${check.ok ? 'ok' : 'bad'}`;
    item.dataset['ply'] = String(i);
    const label = document.createElement('span');
    label.textContent = `line ${check.line}: ${check.ok ? 'valid' : 'invalid'}`;
    const fen = document.createElement('span');
    fen.className = 'fen';
    fen.textContent = check.normalized && check.normalized !== check.input ? `${check.input} → ${check.normalized}` : check.input;
    item.append(label, fen);
    if (check.normalized) {
      const copy = document.createElement('button');
      copy.type = 'button';
      copy.textContent = 'Copy';
      copy.setAttribute('aria-label', `copy the FEN of line ${check.line}`);
      copy.addEventListener('click', (event) => {
        event.stopPropagation();
        void copyText(check.normalized ?? check.input, copy);
      });
      item.append(copy);
    }
    item.addEventListener('click', () => showFen(i));
    ui.moves.append(item);
    for (const problem of check.problems) ui.problems.append(problemItem({ ...problem, line: check.line }, () => showFen(i)));
  });
  if (state.fens.every((f) => f.problems.length === 0)) ui.problems.append(plainItem('No problems found.'));
  showFen(0);
}

function showFen(index: number): void {
  const check = state.fens[index];
  if (!check) return;
  state.plyIndex = index;
  if (check.normalized) showBoard(check.normalized);
  else {
    ui.board.textContent = 'This FEN cannot be shown: see its problems.';
    ui.fen.textContent = check.input;
  }
  for (const item of ui.moves.children) item.setAttribute('aria-current', String((item as HTMLElement).dataset['ply'] === String(index)));
}

// ---------- copying, sharing, exporting ----------

async function copyText(text: string, button: HTMLButtonElement): Promise<void> {
  const before = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const scratch = document.createElement('textarea');
    scratch.value = text;
    document.body.append(scratch);
    scratch.select();
    document.execCommand('copy');
    scratch.remove();
  }
  button.textContent = 'Copied';
  setTimeout(() => (button.textContent = before), 1200);
}

function download(format: ExportFormat, text: string): void {
  const type = format === 'csv' ? 'text/csv' : format === 'ndjson' ? 'application/x-ndjson' : 'application/vnd.chess-pgn';
  const name = format === 'csv' ? 'plies.csv' : format === 'ndjson' ? 'plies.ndjson' : 'fixed.pgn';
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function requestExport(format: ExportFormat): void {
  link.post({ type: 'export', id: ++requestIds, format, options: options() });
}

function readFragment(): void {
  const hash = location.hash.slice(1);
  const match = /^(pgn|fen)=(.*)$/s.exec(hash);
  if (!match) return;
  let text: string;
  try {
    text = decodeURIComponent(match[2] ?? '');
  } catch {
    ui.progress.textContent = 'The link holds text that is not URL-encoded.';
    return;
  }
  ui.text.value = text;
  ui.fileNote.hidden = true;
  load(text);
}

// ---------- events ----------

let typingTimer: ReturnType<typeof setTimeout> | undefined;
ui.text.addEventListener('input', () => {
  clearTimeout(typingTimer);
  ui.fileNote.hidden = true;
  typingTimer = setTimeout(() => load(ui.text.value), TYPING_PAUSE_MS);
});

async function loadFile(file: File): Promise<void> {
  const { text, encoding } = decodeBytes(new Uint8Array(await file.arrayBuffer()));
  const big = text.length > TEXTAREA_LIMIT;
  ui.text.value = big ? '' : text;
  ui.fileNote.hidden = false;
  ui.fileNote.textContent = `${file.name}: ${(file.size / 1e6).toFixed(1)} MB, ${encoding}${big ? '; too big for the text box, so it is read from the file (type in the box to replace it)' : ''}`;
  load(text);
}

ui.file.addEventListener('change', () => {
  const file = ui.file.files?.[0];
  if (file) void loadFile(file);
});
ui.text.addEventListener('dragover', (event) => {
  event.preventDefault();
  ui.text.classList.add('drop');
});
ui.text.addEventListener('dragleave', () => ui.text.classList.remove('drop'));
ui.text.addEventListener('drop', (event) => {
  event.preventDefault();
  ui.text.classList.remove('drop');
  const file = event.dataTransfer?.files[0];
  if (file) void loadFile(file);
});

for (const control of [ui.ep, ui.castling, ui.variations]) {
  control.addEventListener('change', () => {
    if (state.chosenGame >= 0) link.post({ type: 'game', id: ++requestIds, index: state.chosenGame, options: options() });
  });
}

ui.gameList.addEventListener('scroll', () => renderGameList());
ui.gameList.addEventListener('click', (event) => {
  const row = (event.target as HTMLElement).closest<HTMLElement>('.game-row');
  if (row) chooseGame(Number(row.dataset['index']));
});
ui.gameList.addEventListener('keydown', (event) => {
  const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[event.key];
  if (step === undefined) return;
  event.preventDefault();
  chooseGame(Math.max(0, Math.min(state.games.length - 1, state.chosenGame + step)));
});

function step(to: number): void {
  if (state.fens.length > 0) showFen(Math.max(0, Math.min(to, state.fens.length - 1)));
  else showPly(to);
}
const lastIndex = (): number => (state.fens.length > 0 ? state.fens.length : (state.detail?.plies.length ?? 1)) - 1;
element<HTMLButtonElement>('first-ply').addEventListener('click', () => step(0));
element<HTMLButtonElement>('prev-ply').addEventListener('click', () => step(state.plyIndex - 1));
element<HTMLButtonElement>('next-ply').addEventListener('click', () => step(state.plyIndex + 1));
element<HTMLButtonElement>('last-ply').addEventListener('click', () => step(lastIndex()));
document.addEventListener('keydown', (event) => {
  const target = event.target as HTMLElement;
  if (target === ui.text || target.tagName === 'SELECT' || target === ui.gameList || target.tagName === 'INPUT') return;
  const moves: Record<string, () => number> = {
    ArrowRight: () => state.plyIndex + 1,
    ArrowLeft: () => state.plyIndex - 1,
    Home: () => 0,
    End: lastIndex,
  };
  const to = moves[event.key];
  if (!to) return;
  event.preventDefault();
  step(to());
});

ui.copyFen.addEventListener('click', () => void copyText(ui.fen.textContent ?? '', ui.copyFen));
ui.share.addEventListener('click', () => {
  const kind = state.fens.length > 0 ? 'fen' : 'pgn';
  history.replaceState(null, '', `#${kind}=${encodeURIComponent(state.text)}`);
  void copyText(location.href, ui.share);
});
element<HTMLButtonElement>('export-csv').addEventListener('click', () => requestExport('csv'));
element<HTMLButtonElement>('export-ndjson').addEventListener('click', () => requestExport('ndjson'));
element<HTMLButtonElement>('export-fixed').addEventListener('click', () => requestExport('fixed-pgn'));
window.addEventListener('hashchange', readFragment);
window.addEventListener('resize', () => renderGameList());

document.body.dataset['engine'] = worker ? 'worker' : 'page';
readFragment();
