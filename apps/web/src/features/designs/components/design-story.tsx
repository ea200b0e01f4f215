import type { Design } from '@camo/shared/generation.schema';
import { generationMessages } from '@camo/shared/generation';
import { limits } from '@camo/shared/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { saveDesignStory } from '@/lib/design-actions';
import { useControlReady } from '@/lib/hydration';
import { queryKeys } from '@/lib/query-keys';

/**
 * The designer's optional story (spec design detail). Everyone reads it as plain text with its
 * line breaks; its owner writes, rewrites or clears it.
 */
export function DesignStory({ design, isOwner }: { design: Design; isOwner: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(design.story ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const ready = useControlReady();
  const story = design.story?.trim() ?? '';

  useEffect(() => {
    if (editing) textRef.current?.focus();
  }, [editing]);

  if (!story && !isOwner) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const updated = await saveDesignStory(design.id, draft);
      queryClient.setQueryData(queryKeys.design(design.id), updated);
      setEditing(false);
    } catch {
      setError(generationMessages.storyFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-3 p-5">
      <h2 id={`${id}-title`} className="font-condensed text-2xl font-bold uppercase tracking-wider text-bone">
        The designer&rsquo;s story
      </h2>
      {editing ? (
        <form onSubmit={(event) => void save(event)} className="flex flex-col gap-3">
          <label htmlFor={`${id}-text`} className="sr-only">
            Your story
          </label>
          <textarea
            ref={textRef}
            id={`${id}-text`}
            value={draft}
            rows={5}
            maxLength={limits.storyMax}
            onChange={(event) => setDraft(event.target.value)}
            aria-describedby={`${id}-count`}
            placeholder="Where you hunt or camp with it, what you were after, what you changed."
            className="field-input resize-y leading-relaxed"
          />
          <p id={`${id}-count`} className="text-right text-sm tabular-nums text-sage">
            {draft.length}/{limits.storyMax} characters
          </p>
          {error && (
            <p role="alert" className="font-semibold text-danger">
              {error}
            </p>
          )}
          <div className="flex gap-3">
            <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
              {saving ? 'Saving...' : 'Save Story'}
            </button>
            <button
              type="button"
              className="btn btn-quiet btn-sm"
              onClick={() => {
                setDraft(design.story ?? '');
                setError(null);
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          {story ? (
            <p className="whitespace-pre-line break-words leading-relaxed text-bone">{story}</p>
          ) : (
            <p className="text-sage">Tell the community what this design is for and how you made it.</p>
          )}
          {isOwner && (
            <button
              type="button"
              className="btn btn-secondary btn-sm self-start"
              {...ready()}
              onClick={() => {
                setDraft(design.story ?? '');
                setEditing(true);
              }}
            >
              {story ? 'Edit Story' : 'Write Your Story'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
