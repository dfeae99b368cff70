/** Where the visitor's interests go for project recommendations. */
export const RECOMMENDATIONS_PATH = '/api/recommendations';
