/**
 * The agent CLIs people point at a gateway, run for real (npm packages, offline, against this server; see
 * ./test-agent-clis.ts): Claude Code, Codex and Gemini CLI each complete a task that needs a tool round
 * trip — the upstream asks for the CLI's own shell tool with a command that writes a proof file, the CLI
 * runs it and sends the result back, the upstream answers with text — on four models behind strict test
 * upstreams, which refuse what the real APIs refuse (server/src/test-support/strict/): gpt-5 and gpt-4o on
 * an OpenAI channel, claude-sonnet-4-5 on a Claude channel and gemini-2.5-pro on a Gemini channel. Every
 * call the upstream answered writes one consumption row. A CLI that cannot run here is skipped with a
 * message saying why.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import { FAKE_CLAUDE_TEXT, startFakeClaude } from '../../test-support/fake-vendors/claude-upstream.ts';
import { FAKE_GEMINI_TEXT, startFakeGemini } from '../../test-support/fake-vendors/gemini-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import {
  FAKE_RESPONSES_TEXT,
  startFakeResponses,
} from '../../test-support/fake-vendors/responses-upstream.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { AGENT_CLIS, type AgentCli, PROOF, type ShellCall, workspace } from './test-agent-clis.ts';

const CLAUDE_MODEL = 'claude-sonnet-4-5-20250929';
const GEMINI_MODEL = 'gemini-2.5-pro';
const RESPONSES_MODEL = 'gpt-5-codex';
const RESPONSES_KEY = 'sk-proj-fake-responses';
const CLAUDE_KEY = 'sk-ant-fake';
const GEMINI_KEY = 'gemini-fake-key';
/** The generation paths of the Gemini model (reply and stream). */
const GEMINI_CALLS = [
  `/v1beta/models/${GEMINI_MODEL}:generateContent`,
  `/v1beta/models/${GEMINI_MODEL}:streamGenerateContent?alt=sse`,
];

const { fixture } = setUpRelayFixture();
let claude: FakeVendor;
let gemini: FakeVendor;
let responses: FakeVendor;
let home: string;

/** The file a CLI's run on a model writes. */
const proofFile = (cli: AgentCli, model: string) => `${cli.slug}-via-${model}.txt`;

/** An upstream model: what it answers once the tool has run, and the generation calls it was sent. */
interface Upstream {
  label: string;
  model: string;
  text: string;
  relayed(): number;
  /** Makes the upstream ask for `call` (the fakes of Claude and Gemini are told at start); returns the undo. */
  ask?(call: ShellCall): () => void;
  /** Only these CLIs (by slug) are run on it; all when absent. */
  clis?: readonly string[];
}

const openAiUpstream = (model: string): Upstream => ({
  label: `${model} on an OpenAI channel`,
  model,
  text: DEFAULT_REPLY_TEXT,
  // Codex's first /v1/responses call finds no Responses API at this fake (404, unbilled) and the gateway
  // serves it through Chat Completions from then on (server/src/relay/routing/responses-support.ts).
  relayed: () =>
    fixture.upstream.requests.filter(
      (request) =>
        request.path === '/v1/chat/completions' && (request.body as { model?: string }).model === model,
    ).length,
  ask: ({ name, input }) => {
    fixture.upstream.setBehavior({ toolCall: { name, arguments: JSON.stringify(input) } });
    return () => fixture.upstream.setBehavior({ toolCall: undefined });
  },
});

const UPSTREAMS: Upstream[] = [
  openAiUpstream('gpt-5'),
  openAiUpstream('gpt-4o'),
  {
    label: `${CLAUDE_MODEL} on a Claude channel`,
    model: CLAUDE_MODEL,
    text: FAKE_CLAUDE_TEXT,
    relayed: () =>
      claude.requests.filter(
        (request) => request.path === '/v1/messages' && request.body.model === CLAUDE_MODEL,
      ).length,
  },
  {
    label: `${GEMINI_MODEL} on a Gemini channel`,
    model: GEMINI_MODEL,
    text: FAKE_GEMINI_TEXT,
    relayed: () => gemini.requests.filter((request) => GEMINI_CALLS.includes(request.path)).length,
  },
  {
    // Codex speaks the Responses API, which this OpenAI channel serves: the call passes through.
    label: `${RESPONSES_MODEL} on an OpenAI channel with the Responses API`,
    model: RESPONSES_MODEL,
    text: FAKE_RESPONSES_TEXT,
    relayed: () => responses.requests.filter((request) => request.path === '/v1/responses').length,
    clis: ['codex'],
  },
];

beforeAll(async () => {
  fixture.upstream.setBehavior({ strict: true });
  await fixture.addChannel({ type: 1, models: 'gpt-5,gpt-4o' });
  // Each CLI offers only its own shell tool, so the fakes call whichever of these the request offers.
  const claudeCalls = AGENT_CLIS.map((cli) => cli.shellCall(proofFile(cli, CLAUDE_MODEL)));
  ({ vendor: claude } = await fixture.addVendorChannel(
    () => startFakeClaude(CLAUDE_KEY, { strict: true, toolUses: claudeCalls }),
    { type: 14, key: CLAUDE_KEY, models: CLAUDE_MODEL },
  ));
  const geminiCalls = AGENT_CLIS.map((cli) => {
    const { name, input } = cli.shellCall(proofFile(cli, GEMINI_MODEL));
    return { name, args: input };
  });
  ({ vendor: gemini } = await fixture.addVendorChannel(
    () => startFakeGemini(GEMINI_KEY, { strict: true, functionCalls: geminiCalls }),
    { type: 24, key: GEMINI_KEY, models: GEMINI_MODEL },
  ));
  const responsesCalls = AGENT_CLIS.map((cli) => {
    const { name, input } = cli.shellCall(proofFile(cli, RESPONSES_MODEL));
    return { name, arguments: input };
  });
  ({ vendor: responses } = await fixture.addVendorChannel(
    () => startFakeResponses(RESPONSES_KEY, { strict: true, functionCalls: responsesCalls }),
    { type: 1, key: RESPONSES_KEY, models: RESPONSES_MODEL },
  ));
  home = mkdtempSync(join(tmpdir(), 'switchyard-cli-'));
});

afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

/** Consumption log rows of a model: each relayed and billed call writes one. */
async function billedCalls(model: string): Promise<number> {
  const rows = await fixture.consumeLogs();
  return rows.filter((row) => row.model_name === model).length;
}

function proof(file: string): string {
  const path = join(workspace(home), file);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : '(no file)';
}

for (const cli of AGENT_CLIS) {
  if (cli.missing) console.warn(`agent CLIs: ${cli.name} skipped, ${cli.missing}`);
  describe.skipIf(cli.missing !== null)(cli.name, () => {
    for (const upstream of UPSTREAMS.filter(
      (candidate) => !candidate.clis || candidate.clis.includes(cli.slug),
    )) {
      it(`completes a shell-tool round trip on ${upstream.label}`, async () => {
        const file = proofFile(cli, upstream.model);
        const undo = upstream.ask?.(cli.shellCall(file));
        const billedBefore = await billedCalls(upstream.model);
        const relayedBefore = upstream.relayed();
        const target = {
          url: fixture.server.url,
          key: `sk-${fixture.token.key}`,
          model: upstream.model,
          home,
        };
        const result = await cli.run(target).finally(() => undo?.());
        expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
        expect(proof(file)).toBe(PROOF);
        expect(cli.answer(result.stdout)).toContain(upstream.text);
        // The call that asked for the tool and the one that answered its result, at least.
        const relayed = upstream.relayed() - relayedBefore;
        expect(relayed).toBeGreaterThanOrEqual(2);
        expect((await billedCalls(upstream.model)) - billedBefore).toBe(relayed);
      }, 120_000);
    }
  });
}
