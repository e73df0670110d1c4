/** The playground's Web Worker: hands each request to the engine, one at a time. */
import { Engine } from './engine';
import type { Reply, Request } from './protocol';

const scope = self as unknown as { postMessage(reply: Reply): void; onmessage: ((event: MessageEvent<Request>) => void) | null };
const engine = new Engine((reply) => scope.postMessage(reply));
let current = 0;

scope.onmessage = (event) => {
  const request = event.data;
  try {
    if (request.type === 'load') {
      current = request.id;
      engine.load(request.id, request.text, request.options, () => current === request.id);
    } else if (request.type === 'game') engine.game(request.id, request.index, request.options);
    else engine.export(request.id, request.format, request.options);
  } catch (error) {
    scope.postMessage({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
