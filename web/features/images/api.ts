/** Image generation: its path and request (spec section 7). */
import type { ImageRequest, ImageResponse } from '../../../common/schemas/ai.ts';
import { requestJson } from '../../lib/request.ts';

/** Where an image is generated (spec section 7). */
export const GENERATE_IMAGE_PATH = '/api/images/generate';

export const generateImage = (request: ImageRequest) =>
  requestJson<ImageResponse>('POST', GENERATE_IMAGE_PATH, request);
