/** The error bodies the fake upstream sends, as OpenAI sends them. */
import type { ErrorBody } from '../../relay/formats/openai/openai-types.ts';

export const INVALID_API_KEY_BODY: ErrorBody = {
  error: {
    message: 'Incorrect API key provided',
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_api_key',
  },
};

/** What OpenAI answers for a status when no error body is configured. */
export function defaultErrorBody(status: number, model: string | undefined): ErrorBody {
  const error = (message: string, type: string, code: string | null): ErrorBody => ({
    error: { message, type, param: null, code },
  });
  switch (status) {
    case 400:
      return error('Invalid request (fake upstream).', 'invalid_request_error', null);
    case 401:
      return INVALID_API_KEY_BODY;
    case 403:
      return error(
        'Country, region, or territory not supported',
        'request_forbidden',
        'unsupported_country_region_territory',
      );
    case 404:
      return error(
        `The model \`${model ?? 'unknown'}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      );
    case 429:
      return error(
        `Rate limit reached for ${model ?? 'the model'} on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.`,
        'requests',
        'rate_limit_exceeded',
      );
    case 500:
      return error(
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
        null,
      );
    case 503:
      return error('The engine is currently overloaded, please try again later', 'server_error', null);
    default:
      return error(`Fake upstream error (status ${status})`, 'api_error', null);
  }
}

/** OpenAI's answer to an unknown path. */
export function invalidUrlBody(method: string, path: string): ErrorBody {
  return {
    error: {
      message: `Invalid URL (${method} ${path})`,
      type: 'invalid_request_error',
      param: null,
      code: null,
    },
  };
}
