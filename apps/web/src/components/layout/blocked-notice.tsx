import { moderationMessages } from '@camo/shared/moderation';
import { useMe } from '@/lib/me';

/** Tells a blocked person why their posts, votes and generations are refused (moderation). */
export function BlockedNotice() {
  const { data: me } = useMe();
  if (!me?.blocked) return null;
  return (
    <div role="status" className="bg-danger px-4 py-2 text-center font-semibold text-night">
      {moderationMessages.blocked}
    </div>
  );
}
