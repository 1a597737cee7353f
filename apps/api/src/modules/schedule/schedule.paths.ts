/** The prefix of the schedule's routes and their OpenAPI tag. */
export const SCHEDULE_URL = '/api/mystudio/schedule';
export const scheduleTags = ['schedule'];
