import { messages } from '@camo/shared/messages';
import { limits } from '@camo/shared/limits';
import { profileFieldSuccess, validateProfileField, type ProfileField } from '@camo/shared/profile.schema';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { ApiRequestError } from '@/lib/api-client';

export type InlineEditFieldProps = {
  field: ProfileField;
  label: string;
  /** The value as shown when not editing (already formatted), '' when not set. */
  displayValue: string;
  /** What the input starts with when editing begins. */
  initialDraft: string;
  isEditing: boolean;
  onEdit: () => void;
  onClose: () => void;
  /** Sends `{ [field]: value }`; rejects with ApiRequestError on failure. */
  save: (field: ProfileField, value: string) => Promise<unknown>;
  inputMode?: 'text' | 'tel' | 'numeric';
  autoComplete?: string;
};

/**
 * One row of "Account information" (spec §4): Edit opens an input; Enter or Save validates in the
 * browser with the shared rule, then saves; Escape or Cancel closes without saving. The parent
 * keeps only one row open at a time.
 */
export function InlineEditField({
  field,
  label,
  displayValue,
  initialDraft,
  isEditing,
  onEdit,
  onClose,
  save,
  inputMode = 'text',
  autoComplete,
}: InlineEditFieldProps) {
  const [draft, setDraft] = useState(initialDraft);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(isEditing);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (isEditing) {
      setDraft(initialDraft);
      setError(null);
      // The last save's "updated successfully" would stand beside this edit's own message.
      toast.dismiss();
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (wasEditing.current) {
      editButtonRef.current?.focus();
    }
    wasEditing.current = isEditing;
    // Deliberately keyed on `isEditing` alone: the draft restarts when editing opens, and a
    // stored value arriving later must not overwrite what the person is typing.
  }, [isEditing]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    const result = validateProfileField(field, draft);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await save(field, result.value);
      toast.success(profileFieldSuccess[field]);
      onClose();
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError && failure.status === 400
          ? failure.message
          : messages.profileUpdateFailed,
      );
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div className="flex flex-col gap-2 border-b border-olive-700/60 py-4 last:border-b-0">
      {isEditing ? (
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2">
          <label
            htmlFor={inputId}
            className="font-condensed text-base font-bold uppercase tracking-wider text-coyote-300"
          >
            {label}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              ref={inputRef}
              id={inputId}
              name={field}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              inputMode={inputMode}
              autoComplete={autoComplete}
              maxLength={field === 'displayName' ? limits.displayNameMax : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              disabled={saving}
              className="field-input sm:flex-1"
            />
            <div className="flex gap-2">
              <button type="submit" className="btn btn-primary btn-sm flex-1 sm:flex-none" disabled={saving}>
                {saving ? 'Saving…' : 'Save'}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm flex-1 sm:flex-none"
                onClick={onClose}
                disabled={saving}
              >
                Cancel
              </button>
            </div>
          </div>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
        </form>
      ) : (
        <div className="flex items-center justify-between gap-4">
          <div className="min-w-0">
            <p className="font-condensed text-base font-bold uppercase tracking-wider text-coyote-300">
              {label}
            </p>
            <p className={`truncate pr-1 text-lg ${displayValue ? 'text-bone' : 'italic text-sage'}`}>
              {displayValue || 'Not provided'}
            </p>
          </div>
          <button
            ref={editButtonRef}
            type="button"
            className="btn btn-quiet btn-sm shrink-0"
            onClick={onEdit}
          >
            Edit<span className="sr-only"> {label}</span>
          </button>
        </div>
      )}
    </div>
  );
}
