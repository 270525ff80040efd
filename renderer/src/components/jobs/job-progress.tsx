// A job's progress on the Jobs screen: the chunks its runs have read of all they read (a bar and
// "412 of 1,050 chunks"), then its runs not done in words ("3 reading · 1 paused · 2 queued").
// Both come with the job from the library (one grouped query) and move while it reads.
import type { JobView } from '../../../../shared/jobs.ts';
import { plural } from '../../../../shared/plural.ts';

/** "3 reading · 1 failed · 2 waiting": the runs not done, in words. */
export function progressText(c: JobView['counts'], state: JobView['state']): string {
  // Interrupted and cancelled runs wait to be continued, as queued ones do.
  const waiting = c.queued + c.interrupted + c.cancelled;
  const reading = c.reading - c.paused;
  const parts = [
    reading > 0 ? `${reading} reading` : '',
    c.paused > 0 ? `${c.paused} paused` : '',
    c.failed > 0 ? `${c.failed} failed` : '',
    waiting > 0
      ? `${waiting} ${state === 'running' || state === 'queued' ? 'queued' : 'left'}`
      : '',
  ].filter(Boolean);
  return parts.join(' · ');
}

/**
 * "412 of 1,050 chunks"; "412 of 1,050+ chunks" while some runs are not prepared yet (their
 * chunks are not counted); undefined before any run of the job is.
 */
export function chunksText(chunks: JobView['chunks']): string | undefined {
  if (chunks.total === 0) return undefined;
  const more = chunks.unplanned > 0 ? '+' : '';
  return `${chunks.read.toLocaleString()} of ${chunks.total.toLocaleString()}${more} chunks`;
}

export function JobProgress({ job }: { job: JobView }) {
  const { chunks, counts } = job;
  const text = chunksText(chunks);
  const runs = progressText(counts, job.state);
  const item = job.kind === 'review' ? 'cell' : 'question';
  const unplanned =
    chunks.unplanned > 0
      ? `${plural(chunks.unplanned, `${item} has`, `${item}s have`)} not started yet: ` +
        'their chunks are counted once they start.'
      : undefined;
  if (text === undefined && runs === '') return <>—</>;
  return (
    <>
      {text !== undefined ? (
        <div className="job-chunks" title={unplanned}>
          <progress max={chunks.total} value={chunks.read} aria-label="Chunks read" />
          <span className="job-chunks-text">{text}</span>
        </div>
      ) : null}
      {runs !== '' ? <div className="job-runs muted">{runs}</div> : null}
    </>
  );
}
