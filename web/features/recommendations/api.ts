import type { RecommendationRequestInput, RecommendationResponse } from '../../../common/schemas/ai.ts';
import { requestJson } from '../../lib/request.ts';
/** Where the visitor's interests go for project recommendations. */
export const RECOMMENDATIONS_PATH = '/api/recommendations';

export const askForRecommendations = (request: RecommendationRequestInput) =>
  requestJson<RecommendationResponse>('POST', RECOMMENDATIONS_PATH, request);
