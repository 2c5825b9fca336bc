/**
 * DashScope's native APIs (./native.ts) against recorded-style bodies (./__fixtures__): text rerank from and
 * to the common rerank shape, the image-synthesis task body from OpenAI's image request, the states of a
 * task (submitted, running, succeeded with URLs, failed with DashScope's code), and its error body.
 */
import { describe, expect, it } from 'vitest';
import { dialectFixtures } from '../test-dialect-fixtures.ts';
import { dashScopeError, imageTaskBody, rerankBody, rerankReply, taskState } from './native.ts';

const fixtures = dialectFixtures(import.meta.url);

describe('DashScope rerank', () => {
  it('sends the common rerank request as text-rerank input and parameters', () => {
    const common = {
      model: 'gte-rerank',
      query: '什么是文本排序模型',
      documents: [
        '文本排序模型广泛用于搜索引擎和推荐系统中，它们根据文本相关性对候选文本进行排序',
        { text: '量子计算是计算科学的一个前沿领域' },
        '预训练语言模型的发展给文本排序模型带来了新的进展',
      ],
      top_n: 2,
    };
    expect(rerankBody(common, 'gte-rerank')).toEqual(fixtures.json('rerank-request.json'));
    expect(rerankBody({ ...common, return_documents: false }, 'gte-rerank')).toMatchObject({
      parameters: { return_documents: false },
    });
  });

  it('answers in the common shape with the reported tokens', () => {
    expect(rerankReply(fixtures.json('rerank-reply.json'), 'gte-rerank')).toEqual({
      model: 'gte-rerank',
      id: '85ba5752-1900-4b0f-9a1d-b36b3a2a5b0c',
      results: [
        {
          index: 0,
          relevance_score: 0.7314485774089865,
          document: {
            text: '文本排序模型广泛用于搜索引擎和推荐系统中，它们根据文本相关性对候选文本进行排序',
          },
        },
        {
          index: 2,
          relevance_score: 0.5831720487049298,
          document: { text: '预训练语言模型的发展给文本排序模型带来了新的进展' },
        },
      ],
      usage: { prompt_tokens: 79, total_tokens: 79 },
    });
  });

  it('refuses an error body with its code and message', () => {
    expect(() => rerankReply(fixtures.json('error.json'), 'gte-rerank')).toThrow(
      'InvalidApiKey: Invalid API-key provided.',
    );
  });
});

describe('DashScope image tasks', () => {
  it("submit OpenAI's image request as an image-synthesis task", () => {
    expect(
      imageTaskBody(
        {
          model: 'wanx-v1',
          prompt: '近景镜头，18岁的中国女孩，古代服饰，圆脸，正面看着镜头',
          negative_prompt: '低分辨率',
          n: 2,
          size: '1024x1024',
          style: 'watercolor',
          seed: 42,
        },
        'wanx-v1',
      ),
    ).toEqual(fixtures.json('image-request.json'));
  });

  it.each([
    ['image-submitted.json', { state: 'running' }],
    ['image-running.json', { state: 'running' }],
    [
      'image-succeeded.json',
      {
        state: 'succeeded',
        urls: [
          'https://dashscope-result-bj.oss-cn-beijing.aliyuncs.com/1.png',
          'https://dashscope-result-bj.oss-cn-beijing.aliyuncs.com/2.png',
        ],
      },
    ],
    [
      'image-failed.json',
      { state: 'failed', message: 'DataInspectionFailed: Output data may contain inappropriate content.' },
    ],
  ])('read %s', (name, state) => {
    expect(taskState(fixtures.json(name))).toEqual(state);
  });

  it('read the error body', () => {
    expect(dashScopeError(fixtures.json('error.json'))).toBe('InvalidApiKey: Invalid API-key provided.');
    expect(dashScopeError(fixtures.json('image-succeeded.json'))).toBeNull();
  });
});
