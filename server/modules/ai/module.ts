/** AI project recommendations and images: the built-in provider, or an OpenAI-compatible one. */
import { projects } from '../../../content/projects.ts';
import { outbound } from '../../lib/outbound.ts';
import type { SiteContext, SiteModule } from '../../lib/site-module.ts';
import { localProvider, openAiCompatibleProvider } from './providers.ts';
import { aiRoutes } from './routes.ts';
import { createAiService } from './service.ts';

export function aiModule({ db, config, storage, log }: SiteContext) {
  const provider =
    config.AI_PROVIDER === 'openai-compatible' && config.AI_BASE_URL
      ? openAiCompatibleProvider({
          baseUrl: config.AI_BASE_URL,
          apiKey: config.AI_API_KEY,
          chatModel: config.AI_CHAT_MODEL,
          imageModel: config.AI_IMAGE_MODEL,
          timeoutMs: config.AI_TIMEOUT_MS,
          catalogue: projects,
          log,
          // Answers carry images (base64): room for a few large ones, within the configured time.
          fetch: outbound(config).fetch({ timeoutMs: config.AI_TIMEOUT_MS, maxBytes: 40 * 1024 * 1024 }),
        })
      : localProvider(projects);
  const ai = createAiService(db, provider, storage);
  return {
    name: 'ai',
    routes: async (app) => {
      await app.register(aiRoutes, { ai });
    },
  } satisfies SiteModule;
}
