/** OpenAI embedding replies made from providers that answer with float arrays only (Gemini, Baidu). */

export interface FloatEmbeddingReply {
  object: 'list';
  data: { object: 'embedding'; embedding: number[]; index: number }[];
  model: string;
  usage: unknown;
}

/**
 * The reply in the encoding the client asked for: the openai SDK asks `encoding_format: base64` by default,
 * which is the little-endian float32 bytes of each vector in base64.
 */
export function inRequestedEncoding(reply: FloatEmbeddingReply, request: Record<string, unknown>): unknown {
  if (request.encoding_format !== 'base64') return reply;
  return {
    ...reply,
    data: reply.data.map((item) => ({
      ...item,
      embedding: Buffer.from(new Float32Array(item.embedding).buffer).toString('base64'),
    })),
  };
}
