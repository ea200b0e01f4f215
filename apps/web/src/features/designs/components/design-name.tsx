import type { Design } from '@camo/shared/generation.schema';
import { generationMessages, isUnnamed } from '@camo/shared/generation';
import { limits } from '@camo/shared/limits';
import { messages } from '@camo/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { renameDesign } from '@/lib/design-actions';
import { useControlReady } from '@/lib/hydration';
import { queryKeys } from '@/lib/query-keys';

/**
 * The design page's title. Its owner may name a design whose name is empty or 'No Name' (spec §6,
 * Edit Name); the server allows it once, so the button goes once the name is set.
 */
export function DesignName({ design, isOwner }: { design: Design; isOwner: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const ready = useControlReady();
  const name = design.name.trim() || messages.noName;
  const canRename = isOwner && isUnnamed(design.name);

  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = draft.trim();
    if (!trimmed) {
      setError(generationMessages.renameEmpty);
      inputRef.current?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const updated = await renameDesign(design.id, trimmed);
      queryClient.setQueryData(queryKeys.design(design.id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.gallery, refetchType: 'none' });
      setEditing(false);
    } catch {
      setError(generationMessages.renameFailed);
      // Someone (another tab) may have named it meanwhile: show what the server has.
      void queryClient.invalidateQueries({ queryKey: queryKeys.design(design.id), exact: true });
    } finally {
      setSaving(false);
    }
  };

  if (editing) {
    return (
      <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-3">
        <h1 id="design-title" className="sr-only">
          {name}
        </h1>
        <label htmlFor={`${errorId}-input`} className="eyebrow">
          Design name
        </label>
        <div className="flex flex-wrap items-start gap-3">
          <input
            ref={inputRef}
            id={`${errorId}-input`}
            value={draft}
            maxLength={limits.designNameMax}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="field-input min-w-0 flex-1 text-xl sm:max-w-md"
            autoComplete="off"
          />
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
          <button type="button" className="btn btn-quiet" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="font-semibold text-danger">
            {error}
          </p>
        )}
      </form>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <h1 id="design-title" className="stencil-heading break-words text-4xl text-bone sm:text-5xl">
        {name}
      </h1>
      {canRename && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          {...ready()}
          onClick={() => {
            setDraft('');
            setError(null);
            setEditing(true);
          }}
        >
          Edit Name
        </button>
      )}
    </div>
  );
}
