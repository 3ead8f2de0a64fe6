/**
 * The portal writes numbers the Indian way and counts days in India's time zone: a date filter
 * "from 2026-11-23" starts at midnight in India, wherever the server runs.
 */
export const PORTAL_LOCALE = "en-IN";
export const PORTAL_TIME_ZONE = "Asia/Kolkata";
