import { generationStageNotes } from '@camo/shared/generation';
import { generationMessages, generationStages, type Generation } from '@camo/shared/generation.schema';
import { useEffect, useMemo, useState } from 'react';
import { useConfig } from '@/lib/config';
import { useElapsedSeconds } from '../lib/use-elapsed-seconds';
import { ProgressBar, StageList } from './stage-list';
import { StepHeading } from './step-heading';

const AI_GENERATION = generationStages.findIndex((s) => s.id === 'ai_generation');

/** Which of the seven stages is in progress: 0 while uploading, the server's stage after. */
export function stageIndex(generation: Generation | null): number {
  if (!generation) return 1;
  if (generation.status === 'completed') return generationStages.length;
  const index = generationStages.findIndex((s) => s.id === generation.stage);
  // Accepted but not started yet: the photo is being stored.
  return index >= 0 ? index : 1;
}

/**
 * Step 2 while the designs are made: the seven stages of spec §4, the upload bar during 'Uploading
 * Photo', and the seconds timer with the patience note during 'Generating Designs'.
 */
export function GenerationProgress({
  generation,
  uploadFraction,
}: {
  /** Null while the photo uploads (then `uploadFraction` counts) or before the first reply. */
  generation: Generation | null;
  uploadFraction: number | null;
}) {
  const current = uploadFraction !== null ? 0 : stageIndex(generation);
  const generating = current === AI_GENERATION;
  const startedAt = useStageStart(generating, generation);
  const seconds = useElapsedSeconds(generating ? startedAt : null);
  const stage = generationStages[current];
  const generator = useConfig().data?.designGenerator;
  const stages = useMemo(() => {
    const notes = generator ? generationStageNotes(generator) : null;
    return generationStages.map((s) => ({ ...s, note: notes?.[s.id] }));
  }, [generator]);

  let detail = null;
  if (uploadFraction !== null) detail = <ProgressBar fraction={uploadFraction} label="Photo upload" />;
  else if (generating) {
    detail = (
      <div className="flex flex-col gap-1 text-sage">
        <p>
          <span className="font-condensed text-2xl font-bold tabular-nums text-blaze">{seconds}s</span>{' '}
          <span className="sr-only">elapsed</span>
        </p>
        <p>{generationMessages.patience}</p>
      </div>
    );
  }

  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-heading">
      <div className="flex flex-col gap-2">
        <StepHeading>Generating your designs</StepHeading>
        <p className="text-sage">
          You can leave this page: the work goes on, and your Design Studio links back to it.
        </p>
      </div>
      <div className="card p-3 sm:p-5">
        <StageList stages={stages} current={current} detail={detail} />
      </div>
      {generation?.note && (
        <p className="rounded border border-coyote-500 bg-coyote-700/30 px-4 py-3 font-semibold text-bone">
          {generation.note}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {stage ? `${stage.label}.` : ''} {generation?.note ?? ''}
      </p>
    </section>
  );
}

/**
 * When 'Generating Designs' began: the moment this page saw it start, or, when the page opened
 * with the job already there (a reload), when processing started.
 */
function useStageStart(generating: boolean, generation: Generation | null): number | null {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [seenEarlierStage, setSeenEarlierStage] = useState(false);
  useEffect(() => {
    if (!generating) {
      setSeenEarlierStage(true);
      setStartedAt(null);
      return;
    }
    setStartedAt((previous) => {
      if (previous !== null) return previous;
      const resumed = !seenEarlierStage && generation?.processingStarted;
      const fromServer = resumed ? Date.parse(resumed) : NaN;
      return Number.isFinite(fromServer) && fromServer <= Date.now() ? fromServer : Date.now();
    });
  }, [generating, generation, seenEarlierStage]);
  return startedAt;
}
