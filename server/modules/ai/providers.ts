/**
 * Where the AI features get their answers. `local` (the default) needs nothing
 * outside this process: the built-in recommender and image generator.
 * `openai-compatible` calls an OpenAI-style API (AI_BASE_URL, AI_API_KEY):
 * chat completions for recommendations, images/generations for pictures. Its
 * answers are checked before use; when the service is down, slow or answers
 * something unusable, the built-in engine answers instead and the fallback is
 * logged. A prompt the service refuses is reported to the visitor, not redrawn.
 */
import sharp from 'sharp';
import { z } from 'zod';
import { type CatalogueProject, recommendedProject, recommendProjects } from '../../../common/recommender.ts';
import type {
  ImageRequest,
  RecommendationRequest,
  RecommendationResult,
} from '../../../common/schemas/ai.ts';
import { HttpError } from '../../lib/http-error.ts';
import { generateLocalImage } from './image-generator.ts';

export type Generator = 'built-in' | 'ai-service';

export interface GeneratedImage {
  /** PNG bytes. */
  png: Buffer;
  generator: Generator;
}

export interface AiProvider {
  readonly name: 'local' | 'openai-compatible';
  recommend(request: RecommendationRequest): Promise<RecommendationResult>;
  generateImage(request: ImageRequest): Promise<GeneratedImage>;
}

export interface AiLog {
  warn(fields: object, message: string): void;
}

export function localProvider(catalogue: readonly CatalogueProject[]): AiProvider {
  return {
    name: 'local',
    async recommend(request) {
      return recommendProjects(catalogue, request);
    },
    async generateImage(request) {
      return { png: await generateLocalImage(request), generator: 'built-in' };
    },
  };
}

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  chatModel: string;
  imageModel: string;
  timeoutMs: number;
  catalogue: readonly CatalogueProject[];
  log: AiLog;
  /**
   * How the provider is called, and the image address it may answer with fetched: the outbound
   * module's guarded fetch (server/lib/outbound.ts; the configured AI_BASE_URL's host exempted
   * from the address check by configuration, an image address elsewhere never on this network).
   */
  fetch: typeof fetch;
}

/** What the model must answer: project ids from the catalogue, scores in percent, reasons. */
const modelAnswerSchema = z.object({
  recommendations: z
    .array(
      z.object({
        projectId: z.string(),
        score: z.number().min(0).max(100),
        reason: z.string().trim().min(1).max(600),
      }),
    )
    .max(7),
  explanation: z.string().trim().min(1).max(1500),
});

const chatAnswerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const imageAnswerSchema = z.object({
  data: z.array(z.union([z.object({ b64_json: z.string().min(1) }), z.object({ url: z.url() })])).min(1),
});

/** The service could not give a usable answer (down, slow, malformed): fall back. */
class Unusable extends Error {
  override name = 'AiServiceUnusable';
}

const INSTRUCTIONS = [
  'You recommend projects from a developer portfolio to a visitor.',
  'You receive the visitor request (interests, experience level, preferred technologies, purpose, search)',
  'and the catalogue of projects. Choose typically 3 to 5 projects that truly match; choose none when',
  'nothing relates. Answer with JSON only, exactly of this form:',
  '{"recommendations":[{"projectId":"<id from the catalogue>","score":<match in percent, 0-100>,',
  '"reason":"<one or two sentences naming what matched>"}],"explanation":"<one paragraph>"}',
  'Order the recommendations best first. Use only ids from the catalogue.',
].join(' ');

export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const local = localProvider(options.catalogue);
  const byId = new Map(options.catalogue.map((project) => [project.id, project]));

  async function post(path: string, body: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await options.fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new Unusable(`no answer from ${path}: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (response.status === 400) {
      // The service judged the request itself (a refused prompt): the visitor should know why.
      const message = (() => {
        try {
          return (JSON.parse(text) as { error?: { message?: string } }).error?.message;
        } catch {
          return undefined;
        }
      })();
      if (message) throw new HttpError(422, `The AI service refused this request: ${message}`);
    }
    if (!response.ok) throw new Unusable(`${path} answered ${response.status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new Unusable(`${path} answered something other than JSON`);
    }
  }

  async function askModel(request: RecommendationRequest): Promise<RecommendationResult> {
    const catalogue = options.catalogue.map((project) => ({
      id: project.id,
      title: project.title,
      category: project.category,
      description: project.description,
      details: project.details,
      tags: project.tags,
      techStack: project.techStack,
      caseStudy: project.synopsis?.caseStudy,
    }));
    const answer = chatAnswerSchema.safeParse(
      await post('/chat/completions', {
        model: options.chatModel,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: JSON.stringify({ request, catalogue }) },
        ],
      }),
    );
    if (!answer.success) throw new Unusable('the chat answer has no message');
    let content: unknown;
    try {
      content = JSON.parse(answer.data.choices[0]?.message.content ?? '');
    } catch {
      throw new Unusable('the model did not answer JSON');
    }
    const parsed = modelAnswerSchema.safeParse(content);
    if (!parsed.success)
      throw new Unusable(`the model's JSON does not fit: ${parsed.error.issues[0]?.message}`);
    const seen = new Set<string>();
    const recommendations = parsed.data.recommendations.map(({ projectId, score, reason }) => {
      const project = byId.get(projectId);
      if (!project || seen.has(projectId))
        throw new Unusable(`the model named an unknown or repeated project "${projectId}"`);
      seen.add(projectId);
      return {
        project: recommendedProject(project),
        score: Math.round(score),
        reason,
      };
    });
    return { recommendations, explanation: parsed.data.explanation };
  }

  async function drawRemote(request: ImageRequest): Promise<Buffer> {
    const answer = imageAnswerSchema.safeParse(
      await post('/images/generations', {
        model: options.imageModel,
        prompt: request.prompt,
        size: request.size,
        quality: request.quality,
        n: 1,
        response_format: 'b64_json',
      }),
    );
    if (!answer.success) throw new Unusable('the image answer has no image');
    const [image] = answer.data.data;
    let bytes: Buffer;
    if (image && 'b64_json' in image) bytes = Buffer.from(image.b64_json, 'base64');
    else {
      // Some services answer with a short-lived address instead: fetch it now, keep our own copy.
      const response = await options
        .fetch(String(image?.url), {
          signal: AbortSignal.timeout(options.timeoutMs),
        })
        .catch((error: Error) => {
          throw new Unusable(`the image address did not answer: ${error.message}`);
        });
      if (!response.ok) throw new Unusable(`the image address answered ${response.status}`);
      bytes = Buffer.from(await response.arrayBuffer());
    }
    try {
      // Re-encoded as PNG: proves it is an image and strips whatever metadata it carried.
      return await sharp(bytes).png({ compressionLevel: 6 }).toBuffer();
    } catch {
      throw new Unusable('the image service sent something that is not an image');
    }
  }

  return {
    name: 'openai-compatible',
    async recommend(request) {
      try {
        return await askModel(request);
      } catch (error) {
        if (!(error instanceof Unusable)) throw error;
        options.log.warn(
          { reason: error.message },
          'AI recommendations unusable; the built-in recommender answered',
        );
        return local.recommend(request);
      }
    },
    async generateImage(request) {
      try {
        return { png: await drawRemote(request), generator: 'ai-service' };
      } catch (error) {
        if (!(error instanceof Unusable)) throw error;
        options.log.warn(
          { reason: error.message },
          'AI image service unusable; the built-in generator drew the image',
        );
        return local.generateImage(request);
      }
    },
  };
}
