/// <reference lib="dom" />
/**
 * The playground in a real browser: Debian's Chromium driven by playwright-core, opening the built
 * page from disk (file://, as a user who double-clicks index.html would). The expected FENs are
 * computed here by the library, so the page is checked against forsyth itself.
 *
 * Chromium is installed by .ci/run; on a machine without it the suite is skipped with the command
 * that installs it (in CI, a missing browser is a failure, not a skip).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePgn, replay } from '../../src/index.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const PAGE = join(ROOT, 'dist/playground/index.html');
const SCREENSHOTS = join(ROOT, 'dist/playground-screenshots');
const CHROMIUM = process.env['FORSYTH_CHROMIUM'] ?? '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env['CI'])
  throw new Error(`${CHROMIUM} is missing: .ci/run must install Debian's chromium`);
if (!haveChromium) console.warn(`playground test skipped: no ${CHROMIUM} (apt-get install chromium)`);

// The flags a closed network needs: no background connections, no first-run or sync traffic.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const GAME = '[Event "Casual"]\n[White "Anna"]\n[Black "Boris"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O *\n';
const BROKEN = '[Event "Broken"]\n\n1. e4 e5 2. Ke3 Nc6 *\n';

function fragmentUrl(kind: 'pgn' | 'fen', text: string): string {
  return `${pathToFileURL(PAGE).href}#${kind}=${encodeURIComponent(text)}`;
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('body[data-loaded]');
}

describe.skipIf(!haveChromium)('playground in Chromium', () => {
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-playground.mjs')], { cwd: ROOT, stdio: 'pipe' });
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => errors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the FEN of every ply of a game given in the #pgn= fragment, in a worker', async () => {
    await open(page, fragmentUrl('pgn', GAME));
    await page.waitForSelector('#moves li');
    const shown = await page.$$eval('#moves li .fen', (items) => items.map((item) => item.textContent));
    const [game] = parsePgn(GAME);
    const expected = [...replay(game!, { includeStart: true })].map((ply) => ply.fen);
    expect(shown).toEqual(expected);
    expect(await page.getAttribute('body', 'data-engine')).toBe('worker');
    expect(await page.textContent('#game-list')).toContain('Anna – Boris');
    expect(await page.$$eval('#board svg rect', (rects) => rects.length)).toBeGreaterThanOrEqual(64);
    await page.screenshot({ path: join(SCREENSHOTS, 'desktop.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('steps through the moves with the keyboard and the buttons', async () => {
    await open(page, fragmentUrl('pgn', GAME));
    await page.waitForSelector('#moves li');
    const [game] = parsePgn(GAME);
    const fens = [...replay(game!, { includeStart: true })].map((ply) => ply.fen);
    await page.click('#board');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#current-fen')).toBe(fens[2]);
    await page.click('#next-ply');
    expect(await page.textContent('#current-fen')).toBe(fens[3]);
    await page.keyboard.press('End');
    expect(await page.textContent('#current-fen')).toBe(fens.at(-1));
    await page.click('#first-ply');
    expect(await page.textContent('#current-fen')).toBe(fens[0]);
    await page.click('#moves li:nth-child(5)');
    expect(await page.textContent('#current-fen')).toBe(fens[4]);
    expect(await page.getAttribute('#moves li:nth-child(5)', 'aria-current')).toBe('true');
  });

  it('marks a broken move in the game text and lists the problem with its line, column and hint', async () => {
    await open(page, fragmentUrl('pgn', BROKEN));
    await page.waitForSelector('#problems li.error');
    expect(await page.textContent('#game-text mark')).toBe('Ke3');
    expect(await page.getAttribute('#game-text mark', 'data-code')).toBe('REPLAY_ILLEGAL_MOVE');
    const problem = await page.textContent('#problems li.error');
    expect(problem).toContain('line 3, column 13');
    expect(problem).toContain('REPLAY_ILLEGAL_MOVE');
    // The plies before the illegal move are kept, and the board opens where the game went wrong.
    const [game] = parsePgn(BROKEN);
    const fens = [...replay(game!, { includeStart: true })].map((ply) => ply.fen);
    expect(fens).toHaveLength(3);
    expect(await page.$$eval('#moves li .fen', (items) => items.map((item) => item.textContent))).toEqual(fens);
    expect(await page.textContent('#current-fen')).toBe(fens[2]);
    expect(await page.textContent('#game-list')).toContain('1 error');
  });

  it('exports the per-ply rows and the fixed PGN as files', async () => {
    await open(page, fragmentUrl('pgn', GAME));
    await page.waitForSelector('#moves li');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
    const rows = readFileSync((await csv.path())!, 'utf8')
      .trim()
      .split('\n');
    const [game] = parsePgn(GAME);
    const plies = [...replay(game!)];
    expect(rows[0]).toBe('game,ply,path,move_number,side,san,uci,fen');
    expect(rows.slice(1).map((row) => row.split(',').at(-1))).toEqual(plies.map((ply) => ply.fen));
    expect(rows[1]).toBe(`1,1,1,1,black,e4,e2e4,${plies[0]!.fen}`);
    const [fixed] = await Promise.all([page.waitForEvent('download'), page.click('#export-fixed')]);
    const pgn = readFileSync((await fixed.path())!, 'utf8');
    expect(pgn).toContain('[White "Anna"]');
    expect(pgn).toContain('5. O-O *');
  });

  it('checks FENs from the #fen= fragment and shows the repaired form', async () => {
    await open(
      page,
      fragmentUrl('fen', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3\n8/8/8/8/8/8/8/8 w - - 0 1\n'),
    );
    await page.waitForSelector('.fen-check');
    const checks = await page.$$eval('.fen-check', (items) => items.map((item) => item.textContent ?? ''));
    expect(checks).toHaveLength(2);
    expect(checks[0]).toContain('valid');
    expect(checks[0]).toContain('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
    expect(checks[1]).toContain('invalid');
    expect(await page.textContent('#problems')).toContain('FEN_KING_COUNT');
  });

  it('stays responsive while a 10 MB file of 5,000 games is read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forsyth-playground-'));
    try {
      const samples = readFileSync(join(ROOT, 'samples/kasparov-deep-blue-1997-game1.pgn'), 'utf8');
      const padding = `{ ${'a long annotation that makes each game about two kilobytes '.repeat(25)}}\n`;
      const one = samples.replace(/\n\n1\./, `\n\n${padding}1.`);
      const games = Array.from({ length: 5000 }, () => one).join('\n');
      const file = join(dir, 'big.pgn');
      writeFileSync(file, games);
      expect(games.length).toBeGreaterThan(10_000_000);
      await open(page, fragmentUrl('pgn', GAME));
      // Longest gap between timer ticks on the page while the worker reads.
      await page.evaluate(() => {
        const w = window as unknown as { maxGap: number };
        w.maxGap = 0;
        let last = performance.now();
        setInterval(() => {
          const now = performance.now();
          w.maxGap = Math.max(w.maxGap, now - last);
          last = now;
        }, 20);
      });
      const before = await page.getAttribute('body', 'data-loaded');
      await page.setInputFiles('#file-input', file);
      await page.waitForFunction((id) => document.body.dataset['loaded'] !== id, before, { timeout: 120_000 });
      expect(await page.textContent('#progress')).toMatch(/^5,000 games read/);
      const maxGap = await page.evaluate(() => (window as unknown as { maxGap: number }).maxGap);
      expect(maxGap).toBeLessThan(1000);
      // Only the rows in view exist.
      expect(await page.$$eval('.game-row', (rows) => rows.length)).toBeLessThan(60);
      await page.focus('#game-list');
      await page.keyboard.press('PageDown');
      expect(await page.getAttribute('#game-10', 'aria-selected')).toBe('true');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('fits a phone screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    try {
      await open(phone, fragmentUrl('pgn', BROKEN));
      await phone.waitForSelector('#problems li');
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await phone.screenshot({ path: join(SCREENSHOTS, 'phone.png'), fullPage: true });
    } finally {
      await phone.close();
    }
  });
});
