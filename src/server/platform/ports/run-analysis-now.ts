/**
 * A port (decision 155): runs one analysis of a workspace now and answers when it is done (a run
 * already in progress is joined). The analysis feature provides it; the composition root
 * (`main.ts`) hands it to the features that need a fresh run — the manual "run
 * now" route, a forecast closure — so they do not import the analysis feature.
 */
export type RunAnalysisNow = (workspaceId: string) => Promise<{ status: 'succeeded' | 'failed' }>;
