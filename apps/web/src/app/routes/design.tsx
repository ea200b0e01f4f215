import { ComingSoon } from '@/components/ui/coming-soon';

export default function DesignStudioPage() {
  return (
    <ComingSoon
      eyebrow="Design Studio"
      title="Design Studio"
      description="Your base camp for making patterns: this month's submission, a step-by-step guide and shortcuts to the gallery, your profile and the terms. We're still building it."
      checklist={[
        "This month's submission at a glance",
        'A six-step guide from photo to pattern',
        'Shortcuts to the gallery and your designs',
        'Start a new design in one click',
      ]}
    />
  );
}
