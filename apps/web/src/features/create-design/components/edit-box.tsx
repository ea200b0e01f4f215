import { editSuggestions, editVocabulary } from '@camo/shared/edit-refusal';
import { generationMessages, type Design } from '@camo/shared/generation.schema';
import { limits } from '@camo/shared/limits';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { editDesign, followEdit } from '@/lib/design-actions';
import { ApiRequestError } from '@/lib/api-client';
import { useElapsedSeconds } from '../lib/use-elapsed-seconds';
import { StageList } from './stage-list';

/** Spec §4 edit stages. */
export const editStages = [
  { id: 'processing_edit', label: 'Processing edit' },
  { id: 'uploading_edited', label: 'Saving edited design' },
  { id: 'completed', label: 'Done' },
] as const;

const failureText = (message: string) => `${generationMessages.editFailedPrefix}${message}`;

/**
 * The one text edit of the selected design (spec §4, §5). The edit runs as a job on the server:
 * the box follows it (its stage, then the result), also after a reload (`design.editJob`).
 */
export function EditBox({ design, onEdited }: { design: Design; onEdited: (design: Design) => void }) {
  const job = design.editJob;
  const [prompt, setPrompt] = useState(job?.request ?? '');
  const [error, setError] = useState<string | null>(
    job?.status === 'failed' ? failureText(job.message) : null,
  );
  // A refused edit's suggestions, worded: each one fills the box when chosen.
  const [suggestions, setSuggestions] = useState<string[]>(
    job?.status === 'failed' ? editSuggestions(job.suggestions) : [],
  );
  const [startedAt, setStartedAt] = useState<number | null>(
    job?.status === 'processing' ? Date.parse(job.startedAt) : null,
  );
  const [stage, setStage] = useState(job?.status === 'processing' ? job.stage : 'processing_edit');
  // Set while the box follows a running edit: it stops reading when the page goes.
  const [following, setFollowing] = useState(job?.status === 'processing');
  const seconds = useElapsedSeconds(startedAt);
  const pending = startedAt !== null;
  const stageIndex = stage === 'uploading_edited' ? 1 : 0;

  /** What an edit came to: made (the page moves on), refused or failed (said here), or still running. */
  const settle = (answer: Design) => {
    if (answer.hasEdits) {
      setStartedAt(null);
      onEdited(answer);
    } else if (answer.editJob?.status === 'failed') {
      setStartedAt(null);
      setError(failureText(answer.editJob.message));
      setSuggestions(editSuggestions(answer.editJob.suggestions));
    } else if (answer.editJob?.status === 'processing') {
      setStage(answer.editJob.stage);
      setFollowing(true);
    } else {
      setStartedAt(null);
    }
  };
  const settleRef = useRef(settle);
  settleRef.current = settle;

  useEffect(() => {
    if (!following) return;
    const controller = new AbortController();
    followEdit(design.id, (running) => settleRef.current(running), controller.signal)
      .then((answer) => {
        setFollowing(false);
        settleRef.current(answer);
      })
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return;
        setFollowing(false);
        setStartedAt(null);
        setError(failureText(caught instanceof Error ? caught.message : String(caught)));
      });
    return () => controller.abort();
  }, [following, design.id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!design.selectedVariant) return setError(generationMessages.editNeedsSelection);
    if (!prompt.trim()) return setError(generationMessages.editRequired);
    setError(null);
    setSuggestions([]);
    setStage('processing_edit');
    setStartedAt(Date.now());
    try {
      settle(await editDesign(design.id, prompt));
    } catch (caught) {
      setStartedAt(null);
      const detail = caught instanceof Error ? caught.message : String(caught);
      setError(failureText(detail));
      setSuggestions(caught instanceof ApiRequestError ? editSuggestions(caught.suggestions) : []);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="card flex flex-col gap-3 p-4 sm:p-5">
      <label
        htmlFor="edit-prompt"
        className="font-condensed text-xl font-bold uppercase tracking-wider text-bone"
      >
        Edit your design
      </label>
      <p id="edit-hint" className="text-sm text-sage">
        One edit per design. Say what to change, e.g. &ldquo;make it darker&rdquo;, &ldquo;add more
        brown&rdquo; or &ldquo;smaller shapes&rdquo;.
      </p>
      <textarea
        id="edit-prompt"
        rows={3}
        maxLength={limits.editPromptMax}
        value={prompt}
        disabled={pending}
        onChange={(event) => setPrompt(event.target.value)}
        aria-describedby="edit-hint edit-count"
        aria-invalid={error ? true : undefined}
        className="field-input resize-y"
      />
      <p id="edit-count" className="text-right text-sm tabular-nums text-sage">
        {prompt.length}/{limits.editPromptMax} characters
      </p>
      {error && (
        <div role="alert" className="flex flex-col gap-2">
          <p className="text-danger">{error}</p>
          {suggestions.length > 0 && (
            <div className="flex flex-wrap items-center gap-2 text-sm text-sage">
              <span>Try:</span>
              {suggestions.map((suggestion) => (
                <button
                  key={suggestion}
                  type="button"
                  className="btn btn-quiet btn-sm font-sans normal-case tracking-normal"
                  onClick={() => {
                    setPrompt(suggestion);
                    setError(null);
                    setSuggestions([]);
                  }}
                >
                  {suggestion}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      <details className="text-sm text-sage">
        <summary className="cursor-pointer text-bone">What can I ask for?</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {editVocabulary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      <p aria-live="polite" className="sr-only">
        {pending ? `${editStages[stageIndex].label}...` : ''}
      </p>
      {pending && (
        <div>
          <StageList
            stages={editStages}
            current={stageIndex}
            detail={
              <p className="text-sage">
                <span className="font-condensed text-xl font-bold tabular-nums text-blaze">{seconds}s</span>{' '}
                <span className="sr-only">elapsed. </span>
                {generationMessages.patience}
              </p>
            }
          />
        </div>
      )}
      <button type="submit" disabled={pending} className="btn btn-secondary w-full sm:w-fit">
        {pending ? 'Applying edit...' : 'Apply Edit'}
      </button>
    </form>
  );
}
