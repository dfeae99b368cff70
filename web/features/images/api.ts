/** Image generation: its path (spec section 7), and the form's name in its page's action. */
export const GENERATE_IMAGE_PATH = '/api/images/generate';
/** The signed-in user's own images, newest first (`?page=&pageSize=`). */
export const YOUR_IMAGES_PATH = '/api/images';
export const IMAGE_FORM = 'image';
