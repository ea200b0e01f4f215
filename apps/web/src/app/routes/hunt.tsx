import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { fetchRoundImage, startRound } from '@/features/hunt/api/hunt';
import { ApiRequestError } from '@/lib/api-client';
import type { Reveal, Ending, Play } from '@/features/hunt/lib/hunt-play';
import { Round } from '@/features/hunt/components/hunt-round';
import { Intro } from '@/features/hunt/components/hunt-intro';
import { pictureRoom } from '@/features/hunt/lib/picture-room';
import { queryKeys } from '@/lib/query-keys';
import { PlayingGround } from '@/features/breeding/components/playing-ground';

const GENERIC_ERROR = 'The round could not be loaded. Please try again.';

/**
 * /hunt: hide and seek. One photo, one hidden target, a tap to find it within 15 seconds. With
 * `?ground=<id>` (a breeding ground's Play button), the rounds are that ground's.
 */
export default function HuntPage() {
  useDocumentTitle('Hide and Seek');
  const groundId = useSearchParams()[0].get('ground') || undefined;
  const [play, setPlay] = useState<Play>({ phase: 'idle' });
  const queryClient = useQueryClient();
  const objectUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const begin = useCallback(async () => {
    setPlay({ phase: 'loading' });
    try {
      const round = await startRound(pictureRoom(), groundId);
      if ('message' in round) {
        setPlay({ phase: 'error', message: round.message, final: true });
        return;
      }
      const blob = await fetchRoundImage(round.imageUrl);
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
      objectUrl.current = URL.createObjectURL(blob);
      // The clock starts when the picture is on screen (see onLoad below).
      setPlay({ phase: 'playing', round, imageUrl: objectUrl.current, shownAt: 0, misses: 0 });
    } catch (error) {
      // A refusal says why in the server's words (too many rounds, say); anything else, the generic line.
      const said = error instanceof ApiRequestError && error.status < 500;
      setPlay({ phase: 'error', message: said ? error.message : GENERIC_ERROR });
    }
  }, [groundId]);

  const end = useCallback(
    (ending: Ending, reveal: Reveal, misses: number) => {
      setPlay((current) =>
        current.phase === 'playing'
          ? { phase: 'ended', round: current.round, imageUrl: current.imageUrl, ending, reveal, misses }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.hunt });
      // A bred design's judging and the viewer's rounds left on its ground's page.
      void queryClient.invalidateQueries({ queryKey: queryKeys.breeding });
    },
    [queryClient],
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-2 py-3 sm:px-6 sm:py-4">
      {groundId && <PlayingGround groundId={groundId} />}
      {play.phase === 'playing' || play.phase === 'ended' ? (
        <Round play={play} setPlay={setPlay} onEnd={end} onNext={() => void begin()} />
      ) : (
        <Intro play={play} onStart={() => void begin()} />
      )}
    </div>
  );
}
