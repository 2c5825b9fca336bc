/**
 * A fake AI Proxy knowledge-base API (`POST /api/library/ask`): checks the Bearer key and the libraryId,
 * answers `{success, answer, documents}` or, when streaming, SSE frames `{content, finish, documents}`;
 * an unknown library gets `{success: false, message}` with HTTP 200, as the service answers.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';

export const FAKE_AIPROXY_KEY = 'aiproxy-key';
export const FAKE_LIBRARY_ID = 'lib-42';
export const FAKE_LIBRARY_PIECES = ['Pandas ', 'eat bamboo.'];
export const FAKE_LIBRARY_DOCUMENTS = [{ title: 'Panda facts', url: 'https://example.com/panda' }];

export async function startFakeAiProxy(): Promise<FakeVendor> {
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.method !== 'POST' || request.path !== '/api/library/ask') {
      sendJson(response, 404, { success: false, message: 'not found' });
      return;
    }
    if (request.headers.authorization !== `Bearer ${FAKE_AIPROXY_KEY}`) {
      sendJson(response, 401, { success: false, message: 'invalid api key' });
      return;
    }
    if (request.body.libraryId !== FAKE_LIBRARY_ID) {
      sendJson(response, 200, {
        success: false,
        message: `library ${String(request.body.libraryId)} not found`,
      });
      return;
    }
    if (request.body.stream !== true) {
      sendJson(response, 200, {
        success: true,
        message: '',
        answer: FAKE_LIBRARY_PIECES.join(''),
        documents: FAKE_LIBRARY_DOCUMENTS,
      });
      return;
    }
    startSse(response);
    FAKE_LIBRARY_PIECES.forEach((content, index) => {
      const frame = {
        content,
        finish: false,
        model: request.body.model,
        documents: index === 0 ? FAKE_LIBRARY_DOCUMENTS : [],
      };
      response.write(`data: ${JSON.stringify(frame)}\n\n`);
    });
    response.end(
      `data: ${JSON.stringify({ content: '', finish: true, model: request.body.model, documents: [] })}\n\n`,
    );
  };
  return startFakeVendor(route);
}
