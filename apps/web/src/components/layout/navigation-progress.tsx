import { useNavigation } from 'react-router';

/** A thin blaze bar while a lazily loaded page is on its way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden" aria-hidden="true">
      <div className="h-full w-1/3 animate-[nav-progress_1s_ease-in-out_infinite] bg-blaze" />
    </div>
  );
}
