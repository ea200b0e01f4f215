import { ComingSoon } from '@/components/ui/coming-soon';

export default function DesignDetailPage() {
  return (
    <ComingSoon
      eyebrow="Design details"
      title="Design Details"
      description="The full story of a pattern: the environment photo it came from, both variants, the designer's notes, votes and comments. Coming soon."
      checklist={[
        'Both generated variants',
        'The environment it was made for',
        'Votes and comments',
        "The designer's story",
      ]}
    />
  );
}
