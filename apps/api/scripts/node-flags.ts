/**
 * How Node runs the built API (decision 019): young-generation semi-spaces of 2 MB instead of
 * 16, so that a long export's short-lived buffers are collected as they go and the process stays
 * near 130 MB instead of growing to 190 MB. The launchers (scripts/portal.ts, the benchmarks)
 * import this; the Dockerfile and `npm start` write it out, and a test checks they agree.
 */
export const API_NODE_FLAGS = ["--max-semi-space-size=2"] as const;
