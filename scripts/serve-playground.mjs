// `npm run playground:serve`: serves dist/playground/ on http://127.0.0.1:8080/ (PORT to change it).
// Static files only; the page needs no server, this is for browsers that limit file:// pages.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../dist/playground/', import.meta.url));
const port = Number(process.env.PORT ?? 8080);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

if (!existsSync(join(dir, 'index.html'))) {
  console.error('forsyth playground: dist/playground/ is missing; run `npm run playground` first');
  process.exit(2);
}
createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  );
  const file = join(dir, path === '/' ? 'index.html' : path);
  if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end('not found');
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
}).listen(port, '127.0.0.1', () => console.log(`forsyth playground: http://127.0.0.1:${port}/`));
