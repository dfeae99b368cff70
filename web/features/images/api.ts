/** Image generation: its path (spec section 7), and the form's name in its page's action. */
export const GENERATE_IMAGE_PATH = '/api/images/generate';
export const IMAGE_FORM = 'image';
