import type { Db } from '../../db/client.ts';
import type { SyncSource } from '../../db/schema/jobs.ts';
import { SYNC_JOBS } from '../../jobs/catalogue.ts';
import { listLiveJobs } from '../../jobs/queue.ts';

export interface LiveSyncJob {
  source: SyncSource;
  status: 'pending' | 'running';
  runAt: Date;
  jobId: number;
}

/** The workspace's pending or running sync jobs, by source. */
export async function listJobsForStatus(db: Db, workspaceId: string): Promise<LiveSyncJob[]> {
  const jobs = await listLiveJobs(db, workspaceId);
  const sourceOf = new Map(
    Object.entries(SYNC_JOBS).map(([source, job]) => [job.type, source as SyncSource]),
  );
  return jobs.flatMap((job) => {
    const source = sourceOf.get(job.type);
    if (!source || (job.status !== 'pending' && job.status !== 'running')) return [];
    return [{ source, status: job.status, runAt: job.runAt, jobId: job.id }];
  });
}
