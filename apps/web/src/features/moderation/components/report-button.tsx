import {
  moderationMessages,
  REPORT_DETAILS_MAX,
  reportReasons,
  type ReportReason,
  type ReportTarget,
} from '@camo/shared/moderation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ApiRequestError } from '@/lib/api-client';
import { useControlReady } from '@/lib/hydration';
import { useReport } from '../api/moderation';

type ReportButtonProps = {
  targetType: ReportTarget;
  targetId: string;
  /** What the button's accessible name says is reported, e.g. "comment by Sam". */
  subject: string;
  small?: boolean;
};

/**
 * Report a design or a comment: a modal dialog (the browser's own <dialog>: focus is kept inside
 * and Escape closes it) with a reason and optional details; "Something else" needs details.
 */
export function ReportButton({ targetType, targetId, subject, small = false }: ReportButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const id = useId();
  const ready = useControlReady();

  function open() {
    setError(null);
    dialog.current?.showModal();
  }

  function close() {
    dialog.current?.close();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setError('Please choose a reason.');
    if (reason === 'other' && !details.trim()) return setError(moderationMessages.reportDetailsRequired);
    setError(null);
    report.mutate(
      { targetType, targetId, reason, details },
      {
        onSuccess: () => {
          setSent(true);
          close();
          toast.success(moderationMessages.reportSent);
        },
        onError: (failure) => {
          // Already reported: the report stands, so the person is told and the dialog closes.
          if (failure instanceof ApiRequestError && failure.status === 409) {
            setSent(true);
            close();
            toast.info(failure.message);
            return;
          }
          setError(
            failure instanceof ApiRequestError && failure.status < 500
              ? failure.message
              : moderationMessages.reportFailed,
          );
        },
      },
    );
  }

  return (
    <>
      <button
        type="button"
        className={`btn btn-quiet ${small ? 'btn-sm' : ''}`}
        onClick={open}
        {...ready(sent)}
        aria-label={sent ? `Reported ${subject}` : `Report ${subject}`}
      >
        {sent ? 'Reported' : 'Report'}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-md border border-olive-700 bg-bark p-0 text-bone backdrop:bg-night/80"
      >
        <form onSubmit={submit} className="flex flex-col gap-4 p-5" noValidate>
          <h2 id={`${id}-title`} className="stencil-heading text-2xl">
            Report {subject}
          </h2>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sage">What is wrong with it?</legend>
            {reportReasons.map((option) => (
              <label key={option.id} className="flex cursor-pointer items-center gap-3 text-bone">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={option.id}
                  checked={reason === option.id}
                  onChange={() => setReason(option.id)}
                  className="size-5 accent-blaze"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-details`} className="text-sage">
              Details {reason === 'other' ? '(required)' : '(optional)'}
            </label>
            <textarea
              id={`${id}-details`}
              className="field-input min-h-20"
              maxLength={REPORT_DETAILS_MAX}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
            <span className="text-sm text-sage">
              {details.length}/{REPORT_DETAILS_MAX}
            </span>
          </div>
          {error && (
            <p role="alert" className="text-danger">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn btn-quiet" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={report.isPending}>
              Send report
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
