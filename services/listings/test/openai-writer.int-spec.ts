import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { OpenAiCopyWriter, CopyWriterError, LISTING_COPY_SCHEMA } from '../src/copy/openai-writer.js';
import { OpenAiTextStandIn, chatBody, errorBody } from './support/openai-text-stand-in.js';
import { writeCheckedCopy } from '../src/copy/checked-copy.js';
import { seedRiskAssessor } from './support/seed-risk-assessor.js';

const COPY = {
  title: 'Space Meow T-Shirt, Retro Cat Astronaut Tee',
  tags: ['space meow', 'cat astronaut'],
  description: 'A retro cat astronaut. Designed by Meow Studio with AI assistance.',
  bullets: [],
  brand: '',
};

describe('the OpenAI copy writer against a stand-in Chat Completions server', () => {
  const standIn = new OpenAiTextStandIn();
  const writer = (timeoutMs = 5000) =>
    new OpenAiCopyWriter({ apiKey: 'sk-test', baseUrl: standIn.baseUrl, model: 'gpt-6-luna', timeoutMs });
  const request = {
    target: 'etsy' as const,
    prompt: "a cat astronaut, 'Space Meow' in retro letters",
    profile: { shopName: 'Meow Studio', brand: '' },
  };

  beforeAll(() => standIn.start());
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.calls.length = 0;
  });

  it('asks for structured output with the listing schema and reads the copy from the answer', async () => {
    standIn.onChat = () => ({ status: 200, body: chatBody(JSON.stringify({ ...COPY, title: `  ${COPY.title} ` })) });
    await expect(writer().write(request)).resolves.toEqual(COPY);
    const [call] = standIn.calls;
    expect(call!.auth).toBe('Bearer sk-test');
    expect(call!.body.model).toBe('gpt-6-luna');
    expect(call!.body.response_format?.json_schema).toEqual({ name: 'listing_copy', strict: true, schema: LISTING_COPY_SCHEMA });
    const user = call!.body.messages!.find((message) => message.role === 'user')!.content;
    expect(user).toContain("'Space Meow'");
    expect(user).toContain('Exactly 13 different tags');
    expect(user).toContain("The seller's shop: Meow Studio.");
    expect(user).toContain('The seller has no brand');
  });

  it('fails clearly on an error status, a refusal, text that is not JSON and copy of the wrong shape', async () => {
    standIn.onChat = () => ({ status: 429, body: errorBody('Rate limit', 'requests', 'rate_limit_exceeded') });
    await expect(writer().write(request)).rejects.toThrow(new CopyWriterError('the text model answered 429'));
    standIn.onChat = () => ({ status: 200, body: chatBody(null, 'I cannot help with that') });
    await expect(writer().write(request)).rejects.toThrow('the text model refused: I cannot help with that');
    standIn.onChat = () => ({ status: 200, body: chatBody('Here is your listing!') });
    await expect(writer().write(request)).rejects.toThrow('the text model answered something other than JSON');
    standIn.onChat = () => ({ status: 200, body: chatBody(JSON.stringify({ ...COPY, tags: 'cat, space' })) });
    await expect(writer().write(request)).rejects.toThrow('the text model answered copy of the wrong shape');
  });

  it('gives up after its timeout', async () => {
    // The answer would come long after the test's own limit: only the writer's 300 ms time-out can end the call in time.
    standIn.onChat = () => ({ status: 200, body: chatBody(JSON.stringify(COPY)), delayMs: 10 * 60_000 });
    await expect(writer(300).write(request)).rejects.toThrow('the text model could not be reached');
  });

  describe('with the risk check (the seed denylist)', () => {
    const flagged = { target: 'etsy' as const, prompt: "'Just Do It' running shoes, bold", profile: null, variant: 'B' as const };
    const userId = '00000000-0000-4000-8000-000000000001';
    const copyWith = (title: string, first: string) => ({ ...COPY, title, tags: [first, 'running shoes', 'runner gift'] });

    it("tells the model the prompt's flagged phrases and the design's direction, and keeps its copy when it writes around them", async () => {
      standIn.onChat = (call) =>
        call.body.messages?.at(-1)?.content.includes('never use these phrases in the title or the tags, in any spelling: "just do it"')
          ? { status: 200, body: chatBody(JSON.stringify(copyWith('Vintage Badge Running Shoes Tee', 'running tee'))) }
          : { status: 200, body: chatBody(JSON.stringify(copyWith('Just Do It Tee', 'just do it'))) };
      const copy = await writeCheckedCopy(writer(), flagged, seedRiskAssessor(), userId, 1);
      expect(copy.title).toBe('Vintage Badge Running Shoes Tee');
      expect(standIn.calls).toHaveLength(1);
      expect(standIn.calls[0]!.body.messages!.at(-1)!.content).toContain('begin the title with "Vintage Badge"');
    });

    it('trims a title and tags the model filled with a flagged phrase anyway', async () => {
      standIn.onChat = () => ({ status: 200, body: chatBody(JSON.stringify(copyWith('Just Do It Running Tee', 'just do it'))) });
      const copy = await writeCheckedCopy(writer(), flagged, seedRiskAssessor(), userId, 1);
      expect(copy).toMatchObject({ title: 'Running Tee', tags: ['running shoes', 'runner gift'] });
      expect(standIn.calls).toHaveLength(1);
    });
  });
});
