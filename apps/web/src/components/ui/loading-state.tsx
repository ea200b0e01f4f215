import { messages } from '@camo/shared/messages';

export function LoadingState() {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] items-center justify-center font-condensed text-2xl uppercase tracking-widest text-sage"
    >
      {messages.loading}
    </div>
  );
}
