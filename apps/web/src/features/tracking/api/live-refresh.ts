/**
 * Tracking screens ask again this often while the window is visible (and when it regains focus),
 * so events ingested meanwhile appear without a reload.
 */
export const LIVE_REFRESH_MS = 30_000;
