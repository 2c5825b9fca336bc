/**
 * A fake Ollama server's native API: `POST /api/chat` (one JSON reply, or newline-delimited JSON chunks
 * when `stream` is not false — Ollama's default is to stream), `POST /api/embed`, and the model list at
 * `GET /api/tags`; unknown models get Ollama's 404 `{error}`. A prompt mentioning "weather" with tools
 * gets a tool call (arguments as an object, as Ollama sends them).
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from './http.ts';

export const FAKE_OLLAMA_MODEL = 'llama3.2:3b';
export const FAKE_OLLAMA_PIECES = ['Hello', ' from', ' Ollama'];
export const FAKE_OLLAMA_COUNTS = { prompt_eval_count: 26, eval_count: 3 };
export const FAKE_OLLAMA_EMBEDDING = [0.5, -0.25, 0.125];

function lastUserText(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  const user = [...messages].reverse().find((message) => message?.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

export async function startFakeOllama(): Promise<FakeVendor> {
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.method === 'GET' && request.path === '/api/tags') {
      const details = { format: 'gguf', family: 'llama', parameter_size: '3.2B' };
      sendJson(response, 200, { models: [{ name: FAKE_OLLAMA_MODEL, model: FAKE_OLLAMA_MODEL, details }] });
      return;
    }
    if (request.method !== 'POST' || (request.path !== '/api/chat' && request.path !== '/api/embed')) {
      sendJson(response, 404, { error: '404 page not found' });
      return;
    }
    if (request.body.model !== FAKE_OLLAMA_MODEL) {
      sendJson(response, 404, {
        error: `model "${String(request.body.model)}" not found, try pulling it first`,
      });
      return;
    }
    if (request.path === '/api/embed') {
      const inputs = Array.isArray(request.body.input) ? request.body.input : [request.body.input];
      sendJson(response, 200, {
        model: FAKE_OLLAMA_MODEL,
        embeddings: inputs.map(() => FAKE_OLLAMA_EMBEDDING),
        prompt_eval_count: 5 * inputs.length,
      });
      return;
    }
    const created_at = '2026-11-25T10:00:00.000Z';
    const wantsTool =
      Array.isArray(request.body.tools) && lastUserText(request.body.messages).includes('weather');
    const final = {
      model: FAKE_OLLAMA_MODEL,
      created_at,
      done: true,
      done_reason: 'stop',
      total_duration: 1_000_000,
      ...FAKE_OLLAMA_COUNTS,
    };
    const toolMessage = {
      role: 'assistant',
      content: '',
      tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }],
    };
    if (request.body.stream === false) {
      const message = wantsTool ? toolMessage : { role: 'assistant', content: FAKE_OLLAMA_PIECES.join('') };
      sendJson(response, 200, { ...final, message });
      return;
    }
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    if (wantsTool) {
      response.write(
        `${JSON.stringify({ model: FAKE_OLLAMA_MODEL, created_at, message: toolMessage, done: false })}\n`,
      );
    } else {
      for (const piece of FAKE_OLLAMA_PIECES) {
        const chunk = {
          model: FAKE_OLLAMA_MODEL,
          created_at,
          message: { role: 'assistant', content: piece },
          done: false,
        };
        response.write(`${JSON.stringify(chunk)}\n`);
      }
    }
    response.end(`${JSON.stringify({ ...final, message: { role: 'assistant', content: '' } })}\n`);
  };
  return startFakeVendor(route);
}
