/** Where the visitor's interests go for project recommendations, and the form's name in its page's action. */
export const RECOMMENDATIONS_PATH = '/api/recommendations';
export const RECOMMEND_FORM = 'recommend';
