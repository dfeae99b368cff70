import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recommendProjects } from '../../../common/recommender.ts';
import type { RecommendationRequest } from '../../../common/schemas/ai.ts';
import { projects } from '../../../content/projects.ts';
import { HttpError } from '../../lib/http-error.ts';
import { outbound } from '../../lib/outbound.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { openAiCompatibleProvider } from './providers.ts';

/**
 * A stand-in for an OpenAI-compatible service on 127.0.0.1. Each test sets
 * what it answers; every request it receives is kept for inspection.
 */
type Handler = (body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void;
let standIn: Server;
let baseUrl: string;
let handler: Handler;
let received: Array<{ path: string; authorization?: string | undefined; body: Record<string, unknown> }>;

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const chatAnswer = (content: string) => ({ choices: [{ message: { role: 'assistant', content } }] });
/** The stand-in answers every chat request with `answer`, as a model's JSON reply. */
const answerWith = (answer: object) => {
  handler = (_body, _req, res) => json(res, 200, chatAnswer(JSON.stringify(answer)));
};

beforeAll(async () => {
  standIn = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    received.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    handler(body, req, res);
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((resolve) => standIn.close(resolve)));
beforeEach(() => {
  received = [];
  warnings = [];
});

let warnings: string[] = [];
const provider = (timeoutMs = 2000) =>
  openAiCompatibleProvider({
    baseUrl,
    apiKey: 'sk-test',
    chatModel: 'chat-model',
    imageModel: 'image-model',
    timeoutMs,
    catalogue: projects,
    log: { warn: (_fields, message) => warnings.push(message) },
    // As the site builds it: the configured provider's host exempted from the address check.
    fetch: outbound({ AI_BASE_URL: baseUrl }).fetch({
      timeoutMs: timeoutMs + 1000,
      maxBytes: 40 * 1024 * 1024,
    }),
  });

const request: RecommendationRequest = {
  interests: ['locksmith', 'automotive'],
  experienceLevel: 'intermediate',
  preferredTechnologies: [],
  searchQuery: undefined,
};
const local = recommendProjects(projects, request);

describe('the OpenAI-compatible recommendations', () => {
  it('sends the catalogue and the request, and uses a valid answer', async () => {
    answerWith({
      recommendations: [
        { projectId: 'ssi-met-repairs', score: 91.6, reason: 'A locksmith business site.' },
        { projectId: 'keycode-help', score: 88, reason: 'Key codes for automotive locksmiths.' },
      ],
      explanation: 'Two projects are about locksmith work.',
    });
    const result = await provider().recommend(request);
    expect(result.explanation).toBe('Two projects are about locksmith work.');
    expect(result.recommendations.map((r) => [r.project.id, r.score, r.reason])).toEqual([
      ['ssi-met-repairs', 92, 'A locksmith business site.'],
      ['keycode-help', 88, 'Key codes for automotive locksmiths.'],
    ]);
    expect(result.recommendations[1]?.project).toMatchObject({
      title: 'Keycode Help',
      imageUrl: '/images/projects/keycode-help.svg',
      githubUrl: 'https://github.com/jordanellis-dev/keycode-help',
    });
    const [call] = received;
    expect(call?.path).toBe('/v1/chat/completions');
    expect(call?.authorization).toBe('Bearer sk-test');
    expect(call?.body).toMatchObject({ model: 'chat-model', response_format: { type: 'json_object' } });
    const messages = (call?.body.messages ?? []) as Array<{ content: string }>;
    const sent = JSON.parse(messages[1]?.content ?? '{}');
    expect(sent.request.interests).toEqual(['locksmith', 'automotive']);
    expect(sent.catalogue.map((p: { id: string }) => p.id)).toEqual(projects.map((p) => p.id));
    expect(warnings).toEqual([]);
  });

  it('falls back to the built-in recommender, logged, when the answer is malformed', async () => {
    const malformed = [
      chatAnswer('Sure! Here are some projects you might like.'),
      chatAnswer(JSON.stringify({ recommendations: [{ projectId: 'keycode-help', score: 'high' }] })),
      chatAnswer(
        JSON.stringify({
          recommendations: [{ projectId: 'made-up', score: 80, reason: 'x' }],
          explanation: 'e',
        }),
      ),
      { choices: [] },
      { error: 'nothing' },
    ];
    for (const answer of malformed) {
      handler = (_body, _req, res) => json(res, 200, answer);
      expect(await provider().recommend(request)).toEqual(local);
    }
    expect(warnings).toHaveLength(malformed.length);
    expect(warnings[0]).toContain('the built-in recommender answered');
  });

  it('falls back when the service fails or does not answer in time', async () => {
    handler = (_body, _req, res) => json(res, 503, { error: { message: 'overloaded' } });
    expect(await provider().recommend(request)).toEqual(local);
    handler = () => {
      // Never answers.
    };
    const started = Date.now();
    expect(await provider(300).recommend(request)).toEqual(local);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(warnings).toHaveLength(2);
  });
});

describe('the OpenAI-compatible image generation', () => {
  const imageRequest = {
    prompt: 'A teal key on a dark background',
    size: '1024x1792',
    quality: 'hd',
  } as const;

  it('sends prompt, size and quality, and keeps the returned image as PNG', async () => {
    const webp = await sharp({
      create: { width: 1024, height: 1792, channels: 3, background: '#0d9488' },
    })
      .webp()
      .toBuffer();
    handler = (_body, _req, res) =>
      json(res, 200, { created: 1, data: [{ b64_json: webp.toString('base64') }] });
    const image = await provider().generateImage(imageRequest);
    expect(image.generator).toBe('ai-service');
    const meta = await sharp(image.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1792]);
    expect(received[0]?.path).toBe('/v1/images/generations');
    expect(received[0]?.body).toMatchObject({
      model: 'image-model',
      prompt: imageRequest.prompt,
      size: '1024x1792',
      quality: 'hd',
      n: 1,
    });
  });

  it('downloads the image when the service answers with an address', async () => {
    const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    handler = (_body, req, res) => {
      if (req.url === '/files/picture.png')
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      json(res, 200, { data: [{ url: `${baseUrl.replace('/v1', '')}/files/picture.png` }] });
    };
    const image = await provider().generateImage({ ...imageRequest, size: '1024x1024' });
    expect(image.generator).toBe('ai-service');
    expect((await sharp(image.png).metadata()).width).toBe(1024);
  });

  it('never fetches an image address on this network that is not the configured service (issue 62)', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const port = (standIn.address() as AddressInfo).port;
    // The stand-in itself under another name (localhost), another loopback address, a file.
    for (const address of [
      `http://localhost:${port}/files/picture.png`,
      `http://127.0.0.2:${port}/files/picture.png`,
      'file:///etc/passwd',
    ]) {
      received = [];
      warnings = [];
      handler = (_body, req, res) => {
        if (req.url === '/files/picture.png')
          return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        json(res, 200, { data: [{ url: address }] });
      };
      const image = await provider().generateImage(imageRequest);
      expect(image.generator, address).toBe('built-in');
      expect(received.map((request) => request.path)).toEqual(['/v1/images/generations']);
      expect(warnings).toEqual(['AI image service unusable; the built-in generator drew the image']);
    }
  });

  it('draws with the built-in generator, logged, when the answer is not an image', async () => {
    for (const answer of [
      { data: [{ b64_json: Buffer.from('not an image').toString('base64') }] },
      { data: [] },
    ]) {
      handler = (_body, _req, res) => json(res, 200, answer);
      const image = await provider().generateImage(imageRequest);
      expect(image.generator).toBe('built-in');
      expect((await sharp(image.png).metadata()).height).toBe(1792);
    }
    expect(warnings).toHaveLength(2);
  });

  it("passes the service's refusal of a prompt on to the visitor", async () => {
    handler = (_body, _req, res) =>
      json(res, 400, { error: { message: 'Your request was rejected by the safety system.' } });
    const failure = await provider()
      .generateImage(imageRequest)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).statusCode).toBe(422);
    expect((failure as HttpError).message).toBe(
      'The AI service refused this request: Your request was rejected by the safety system.',
    );
  });
});

describe('AI_PROVIDER=openai-compatible in the app', () => {
  it('routes POST /api/recommendations through the configured service', async () => {
    answerWith({
      recommendations: [{ projectId: 'gatherly', score: 75, reason: 'Community events.' }],
      explanation: 'From the stand-in.',
    });
    const t = await createTestApp({
      seed: false,
      env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: baseUrl, AI_API_KEY: 'sk-app' },
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/recommendations',
        payload: { interests: ['events'] },
      });
      expect(res.json()).toMatchObject({
        success: true,
        data: { explanation: 'From the stand-in.', recommendations: [{ project: { id: 'gatherly' } }] },
      });
      expect(received[0]?.authorization).toBe('Bearer sk-app');
    } finally {
      await t.close();
    }
  });
});
