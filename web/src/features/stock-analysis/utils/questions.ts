/** Re-exported for the stock page's components; the table lives in config (shared with analytics and the guide). */
export { PROGRESS_STAGES, QUESTIONS, questionMeta, type QuestionMeta } from '@/config/questions';
