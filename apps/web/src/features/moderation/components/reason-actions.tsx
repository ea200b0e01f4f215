import { moderationMessages } from '@camo/shared/moderation.schema';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useModerate, type ModerationCommand } from '@/features/moderation/api/moderation';
import { ApiRequestError } from '@/lib/api-client';

/** Runs a command and tells the moderator how it went. */
function useCommand() {
  const moderate = useModerate();
  const run = (command: ModerationCommand, done: string, onDone?: () => void) =>
    moderate.mutate(command, {
      onSuccess: () => {
        toast.success(done);
        onDone?.();
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiRequestError && error.status < 500
            ? error.message
            : moderationMessages.actionFailed,
        ),
    });
  return { run, pending: moderate.isPending };
}

type ActionButton = { label: string; command: (reason: string) => ModerationCommand; done: string };

/** A reason field and the actions it goes with; an action without a reason is refused here. */
export function ReasonActions({ actions, label }: { actions: ActionButton[]; label: string }) {
  const { run, pending } = useCommand();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function act(action: ActionButton) {
    const trimmed = reason.trim();
    if (!trimmed) return setError(moderationMessages.reasonRequired);
    setError(null);
    run(action.command(trimmed), action.done, () => setReason(''));
  }

  return (
    // Not a form: its actions are separate buttons, and Enter in the reason must not pick one of
    // them (a form needs a submit button, WCAG H32, and Enter would press it).
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-reason`} className="text-sm text-sage">
        Reason for {label}
      </label>
      <input
        id={`${id}-reason`}
        className="field-input"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className="btn btn-quiet btn-sm"
            disabled={pending}
            onClick={() => act(action)}
          >
            {action.label}
          </button>
        ))}
      </div>
    </div>
  );
}
