/** Where an image is generated (spec section 7). */
export const GENERATE_IMAGE_PATH = '/api/images/generate';
